-- pg_dump --inserts of a database written by the bot at PostgreSQL's own schema version 6 (before
-- the histories were one), in schema "fixture"; tests/bot/service/test_old_schemas.py.
SET statement_timeout = 0;
SET lock_timeout = 0;
SET idle_in_transaction_session_timeout = 0;
SET client_encoding = 'UTF8';
SET standard_conforming_strings = on;
SELECT pg_catalog.set_config('search_path', '', false);
SET check_function_bodies = false;
SET xmloption = content;
SET client_min_messages = warning;
SET row_security = off;
CREATE SCHEMA fixture;
CREATE FUNCTION fixture.splendor_commit(g_ids bigint[], g_expect integer[], g_version integer[], g_to_act integer[], g_to_act_set boolean[], g_creator bigint[], g_status text[], g_config text[], g_started timestamp with time zone[], g_end_reason text[], g_ended timestamp with time zone[], g_snapshot text[], g_snapshot_version integer[], shard_count integer, shard_ids integer[], a_game bigint[], a_seq integer[], a_seat integer[], a_code text[], a_user bigint[], a_source text[], a_at timestamp with time zone[], a_request text[], s_game bigint[], s_user bigint[], s_seat integer[], s_status text[], s_expiries integer[], s_score integer[], s_place integer[], s_result text[], t_clear bigint[], t_game bigint[], t_version integer[], t_seat integer[], t_user bigint[], t_started timestamp with time zone[], t_due timestamp with time zone[], t_remind timestamp with time zone[], t_paused double precision[], o_user bigint[], o_game bigint[], o_channel bigint[], o_version integer[], o_kind text[], o_params text[], o_created timestamp with time zone[], o_after timestamp with time zone[]) RETURNS void
    LANGUAGE plpgsql
    AS $$
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
$$;
CREATE FUNCTION fixture.splendor_user_changed() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
    PERFORM pg_notify('splendor_users', (CASE WHEN TG_OP = 'DELETE' THEN OLD.user_id
                                                          ELSE NEW.user_id END)::text);
    RETURN NULL;
