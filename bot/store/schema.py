"""Versioned schema of the bot's SQLite database.

``MIGRATIONS[i]`` takes the database from ``PRAGMA user_version = i`` to ``i + 1``.
Migrations are append-only: never edit one that has shipped, add a new one (leagues
will add their tables as migration 2, 3...).  They run in one transaction at start-up
(:meth:`bot.store.SqliteStore.open`).

Tables (migration 1)
--------------------
``games``     one row per game: lobby settings, setup (ruleset, seed, config JSON),
              status, ``version`` (= number of rows in ``actions``), the seat to act,
              and a snapshot cache (``snapshot_json`` at ``snapshot_version``).
``seats``     who joined a game; ``seat`` (engine seat, turn order) is drawn at start;
              status ``active``/``resigned``/``removed``; timeout count; final result.
``actions``   the append-only log: ``(game_id, seq)`` is the key, ``seq`` starts at 1;
              the engine state after ``seq`` actions has ``version == seq``.
              ``request_id`` (the interaction id) is unique per game.
``users``     language override, notification preference, quiet hours, vacation.
``vacations`` taken vacations (for the yearly vacation-day bank).
``timers``    one turn clock per active game: due time, reminder time, or paused.
``outbox``    notifications for the bot to deliver, marked when delivered.

Migration 2 adds ``users.name``; migration 3 rewrites Spectacle's old action codes; migration 4 adds
``games.lang`` (the language of the game's public posts) and ``undone_actions`` (moves taken back);
migration 5 indexes handled outbox rows (pruned after a retention period).
Migration 6 adds the league tables (described in :mod:`bot.store.leagues`).
Migration 7 (computer players) adds ``vacation_computers`` (users whose turns a computer plays
while they are on vacation; read as ``UserRow.vacation_computer``) and ``hints`` (every
``/splendor hint`` given, by game and version).  Computer seats need no column: their user ids
are negative (``bot.service.bots``).  It only creates tables (``IF NOT EXISTS``), so it is safe
to run again on a database whose version number was rolled back.
"""

from __future__ import annotations

from bot.store.leagues import MIGRATION as LEAGUES_MIGRATION

