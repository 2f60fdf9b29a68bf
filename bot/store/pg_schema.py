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

#: Several games' write plans applied in one call, so a batch costs one round trip and its commit is the
#: statement's own (autocommit): lock the games (in id order), check each one's version and shard
#: (``P0001`` "splendor_conflict: ..." if one moved or is another process's), then write the games, the log
#: (its unique request id still raises ``actions_request``), seats, clocks and outbox with one statement
#: each.  A plan's columns travel as parallel arrays (one element per game, per action, ...); a NULL game
#: column leaves that column as it is (``g_to_act_set`` tells "nobody to act" from "unchanged").  Every
#: game id appears once per call (the caller splits plans of one game into several calls).
COMMIT_FUNCTION = """
CREATE FUNCTION splendor_commit(
    g_ids BIGINT[], g_expect INTEGER[], g_version INTEGER[], g_to_act INTEGER[], g_to_act_set BOOLEAN[],
    g_creator BIGINT[], g_status TEXT[], g_config TEXT[], g_started TIMESTAMPTZ[], g_end_reason TEXT[],
    g_ended TIMESTAMPTZ[], g_snapshot TEXT[], g_snapshot_version INTEGER[],
    shard_count INTEGER, shard_ids INTEGER[],
    a_game BIGINT[], a_seq INTEGER[], a_seat INTEGER[], a_code TEXT[], a_user BIGINT[], a_source TEXT[],
    a_at TIMESTAMPTZ[], a_request TEXT[],
    s_game BIGINT[], s_user BIGINT[], s_seat INTEGER[], s_status TEXT[], s_expiries INTEGER[],
    s_score INTEGER[], s_place INTEGER[], s_result TEXT[],
    t_clear BIGINT[],
    t_game BIGINT[], t_version INTEGER[], t_seat INTEGER[], t_user BIGINT[], t_started TIMESTAMPTZ[],
    t_due TIMESTAMPTZ[], t_remind TIMESTAMPTZ[], t_paused DOUBLE PRECISION[],
    o_user BIGINT[], o_game BIGINT[], o_channel BIGINT[], o_version INTEGER[], o_kind TEXT[], o_params TEXT[],
    o_created TIMESTAMPTZ[], o_after TIMESTAMPTZ[]
) RETURNS VOID LANGUAGE plpgsql AS $fn$
DECLARE
    bad RECORD;
BEGIN
    PERFORM 1 FROM games WHERE game_id = ANY(g_ids) ORDER BY game_id FOR UPDATE;
    SELECT u.id, g.game_id IS NULL OR g.version <> u.expect AS moved INTO bad
        FROM unnest(g_ids, g_expect) AS u(id, expect) LEFT JOIN games g ON g.game_id = u.id
        WHERE g.game_id IS NULL OR g.version <> u.expect
           OR (shard_count > 0 AND NOT ((COALESCE(g.guild_id, 0) >> 22) % shard_count = ANY(shard_ids)))
        ORDER BY u.id LIMIT 1;
    IF FOUND THEN
        IF bad.moved THEN
            RAISE EXCEPTION 'splendor_conflict: game % changed under a batch', bad.id;
        END IF;
        RAISE EXCEPTION 'splendor_conflict: game % is on a shard another process runs', bad.id;
    END IF;
    UPDATE games g SET
        version = COALESCE(u.version, g.version),
        to_act = CASE WHEN u.to_act_set THEN u.to_act ELSE g.to_act END,
        creator_id = COALESCE(u.creator, g.creator_id),
        status = COALESCE(u.status, g.status),
        config_json = COALESCE(u.config, g.config_json),
        started_at = COALESCE(u.started, g.started_at),
        end_reason = COALESCE(u.end_reason, g.end_reason),
        ended_at = COALESCE(u.ended, g.ended_at),
        snapshot_json = COALESCE(u.snapshot, g.snapshot_json),
        snapshot_version = CASE WHEN u.snapshot IS NULL THEN g.snapshot_version ELSE u.snapshot_version END
    FROM unnest(g_ids, g_version, g_to_act, g_to_act_set, g_creator, g_status, g_config, g_started, g_end_reason,
                g_ended, g_snapshot, g_snapshot_version)
        AS u(id, version, to_act, to_act_set, creator, status, config, started, end_reason, ended, snapshot,
             snapshot_version)
    WHERE g.game_id = u.id;
    INSERT INTO actions (game_id, seq, seat, code, user_id, source, at, request_id)
        SELECT * FROM unnest(a_game, a_seq, a_seat, a_code, a_user, a_source, a_at, a_request);
    UPDATE seats s SET seat = u.seat, status = u.status, expiries = u.expiries, final_score = u.score,
        place = u.place, result = u.result
    FROM unnest(s_game, s_user, s_seat, s_status, s_expiries, s_score, s_place, s_result)
        AS u(game_id, user_id, seat, status, expiries, score, place, result)
    WHERE s.game_id = u.game_id AND s.user_id = u.user_id;
    DELETE FROM timers WHERE game_id = ANY(t_clear);
    INSERT INTO timers (game_id, version, seat, user_id, started_at, due_at, remind_at, paused_left_s)
        SELECT * FROM unnest(t_game, t_version, t_seat, t_user, t_started, t_due, t_remind, t_paused)
    ON CONFLICT (game_id) DO UPDATE SET version = excluded.version, seat = excluded.seat,
        user_id = excluded.user_id, started_at = excluded.started_at, due_at = excluded.due_at,
        remind_at = excluded.remind_at, paused_left_s = excluded.paused_left_s;
    INSERT INTO outbox (user_id, game_id, channel_id, game_version, kind, params_json, created_at, deliver_after)
        SELECT * FROM unnest(o_user, o_game, o_channel, o_version, o_kind, o_params, o_created, o_after);
END
$fn$;
"""

