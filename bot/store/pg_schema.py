"""Versioned schema of the bot's PostgreSQL database (the same tables as :mod:`bot.store.schema`).

``PG_MIGRATIONS[i]`` takes the database from version ``i`` to ``i + 1``; the applied versions are
rows of ``schema_migrations`` (PostgreSQL has no ``user_version``).  Migrations are append-only,
each runs in one transaction under an advisory lock, so two processes starting together apply it
once.  Migration 1 is the SQLite schema at its version 4 (games, seats, the action log, the moves
taken back, users, vacations, timers, outbox) in PostgreSQL types: ``BIGINT`` ids (Discord
snowflakes, 62-bit seeds), ``TIMESTAMPTZ`` times, ``BOOLEAN`` flags; JSON columns stay ``TEXT`` so a
value reads back exactly as written.  Only PostgreSQL has ``outbox.claimed_by``/``claimed_until`` (a
process's lease on the rows it is delivering) and ``cluster_settings`` (the shard count the processes
agree on).  A migration added to SQLite's list gets its PostgreSQL twin
here (``tests/bot/service/test_pg_store.py`` checks both lists create the same tables and columns).
"""

from __future__ import annotations

from bot.store.pg_dialect import PG_LEAGUES_MIGRATION

PG_MIGRATIONS: tuple[str, ...] = (
    # 1: games, seats, action log, undone moves, users, vacations, timers, outbox
    """
    CREATE TABLE games (
        game_id          BIGSERIAL PRIMARY KEY,
        guild_id         BIGINT,
        channel_id       BIGINT  NOT NULL,
        creator_id       BIGINT  NOT NULL,
        ruleset          TEXT    NOT NULL,
        max_players      INTEGER NOT NULL,
        options_json     TEXT    NOT NULL DEFAULT '{}',
        turn_timer_s     INTEGER,
        timeout_policy   TEXT    NOT NULL DEFAULT 'skip',
        max_expiries     INTEGER NOT NULL DEFAULT 0,
        ranked           BOOLEAN NOT NULL DEFAULT FALSE,
        seed             BIGINT  NOT NULL,
        status           TEXT    NOT NULL DEFAULT 'lobby'
                         CHECK (status IN ('lobby', 'active', 'over', 'aborted')),
        config_json      TEXT,
        version          INTEGER NOT NULL DEFAULT 0,
        to_act           INTEGER,
        snapshot_json    TEXT,
        snapshot_version INTEGER,
        end_reason       TEXT,
        create_request   TEXT UNIQUE,
        created_at       TIMESTAMPTZ NOT NULL,
        started_at       TIMESTAMPTZ,
        ended_at         TIMESTAMPTZ,
        lang             TEXT
    );
    CREATE UNIQUE INDEX games_live_channel ON games(channel_id) WHERE status IN ('lobby', 'active');
    CREATE INDEX games_channel ON games(channel_id, game_id);
    CREATE INDEX games_guild ON games(guild_id);

    CREATE TABLE seats (
        game_id     BIGINT  NOT NULL REFERENCES games(game_id),
        user_id     BIGINT  NOT NULL,
        joined_at   TIMESTAMPTZ NOT NULL,
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
        game_id    BIGINT  NOT NULL REFERENCES games(game_id),
        seq        INTEGER NOT NULL,
        seat       INTEGER NOT NULL,
        code       TEXT    NOT NULL,
        user_id    BIGINT,
        source     TEXT    NOT NULL DEFAULT 'player' CHECK (source IN ('player', 'timeout', 'auto', 'ai')),
        at         TIMESTAMPTZ NOT NULL,
        request_id TEXT,
        PRIMARY KEY (game_id, seq)
    );
    CREATE UNIQUE INDEX actions_request ON actions(game_id, request_id) WHERE request_id IS NOT NULL;

    CREATE TABLE undone_actions (
        id         BIGSERIAL PRIMARY KEY,
        game_id    BIGINT  NOT NULL REFERENCES games(game_id),
        seq        INTEGER NOT NULL,
        seat       INTEGER NOT NULL,
        code       TEXT    NOT NULL,
        user_id    BIGINT,
        source     TEXT    NOT NULL,
        at         TIMESTAMPTZ NOT NULL,
        request_id TEXT,
        undone_at  TIMESTAMPTZ NOT NULL
    );
    CREATE INDEX undone_actions_game ON undone_actions(game_id, seq);

    CREATE TABLE users (
        user_id          BIGINT PRIMARY KEY,
        lang             TEXT,
        notify           TEXT NOT NULL DEFAULT 'mention' CHECK (notify IN ('mention', 'dm', 'none')),
        quiet_start      INTEGER,
        quiet_end        INTEGER,
        tz               TEXT,
        vacation_until   TIMESTAMPTZ,
        last_notified_at TIMESTAMPTZ,
        name             TEXT
    );

    CREATE TABLE vacations (
        user_id   BIGINT      NOT NULL,
        starts_at TIMESTAMPTZ NOT NULL,
        ends_at   TIMESTAMPTZ NOT NULL
    );
    CREATE INDEX vacations_user ON vacations(user_id, starts_at);

    CREATE TABLE timers (
        game_id       BIGINT PRIMARY KEY REFERENCES games(game_id),
        version       INTEGER NOT NULL,
        seat          INTEGER NOT NULL,
        user_id       BIGINT  NOT NULL,
        started_at    TIMESTAMPTZ NOT NULL,
        due_at        TIMESTAMPTZ,
        remind_at     TIMESTAMPTZ,
        paused_left_s DOUBLE PRECISION
    );
    CREATE INDEX timers_due ON timers(due_at) WHERE due_at IS NOT NULL;
    CREATE INDEX timers_remind ON timers(remind_at) WHERE remind_at IS NOT NULL;
    CREATE INDEX timers_user ON timers(user_id);

    CREATE TABLE outbox (
        id            BIGSERIAL PRIMARY KEY,
        user_id       BIGINT NOT NULL,
        game_id       BIGINT,
        channel_id    BIGINT,
        game_version  INTEGER,
        kind          TEXT   NOT NULL,
        params_json   TEXT   NOT NULL DEFAULT '{}',
        created_at    TIMESTAMPTZ NOT NULL,
        deliver_after TIMESTAMPTZ NOT NULL,
        delivered_at  TIMESTAMPTZ,
        dropped       BOOLEAN NOT NULL DEFAULT FALSE,
        claimed_by    TEXT,
        claimed_until TIMESTAMPTZ
    );
    CREATE INDEX outbox_pending ON outbox(deliver_after) WHERE delivered_at IS NULL;
    CREATE INDEX outbox_done ON outbox(delivered_at) WHERE delivered_at IS NOT NULL;

    CREATE TABLE cluster_settings (
        key   TEXT PRIMARY KEY,
        value TEXT NOT NULL
    );
    """,
    # 2: community leagues (SQLite's migration 6, bot/store/leagues.py, in PostgreSQL's types)
    PG_LEAGUES_MIGRATION,
    # 3: computer players (SQLite's migration 7): a vacation played by a computer, the log of hints given
    """
    CREATE TABLE vacation_computers (
        user_id BIGINT PRIMARY KEY
    );
    CREATE TABLE hints (
        id      BIGSERIAL PRIMARY KEY,
        game_id BIGINT  NOT NULL REFERENCES games(game_id),
        version INTEGER NOT NULL,
        seat    INTEGER NOT NULL,
        user_id BIGINT  NOT NULL,
        code    TEXT    NOT NULL,
        at      TIMESTAMPTZ NOT NULL
    );
    CREATE INDEX hints_game ON hints(game_id, version);
    """,
)

PG_SCHEMA_VERSION = len(PG_MIGRATIONS)