MIGRATIONS: tuple[str, ...] = (
    # 1: games, seats, action log, users, vacations, timers, outbox
    """
    CREATE TABLE games (
        game_id          INTEGER PRIMARY KEY AUTOINCREMENT,
        guild_id         INTEGER,
        channel_id       INTEGER NOT NULL,
        creator_id       INTEGER NOT NULL,
        ruleset          TEXT    NOT NULL,
        max_players      INTEGER NOT NULL,
        options_json     TEXT    NOT NULL DEFAULT '{}',
        turn_timer_s     INTEGER,
        timeout_policy   TEXT    NOT NULL DEFAULT 'skip',
        max_expiries     INTEGER NOT NULL DEFAULT 0,
        ranked           INTEGER NOT NULL DEFAULT 0,
        seed             INTEGER NOT NULL,
        status           TEXT    NOT NULL DEFAULT 'lobby'
                         CHECK (status IN ('lobby', 'active', 'over', 'aborted')),
        config_json      TEXT,
        version          INTEGER NOT NULL DEFAULT 0,
        to_act           INTEGER,
        snapshot_json    TEXT,
        snapshot_version INTEGER,
        end_reason       TEXT,
        create_request   TEXT UNIQUE,
        created_at       TEXT    NOT NULL,
        started_at       TEXT,
        ended_at         TEXT
    );
    CREATE UNIQUE INDEX games_live_channel ON games(channel_id) WHERE status IN ('lobby', 'active');
    CREATE INDEX games_channel ON games(channel_id, game_id);

    CREATE TABLE seats (
        game_id     INTEGER NOT NULL REFERENCES games(game_id),
        user_id     INTEGER NOT NULL,
        joined_at   TEXT    NOT NULL,
        join_order  INTEGER NOT NULL,
        seat        INTEGER,
        status      TEXT    NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'resigned', 'removed')),
        expiries    INTEGER NOT NULL DEFAULT 0,
        final_score INTEGER,
        place       INTEGER,
        result      TEXT CHECK (result IN ('win', 'loss', 'draw')),
        PRIMARY KEY (game_id, user_id)
    );
    CREATE INDEX seats_user ON seats(user_id);

    CREATE TABLE actions (
        game_id    INTEGER NOT NULL REFERENCES games(game_id),
        seq        INTEGER NOT NULL,
        seat       INTEGER NOT NULL,
        code       TEXT    NOT NULL,
        user_id    INTEGER,
        source     TEXT    NOT NULL DEFAULT 'player' CHECK (source IN ('player', 'timeout', 'auto', 'ai')),
        at         TEXT    NOT NULL,
        request_id TEXT,
        PRIMARY KEY (game_id, seq)
    ) WITHOUT ROWID;
    CREATE UNIQUE INDEX actions_request ON actions(game_id, request_id) WHERE request_id IS NOT NULL;

    CREATE TABLE users (
        user_id          INTEGER PRIMARY KEY,
        lang             TEXT,
        notify           TEXT NOT NULL DEFAULT 'mention' CHECK (notify IN ('mention', 'dm', 'none')),
        quiet_start      INTEGER,
        quiet_end        INTEGER,
        tz               TEXT,
        vacation_until   TEXT,
        last_notified_at TEXT
    );

    CREATE TABLE vacations (
        user_id   INTEGER NOT NULL,
        starts_at TEXT    NOT NULL,
        ends_at   TEXT    NOT NULL
    );
    CREATE INDEX vacations_user ON vacations(user_id, starts_at);

    CREATE TABLE timers (
        game_id       INTEGER PRIMARY KEY REFERENCES games(game_id),
        version       INTEGER NOT NULL,
        seat          INTEGER NOT NULL,
        user_id       INTEGER NOT NULL,
        started_at    TEXT    NOT NULL,
        due_at        TEXT,
        remind_at     TEXT,
        paused_left_s REAL
    );
    CREATE INDEX timers_due ON timers(due_at) WHERE due_at IS NOT NULL;
    CREATE INDEX timers_remind ON timers(remind_at) WHERE remind_at IS NOT NULL;
    CREATE INDEX timers_user ON timers(user_id);

    CREATE TABLE outbox (
        id            INTEGER PRIMARY KEY AUTOINCREMENT,
        user_id       INTEGER NOT NULL,
        game_id       INTEGER,
        channel_id    INTEGER,
        game_version  INTEGER,
        kind          TEXT    NOT NULL,
        params_json   TEXT    NOT NULL DEFAULT '{}',
        created_at    TEXT    NOT NULL,
        deliver_after TEXT    NOT NULL,
        delivered_at  TEXT,
        dropped       INTEGER NOT NULL DEFAULT 0
    );
    CREATE INDEX outbox_pending ON outbox(deliver_after) WHERE delivered_at IS NULL;
    """,
    # 2: display names, so table images name players after a restart before they interact again
    """
    ALTER TABLE users ADD COLUMN name TEXT;
    """,
    # 3: Spectacle's action codes take the verbs Splendor uses (res/ret/disc -> reserve/return/discard).
    # The old words still parse, so this only keeps each log in one spelling; the snapshots of Spectacle
    # games (a cache holding the old codes) are dropped and rebuilt from the log on the next load.
    """
    UPDATE actions SET code = 'reserve' || substr(code, 4)
        WHERE code LIKE 'res %' AND game_id IN (SELECT game_id FROM games WHERE ruleset = 'spectacle');
    UPDATE actions SET code = 'return' || substr(code, 4)
        WHERE code LIKE 'ret %' AND game_id IN (SELECT game_id FROM games WHERE ruleset = 'spectacle');
    UPDATE actions SET code = 'discard' || substr(code, 5)
        WHERE code LIKE 'disc %' AND game_id IN (SELECT game_id FROM games WHERE ruleset = 'spectacle');
    UPDATE games SET snapshot_json = NULL, snapshot_version = NULL WHERE ruleset = 'spectacle';
    """,
    # 4: the language of a game's public posts (chosen at creation), and the moves taken back (ruling B-16):
    # an undo moves the log's last row here, so ``actions`` stays the game's exact history and nothing is lost.
    """
    ALTER TABLE games ADD COLUMN lang TEXT;
    CREATE TABLE undone_actions (
        game_id    INTEGER NOT NULL REFERENCES games(game_id),
        seq        INTEGER NOT NULL,
        seat       INTEGER NOT NULL,
        code       TEXT    NOT NULL,
        user_id    INTEGER,
        source     TEXT    NOT NULL,
        at         TEXT    NOT NULL,
        request_id TEXT,
        undone_at  TEXT    NOT NULL
    );
    CREATE INDEX undone_actions_game ON undone_actions(game_id, seq);
    """,
    # 5: delivered and dropped notifications are deleted after a retention period (found by this index)
    """
    CREATE INDEX IF NOT EXISTS outbox_done ON outbox(delivered_at) WHERE delivered_at IS NOT NULL;
    """,
    # 6: community leagues (tables described in bot/store/leagues.py)
    LEAGUES_MIGRATION,
    # 7: computer players: a vacation played by a computer (opt-in), and the log of hints given
    """
    CREATE TABLE IF NOT EXISTS vacation_computers (
        user_id INTEGER PRIMARY KEY
    );
    CREATE TABLE IF NOT EXISTS hints (
        game_id INTEGER NOT NULL REFERENCES games(game_id),
        version INTEGER NOT NULL,
        seat    INTEGER NOT NULL,
        user_id INTEGER NOT NULL,
        code    TEXT    NOT NULL,
        at      TEXT    NOT NULL
    );
    CREATE INDEX IF NOT EXISTS hints_game ON hints(game_id, version);
    """,
    # 8: the nonce a delivery is sent with, written before sending: after a crash the same rows are sent
    # again with the same nonce, and Discord (enforce_nonce) returns the first message instead of a second
    """
    ALTER TABLE outbox ADD COLUMN send_nonce TEXT;
    """,
    # 9: failed sends are counted (a row waits longer after each and is given up after a number), and a game
    # remembers why the bot cannot post in its thread (blocked: locked or no permission; lost: deleted) and since
    # when (a lost game is aborted after a while); NULL: it can post
    """
    ALTER TABLE outbox ADD COLUMN attempts INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE games ADD COLUMN thread_state TEXT CHECK (thread_state IN ('blocked', 'lost'));
    ALTER TABLE games ADD COLUMN thread_since TEXT;
    """,
)

SCHEMA_VERSION = len(MIGRATIONS)
