"""The store's schema: one ordered migration history, applied to SQLite and to PostgreSQL.

``MIGRATIONS[i]`` takes a database from version ``i`` to ``i + 1``: on SQLite the version is
``PRAGMA user_version``, on PostgreSQL the rows of ``store_migrations`` (each step in one transaction
under an advisory lock, so processes starting together apply it once).  A step is written once, in
SQLite's spelling with the column types as words in braces (:mod:`bot.store.dialect` renders both);
what only one database runs is the step's ``postgres`` part (PostgreSQL's lease columns, shard-count
table and server functions).  Steps are append-only: never edit one that has shipped, add a new one.  A step
carries the exact text it ran (a server function's versions are named per step, ``COMMIT_FUNCTION_V8`` and
``_V13`` in :mod:`bot.store.pg_functions`), and ``tests/bot/service/test_schema_steps.py`` pins each shipped
step's text by its SHA-256: editing one fails the suite.

Tables (step 1)
---------------
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
``outbox``    notifications for the bot to deliver, marked when delivered (PostgreSQL: with the
              lease of the process delivering them, ``claimed_by``/``claimed_until``).
``cluster_settings`` (PostgreSQL) the shard count the processes agree on.

Each later step's comment in ``MIGRATIONS`` says what it adds (step 6's league tables are described in
:mod:`bot.store.leagues`).

Before this history was one, PostgreSQL had its own (``schema_migrations``, versions 1-5):
``PG_LEGACY`` says where each of its versions stands in this one.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.store.dialect import pg_ddl, render
from bot.store.leagues import MIGRATION as LEAGUES_MIGRATION
from bot.store.pg_functions import COMMIT_FUNCTION_V8, COMMIT_FUNCTION_V8_DROP, COMMIT_FUNCTION_V13, USER_NOTICES_V8


@dataclass(frozen=True, slots=True)
class Step:
    """One migration: ``sql`` for both databases (type words in braces), and what only one of them runs."""

    sql: str = ""
    postgres_only: str = ""
    sqlite_only: str = ""

    @property
    def sqlite(self) -> str:
        return render(self.sql, "sqlite") + self.sqlite_only

    @property
    def postgres(self) -> str:
        return render(self.sql, "postgres") + self.postgres_only


MIGRATIONS: tuple[Step, ...] = (
    # 1: games, seats, action log, users, vacations, timers, outbox
    Step("""
    CREATE TABLE games (
        game_id          {KEY},
        guild_id         {ID},
        channel_id       {ID}    NOT NULL,
        creator_id       {ID}    NOT NULL,
        ruleset          TEXT    NOT NULL,
        max_players      INTEGER NOT NULL,
        options_json     TEXT    NOT NULL DEFAULT '{}',
        turn_timer_s     INTEGER,
        timeout_policy   TEXT    NOT NULL DEFAULT 'skip',
        max_expiries     INTEGER NOT NULL DEFAULT 0,
        ranked           {BOOL}  NOT NULL DEFAULT {FALSE},
        seed             {ID}    NOT NULL,
        status           TEXT    NOT NULL DEFAULT 'lobby'
                         CHECK (status IN ('lobby', 'active', 'over', 'aborted')),
        config_json      TEXT,
        version          INTEGER NOT NULL DEFAULT 0,
        to_act           INTEGER,
        snapshot_json    TEXT,
        snapshot_version INTEGER,
        end_reason       TEXT,
        create_request   TEXT UNIQUE,
        created_at       {TIME}  NOT NULL,
        started_at       {TIME},
        ended_at         {TIME}
    );
    CREATE UNIQUE INDEX games_live_channel ON games(channel_id) WHERE status IN ('lobby', 'active');
    CREATE INDEX games_channel ON games(channel_id, game_id);

    CREATE TABLE seats (
        game_id     {ID}    NOT NULL REFERENCES games(game_id),
        user_id     {ID}    NOT NULL,
        joined_at   {TIME}  NOT NULL,
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
        game_id    {ID}    NOT NULL REFERENCES games(game_id),
        seq        INTEGER NOT NULL,
        seat       INTEGER NOT NULL,
        code       TEXT    NOT NULL,
        user_id    {ID},
        source     TEXT    NOT NULL DEFAULT 'player' CHECK (source IN ('player', 'timeout', 'auto', 'ai')),
        at         {TIME}  NOT NULL,
        request_id TEXT,
        PRIMARY KEY (game_id, seq)
    ) {NO_ROWID};
    CREATE UNIQUE INDEX actions_request ON actions(game_id, request_id) WHERE request_id IS NOT NULL;

    CREATE TABLE users (
        user_id          {ID} PRIMARY KEY,
        lang             TEXT,
        notify           TEXT NOT NULL DEFAULT 'mention' CHECK (notify IN ('mention', 'dm', 'none')),
        quiet_start      INTEGER,
        quiet_end        INTEGER,
        tz               TEXT,
        vacation_until   {TIME},
        last_notified_at {TIME}
    );

    CREATE TABLE vacations (
        user_id   {ID}   NOT NULL,
        starts_at {TIME} NOT NULL,
        ends_at   {TIME} NOT NULL
    );
    CREATE INDEX vacations_user ON vacations(user_id, starts_at);

    CREATE TABLE timers (
        game_id       {ID} PRIMARY KEY REFERENCES games(game_id),
        version       INTEGER NOT NULL,
        seat          INTEGER NOT NULL,
        user_id       {ID}    NOT NULL,
        started_at    {TIME}  NOT NULL,
        due_at        {TIME},
        remind_at     {TIME},
        paused_left_s {REAL}
    );
    CREATE INDEX timers_due ON timers(due_at) WHERE due_at IS NOT NULL;
    CREATE INDEX timers_remind ON timers(remind_at) WHERE remind_at IS NOT NULL;
    CREATE INDEX timers_user ON timers(user_id);

    CREATE TABLE outbox (
        id            {KEY},
        user_id       {ID}    NOT NULL,
        game_id       {ID},
        channel_id    {ID},
        game_version  INTEGER,
        kind          TEXT    NOT NULL,
        params_json   TEXT    NOT NULL DEFAULT '{}',
        created_at    {TIME}  NOT NULL,
        deliver_after {TIME}  NOT NULL,
        delivered_at  {TIME},
        dropped       {BOOL}  NOT NULL DEFAULT {FALSE}
    );
    CREATE INDEX outbox_pending ON outbox(deliver_after) WHERE delivered_at IS NULL;
    """, postgres_only="""
    CREATE INDEX games_guild ON games(guild_id);
    ALTER TABLE outbox ADD COLUMN claimed_by TEXT, ADD COLUMN claimed_until TIMESTAMPTZ;
    CREATE TABLE cluster_settings (
        key   TEXT PRIMARY KEY,
        value TEXT NOT NULL
    );
    """),
    # 2: display names, so table images name players after a restart before they interact again
    Step("""
    ALTER TABLE users ADD COLUMN name TEXT;
    """),
    # 3: Spectacle's action codes take the verbs Splendor uses (res/ret/disc -> reserve/return/discard).
    # The old words still parse, so this only keeps each log in one spelling; the snapshots of Spectacle
    # games (a cache holding the old codes) are dropped and rebuilt from the log on the next load.
    Step("""
    UPDATE actions SET code = 'reserve' || substr(code, 4)
        WHERE code LIKE 'res %' AND game_id IN (SELECT game_id FROM games WHERE ruleset = 'spectacle');
    UPDATE actions SET code = 'return' || substr(code, 4)
        WHERE code LIKE 'ret %' AND game_id IN (SELECT game_id FROM games WHERE ruleset = 'spectacle');
    UPDATE actions SET code = 'discard' || substr(code, 5)
        WHERE code LIKE 'disc %' AND game_id IN (SELECT game_id FROM games WHERE ruleset = 'spectacle');
    UPDATE games SET snapshot_json = NULL, snapshot_version = NULL WHERE ruleset = 'spectacle';
    """),
    # 4: the language of a game's public posts (chosen at creation), and the moves taken back (ruling B-16):
    # an undo moves the log's last row here, so ``actions`` stays the game's exact history and nothing is lost.
    Step("""
    ALTER TABLE games ADD COLUMN lang TEXT;
    CREATE TABLE undone_actions (
        {ROW_ID}
        game_id    {ID}    NOT NULL REFERENCES games(game_id),
        seq        INTEGER NOT NULL,
        seat       INTEGER NOT NULL,
        code       TEXT    NOT NULL,
        user_id    {ID},
        source     TEXT    NOT NULL,
        at         {TIME}  NOT NULL,
        request_id TEXT,
        undone_at  {TIME}  NOT NULL
    );
    CREATE INDEX undone_actions_game ON undone_actions(game_id, seq);
    """),
    # 5: delivered and dropped notifications are deleted after a retention period (found by this index)
    Step("""
    CREATE INDEX IF NOT EXISTS outbox_done ON outbox(delivered_at) WHERE delivered_at IS NOT NULL;
    """),
    # 6: community leagues (tables described in bot/store/leagues.py, which reads their times as text)
    Step(sqlite_only=LEAGUES_MIGRATION, postgres_only=pg_ddl(LEAGUES_MIGRATION)),
    # 7: computer players: a vacation played by a computer (opt-in), and the log of hints given
    Step("""
    CREATE TABLE IF NOT EXISTS vacation_computers (
        user_id {ID} PRIMARY KEY
    );
    CREATE TABLE IF NOT EXISTS hints (
        {ROW_ID}
        game_id {ID}    NOT NULL REFERENCES games(game_id),
        version INTEGER NOT NULL,
        seat    INTEGER NOT NULL,
        user_id {ID}    NOT NULL,
        code    TEXT    NOT NULL,
        at      {TIME}  NOT NULL
    );
    CREATE INDEX IF NOT EXISTS hints_game ON hints(game_id, version);
    """),
    # 8: the nonce a delivery is sent with, written before sending: after a crash the same rows are sent
    # again with the same nonce, and Discord (enforce_nonce) returns the first message instead of a second.
    # PostgreSQL: the group commit as one statement, and notices to the other processes of user changes.
    Step("""
    ALTER TABLE outbox ADD COLUMN send_nonce TEXT;
    """, postgres_only=COMMIT_FUNCTION_V8 + USER_NOTICES_V8),
    # 9: failed sends are counted (a row waits longer after each and is given up after a number), and a game
    # remembers why the bot cannot post in its thread (blocked: locked or no permission; lost: deleted) and since
    # when (a lost game is aborted after a while); NULL: it can post
    Step("""
    ALTER TABLE outbox ADD COLUMN attempts INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE games ADD COLUMN thread_state TEXT CHECK (thread_state IN ('blocked', 'lost'));
    ALTER TABLE games ADD COLUMN thread_since {TIME};
    """),
    # 10: rematches (issue 33): the game a lobby is the rematch of (one rematch per game), and the seat order fixed
    # for it (the old order rotated, a JSON list of user ids): the players it is open to, seated in that order.
    Step("""
    ALTER TABLE games ADD COLUMN rematch_of {ID};
    ALTER TABLE games ADD COLUMN seat_order TEXT;
    CREATE UNIQUE INDEX games_rematch ON games(rematch_of) WHERE rematch_of IS NOT NULL;
    """),
    # 11: blocks (issue 33): ``user_id`` does not want to play with ``blocked_id`` (either way round: the ladder
    # queue never seats them together, and neither may join a lobby where the other sits)
    Step("""
    CREATE TABLE blocks (
        user_id    {ID}   NOT NULL,
        blocked_id {ID}   NOT NULL,
        created_at {TIME} NOT NULL,
        PRIMARY KEY (user_id, blocked_id)
    );
    CREATE INDEX blocks_blocked ON blocks(blocked_id);
    """),
    # 12: a server's defaults for /splendor new (issue 33; NULL: not set), and the one channel games open in
    Step("""
    CREATE TABLE guild_defaults (
        guild_id       {ID} PRIMARY KEY,
        ruleset        TEXT,
        turn_timer     TEXT,
        lang           TEXT,
        timeout_policy TEXT,
        channel_id     {ID}
    );
    """),
    # 13: time banks (issue 33): a game's clock per player (``bank_initial_s`` plus ``bank_increment_s`` after
    # each turn, capped at the initial bank; NULL: a per-turn timer or none), and each seat's bank at the start of
    # its next turn (NULL: the whole initial bank) and, for a take-back of its last move, the bank it had left when
    # it made that move.  PostgreSQL's group commit carries the two seat columns (a new signature: the old one goes).
    Step("""
    ALTER TABLE games ADD COLUMN bank_initial_s INTEGER;
    ALTER TABLE games ADD COLUMN bank_increment_s INTEGER;
    ALTER TABLE seats ADD COLUMN bank_left_s {REAL};
    ALTER TABLE seats ADD COLUMN bank_undo_s {REAL};
    """, postgres_only=COMMIT_FUNCTION_V8_DROP + COMMIT_FUNCTION_V13),
    # 14: plans (issue 33): moves a player queued for their next turn, private to them, in order (slot 0-2); the
    # card the move names (``target`` at ``place``) and a card that must be face up (``cond``), by card id
    Step("""
    CREATE TABLE plans (
        game_id    {ID}    NOT NULL REFERENCES games(game_id),
        user_id    {ID}    NOT NULL,
        slot       INTEGER NOT NULL CHECK (slot BETWEEN 0 AND 2),
        code       TEXT    NOT NULL,
        made_at    INTEGER NOT NULL,
        created_at {TIME}  NOT NULL,
        target     TEXT,
        place      TEXT,
        cond       TEXT,
        PRIMARY KEY (game_id, user_id, slot)
    );
    """),
    # 15: web pages (issue 31, bot/web): the unguessable link (random slug) of a league, of a member's page within a
    # league and of a game, with who may see it: a league's mode (off/unlisted/public, its organizer's choice; its
    # members' and games' pages follow it) or a game's outside leagues (off/unlisted, its creator's); ``user_id`` is
    # 0 except on member links.  Seats keep the display name the player had when they sat down (pages name players
    # as they were called at the time of play).
    Step("""
    CREATE TABLE web_links (
        slug       TEXT   PRIMARY KEY,
        kind       TEXT   NOT NULL CHECK (kind IN ('league', 'member', 'game')),
        target_id  {ID}   NOT NULL,
        user_id    {ID}   NOT NULL DEFAULT 0,
        mode       TEXT   NOT NULL DEFAULT 'off' CHECK (mode IN ('off', 'unlisted', 'public')),
        created_at {TIME} NOT NULL
    );
    CREATE UNIQUE INDEX web_links_target ON web_links(kind, target_id, user_id);
    ALTER TABLE seats ADD COLUMN name TEXT;
    """),
    # 16: game reviews (issue 32): one per finished game, computed by the computer players' workers at low priority
    # and kept (``review_json``: engine.ai.review's result; ``made_with``: the engine and model it was made with).
    # ``pending`` rows are the queue (a restart resumes them); ``graph`` says the win-chance graph is to be posted in
    # the game's thread (``due``) or was (``posted``; NULL: a review asked for later, nothing to post).
    Step("""
    CREATE TABLE reviews (
        game_id      {ID}    PRIMARY KEY REFERENCES games(game_id),
        status       TEXT    NOT NULL CHECK (status IN ('pending', 'done', 'failed')),
        attempts     INTEGER NOT NULL DEFAULT 0,
        requested_at {TIME}  NOT NULL,
        done_at      {TIME},
        made_with    TEXT,
        cpu_s        {REAL},
        review_json  TEXT,
        graph        TEXT    CHECK (graph IN ('due', 'posted'))
    );
    CREATE INDEX reviews_status ON reviews(status, game_id);
    """),
    # 17 (issue 40): a league's change counter, bumped by the database whenever its results, audit log, members or
    # ratings change (the web pages keep a league's standings while it holds, instead of fingerprinting those tables
    # with ten subqueries); the web links of every league member and league game made now (a page's GET never makes
    # one: from now on the bot makes them as members join and tables open their games); PostgreSQL: the league
    # tables' times become TIMESTAMPTZ like every other time (step 6 left them text; SQLite keeps all times as text).
    Step("""
    ALTER TABLE leagues ADD COLUMN changes INTEGER NOT NULL DEFAULT 0;
    """, sqlite_only="""
    CREATE TRIGGER league_results_added AFTER INSERT ON league_results
        BEGIN UPDATE leagues SET changes = changes + 1 WHERE league_id = NEW.league_id; END;
    CREATE TRIGGER league_results_changed AFTER UPDATE ON league_results
        BEGIN UPDATE leagues SET changes = changes + 1 WHERE league_id = NEW.league_id; END;
    CREATE TRIGGER league_results_removed AFTER DELETE ON league_results
        BEGIN UPDATE leagues SET changes = changes + 1 WHERE league_id = OLD.league_id; END;
    CREATE TRIGGER league_members_added AFTER INSERT ON league_members
        BEGIN UPDATE leagues SET changes = changes + 1 WHERE league_id = NEW.league_id; END;
    CREATE TRIGGER league_members_changed AFTER UPDATE ON league_members
        BEGIN UPDATE leagues SET changes = changes + 1 WHERE league_id = NEW.league_id; END;
    CREATE TRIGGER league_members_removed AFTER DELETE ON league_members
        BEGIN UPDATE leagues SET changes = changes + 1 WHERE league_id = OLD.league_id; END;
    CREATE TRIGGER league_ratings_added AFTER INSERT ON league_ratings
        BEGIN UPDATE leagues SET changes = changes + 1 WHERE league_id = NEW.league_id; END;
    CREATE TRIGGER league_ratings_changed AFTER UPDATE ON league_ratings
        BEGIN UPDATE leagues SET changes = changes + 1 WHERE league_id = NEW.league_id; END;
    CREATE TRIGGER league_ratings_removed AFTER DELETE ON league_ratings
        BEGIN UPDATE leagues SET changes = changes + 1 WHERE league_id = OLD.league_id; END;
    CREATE TRIGGER league_audit_added AFTER INSERT ON league_audit
        BEGIN UPDATE leagues SET changes = changes + 1 WHERE league_id = NEW.league_id; END;
    CREATE TRIGGER league_audit_changed AFTER UPDATE ON league_audit
        BEGIN UPDATE leagues SET changes = changes + 1 WHERE league_id = NEW.league_id; END;
    CREATE TRIGGER league_audit_removed AFTER DELETE ON league_audit
        BEGIN UPDATE leagues SET changes = changes + 1 WHERE league_id = OLD.league_id; END;
    INSERT INTO web_links (slug, kind, target_id, user_id, created_at)
        SELECT lower(hex(randomblob(16))), 'member', league_id, user_id, joined_at
        FROM league_members WHERE TRUE
        ON CONFLICT DO NOTHING;
    INSERT INTO web_links (slug, kind, target_id, user_id, created_at)
        SELECT lower(hex(randomblob(16))), 'game', game_id, 0, created_at
        FROM league_tables WHERE game_id IS NOT NULL
        ON CONFLICT DO NOTHING;
    """, postgres_only="""
    ALTER TABLE leagues
        ALTER COLUMN created_at TYPE TIMESTAMPTZ USING created_at::timestamptz;
    ALTER TABLE league_members
        ALTER COLUMN joined_at TYPE TIMESTAMPTZ USING joined_at::timestamptz;
    ALTER TABLE league_seasons
        ALTER COLUMN started_at TYPE TIMESTAMPTZ USING started_at::timestamptz,
        ALTER COLUMN ended_at TYPE TIMESTAMPTZ USING ended_at::timestamptz;
    ALTER TABLE league_tables
        ALTER COLUMN created_at TYPE TIMESTAMPTZ USING created_at::timestamptz;
    ALTER TABLE league_results
        ALTER COLUMN finished_at TYPE TIMESTAMPTZ USING finished_at::timestamptz,
        ALTER COLUMN recorded_at TYPE TIMESTAMPTZ USING recorded_at::timestamptz;
    ALTER TABLE league_ratings
        ALTER COLUMN last_played TYPE TIMESTAMPTZ USING last_played::timestamptz;
    ALTER TABLE league_rating_history
        ALTER COLUMN at TYPE TIMESTAMPTZ USING at::timestamptz;
    ALTER TABLE league_queue
        ALTER COLUMN queued_at TYPE TIMESTAMPTZ USING queued_at::timestamptz;
    ALTER TABLE league_rounds
        ALTER COLUMN started_at TYPE TIMESTAMPTZ USING started_at::timestamptz,
        ALTER COLUMN deadline TYPE TIMESTAMPTZ USING deadline::timestamptz,
        ALTER COLUMN closed_at TYPE TIMESTAMPTZ USING closed_at::timestamptz;
    ALTER TABLE league_audit
        ALTER COLUMN at TYPE TIMESTAMPTZ USING at::timestamptz;
    CREATE FUNCTION splendor_league_changed() RETURNS TRIGGER LANGUAGE plpgsql AS $fn$
    BEGIN
        UPDATE leagues SET changes = changes + 1
            WHERE league_id = CASE WHEN TG_OP = 'DELETE' THEN OLD.league_id ELSE NEW.league_id END;
        RETURN NULL;
    END
    $fn$;
    CREATE TRIGGER league_results_changed AFTER INSERT OR UPDATE OR DELETE ON league_results
        FOR EACH ROW EXECUTE FUNCTION splendor_league_changed();
    CREATE TRIGGER league_members_changed AFTER INSERT OR UPDATE OR DELETE ON league_members
        FOR EACH ROW EXECUTE FUNCTION splendor_league_changed();
    CREATE TRIGGER league_ratings_changed AFTER INSERT OR UPDATE OR DELETE ON league_ratings
        FOR EACH ROW EXECUTE FUNCTION splendor_league_changed();
    CREATE TRIGGER league_audit_changed AFTER INSERT OR UPDATE OR DELETE ON league_audit
        FOR EACH ROW EXECUTE FUNCTION splendor_league_changed();
    INSERT INTO web_links (slug, kind, target_id, user_id, created_at)
        SELECT replace(gen_random_uuid()::text, '-', ''), 'member', league_id, user_id, joined_at
        FROM league_members WHERE TRUE
        ON CONFLICT DO NOTHING;
    INSERT INTO web_links (slug, kind, target_id, user_id, created_at)
        SELECT replace(gen_random_uuid()::text, '-', ''), 'game', game_id, 0, created_at
        FROM league_tables WHERE game_id IS NOT NULL
        ON CONFLICT DO NOTHING;
    """),
    # 18 (issue 44): web sessions (bot/store/sessions.py): a visitor signed in with Discord, or a player inside the
    # Discord Activity; the token only as its SHA-256; absolute (``expires_at``) and idle (``seen_at``) expiry;
    # ``revoked_at`` set on signing out (of one session, or of every session of the user)
    Step("""
    CREATE TABLE web_sessions (
        session_id TEXT   PRIMARY KEY,
        token_hash TEXT   NOT NULL UNIQUE,
        csrf       TEXT   NOT NULL,
        user_id    {ID}   NOT NULL,
        name       TEXT   NOT NULL,
        lang       TEXT   NOT NULL,
        kind       TEXT   NOT NULL CHECK (kind IN ('discord', 'demo', 'activity')),
        game_id    {ID},
        created_at {TIME} NOT NULL,
        seen_at    {TIME} NOT NULL,
        expires_at {TIME} NOT NULL,
        revoked_at {TIME}
    );
    CREATE INDEX web_sessions_user ON web_sessions(user_id);
    """),
)

SCHEMA_VERSION = len(MIGRATIONS)

#: PostgreSQL's own history before the two were one (``schema_migrations``): its version -> the step of
#: ``MIGRATIONS`` it had reached.  Its 1 held steps 1-5, its 2 and 3 were steps 6 and 7; its 4 (the
#: server functions, step 8's PostgreSQL part, which is written to run again) and 5 (the nonce) are step 8;
#: its 6 is step 9.
PG_LEGACY = {0: 0, 1: 5, 2: 6, 3: 7, 4: 7, 5: 8, 6: 9}
