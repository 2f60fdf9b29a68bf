"""What PostgreSQL runs server-side, and only there (step 8 of :mod:`bot.store.schema` creates it):
``splendor_commit``, the group commit of several games as one statement (SQLite writes the same plans
in-process: :meth:`bot.store.queries.StoreWriter.apply_plans`), and ``splendor_user_changed``, a ``NOTIFY``
when a user's settings change, so the other bot processes drop that user from their caches.  Both are
``CREATE OR REPLACE`` and their triggers are dropped first: the step runs again cleanly on a database of
PostgreSQL's older history that already had them (``PG_LEGACY`` in :mod:`bot.store.schema`).

A function's text is named after the step that created it (``COMMIT_FUNCTION_V8``, ``_V13``: Alembic's
"replaceable objects"): a step runs the text it shipped with, forever, and a new version is a new constant and
a new step.  ``COMMIT_FUNCTION`` is the latest, the one :func:`commit_params` fills.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.store.queries import note_params, pg_time, timer_params
from bot.store.records import WritePlan
from bot.store.shards import Shards

#: Several games' write plans applied in one call, so a batch costs one round trip and its commit is the
#: statement's own (autocommit): lock the games (in id order), check each one's version and shard
#: (``P0001`` "splendor_conflict: ..." if one moved or is another process's), then write the games, the log
#: (its unique request id still raises ``actions_request``), seats, clocks and outbox with one statement
#: each.  A plan's columns travel as parallel arrays (one element per game, per action, ...); a NULL game
#: column leaves that column as it is (``g_to_act_set`` tells "nobody to act" from "unchanged").  Every
#: game id appears once per call (the caller splits plans of one game into several calls).
COMMIT_FUNCTION_V13 = """
CREATE OR REPLACE FUNCTION splendor_commit(
    g_ids BIGINT[], g_expect INTEGER[], g_version INTEGER[], g_to_act INTEGER[], g_to_act_set BOOLEAN[],
    g_creator BIGINT[], g_status TEXT[], g_config TEXT[], g_started TIMESTAMPTZ[], g_end_reason TEXT[],
    g_ended TIMESTAMPTZ[], g_snapshot TEXT[], g_snapshot_version INTEGER[],
    shard_count INTEGER, shard_ids INTEGER[],
    a_game BIGINT[], a_seq INTEGER[], a_seat INTEGER[], a_code TEXT[], a_user BIGINT[], a_source TEXT[],
    a_at TIMESTAMPTZ[], a_request TEXT[],
    s_game BIGINT[], s_user BIGINT[], s_seat INTEGER[], s_status TEXT[], s_expiries INTEGER[],
    s_score INTEGER[], s_place INTEGER[], s_result TEXT[], s_bank_left DOUBLE PRECISION[],
    s_bank_undo DOUBLE PRECISION[],
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
        place = u.place, result = u.result, bank_left_s = u.bank_left, bank_undo_s = u.bank_undo
    FROM unnest(s_game, s_user, s_seat, s_status, s_expiries, s_score, s_place, s_result, s_bank_left, s_bank_undo)
        AS u(game_id, user_id, seat, status, expiries, score, place, result, bank_left, bank_undo)
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

#: Step 13's version (the seats' time banks: ``s_bank_left``, ``s_bank_undo``), the one the store calls.
COMMIT_FUNCTION = COMMIT_FUNCTION_V13

#: Step 8's version, as it shipped (before the time banks).
COMMIT_FUNCTION_V8 = """
CREATE OR REPLACE FUNCTION splendor_commit(
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

#: Step 13 gave ``splendor_commit`` the seats' time banks: the signature step 8 created (on databases made before
#: step 13) is dropped, or it would stay beside the new one as an overload.
COMMIT_FUNCTION_V8_DROP = """
DROP FUNCTION IF EXISTS splendor_commit(
    BIGINT[], INTEGER[], INTEGER[], INTEGER[], BOOLEAN[], BIGINT[], TEXT[], TEXT[], TIMESTAMPTZ[], TEXT[],
    TIMESTAMPTZ[], TEXT[], INTEGER[], INTEGER, INTEGER[],
    BIGINT[], INTEGER[], INTEGER[], TEXT[], BIGINT[], TEXT[], TIMESTAMPTZ[], TEXT[],
    BIGINT[], BIGINT[], INTEGER[], TEXT[], INTEGER[], INTEGER[], INTEGER[], TEXT[],
    BIGINT[],
    BIGINT[], INTEGER[], INTEGER[], BIGINT[], TIMESTAMPTZ[], TIMESTAMPTZ[], TIMESTAMPTZ[], DOUBLE PRECISION[],
    BIGINT[], BIGINT[], BIGINT[], INTEGER[], TEXT[], TEXT[], TIMESTAMPTZ[], TIMESTAMPTZ[]);
"""

#: Channel of the notices: the payload is the user id whose ``users``/``vacation_computers`` row changed.
#: Not for ``last_notified_at`` alone (written at every delivery: a notice each time would serialize commits
#: on PostgreSQL's notification queue); deliveries read their users fresh instead.
USERS_CHANNEL = "splendor_users"
USER_NOTICES_V8 = """
CREATE OR REPLACE FUNCTION splendor_user_changed() RETURNS TRIGGER LANGUAGE plpgsql AS $fn$
BEGIN
    PERFORM pg_notify('""" + USERS_CHANNEL + """', (CASE WHEN TG_OP = 'DELETE' THEN OLD.user_id
                                                          ELSE NEW.user_id END)::text);
    RETURN NULL;
END
$fn$;
DROP TRIGGER IF EXISTS users_added ON users;
DROP TRIGGER IF EXISTS users_changed ON users;
DROP TRIGGER IF EXISTS vacation_computers_changed ON vacation_computers;
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

#: The ``games`` columns of ``splendor_commit``'s ``g_`` arrays, in order (``g_to_act_set`` follows ``to_act``).
_GAME_COLUMNS = ("version", "to_act", "creator_id", "status", "config_json", "started_at", "end_reason", "ended_at",
                 "snapshot_json", "snapshot_version")
COMMIT_CALL = "SELECT splendor_commit(" + ", ".join(f"${i}" for i in range(1, 51)) + ")"
#: Turns ``synchronous_commit`` off for the rest of the statement's transaction, as ``SET LOCAL`` does; a
#: ``WHERE`` without a table is a one-time filter, evaluated before the statement reads or writes a row.
ASYNC_COMMIT = " WHERE set_config('synchronous_commit', 'off', true) = 'off'"


def commit_params(plans: Sequence[WritePlan], shards: Shards | None) -> list[Any]:
    """The 50 arrays of ``splendor_commit`` for ``plans`` (one per game)."""
    games: list[list[Any]] = [[] for _ in range(13)]
    for p in plans:
        cols = p.game.columns(pg_time)
        row = (p.game_id, p.expect_version, *(cols.get(c) for c in _GAME_COLUMNS[:2]), "to_act" in cols,
               *(cols.get(c) for c in _GAME_COLUMNS[2:]))
        for column, value in zip(games, row, strict=True):
            column.append(value)
    acts = [(a.game_id, a.seq, a.seat, a.code, a.user_id, a.source, pg_time(a.at), a.request_id)
            for p in plans for a in p.actions]
    seats = [(s.game_id, s.user_id, s.seat, s.status, s.expiries, s.final_score, s.place, s.result, s.bank_left_s,
              s.bank_undo_s) for p in plans for s in p.seats]
    cleared = [p.game_id for p in plans if p.clear_timer and p.timer is None]
    timers = [timer_params(p.timer, pg_time) for p in plans if p.timer is not None]
    notes = [note_params(n, p.now, pg_time) for p in plans for n in p.notes]

    def columns(rows: list[tuple[Any, ...]], width: int) -> list[list[Any]]:
        return [list(c) for c in zip(*rows, strict=True)] if rows else [[] for _ in range(width)]

    count, ids = (0, []) if shards is None else (shards.count, sorted(shards.ids))
    return [*games, count, ids, *columns(acts, 8), *columns(seats, 10), cleared, *columns(timers, 8),
            *columns(notes, 8)]