END
$$;
SET default_tablespace = '';
SET default_table_access_method = heap;
CREATE TABLE fixture.actions (
    game_id bigint NOT NULL,
    seq integer NOT NULL,
    seat integer NOT NULL,
    code text NOT NULL,
    user_id bigint,
    source text DEFAULT 'player'::text NOT NULL,
    at timestamp with time zone NOT NULL,
    request_id text,
    CONSTRAINT actions_source_check CHECK ((source = ANY (ARRAY['player'::text, 'timeout'::text, 'auto'::text, 'ai'::text])))
);
CREATE TABLE fixture.cluster_settings (
    key text NOT NULL,
    value text NOT NULL
);
CREATE TABLE fixture.games (
    game_id bigint NOT NULL,
    guild_id bigint,
    channel_id bigint NOT NULL,
    creator_id bigint NOT NULL,
    ruleset text NOT NULL,
    max_players integer NOT NULL,
    options_json text DEFAULT '{}'::text NOT NULL,
    turn_timer_s integer,
    timeout_policy text DEFAULT 'skip'::text NOT NULL,
    max_expiries integer DEFAULT 0 NOT NULL,
    ranked boolean DEFAULT false NOT NULL,
    seed bigint NOT NULL,
    status text DEFAULT 'lobby'::text NOT NULL,
    config_json text,
    version integer DEFAULT 0 NOT NULL,
    to_act integer,
    snapshot_json text,
    snapshot_version integer,
    end_reason text,
    create_request text,
    created_at timestamp with time zone NOT NULL,
    started_at timestamp with time zone,
    ended_at timestamp with time zone,
    lang text,
    thread_state text,
    thread_since timestamp with time zone,
    CONSTRAINT games_status_check CHECK ((status = ANY (ARRAY['lobby'::text, 'active'::text, 'over'::text, 'aborted'::text]))),
    CONSTRAINT games_thread_state_check CHECK ((thread_state = ANY (ARRAY['blocked'::text, 'lost'::text])))
);
CREATE SEQUENCE fixture.games_game_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;
ALTER SEQUENCE fixture.games_game_id_seq OWNED BY fixture.games.game_id;
CREATE TABLE fixture.hints (
    id bigint NOT NULL,
    game_id bigint NOT NULL,
    version integer NOT NULL,
    seat integer NOT NULL,
    user_id bigint NOT NULL,
    code text NOT NULL,
    at timestamp with time zone NOT NULL
);
CREATE SEQUENCE fixture.hints_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;
ALTER SEQUENCE fixture.hints_id_seq OWNED BY fixture.hints.id;
CREATE TABLE fixture.league_audit (
    id bigint NOT NULL,
    league_id bigint NOT NULL,
    game_id bigint,
    actor_id bigint NOT NULL,
    action text NOT NULL,
    reason text DEFAULT ''::text NOT NULL,
    at text NOT NULL
);
CREATE SEQUENCE fixture.league_audit_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;
ALTER SEQUENCE fixture.league_audit_id_seq OWNED BY fixture.league_audit.id;
CREATE TABLE fixture.league_members (
    league_id bigint NOT NULL,
    user_id bigint NOT NULL,
    joined_at text NOT NULL,
    status text DEFAULT 'active'::text NOT NULL,
    opted_out bigint DEFAULT 0 NOT NULL,
    CONSTRAINT league_members_status_check CHECK ((status = ANY (ARRAY['active'::text, 'left'::text])))
);
CREATE TABLE fixture.league_placements (
    result_id bigint NOT NULL,
    user_id bigint NOT NULL,
    seat bigint NOT NULL,
    place bigint NOT NULL
);
CREATE TABLE fixture.league_queue (
    league_id bigint NOT NULL,
    user_id bigint NOT NULL,
    queued_at text NOT NULL
);
CREATE TABLE fixture.league_rating_history (
    league_id bigint NOT NULL,
    user_id bigint NOT NULL,
    result_id bigint NOT NULL,
    mu double precision NOT NULL,
    sigma double precision NOT NULL,
    at text NOT NULL
);
CREATE TABLE fixture.league_ratings (
    league_id bigint NOT NULL,
    user_id bigint NOT NULL,
    mu double precision NOT NULL,
    sigma double precision NOT NULL,
    games bigint NOT NULL,
    last_played text
);
CREATE TABLE fixture.league_results (
    result_id bigint NOT NULL,
    league_id bigint NOT NULL,
    season bigint NOT NULL,
    game_id bigint NOT NULL,
    status text NOT NULL,
    source text NOT NULL,
    finished_at text NOT NULL,
    recorded_at text NOT NULL,
    reason text,
    CONSTRAINT league_results_source_check CHECK ((source = ANY (ARRAY['game'::text, 'settled'::text]))),
    CONSTRAINT league_results_status_check CHECK ((status = ANY (ARRAY['counted'::text, 'voided'::text])))
);
CREATE SEQUENCE fixture.league_results_result_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;
ALTER SEQUENCE fixture.league_results_result_id_seq OWNED BY fixture.league_results.result_id;
CREATE TABLE fixture.league_rounds (
    league_id bigint NOT NULL,
    season bigint NOT NULL,
    round bigint NOT NULL,
    started_at text NOT NULL,
    deadline text NOT NULL,
    closed_at text
);
CREATE TABLE fixture.league_seasons (
    league_id bigint NOT NULL,
    season bigint NOT NULL,
    started_at text NOT NULL,
    ended_at text,
    reset_keep double precision DEFAULT 1.0 NOT NULL,
    final_json text
);
CREATE TABLE fixture.league_tables (
    table_id bigint NOT NULL,
    league_id bigint NOT NULL,
    season bigint NOT NULL,
    round bigint,
    members text NOT NULL,
    created_at text NOT NULL,
    channel_id bigint,
    game_id bigint
);
CREATE SEQUENCE fixture.league_tables_table_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;
ALTER SEQUENCE fixture.league_tables_table_id_seq OWNED BY fixture.league_tables.table_id;
CREATE TABLE fixture.leagues (
    league_id bigint NOT NULL,
    guild_id bigint NOT NULL,
    name text NOT NULL,
    creator_id bigint NOT NULL,
    channel_id bigint NOT NULL,
    announce_channel_id bigint,
    organizer_role_id bigint,
    ruleset text NOT NULL,
    seats bigint NOT NULL,
    turn_timer_s bigint,
    format text NOT NULL,
    round_length_s bigint,
    season_days bigint,
    settings_json text DEFAULT '{}'::text NOT NULL,
    season bigint DEFAULT 1 NOT NULL,
    created_at text NOT NULL,
    CONSTRAINT leagues_format_check CHECK ((format = ANY (ARRAY['ladder'::text, 'rounds'::text]))),
    CONSTRAINT leagues_seats_check CHECK (((seats >= 2) AND (seats <= 4)))
);
CREATE SEQUENCE fixture.leagues_league_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;
ALTER SEQUENCE fixture.leagues_league_id_seq OWNED BY fixture.leagues.league_id;
CREATE TABLE fixture.outbox (
    id bigint NOT NULL,
    user_id bigint NOT NULL,
    game_id bigint,
    channel_id bigint,
    game_version integer,
    kind text NOT NULL,
    params_json text DEFAULT '{}'::text NOT NULL,
    created_at timestamp with time zone NOT NULL,
    deliver_after timestamp with time zone NOT NULL,
    delivered_at timestamp with time zone,
    dropped boolean DEFAULT false NOT NULL,
    claimed_by text,
    claimed_until timestamp with time zone,
    send_nonce text,
    attempts integer DEFAULT 0 NOT NULL
);
CREATE SEQUENCE fixture.outbox_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;
ALTER SEQUENCE fixture.outbox_id_seq OWNED BY fixture.outbox.id;
CREATE TABLE fixture.schema_migrations (
    version integer NOT NULL,
    applied_at timestamp with time zone DEFAULT now() NOT NULL
);
CREATE TABLE fixture.seats (
    game_id bigint NOT NULL,
    user_id bigint NOT NULL,
    joined_at timestamp with time zone NOT NULL,
    join_order integer NOT NULL,
    seat integer,
    status text DEFAULT 'active'::text NOT NULL,
    expiries integer DEFAULT 0 NOT NULL,
    final_score integer,
    place integer,
    result text,
    CONSTRAINT seats_result_check CHECK ((result = ANY (ARRAY['win'::text, 'loss'::text, 'draw'::text]))),
    CONSTRAINT seats_status_check CHECK ((status = ANY (ARRAY['active'::text, 'resigned'::text, 'removed'::text])))
);
CREATE TABLE fixture.timers (
    game_id bigint NOT NULL,
    version integer NOT NULL,
    seat integer NOT NULL,
    user_id bigint NOT NULL,
    started_at timestamp with time zone NOT NULL,
    due_at timestamp with time zone,
    remind_at timestamp with time zone,
    paused_left_s double precision
);
CREATE TABLE fixture.undone_actions (
    id bigint NOT NULL,
    game_id bigint NOT NULL,
    seq integer NOT NULL,
    seat integer NOT NULL,
    code text NOT NULL,
    user_id bigint,
    source text NOT NULL,
    at timestamp with time zone NOT NULL,
    request_id text,
    undone_at timestamp with time zone NOT NULL
);
CREATE SEQUENCE fixture.undone_actions_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;
ALTER SEQUENCE fixture.undone_actions_id_seq OWNED BY fixture.undone_actions.id;
CREATE TABLE fixture.users (
    user_id bigint NOT NULL,
    lang text,
    notify text DEFAULT 'mention'::text NOT NULL,
    quiet_start integer,
    quiet_end integer,
    tz text,
    vacation_until timestamp with time zone,
    last_notified_at timestamp with time zone,
    name text,
    CONSTRAINT users_notify_check CHECK ((notify = ANY (ARRAY['mention'::text, 'dm'::text, 'none'::text])))
);
CREATE TABLE fixture.vacation_computers (
    user_id bigint NOT NULL
);
CREATE TABLE fixture.vacations (
    user_id bigint NOT NULL,
    starts_at timestamp with time zone NOT NULL,
    ends_at timestamp with time zone NOT NULL
);
ALTER TABLE ONLY fixture.games ALTER COLUMN game_id SET DEFAULT nextval('fixture.games_game_id_seq'::regclass);
ALTER TABLE ONLY fixture.hints ALTER COLUMN id SET DEFAULT nextval('fixture.hints_id_seq'::regclass);
ALTER TABLE ONLY fixture.league_audit ALTER COLUMN id SET DEFAULT nextval('fixture.league_audit_id_seq'::regclass);
ALTER TABLE ONLY fixture.league_results ALTER COLUMN result_id SET DEFAULT nextval('fixture.league_results_result_id_seq'::regclass);
ALTER TABLE ONLY fixture.league_tables ALTER COLUMN table_id SET DEFAULT nextval('fixture.league_tables_table_id_seq'::regclass);
ALTER TABLE ONLY fixture.leagues ALTER COLUMN league_id SET DEFAULT nextval('fixture.leagues_league_id_seq'::regclass);
ALTER TABLE ONLY fixture.outbox ALTER COLUMN id SET DEFAULT nextval('fixture.outbox_id_seq'::regclass);
ALTER TABLE ONLY fixture.undone_actions ALTER COLUMN id SET DEFAULT nextval('fixture.undone_actions_id_seq'::regclass);
INSERT INTO fixture.actions VALUES (1, 1, 0, 'take ww', 102, 'player', '2026-03-02 12:00:28+00', '1-0');
INSERT INTO fixture.actions VALUES (1, 2, 1, 'take wgk', 101, 'player', '2026-03-02 12:00:35+00', '1-1');
INSERT INTO fixture.actions VALUES (1, 3, 0, 'reserve 1.1', 102, 'player', '2026-03-02 12:00:42+00', '1-2');
INSERT INTO fixture.actions VALUES (1, 4, 1, 'reserve 2.4', 101, 'player', '2026-03-02 12:00:49+00', '1-3');
INSERT INTO fixture.actions VALUES (1, 5, 0, 'take wur', 102, 'player', '2026-03-02 12:00:56+00', '1-4');
INSERT INTO fixture.actions VALUES (1, 6, 1, 'take urk', 101, 'player', '2026-03-02 12:01:03+00', '1-5');
INSERT INTO fixture.actions VALUES (1, 7, 0, 'reserve 3.3', 102, 'player', '2026-03-02 12:01:10+00', '1-6');
INSERT INTO fixture.actions VALUES (1, 8, 1, 'take grk', 101, 'player', '2026-03-02 12:01:17+00', '1-7');
INSERT INTO fixture.actions VALUES (1, 9, 0, 'reserve 2.1', 102, 'player', '2026-03-02 12:01:24+00', '1-8');
INSERT INTO fixture.actions VALUES (1, 10, 1, 'reserve d2', 101, 'player', '2026-03-02 12:01:31+00', '1-9');
INSERT INTO fixture.actions VALUES (1, 11, 1, 'return k', 101, 'player', '2026-03-02 12:01:38+00', '1-10');
INSERT INTO fixture.actions VALUES (1, 12, 0, 'buy r1', 102, 'player', '2026-03-02 12:01:45+00', '1-11');
INSERT INTO fixture.actions VALUES (1, 13, 1, 'reserve 1.2', 101, 'player', '2026-03-02 12:01:52+00', '1-12');
INSERT INTO fixture.actions VALUES (1, 14, 1, 'return g', 101, 'player', '2026-03-02 12:01:59+00', '1-13');
INSERT INTO fixture.actions VALUES (1, 15, 0, 'take urk', 102, 'player', '2026-03-02 12:02:06+00', '1-14');
INSERT INTO fixture.actions VALUES (1, 16, 1, 'buy 2.3', 101, 'player', '2026-03-02 12:02:13+00', '1-15');
INSERT INTO fixture.actions VALUES (1, 17, 0, 'reserve 2.3', 102, 'player', '2026-03-02 12:02:20+00', '1-16');
INSERT INTO fixture.actions VALUES (1, 18, 1, 'take ugr', 101, 'player', '2026-03-02 12:02:27+00', '1-17');
INSERT INTO fixture.actions VALUES (1, 19, 0, 'buy 1.1', 102, 'player', '2026-03-02 12:02:34+00', '1-18');
INSERT INTO fixture.actions VALUES (1, 20, 0, 'pay urrk', 102, 'player', '2026-03-02 12:02:41+00', '1-19');
INSERT INTO fixture.actions VALUES (1, 21, 1, 'buy 1.4', 101, 'player', '2026-03-02 12:02:48+00', '1-20');
INSERT INTO fixture.actions VALUES (1, 22, 0, 'take ugr', 102, 'player', '2026-03-02 12:02:55+00', '1-21');
INSERT INTO fixture.actions VALUES (1, 23, 1, 'buy 1.1', 101, 'player', '2026-03-02 12:03:02+00', '1-22');
INSERT INTO fixture.actions VALUES (1, 24, 0, 'take ugk', 102, 'player', '2026-03-02 12:03:09+00', '1-23');
INSERT INTO fixture.actions VALUES (1, 25, 0, 'return u', 102, 'player', '2026-03-02 12:03:16+00', '1-24');
INSERT INTO fixture.actions VALUES (1, 26, 1, 'take ugr', 101, 'player', '2026-03-02 12:03:23+00', '1-25');
INSERT INTO fixture.actions VALUES (1, 27, 0, 'buy 1.4', 102, 'player', '2026-03-02 12:03:30+00', '1-26');
INSERT INTO fixture.actions VALUES (1, 28, 0, 'pay uo', 102, 'player', '2026-03-02 12:03:37+00', '1-27');
INSERT INTO fixture.actions VALUES (1, 29, 1, 'take urk', 101, 'player', '2026-03-02 12:03:44+00', '1-28');
INSERT INTO fixture.actions VALUES (1, 30, 0, 'take uk', 102, 'player', '2026-03-02 12:03:51+00', '1-29');
INSERT INTO fixture.actions VALUES (2, 1, 0, 'take 2', 103, 'player', '2026-03-02 12:04:26+00', '2-0');
INSERT INTO fixture.actions VALUES (2, 2, 1, 'reserve 3c', 101, 'player', '2026-03-02 12:04:33+00', '2-1');
INSERT INTO fixture.actions VALUES (2, 3, 2, 'take 5', 102, 'player', '2026-03-02 12:04:40+00', '2-2');
INSERT INTO fixture.actions VALUES (2, 4, 0, 'reserve as', 103, 'player', '2026-03-02 12:04:47+00', '2-3');
INSERT INTO fixture.actions VALUES (2, 5, 1, 'reserve 3s', 101, 'player', '2026-03-02 12:04:54+00', '2-4');
INSERT INTO fixture.actions VALUES (2, 6, 2, 'take 5', 102, 'player', '2026-03-02 12:05:01+00', '2-5');
INSERT INTO fixture.actions VALUES (2, 7, 0, 'reserve deck', 103, 'player', '2026-03-02 12:05:08+00', '2-6');
INSERT INTO fixture.actions VALUES (2, 8, 1, 'take 4', 101, 'player', '2026-03-02 12:05:15+00', '2-7');
INSERT INTO fixture.actions VALUES (2, 9, 2, 'buy 4d', 102, 'player', '2026-03-02 12:05:22+00', '2-8');
INSERT INTO fixture.actions VALUES (2, 10, 2, 'put 5 5', 102, 'player', '2026-03-02 12:05:29+00', '2-9');
INSERT INTO fixture.actions VALUES (2, 11, 0, 'buy ah', 103, 'player', '2026-03-02 12:05:36+00', '2-10');
INSERT INTO fixture.actions VALUES (2, 12, 0, 'pay 1', 103, 'player', '2026-03-02 12:05:43+00', '2-11');
INSERT INTO fixture.actions VALUES (2, 13, 0, 'put 1 2', 103, 'player', '2026-03-02 12:05:50+00', '2-12');
INSERT INTO fixture.actions VALUES (2, 14, 1, 'buy 2s', 101, 'player', '2026-03-02 12:05:57+00', '2-13');
INSERT INTO fixture.actions VALUES (2, 15, 1, 'put auto', 101, 'player', '2026-03-02 12:06:04+00', '2-14');
INSERT INTO fixture.actions VALUES (2, 16, 2, 'take 2 4', 102, 'player', '2026-03-02 12:06:11+00', '2-15');
INSERT INTO fixture.actions VALUES (2, 17, 0, 'reserve 4h', 103, 'player', '2026-03-02 12:06:18+00', '2-16');
INSERT INTO fixture.actions VALUES (2, 18, 1, 'take 4', 101, 'player', '2026-03-02 12:06:25+00', '2-17');
INSERT INTO fixture.actions VALUES (2, 19, 2, 'buy 7h', 102, 'player', '2026-03-02 12:06:32+00', '2-18');
INSERT INTO fixture.actions VALUES (2, 20, 2, 'put 2 5', 102, 'player', '2026-03-02 12:06:39+00', '2-19');
INSERT INTO fixture.actions VALUES (2, 21, 2, 'put 1 2', 102, 'player', '2026-03-02 12:06:46+00', '2-20');
INSERT INTO fixture.actions VALUES (2, 22, 0, 'take 5', 103, 'player', '2026-03-02 12:06:53+00', '2-21');
INSERT INTO fixture.actions VALUES (2, 23, 1, 'take 2', 101, 'player', '2026-03-02 12:07:00+00', '2-22');
INSERT INTO fixture.actions VALUES (2, 24, 2, 'take 2 4', 102, 'player', '2026-03-02 12:07:07+00', '2-23');
INSERT INTO fixture.actions VALUES (2, 25, 0, 'buy 8c', 103, 'player', '2026-03-02 12:07:14+00', '2-24');
INSERT INTO fixture.actions VALUES (2, 26, 0, 'put auto', 103, 'player', '2026-03-02 12:07:21+00', '2-25');
INSERT INTO fixture.actions VALUES (2, 27, 1, 'buy 6c', 101, 'player', '2026-03-02 12:07:28+00', '2-26');
INSERT INTO fixture.actions VALUES (2, 28, 1, 'pay 5 5', 101, 'player', '2026-03-02 12:07:35+00', '2-27');
INSERT INTO fixture.actions VALUES (2, 29, 1, 'put 5 5', 101, 'player', '2026-03-02 12:07:42+00', '2-28');
INSERT INTO fixture.actions VALUES (2, 30, 2, 'reserve 5d', 102, 'player', '2026-03-02 12:07:49+00', '2-29');
INSERT INTO fixture.actions VALUES (3, 1, 0, 'reserve 2.1', 101, 'player', '2026-03-02 12:08:17+00', '3-0');
INSERT INTO fixture.actions VALUES (3, 2, 1, 'reserve 1.5', 102, 'player', '2026-03-02 12:08:24+00', '3-1');
INSERT INTO fixture.actions VALUES (3, 3, 0, 'reserve 1.1', 101, 'player', '2026-03-02 12:08:31+00', '3-2');
INSERT INTO fixture.actions VALUES (3, 4, 1, 'take uu', 102, 'player', '2026-03-02 12:08:38+00', '3-3');
INSERT INTO fixture.actions VALUES (3, 5, 0, 'reserve 1.2', 101, 'player', '2026-03-02 12:08:45+00', '3-4');
INSERT INTO fixture.actions VALUES (3, 6, 1, 'take wrk', 102, 'player', '2026-03-02 12:08:52+00', '3-5');
INSERT INTO fixture.actions VALUES (3, 7, 0, 'take grk', 101, 'player', '2026-03-02 12:08:59+00', '3-6');
INSERT INTO fixture.actions VALUES (3, 8, 1, 'reserve 2.2', 102, 'player', '2026-03-02 12:09:06+00', '3-7');
INSERT INTO fixture.actions VALUES (3, 9, 0, 'buy r2', 101, 'player', '2026-03-02 12:09:13+00', '3-8');
INSERT INTO fixture.actions VALUES (3, 10, 0, 'pay gkoo', 101, 'player', '2026-03-02 12:09:20+00', '3-9');
INSERT INTO fixture.actions VALUES (3, 11, 0, 'hold 3.3', 101, 'player', '2026-03-02 12:09:27+00', '3-10');
INSERT INTO fixture.actions VALUES (3, 12, 1, 'reserve 1.6', 102, 'player', '2026-03-02 12:09:34+00', '3-11');
INSERT INTO fixture.actions VALUES (3, 13, 0, 'take wgk', 101, 'player', '2026-03-02 12:09:41+00', '3-12');
INSERT INTO fixture.actions VALUES (3, 14, 1, 'take wgr', 102, 'player', '2026-03-02 12:09:48+00', '3-13');
INSERT INTO fixture.actions VALUES (3, 15, 1, 'return k', 102, 'player', '2026-03-02 12:09:55+00', '3-14');
INSERT INTO fixture.actions VALUES (3, 16, 0, 'reserve 2.5', 101, 'player', '2026-03-02 12:10:02+00', '3-15');
INSERT INTO fixture.actions VALUES (3, 17, 1, 'take wrk', 102, 'player', '2026-03-02 12:10:09+00', '3-16');
INSERT INTO fixture.actions VALUES (3, 18, 1, 'return uug', 102, 'player', '2026-03-02 12:10:16+00', '3-17');
INSERT INTO fixture.actions VALUES (3, 19, 0, 'buy 1.1', 101, 'player', '2026-03-02 12:10:23+00', '3-18');
INSERT INTO fixture.actions VALUES (3, 20, 0, 'pay woo', 101, 'player', '2026-03-02 12:10:30+00', '3-19');
INSERT INTO fixture.actions VALUES (3, 21, 0, 'move 3.3 2.5', 101, 'player', '2026-03-02 12:10:37+00', '3-20');
INSERT INTO fixture.actions VALUES (3, 22, 1, 'take wug', 102, 'player', '2026-03-02 12:10:44+00', '3-21');
INSERT INTO fixture.actions VALUES (3, 23, 1, 'return wwk', 102, 'player', '2026-03-02 12:10:51+00', '3-22');
INSERT INTO fixture.actions VALUES (3, 24, 0, 'take wgk', 101, 'player', '2026-03-02 12:10:58+00', '3-23');
INSERT INTO fixture.actions VALUES (3, 25, 1, 'buy 1.3', 102, 'player', '2026-03-02 12:11:05+00', '3-24');
INSERT INTO fixture.actions VALUES (3, 26, 1, 'pay wuooo', 102, 'player', '2026-03-02 12:11:12+00', '3-25');
INSERT INTO fixture.actions VALUES (3, 27, 1, 'hold 3.6', 102, 'player', '2026-03-02 12:11:19+00', '3-26');
INSERT INTO fixture.actions VALUES (3, 28, 0, 'take uu', 101, 'player', '2026-03-02 12:11:26+00', '3-27');
INSERT INTO fixture.actions VALUES (3, 29, 1, 'take ugk', 102, 'player', '2026-03-02 12:11:33+00', '3-28');
INSERT INTO fixture.actions VALUES (3, 30, 0, 'take wuk', 101, 'player', '2026-03-02 12:11:40+00', '3-29');
INSERT INTO fixture.games VALUES (1, NULL, 1001, 101, 'base', 2, '{}', 43200, 'skip', 3, false, 101, 'active', '{"options": {}, "players": 2, "rules_version": 2, "ruleset": "base", "seed": 101}', 30, 1, '{"format":1,"config":{"ruleset":"base","players":2,"seed":101,"options":{},"rules_version":2},"history":[],"state":{"bank":[4,4,4,4,4,5],"rows":[[32,16,6,27],[55,69,42,45],[81,78,75,70]],"decks":[[23,13,8,2,21,10,19,20,39,3,5,26,29,12,31,1,15,37,9,33,24,11,34,0,28,35,17,36,38,14,30,7,25,18,4,22],[62,68,64,40,52,65,47,66,50,54,48,57,51,43,61,44,46,49,53,63,59,56,60,41,58,67],[86,73,82,85,79,71,80,89,74,77,87,72,84,76,88,83]],"odecks":[[],[],[]],"nobles":[0,3,5],"noble_at":[-1,-1,-1],"hown":[[-1,-1,-1,-1],[-1,-1,-1,-1],[-1,-1,-1,-1]],"hcnt":[[0,0,0,0],[0,0,0,0],[0,0,0,0]],"players":[{"tokens":[0,0,0,0,0,0],"bonus":[0,0,0,0,0],"cards":[],"joker":[],"goldcards":0,"reserved":[],"blind":[],"nobles":[],"rnobles":[],"points":0,"supply":0},{"tokens":[0,0,0,0,0,0],"bonus":[0,0,0,0,0],"cards":[],"joker":[],"goldcards":0,"reserved":[],"blind":[],"nobles":[],"rnobles":[],"points":0,"supply":0}],"discarded":[],"current":0,"pending":null,"steps":[],"turn":0,"final_round":false,"over":false,"passes":0,"conquest_used":false,"turn_start":0,"actions":[],"events":[]}}', 0, NULL, NULL, '2026-03-02 12:00:07+00', '2026-03-02 12:00:21+00', NULL, NULL, NULL, NULL);
INSERT INTO fixture.games VALUES (2, NULL, 1002, 101, 'spectacle', 3, '{}', 43200, 'skip', 3, false, 102, 'active', '{"options": {}, "players": 3, "rules_version": 2, "ruleset": "spectacle", "seed": 102}', 30, 0, '{"format":1,"config":{"ruleset":"spectacle","players":3,"seed":102,"options":{},"rules_version":2},"history":[[0,"take 2"],[1,"reserve 3c"],[2,"take 5"],[0,"reserve as"],[1,"reserve 3s"],[2,"take 5"],[0,"reserve deck"],[1,"take 4"],[2,"buy 4d"],[2,"put 5 5"],[0,"buy ah"],[0,"pay 1"],[0,"put 1 2"],[1,"buy 2s"],[1,"put auto"],[2,"take 2 4"],[0,"reserve 4h"],[1,"take 4"],[2,"buy 7h"],[2,"put 2 5"],[2,"put 1 2"],[0,"take 5"],[1,"take 2"],[2,"take 2 4"],[0,"buy 8c"],[0,"put auto"],[1,"buy 6c"],[1,"pay 5 5"],[1,"put 5 5"],[2,"reserve 5d"]],"state":{"current":0,"turn":21,"phase":"main","grid":["8s","2h","5s","9d","10d","7d","9s","5h","4c"],"deck":["3h","4s","ac","3d","7s","6d","ad","9h","9c","8h","2d","10h","5c","10s","8d","2c","7c","6h","6s"],"stacks":[[1,2,5,10],[1,1,5,5],[1,2,5,10],[5,2,2,5],[10,5,2,5]],"nobles":["qs","js","ks","jh"],"discard":[],"box":[],"players":[{"chips":[],"hand":[{"card":"as","blind":false},{"card":"10c","blind":true},{"card":"4h","blind":false}],"tableau":["8c","ah"],"claims":[],"nobles":[]},{"chips":[1],"hand":[{"card":"3c","blind":false},{"card":"3s","blind":false}],"tableau":["6c","2s"],"claims":[],"nobles":[]},{"chips":[10,10],"hand":[{"card":"5d","blind":false}],"tableau":["4d","7h"],"claims":[],"nobles":[]}],"transit":[],"buying":null,"noble_options":[],"noble":null,"end_reason":null,"chip_totals":[5,5,8,5],"actions":[[0,"take 2"],[1,"reserve 3c"],[2,"take 5"],[0,"reserve as"],[1,"reserve 3s"],[2,"take 5"],[0,"reserve deck"],[1,"take 4"],[2,"buy 4d"],[2,"put 5 5"],[0,"buy ah"],[0,"pay 1"],[0,"put 1 2"],[1,"buy 2s"],[1,"put auto"],[2,"take 2 4"],[0,"reserve 4h"],[1,"take 4"],[2,"buy 7h"],[2,"put 2 5"],[2,"put 1 2"],[0,"take 5"],[1,"take 2"],[2,"take 2 4"],[0,"buy 8c"],[0,"put auto"],[1,"buy 6c"],[1,"pay 5 5"],[1,"put 5 5"],[2,"reserve 5d"]],"events":[{"kind":"take","seat":0,"params":{"stacks":[2],"chips":[1]}},{"kind":"reserve","seat":1,"params":{"from":"c1","card":"3c"}},{"kind":"refill","seat":null,"params":{"pos":"c1","card":"6c"}},{"kind":"take","seat":2,"params":{"stacks":[5],"chips":[1]}},{"kind":"reserve","seat":0,"params":{"from":"a1","card":"as"}},{"kind":"refill","seat":null,"params":{"pos":"a1","card":"8s"}},{"kind":"reserve","seat":1,"params":{"from":"b2","card":"3s"}},{"kind":"refill","seat":null,"params":{"pos":"b2","card":"2s"}},{"kind":"take","seat":2,"params":{"stacks":[5],"chips":[2]}},{"kind":"reserve","seat":0,"params":{"from":"deck","card":"10c"},"secret":["card"]},{"kind":"take","seat":1,"params":{"stacks":[4],"chips":[1]}},{"kind":"buy","seat":2,"params":{"card":"4d","from":"a2","price":4,"pay":[5]}},{"kind":"refill","seat":null,"params":{"pos":"a2","card":"7h"}},{"kind":"place","seat":2,"params":{"chip":5,"stack":5}},{"kind":"buy","seat":0,"params":{"card":"ah","from":"a3","price":1,"pay":[1]}},{"kind":"refill","seat":null,"params":{"pos":"a3","card":"4h"}},{"kind":"place","seat":0,"params":{"chip":1,"stack":2}},{"kind":"buy","seat":1,"params":{"card":"2s","from":"b2","price":2,"pay":[5]}},{"kind":"refill","seat":null,"params":{"pos":"b2","card":"10d"}},{"kind":"place","seat":1,"params":{"chip":5,"stack":4}},{"kind":"take","seat":2,"params":{"stacks":[2,4],"chips":[2,2]}},{"kind":"reserve","seat":0,"params":{"from":"a3","card":"4h"}},{"kind":"refill","seat":null,"params":{"pos":"a3","card":"5s"}},{"kind":"take","seat":1,"params":{"stacks":[4],"chips":[5]}},{"kind":"buy","seat":2,"params":{"card":"7h","from":"a2","price":7,"pay":[2,2,2,1]}},{"kind":"refill","seat":null,"params":{"pos":"a2","card":"2h"}},{"kind":"place","seat":2,"params":{"chip":2,"stack":5}},{"kind":"place","seat":2,"params":{"chip":1,"stack":2}},{"kind":"place","seat":2,"params":{"chip":2,"stack":4}},{"kind":"place","seat":2,"params":{"chip":2,"stack":4}},{"kind":"take","seat":0,"params":{"stacks":[5],"chips":[5]}},{"kind":"take","seat":1,"params":{"stacks":[2],"chips":[5]}},{"kind":"take","seat":2,"params":{"stacks":[2,4],"chips":[10,10]}},{"kind":"buy","seat":0,"params":{"card":"8c","from":"c2","price":8,"pay":[5,5]}},{"kind":"refill","seat":null,"params":{"pos":"c2","card":"5h"}},{"kind":"place","seat":0,"params":{"chip":5,"stack":2}},{"kind":"place","seat":0,"params":{"chip":5,"stack":2}},{"kind":"buy","seat":1,"params":{"card":"6c","from":"c1","price":6,"pay":[5,5]}},{"kind":"refill","seat":null,"params":{"pos":"c1","card":"5d"}},{"kind":"place","seat":1,"params":{"chip":5,"stack":5}},{"kind":"place","seat":1,"params":{"chip":5,"stack":4}},{"kind":"reserve","seat":2,"params":{"from":"c1","card":"5d"}},{"kind":"refill","seat":null,"params":{"pos":"c1","card":"9s"}}],"last_events":2}}', 30, NULL, NULL, '2026-03-02 12:03:58+00', '2026-03-02 12:04:19+00', NULL, NULL, NULL, NULL);
INSERT INTO fixture.games VALUES (3, NULL, 1003, 101, 'orient+strongholds', 2, '{}', 43200, 'skip', 3, false, 103, 'active', '{"options": {}, "players": 2, "rules_version": 2, "ruleset": "orient+strongholds", "seed": 103}', 30, 0, '{"format":1,"config":{"ruleset":"orient+strongholds","players":2,"seed":103,"options":{},"rules_version":2},"history":[[0,"reserve 2.1"],[1,"reserve 1.5"],[0,"reserve 1.1"],[1,"take uu"],[0,"reserve 1.2"],[1,"take wrk"],[0,"take grk"],[1,"reserve 2.2"],[0,"buy r2"],[0,"pay gkoo"],[0,"hold 3.3"],[1,"reserve 1.6"],[0,"take wgk"],[1,"take wgr"],[1,"return k"],[0,"reserve 2.5"],[1,"take wrk"],[1,"return uug"],[0,"buy 1.1"],[0,"pay woo"],[0,"move 3.3 2.5"],[1,"take wug"],[1,"return wwk"],[0,"take wgk"],[1,"buy 1.3"],[1,"pay wuooo"],[1,"hold 3.6"],[0,"take uu"],[1,"take ugk"]],"state":{"bank":[2,1,0,0,1,5],"rows":[[12,23,24,26,92,90],[49,50,53,40,104,100],[75,84,82,72,117,116]],"decks":[[7,37,32,14,16,38,10,21,25,39,27,19,33,20,0,5,17,2,22,15,4,11,8,35,13,30,6,1,9,36,29,18],[47,54,68,66,63,62,44,64,67,41,43,58,45,60,61,42,59,51,46,52,65,69,57,48],[76,70,87,80,71,77,81,86,85,79,78,83,89,73,88,74]],"odecks":[[93,91,96,99,94,97],[105,107,109,103,101,108,102],[119,113,110,111,118,114,115,112]],"nobles":[6,8,5],"noble_at":[-1,-1,-1],"hown":[[-1,-1,-1,-1,-1,-1],[-1,-1,-1,-1,0,-1],[-1,-1,-1,-1,-1,1]],"hcnt":[[0,0,0,0,0,0],[0,0,0,0,1,0],[0,0,0,0,0,1]],"players":[{"tokens":[1,2,2,1,2,0],"bonus":[1,0,0,0,1],"cards":[3,34],"joker":[],"goldcards":0,"reserved":[55,31,106],"blind":[false,false,false],"nobles":[],"rnobles":[],"points":0,"supply":2},{"tokens":[1,1,2,3,1,0],"bonus":[0,0,0,1,0],"cards":[28],"joker":[],"goldcards":0,"reserved":[98,56,95],"blind":[false,false,false],"nobles":[],"rnobles":[],"points":0,"supply":2}],"discarded":[],"current":0,"pending":null,"steps":[],"turn":20,"final_round":false,"over":false,"passes":0,"conquest_used":false,"turn_start":34,"actions":[[0,"reserve 2.1"],[1,"reserve 1.5"],[0,"reserve 1.1"],[1,"take uu"],[0,"reserve 1.2"],[1,"take wrk"],[0,"take grk"],[1,"reserve 2.2"],[0,"buy r2"],[0,"pay gkoo"],[0,"hold 3.3"],[1,"reserve 1.6"],[0,"take wgk"],[1,"take wgr"],[1,"return k"],[0,"reserve 2.5"],[1,"take wrk"],[1,"return uug"],[0,"buy 1.1"],[0,"pay woo"],[0,"move 3.3 2.5"],[1,"take wug"],[1,"return wwk"],[0,"take wgk"],[1,"buy 1.3"],[1,"pay wuooo"],[1,"hold 3.6"],[0,"take uu"],[1,"take ugk"]],"events":[{"kind":"reserve","seat":0,"params":{"card":"2-16","level":2,"source":"2.1","blind":false,"gold":true}},{"kind":"refill","seat":null,"params":{"slot":"2.1","card":"2-10"}},{"kind":"reserve","seat":1,"params":{"card":"O1-09","level":1,"source":"1.5","blind":false,"gold":true}},{"kind":"refill","seat":null,"params":{"slot":"1.5","card":"O1-03"}},{"kind":"reserve","seat":0,"params":{"card":"1-04","level":1,"source":"1.1","blind":false,"gold":true}},{"kind":"refill","seat":null,"params":{"slot":"1.1","card":"1-35"}},{"kind":"take","seat":1,"params":{"tokens":"uu"}},{"kind":"reserve","seat":0,"params":{"card":"1-32","level":1,"source":"1.2","blind":false,"gold":true}},{"kind":"refill","seat":null,"params":{"slot":"1.2","card":"1-24"}},{"kind":"take","seat":1,"params":{"tokens":"wrk"}},{"kind":"take","seat":0,"params":{"tokens":"grk"}},{"kind":"reserve","seat":1,"params":{"card":"2-17","level":2,"source":"2.2","blind":false,"gold":true}},{"kind":"refill","seat":null,"params":{"slot":"2.2","card":"2-11"}},{"kind":"buy","seat":0,"params":{"card":"1-04","source":"r2","paid":"gkoo"}},{"kind":"stronghold","seat":0,"params":{"op":"place","src":null,"dst":"3.3","owner":0,"card":"3-13"}},{"kind":"reserve","seat":1,"params":{"card":"O1-06","level":1,"source":"1.6","blind":false,"gold":true}},{"kind":"refill","seat":null,"params":{"slot":"1.6","card":"O1-01"}},{"kind":"take","seat":0,"params":{"tokens":"wgk"}},{"kind":"take","seat":1,"params":{"tokens":"wgr"}},{"kind":"return","seat":1,"params":{"tokens":"k"}},{"kind":"reserve","seat":0,"params":{"card":"O2-07","level":2,"source":"2.5","blind":false,"gold":true}},{"kind":"refill","seat":null,"params":{"slot":"2.5","card":"O2-05"}},{"kind":"take","seat":1,"params":{"tokens":"wrk"}},{"kind":"return","seat":1,"params":{"tokens":"uug"}},{"kind":"buy","seat":0,"params":{"card":"1-35","source":"1.1","paid":"woo"}},{"kind":"stronghold","seat":0,"params":{"op":"move","src":"3.3","dst":"2.5","owner":0,"card":"O2-05","src_card":"3-13"}},{"kind":"refill","seat":null,"params":{"slot":"1.1","card":"1-13"}},{"kind":"take","seat":1,"params":{"tokens":"wug"}},{"kind":"return","seat":1,"params":{"tokens":"wwk"}},{"kind":"take","seat":0,"params":{"tokens":"wgk"}},{"kind":"buy","seat":1,"params":{"card":"1-29","source":"1.3","paid":"wuooo"}},{"kind":"stronghold","seat":1,"params":{"op":"place","src":null,"dst":"3.6","owner":1,"card":"O3-07"}},{"kind":"refill","seat":null,"params":{"slot":"1.3","card":"1-25"}},{"kind":"take","seat":0,"params":{"tokens":"uu"}},{"kind":"take","seat":1,"params":{"tokens":"ugk"}}]}}', 29, NULL, NULL, '2026-03-02 12:07:56+00', '2026-03-02 12:08:10+00', NULL, NULL, NULL, NULL);
INSERT INTO fixture.games VALUES (4, NULL, 2000, 201, 'base', 2, '{}', 86400, 'skip', 3, false, 3617604606368124447, 'lobby', NULL, 0, NULL, NULL, NULL, NULL, NULL, '2026-03-02 12:11:47+00', NULL, NULL, NULL, NULL, NULL);
INSERT INTO fixture.outbox VALUES (1, 102, 1, 1001, 0, 'game_started', '{"count": 2, "game_id": 1, "players": 2, "seat": 0}', '2026-03-02 12:00:21+00', '2026-03-02 12:00:21+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (2, 101, 1, 1001, 0, 'game_started', '{"count": 2, "game_id": 1, "players": 2, "seat": 1}', '2026-03-02 12:00:21+00', '2026-03-02 12:00:21+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (3, 102, 1, 1001, 0, 'your_turn', '{"deadline": "2026-03-03T00:00:21+00:00", "game_id": 1, "pending": null}', '2026-03-02 12:00:21+00', '2026-03-02 12:00:21+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (4, 101, 1, 1001, 1, 'your_turn', '{"deadline": "2026-03-03T00:00:28+00:00", "game_id": 1, "pending": null}', '2026-03-02 12:00:28+00', '2026-03-02 12:00:28+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (5, 102, 1, 1001, 2, 'your_turn', '{"deadline": "2026-03-03T00:00:35+00:00", "game_id": 1, "pending": null}', '2026-03-02 12:00:35+00', '2026-03-02 12:00:35+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (6, 101, 1, 1001, 3, 'your_turn', '{"deadline": "2026-03-03T00:00:42+00:00", "game_id": 1, "pending": null}', '2026-03-02 12:00:42+00', '2026-03-02 12:00:42+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (7, 102, 1, 1001, 4, 'your_turn', '{"deadline": "2026-03-03T00:00:49+00:00", "game_id": 1, "pending": null}', '2026-03-02 12:00:49+00', '2026-03-02 12:00:49+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (8, 101, 1, 1001, 5, 'your_turn', '{"deadline": "2026-03-03T00:00:56+00:00", "game_id": 1, "pending": null}', '2026-03-02 12:00:56+00', '2026-03-02 12:00:56+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (9, 102, 1, 1001, 6, 'your_turn', '{"deadline": "2026-03-03T00:01:03+00:00", "game_id": 1, "pending": null}', '2026-03-02 12:01:03+00', '2026-03-02 12:01:03+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (10, 101, 1, 1001, 7, 'your_turn', '{"deadline": "2026-03-03T00:01:10+00:00", "game_id": 1, "pending": null}', '2026-03-02 12:01:10+00', '2026-03-02 12:01:10+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (11, 102, 1, 1001, 8, 'your_turn', '{"deadline": "2026-03-03T00:01:17+00:00", "game_id": 1, "pending": null}', '2026-03-02 12:01:17+00', '2026-03-02 12:01:17+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (12, 101, 1, 1001, 9, 'your_turn', '{"deadline": "2026-03-03T00:01:24+00:00", "game_id": 1, "pending": null}', '2026-03-02 12:01:24+00', '2026-03-02 12:01:24+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (13, 102, 1, 1001, 11, 'your_turn', '{"deadline": "2026-03-03T00:01:38+00:00", "game_id": 1, "pending": null}', '2026-03-02 12:01:38+00', '2026-03-02 12:01:38+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (14, 101, 1, 1001, 12, 'your_turn', '{"deadline": "2026-03-03T00:01:45+00:00", "game_id": 1, "pending": null}', '2026-03-02 12:01:45+00', '2026-03-02 12:01:45+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (15, 102, 1, 1001, 14, 'your_turn', '{"deadline": "2026-03-03T00:01:59+00:00", "game_id": 1, "pending": null}', '2026-03-02 12:01:59+00', '2026-03-02 12:01:59+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (16, 101, 1, 1001, 15, 'your_turn', '{"deadline": "2026-03-03T00:02:06+00:00", "game_id": 1, "pending": null}', '2026-03-02 12:02:06+00', '2026-03-02 12:02:06+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (17, 102, 1, 1001, 16, 'your_turn', '{"deadline": "2026-03-03T00:02:13+00:00", "game_id": 1, "pending": null}', '2026-03-02 12:02:13+00', '2026-03-02 12:02:13+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (18, 101, 1, 1001, 17, 'your_turn', '{"deadline": "2026-03-03T00:02:20+00:00", "game_id": 1, "pending": null}', '2026-03-02 12:02:20+00', '2026-03-02 12:02:20+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (19, 102, 1, 1001, 18, 'your_turn', '{"deadline": "2026-03-03T00:02:27+00:00", "game_id": 1, "pending": null}', '2026-03-02 12:02:27+00', '2026-03-02 12:02:27+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (20, 101, 1, 1001, 20, 'your_turn', '{"deadline": "2026-03-03T00:02:41+00:00", "game_id": 1, "pending": null}', '2026-03-02 12:02:41+00', '2026-03-02 12:02:41+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (21, 102, 1, 1001, 21, 'your_turn', '{"deadline": "2026-03-03T00:02:48+00:00", "game_id": 1, "pending": null}', '2026-03-02 12:02:48+00', '2026-03-02 12:02:48+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (22, 101, 1, 1001, 22, 'your_turn', '{"deadline": "2026-03-03T00:02:55+00:00", "game_id": 1, "pending": null}', '2026-03-02 12:02:55+00', '2026-03-02 12:02:55+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (23, 102, 1, 1001, 23, 'your_turn', '{"deadline": "2026-03-03T00:03:02+00:00", "game_id": 1, "pending": null}', '2026-03-02 12:03:02+00', '2026-03-02 12:03:02+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (24, 101, 1, 1001, 25, 'your_turn', '{"deadline": "2026-03-03T00:03:16+00:00", "game_id": 1, "pending": null}', '2026-03-02 12:03:16+00', '2026-03-02 12:03:16+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (25, 102, 1, 1001, 26, 'your_turn', '{"deadline": "2026-03-03T00:03:23+00:00", "game_id": 1, "pending": null}', '2026-03-02 12:03:23+00', '2026-03-02 12:03:23+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (26, 101, 1, 1001, 28, 'your_turn', '{"deadline": "2026-03-03T00:03:37+00:00", "game_id": 1, "pending": null}', '2026-03-02 12:03:37+00', '2026-03-02 12:03:37+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (27, 102, 1, 1001, 29, 'your_turn', '{"deadline": "2026-03-03T00:03:44+00:00", "game_id": 1, "pending": null}', '2026-03-02 12:03:44+00', '2026-03-02 12:03:44+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (28, 101, 1, 1001, 30, 'your_turn', '{"deadline": "2026-03-03T00:03:51+00:00", "game_id": 1, "pending": null}', '2026-03-02 12:03:51+00', '2026-03-02 12:03:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (29, 103, 2, 1002, 0, 'game_started', '{"count": 3, "game_id": 2, "players": 3, "seat": 0}', '2026-03-02 12:04:19+00', '2026-03-02 12:04:19+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (30, 101, 2, 1002, 0, 'game_started', '{"count": 3, "game_id": 2, "players": 3, "seat": 1}', '2026-03-02 12:04:19+00', '2026-03-02 12:04:19+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (31, 102, 2, 1002, 0, 'game_started', '{"count": 3, "game_id": 2, "players": 3, "seat": 2}', '2026-03-02 12:04:19+00', '2026-03-02 12:04:19+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (32, 103, 2, 1002, 0, 'your_turn', '{"deadline": "2026-03-03T00:04:19+00:00", "game_id": 2, "pending": null}', '2026-03-02 12:04:19+00', '2026-03-02 12:04:19+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (33, 101, 2, 1002, 1, 'your_turn', '{"deadline": "2026-03-03T00:04:26+00:00", "game_id": 2, "pending": null}', '2026-03-02 12:04:26+00', '2026-03-02 12:04:26+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (34, 102, 2, 1002, 2, 'your_turn', '{"deadline": "2026-03-03T00:04:33+00:00", "game_id": 2, "pending": null}', '2026-03-02 12:04:33+00', '2026-03-02 12:04:33+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (35, 103, 2, 1002, 3, 'your_turn', '{"deadline": "2026-03-03T00:04:40+00:00", "game_id": 2, "pending": null}', '2026-03-02 12:04:40+00', '2026-03-02 12:04:40+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (36, 101, 2, 1002, 4, 'your_turn', '{"deadline": "2026-03-03T00:04:47+00:00", "game_id": 2, "pending": null}', '2026-03-02 12:04:47+00', '2026-03-02 12:04:47+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (37, 102, 2, 1002, 5, 'your_turn', '{"deadline": "2026-03-03T00:04:54+00:00", "game_id": 2, "pending": null}', '2026-03-02 12:04:54+00', '2026-03-02 12:04:54+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (38, 103, 2, 1002, 6, 'your_turn', '{"deadline": "2026-03-03T00:05:01+00:00", "game_id": 2, "pending": null}', '2026-03-02 12:05:01+00', '2026-03-02 12:05:01+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (39, 101, 2, 1002, 7, 'your_turn', '{"deadline": "2026-03-03T00:05:08+00:00", "game_id": 2, "pending": null}', '2026-03-02 12:05:08+00', '2026-03-02 12:05:08+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (40, 102, 2, 1002, 8, 'your_turn', '{"deadline": "2026-03-03T00:05:15+00:00", "game_id": 2, "pending": null}', '2026-03-02 12:05:15+00', '2026-03-02 12:05:15+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (41, 103, 2, 1002, 10, 'your_turn', '{"deadline": "2026-03-03T00:05:29+00:00", "game_id": 2, "pending": null}', '2026-03-02 12:05:29+00', '2026-03-02 12:05:29+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (42, 101, 2, 1002, 13, 'your_turn', '{"deadline": "2026-03-03T00:05:50+00:00", "game_id": 2, "pending": null}', '2026-03-02 12:05:50+00', '2026-03-02 12:05:50+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (43, 102, 2, 1002, 15, 'your_turn', '{"deadline": "2026-03-03T00:06:04+00:00", "game_id": 2, "pending": null}', '2026-03-02 12:06:04+00', '2026-03-02 12:06:04+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (44, 103, 2, 1002, 16, 'your_turn', '{"deadline": "2026-03-03T00:06:11+00:00", "game_id": 2, "pending": null}', '2026-03-02 12:06:11+00', '2026-03-02 12:06:11+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (45, 101, 2, 1002, 17, 'your_turn', '{"deadline": "2026-03-03T00:06:18+00:00", "game_id": 2, "pending": null}', '2026-03-02 12:06:18+00', '2026-03-02 12:06:18+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (46, 102, 2, 1002, 18, 'your_turn', '{"deadline": "2026-03-03T00:06:25+00:00", "game_id": 2, "pending": null}', '2026-03-02 12:06:25+00', '2026-03-02 12:06:25+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (47, 103, 2, 1002, 21, 'your_turn', '{"deadline": "2026-03-03T00:06:46+00:00", "game_id": 2, "pending": null}', '2026-03-02 12:06:46+00', '2026-03-02 12:06:46+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (48, 101, 2, 1002, 22, 'your_turn', '{"deadline": "2026-03-03T00:06:53+00:00", "game_id": 2, "pending": null}', '2026-03-02 12:06:53+00', '2026-03-02 12:06:53+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (49, 102, 2, 1002, 23, 'your_turn', '{"deadline": "2026-03-03T00:07:00+00:00", "game_id": 2, "pending": null}', '2026-03-02 12:07:00+00', '2026-03-02 12:07:00+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (50, 103, 2, 1002, 24, 'your_turn', '{"deadline": "2026-03-03T00:07:07+00:00", "game_id": 2, "pending": null}', '2026-03-02 12:07:07+00', '2026-03-02 12:07:07+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (51, 101, 2, 1002, 26, 'your_turn', '{"deadline": "2026-03-03T00:07:21+00:00", "game_id": 2, "pending": null}', '2026-03-02 12:07:21+00', '2026-03-02 12:07:21+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (52, 102, 2, 1002, 29, 'your_turn', '{"deadline": "2026-03-03T00:07:42+00:00", "game_id": 2, "pending": null}', '2026-03-02 12:07:42+00', '2026-03-02 12:07:42+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (53, 103, 2, 1002, 30, 'your_turn', '{"deadline": "2026-03-03T00:07:49+00:00", "game_id": 2, "pending": null}', '2026-03-02 12:07:49+00', '2026-03-02 12:07:49+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (54, 101, 3, 1003, 0, 'game_started', '{"count": 2, "game_id": 3, "players": 2, "seat": 0}', '2026-03-02 12:08:10+00', '2026-03-02 12:08:10+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (55, 102, 3, 1003, 0, 'game_started', '{"count": 2, "game_id": 3, "players": 2, "seat": 1}', '2026-03-02 12:08:10+00', '2026-03-02 12:08:10+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (56, 101, 3, 1003, 0, 'your_turn', '{"deadline": "2026-03-03T00:08:10+00:00", "game_id": 3, "pending": null}', '2026-03-02 12:08:10+00', '2026-03-02 12:08:10+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (57, 102, 3, 1003, 1, 'your_turn', '{"deadline": "2026-03-03T00:08:17+00:00", "game_id": 3, "pending": null}', '2026-03-02 12:08:17+00', '2026-03-02 12:08:17+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (58, 101, 3, 1003, 2, 'your_turn', '{"deadline": "2026-03-03T00:08:24+00:00", "game_id": 3, "pending": null}', '2026-03-02 12:08:24+00', '2026-03-02 12:08:24+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (59, 102, 3, 1003, 3, 'your_turn', '{"deadline": "2026-03-03T00:08:31+00:00", "game_id": 3, "pending": null}', '2026-03-02 12:08:31+00', '2026-03-02 12:08:31+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (60, 101, 3, 1003, 4, 'your_turn', '{"deadline": "2026-03-03T00:08:38+00:00", "game_id": 3, "pending": null}', '2026-03-02 12:08:38+00', '2026-03-02 12:08:38+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (61, 102, 3, 1003, 5, 'your_turn', '{"deadline": "2026-03-03T00:08:45+00:00", "game_id": 3, "pending": null}', '2026-03-02 12:08:45+00', '2026-03-02 12:08:45+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (62, 101, 3, 1003, 6, 'your_turn', '{"deadline": "2026-03-03T00:08:52+00:00", "game_id": 3, "pending": null}', '2026-03-02 12:08:52+00', '2026-03-02 12:08:52+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (63, 102, 3, 1003, 7, 'your_turn', '{"deadline": "2026-03-03T00:08:59+00:00", "game_id": 3, "pending": null}', '2026-03-02 12:08:59+00', '2026-03-02 12:08:59+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (64, 101, 3, 1003, 8, 'your_turn', '{"deadline": "2026-03-03T00:09:06+00:00", "game_id": 3, "pending": null}', '2026-03-02 12:09:06+00', '2026-03-02 12:09:06+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (65, 102, 3, 1003, 11, 'your_turn', '{"deadline": "2026-03-03T00:09:27+00:00", "game_id": 3, "pending": null}', '2026-03-02 12:09:27+00', '2026-03-02 12:09:27+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (66, 101, 3, 1003, 12, 'your_turn', '{"deadline": "2026-03-03T00:09:34+00:00", "game_id": 3, "pending": null}', '2026-03-02 12:09:34+00', '2026-03-02 12:09:34+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (67, 102, 3, 1003, 13, 'your_turn', '{"deadline": "2026-03-03T00:09:41+00:00", "game_id": 3, "pending": null}', '2026-03-02 12:09:41+00', '2026-03-02 12:09:41+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (68, 101, 3, 1003, 15, 'your_turn', '{"deadline": "2026-03-03T00:09:55+00:00", "game_id": 3, "pending": null}', '2026-03-02 12:09:55+00', '2026-03-02 12:09:55+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (69, 102, 3, 1003, 16, 'your_turn', '{"deadline": "2026-03-03T00:10:02+00:00", "game_id": 3, "pending": null}', '2026-03-02 12:10:02+00', '2026-03-02 12:10:02+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (70, 101, 3, 1003, 18, 'your_turn', '{"deadline": "2026-03-03T00:10:16+00:00", "game_id": 3, "pending": null}', '2026-03-02 12:10:16+00', '2026-03-02 12:10:16+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (71, 102, 3, 1003, 21, 'your_turn', '{"deadline": "2026-03-03T00:10:37+00:00", "game_id": 3, "pending": null}', '2026-03-02 12:10:37+00', '2026-03-02 12:10:37+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (72, 101, 3, 1003, 23, 'your_turn', '{"deadline": "2026-03-03T00:10:51+00:00", "game_id": 3, "pending": null}', '2026-03-02 12:10:51+00', '2026-03-02 12:10:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (73, 102, 3, 1003, 24, 'your_turn', '{"deadline": "2026-03-03T00:10:58+00:00", "game_id": 3, "pending": null}', '2026-03-02 12:10:58+00', '2026-03-02 12:10:58+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (74, 101, 3, 1003, 27, 'your_turn', '{"deadline": "2026-03-03T00:11:19+00:00", "game_id": 3, "pending": null}', '2026-03-02 12:11:19+00', '2026-03-02 12:11:19+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (75, 102, 3, 1003, 28, 'your_turn', '{"deadline": "2026-03-03T00:11:26+00:00", "game_id": 3, "pending": null}', '2026-03-02 12:11:26+00', '2026-03-02 12:11:26+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (76, 101, 3, 1003, 29, 'your_turn', '{"deadline": "2026-03-03T00:11:33+00:00", "game_id": 3, "pending": null}', '2026-03-02 12:11:33+00', '2026-03-02 12:11:33+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.schema_migrations VALUES (1, '2026-11-27 12:17:33.769301+00');
INSERT INTO fixture.schema_migrations VALUES (2, '2026-11-27 12:17:33.793474+00');
INSERT INTO fixture.schema_migrations VALUES (3, '2026-11-27 12:17:33.82228+00');
INSERT INTO fixture.schema_migrations VALUES (4, '2026-11-27 12:17:33.827403+00');
INSERT INTO fixture.schema_migrations VALUES (5, '2026-11-27 12:17:33.829338+00');
INSERT INTO fixture.schema_migrations VALUES (6, '2026-11-27 12:17:33.829972+00');
INSERT INTO fixture.seats VALUES (1, 101, '2026-03-02 12:00:07+00', 1, 1, 'active', 0, NULL, NULL, NULL);
INSERT INTO fixture.seats VALUES (1, 102, '2026-03-02 12:00:14+00', 2, 0, 'active', 0, NULL, NULL, NULL);
INSERT INTO fixture.seats VALUES (2, 101, '2026-03-02 12:03:58+00', 1, 1, 'active', 0, NULL, NULL, NULL);
INSERT INTO fixture.seats VALUES (2, 102, '2026-03-02 12:04:05+00', 2, 2, 'active', 0, NULL, NULL, NULL);
INSERT INTO fixture.seats VALUES (2, 103, '2026-03-02 12:04:12+00', 3, 0, 'active', 0, NULL, NULL, NULL);
INSERT INTO fixture.seats VALUES (3, 101, '2026-03-02 12:07:56+00', 1, 0, 'active', 0, NULL, NULL, NULL);
INSERT INTO fixture.seats VALUES (3, 102, '2026-03-02 12:08:03+00', 2, 1, 'active', 0, NULL, NULL, NULL);
INSERT INTO fixture.seats VALUES (4, 201, '2026-03-02 12:11:47+00', 1, NULL, 'active', 0, NULL, NULL, NULL);
INSERT INTO fixture.timers VALUES (1, 30, 1, 101, '2026-03-02 12:03:51+00', '2026-03-03 00:03:51+00', '2026-03-02 22:03:51+00', NULL);
INSERT INTO fixture.timers VALUES (2, 30, 0, 103, '2026-03-02 12:07:49+00', '2026-03-03 00:07:49+00', '2026-03-02 22:07:49+00', NULL);
INSERT INTO fixture.timers VALUES (3, 30, 0, 101, '2026-03-02 12:11:33+00', '2026-03-03 00:11:33+00', '2026-03-02 22:11:33+00', NULL);
SELECT pg_catalog.setval('fixture.games_game_id_seq', 4, true);
SELECT pg_catalog.setval('fixture.hints_id_seq', 1, false);
SELECT pg_catalog.setval('fixture.league_audit_id_seq', 1, false);
SELECT pg_catalog.setval('fixture.league_results_result_id_seq', 1, false);
SELECT pg_catalog.setval('fixture.league_tables_table_id_seq', 1, false);
SELECT pg_catalog.setval('fixture.leagues_league_id_seq', 1, false);
SELECT pg_catalog.setval('fixture.outbox_id_seq', 76, true);
SELECT pg_catalog.setval('fixture.undone_actions_id_seq', 1, false);
ALTER TABLE ONLY fixture.actions
    ADD CONSTRAINT actions_pkey PRIMARY KEY (game_id, seq);
ALTER TABLE ONLY fixture.cluster_settings
    ADD CONSTRAINT cluster_settings_pkey PRIMARY KEY (key);
ALTER TABLE ONLY fixture.games
    ADD CONSTRAINT games_create_request_key UNIQUE (create_request);
ALTER TABLE ONLY fixture.games
    ADD CONSTRAINT games_pkey PRIMARY KEY (game_id);
ALTER TABLE ONLY fixture.hints
    ADD CONSTRAINT hints_pkey PRIMARY KEY (id);
ALTER TABLE ONLY fixture.league_audit
    ADD CONSTRAINT league_audit_pkey PRIMARY KEY (id);
ALTER TABLE ONLY fixture.league_members
    ADD CONSTRAINT league_members_pkey PRIMARY KEY (league_id, user_id);
ALTER TABLE ONLY fixture.league_placements
    ADD CONSTRAINT league_placements_pkey PRIMARY KEY (result_id, user_id);
ALTER TABLE ONLY fixture.league_queue
    ADD CONSTRAINT league_queue_pkey PRIMARY KEY (league_id, user_id);
ALTER TABLE ONLY fixture.league_rating_history
    ADD CONSTRAINT league_rating_history_pkey PRIMARY KEY (league_id, user_id, result_id);
ALTER TABLE ONLY fixture.league_ratings
    ADD CONSTRAINT league_ratings_pkey PRIMARY KEY (league_id, user_id);
ALTER TABLE ONLY fixture.league_results
    ADD CONSTRAINT league_results_game_id_key UNIQUE (game_id);
ALTER TABLE ONLY fixture.league_results
    ADD CONSTRAINT league_results_pkey PRIMARY KEY (result_id);
ALTER TABLE ONLY fixture.league_rounds
    ADD CONSTRAINT league_rounds_pkey PRIMARY KEY (league_id, season, round);
ALTER TABLE ONLY fixture.league_seasons
    ADD CONSTRAINT league_seasons_pkey PRIMARY KEY (league_id, season);
ALTER TABLE ONLY fixture.league_tables
    ADD CONSTRAINT league_tables_game_id_key UNIQUE (game_id);
ALTER TABLE ONLY fixture.league_tables
    ADD CONSTRAINT league_tables_pkey PRIMARY KEY (table_id);
ALTER TABLE ONLY fixture.leagues
    ADD CONSTRAINT leagues_pkey PRIMARY KEY (league_id);
ALTER TABLE ONLY fixture.outbox
    ADD CONSTRAINT outbox_pkey PRIMARY KEY (id);
ALTER TABLE ONLY fixture.schema_migrations
    ADD CONSTRAINT schema_migrations_pkey PRIMARY KEY (version);
ALTER TABLE ONLY fixture.seats
    ADD CONSTRAINT seats_pkey PRIMARY KEY (game_id, user_id);
ALTER TABLE ONLY fixture.timers
    ADD CONSTRAINT timers_pkey PRIMARY KEY (game_id);
ALTER TABLE ONLY fixture.undone_actions
    ADD CONSTRAINT undone_actions_pkey PRIMARY KEY (id);
ALTER TABLE ONLY fixture.users
    ADD CONSTRAINT users_pkey PRIMARY KEY (user_id);
ALTER TABLE ONLY fixture.vacation_computers
    ADD CONSTRAINT vacation_computers_pkey PRIMARY KEY (user_id);
CREATE UNIQUE INDEX actions_request ON fixture.actions USING btree (game_id, request_id) WHERE (request_id IS NOT NULL);
CREATE INDEX games_channel ON fixture.games USING btree (channel_id, game_id);
CREATE INDEX games_guild ON fixture.games USING btree (guild_id);
CREATE UNIQUE INDEX games_live_channel ON fixture.games USING btree (channel_id) WHERE (status = ANY (ARRAY['lobby'::text, 'active'::text]));
CREATE INDEX hints_game ON fixture.hints USING btree (game_id, version);
CREATE INDEX league_audit_game ON fixture.league_audit USING btree (league_id, game_id);
CREATE INDEX league_members_user ON fixture.league_members USING btree (user_id);
CREATE INDEX league_placements_user ON fixture.league_placements USING btree (user_id);
CREATE INDEX league_results_league ON fixture.league_results USING btree (league_id, season, result_id);
CREATE INDEX league_rounds_open ON fixture.league_rounds USING btree (deadline) WHERE (closed_at IS NULL);
CREATE INDEX league_tables_league ON fixture.league_tables USING btree (league_id, season, round);
CREATE UNIQUE INDEX leagues_name ON fixture.leagues USING btree (guild_id, lower(name));
CREATE INDEX outbox_done ON fixture.outbox USING btree (delivered_at) WHERE (delivered_at IS NOT NULL);
CREATE INDEX outbox_pending ON fixture.outbox USING btree (deliver_after) WHERE (delivered_at IS NULL);
CREATE INDEX seats_user ON fixture.seats USING btree (user_id);
CREATE INDEX timers_due ON fixture.timers USING btree (due_at) WHERE (due_at IS NOT NULL);
CREATE INDEX timers_remind ON fixture.timers USING btree (remind_at) WHERE (remind_at IS NOT NULL);
CREATE INDEX timers_user ON fixture.timers USING btree (user_id);
CREATE INDEX undone_actions_game ON fixture.undone_actions USING btree (game_id, seq);
CREATE INDEX vacations_user ON fixture.vacations USING btree (user_id, starts_at);
CREATE TRIGGER users_added AFTER INSERT OR DELETE ON fixture.users FOR EACH ROW EXECUTE FUNCTION fixture.splendor_user_changed();
CREATE TRIGGER users_changed AFTER UPDATE ON fixture.users FOR EACH ROW WHEN ((((((((old.lang IS DISTINCT FROM new.lang) OR (old.notify IS DISTINCT FROM new.notify)) OR (old.quiet_start IS DISTINCT FROM new.quiet_start)) OR (old.quiet_end IS DISTINCT FROM new.quiet_end)) OR (old.tz IS DISTINCT FROM new.tz)) OR (old.vacation_until IS DISTINCT FROM new.vacation_until)) OR (old.name IS DISTINCT FROM new.name))) EXECUTE FUNCTION fixture.splendor_user_changed();
CREATE TRIGGER vacation_computers_changed AFTER INSERT OR DELETE OR UPDATE ON fixture.vacation_computers FOR EACH ROW EXECUTE FUNCTION fixture.splendor_user_changed();
ALTER TABLE ONLY fixture.actions
    ADD CONSTRAINT actions_game_id_fkey FOREIGN KEY (game_id) REFERENCES fixture.games(game_id);
ALTER TABLE ONLY fixture.hints
    ADD CONSTRAINT hints_game_id_fkey FOREIGN KEY (game_id) REFERENCES fixture.games(game_id);
ALTER TABLE ONLY fixture.league_members
    ADD CONSTRAINT league_members_league_id_fkey FOREIGN KEY (league_id) REFERENCES fixture.leagues(league_id);
ALTER TABLE ONLY fixture.league_placements
    ADD CONSTRAINT league_placements_result_id_fkey FOREIGN KEY (result_id) REFERENCES fixture.league_results(result_id);
ALTER TABLE ONLY fixture.league_queue
    ADD CONSTRAINT league_queue_league_id_fkey FOREIGN KEY (league_id) REFERENCES fixture.leagues(league_id);
ALTER TABLE ONLY fixture.league_ratings
    ADD CONSTRAINT league_ratings_league_id_fkey FOREIGN KEY (league_id) REFERENCES fixture.leagues(league_id);
ALTER TABLE ONLY fixture.league_results
    ADD CONSTRAINT league_results_league_id_fkey FOREIGN KEY (league_id) REFERENCES fixture.leagues(league_id);
ALTER TABLE ONLY fixture.league_rounds
    ADD CONSTRAINT league_rounds_league_id_fkey FOREIGN KEY (league_id) REFERENCES fixture.leagues(league_id);
ALTER TABLE ONLY fixture.league_seasons
    ADD CONSTRAINT league_seasons_league_id_fkey FOREIGN KEY (league_id) REFERENCES fixture.leagues(league_id);
ALTER TABLE ONLY fixture.league_tables
    ADD CONSTRAINT league_tables_game_id_fkey FOREIGN KEY (game_id) REFERENCES fixture.games(game_id);
ALTER TABLE ONLY fixture.league_tables
    ADD CONSTRAINT league_tables_league_id_fkey FOREIGN KEY (league_id) REFERENCES fixture.leagues(league_id);
ALTER TABLE ONLY fixture.seats
    ADD CONSTRAINT seats_game_id_fkey FOREIGN KEY (game_id) REFERENCES fixture.games(game_id);
ALTER TABLE ONLY fixture.timers
    ADD CONSTRAINT timers_game_id_fkey FOREIGN KEY (game_id) REFERENCES fixture.games(game_id);
ALTER TABLE ONLY fixture.undone_actions
    ADD CONSTRAINT undone_actions_game_id_fkey FOREIGN KEY (game_id) REFERENCES fixture.games(game_id);