#: Channel of the notices: the payload is the user id whose ``users``/``vacation_computers`` row changed.
#: Not for ``last_notified_at`` alone (written at every delivery: a notice each time would serialize commits
#: on PostgreSQL's notification queue); deliveries read their users fresh instead.
USERS_CHANNEL = "splendor_users"
USER_NOTICES = """
CREATE FUNCTION splendor_user_changed() RETURNS TRIGGER LANGUAGE plpgsql AS $fn$
BEGIN
    PERFORM pg_notify('""" + USERS_CHANNEL + """', (CASE WHEN TG_OP = 'DELETE' THEN OLD.user_id
                                                          ELSE NEW.user_id END)::text);
    RETURN NULL;
END
$fn$;
CREATE TRIGGER users_added AFTER INSERT OR DELETE ON users
    FOR EACH ROW EXECUTE FUNCTION splendor_user_changed();
CREATE TRIGGER users_changed AFTER UPDATE ON users FOR EACH ROW
    WHEN ((OLD.lang, OLD.notify, OLD.quiet_start, OLD.quiet_end, OLD.tz, OLD.vacation_until, OLD.name)
          IS DISTINCT FROM (NEW.lang, NEW.notify, NEW.quiet_start, NEW.quiet_end, NEW.tz, NEW.vacation_until,
                            NEW.name))
    EXECUTE FUNCTION splendor_user_changed();
CREATE TRIGGER vacation_computers_changed AFTER INSERT OR UPDATE OR DELETE ON vacation_computers
    FOR EACH ROW EXECUTE FUNCTION splendor_user_changed();
"""

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
    # 4 (PostgreSQL only): the group commit as one statement (bot/store/postgres.py's commit_plans), and
    # a notice to the other processes when a user's settings change (their caches of users)
    COMMIT_FUNCTION + USER_NOTICES,
    # 5: SQLite's migration 8, the nonce a delivery is sent with (written before sending)
    """
    ALTER TABLE outbox ADD COLUMN send_nonce TEXT;
    """,
    # 6: SQLite's migration 9, failed sends counted, and why the bot cannot post in a game's thread (since when)
    """
    ALTER TABLE outbox ADD COLUMN attempts INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE games ADD COLUMN thread_state TEXT CHECK (thread_state IN ('blocked', 'lost'));
    ALTER TABLE games ADD COLUMN thread_since TIMESTAMPTZ;
    """,
)

PG_SCHEMA_VERSION = len(PG_MIGRATIONS)
