-- pg_dump --inserts of a database written by the last release (schema version 16, commit d2ec2b3) in
-- schema "fixture": the web demo's two leagues (as sqlite-v16-release.sql); tests/bot/service/test_old_schemas.py.
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
CREATE FUNCTION fixture.splendor_commit(g_ids bigint[], g_expect integer[], g_version integer[], g_to_act integer[], g_to_act_set boolean[], g_creator bigint[], g_status text[], g_config text[], g_started timestamp with time zone[], g_end_reason text[], g_ended timestamp with time zone[], g_snapshot text[], g_snapshot_version integer[], shard_count integer, shard_ids integer[], a_game bigint[], a_seq integer[], a_seat integer[], a_code text[], a_user bigint[], a_source text[], a_at timestamp with time zone[], a_request text[], s_game bigint[], s_user bigint[], s_seat integer[], s_status text[], s_expiries integer[], s_score integer[], s_place integer[], s_result text[], s_bank_left double precision[], s_bank_undo double precision[], t_clear bigint[], t_game bigint[], t_version integer[], t_seat integer[], t_user bigint[], t_started timestamp with time zone[], t_due timestamp with time zone[], t_remind timestamp with time zone[], t_paused double precision[], o_user bigint[], o_game bigint[], o_channel bigint[], o_version integer[], o_kind text[], o_params text[], o_created timestamp with time zone[], o_after timestamp with time zone[]) RETURNS void
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
CREATE TABLE fixture.blocks (
    user_id bigint NOT NULL,
    blocked_id bigint NOT NULL,
    created_at timestamp with time zone NOT NULL
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
    rematch_of bigint,
    seat_order text,
    bank_initial_s integer,
    bank_increment_s integer,
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
CREATE TABLE fixture.guild_defaults (
    guild_id bigint NOT NULL,
    ruleset text,
    turn_timer text,
    lang text,
    timeout_policy text,
    channel_id bigint
);
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
CREATE TABLE fixture.plans (
    game_id bigint NOT NULL,
    user_id bigint NOT NULL,
    slot integer NOT NULL,
    code text NOT NULL,
    made_at integer NOT NULL,
    created_at timestamp with time zone NOT NULL,
    target text,
    place text,
    cond text,
    CONSTRAINT plans_slot_check CHECK (((slot >= 0) AND (slot <= 2)))
);
CREATE TABLE fixture.reviews (
    game_id bigint NOT NULL,
    status text NOT NULL,
    attempts integer DEFAULT 0 NOT NULL,
    requested_at timestamp with time zone NOT NULL,
    done_at timestamp with time zone,
    made_with text,
    cpu_s double precision,
    review_json text,
    graph text,
    CONSTRAINT reviews_graph_check CHECK ((graph = ANY (ARRAY['due'::text, 'posted'::text]))),
    CONSTRAINT reviews_status_check CHECK ((status = ANY (ARRAY['pending'::text, 'done'::text, 'failed'::text])))
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
    bank_left_s double precision,
    bank_undo_s double precision,
    name text,
    CONSTRAINT seats_result_check CHECK ((result = ANY (ARRAY['win'::text, 'loss'::text, 'draw'::text]))),
    CONSTRAINT seats_status_check CHECK ((status = ANY (ARRAY['active'::text, 'resigned'::text, 'removed'::text])))
);
CREATE TABLE fixture.store_migrations (
    version integer NOT NULL,
    applied_at timestamp with time zone DEFAULT now() NOT NULL
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
CREATE TABLE fixture.web_links (
    slug text NOT NULL,
    kind text NOT NULL,
    target_id bigint NOT NULL,
    user_id bigint DEFAULT 0 NOT NULL,
    mode text DEFAULT 'off'::text NOT NULL,
    created_at timestamp with time zone NOT NULL,
    CONSTRAINT web_links_kind_check CHECK ((kind = ANY (ARRAY['league'::text, 'member'::text, 'game'::text]))),
    CONSTRAINT web_links_mode_check CHECK ((mode = ANY (ARRAY['off'::text, 'unlisted'::text, 'public'::text])))
);
ALTER TABLE ONLY fixture.games ALTER COLUMN game_id SET DEFAULT nextval('fixture.games_game_id_seq'::regclass);
ALTER TABLE ONLY fixture.hints ALTER COLUMN id SET DEFAULT nextval('fixture.hints_id_seq'::regclass);
ALTER TABLE ONLY fixture.league_audit ALTER COLUMN id SET DEFAULT nextval('fixture.league_audit_id_seq'::regclass);
ALTER TABLE ONLY fixture.league_results ALTER COLUMN result_id SET DEFAULT nextval('fixture.league_results_result_id_seq'::regclass);
ALTER TABLE ONLY fixture.league_tables ALTER COLUMN table_id SET DEFAULT nextval('fixture.league_tables_table_id_seq'::regclass);
ALTER TABLE ONLY fixture.leagues ALTER COLUMN league_id SET DEFAULT nextval('fixture.leagues_league_id_seq'::regclass);
ALTER TABLE ONLY fixture.outbox ALTER COLUMN id SET DEFAULT nextval('fixture.outbox_id_seq'::regclass);
ALTER TABLE ONLY fixture.undone_actions ALTER COLUMN id SET DEFAULT nextval('fixture.undone_actions_id_seq'::regclass);
INSERT INTO fixture.actions VALUES (1, 1, 0, 'take wug', 1003, 'player', '2026-11-29 20:48:51+00', 'demo-1-0');
INSERT INTO fixture.actions VALUES (1, 2, 1, 'take wug', 1001, 'player', '2026-11-29 20:51:51+00', 'demo-1-1');
INSERT INTO fixture.actions VALUES (1, 3, 0, 'take wug', 1003, 'player', '2026-11-29 20:56:51+00', 'demo-1-2');
INSERT INTO fixture.actions VALUES (1, 4, 1, 'take wug', 1001, 'player', '2026-11-29 20:57:51+00', 'demo-1-3');
INSERT INTO fixture.actions VALUES (1, 5, 0, 'take rk', 1003, 'player', '2026-11-29 21:01:51+00', 'demo-1-4');
INSERT INTO fixture.actions VALUES (1, 6, 1, 'take rk', 1001, 'player', '2026-11-29 21:02:51+00', 'demo-1-5');
INSERT INTO fixture.actions VALUES (1, 7, 0, 'take rk', 1003, 'player', '2026-11-29 21:03:51+00', 'demo-1-6');
INSERT INTO fixture.actions VALUES (1, 8, 1, 'take rk', 1001, 'player', '2026-11-29 21:04:51+00', 'demo-1-7');
INSERT INTO fixture.actions VALUES (1, 9, 0, 'buy 1.3', 1003, 'player', '2026-11-29 21:06:51+00', 'demo-1-8');
INSERT INTO fixture.actions VALUES (1, 10, 1, 'buy 1.3', 1001, 'player', '2026-11-29 21:11:51+00', 'demo-1-9');
INSERT INTO fixture.actions VALUES (1, 11, 0, 'take wur', 1003, 'player', '2026-11-29 21:12:51+00', 'demo-1-10');
INSERT INTO fixture.actions VALUES (1, 12, 1, 'reserve 3.1', 1001, 'player', '2026-11-29 21:13:51+00', 'demo-1-11');
INSERT INTO fixture.actions VALUES (1, 13, 0, 'reserve 2.3', 1003, 'player', '2026-11-29 21:16:51+00', 'demo-1-12');
INSERT INTO fixture.actions VALUES (1, 14, 1, 'buy 1.1', 1001, 'player', '2026-11-29 21:18:51+00', 'demo-1-13');
INSERT INTO fixture.actions VALUES (1, 15, 1, 'pay uuk', 1001, 'player', '2026-11-29 21:23:51+00', 'demo-1-14');
INSERT INTO fixture.actions VALUES (1, 16, 0, 'buy r1', 1003, 'player', '2026-11-29 21:28:51+00', 'demo-1-15');
INSERT INTO fixture.actions VALUES (1, 17, 1, 'buy 1.3', 1001, 'player', '2026-11-29 21:29:51+00', 'demo-1-16');
INSERT INTO fixture.actions VALUES (1, 18, 0, 'take wug', 1003, 'player', '2026-11-29 21:32:51+00', 'demo-1-17');
INSERT INTO fixture.actions VALUES (1, 19, 1, 'take wrk', 1001, 'player', '2026-11-29 21:37:51+00', 'demo-1-18');
INSERT INTO fixture.actions VALUES (1, 20, 0, 'take wug', 1003, 'player', '2026-11-29 21:42:51+00', 'demo-1-19');
INSERT INTO fixture.actions VALUES (1, 21, 1, 'take wug', 1001, 'player', '2026-11-29 21:47:51+00', 'demo-1-20');
INSERT INTO fixture.actions VALUES (1, 22, 0, 'buy 1.1', 1003, 'player', '2026-11-29 21:51:51+00', 'demo-1-21');
INSERT INTO fixture.actions VALUES (1, 23, 1, 'buy 1.4', 1001, 'player', '2026-11-29 21:54:51+00', 'demo-1-22');
INSERT INTO fixture.actions VALUES (1, 24, 0, 'take ugk', 1003, 'player', '2026-11-29 21:59:51+00', 'demo-1-23');
INSERT INTO fixture.actions VALUES (1, 25, 1, 'reserve 1.1', 1001, 'player', '2026-11-29 22:02:51+00', 'demo-1-24');
INSERT INTO fixture.actions VALUES (1, 26, 0, 'buy 1.2', 1003, 'player', '2026-11-29 22:04:51+00', 'demo-1-25');
INSERT INTO fixture.actions VALUES (1, 27, 1, 'buy 2.2', 1001, 'player', '2026-11-29 22:06:51+00', 'demo-1-26');
INSERT INTO fixture.actions VALUES (1, 28, 0, 'reserve 2.2', 1003, 'player', '2026-11-29 22:11:51+00', 'demo-1-27');
INSERT INTO fixture.actions VALUES (1, 29, 1, 'take ugr', 1001, 'player', '2026-11-29 22:16:51+00', 'demo-1-28');
INSERT INTO fixture.actions VALUES (1, 30, 0, 'buy r1', 1003, 'player', '2026-11-29 22:19:51+00', 'demo-1-29');
INSERT INTO fixture.actions VALUES (1, 31, 1, 'buy 1.2', 1001, 'player', '2026-11-29 22:22:51+00', 'demo-1-30');
INSERT INTO fixture.actions VALUES (1, 32, 0, 'buy 1.1', 1003, 'player', '2026-11-29 22:23:51+00', 'demo-1-31');
INSERT INTO fixture.actions VALUES (1, 33, 1, 'take ugk', 1001, 'player', '2026-11-29 22:25:51+00', 'demo-1-32');
INSERT INTO fixture.actions VALUES (1, 34, 0, 'reserve 2.2', 1003, 'player', '2026-11-29 22:27:51+00', 'demo-1-33');
INSERT INTO fixture.actions VALUES (1, 35, 1, 'buy 2.2', 1001, 'player', '2026-11-29 22:31:51+00', 'demo-1-34');
INSERT INTO fixture.actions VALUES (1, 36, 0, 'take kk', 1003, 'player', '2026-11-29 22:32:51+00', 'demo-1-35');
INSERT INTO fixture.actions VALUES (1, 37, 1, 'buy 1.4', 1001, 'player', '2026-11-29 22:35:51+00', 'demo-1-36');
INSERT INTO fixture.actions VALUES (1, 38, 0, 'take ugk', 1003, 'player', '2026-11-29 22:40:51+00', 'demo-1-37');
INSERT INTO fixture.actions VALUES (1, 39, 1, 'buy 2.2', 1001, 'player', '2026-11-29 22:45:51+00', 'demo-1-38');
INSERT INTO fixture.actions VALUES (1, 40, 0, 'buy r1', 1003, 'player', '2026-11-29 22:46:51+00', 'demo-1-39');
INSERT INTO fixture.actions VALUES (1, 41, 1, 'take rr', 1001, 'player', '2026-11-29 22:49:51+00', 'demo-1-40');
INSERT INTO fixture.actions VALUES (1, 42, 0, 'reserve 2.1', 1003, 'player', '2026-11-29 22:50:51+00', 'demo-1-41');
INSERT INTO fixture.actions VALUES (1, 43, 1, 'take wur', 1001, 'player', '2026-11-29 22:53:51+00', 'demo-1-42');
INSERT INTO fixture.actions VALUES (1, 44, 0, 'reserve 3.1', 1003, 'player', '2026-11-29 22:56:51+00', 'demo-1-43');
INSERT INTO fixture.actions VALUES (1, 45, 1, 'buy 1.3', 1001, 'player', '2026-11-29 22:59:51+00', 'demo-1-44');
INSERT INTO fixture.actions VALUES (1, 46, 0, 'take kk', 1003, 'player', '2026-11-29 23:03:51+00', 'demo-1-45');
INSERT INTO fixture.actions VALUES (1, 47, 1, 'buy 2.3', 1001, 'player', '2026-11-29 23:05:51+00', 'demo-1-46');
INSERT INTO fixture.actions VALUES (1, 48, 0, 'buy 3.1', 1003, 'player', '2026-11-29 23:09:51+00', 'demo-1-47');
INSERT INTO fixture.actions VALUES (1, 49, 1, 'take rr', 1001, 'player', '2026-11-29 23:11:51+00', 'demo-1-48');
INSERT INTO fixture.actions VALUES (1, 50, 0, 'buy 1.1', 1003, 'player', '2026-11-29 23:13:51+00', 'demo-1-49');
INSERT INTO fixture.actions VALUES (1, 51, 1, 'take wur', 1001, 'player', '2026-11-29 23:17:51+00', 'demo-1-50');
INSERT INTO fixture.actions VALUES (1, 52, 0, 'buy 2.3', 1003, 'player', '2026-11-29 23:21:51+00', 'demo-1-51');
INSERT INTO fixture.actions VALUES (1, 53, 1, 'buy r1', 1001, 'player', '2026-11-29 23:23:51+00', 'demo-1-52');
INSERT INTO fixture.actions VALUES (2, 1, 0, 'take wuk', 1003, 'player', '2026-11-30 04:27:51+00', 'demo-2-0');
INSERT INTO fixture.actions VALUES (2, 2, 1, 'take wuk', 1001, 'player', '2026-11-30 04:31:51+00', 'demo-2-1');
INSERT INTO fixture.actions VALUES (2, 3, 0, 'take wug', 1003, 'player', '2026-11-30 04:35:51+00', 'demo-2-2');
INSERT INTO fixture.actions VALUES (2, 4, 1, 'take wug', 1001, 'player', '2026-11-30 04:37:51+00', 'demo-2-3');
INSERT INTO fixture.actions VALUES (2, 5, 0, 'take grk', 1003, 'player', '2026-11-30 04:39:51+00', 'demo-2-4');
INSERT INTO fixture.actions VALUES (2, 6, 1, 'take grk', 1001, 'player', '2026-11-30 04:41:51+00', 'demo-2-5');
INSERT INTO fixture.actions VALUES (2, 7, 0, 'take r', 1003, 'player', '2026-11-30 04:42:51+00', 'demo-2-6');
INSERT INTO fixture.actions VALUES (2, 8, 1, 'take r', 1001, 'player', '2026-11-30 04:47:51+00', 'demo-2-7');
INSERT INTO fixture.actions VALUES (2, 9, 0, 'buy 1.2', 1003, 'player', '2026-11-30 04:50:51+00', 'demo-2-8');
INSERT INTO fixture.actions VALUES (2, 10, 1, 'take wur', 1001, 'player', '2026-11-30 04:51:51+00', 'demo-2-9');
INSERT INTO fixture.actions VALUES (2, 11, 1, 'return www', 1001, 'player', '2026-11-30 04:55:51+00', 'demo-2-10');
INSERT INTO fixture.actions VALUES (2, 12, 0, 'buy 1.3', 1003, 'player', '2026-11-30 05:00:51+00', 'demo-2-11');
INSERT INTO fixture.actions VALUES (2, 13, 1, 'reserve 3.2', 1001, 'player', '2026-11-30 05:02:51+00', 'demo-2-12');
INSERT INTO fixture.actions VALUES (2, 14, 1, 'return u', 1001, 'player', '2026-11-30 05:06:51+00', 'demo-2-13');
INSERT INTO fixture.actions VALUES (2, 15, 0, 'reserve 2.2', 1003, 'player', '2026-11-30 05:10:51+00', 'demo-2-14');
INSERT INTO fixture.actions VALUES (2, 16, 1, 'take ugk', 1001, 'player', '2026-11-30 05:14:51+00', 'demo-2-15');
INSERT INTO fixture.actions VALUES (2, 17, 1, 'return uuu', 1001, 'player', '2026-11-30 05:18:51+00', 'demo-2-16');
INSERT INTO fixture.actions VALUES (2, 18, 0, 'take wug', 1003, 'player', '2026-11-30 05:19:51+00', 'demo-2-17');
INSERT INTO fixture.actions VALUES (2, 19, 1, 'reserve 2.2', 1001, 'player', '2026-11-30 05:20:51+00', 'demo-2-18');
INSERT INTO fixture.actions VALUES (2, 20, 1, 'return g', 1001, 'player', '2026-11-30 05:24:51+00', 'demo-2-19');
INSERT INTO fixture.actions VALUES (2, 21, 0, 'take wug', 1003, 'player', '2026-11-30 05:25:51+00', 'demo-2-20');
INSERT INTO fixture.actions VALUES (2, 22, 0, 'return w', 1003, 'player', '2026-11-30 05:30:51+00', 'demo-2-21');
INSERT INTO fixture.actions VALUES (2, 23, 1, 'buy 2.2', 1001, 'player', '2026-11-30 05:31:51+00', 'demo-2-22');
INSERT INTO fixture.actions VALUES (2, 24, 0, 'buy 1.4', 1003, 'player', '2026-11-30 05:36:51+00', 'demo-2-23');
INSERT INTO fixture.actions VALUES (2, 25, 0, 'pay ur', 1003, 'player', '2026-11-30 05:41:51+00', 'demo-2-24');
INSERT INTO fixture.actions VALUES (2, 26, 1, 'take wug', 1001, 'player', '2026-11-30 05:44:51+00', 'demo-2-25');
INSERT INTO fixture.actions VALUES (2, 27, 0, 'buy 1.1', 1003, 'player', '2026-11-30 05:45:51+00', 'demo-2-26');
INSERT INTO fixture.actions VALUES (2, 28, 0, 'pay uuk', 1003, 'player', '2026-11-30 05:50:51+00', 'demo-2-27');
INSERT INTO fixture.actions VALUES (2, 29, 1, 'reserve 2.2', 1001, 'player', '2026-11-30 05:52:51+00', 'demo-2-28');
INSERT INTO fixture.actions VALUES (2, 30, 0, 'reserve 2.1', 1003, 'player', '2026-11-30 05:55:51+00', 'demo-2-29');
INSERT INTO fixture.actions VALUES (2, 31, 1, 'take wuk', 1001, 'player', '2026-11-30 05:59:51+00', 'demo-2-30');
INSERT INTO fixture.actions VALUES (2, 32, 0, 'buy 2.1', 1003, 'player', '2026-11-30 06:00:51+00', 'demo-2-31');
INSERT INTO fixture.actions VALUES (2, 33, 0, 'pay wggo', 1003, 'player', '2026-11-30 06:04:51+00', 'demo-2-32');
INSERT INTO fixture.actions VALUES (2, 34, 1, 'buy 2.1', 1001, 'player', '2026-11-30 06:08:51+00', 'demo-2-33');
INSERT INTO fixture.actions VALUES (2, 35, 0, 'take kk', 1003, 'player', '2026-11-30 06:09:51+00', 'demo-2-34');
INSERT INTO fixture.actions VALUES (2, 36, 1, 'take wuk', 1001, 'player', '2026-11-30 06:10:51+00', 'demo-2-35');
INSERT INTO fixture.actions VALUES (2, 37, 0, 'buy 2.4', 1003, 'player', '2026-11-30 06:13:51+00', 'demo-2-36');
INSERT INTO fixture.actions VALUES (2, 38, 1, 'take wug', 1001, 'player', '2026-11-30 06:15:51+00', 'demo-2-37');
INSERT INTO fixture.actions VALUES (2, 39, 1, 'return u', 1001, 'player', '2026-11-30 06:17:51+00', 'demo-2-38');
INSERT INTO fixture.actions VALUES (2, 40, 0, 'take rr', 1003, 'player', '2026-11-30 06:19:51+00', 'demo-2-39');
INSERT INTO fixture.actions VALUES (2, 41, 1, 'buy r2', 1001, 'player', '2026-11-30 06:24:51+00', 'demo-2-40');
INSERT INTO fixture.actions VALUES (2, 42, 0, 'take wur', 1003, 'player', '2026-11-30 06:25:51+00', 'demo-2-41');
INSERT INTO fixture.actions VALUES (2, 43, 1, 'take wug', 1001, 'player', '2026-11-30 06:30:51+00', 'demo-2-42');
INSERT INTO fixture.actions VALUES (2, 44, 0, 'buy r1', 1003, 'player', '2026-11-30 06:32:51+00', 'demo-2-43');
INSERT INTO fixture.actions VALUES (2, 45, 1, 'buy 1.1', 1001, 'player', '2026-11-30 06:34:51+00', 'demo-2-44');
INSERT INTO fixture.actions VALUES (2, 46, 0, 'buy 1.1', 1003, 'player', '2026-11-30 06:36:51+00', 'demo-2-45');
INSERT INTO fixture.actions VALUES (2, 47, 1, 'take wug', 1001, 'player', '2026-11-30 06:38:51+00', 'demo-2-46');
INSERT INTO fixture.actions VALUES (2, 48, 0, 'reserve 3.3', 1003, 'player', '2026-11-30 06:40:51+00', 'demo-2-47');
INSERT INTO fixture.actions VALUES (2, 49, 1, 'reserve 3.1', 1001, 'player', '2026-11-30 06:45:51+00', 'demo-2-48');
INSERT INTO fixture.actions VALUES (2, 50, 0, 'take rr', 1003, 'player', '2026-11-30 06:48:51+00', 'demo-2-49');
INSERT INTO fixture.actions VALUES (2, 51, 1, 'buy 1.1', 1001, 'player', '2026-11-30 06:49:51+00', 'demo-2-50');
INSERT INTO fixture.actions VALUES (2, 52, 1, 'pay gg', 1001, 'player', '2026-11-30 06:53:51+00', 'demo-2-51');
INSERT INTO fixture.actions VALUES (2, 53, 0, 'reserve 3.1', 1003, 'player', '2026-11-30 06:55:51+00', 'demo-2-52');
INSERT INTO fixture.actions VALUES (2, 54, 1, 'buy 1.2', 1001, 'player', '2026-11-30 06:59:51+00', 'demo-2-53');
INSERT INTO fixture.actions VALUES (2, 55, 1, 'pay g', 1001, 'player', '2026-11-30 07:02:51+00', 'demo-2-54');
INSERT INTO fixture.actions VALUES (2, 56, 0, 'buy 2.2', 1003, 'player', '2026-11-30 07:04:51+00', 'demo-2-55');
INSERT INTO fixture.actions VALUES (2, 57, 1, 'buy 2.2', 1001, 'player', '2026-11-30 07:06:51+00', 'demo-2-56');
INSERT INTO fixture.actions VALUES (2, 58, 0, 'buy 1.3', 1003, 'player', '2026-11-30 07:08:51+00', 'demo-2-57');
INSERT INTO fixture.actions VALUES (2, 59, 1, 'buy 1.4', 1001, 'player', '2026-11-30 07:10:51+00', 'demo-2-58');
INSERT INTO fixture.actions VALUES (2, 60, 0, 'buy 1.3', 1003, 'player', '2026-11-30 07:15:51+00', 'demo-2-59');
INSERT INTO fixture.actions VALUES (2, 61, 1, 'take wur', 1001, 'player', '2026-11-30 07:19:51+00', 'demo-2-60');
INSERT INTO fixture.actions VALUES (2, 62, 0, 'buy 1.4', 1003, 'player', '2026-11-30 07:20:51+00', 'demo-2-61');
INSERT INTO fixture.actions VALUES (2, 63, 1, 'buy 2.4', 1001, 'player', '2026-11-30 07:24:51+00', 'demo-2-62');
INSERT INTO fixture.actions VALUES (2, 64, 0, 'take wgr', 1003, 'player', '2026-11-30 07:28:51+00', 'demo-2-63');
INSERT INTO fixture.actions VALUES (2, 65, 1, 'take kk', 1001, 'player', '2026-11-30 07:32:51+00', 'demo-2-64');
INSERT INTO fixture.actions VALUES (2, 66, 0, 'buy 2.1', 1003, 'player', '2026-11-30 07:33:51+00', 'demo-2-65');
INSERT INTO fixture.actions VALUES (2, 67, 1, 'take wgr', 1001, 'player', '2026-11-30 07:37:51+00', 'demo-2-66');
INSERT INTO fixture.actions VALUES (3, 1, 0, 'take wug', 1002, 'player', '2026-11-30 12:38:51+00', 'demo-3-0');
INSERT INTO fixture.actions VALUES (3, 2, 1, 'take wug', 1001, 'player', '2026-11-30 12:43:51+00', 'demo-3-1');
INSERT INTO fixture.actions VALUES (3, 3, 0, 'take wug', 1002, 'player', '2026-11-30 12:45:51+00', 'demo-3-2');
INSERT INTO fixture.actions VALUES (3, 4, 1, 'take wug', 1001, 'player', '2026-11-30 12:48:51+00', 'demo-3-3');
INSERT INTO fixture.actions VALUES (3, 5, 0, 'take rk', 1002, 'player', '2026-11-30 12:53:51+00', 'demo-3-4');
INSERT INTO fixture.actions VALUES (3, 6, 1, 'take rk', 1001, 'player', '2026-11-30 12:54:51+00', 'demo-3-5');
INSERT INTO fixture.actions VALUES (4, 1, 0, 'take wug', 1002, 'player', '2026-11-30 17:55:51+00', 'demo-4-0');
INSERT INTO fixture.actions VALUES (4, 2, 1, 'take wug', 1001, 'player', '2026-11-30 17:57:51+00', 'demo-4-1');
INSERT INTO fixture.actions VALUES (4, 3, 0, 'take wug', 1002, 'player', '2026-11-30 17:58:51+00', 'demo-4-2');
INSERT INTO fixture.actions VALUES (4, 4, 1, 'take wug', 1001, 'player', '2026-11-30 18:00:51+00', 'demo-4-3');
INSERT INTO fixture.actions VALUES (4, 5, 0, 'reserve 2.4', 1002, 'player', '2026-11-30 18:05:51+00', 'demo-4-4');
INSERT INTO fixture.actions VALUES (4, 6, 1, 'reserve 2.2', 1001, 'player', '2026-11-30 18:10:51+00', 'demo-4-5');
INSERT INTO fixture.actions VALUES (4, 7, 0, 'reserve 1.1', 1002, 'player', '2026-11-30 18:13:51+00', 'demo-4-6');
INSERT INTO fixture.actions VALUES (4, 8, 1, 'buy r1', 1001, 'player', '2026-11-30 18:15:51+00', 'demo-4-7');
INSERT INTO fixture.actions VALUES (4, 9, 0, 'buy r1', 1002, 'player', '2026-11-30 18:18:51+00', 'demo-4-8');
INSERT INTO fixture.actions VALUES (4, 10, 1, 'take wuk', 1001, 'player', '2026-11-30 18:23:51+00', 'demo-4-9');
INSERT INTO fixture.actions VALUES (4, 11, 0, 'take wuk', 1002, 'player', '2026-11-30 18:28:51+00', 'demo-4-10');
INSERT INTO fixture.actions VALUES (4, 12, 1, 'take wuk', 1001, 'player', '2026-11-30 18:33:51+00', 'demo-4-11');
INSERT INTO fixture.actions VALUES (4, 13, 0, 'take ugr', 1002, 'player', '2026-11-30 18:38:51+00', 'demo-4-12');
INSERT INTO fixture.actions VALUES (4, 14, 1, 'take grk', 1001, 'player', '2026-11-30 18:42:51+00', 'demo-4-13');
INSERT INTO fixture.actions VALUES (4, 15, 0, 'reserve 3.1', 1002, 'player', '2026-11-30 18:47:51+00', 'demo-4-14');
INSERT INTO fixture.actions VALUES (4, 16, 1, 'reserve 2.4', 1001, 'player', '2026-11-30 18:49:51+00', 'demo-4-15');
INSERT INTO fixture.actions VALUES (4, 17, 0, 'take gr', 1002, 'player', '2026-11-30 18:51:51+00', 'demo-4-16');
INSERT INTO fixture.actions VALUES (4, 18, 1, 'reserve 1.1', 1001, 'player', '2026-11-30 18:56:51+00', 'demo-4-17');
INSERT INTO fixture.actions VALUES (4, 19, 1, 'return k', 1001, 'player', '2026-11-30 19:01:51+00', 'demo-4-18');
INSERT INTO fixture.actions VALUES (4, 20, 0, 'take grk', 1002, 'player', '2026-11-30 19:04:51+00', 'demo-4-19');
INSERT INTO fixture.actions VALUES (4, 21, 0, 'return ggg', 1002, 'player', '2026-11-30 19:05:51+00', 'demo-4-20');
INSERT INTO fixture.actions VALUES (4, 22, 1, 'buy r1', 1001, 'player', '2026-11-30 19:07:51+00', 'demo-4-21');
INSERT INTO fixture.actions VALUES (4, 23, 0, 'buy 2.4', 1002, 'player', '2026-11-30 19:10:51+00', 'demo-4-22');
INSERT INTO fixture.actions VALUES (4, 24, 1, 'take wur', 1001, 'player', '2026-11-30 19:11:51+00', 'demo-4-23');
INSERT INTO fixture.actions VALUES (4, 25, 0, 'take wug', 1002, 'player', '2026-11-30 19:16:51+00', 'demo-4-24');
INSERT INTO fixture.actions VALUES (4, 26, 1, 'take grk', 1001, 'player', '2026-11-30 19:17:51+00', 'demo-4-25');
INSERT INTO fixture.actions VALUES (4, 27, 0, 'reserve 3.2', 1002, 'player', '2026-11-30 19:20:51+00', 'demo-4-26');
INSERT INTO fixture.actions VALUES (4, 28, 1, 'reserve 2.3', 1001, 'player', '2026-11-30 19:23:51+00', 'demo-4-27');
INSERT INTO fixture.actions VALUES (4, 29, 1, 'return k', 1001, 'player', '2026-11-30 19:28:51+00', 'demo-4-28');
INSERT INTO fixture.actions VALUES (4, 30, 0, 'take grk', 1002, 'player', '2026-11-30 19:33:51+00', 'demo-4-29');
INSERT INTO fixture.actions VALUES (4, 31, 0, 'return w', 1002, 'player', '2026-11-30 19:38:51+00', 'demo-4-30');
INSERT INTO fixture.actions VALUES (4, 32, 1, 'buy r1', 1001, 'player', '2026-11-30 19:43:51+00', 'demo-4-31');
INSERT INTO fixture.actions VALUES (4, 33, 0, 'buy r1', 1002, 'player', '2026-11-30 19:47:51+00', 'demo-4-32');
INSERT INTO fixture.actions VALUES (4, 34, 1, 'buy 2.4', 1001, 'player', '2026-11-30 19:51:51+00', 'demo-4-33');
INSERT INTO fixture.actions VALUES (4, 35, 0, 'take wug', 1002, 'player', '2026-11-30 19:55:51+00', 'demo-4-34');
INSERT INTO fixture.actions VALUES (4, 36, 1, 'take ugr', 1001, 'player', '2026-11-30 19:58:51+00', 'demo-4-35');
INSERT INTO fixture.actions VALUES (4, 37, 0, 'reserve 2.1', 1002, 'player', '2026-11-30 20:00:51+00', 'demo-4-36');
INSERT INTO fixture.actions VALUES (4, 38, 1, 'buy 1.2', 1001, 'player', '2026-11-30 20:01:51+00', 'demo-4-37');
INSERT INTO fixture.actions VALUES (4, 39, 0, 'buy 2.1', 1002, 'player', '2026-11-30 20:04:51+00', 'demo-4-38');
INSERT INTO fixture.actions VALUES (4, 40, 1, 'take wrk', 1001, 'player', '2026-11-30 20:06:51+00', 'demo-4-39');
INSERT INTO fixture.actions VALUES (4, 41, 0, 'buy 1.2', 1002, 'player', '2026-11-30 20:08:51+00', 'demo-4-40');
INSERT INTO fixture.actions VALUES (4, 42, 1, 'buy 2.1', 1001, 'player', '2026-11-30 20:10:51+00', 'demo-4-41');
INSERT INTO fixture.actions VALUES (4, 43, 0, 'take wuk', 1002, 'player', '2026-11-30 20:12:51+00', 'demo-4-42');
INSERT INTO fixture.actions VALUES (4, 44, 1, 'take ugr', 1001, 'player', '2026-11-30 20:16:51+00', 'demo-4-43');
INSERT INTO fixture.actions VALUES (4, 45, 0, 'take ugk', 1002, 'player', '2026-11-30 20:18:51+00', 'demo-4-44');
INSERT INTO fixture.actions VALUES (4, 46, 1, 'take ugr', 1001, 'player', '2026-11-30 20:20:51+00', 'demo-4-45');
INSERT INTO fixture.actions VALUES (4, 47, 0, 'buy 1.3', 1002, 'player', '2026-11-30 20:25:51+00', 'demo-4-46');
INSERT INTO fixture.actions VALUES (4, 48, 1, 'buy 1.3', 1001, 'player', '2026-11-30 20:28:51+00', 'demo-4-47');
INSERT INTO fixture.actions VALUES (4, 49, 0, 'buy 1.2', 1002, 'player', '2026-11-30 20:30:51+00', 'demo-4-48');
INSERT INTO fixture.actions VALUES (4, 50, 1, 'buy 2.2', 1001, 'player', '2026-11-30 20:33:51+00', 'demo-4-49');
INSERT INTO fixture.actions VALUES (4, 51, 0, 'buy 1.2', 1002, 'player', '2026-11-30 20:36:51+00', 'demo-4-50');
INSERT INTO fixture.actions VALUES (4, 52, 1, 'buy 1.3', 1001, 'player', '2026-11-30 20:39:51+00', 'demo-4-51');
INSERT INTO fixture.actions VALUES (4, 53, 0, 'take rr', 1002, 'player', '2026-11-30 20:43:51+00', 'demo-4-52');
INSERT INTO fixture.actions VALUES (4, 54, 1, 'buy 1.3', 1001, 'player', '2026-11-30 20:47:51+00', 'demo-4-53');
INSERT INTO fixture.actions VALUES (4, 55, 0, 'buy 2.3', 1002, 'player', '2026-11-30 20:52:51+00', 'demo-4-54');
INSERT INTO fixture.actions VALUES (4, 56, 1, 'buy 1.3', 1001, 'player', '2026-11-30 20:57:51+00', 'demo-4-55');
INSERT INTO fixture.actions VALUES (4, 57, 0, 'buy 1.2', 1002, 'player', '2026-11-30 20:58:51+00', 'demo-4-56');
INSERT INTO fixture.actions VALUES (4, 58, 1, 'reserve 1.1', 1001, 'player', '2026-11-30 20:59:51+00', 'demo-4-57');
INSERT INTO fixture.actions VALUES (4, 59, 0, 'take rr', 1002, 'player', '2026-11-30 21:02:51+00', 'demo-4-58');
INSERT INTO fixture.actions VALUES (4, 60, 1, 'buy r1', 1001, 'player', '2026-11-30 21:03:51+00', 'demo-4-59');
INSERT INTO fixture.actions VALUES (4, 61, 0, 'take wur', 1002, 'player', '2026-11-30 21:06:51+00', 'demo-4-60');
INSERT INTO fixture.actions VALUES (4, 62, 1, 'buy 1.3', 1001, 'player', '2026-11-30 21:10:51+00', 'demo-4-61');
INSERT INTO fixture.actions VALUES (4, 63, 0, 'buy r3', 1002, 'player', '2026-11-30 21:14:51+00', 'demo-4-62');
INSERT INTO fixture.actions VALUES (4, 64, 1, 'buy 2.2', 1001, 'player', '2026-11-30 21:19:51+00', 'demo-4-63');
INSERT INTO fixture.actions VALUES (5, 1, 0, 'take wuk', 1004, 'player', '2026-11-30 21:22:51+00', 'demo-5-0');
INSERT INTO fixture.actions VALUES (5, 2, 1, 'take wuk', 1003, 'player', '2026-11-30 21:24:51+00', 'demo-5-1');
INSERT INTO fixture.actions VALUES (5, 3, 0, 'take wug', 1004, 'player', '2026-11-30 21:25:51+00', 'demo-5-2');
INSERT INTO fixture.actions VALUES (5, 4, 1, 'take wug', 1003, 'player', '2026-11-30 21:26:51+00', 'demo-5-3');
INSERT INTO fixture.actions VALUES (5, 5, 0, 'take grk', 1004, 'player', '2026-11-30 21:29:51+00', 'demo-5-4');
INSERT INTO fixture.actions VALUES (5, 6, 1, 'take grk', 1003, 'player', '2026-11-30 21:34:51+00', 'demo-5-5');
INSERT INTO fixture.actions VALUES (5, 7, 0, 'buy 1.4', 1004, 'player', '2026-11-30 21:35:51+00', 'demo-5-6');
INSERT INTO fixture.actions VALUES (5, 8, 1, 'reserve 2.1', 1003, 'player', '2026-11-30 21:36:51+00', 'demo-5-7');
INSERT INTO fixture.actions VALUES (5, 9, 0, 'take ugr', 1004, 'player', '2026-11-30 21:37:51+00', 'demo-5-8');
INSERT INTO fixture.actions VALUES (5, 10, 1, 'reserve 1.1', 1003, 'player', '2026-11-30 21:42:51+00', 'demo-5-9');
INSERT INTO fixture.actions VALUES (5, 11, 1, 'return g', 1003, 'player', '2026-11-30 21:45:51+00', 'demo-5-10');
INSERT INTO fixture.actions VALUES (5, 12, 0, 'reserve 2.4', 1004, 'player', '2026-11-30 21:46:51+00', 'demo-5-11');
INSERT INTO fixture.actions VALUES (5, 13, 1, 'reserve 1.1', 1003, 'player', '2026-11-30 21:47:51+00', 'demo-5-12');
INSERT INTO fixture.actions VALUES (5, 14, 1, 'return w', 1003, 'player', '2026-11-30 21:50:51+00', 'demo-5-13');
INSERT INTO fixture.actions VALUES (5, 15, 0, 'buy 1.3', 1004, 'player', '2026-11-30 21:52:51+00', 'demo-5-14');
INSERT INTO fixture.actions VALUES (5, 16, 1, 'buy 2.1', 1003, 'player', '2026-11-30 21:55:51+00', 'demo-5-15');
INSERT INTO fixture.actions VALUES (5, 17, 0, 'take wgr', 1004, 'player', '2026-11-30 22:00:51+00', 'demo-5-16');
INSERT INTO fixture.actions VALUES (5, 18, 1, 'buy 1.3', 1003, 'player', '2026-11-30 22:03:51+00', 'demo-5-17');
INSERT INTO fixture.actions VALUES (5, 19, 0, 'buy 2.4', 1004, 'player', '2026-11-30 22:08:51+00', 'demo-5-18');
INSERT INTO fixture.actions VALUES (5, 20, 1, 'take wuk', 1003, 'player', '2026-11-30 22:11:51+00', 'demo-5-19');
INSERT INTO fixture.actions VALUES (5, 21, 0, 'take ugk', 1004, 'player', '2026-11-30 22:12:51+00', 'demo-5-20');
INSERT INTO fixture.actions VALUES (5, 22, 1, 'take ugr', 1003, 'player', '2026-11-30 22:13:51+00', 'demo-5-21');
INSERT INTO fixture.actions VALUES (5, 23, 0, 'buy r1', 1004, 'player', '2026-11-30 22:14:51+00', 'demo-5-22');
INSERT INTO fixture.actions VALUES (5, 24, 1, 'take ugk', 1003, 'player', '2026-11-30 22:19:51+00', 'demo-5-23');
INSERT INTO fixture.actions VALUES (5, 25, 1, 'return k', 1003, 'player', '2026-11-30 22:21:51+00', 'demo-5-24');
INSERT INTO fixture.actions VALUES (5, 26, 0, 'reserve 2.4', 1004, 'player', '2026-11-30 22:22:51+00', 'demo-5-25');
INSERT INTO fixture.actions VALUES (5, 27, 1, 'buy r3', 1003, 'player', '2026-11-30 22:26:51+00', 'demo-5-26');
INSERT INTO fixture.actions VALUES (5, 28, 0, 'reserve 3.4', 1004, 'player', '2026-11-30 22:31:51+00', 'demo-5-27');
INSERT INTO fixture.actions VALUES (5, 29, 1, 'take wgk', 1003, 'player', '2026-11-30 22:33:51+00', 'demo-5-28');
INSERT INTO fixture.actions VALUES (5, 30, 0, 'buy r1', 1004, 'player', '2026-11-30 22:36:51+00', 'demo-5-29');
INSERT INTO fixture.actions VALUES (5, 31, 1, 'buy 2.1', 1003, 'player', '2026-11-30 22:38:51+00', 'demo-5-30');
INSERT INTO fixture.actions VALUES (5, 32, 0, 'take wgr', 1004, 'player', '2026-11-30 22:41:51+00', 'demo-5-31');
INSERT INTO fixture.actions VALUES (5, 33, 1, 'take wug', 1003, 'player', '2026-11-30 22:43:51+00', 'demo-5-32');
INSERT INTO fixture.actions VALUES (5, 34, 0, 'buy 1.1', 1004, 'player', '2026-11-30 22:44:51+00', 'demo-5-33');
INSERT INTO fixture.actions VALUES (5, 35, 1, 'take wgr', 1003, 'player', '2026-11-30 22:48:51+00', 'demo-5-34');
INSERT INTO fixture.actions VALUES (5, 36, 0, 'take wrk', 1004, 'player', '2026-11-30 22:49:51+00', 'demo-5-35');
INSERT INTO fixture.actions VALUES (5, 37, 1, 'buy 2.4', 1003, 'player', '2026-11-30 22:53:51+00', 'demo-5-36');
INSERT INTO fixture.actions VALUES (5, 38, 0, 'buy 1.2', 1004, 'player', '2026-11-30 22:58:51+00', 'demo-5-37');
INSERT INTO fixture.actions VALUES (5, 39, 1, 'buy r2', 1003, 'player', '2026-11-30 23:01:51+00', 'demo-5-38');
INSERT INTO fixture.actions VALUES (5, 40, 0, 'buy 1.4', 1004, 'player', '2026-11-30 23:05:51+00', 'demo-5-39');
INSERT INTO fixture.actions VALUES (5, 41, 1, 'take wug', 1003, 'player', '2026-11-30 23:07:51+00', 'demo-5-40');
INSERT INTO fixture.actions VALUES (5, 42, 0, 'buy 1.4', 1004, 'player', '2026-11-30 23:11:51+00', 'demo-5-41');
INSERT INTO fixture.actions VALUES (5, 43, 1, 'buy 1.3', 1003, 'player', '2026-11-30 23:14:51+00', 'demo-5-42');
INSERT INTO fixture.actions VALUES (5, 44, 0, 'reserve 2.3', 1004, 'player', '2026-11-30 23:17:51+00', 'demo-5-43');
INSERT INTO fixture.actions VALUES (5, 45, 1, 'take wug', 1003, 'player', '2026-11-30 23:19:51+00', 'demo-5-44');
INSERT INTO fixture.actions VALUES (5, 46, 0, 'reserve 2.1', 1004, 'player', '2026-11-30 23:22:51+00', 'demo-5-45');
INSERT INTO fixture.actions VALUES (5, 47, 1, 'buy r1', 1003, 'player', '2026-11-30 23:25:51+00', 'demo-5-46');
INSERT INTO fixture.actions VALUES (5, 48, 0, 'buy r3', 1004, 'player', '2026-11-30 23:26:51+00', 'demo-5-47');
INSERT INTO fixture.actions VALUES (5, 49, 1, 'take uu', 1003, 'player', '2026-11-30 23:30:51+00', 'demo-5-48');
INSERT INTO fixture.actions VALUES (5, 50, 0, 'buy 1.4', 1004, 'player', '2026-11-30 23:34:51+00', 'demo-5-49');
INSERT INTO fixture.actions VALUES (5, 51, 1, 'take wug', 1003, 'player', '2026-11-30 23:39:51+00', 'demo-5-50');
INSERT INTO fixture.actions VALUES (5, 52, 0, 'reserve 3.1', 1004, 'player', '2026-11-30 23:41:51+00', 'demo-5-51');
INSERT INTO fixture.actions VALUES (5, 53, 1, 'buy 2.1', 1003, 'player', '2026-11-30 23:42:51+00', 'demo-5-52');
INSERT INTO fixture.actions VALUES (5, 54, 0, 'buy 1.4', 1004, 'player', '2026-11-30 23:43:51+00', 'demo-5-53');
INSERT INTO fixture.actions VALUES (5, 55, 1, 'buy 1.3', 1003, 'player', '2026-11-30 23:47:51+00', 'demo-5-54');
INSERT INTO fixture.actions VALUES (5, 56, 0, 'take kk', 1004, 'player', '2026-11-30 23:51:51+00', 'demo-5-55');
INSERT INTO fixture.actions VALUES (5, 57, 1, 'reserve 2.4', 1003, 'player', '2026-11-30 23:54:51+00', 'demo-5-56');
INSERT INTO fixture.actions VALUES (5, 58, 0, 'take wuk', 1004, 'player', '2026-11-30 23:56:51+00', 'demo-5-57');
INSERT INTO fixture.actions VALUES (5, 59, 1, 'take wug', 1003, 'player', '2026-12-01 00:01:51+00', 'demo-5-58');
INSERT INTO fixture.actions VALUES (5, 60, 0, 'buy r1', 1004, 'player', '2026-12-01 00:06:51+00', 'demo-5-59');
INSERT INTO fixture.actions VALUES (5, 61, 1, 'buy 3.1', 1003, 'player', '2026-12-01 00:09:51+00', 'demo-5-60');
INSERT INTO fixture.actions VALUES (6, 1, 0, 'take wug', 1001, 'player', '2026-12-01 02:11:51+00', 'demo-6-0');
INSERT INTO fixture.actions VALUES (6, 2, 1, 'take wug', 1003, 'player', '2026-12-01 02:16:51+00', 'demo-6-1');
INSERT INTO fixture.actions VALUES (6, 3, 0, 'take wug', 1001, 'player', '2026-12-01 02:21:51+00', 'demo-6-2');
INSERT INTO fixture.actions VALUES (6, 4, 1, 'take wug', 1003, 'player', '2026-12-01 02:22:51+00', 'demo-6-3');
INSERT INTO fixture.actions VALUES (6, 5, 0, 'reserve 3.2', 1001, 'player', '2026-12-01 02:23:51+00', 'demo-6-4');
INSERT INTO fixture.actions VALUES (6, 6, 1, 'reserve 2.1', 1003, 'player', '2026-12-01 02:26:51+00', 'demo-6-5');
INSERT INTO fixture.actions VALUES (6, 7, 0, 'reserve 2.1', 1001, 'player', '2026-12-01 02:30:51+00', 'demo-6-6');
INSERT INTO fixture.actions VALUES (6, 8, 1, 'buy r1', 1003, 'player', '2026-12-01 02:35:51+00', 'demo-6-7');
INSERT INTO fixture.actions VALUES (6, 9, 0, 'buy 1.1', 1001, 'player', '2026-12-01 02:36:51+00', 'demo-6-8');
INSERT INTO fixture.actions VALUES (6, 10, 1, 'take wuk', 1003, 'player', '2026-12-01 02:40:51+00', 'demo-6-9');
INSERT INTO fixture.actions VALUES (7, 1, 0, 'take wug', 1004, 'player', '2026-12-01 02:41:51+00', 'demo-7-0');
INSERT INTO fixture.actions VALUES (7, 2, 1, 'take wug', 1002, 'player', '2026-12-01 02:42:51+00', 'demo-7-1');
INSERT INTO fixture.actions VALUES (7, 3, 0, 'take wug', 1004, 'player', '2026-12-01 02:44:51+00', 'demo-7-2');
INSERT INTO fixture.actions VALUES (7, 4, 1, 'take wug', 1002, 'player', '2026-12-01 02:46:51+00', 'demo-7-3');
INSERT INTO fixture.actions VALUES (7, 5, 0, 'take rk', 1004, 'player', '2026-12-01 02:50:51+00', 'demo-7-4');
INSERT INTO fixture.actions VALUES (7, 6, 1, 'take rk', 1002, 'player', '2026-12-01 02:51:51+00', 'demo-7-5');
INSERT INTO fixture.actions VALUES (7, 7, 0, 'take rk', 1004, 'player', '2026-12-01 02:54:51+00', 'demo-7-6');
INSERT INTO fixture.actions VALUES (7, 8, 1, 'take rk', 1002, 'player', '2026-12-01 02:59:51+00', 'demo-7-7');
INSERT INTO fixture.actions VALUES (7, 9, 0, 'buy 1.4', 1004, 'player', '2026-12-01 03:00:51+00', 'demo-7-8');
INSERT INTO fixture.actions VALUES (7, 10, 1, 'reserve 3.2', 1002, 'player', '2026-12-01 03:03:51+00', 'demo-7-9');
INSERT INTO fixture.actions VALUES (7, 11, 1, 'return w', 1002, 'player', '2026-12-01 03:06:51+00', 'demo-7-10');
INSERT INTO fixture.games VALUES (1, 1, 10000, 1003, 'base', 2, '{}', NULL, 'skip', 3, true, 159121178580, 'over', '{"options": {}, "players": 2, "rules_version": 2, "ruleset": "base", "seed": 159121178580}', 53, NULL, '{"format":1,"config":{"ruleset":"base","players":2,"seed":159121178580,"options":{},"rules_version":2},"history":[[0,"take wug"],[1,"take wug"],[0,"take wug"],[1,"take wug"],[0,"take rk"],[1,"take rk"],[0,"take rk"],[1,"take rk"],[0,"buy 1.3"],[1,"buy 1.3"],[0,"take wur"],[1,"reserve 3.1"],[0,"reserve 2.3"],[1,"buy 1.1"],[1,"pay uuk"],[0,"buy r1"],[1,"buy 1.3"],[0,"take wug"],[1,"take wrk"],[0,"take wug"],[1,"take wug"],[0,"buy 1.1"],[1,"buy 1.4"],[0,"take ugk"],[1,"reserve 1.1"],[0,"buy 1.2"],[1,"buy 2.2"],[0,"reserve 2.2"],[1,"take ugr"],[0,"buy r1"],[1,"buy 1.2"],[0,"buy 1.1"],[1,"take ugk"],[0,"reserve 2.2"],[1,"buy 2.2"],[0,"take kk"],[1,"buy 1.4"],[0,"take ugk"],[1,"buy 2.2"],[0,"buy r1"],[1,"take rr"],[0,"reserve 2.1"],[1,"take wur"],[0,"reserve 3.1"],[1,"buy 1.3"],[0,"take kk"],[1,"buy 2.3"],[0,"buy 3.1"],[1,"take rr"],[0,"buy 1.1"],[1,"take wur"],[0,"buy 2.3"],[1,"buy r1"]],"state":{"bank":[0,3,4,4,4,5],"rows":[[37,14,28,16],[41,56,67,54],[84,80,70,79]],"decks":[[29,20,3,34,21,0,8,10,1,5,26,19,15,30,32,9,25,12,23,39,11,13,24],[61,40,50,49,46,43,57,53,55,45,47,66,44,62,51,68,59],[73,77,88,74,76,78,75,86,87,81,85,72,82]],"odecks":[[],[],[]],"nobles":[6,2,4],"noble_at":[-1,1,-1],"hown":[[-1,-1,-1,-1],[-1,-1,-1,-1],[-1,-1,-1,-1]],"hcnt":[[0,0,0,0],[0,0,0,0],[0,0,0,0]],"players":[{"tokens":[2,0,0,0,0,0],"bonus":[3,0,2,1,4],"cards":[35,52,7,6,58,36,69,71,18,65],"joker":[],"goldcards":0,"reserved":[48,83],"blind":[false,false],"nobles":[],"rnobles":[],"points":11,"supply":0},{"tokens":[2,1,0,0,0,0],"bonus":[3,0,1,4,4],"cards":[33,2,31,27,42,38,60,17,64,4,63,89],"joker":[],"goldcards":0,"reserved":[22],"blind":[false],"nobles":[1],"rnobles":[],"points":17,"supply":0}],"discarded":[],"current":1,"pending":null,"steps":[],"turn":52,"final_round":true,"over":true,"passes":0,"conquest_used":false,"turn_start":77,"actions":[[0,"take wug"],[1,"take wug"],[0,"take wug"],[1,"take wug"],[0,"take rk"],[1,"take rk"],[0,"take rk"],[1,"take rk"],[0,"buy 1.3"],[1,"buy 1.3"],[0,"take wur"],[1,"reserve 3.1"],[0,"reserve 2.3"],[1,"buy 1.1"],[1,"pay uuk"],[0,"buy r1"],[1,"buy 1.3"],[0,"take wug"],[1,"take wrk"],[0,"take wug"],[1,"take wug"],[0,"buy 1.1"],[1,"buy 1.4"],[0,"take ugk"],[1,"reserve 1.1"],[0,"buy 1.2"],[1,"buy 2.2"],[0,"reserve 2.2"],[1,"take ugr"],[0,"buy r1"],[1,"buy 1.2"],[0,"buy 1.1"],[1,"take ugk"],[0,"reserve 2.2"],[1,"buy 2.2"],[0,"take kk"],[1,"buy 1.4"],[0,"take ugk"],[1,"buy 2.2"],[0,"buy r1"],[1,"take rr"],[0,"reserve 2.1"],[1,"take wur"],[0,"reserve 3.1"],[1,"buy 1.3"],[0,"take kk"],[1,"buy 2.3"],[0,"buy 3.1"],[1,"take rr"],[0,"buy 1.1"],[1,"take wur"],[0,"buy 2.3"],[1,"buy r1"]],"events":[{"kind":"take","seat":0,"params":{"tokens":"wug"}},{"kind":"take","seat":1,"params":{"tokens":"wug"}},{"kind":"take","seat":0,"params":{"tokens":"wug"}},{"kind":"take","seat":1,"params":{"tokens":"wug"}},{"kind":"take","seat":0,"params":{"tokens":"rk"}},{"kind":"take","seat":1,"params":{"tokens":"rk"}},{"kind":"take","seat":0,"params":{"tokens":"rk"}},{"kind":"take","seat":1,"params":{"tokens":"rk"}},{"kind":"buy","seat":0,"params":{"card":"1-36","source":"1.3","paid":"wugr"}},{"kind":"refill","seat":null,"params":{"slot":"1.3","card":"1-34"}},{"kind":"buy","seat":1,"params":{"card":"1-34","source":"1.3","paid":"ggr"}},{"kind":"refill","seat":null,"params":{"slot":"1.3","card":"1-32"}},{"kind":"take","seat":0,"params":{"tokens":"wur"}},{"kind":"reserve","seat":1,"params":{"card":"3-20","level":3,"source":"3.1","blind":false,"gold":true}},{"kind":"refill","seat":null,"params":{"slot":"3.1","card":"3-14"}},{"kind":"reserve","seat":0,"params":{"card":"2-13","level":2,"source":"2.3","blind":false,"gold":true}},{"kind":"refill","seat":null,"params":{"slot":"2.3","card":"2-24"}},{"kind":"buy","seat":1,"params":{"card":"1-03","source":"1.1","paid":"uuk"}},{"kind":"refill","seat":null,"params":{"slot":"1.1","card":"1-08"}},{"kind":"buy","seat":0,"params":{"card":"2-13","source":"r1","paid":"wwuuko"}},{"kind":"buy","seat":1,"params":{"card":"1-32","source":"1.3","paid":"wwo"}},{"kind":"refill","seat":null,"params":{"slot":"1.3","card":"1-05"}},{"kind":"take","seat":0,"params":{"tokens":"wug"}},{"kind":"take","seat":1,"params":{"tokens":"wrk"}},{"kind":"take","seat":0,"params":{"tokens":"wug"}},{"kind":"take","seat":1,"params":{"tokens":"wug"}},{"kind":"buy","seat":0,"params":{"card":"1-08","source":"1.1","paid":"ggg"}},{"kind":"refill","seat":null,"params":{"slot":"1.1","card":"1-23"}},{"kind":"buy","seat":1,"params":{"card":"1-28","source":"1.4","paid":"ug"}},{"kind":"refill","seat":null,"params":{"slot":"1.4","card":"1-18"}},{"kind":"take","seat":0,"params":{"tokens":"ugk"}},{"kind":"reserve","seat":1,"params":{"card":"1-23","level":1,"source":"1.1","blind":false,"gold":true}},{"kind":"refill","seat":null,"params":{"slot":"1.1","card":"1-37"}},{"kind":"buy","seat":0,"params":{"card":"1-07","source":"1.2","paid":"ugr"}},{"kind":"refill","seat":null,"params":{"slot":"1.2","card":"1-39"}},{"kind":"buy","seat":1,"params":{"card":"2-03","source":"2.2","paid":"rro"}},{"kind":"refill","seat":null,"params":{"slot":"2.2","card":"2-19"}},{"kind":"reserve","seat":0,"params":{"card":"2-19","level":2,"source":"2.2","blind":false,"gold":true}},{"kind":"refill","seat":null,"params":{"slot":"2.2","card":"2-30"}},{"kind":"take","seat":1,"params":{"tokens":"ugr"}},{"kind":"buy","seat":0,"params":{"card":"2-19","source":"r1","paid":"rkko"}},{"kind":"buy","seat":1,"params":{"card":"1-39","source":"1.2","paid":"gr"}},{"kind":"refill","seat":null,"params":{"slot":"1.2","card":"1-15"}},{"kind":"buy","seat":0,"params":{"card":"1-37","source":"1.1","paid":"uu"}},{"kind":"refill","seat":null,"params":{"slot":"1.1","card":"1-19"}},{"kind":"take","seat":1,"params":{"tokens":"ugk"}},{"kind":"reserve","seat":0,"params":{"card":"2-30","level":2,"source":"2.2","blind":false,"gold":true}},{"kind":"refill","seat":null,"params":{"slot":"2.2","card":"2-21"}},{"kind":"buy","seat":1,"params":{"card":"2-21","source":"2.2","paid":"kkk"}},{"kind":"refill","seat":null,"params":{"slot":"2.2","card":"2-25"}},{"kind":"take","seat":0,"params":{"tokens":"kk"}},{"kind":"buy","seat":1,"params":{"card":"1-18","source":"1.4","paid":""}},{"kind":"refill","seat":null,"params":{"slot":"1.4","card":"1-17"}},{"kind":"take","seat":0,"params":{"tokens":"ugk"}},{"kind":"buy","seat":1,"params":{"card":"2-25","source":"2.2","paid":"wuug"}},{"kind":"refill","seat":null,"params":{"slot":"2.2","card":"2-17"}},{"kind":"buy","seat":0,"params":{"card":"2-30","source":"r1","paid":"kkko"}},{"kind":"take","seat":1,"params":{"tokens":"rr"}},{"kind":"reserve","seat":0,"params":{"card":"2-09","level":2,"source":"2.1","blind":false,"gold":true}},{"kind":"refill","seat":null,"params":{"slot":"2.1","card":"2-02"}},{"kind":"take","seat":1,"params":{"tokens":"wur"}},{"kind":"reserve","seat":0,"params":{"card":"3-14","level":3,"source":"3.1","blind":false,"gold":true}},{"kind":"refill","seat":null,"params":{"slot":"3.1","card":"3-02"}},{"kind":"buy","seat":1,"params":{"card":"1-05","source":"1.3","paid":"wu"}},{"kind":"refill","seat":null,"params":{"slot":"1.3","card":"1-29"}},{"kind":"noble","seat":1,"params":{"noble":"N3","position":2}},{"kind":"take","seat":0,"params":{"tokens":"kk"}},{"kind":"buy","seat":1,"params":{"card":"2-24","source":"2.3","paid":"rrr"}},{"kind":"refill","seat":null,"params":{"slot":"2.3","card":"2-26"}},{"kind":"buy","seat":0,"params":{"card":"3-02","source":"3.1","paid":"kkoo"}},{"kind":"refill","seat":null,"params":{"slot":"3.1","card":"3-15"}},{"kind":"take","seat":1,"params":{"tokens":"rr"}},{"kind":"buy","seat":0,"params":{"card":"1-19","source":"1.1","paid":"u"}},{"kind":"refill","seat":null,"params":{"slot":"1.1","card":"1-38"}},{"kind":"take","seat":1,"params":{"tokens":"wur"}},{"kind":"buy","seat":0,"params":{"card":"2-26","source":"2.3","paid":"g"}},{"kind":"refill","seat":null,"params":{"slot":"2.3","card":"2-28"}},{"kind":"buy","seat":1,"params":{"card":"3-20","source":"r1","paid":"rrr"}},{"kind":"final_round","seat":1,"params":{"points":17}},{"kind":"game_over","seat":null,"params":{"winners":[1],"scores":[11,17]}}]}}', 53, 'finished', 'league-table:1', '2026-11-29 20:48:51+00', '2026-11-29 20:48:51+00', '2026-11-29 23:23:51+00', NULL, NULL, NULL, NULL, NULL, NULL, NULL);
INSERT INTO fixture.games VALUES (3, 1, 10002, 1002, 'base', 2, '{}', NULL, 'skip', 3, true, 283438259343, 'active', '{"options": {}, "players": 2, "rules_version": 2, "ruleset": "base", "seed": 283438259343}', 6, 0, '{"format":1,"config":{"ruleset":"base","players":2,"seed":283438259343,"options":{},"rules_version":2},"history":[],"state":{"bank":[4,4,4,4,4,5],"rows":[[9,39,25,7],[59,56,61,47],[81,82,85,83]],"decks":[[6,16,33,1,17,0,31,13,3,32,37,21,15,10,20,36,24,38,29,11,8,4,14,5,34,19,2,22,12,27,35,28,26,30,23,18],[52,62,64,57,53,60,58,63,40,44,65,68,51,67,66,69,50,55,45,46,49,42,48,43,41,54],[78,84,80,89,75,88,76,70,71,79,73,74,87,77,86,72]],"odecks":[[],[],[]],"nobles":[0,1,2],"noble_at":[-1,-1,-1],"hown":[[-1,-1,-1,-1],[-1,-1,-1,-1],[-1,-1,-1,-1]],"hcnt":[[0,0,0,0],[0,0,0,0],[0,0,0,0]],"players":[{"tokens":[0,0,0,0,0,0],"bonus":[0,0,0,0,0],"cards":[],"joker":[],"goldcards":0,"reserved":[],"blind":[],"nobles":[],"rnobles":[],"points":0,"supply":0},{"tokens":[0,0,0,0,0,0],"bonus":[0,0,0,0,0],"cards":[],"joker":[],"goldcards":0,"reserved":[],"blind":[],"nobles":[],"rnobles":[],"points":0,"supply":0}],"discarded":[],"current":0,"pending":null,"steps":[],"turn":0,"final_round":false,"over":false,"passes":0,"conquest_used":false,"turn_start":0,"actions":[],"events":[]}}', 0, NULL, 'league-table:3', '2026-11-30 12:38:51+00', '2026-11-30 12:38:51+00', NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL);
INSERT INTO fixture.games VALUES (2, 1, 10001, 1003, 'base', 2, '{}', NULL, 'skip', 3, true, 948411585242, 'over', '{"options": {}, "players": 2, "rules_version": 2, "ruleset": "base", "seed": 948411585242}', 67, NULL, '{"format":1,"config":{"ruleset":"base","players":2,"seed":948411585242,"options":{},"rules_version":2},"history":[[0,"take wuk"],[1,"take wuk"],[0,"take wug"],[1,"take wug"],[0,"take grk"],[1,"take grk"],[0,"take r"],[1,"take r"],[0,"buy 1.2"],[1,"take wur"],[1,"return www"],[0,"buy 1.3"],[1,"reserve 3.2"],[1,"return u"],[0,"reserve 2.2"],[1,"take ugk"],[1,"return uuu"],[0,"take wug"],[1,"reserve 2.2"],[1,"return g"],[0,"take wug"],[0,"return w"],[1,"buy 2.2"],[0,"buy 1.4"],[0,"pay ur"],[1,"take wug"],[0,"buy 1.1"],[0,"pay uuk"],[1,"reserve 2.2"],[0,"reserve 2.1"],[1,"take wuk"],[0,"buy 2.1"],[0,"pay wggo"],[1,"buy 2.1"],[0,"take kk"],[1,"take wuk"],[0,"buy 2.4"],[1,"take wug"],[1,"return u"],[0,"take rr"],[1,"buy r2"],[0,"take wur"],[1,"take wug"],[0,"buy r1"],[1,"buy 1.1"],[0,"buy 1.1"],[1,"take wug"],[0,"reserve 3.3"],[1,"reserve 3.1"],[0,"take rr"],[1,"buy 1.1"],[1,"pay gg"],[0,"reserve 3.1"],[1,"buy 1.2"],[1,"pay g"],[0,"buy 2.2"],[1,"buy 2.2"],[0,"buy 1.3"],[1,"buy 1.4"],[0,"buy 1.3"],[1,"take wur"],[0,"buy 1.4"],[1,"buy 2.4"],[0,"take wgr"],[1,"take kk"],[0,"buy 2.1"],[1,"take wgr"]],"state":{"bank":[1,0,2,3,2,5],"rows":[[17,16,22,25],[53,47,50,49],[74,88,86,77]],"decks":[[8,12,24,0,28,1,30,36,20,21,37,39,10,9,11,6,29,19,26,13,23,7,34,4],[54,41,59,69,48,61,45,42,64,57,67,56,58,68],[78,72,84,82,85,83,79,87,75,73,76,70]],"odecks":[[],[],[]],"nobles":[6,7,2],"noble_at":[-1,-1,0],"hown":[[-1,-1,-1,-1],[-1,-1,-1,-1],[-1,-1,-1,-1]],"hcnt":[[0,0,0,0],[0,0,0,0],[0,0,0,0]],"players":[{"tokens":[1,0,1,0,0,0],"bonus":[4,1,1,4,3],"cards":[18,32,3,2,65,62,43,27,63,38,31,15,44],"joker":[],"goldcards":0,"reserved":[51,81,80],"blind":[false,false,false],"nobles":[2],"rnobles":[],"points":15,"supply":0},{"tokens":[2,4,1,1,2,0],"bonus":[2,2,2,1,2],"cards":[46,60,55,35,14,5,52,33,40],"joker":[],"goldcards":0,"reserved":[71,66,89],"blind":[false,false,false],"nobles":[],"rnobles":[],"points":7,"supply":0}],"discarded":[],"current":1,"pending":null,"steps":[],"turn":56,"final_round":true,"over":true,"passes":0,"conquest_used":false,"turn_start":91,"actions":[[0,"take wuk"],[1,"take wuk"],[0,"take wug"],[1,"take wug"],[0,"take grk"],[1,"take grk"],[0,"take r"],[1,"take r"],[0,"buy 1.2"],[1,"take wur"],[1,"return www"],[0,"buy 1.3"],[1,"reserve 3.2"],[1,"return u"],[0,"reserve 2.2"],[1,"take ugk"],[1,"return uuu"],[0,"take wug"],[1,"reserve 2.2"],[1,"return g"],[0,"take wug"],[0,"return w"],[1,"buy 2.2"],[0,"buy 1.4"],[0,"pay ur"],[1,"take wug"],[0,"buy 1.1"],[0,"pay uuk"],[1,"reserve 2.2"],[0,"reserve 2.1"],[1,"take wuk"],[0,"buy 2.1"],[0,"pay wggo"],[1,"buy 2.1"],[0,"take kk"],[1,"take wuk"],[0,"buy 2.4"],[1,"take wug"],[1,"return u"],[0,"take rr"],[1,"buy r2"],[0,"take wur"],[1,"take wug"],[0,"buy r1"],[1,"buy 1.1"],[0,"buy 1.1"],[1,"take wug"],[0,"reserve 3.3"],[1,"reserve 3.1"],[0,"take rr"],[1,"buy 1.1"],[1,"pay gg"],[0,"reserve 3.1"],[1,"buy 1.2"],[1,"pay g"],[0,"buy 2.2"],[1,"buy 2.2"],[0,"buy 1.3"],[1,"buy 1.4"],[0,"buy 1.3"],[1,"take wur"],[0,"buy 1.4"],[1,"buy 2.4"],[0,"take wgr"],[1,"take kk"],[0,"buy 2.1"],[1,"take wgr"]],"events":[{"kind":"take","seat":0,"params":{"tokens":"wuk"}},{"kind":"take","seat":1,"params":{"tokens":"wuk"}},{"kind":"take","seat":0,"params":{"tokens":"wug"}},{"kind":"take","seat":1,"params":{"tokens":"wug"}},{"kind":"take","seat":0,"params":{"tokens":"grk"}},{"kind":"take","seat":1,"params":{"tokens":"grk"}},{"kind":"take","seat":0,"params":{"tokens":"r"}},{"kind":"take","seat":1,"params":{"tokens":"r"}},{"kind":"buy","seat":0,"params":{"card":"1-19","source":"1.2","paid":"wurk"}},{"kind":"refill","seat":null,"params":{"slot":"1.2","card":"1-06"}},{"kind":"take","seat":1,"params":{"tokens":"wur"}},{"kind":"return","seat":1,"params":{"tokens":"www"}},{"kind":"buy","seat":0,"params":{"card":"1-33","source":"1.3","paid":"gg"}},{"kind":"refill","seat":null,"params":{"slot":"1.3","card":"1-39"}},{"kind":"reserve","seat":1,"params":{"card":"3-02","level":3,"source":"3.2","blind":false,"gold":true}},{"kind":"refill","seat":null,"params":{"slot":"3.2","card":"3-19"}},{"kind":"return","seat":1,"params":{"tokens":"u"}},{"kind":"reserve","seat":0,"params":{"card":"2-04","level":2,"source":"2.2","blind":false,"gold":true}},{"kind":"refill","seat":null,"params":{"slot":"2.2","card":"2-16"}},{"kind":"take","seat":1,"params":{"tokens":"ugk"}},{"kind":"return","seat":1,"params":{"tokens":"uuu"}},{"kind":"take","seat":0,"params":{"tokens":"wug"}},{"kind":"reserve","seat":1,"params":{"card":"2-16","level":2,"source":"2.2","blind":false,"gold":true}},{"kind":"refill","seat":null,"params":{"slot":"2.2","card":"2-07"}},{"kind":"return","seat":1,"params":{"tokens":"g"}},{"kind":"take","seat":0,"params":{"tokens":"wug"}},{"kind":"return","seat":0,"params":{"tokens":"w"}},{"kind":"buy","seat":1,"params":{"card":"2-07","source":"2.2","paid":"ggrrroo"}},{"kind":"refill","seat":null,"params":{"slot":"2.2","card":"2-27"}},{"kind":"buy","seat":0,"params":{"card":"1-04","source":"1.4","paid":"ur"}},{"kind":"refill","seat":null,"params":{"slot":"1.4","card":"1-34"}},{"kind":"take","seat":1,"params":{"tokens":"wug"}},{"kind":"buy","seat":0,"params":{"card":"1-03","source":"1.1","paid":"uuk"}},{"kind":"refill","seat":null,"params":{"slot":"1.1","card":"1-36"}},{"kind":"reserve","seat":1,"params":{"card":"2-27","level":2,"source":"2.2","blind":false,"gold":true}},{"kind":"refill","seat":null,"params":{"slot":"2.2","card":"2-24"}},{"kind":"reserve","seat":0,"params":{"card":"2-12","level":2,"source":"2.1","blind":false,"gold":true}},{"kind":"refill","seat":null,"params":{"slot":"2.1","card":"2-26"}},{"kind":"take","seat":1,"params":{"tokens":"wuk"}},{"kind":"buy","seat":0,"params":{"card":"2-26","source":"2.1","paid":"wggo"}},{"kind":"refill","seat":null,"params":{"slot":"2.1","card":"2-21"}},{"kind":"buy","seat":1,"params":{"card":"2-21","source":"2.1","paid":"kkkko"}},{"kind":"refill","seat":null,"params":{"slot":"2.1","card":"2-05"}},{"kind":"take","seat":0,"params":{"tokens":"kk"}},{"kind":"take","seat":1,"params":{"tokens":"wuk"}},{"kind":"buy","seat":0,"params":{"card":"2-23","source":"2.4","paid":"wkko"}},{"kind":"refill","seat":null,"params":{"slot":"2.4","card":"2-01"}},{"kind":"take","seat":1,"params":{"tokens":"wug"}},{"kind":"return","seat":1,"params":{"tokens":"u"}},{"kind":"take","seat":0,"params":{"tokens":"rr"}},{"kind":"buy","seat":1,"params":{"card":"2-16","source":"r2","paid":"wwwwuk"}},{"kind":"take","seat":0,"params":{"tokens":"wur"}},{"kind":"take","seat":1,"params":{"tokens":"wug"}},{"kind":"buy","seat":0,"params":{"card":"2-04","source":"r1","paid":"rrr"}},{"kind":"buy","seat":1,"params":{"card":"1-36","source":"1.1","paid":"w"}},{"kind":"refill","seat":null,"params":{"slot":"1.1","card":"1-28"}},{"kind":"buy","seat":0,"params":{"card":"1-28","source":"1.1","paid":"u"}},{"kind":"refill","seat":null,"params":{"slot":"1.1","card":"1-15"}},{"kind":"take","seat":1,"params":{"tokens":"wug"}},{"kind":"reserve","seat":0,"params":{"card":"3-12","level":3,"source":"3.3","blind":false,"gold":true}},{"kind":"refill","seat":null,"params":{"slot":"3.3","card":"3-17"}},{"kind":"reserve","seat":1,"params":{"card":"3-20","level":3,"source":"3.1","blind":false,"gold":true}},{"kind":"refill","seat":null,"params":{"slot":"3.1","card":"3-11"}},{"kind":"take","seat":0,"params":{"tokens":"rr"}},{"kind":"buy","seat":1,"params":{"card":"1-15","source":"1.1","paid":"gg"}},{"kind":"refill","seat":null,"params":{"slot":"1.1","card":"1-18"}},{"kind":"reserve","seat":0,"params":{"card":"3-11","level":3,"source":"3.1","blind":false,"gold":true}},{"kind":"refill","seat":null,"params":{"slot":"3.1","card":"3-05"}},{"kind":"buy","seat":1,"params":{"card":"1-06","source":"1.2","paid":"g"}},{"kind":"refill","seat":null,"params":{"slot":"1.2","card":"1-17"}},{"kind":"buy","seat":0,"params":{"card":"2-24","source":"2.2","paid":"rroo"}},{"kind":"refill","seat":null,"params":{"slot":"2.2","card":"2-13"}},{"kind":"buy","seat":1,"params":{"card":"2-13","source":"2.2","paid":"wuo"}},{"kind":"refill","seat":null,"params":{"slot":"2.2","card":"2-08"}},{"kind":"buy","seat":0,"params":{"card":"1-39","source":"1.3","paid":""}},{"kind":"refill","seat":null,"params":{"slot":"1.3","card":"1-32"}},{"kind":"noble","seat":0,"params":{"noble":"N3","position":3}},{"kind":"buy","seat":1,"params":{"card":"1-34","source":"1.4","paid":""}},{"kind":"refill","seat":null,"params":{"slot":"1.4","card":"1-16"}},{"kind":"buy","seat":0,"params":{"card":"1-32","source":"1.3","paid":"w"}},{"kind":"refill","seat":null,"params":{"slot":"1.3","card":"1-23"}},{"kind":"take","seat":1,"params":{"tokens":"wur"}},{"kind":"buy","seat":0,"params":{"card":"1-16","source":"1.4","paid":""}},{"kind":"refill","seat":null,"params":{"slot":"1.4","card":"1-26"}},{"kind":"buy","seat":1,"params":{"card":"2-01","source":"2.4","paid":"gr"}},{"kind":"refill","seat":null,"params":{"slot":"2.4","card":"2-10"}},{"kind":"take","seat":0,"params":{"tokens":"wgr"}},{"kind":"take","seat":1,"params":{"tokens":"kk"}},{"kind":"buy","seat":0,"params":{"card":"2-05","source":"2.1","paid":"r"}},{"kind":"refill","seat":null,"params":{"slot":"2.1","card":"2-14"}},{"kind":"final_round","seat":0,"params":{"points":15}},{"kind":"take","seat":1,"params":{"tokens":"wgr"}},{"kind":"game_over","seat":null,"params":{"winners":[0],"scores":[15,7]}}]}}', 67, 'finished', 'league-table:2', '2026-11-30 04:27:51+00', '2026-11-30 04:27:51+00', '2026-11-30 07:37:51+00', NULL, NULL, NULL, NULL, NULL, NULL, NULL);
INSERT INTO fixture.games VALUES (4, 1, 20100, 1002, 'base', 2, '{}', NULL, 'skip', 3, true, 308952566027, 'over', '{"options": {}, "players": 2, "rules_version": 2, "ruleset": "base", "seed": 308952566027}', 64, NULL, '{"format":1,"config":{"ruleset":"base","players":2,"seed":308952566027,"options":{},"rules_version":2},"history":[[0,"take wug"],[1,"take wug"],[0,"take wug"],[1,"take wug"],[0,"reserve 2.4"],[1,"reserve 2.2"],[0,"reserve 1.1"],[1,"buy r1"],[0,"buy r1"],[1,"take wuk"],[0,"take wuk"],[1,"take wuk"],[0,"take ugr"],[1,"take grk"],[0,"reserve 3.1"],[1,"reserve 2.4"],[0,"take gr"],[1,"reserve 1.1"],[1,"return k"],[0,"take grk"],[0,"return ggg"],[1,"buy r1"],[0,"buy 2.4"],[1,"take wur"],[0,"take wug"],[1,"take grk"],[0,"reserve 3.2"],[1,"reserve 2.3"],[1,"return k"],[0,"take grk"],[0,"return w"],[1,"buy r1"],[0,"buy r1"],[1,"buy 2.4"],[0,"take wug"],[1,"take ugr"],[0,"reserve 2.1"],[1,"buy 1.2"],[0,"buy 2.1"],[1,"take wrk"],[0,"buy 1.2"],[1,"buy 2.1"],[0,"take wuk"],[1,"take ugr"],[0,"take ugk"],[1,"take ugr"],[0,"buy 1.3"],[1,"buy 1.3"],[0,"buy 1.2"],[1,"buy 2.2"],[0,"buy 1.2"],[1,"buy 1.3"],[0,"take rr"],[1,"buy 1.3"],[0,"buy 2.3"],[1,"buy 1.3"],[0,"buy 1.2"],[1,"reserve 1.1"],[0,"take rr"],[1,"buy r1"],[0,"take wur"],[1,"buy 1.3"],[0,"buy r3"],[1,"buy 2.2"]],"state":{"bank":[0,1,4,4,4,5],"rows":[[9,30,23,21],[60,52,68,53],[87,85,70,79]],"decks":[[10,2,4,16,7,28,17,27,8,18,5,13,31,26,38,3,34,39,32,12,37,11],[48,66,42,46,45,69,51,67,56,49,59,58,57,62],[77,78,75,84,71,88,83,74,81,82,80,76,86,72]],"odecks":[[],[],[]],"nobles":[1,0,2],"noble_at":[1,1,-1],"hown":[[-1,-1,-1,-1],[-1,-1,-1,-1],[-1,-1,-1,-1]],"hcnt":[[0,0,0,0],[0,0,0,0],[0,0,0,0]],"players":[{"tokens":[4,3,0,0,0,0],"bonus":[4,1,0,4,2],"cards":[61,43,14,41,36,29,1,24,44,35,63],"joker":[],"goldcards":0,"reserved":[73,89],"blind":[false,false],"nobles":[],"rnobles":[],"points":10,"supply":0},{"tokens":[0,0,0,0,0,0],"bonus":[3,3,4,1,3],"cards":[64,55,15,47,20,40,19,54,25,0,6,50,33,65],"joker":[],"goldcards":0,"reserved":[22],"blind":[false],"nobles":[1,0],"rnobles":[],"points":17,"supply":0}],"discarded":[],"current":1,"pending":null,"steps":[],"turn":60,"final_round":true,"over":true,"passes":0,"conquest_used":false,"turn_start":91,"actions":[[0,"take wug"],[1,"take wug"],[0,"take wug"],[1,"take wug"],[0,"reserve 2.4"],[1,"reserve 2.2"],[0,"reserve 1.1"],[1,"buy r1"],[0,"buy r1"],[1,"take wuk"],[0,"take wuk"],[1,"take wuk"],[0,"take ugr"],[1,"take grk"],[0,"reserve 3.1"],[1,"reserve 2.4"],[0,"take gr"],[1,"reserve 1.1"],[1,"return k"],[0,"take grk"],[0,"return ggg"],[1,"buy r1"],[0,"buy 2.4"],[1,"take wur"],[0,"take wug"],[1,"take grk"],[0,"reserve 3.2"],[1,"reserve 2.3"],[1,"return k"],[0,"take grk"],[0,"return w"],[1,"buy r1"],[0,"buy r1"],[1,"buy 2.4"],[0,"take wug"],[1,"take ugr"],[0,"reserve 2.1"],[1,"buy 1.2"],[0,"buy 2.1"],[1,"take wrk"],[0,"buy 1.2"],[1,"buy 2.1"],[0,"take wuk"],[1,"take ugr"],[0,"take ugk"],[1,"take ugr"],[0,"buy 1.3"],[1,"buy 1.3"],[0,"buy 1.2"],[1,"buy 2.2"],[0,"buy 1.2"],[1,"buy 1.3"],[0,"take rr"],[1,"buy 1.3"],[0,"buy 2.3"],[1,"buy 1.3"],[0,"buy 1.2"],[1,"reserve 1.1"],[0,"take rr"],[1,"buy r1"],[0,"take wur"],[1,"buy 1.3"],[0,"buy r3"],[1,"buy 2.2"]],"events":[{"kind":"take","seat":0,"params":{"tokens":"wug"}},{"kind":"take","seat":1,"params":{"tokens":"wug"}},{"kind":"take","seat":0,"params":{"tokens":"wug"}},{"kind":"take","seat":1,"params":{"tokens":"wug"}},{"kind":"reserve","seat":0,"params":{"card":"2-22","level":2,"source":"2.4","blind":false,"gold":true}},{"kind":"refill","seat":null,"params":{"slot":"2.4","card":"2-16"}},{"kind":"reserve","seat":1,"params":{"card":"2-25","level":2,"source":"2.2","blind":false,"gold":true}},{"kind":"refill","seat":null,"params":{"slot":"2.2","card":"2-15"}},{"kind":"reserve","seat":0,"params":{"card":"1-15","level":1,"source":"1.1","blind":false,"gold":true}},{"kind":"refill","seat":null,"params":{"slot":"1.1","card":"1-16"}},{"kind":"buy","seat":1,"params":{"card":"2-25","source":"r1","paid":"wwuuggo"}},{"kind":"buy","seat":0,"params":{"card":"2-22","source":"r1","paid":"wuuggoo"}},{"kind":"take","seat":1,"params":{"tokens":"wuk"}},{"kind":"take","seat":0,"params":{"tokens":"wuk"}},{"kind":"take","seat":1,"params":{"tokens":"wuk"}},{"kind":"take","seat":0,"params":{"tokens":"ugr"}},{"kind":"take","seat":1,"params":{"tokens":"grk"}},{"kind":"reserve","seat":0,"params":{"card":"3-04","level":3,"source":"3.1","blind":false,"gold":true}},{"kind":"refill","seat":null,"params":{"slot":"3.1","card":"3-18"}},{"kind":"reserve","seat":1,"params":{"card":"2-16","level":2,"source":"2.4","blind":false,"gold":true}},{"kind":"refill","seat":null,"params":{"slot":"2.4","card":"2-04"}},{"kind":"take","seat":0,"params":{"tokens":"gr"}},{"kind":"reserve","seat":1,"params":{"card":"1-16","level":1,"source":"1.1","blind":false,"gold":true}},{"kind":"refill","seat":null,"params":{"slot":"1.1","card":"1-23"}},{"kind":"return","seat":1,"params":{"tokens":"k"}},{"kind":"take","seat":0,"params":{"tokens":"grk"}},{"kind":"return","seat":0,"params":{"tokens":"ggg"}},{"kind":"buy","seat":1,"params":{"card":"2-16","source":"r1","paid":"wwuuoo"}},{"kind":"buy","seat":0,"params":{"card":"2-04","source":"2.4","paid":"rrrkko"}},{"kind":"refill","seat":null,"params":{"slot":"2.4","card":"2-08"}},{"kind":"take","seat":1,"params":{"tokens":"wur"}},{"kind":"take","seat":0,"params":{"tokens":"wug"}},{"kind":"take","seat":1,"params":{"tokens":"grk"}},{"kind":"reserve","seat":0,"params":{"card":"3-20","level":3,"source":"3.2","blind":false,"gold":true}},{"kind":"refill","seat":null,"params":{"slot":"3.2","card":"3-16"}},{"kind":"reserve","seat":1,"params":{"card":"2-11","level":2,"source":"2.3","blind":false,"gold":true}},{"kind":"refill","seat":null,"params":{"slot":"2.3","card":"2-05"}},{"kind":"return","seat":1,"params":{"tokens":"k"}},{"kind":"take","seat":0,"params":{"tokens":"grk"}},{"kind":"return","seat":0,"params":{"tokens":"w"}},{"kind":"buy","seat":1,"params":{"card":"1-16","source":"r1","paid":"rrro"}},{"kind":"buy","seat":0,"params":{"card":"1-15","source":"r1","paid":"uggo"}},{"kind":"buy","seat":1,"params":{"card":"2-08","source":"2.4","paid":"uggkk"}},{"kind":"refill","seat":null,"params":{"slot":"2.4","card":"2-14"}},{"kind":"take","seat":0,"params":{"tokens":"wug"}},{"kind":"take","seat":1,"params":{"tokens":"ugr"}},{"kind":"reserve","seat":0,"params":{"card":"2-24","level":2,"source":"2.1","blind":false,"gold":true}},{"kind":"refill","seat":null,"params":{"slot":"2.1","card":"2-02"}},{"kind":"buy","seat":1,"params":{"card":"1-21","source":"1.2","paid":"wu"}},{"kind":"refill","seat":null,"params":{"slot":"1.2","card":"1-37"}},{"kind":"buy","seat":0,"params":{"card":"2-02","source":"2.1","paid":"wuuro"}},{"kind":"refill","seat":null,"params":{"slot":"2.1","card":"2-01"}},{"kind":"take","seat":1,"params":{"tokens":"wrk"}},{"kind":"buy","seat":0,"params":{"card":"1-37","source":"1.2","paid":"u"}},{"kind":"refill","seat":null,"params":{"slot":"1.2","card":"1-02"}},{"kind":"buy","seat":1,"params":{"card":"2-01","source":"2.1","paid":"grrk"}},{"kind":"refill","seat":null,"params":{"slot":"2.1","card":"2-21"}},{"kind":"take","seat":0,"params":{"tokens":"wuk"}},{"kind":"take","seat":1,"params":{"tokens":"ugr"}},{"kind":"take","seat":0,"params":{"tokens":"ugk"}},{"kind":"take","seat":1,"params":{"tokens":"ugr"}},{"kind":"buy","seat":0,"params":{"card":"1-30","source":"1.3","paid":"gk"}},{"kind":"refill","seat":null,"params":{"slot":"1.3","card":"1-20"}},{"kind":"buy","seat":1,"params":{"card":"1-20","source":"1.3","paid":"rr"}},{"kind":"refill","seat":null,"params":{"slot":"1.3","card":"1-26"}},{"kind":"buy","seat":0,"params":{"card":"1-02","source":"1.2","paid":""}},{"kind":"refill","seat":null,"params":{"slot":"1.2","card":"1-25"}},{"kind":"buy","seat":1,"params":{"card":"2-15","source":"2.2","paid":"gg"}},{"kind":"refill","seat":null,"params":{"slot":"2.2","card":"2-26"}},{"kind":"buy","seat":0,"params":{"card":"1-25","source":"1.2","paid":""}},{"kind":"refill","seat":null,"params":{"slot":"1.2","card":"1-36"}},{"kind":"buy","seat":1,"params":{"card":"1-26","source":"1.3","paid":""}},{"kind":"refill","seat":null,"params":{"slot":"1.3","card":"1-01"}},{"kind":"take","seat":0,"params":{"tokens":"rr"}},{"kind":"buy","seat":1,"params":{"card":"1-01","source":"1.3","paid":"u"}},{"kind":"refill","seat":null,"params":{"slot":"1.3","card":"1-07"}},{"kind":"buy","seat":0,"params":{"card":"2-05","source":"2.3","paid":"rrkk"}},{"kind":"refill","seat":null,"params":{"slot":"2.3","card":"2-29"}},{"kind":"buy","seat":1,"params":{"card":"1-07","source":"1.3","paid":""}},{"kind":"refill","seat":null,"params":{"slot":"1.3","card":"1-34"}},{"kind":"buy","seat":0,"params":{"card":"1-36","source":"1.2","paid":"g"}},{"kind":"refill","seat":null,"params":{"slot":"1.2","card":"1-31"}},{"kind":"reserve","seat":1,"params":{"card":"1-23","level":1,"source":"1.1","blind":false,"gold":true}},{"kind":"refill","seat":null,"params":{"slot":"1.1","card":"1-10"}},{"kind":"take","seat":0,"params":{"tokens":"rr"}},{"kind":"buy","seat":1,"params":{"card":"2-11","source":"r1","paid":"wuo"}},{"kind":"noble","seat":1,"params":{"noble":"N1","position":2}},{"kind":"take","seat":0,"params":{"tokens":"wur"}},{"kind":"buy","seat":1,"params":{"card":"1-34","source":"1.3","paid":""}},{"kind":"refill","seat":null,"params":{"slot":"1.3","card":"1-24"}},{"kind":"buy","seat":0,"params":{"card":"2-24","source":"r3","paid":"rrr"}},{"kind":"buy","seat":1,"params":{"card":"2-26","source":"2.2","paid":""}},{"kind":"refill","seat":null,"params":{"slot":"2.2","card":"2-13"}},{"kind":"noble","seat":1,"params":{"noble":"N2","position":1}},{"kind":"final_round","seat":1,"params":{"points":17}},{"kind":"game_over","seat":null,"params":{"winners":[1],"scores":[10,17]}}]}}', 64, 'finished', 'league-table:4', '2026-11-30 17:55:51+00', '2026-11-30 17:55:51+00', '2026-11-30 21:19:51+00', NULL, NULL, NULL, NULL, NULL, NULL, NULL);
INSERT INTO fixture.games VALUES (5, 1, 20101, 1004, 'base', 2, '{}', NULL, 'skip', 3, true, 610269593285, 'over', '{"options": {}, "players": 2, "rules_version": 2, "ruleset": "base", "seed": 610269593285}', 61, NULL, '{"format":1,"config":{"ruleset":"base","players":2,"seed":610269593285,"options":{},"rules_version":2},"history":[[0,"take wuk"],[1,"take wuk"],[0,"take wug"],[1,"take wug"],[0,"take grk"],[1,"take grk"],[0,"buy 1.4"],[1,"reserve 2.1"],[0,"take ugr"],[1,"reserve 1.1"],[1,"return g"],[0,"reserve 2.4"],[1,"reserve 1.1"],[1,"return w"],[0,"buy 1.3"],[1,"buy 2.1"],[0,"take wgr"],[1,"buy 1.3"],[0,"buy 2.4"],[1,"take wuk"],[0,"take ugk"],[1,"take ugr"],[0,"buy r1"],[1,"take ugk"],[1,"return k"],[0,"reserve 2.4"],[1,"buy r3"],[0,"reserve 3.4"],[1,"take wgk"],[0,"buy r1"],[1,"buy 2.1"],[0,"take wgr"],[1,"take wug"],[0,"buy 1.1"],[1,"take wgr"],[0,"take wrk"],[1,"buy 2.4"],[0,"buy 1.2"],[1,"buy r2"],[0,"buy 1.4"],[1,"take wug"],[0,"buy 1.4"],[1,"buy 1.3"],[0,"reserve 2.3"],[1,"take wug"],[0,"reserve 2.1"],[1,"buy r1"],[0,"buy r3"],[1,"take uu"],[0,"buy 1.4"],[1,"take wug"],[0,"reserve 3.1"],[1,"buy 2.1"],[0,"buy 1.4"],[1,"buy 1.3"],[0,"take kk"],[1,"reserve 2.4"],[0,"take wuk"],[1,"take wug"],[0,"buy r1"],[1,"buy 3.1"]],"state":{"bank":[3,2,3,2,4,5],"rows":[[24,20,28,29],[68,57,65,41],[73,86,74,85]],"decks":[[8,14,22,10,30,23,1,17,4,19,16,39,18,37,5,32,12,31,9,36,3,2,11],[49,44,53,67,42,64,59,54,52,43,60,47,46,45,63],[88,78,89,83,75,76,81,82,70,84,79,72,87]],"odecks":[[],[],[]],"nobles":[2,0,1],"noble_at":[-1,-1,-1],"hown":[[-1,-1,-1,-1],[-1,-1,-1,-1],[-1,-1,-1,-1]],"hcnt":[[0,0,0,0],[0,0,0,0],[0,0,0,0]],"players":[{"tokens":[1,1,0,2,0,0],"bonus":[2,1,2,5,3],"cards":[25,15,40,55,61,26,38,27,34,58,21,33,71],"joker":[],"goldcards":0,"reserved":[66,80],"blind":[false,false],"nobles":[],"rnobles":[],"points":11,"supply":0},{"tokens":[0,1,1,0,0,0],"bonus":[3,5,1,1,1],"cards":[48,35,6,62,56,13,0,50,51,7,77],"joker":[],"goldcards":0,"reserved":[69],"blind":[false],"nobles":[],"rnobles":[],"points":17,"supply":0}],"discarded":[],"current":1,"pending":null,"steps":[],"turn":58,"final_round":true,"over":true,"passes":0,"conquest_used":false,"turn_start":86,"actions":[[0,"take wuk"],[1,"take wuk"],[0,"take wug"],[1,"take wug"],[0,"take grk"],[1,"take grk"],[0,"buy 1.4"],[1,"reserve 2.1"],[0,"take ugr"],[1,"reserve 1.1"],[1,"return g"],[0,"reserve 2.4"],[1,"reserve 1.1"],[1,"return w"],[0,"buy 1.3"],[1,"buy 2.1"],[0,"take wgr"],[1,"buy 1.3"],[0,"buy 2.4"],[1,"take wuk"],[0,"take ugk"],[1,"take ugr"],[0,"buy r1"],[1,"take ugk"],[1,"return k"],[0,"reserve 2.4"],[1,"buy r3"],[0,"reserve 3.4"],[1,"take wgk"],[0,"buy r1"],[1,"buy 2.1"],[0,"take wgr"],[1,"take wug"],[0,"buy 1.1"],[1,"take wgr"],[0,"take wrk"],[1,"buy 2.4"],[0,"buy 1.2"],[1,"buy r2"],[0,"buy 1.4"],[1,"take wug"],[0,"buy 1.4"],[1,"buy 1.3"],[0,"reserve 2.3"],[1,"take wug"],[0,"reserve 2.1"],[1,"buy r1"],[0,"buy r3"],[1,"take uu"],[0,"buy 1.4"],[1,"take wug"],[0,"reserve 3.1"],[1,"buy 2.1"],[0,"buy 1.4"],[1,"buy 1.3"],[0,"take kk"],[1,"reserve 2.4"],[0,"take wuk"],[1,"take wug"],[0,"buy r1"],[1,"buy 3.1"]],"events":[{"kind":"take","seat":0,"params":{"tokens":"wuk"}},{"kind":"take","seat":1,"params":{"tokens":"wuk"}},{"kind":"take","seat":0,"params":{"tokens":"wug"}},{"kind":"take","seat":1,"params":{"tokens":"wug"}},{"kind":"take","seat":0,"params":{"tokens":"grk"}},{"kind":"take","seat":1,"params":{"tokens":"grk"}},{"kind":"buy","seat":0,"params":{"card":"1-26","source":"1.4","paid":"uug"}},{"kind":"refill","seat":null,"params":{"slot":"1.4","card":"1-28"}},{"kind":"reserve","seat":1,"params":{"card":"2-11","level":2,"source":"2.1","blind":false,"gold":true}},{"kind":"refill","seat":null,"params":{"slot":"2.1","card":"2-09"}},{"kind":"take","seat":0,"params":{"tokens":"ugr"}},{"kind":"reserve","seat":1,"params":{"card":"1-14","level":1,"source":"1.1","blind":false,"gold":true}},{"kind":"refill","seat":null,"params":{"slot":"1.1","card":"1-07"}},{"kind":"return","seat":1,"params":{"tokens":"g"}},{"kind":"reserve","seat":0,"params":{"card":"2-16","level":2,"source":"2.4","blind":false,"gold":true}},{"kind":"refill","seat":null,"params":{"slot":"2.4","card":"2-01"}},{"kind":"reserve","seat":1,"params":{"card":"1-07","level":1,"source":"1.1","blind":false,"gold":true}},{"kind":"refill","seat":null,"params":{"slot":"1.1","card":"1-27"}},{"kind":"return","seat":1,"params":{"tokens":"w"}},{"kind":"buy","seat":0,"params":{"card":"1-16","source":"1.3","paid":"rro"}},{"kind":"refill","seat":null,"params":{"slot":"1.3","card":"1-36"}},{"kind":"buy","seat":1,"params":{"card":"2-09","source":"2.1","paid":"uuooo"}},{"kind":"refill","seat":null,"params":{"slot":"2.1","card":"2-23"}},{"kind":"take","seat":0,"params":{"tokens":"wgr"}},{"kind":"buy","seat":1,"params":{"card":"1-36","source":"1.3","paid":"wgr"}},{"kind":"refill","seat":null,"params":{"slot":"1.3","card":"1-01"}},{"kind":"buy","seat":0,"params":{"card":"2-01","source":"2.4","paid":"gggrkk"}},{"kind":"refill","seat":null,"params":{"slot":"2.4","card":"2-22"}},{"kind":"take","seat":1,"params":{"tokens":"wuk"}},{"kind":"take","seat":0,"params":{"tokens":"ugk"}},{"kind":"take","seat":1,"params":{"tokens":"ugr"}},{"kind":"buy","seat":0,"params":{"card":"2-16","source":"r1","paid":"wwwuk"}},{"kind":"take","seat":1,"params":{"tokens":"ugk"}},{"kind":"return","seat":1,"params":{"tokens":"k"}},{"kind":"reserve","seat":0,"params":{"card":"2-22","level":2,"source":"2.4","blind":false,"gold":true}},{"kind":"refill","seat":null,"params":{"slot":"2.4","card":"2-17"}},{"kind":"buy","seat":1,"params":{"card":"1-07","source":"r3","paid":"ggr"}},{"kind":"reserve","seat":0,"params":{"card":"3-02","level":3,"source":"3.4","blind":false,"gold":true}},{"kind":"refill","seat":null,"params":{"slot":"3.4","card":"3-16"}},{"kind":"take","seat":1,"params":{"tokens":"wgk"}},{"kind":"buy","seat":0,"params":{"card":"2-22","source":"r1","paid":"ugoo"}},{"kind":"buy","seat":1,"params":{"card":"2-23","source":"2.1","paid":"wwkkkk"}},{"kind":"refill","seat":null,"params":{"slot":"2.1","card":"2-19"}},{"kind":"take","seat":0,"params":{"tokens":"wgr"}},{"kind":"take","seat":1,"params":{"tokens":"wug"}},{"kind":"buy","seat":0,"params":{"card":"1-27","source":"1.1","paid":"w"}},{"kind":"refill","seat":null,"params":{"slot":"1.1","card":"1-25"}},{"kind":"take","seat":1,"params":{"tokens":"wgr"}},{"kind":"take","seat":0,"params":{"tokens":"wrk"}},{"kind":"buy","seat":1,"params":{"card":"2-17","source":"2.4","paid":"uuuuggg"}},{"kind":"refill","seat":null,"params":{"slot":"2.4","card":"2-30"}},{"kind":"buy","seat":0,"params":{"card":"1-39","source":"1.2","paid":"k"}},{"kind":"refill","seat":null,"params":{"slot":"1.2","card":"1-21"}},{"kind":"buy","seat":1,"params":{"card":"1-14","source":"r2","paid":"r"}},{"kind":"buy","seat":0,"params":{"card":"1-28","source":"1.4","paid":""}},{"kind":"refill","seat":null,"params":{"slot":"1.4","card":"1-35"}},{"kind":"take","seat":1,"params":{"tokens":"wug"}},{"kind":"buy","seat":0,"params":{"card":"1-35","source":"1.4","paid":"wg"}},{"kind":"refill","seat":null,"params":{"slot":"1.4","card":"1-22"}},{"kind":"buy","seat":1,"params":{"card":"1-01","source":"1.3","paid":"u"}},{"kind":"refill","seat":null,"params":{"slot":"1.3","card":"1-08"}},{"kind":"reserve","seat":0,"params":{"card":"2-27","level":2,"source":"2.3","blind":false,"gold":true}},{"kind":"refill","seat":null,"params":{"slot":"2.3","card":"2-26"}},{"kind":"take","seat":1,"params":{"tokens":"wug"}},{"kind":"reserve","seat":0,"params":{"card":"2-19","level":2,"source":"2.1","blind":false,"gold":true}},{"kind":"refill","seat":null,"params":{"slot":"2.1","card":"2-12"}},{"kind":"buy","seat":1,"params":{"card":"2-11","source":"r1","paid":"wwwu"}},{"kind":"buy","seat":0,"params":{"card":"2-19","source":"r3","paid":"oo"}},{"kind":"take","seat":1,"params":{"tokens":"uu"}},{"kind":"buy","seat":0,"params":{"card":"1-22","source":"1.4","paid":""}},{"kind":"refill","seat":null,"params":{"slot":"1.4","card":"1-34"}},{"kind":"take","seat":1,"params":{"tokens":"wug"}},{"kind":"reserve","seat":0,"params":{"card":"3-11","level":3,"source":"3.1","blind":false,"gold":true}},{"kind":"refill","seat":null,"params":{"slot":"3.1","card":"3-08"}},{"kind":"buy","seat":1,"params":{"card":"2-12","source":"2.1","paid":"uuu"}},{"kind":"refill","seat":null,"params":{"slot":"2.1","card":"2-29"}},{"kind":"buy","seat":0,"params":{"card":"1-34","source":"1.4","paid":""}},{"kind":"refill","seat":null,"params":{"slot":"1.4","card":"1-30"}},{"kind":"buy","seat":1,"params":{"card":"1-08","source":"1.3","paid":"ggg"}},{"kind":"refill","seat":null,"params":{"slot":"1.3","card":"1-29"}},{"kind":"take","seat":0,"params":{"tokens":"kk"}},{"kind":"reserve","seat":1,"params":{"card":"2-30","level":2,"source":"2.4","blind":false,"gold":true}},{"kind":"refill","seat":null,"params":{"slot":"2.4","card":"2-02"}},{"kind":"take","seat":0,"params":{"tokens":"wuk"}},{"kind":"take","seat":1,"params":{"tokens":"wug"}},{"kind":"buy","seat":0,"params":{"card":"3-02","source":"r1","paid":"kkko"}},{"kind":"buy","seat":1,"params":{"card":"3-08","source":"3.1","paid":"wwwo"}},{"kind":"refill","seat":null,"params":{"slot":"3.1","card":"3-04"}},{"kind":"final_round","seat":1,"params":{"points":17}},{"kind":"game_over","seat":null,"params":{"winners":[1],"scores":[11,17]}}]}}', 61, 'finished', 'league-table:5', '2026-11-30 21:22:51+00', '2026-11-30 21:22:51+00', '2026-12-01 00:09:51+00', NULL, NULL, NULL, NULL, NULL, NULL, NULL);
INSERT INTO fixture.games VALUES (7, 1, 20201, 1004, 'base', 2, '{}', NULL, 'skip', 3, true, 143993031268, 'active', '{"options": {}, "players": 2, "rules_version": 2, "ruleset": "base", "seed": 143993031268}', 11, 0, '{"format":1,"config":{"ruleset":"base","players":2,"seed":143993031268,"options":{},"rules_version":2},"history":[],"state":{"bank":[4,4,4,4,4,5],"rows":[[0,12,19,11],[68,40,41,56],[79,77,70,76]],"decks":[[31,18,35,9,29,20,27,5,13,1,32,8,3,36,33,15,30,24,39,34,4,7,21,2,28,14,38,26,25,16,17,6,37,23,10,22],[54,46,45,61,59,64,52,57,51,49,55,50,42,66,60,63,48,65,58,62,69,43,44,47,53,67],[82,71,75,78,87,83,89,80,73,81,85,74,84,88,72,86]],"odecks":[[],[],[]],"nobles":[8,9,6],"noble_at":[-1,-1,-1],"hown":[[-1,-1,-1,-1],[-1,-1,-1,-1],[-1,-1,-1,-1]],"hcnt":[[0,0,0,0],[0,0,0,0],[0,0,0,0]],"players":[{"tokens":[0,0,0,0,0,0],"bonus":[0,0,0,0,0],"cards":[],"joker":[],"goldcards":0,"reserved":[],"blind":[],"nobles":[],"rnobles":[],"points":0,"supply":0},{"tokens":[0,0,0,0,0,0],"bonus":[0,0,0,0,0],"cards":[],"joker":[],"goldcards":0,"reserved":[],"blind":[],"nobles":[],"rnobles":[],"points":0,"supply":0}],"discarded":[],"current":0,"pending":null,"steps":[],"turn":0,"final_round":false,"over":false,"passes":0,"conquest_used":false,"turn_start":0,"actions":[],"events":[]}}', 0, NULL, 'league-table:7', '2026-12-01 02:41:51+00', '2026-12-01 02:41:51+00', NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL);
INSERT INTO fixture.games VALUES (6, 1, 20200, 1001, 'base', 2, '{}', NULL, 'skip', 3, true, 95110986549, 'active', '{"options": {}, "players": 2, "rules_version": 2, "ruleset": "base", "seed": 95110986549}', 10, 0, '{"format":1,"config":{"ruleset":"base","players":2,"seed":95110986549,"options":{},"rules_version":2},"history":[],"state":{"bank":[4,4,4,4,4,5],"rows":[[7,13,23,33],[64,62,51,44],[73,81,72,75]],"decks":[[1,8,31,12,15,17,35,27,28,22,9,4,26,14,19,25,37,24,20,34,3,21,6,18,29,10,11,38,39,30,2,0,32,36,16,5],[57,67,43,45,50,61,48,69,60,66,68,53,40,55,63,46,58,56,54,47,49,59,42,52,41,65],[86,85,83,71,79,78,74,87,89,70,88,76,77,84,82,80]],"odecks":[[],[],[]],"nobles":[5,0,9],"noble_at":[-1,-1,-1],"hown":[[-1,-1,-1,-1],[-1,-1,-1,-1],[-1,-1,-1,-1]],"hcnt":[[0,0,0,0],[0,0,0,0],[0,0,0,0]],"players":[{"tokens":[0,0,0,0,0,0],"bonus":[0,0,0,0,0],"cards":[],"joker":[],"goldcards":0,"reserved":[],"blind":[],"nobles":[],"rnobles":[],"points":0,"supply":0},{"tokens":[0,0,0,0,0,0],"bonus":[0,0,0,0,0],"cards":[],"joker":[],"goldcards":0,"reserved":[],"blind":[],"nobles":[],"rnobles":[],"points":0,"supply":0}],"discarded":[],"current":0,"pending":null,"steps":[],"turn":0,"final_round":false,"over":false,"passes":0,"conquest_used":false,"turn_start":0,"actions":[],"events":[]}}', 0, NULL, 'league-table:6', '2026-12-01 02:11:51+00', '2026-12-01 02:11:51+00', NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL);
INSERT INTO fixture.league_audit VALUES (1, 1, NULL, 1001, 'create', '', '2026-11-29T20:48:51.000000+00:00');
INSERT INTO fixture.league_audit VALUES (2, 2, NULL, 1001, 'create', '', '2026-11-30T17:55:51.000000+00:00');
INSERT INTO fixture.league_members VALUES (1, 1001, '2026-11-29T20:48:51.000000+00:00', 'active', 0);
INSERT INTO fixture.league_members VALUES (1, 1002, '2026-11-29T20:48:51.000000+00:00', 'active', 0);
INSERT INTO fixture.league_members VALUES (1, 1003, '2026-11-29T20:48:51.000000+00:00', 'active', 0);
INSERT INTO fixture.league_members VALUES (1, 1004, '2026-11-29T20:48:51.000000+00:00', 'active', 0);
INSERT INTO fixture.league_members VALUES (2, 1001, '2026-11-30T17:55:51.000000+00:00', 'active', 0);
INSERT INTO fixture.league_members VALUES (2, 1002, '2026-11-30T17:55:51.000000+00:00', 'active', 0);
INSERT INTO fixture.league_members VALUES (2, 1003, '2026-11-30T17:55:51.000000+00:00', 'active', 0);
INSERT INTO fixture.league_members VALUES (2, 1004, '2026-11-30T17:55:51.000000+00:00', 'active', 0);
INSERT INTO fixture.league_placements VALUES (1, 1003, 0, 2);
INSERT INTO fixture.league_placements VALUES (1, 1001, 1, 1);
INSERT INTO fixture.league_placements VALUES (2, 1003, 0, 1);
INSERT INTO fixture.league_placements VALUES (2, 1001, 1, 2);
INSERT INTO fixture.league_placements VALUES (3, 1002, 0, 2);
INSERT INTO fixture.league_placements VALUES (3, 1001, 1, 1);
INSERT INTO fixture.league_placements VALUES (4, 1004, 0, 2);
INSERT INTO fixture.league_placements VALUES (4, 1003, 1, 1);
INSERT INTO fixture.league_rating_history VALUES (1, 1003, 1, 22.364610506859503, 8.06590141354368, '2026-11-29T23:23:51.000000+00:00');
INSERT INTO fixture.league_rating_history VALUES (1, 1001, 1, 27.635389493140497, 8.06590141354368, '2026-11-29T23:23:51.000000+00:00');
INSERT INTO fixture.league_rating_history VALUES (1, 1003, 2, 25.411309192632373, 7.82288719288111, '2026-11-30T07:37:51.000000+00:00');
INSERT INTO fixture.league_rating_history VALUES (1, 1001, 2, 24.588690807367627, 7.82288719288111, '2026-11-30T07:37:51.000000+00:00');
INSERT INTO fixture.league_rating_history VALUES (2, 1002, 3, 22.364610506859503, 8.06590141354368, '2026-11-30T21:19:51.000000+00:00');
INSERT INTO fixture.league_rating_history VALUES (2, 1001, 3, 27.635389493140497, 8.06590141354368, '2026-11-30T21:19:51.000000+00:00');
INSERT INTO fixture.league_rating_history VALUES (2, 1004, 4, 22.364610506859503, 8.06590141354368, '2026-12-01T00:09:51.000000+00:00');
INSERT INTO fixture.league_rating_history VALUES (2, 1003, 4, 27.635389493140497, 8.06590141354368, '2026-12-01T00:09:51.000000+00:00');
INSERT INTO fixture.league_ratings VALUES (1, 1003, 25.411309192632373, 7.82288719288111, 2, '2026-11-30T07:37:51.000000+00:00');
INSERT INTO fixture.league_ratings VALUES (1, 1001, 24.588690807367627, 7.82288719288111, 2, '2026-11-30T07:37:51.000000+00:00');
INSERT INTO fixture.league_ratings VALUES (2, 1002, 22.364610506859503, 8.06590141354368, 1, '2026-11-30T21:19:51.000000+00:00');
INSERT INTO fixture.league_ratings VALUES (2, 1001, 27.635389493140497, 8.06590141354368, 1, '2026-11-30T21:19:51.000000+00:00');
INSERT INTO fixture.league_ratings VALUES (2, 1004, 22.364610506859503, 8.06590141354368, 1, '2026-12-01T00:09:51.000000+00:00');
INSERT INTO fixture.league_ratings VALUES (2, 1003, 27.635389493140497, 8.06590141354368, 1, '2026-12-01T00:09:51.000000+00:00');
INSERT INTO fixture.league_results VALUES (1, 1, 1, 1, 'counted', 'game', '2026-11-29T23:23:51.000000+00:00', '2026-11-29T23:27:51.000000+00:00', NULL);
INSERT INTO fixture.league_results VALUES (2, 1, 1, 2, 'counted', 'game', '2026-11-30T07:37:51.000000+00:00', '2026-11-30T07:38:51.000000+00:00', NULL);
INSERT INTO fixture.league_results VALUES (3, 2, 1, 4, 'counted', 'game', '2026-11-30T21:19:51.000000+00:00', '2026-11-30T21:22:51.000000+00:00', NULL);
INSERT INTO fixture.league_results VALUES (4, 2, 1, 5, 'counted', 'game', '2026-12-01T00:09:51.000000+00:00', '2026-12-01T00:11:51.000000+00:00', NULL);
INSERT INTO fixture.league_rounds VALUES (2, 1, 1, '2026-11-30T17:55:51.000000+00:00', '2026-12-07T17:55:51.000000+00:00', '2026-12-01T02:11:51.000000+00:00');
INSERT INTO fixture.league_rounds VALUES (2, 1, 2, '2026-12-01T02:11:51.000000+00:00', '2026-12-08T02:11:51.000000+00:00', NULL);
INSERT INTO fixture.league_seasons VALUES (1, 1, '2026-11-29T20:48:51.000000+00:00', NULL, 1, NULL);
INSERT INTO fixture.league_seasons VALUES (2, 1, '2026-11-30T17:55:51.000000+00:00', NULL, 1, NULL);
INSERT INTO fixture.league_tables VALUES (1, 1, 1, NULL, '[1003, 1001]', '2026-11-29T20:48:51.000000+00:00', 10000, 1);
INSERT INTO fixture.league_tables VALUES (2, 1, 1, NULL, '[1003, 1001]', '2026-11-30T04:27:51.000000+00:00', 10001, 2);
INSERT INTO fixture.league_tables VALUES (3, 1, 1, NULL, '[1002, 1001]', '2026-11-30T12:38:51.000000+00:00', 10002, 3);
INSERT INTO fixture.league_tables VALUES (4, 2, 1, 1, '[1002, 1001]', '2026-11-30T17:55:51.000000+00:00', 20100, 4);
INSERT INTO fixture.league_tables VALUES (5, 2, 1, 1, '[1004, 1003]', '2026-11-30T17:55:51.000000+00:00', 20101, 5);
INSERT INTO fixture.league_tables VALUES (6, 2, 1, 2, '[1001, 1003]', '2026-12-01T02:11:51.000000+00:00', 20200, 6);
INSERT INTO fixture.league_tables VALUES (7, 2, 1, 2, '[1004, 1002]', '2026-12-01T02:11:51.000000+00:00', 20201, 7);
INSERT INTO fixture.leagues VALUES (1, 1, 'Demo League', 1001, 900, NULL, NULL, 'base', 2, NULL, 'ladder', NULL, NULL, '{"lang": "en"}', 1, '2026-11-29T20:48:51.000000+00:00');
INSERT INTO fixture.leagues VALUES (2, 1, 'Demo Rounds', 1001, 901, NULL, NULL, 'base', 2, NULL, 'rounds', 604800, NULL, '{"first_round_at": "2026-11-30T17:55:51+00:00", "lang": "en"}', 1, '2026-11-30T17:55:51.000000+00:00');
INSERT INTO fixture.outbox VALUES (1, 1003, 1, 10000, 0, 'game_started', '{"count": 2, "game_id": 1, "players": 2, "seat": 0}', '2026-11-29 20:48:51+00', '2026-11-29 20:48:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (2, 1001, 1, 10000, 0, 'game_started', '{"count": 2, "game_id": 1, "players": 2, "seat": 1}', '2026-11-29 20:48:51+00', '2026-11-29 20:48:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (3, 1003, 1, 10000, 0, 'your_turn', '{"deadline": null, "game_id": 1, "pending": null}', '2026-11-29 20:48:51+00', '2026-11-29 20:48:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (4, 1001, 1, 10000, 1, 'your_turn', '{"deadline": null, "game_id": 1, "pending": null}', '2026-11-29 20:48:51+00', '2026-11-29 20:48:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (5, 1003, 1, 10000, 2, 'your_turn', '{"deadline": null, "game_id": 1, "pending": null}', '2026-11-29 20:51:51+00', '2026-11-29 20:51:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (6, 1001, 1, 10000, 3, 'your_turn', '{"deadline": null, "game_id": 1, "pending": null}', '2026-11-29 20:56:51+00', '2026-11-29 20:56:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (7, 1003, 1, 10000, 4, 'your_turn', '{"deadline": null, "game_id": 1, "pending": null}', '2026-11-29 20:57:51+00', '2026-11-29 20:57:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (8, 1001, 1, 10000, 5, 'your_turn', '{"deadline": null, "game_id": 1, "pending": null}', '2026-11-29 21:01:51+00', '2026-11-29 21:01:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (9, 1003, 1, 10000, 6, 'your_turn', '{"deadline": null, "game_id": 1, "pending": null}', '2026-11-29 21:02:51+00', '2026-11-29 21:02:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (10, 1001, 1, 10000, 7, 'your_turn', '{"deadline": null, "game_id": 1, "pending": null}', '2026-11-29 21:03:51+00', '2026-11-29 21:03:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (11, 1003, 1, 10000, 8, 'your_turn', '{"deadline": null, "game_id": 1, "pending": null}', '2026-11-29 21:04:51+00', '2026-11-29 21:04:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (12, 1001, 1, 10000, 9, 'your_turn', '{"deadline": null, "game_id": 1, "pending": null}', '2026-11-29 21:06:51+00', '2026-11-29 21:06:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (13, 1003, 1, 10000, 10, 'your_turn', '{"deadline": null, "game_id": 1, "pending": null}', '2026-11-29 21:11:51+00', '2026-11-29 21:11:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (14, 1001, 1, 10000, 11, 'your_turn', '{"deadline": null, "game_id": 1, "pending": null}', '2026-11-29 21:12:51+00', '2026-11-29 21:12:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (15, 1003, 1, 10000, 12, 'your_turn', '{"deadline": null, "game_id": 1, "pending": null}', '2026-11-29 21:13:51+00', '2026-11-29 21:13:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (16, 1001, 1, 10000, 13, 'your_turn', '{"deadline": null, "game_id": 1, "pending": null}', '2026-11-29 21:16:51+00', '2026-11-29 21:16:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (17, 1003, 1, 10000, 15, 'your_turn', '{"deadline": null, "game_id": 1, "pending": null}', '2026-11-29 21:23:51+00', '2026-11-29 21:23:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (18, 1001, 1, 10000, 16, 'your_turn', '{"deadline": null, "game_id": 1, "pending": null}', '2026-11-29 21:28:51+00', '2026-11-29 21:28:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (19, 1003, 1, 10000, 17, 'your_turn', '{"deadline": null, "game_id": 1, "pending": null}', '2026-11-29 21:29:51+00', '2026-11-29 21:29:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (20, 1001, 1, 10000, 18, 'your_turn', '{"deadline": null, "game_id": 1, "pending": null}', '2026-11-29 21:32:51+00', '2026-11-29 21:32:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (21, 1003, 1, 10000, 19, 'your_turn', '{"deadline": null, "game_id": 1, "pending": null}', '2026-11-29 21:37:51+00', '2026-11-29 21:37:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (22, 1001, 1, 10000, 20, 'your_turn', '{"deadline": null, "game_id": 1, "pending": null}', '2026-11-29 21:42:51+00', '2026-11-29 21:42:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (23, 1003, 1, 10000, 21, 'your_turn', '{"deadline": null, "game_id": 1, "pending": null}', '2026-11-29 21:47:51+00', '2026-11-29 21:47:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (24, 1001, 1, 10000, 22, 'your_turn', '{"deadline": null, "game_id": 1, "pending": null}', '2026-11-29 21:51:51+00', '2026-11-29 21:51:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (25, 1003, 1, 10000, 23, 'your_turn', '{"deadline": null, "game_id": 1, "pending": null}', '2026-11-29 21:54:51+00', '2026-11-29 21:54:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (26, 1001, 1, 10000, 24, 'your_turn', '{"deadline": null, "game_id": 1, "pending": null}', '2026-11-29 21:59:51+00', '2026-11-29 21:59:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (27, 1003, 1, 10000, 25, 'your_turn', '{"deadline": null, "game_id": 1, "pending": null}', '2026-11-29 22:02:51+00', '2026-11-29 22:02:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (28, 1001, 1, 10000, 26, 'your_turn', '{"deadline": null, "game_id": 1, "pending": null}', '2026-11-29 22:04:51+00', '2026-11-29 22:04:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (29, 1003, 1, 10000, 27, 'your_turn', '{"deadline": null, "game_id": 1, "pending": null}', '2026-11-29 22:06:51+00', '2026-11-29 22:06:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (30, 1001, 1, 10000, 28, 'your_turn', '{"deadline": null, "game_id": 1, "pending": null}', '2026-11-29 22:11:51+00', '2026-11-29 22:11:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (31, 1003, 1, 10000, 29, 'your_turn', '{"deadline": null, "game_id": 1, "pending": null}', '2026-11-29 22:16:51+00', '2026-11-29 22:16:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (32, 1001, 1, 10000, 30, 'your_turn', '{"deadline": null, "game_id": 1, "pending": null}', '2026-11-29 22:19:51+00', '2026-11-29 22:19:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (33, 1003, 1, 10000, 31, 'your_turn', '{"deadline": null, "game_id": 1, "pending": null}', '2026-11-29 22:22:51+00', '2026-11-29 22:22:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (34, 1001, 1, 10000, 32, 'your_turn', '{"deadline": null, "game_id": 1, "pending": null}', '2026-11-29 22:23:51+00', '2026-11-29 22:23:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (35, 1003, 1, 10000, 33, 'your_turn', '{"deadline": null, "game_id": 1, "pending": null}', '2026-11-29 22:25:51+00', '2026-11-29 22:25:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (36, 1001, 1, 10000, 34, 'your_turn', '{"deadline": null, "game_id": 1, "pending": null}', '2026-11-29 22:27:51+00', '2026-11-29 22:27:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (37, 1003, 1, 10000, 35, 'your_turn', '{"deadline": null, "game_id": 1, "pending": null}', '2026-11-29 22:31:51+00', '2026-11-29 22:31:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (38, 1001, 1, 10000, 36, 'your_turn', '{"deadline": null, "game_id": 1, "pending": null}', '2026-11-29 22:32:51+00', '2026-11-29 22:32:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (39, 1003, 1, 10000, 37, 'your_turn', '{"deadline": null, "game_id": 1, "pending": null}', '2026-11-29 22:35:51+00', '2026-11-29 22:35:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (40, 1001, 1, 10000, 38, 'your_turn', '{"deadline": null, "game_id": 1, "pending": null}', '2026-11-29 22:40:51+00', '2026-11-29 22:40:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (41, 1003, 1, 10000, 39, 'your_turn', '{"deadline": null, "game_id": 1, "pending": null}', '2026-11-29 22:45:51+00', '2026-11-29 22:45:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (42, 1001, 1, 10000, 40, 'your_turn', '{"deadline": null, "game_id": 1, "pending": null}', '2026-11-29 22:46:51+00', '2026-11-29 22:46:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (43, 1003, 1, 10000, 41, 'your_turn', '{"deadline": null, "game_id": 1, "pending": null}', '2026-11-29 22:49:51+00', '2026-11-29 22:49:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (44, 1001, 1, 10000, 42, 'your_turn', '{"deadline": null, "game_id": 1, "pending": null}', '2026-11-29 22:50:51+00', '2026-11-29 22:50:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (45, 1003, 1, 10000, 43, 'your_turn', '{"deadline": null, "game_id": 1, "pending": null}', '2026-11-29 22:53:51+00', '2026-11-29 22:53:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (46, 1001, 1, 10000, 44, 'your_turn', '{"deadline": null, "game_id": 1, "pending": null}', '2026-11-29 22:56:51+00', '2026-11-29 22:56:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (47, 1003, 1, 10000, 45, 'your_turn', '{"deadline": null, "game_id": 1, "pending": null}', '2026-11-29 22:59:51+00', '2026-11-29 22:59:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (48, 1001, 1, 10000, 46, 'your_turn', '{"deadline": null, "game_id": 1, "pending": null}', '2026-11-29 23:03:51+00', '2026-11-29 23:03:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (49, 1003, 1, 10000, 47, 'your_turn', '{"deadline": null, "game_id": 1, "pending": null}', '2026-11-29 23:05:51+00', '2026-11-29 23:05:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (50, 1001, 1, 10000, 48, 'your_turn', '{"deadline": null, "game_id": 1, "pending": null}', '2026-11-29 23:09:51+00', '2026-11-29 23:09:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (51, 1003, 1, 10000, 49, 'your_turn', '{"deadline": null, "game_id": 1, "pending": null}', '2026-11-29 23:11:51+00', '2026-11-29 23:11:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (52, 1001, 1, 10000, 50, 'your_turn', '{"deadline": null, "game_id": 1, "pending": null}', '2026-11-29 23:13:51+00', '2026-11-29 23:13:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (53, 1003, 1, 10000, 51, 'your_turn', '{"deadline": null, "game_id": 1, "pending": null}', '2026-11-29 23:17:51+00', '2026-11-29 23:17:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (54, 1001, 1, 10000, 52, 'your_turn', '{"deadline": null, "game_id": 1, "pending": null}', '2026-11-29 23:21:51+00', '2026-11-29 23:21:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (55, 1003, 1, 10000, NULL, 'game_over', '{"count": 11, "game_id": 1, "place": 2, "reason": "finished", "result": "loss", "score": 11}', '2026-11-29 23:23:51+00', '2026-11-29 23:23:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (56, 1001, 1, 10000, NULL, 'game_over', '{"count": 17, "game_id": 1, "place": 1, "reason": "finished", "result": "win", "score": 17}', '2026-11-29 23:23:51+00', '2026-11-29 23:23:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (57, 1003, 2, 10001, 0, 'game_started', '{"count": 2, "game_id": 2, "players": 2, "seat": 0}', '2026-11-30 04:27:51+00', '2026-11-30 04:27:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (58, 1001, 2, 10001, 0, 'game_started', '{"count": 2, "game_id": 2, "players": 2, "seat": 1}', '2026-11-30 04:27:51+00', '2026-11-30 04:27:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (59, 1003, 2, 10001, 0, 'your_turn', '{"deadline": null, "game_id": 2, "pending": null}', '2026-11-30 04:27:51+00', '2026-11-30 04:27:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (60, 1001, 2, 10001, 1, 'your_turn', '{"deadline": null, "game_id": 2, "pending": null}', '2026-11-30 04:27:51+00', '2026-11-30 04:27:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (61, 1003, 2, 10001, 2, 'your_turn', '{"deadline": null, "game_id": 2, "pending": null}', '2026-11-30 04:31:51+00', '2026-11-30 04:31:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (62, 1001, 2, 10001, 3, 'your_turn', '{"deadline": null, "game_id": 2, "pending": null}', '2026-11-30 04:35:51+00', '2026-11-30 04:35:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (63, 1003, 2, 10001, 4, 'your_turn', '{"deadline": null, "game_id": 2, "pending": null}', '2026-11-30 04:37:51+00', '2026-11-30 04:37:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (64, 1001, 2, 10001, 5, 'your_turn', '{"deadline": null, "game_id": 2, "pending": null}', '2026-11-30 04:39:51+00', '2026-11-30 04:39:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (65, 1003, 2, 10001, 6, 'your_turn', '{"deadline": null, "game_id": 2, "pending": null}', '2026-11-30 04:41:51+00', '2026-11-30 04:41:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (66, 1001, 2, 10001, 7, 'your_turn', '{"deadline": null, "game_id": 2, "pending": null}', '2026-11-30 04:42:51+00', '2026-11-30 04:42:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (67, 1003, 2, 10001, 8, 'your_turn', '{"deadline": null, "game_id": 2, "pending": null}', '2026-11-30 04:47:51+00', '2026-11-30 04:47:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (68, 1001, 2, 10001, 9, 'your_turn', '{"deadline": null, "game_id": 2, "pending": null}', '2026-11-30 04:50:51+00', '2026-11-30 04:50:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (69, 1003, 2, 10001, 11, 'your_turn', '{"deadline": null, "game_id": 2, "pending": null}', '2026-11-30 04:55:51+00', '2026-11-30 04:55:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (70, 1001, 2, 10001, 12, 'your_turn', '{"deadline": null, "game_id": 2, "pending": null}', '2026-11-30 05:00:51+00', '2026-11-30 05:00:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (71, 1003, 2, 10001, 14, 'your_turn', '{"deadline": null, "game_id": 2, "pending": null}', '2026-11-30 05:06:51+00', '2026-11-30 05:06:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (72, 1001, 2, 10001, 15, 'your_turn', '{"deadline": null, "game_id": 2, "pending": null}', '2026-11-30 05:10:51+00', '2026-11-30 05:10:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (73, 1003, 2, 10001, 17, 'your_turn', '{"deadline": null, "game_id": 2, "pending": null}', '2026-11-30 05:18:51+00', '2026-11-30 05:18:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (74, 1001, 2, 10001, 18, 'your_turn', '{"deadline": null, "game_id": 2, "pending": null}', '2026-11-30 05:19:51+00', '2026-11-30 05:19:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (75, 1003, 2, 10001, 20, 'your_turn', '{"deadline": null, "game_id": 2, "pending": null}', '2026-11-30 05:24:51+00', '2026-11-30 05:24:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (76, 1001, 2, 10001, 22, 'your_turn', '{"deadline": null, "game_id": 2, "pending": null}', '2026-11-30 05:30:51+00', '2026-11-30 05:30:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (77, 1003, 2, 10001, 23, 'your_turn', '{"deadline": null, "game_id": 2, "pending": null}', '2026-11-30 05:31:51+00', '2026-11-30 05:31:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (78, 1001, 2, 10001, 25, 'your_turn', '{"deadline": null, "game_id": 2, "pending": null}', '2026-11-30 05:41:51+00', '2026-11-30 05:41:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (79, 1003, 2, 10001, 26, 'your_turn', '{"deadline": null, "game_id": 2, "pending": null}', '2026-11-30 05:44:51+00', '2026-11-30 05:44:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (80, 1001, 2, 10001, 28, 'your_turn', '{"deadline": null, "game_id": 2, "pending": null}', '2026-11-30 05:50:51+00', '2026-11-30 05:50:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (81, 1003, 2, 10001, 29, 'your_turn', '{"deadline": null, "game_id": 2, "pending": null}', '2026-11-30 05:52:51+00', '2026-11-30 05:52:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (82, 1001, 2, 10001, 30, 'your_turn', '{"deadline": null, "game_id": 2, "pending": null}', '2026-11-30 05:55:51+00', '2026-11-30 05:55:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (83, 1003, 2, 10001, 31, 'your_turn', '{"deadline": null, "game_id": 2, "pending": null}', '2026-11-30 05:59:51+00', '2026-11-30 05:59:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (84, 1001, 2, 10001, 33, 'your_turn', '{"deadline": null, "game_id": 2, "pending": null}', '2026-11-30 06:04:51+00', '2026-11-30 06:04:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (85, 1003, 2, 10001, 34, 'your_turn', '{"deadline": null, "game_id": 2, "pending": null}', '2026-11-30 06:08:51+00', '2026-11-30 06:08:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (86, 1001, 2, 10001, 35, 'your_turn', '{"deadline": null, "game_id": 2, "pending": null}', '2026-11-30 06:09:51+00', '2026-11-30 06:09:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (87, 1003, 2, 10001, 36, 'your_turn', '{"deadline": null, "game_id": 2, "pending": null}', '2026-11-30 06:10:51+00', '2026-11-30 06:10:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (88, 1001, 2, 10001, 37, 'your_turn', '{"deadline": null, "game_id": 2, "pending": null}', '2026-11-30 06:13:51+00', '2026-11-30 06:13:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (89, 1003, 2, 10001, 39, 'your_turn', '{"deadline": null, "game_id": 2, "pending": null}', '2026-11-30 06:17:51+00', '2026-11-30 06:17:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (90, 1001, 2, 10001, 40, 'your_turn', '{"deadline": null, "game_id": 2, "pending": null}', '2026-11-30 06:19:51+00', '2026-11-30 06:19:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (91, 1003, 2, 10001, 41, 'your_turn', '{"deadline": null, "game_id": 2, "pending": null}', '2026-11-30 06:24:51+00', '2026-11-30 06:24:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (92, 1001, 2, 10001, 42, 'your_turn', '{"deadline": null, "game_id": 2, "pending": null}', '2026-11-30 06:25:51+00', '2026-11-30 06:25:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (93, 1003, 2, 10001, 43, 'your_turn', '{"deadline": null, "game_id": 2, "pending": null}', '2026-11-30 06:30:51+00', '2026-11-30 06:30:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (94, 1001, 2, 10001, 44, 'your_turn', '{"deadline": null, "game_id": 2, "pending": null}', '2026-11-30 06:32:51+00', '2026-11-30 06:32:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (95, 1003, 2, 10001, 45, 'your_turn', '{"deadline": null, "game_id": 2, "pending": null}', '2026-11-30 06:34:51+00', '2026-11-30 06:34:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (96, 1001, 2, 10001, 46, 'your_turn', '{"deadline": null, "game_id": 2, "pending": null}', '2026-11-30 06:36:51+00', '2026-11-30 06:36:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (97, 1003, 2, 10001, 47, 'your_turn', '{"deadline": null, "game_id": 2, "pending": null}', '2026-11-30 06:38:51+00', '2026-11-30 06:38:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (98, 1001, 2, 10001, 48, 'your_turn', '{"deadline": null, "game_id": 2, "pending": null}', '2026-11-30 06:40:51+00', '2026-11-30 06:40:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (99, 1003, 2, 10001, 49, 'your_turn', '{"deadline": null, "game_id": 2, "pending": null}', '2026-11-30 06:45:51+00', '2026-11-30 06:45:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (100, 1001, 2, 10001, 50, 'your_turn', '{"deadline": null, "game_id": 2, "pending": null}', '2026-11-30 06:48:51+00', '2026-11-30 06:48:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (101, 1003, 2, 10001, 52, 'your_turn', '{"deadline": null, "game_id": 2, "pending": null}', '2026-11-30 06:53:51+00', '2026-11-30 06:53:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (102, 1001, 2, 10001, 53, 'your_turn', '{"deadline": null, "game_id": 2, "pending": null}', '2026-11-30 06:55:51+00', '2026-11-30 06:55:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (103, 1003, 2, 10001, 55, 'your_turn', '{"deadline": null, "game_id": 2, "pending": null}', '2026-11-30 07:02:51+00', '2026-11-30 07:02:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (104, 1001, 2, 10001, 56, 'your_turn', '{"deadline": null, "game_id": 2, "pending": null}', '2026-11-30 07:04:51+00', '2026-11-30 07:04:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (105, 1003, 2, 10001, 57, 'your_turn', '{"deadline": null, "game_id": 2, "pending": null}', '2026-11-30 07:06:51+00', '2026-11-30 07:06:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (106, 1001, 2, 10001, 58, 'your_turn', '{"deadline": null, "game_id": 2, "pending": null}', '2026-11-30 07:08:51+00', '2026-11-30 07:08:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (107, 1003, 2, 10001, 59, 'your_turn', '{"deadline": null, "game_id": 2, "pending": null}', '2026-11-30 07:10:51+00', '2026-11-30 07:10:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (108, 1001, 2, 10001, 60, 'your_turn', '{"deadline": null, "game_id": 2, "pending": null}', '2026-11-30 07:15:51+00', '2026-11-30 07:15:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (109, 1003, 2, 10001, 61, 'your_turn', '{"deadline": null, "game_id": 2, "pending": null}', '2026-11-30 07:19:51+00', '2026-11-30 07:19:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (110, 1001, 2, 10001, 62, 'your_turn', '{"deadline": null, "game_id": 2, "pending": null}', '2026-11-30 07:20:51+00', '2026-11-30 07:20:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (111, 1003, 2, 10001, 63, 'your_turn', '{"deadline": null, "game_id": 2, "pending": null}', '2026-11-30 07:24:51+00', '2026-11-30 07:24:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (112, 1001, 2, 10001, 64, 'your_turn', '{"deadline": null, "game_id": 2, "pending": null}', '2026-11-30 07:28:51+00', '2026-11-30 07:28:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (113, 1003, 2, 10001, 65, 'your_turn', '{"deadline": null, "game_id": 2, "pending": null}', '2026-11-30 07:32:51+00', '2026-11-30 07:32:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (114, 1001, 2, 10001, 66, 'your_turn', '{"deadline": null, "game_id": 2, "pending": null}', '2026-11-30 07:33:51+00', '2026-11-30 07:33:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (115, 1003, 2, 10001, NULL, 'game_over', '{"count": 15, "game_id": 2, "place": 1, "reason": "finished", "result": "win", "score": 15}', '2026-11-30 07:37:51+00', '2026-11-30 07:37:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (116, 1001, 2, 10001, NULL, 'game_over', '{"count": 7, "game_id": 2, "place": 2, "reason": "finished", "result": "loss", "score": 7}', '2026-11-30 07:37:51+00', '2026-11-30 07:37:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (117, 1002, 3, 10002, 0, 'game_started', '{"count": 2, "game_id": 3, "players": 2, "seat": 0}', '2026-11-30 12:38:51+00', '2026-11-30 12:38:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (118, 1001, 3, 10002, 0, 'game_started', '{"count": 2, "game_id": 3, "players": 2, "seat": 1}', '2026-11-30 12:38:51+00', '2026-11-30 12:38:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (119, 1002, 3, 10002, 0, 'your_turn', '{"deadline": null, "game_id": 3, "pending": null}', '2026-11-30 12:38:51+00', '2026-11-30 12:38:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (120, 1001, 3, 10002, 1, 'your_turn', '{"deadline": null, "game_id": 3, "pending": null}', '2026-11-30 12:38:51+00', '2026-11-30 12:38:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (121, 1002, 3, 10002, 2, 'your_turn', '{"deadline": null, "game_id": 3, "pending": null}', '2026-11-30 12:43:51+00', '2026-11-30 12:43:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (122, 1001, 3, 10002, 3, 'your_turn', '{"deadline": null, "game_id": 3, "pending": null}', '2026-11-30 12:45:51+00', '2026-11-30 12:45:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (123, 1002, 3, 10002, 4, 'your_turn', '{"deadline": null, "game_id": 3, "pending": null}', '2026-11-30 12:48:51+00', '2026-11-30 12:48:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (124, 1001, 3, 10002, 5, 'your_turn', '{"deadline": null, "game_id": 3, "pending": null}', '2026-11-30 12:53:51+00', '2026-11-30 12:53:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (125, 1002, 3, 10002, 6, 'your_turn', '{"deadline": null, "game_id": 3, "pending": null}', '2026-11-30 12:54:51+00', '2026-11-30 12:54:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (126, 1002, 4, 20100, 0, 'game_started', '{"count": 2, "game_id": 4, "players": 2, "seat": 0}', '2026-11-30 17:55:51+00', '2026-11-30 17:55:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (127, 1001, 4, 20100, 0, 'game_started', '{"count": 2, "game_id": 4, "players": 2, "seat": 1}', '2026-11-30 17:55:51+00', '2026-11-30 17:55:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (128, 1002, 4, 20100, 0, 'your_turn', '{"deadline": null, "game_id": 4, "pending": null}', '2026-11-30 17:55:51+00', '2026-11-30 17:55:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (129, 1001, 4, 20100, 1, 'your_turn', '{"deadline": null, "game_id": 4, "pending": null}', '2026-11-30 17:55:51+00', '2026-11-30 17:55:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (130, 1002, 4, 20100, 2, 'your_turn', '{"deadline": null, "game_id": 4, "pending": null}', '2026-11-30 17:57:51+00', '2026-11-30 17:57:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (131, 1001, 4, 20100, 3, 'your_turn', '{"deadline": null, "game_id": 4, "pending": null}', '2026-11-30 17:58:51+00', '2026-11-30 17:58:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (132, 1002, 4, 20100, 4, 'your_turn', '{"deadline": null, "game_id": 4, "pending": null}', '2026-11-30 18:00:51+00', '2026-11-30 18:00:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (133, 1001, 4, 20100, 5, 'your_turn', '{"deadline": null, "game_id": 4, "pending": null}', '2026-11-30 18:05:51+00', '2026-11-30 18:05:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (134, 1002, 4, 20100, 6, 'your_turn', '{"deadline": null, "game_id": 4, "pending": null}', '2026-11-30 18:10:51+00', '2026-11-30 18:10:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (135, 1001, 4, 20100, 7, 'your_turn', '{"deadline": null, "game_id": 4, "pending": null}', '2026-11-30 18:13:51+00', '2026-11-30 18:13:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (136, 1002, 4, 20100, 8, 'your_turn', '{"deadline": null, "game_id": 4, "pending": null}', '2026-11-30 18:15:51+00', '2026-11-30 18:15:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (137, 1001, 4, 20100, 9, 'your_turn', '{"deadline": null, "game_id": 4, "pending": null}', '2026-11-30 18:18:51+00', '2026-11-30 18:18:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (138, 1002, 4, 20100, 10, 'your_turn', '{"deadline": null, "game_id": 4, "pending": null}', '2026-11-30 18:23:51+00', '2026-11-30 18:23:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (139, 1001, 4, 20100, 11, 'your_turn', '{"deadline": null, "game_id": 4, "pending": null}', '2026-11-30 18:28:51+00', '2026-11-30 18:28:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (140, 1002, 4, 20100, 12, 'your_turn', '{"deadline": null, "game_id": 4, "pending": null}', '2026-11-30 18:33:51+00', '2026-11-30 18:33:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (141, 1001, 4, 20100, 13, 'your_turn', '{"deadline": null, "game_id": 4, "pending": null}', '2026-11-30 18:38:51+00', '2026-11-30 18:38:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (142, 1002, 4, 20100, 14, 'your_turn', '{"deadline": null, "game_id": 4, "pending": null}', '2026-11-30 18:42:51+00', '2026-11-30 18:42:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (143, 1001, 4, 20100, 15, 'your_turn', '{"deadline": null, "game_id": 4, "pending": null}', '2026-11-30 18:47:51+00', '2026-11-30 18:47:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (144, 1002, 4, 20100, 16, 'your_turn', '{"deadline": null, "game_id": 4, "pending": null}', '2026-11-30 18:49:51+00', '2026-11-30 18:49:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (145, 1001, 4, 20100, 17, 'your_turn', '{"deadline": null, "game_id": 4, "pending": null}', '2026-11-30 18:51:51+00', '2026-11-30 18:51:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (146, 1002, 4, 20100, 19, 'your_turn', '{"deadline": null, "game_id": 4, "pending": null}', '2026-11-30 19:01:51+00', '2026-11-30 19:01:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (147, 1001, 4, 20100, 21, 'your_turn', '{"deadline": null, "game_id": 4, "pending": null}', '2026-11-30 19:05:51+00', '2026-11-30 19:05:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (148, 1002, 4, 20100, 22, 'your_turn', '{"deadline": null, "game_id": 4, "pending": null}', '2026-11-30 19:07:51+00', '2026-11-30 19:07:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (149, 1001, 4, 20100, 23, 'your_turn', '{"deadline": null, "game_id": 4, "pending": null}', '2026-11-30 19:10:51+00', '2026-11-30 19:10:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (150, 1002, 4, 20100, 24, 'your_turn', '{"deadline": null, "game_id": 4, "pending": null}', '2026-11-30 19:11:51+00', '2026-11-30 19:11:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (151, 1001, 4, 20100, 25, 'your_turn', '{"deadline": null, "game_id": 4, "pending": null}', '2026-11-30 19:16:51+00', '2026-11-30 19:16:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (152, 1002, 4, 20100, 26, 'your_turn', '{"deadline": null, "game_id": 4, "pending": null}', '2026-11-30 19:17:51+00', '2026-11-30 19:17:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (153, 1001, 4, 20100, 27, 'your_turn', '{"deadline": null, "game_id": 4, "pending": null}', '2026-11-30 19:20:51+00', '2026-11-30 19:20:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (154, 1002, 4, 20100, 29, 'your_turn', '{"deadline": null, "game_id": 4, "pending": null}', '2026-11-30 19:28:51+00', '2026-11-30 19:28:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (155, 1001, 4, 20100, 31, 'your_turn', '{"deadline": null, "game_id": 4, "pending": null}', '2026-11-30 19:38:51+00', '2026-11-30 19:38:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (156, 1002, 4, 20100, 32, 'your_turn', '{"deadline": null, "game_id": 4, "pending": null}', '2026-11-30 19:43:51+00', '2026-11-30 19:43:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (157, 1001, 4, 20100, 33, 'your_turn', '{"deadline": null, "game_id": 4, "pending": null}', '2026-11-30 19:47:51+00', '2026-11-30 19:47:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (158, 1002, 4, 20100, 34, 'your_turn', '{"deadline": null, "game_id": 4, "pending": null}', '2026-11-30 19:51:51+00', '2026-11-30 19:51:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (159, 1001, 4, 20100, 35, 'your_turn', '{"deadline": null, "game_id": 4, "pending": null}', '2026-11-30 19:55:51+00', '2026-11-30 19:55:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (160, 1002, 4, 20100, 36, 'your_turn', '{"deadline": null, "game_id": 4, "pending": null}', '2026-11-30 19:58:51+00', '2026-11-30 19:58:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (161, 1001, 4, 20100, 37, 'your_turn', '{"deadline": null, "game_id": 4, "pending": null}', '2026-11-30 20:00:51+00', '2026-11-30 20:00:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (162, 1002, 4, 20100, 38, 'your_turn', '{"deadline": null, "game_id": 4, "pending": null}', '2026-11-30 20:01:51+00', '2026-11-30 20:01:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (163, 1001, 4, 20100, 39, 'your_turn', '{"deadline": null, "game_id": 4, "pending": null}', '2026-11-30 20:04:51+00', '2026-11-30 20:04:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (164, 1002, 4, 20100, 40, 'your_turn', '{"deadline": null, "game_id": 4, "pending": null}', '2026-11-30 20:06:51+00', '2026-11-30 20:06:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (165, 1001, 4, 20100, 41, 'your_turn', '{"deadline": null, "game_id": 4, "pending": null}', '2026-11-30 20:08:51+00', '2026-11-30 20:08:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (166, 1002, 4, 20100, 42, 'your_turn', '{"deadline": null, "game_id": 4, "pending": null}', '2026-11-30 20:10:51+00', '2026-11-30 20:10:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (167, 1001, 4, 20100, 43, 'your_turn', '{"deadline": null, "game_id": 4, "pending": null}', '2026-11-30 20:12:51+00', '2026-11-30 20:12:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (168, 1002, 4, 20100, 44, 'your_turn', '{"deadline": null, "game_id": 4, "pending": null}', '2026-11-30 20:16:51+00', '2026-11-30 20:16:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (169, 1001, 4, 20100, 45, 'your_turn', '{"deadline": null, "game_id": 4, "pending": null}', '2026-11-30 20:18:51+00', '2026-11-30 20:18:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (170, 1002, 4, 20100, 46, 'your_turn', '{"deadline": null, "game_id": 4, "pending": null}', '2026-11-30 20:20:51+00', '2026-11-30 20:20:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (171, 1001, 4, 20100, 47, 'your_turn', '{"deadline": null, "game_id": 4, "pending": null}', '2026-11-30 20:25:51+00', '2026-11-30 20:25:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (172, 1002, 4, 20100, 48, 'your_turn', '{"deadline": null, "game_id": 4, "pending": null}', '2026-11-30 20:28:51+00', '2026-11-30 20:28:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (173, 1001, 4, 20100, 49, 'your_turn', '{"deadline": null, "game_id": 4, "pending": null}', '2026-11-30 20:30:51+00', '2026-11-30 20:30:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (174, 1002, 4, 20100, 50, 'your_turn', '{"deadline": null, "game_id": 4, "pending": null}', '2026-11-30 20:33:51+00', '2026-11-30 20:33:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (175, 1001, 4, 20100, 51, 'your_turn', '{"deadline": null, "game_id": 4, "pending": null}', '2026-11-30 20:36:51+00', '2026-11-30 20:36:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (176, 1002, 4, 20100, 52, 'your_turn', '{"deadline": null, "game_id": 4, "pending": null}', '2026-11-30 20:39:51+00', '2026-11-30 20:39:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (177, 1001, 4, 20100, 53, 'your_turn', '{"deadline": null, "game_id": 4, "pending": null}', '2026-11-30 20:43:51+00', '2026-11-30 20:43:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (178, 1002, 4, 20100, 54, 'your_turn', '{"deadline": null, "game_id": 4, "pending": null}', '2026-11-30 20:47:51+00', '2026-11-30 20:47:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (179, 1001, 4, 20100, 55, 'your_turn', '{"deadline": null, "game_id": 4, "pending": null}', '2026-11-30 20:52:51+00', '2026-11-30 20:52:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (180, 1002, 4, 20100, 56, 'your_turn', '{"deadline": null, "game_id": 4, "pending": null}', '2026-11-30 20:57:51+00', '2026-11-30 20:57:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (181, 1001, 4, 20100, 57, 'your_turn', '{"deadline": null, "game_id": 4, "pending": null}', '2026-11-30 20:58:51+00', '2026-11-30 20:58:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (182, 1002, 4, 20100, 58, 'your_turn', '{"deadline": null, "game_id": 4, "pending": null}', '2026-11-30 20:59:51+00', '2026-11-30 20:59:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (183, 1001, 4, 20100, 59, 'your_turn', '{"deadline": null, "game_id": 4, "pending": null}', '2026-11-30 21:02:51+00', '2026-11-30 21:02:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (184, 1002, 4, 20100, 60, 'your_turn', '{"deadline": null, "game_id": 4, "pending": null}', '2026-11-30 21:03:51+00', '2026-11-30 21:03:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (185, 1001, 4, 20100, 61, 'your_turn', '{"deadline": null, "game_id": 4, "pending": null}', '2026-11-30 21:06:51+00', '2026-11-30 21:06:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (186, 1002, 4, 20100, 62, 'your_turn', '{"deadline": null, "game_id": 4, "pending": null}', '2026-11-30 21:10:51+00', '2026-11-30 21:10:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (187, 1001, 4, 20100, 63, 'your_turn', '{"deadline": null, "game_id": 4, "pending": null}', '2026-11-30 21:14:51+00', '2026-11-30 21:14:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (188, 1002, 4, 20100, NULL, 'game_over', '{"count": 10, "game_id": 4, "place": 2, "reason": "finished", "result": "loss", "score": 10}', '2026-11-30 21:19:51+00', '2026-11-30 21:19:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (189, 1001, 4, 20100, NULL, 'game_over', '{"count": 17, "game_id": 4, "place": 1, "reason": "finished", "result": "win", "score": 17}', '2026-11-30 21:19:51+00', '2026-11-30 21:19:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (190, 1004, 5, 20101, 0, 'game_started', '{"count": 2, "game_id": 5, "players": 2, "seat": 0}', '2026-11-30 21:22:51+00', '2026-11-30 21:22:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (191, 1003, 5, 20101, 0, 'game_started', '{"count": 2, "game_id": 5, "players": 2, "seat": 1}', '2026-11-30 21:22:51+00', '2026-11-30 21:22:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (192, 1004, 5, 20101, 0, 'your_turn', '{"deadline": null, "game_id": 5, "pending": null}', '2026-11-30 21:22:51+00', '2026-11-30 21:22:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (193, 1003, 5, 20101, 1, 'your_turn', '{"deadline": null, "game_id": 5, "pending": null}', '2026-11-30 21:22:51+00', '2026-11-30 21:22:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (194, 1004, 5, 20101, 2, 'your_turn', '{"deadline": null, "game_id": 5, "pending": null}', '2026-11-30 21:24:51+00', '2026-11-30 21:24:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (195, 1003, 5, 20101, 3, 'your_turn', '{"deadline": null, "game_id": 5, "pending": null}', '2026-11-30 21:25:51+00', '2026-11-30 21:25:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (196, 1004, 5, 20101, 4, 'your_turn', '{"deadline": null, "game_id": 5, "pending": null}', '2026-11-30 21:26:51+00', '2026-11-30 21:26:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (197, 1003, 5, 20101, 5, 'your_turn', '{"deadline": null, "game_id": 5, "pending": null}', '2026-11-30 21:29:51+00', '2026-11-30 21:29:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (198, 1004, 5, 20101, 6, 'your_turn', '{"deadline": null, "game_id": 5, "pending": null}', '2026-11-30 21:34:51+00', '2026-11-30 21:34:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (199, 1003, 5, 20101, 7, 'your_turn', '{"deadline": null, "game_id": 5, "pending": null}', '2026-11-30 21:35:51+00', '2026-11-30 21:35:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (200, 1004, 5, 20101, 8, 'your_turn', '{"deadline": null, "game_id": 5, "pending": null}', '2026-11-30 21:36:51+00', '2026-11-30 21:36:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (201, 1003, 5, 20101, 9, 'your_turn', '{"deadline": null, "game_id": 5, "pending": null}', '2026-11-30 21:37:51+00', '2026-11-30 21:37:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (202, 1004, 5, 20101, 11, 'your_turn', '{"deadline": null, "game_id": 5, "pending": null}', '2026-11-30 21:45:51+00', '2026-11-30 21:45:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (203, 1003, 5, 20101, 12, 'your_turn', '{"deadline": null, "game_id": 5, "pending": null}', '2026-11-30 21:46:51+00', '2026-11-30 21:46:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (204, 1004, 5, 20101, 14, 'your_turn', '{"deadline": null, "game_id": 5, "pending": null}', '2026-11-30 21:50:51+00', '2026-11-30 21:50:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (205, 1003, 5, 20101, 15, 'your_turn', '{"deadline": null, "game_id": 5, "pending": null}', '2026-11-30 21:52:51+00', '2026-11-30 21:52:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (206, 1004, 5, 20101, 16, 'your_turn', '{"deadline": null, "game_id": 5, "pending": null}', '2026-11-30 21:55:51+00', '2026-11-30 21:55:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (207, 1003, 5, 20101, 17, 'your_turn', '{"deadline": null, "game_id": 5, "pending": null}', '2026-11-30 22:00:51+00', '2026-11-30 22:00:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (208, 1004, 5, 20101, 18, 'your_turn', '{"deadline": null, "game_id": 5, "pending": null}', '2026-11-30 22:03:51+00', '2026-11-30 22:03:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (209, 1003, 5, 20101, 19, 'your_turn', '{"deadline": null, "game_id": 5, "pending": null}', '2026-11-30 22:08:51+00', '2026-11-30 22:08:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (210, 1004, 5, 20101, 20, 'your_turn', '{"deadline": null, "game_id": 5, "pending": null}', '2026-11-30 22:11:51+00', '2026-11-30 22:11:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (211, 1003, 5, 20101, 21, 'your_turn', '{"deadline": null, "game_id": 5, "pending": null}', '2026-11-30 22:12:51+00', '2026-11-30 22:12:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (212, 1004, 5, 20101, 22, 'your_turn', '{"deadline": null, "game_id": 5, "pending": null}', '2026-11-30 22:13:51+00', '2026-11-30 22:13:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (213, 1003, 5, 20101, 23, 'your_turn', '{"deadline": null, "game_id": 5, "pending": null}', '2026-11-30 22:14:51+00', '2026-11-30 22:14:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (214, 1004, 5, 20101, 25, 'your_turn', '{"deadline": null, "game_id": 5, "pending": null}', '2026-11-30 22:21:51+00', '2026-11-30 22:21:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (215, 1003, 5, 20101, 26, 'your_turn', '{"deadline": null, "game_id": 5, "pending": null}', '2026-11-30 22:22:51+00', '2026-11-30 22:22:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (216, 1004, 5, 20101, 27, 'your_turn', '{"deadline": null, "game_id": 5, "pending": null}', '2026-11-30 22:26:51+00', '2026-11-30 22:26:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (217, 1003, 5, 20101, 28, 'your_turn', '{"deadline": null, "game_id": 5, "pending": null}', '2026-11-30 22:31:51+00', '2026-11-30 22:31:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (218, 1004, 5, 20101, 29, 'your_turn', '{"deadline": null, "game_id": 5, "pending": null}', '2026-11-30 22:33:51+00', '2026-11-30 22:33:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (219, 1003, 5, 20101, 30, 'your_turn', '{"deadline": null, "game_id": 5, "pending": null}', '2026-11-30 22:36:51+00', '2026-11-30 22:36:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (220, 1004, 5, 20101, 31, 'your_turn', '{"deadline": null, "game_id": 5, "pending": null}', '2026-11-30 22:38:51+00', '2026-11-30 22:38:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (221, 1003, 5, 20101, 32, 'your_turn', '{"deadline": null, "game_id": 5, "pending": null}', '2026-11-30 22:41:51+00', '2026-11-30 22:41:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (222, 1004, 5, 20101, 33, 'your_turn', '{"deadline": null, "game_id": 5, "pending": null}', '2026-11-30 22:43:51+00', '2026-11-30 22:43:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (223, 1003, 5, 20101, 34, 'your_turn', '{"deadline": null, "game_id": 5, "pending": null}', '2026-11-30 22:44:51+00', '2026-11-30 22:44:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (224, 1004, 5, 20101, 35, 'your_turn', '{"deadline": null, "game_id": 5, "pending": null}', '2026-11-30 22:48:51+00', '2026-11-30 22:48:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (225, 1003, 5, 20101, 36, 'your_turn', '{"deadline": null, "game_id": 5, "pending": null}', '2026-11-30 22:49:51+00', '2026-11-30 22:49:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (226, 1004, 5, 20101, 37, 'your_turn', '{"deadline": null, "game_id": 5, "pending": null}', '2026-11-30 22:53:51+00', '2026-11-30 22:53:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (227, 1003, 5, 20101, 38, 'your_turn', '{"deadline": null, "game_id": 5, "pending": null}', '2026-11-30 22:58:51+00', '2026-11-30 22:58:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (228, 1004, 5, 20101, 39, 'your_turn', '{"deadline": null, "game_id": 5, "pending": null}', '2026-11-30 23:01:51+00', '2026-11-30 23:01:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (229, 1003, 5, 20101, 40, 'your_turn', '{"deadline": null, "game_id": 5, "pending": null}', '2026-11-30 23:05:51+00', '2026-11-30 23:05:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (230, 1004, 5, 20101, 41, 'your_turn', '{"deadline": null, "game_id": 5, "pending": null}', '2026-11-30 23:07:51+00', '2026-11-30 23:07:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (231, 1003, 5, 20101, 42, 'your_turn', '{"deadline": null, "game_id": 5, "pending": null}', '2026-11-30 23:11:51+00', '2026-11-30 23:11:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (232, 1004, 5, 20101, 43, 'your_turn', '{"deadline": null, "game_id": 5, "pending": null}', '2026-11-30 23:14:51+00', '2026-11-30 23:14:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (233, 1003, 5, 20101, 44, 'your_turn', '{"deadline": null, "game_id": 5, "pending": null}', '2026-11-30 23:17:51+00', '2026-11-30 23:17:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (234, 1004, 5, 20101, 45, 'your_turn', '{"deadline": null, "game_id": 5, "pending": null}', '2026-11-30 23:19:51+00', '2026-11-30 23:19:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (235, 1003, 5, 20101, 46, 'your_turn', '{"deadline": null, "game_id": 5, "pending": null}', '2026-11-30 23:22:51+00', '2026-11-30 23:22:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (236, 1004, 5, 20101, 47, 'your_turn', '{"deadline": null, "game_id": 5, "pending": null}', '2026-11-30 23:25:51+00', '2026-11-30 23:25:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (237, 1003, 5, 20101, 48, 'your_turn', '{"deadline": null, "game_id": 5, "pending": null}', '2026-11-30 23:26:51+00', '2026-11-30 23:26:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (238, 1004, 5, 20101, 49, 'your_turn', '{"deadline": null, "game_id": 5, "pending": null}', '2026-11-30 23:30:51+00', '2026-11-30 23:30:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (239, 1003, 5, 20101, 50, 'your_turn', '{"deadline": null, "game_id": 5, "pending": null}', '2026-11-30 23:34:51+00', '2026-11-30 23:34:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (240, 1004, 5, 20101, 51, 'your_turn', '{"deadline": null, "game_id": 5, "pending": null}', '2026-11-30 23:39:51+00', '2026-11-30 23:39:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (241, 1003, 5, 20101, 52, 'your_turn', '{"deadline": null, "game_id": 5, "pending": null}', '2026-11-30 23:41:51+00', '2026-11-30 23:41:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (242, 1004, 5, 20101, 53, 'your_turn', '{"deadline": null, "game_id": 5, "pending": null}', '2026-11-30 23:42:51+00', '2026-11-30 23:42:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (243, 1003, 5, 20101, 54, 'your_turn', '{"deadline": null, "game_id": 5, "pending": null}', '2026-11-30 23:43:51+00', '2026-11-30 23:43:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (244, 1004, 5, 20101, 55, 'your_turn', '{"deadline": null, "game_id": 5, "pending": null}', '2026-11-30 23:47:51+00', '2026-11-30 23:47:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (245, 1003, 5, 20101, 56, 'your_turn', '{"deadline": null, "game_id": 5, "pending": null}', '2026-11-30 23:51:51+00', '2026-11-30 23:51:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (246, 1004, 5, 20101, 57, 'your_turn', '{"deadline": null, "game_id": 5, "pending": null}', '2026-11-30 23:54:51+00', '2026-11-30 23:54:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (247, 1003, 5, 20101, 58, 'your_turn', '{"deadline": null, "game_id": 5, "pending": null}', '2026-11-30 23:56:51+00', '2026-11-30 23:56:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (248, 1004, 5, 20101, 59, 'your_turn', '{"deadline": null, "game_id": 5, "pending": null}', '2026-12-01 00:01:51+00', '2026-12-01 00:01:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (249, 1003, 5, 20101, 60, 'your_turn', '{"deadline": null, "game_id": 5, "pending": null}', '2026-12-01 00:06:51+00', '2026-12-01 00:06:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (250, 1004, 5, 20101, NULL, 'game_over', '{"count": 11, "game_id": 5, "place": 2, "reason": "finished", "result": "loss", "score": 11}', '2026-12-01 00:09:51+00', '2026-12-01 00:09:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (251, 1003, 5, 20101, NULL, 'game_over', '{"count": 17, "game_id": 5, "place": 1, "reason": "finished", "result": "win", "score": 17}', '2026-12-01 00:09:51+00', '2026-12-01 00:09:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (252, 1001, 6, 20200, 0, 'game_started', '{"count": 2, "game_id": 6, "players": 2, "seat": 0}', '2026-12-01 02:11:51+00', '2026-12-01 02:11:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (253, 1003, 6, 20200, 0, 'game_started', '{"count": 2, "game_id": 6, "players": 2, "seat": 1}', '2026-12-01 02:11:51+00', '2026-12-01 02:11:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (254, 1001, 6, 20200, 0, 'your_turn', '{"deadline": null, "game_id": 6, "pending": null}', '2026-12-01 02:11:51+00', '2026-12-01 02:11:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (255, 1003, 6, 20200, 1, 'your_turn', '{"deadline": null, "game_id": 6, "pending": null}', '2026-12-01 02:11:51+00', '2026-12-01 02:11:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (256, 1001, 6, 20200, 2, 'your_turn', '{"deadline": null, "game_id": 6, "pending": null}', '2026-12-01 02:16:51+00', '2026-12-01 02:16:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (257, 1003, 6, 20200, 3, 'your_turn', '{"deadline": null, "game_id": 6, "pending": null}', '2026-12-01 02:21:51+00', '2026-12-01 02:21:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (258, 1001, 6, 20200, 4, 'your_turn', '{"deadline": null, "game_id": 6, "pending": null}', '2026-12-01 02:22:51+00', '2026-12-01 02:22:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (259, 1003, 6, 20200, 5, 'your_turn', '{"deadline": null, "game_id": 6, "pending": null}', '2026-12-01 02:23:51+00', '2026-12-01 02:23:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (260, 1001, 6, 20200, 6, 'your_turn', '{"deadline": null, "game_id": 6, "pending": null}', '2026-12-01 02:26:51+00', '2026-12-01 02:26:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (261, 1003, 6, 20200, 7, 'your_turn', '{"deadline": null, "game_id": 6, "pending": null}', '2026-12-01 02:30:51+00', '2026-12-01 02:30:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (262, 1001, 6, 20200, 8, 'your_turn', '{"deadline": null, "game_id": 6, "pending": null}', '2026-12-01 02:35:51+00', '2026-12-01 02:35:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (263, 1003, 6, 20200, 9, 'your_turn', '{"deadline": null, "game_id": 6, "pending": null}', '2026-12-01 02:36:51+00', '2026-12-01 02:36:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (264, 1001, 6, 20200, 10, 'your_turn', '{"deadline": null, "game_id": 6, "pending": null}', '2026-12-01 02:40:51+00', '2026-12-01 02:40:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (265, 1004, 7, 20201, 0, 'game_started', '{"count": 2, "game_id": 7, "players": 2, "seat": 0}', '2026-12-01 02:41:51+00', '2026-12-01 02:41:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (266, 1002, 7, 20201, 0, 'game_started', '{"count": 2, "game_id": 7, "players": 2, "seat": 1}', '2026-12-01 02:41:51+00', '2026-12-01 02:41:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (267, 1004, 7, 20201, 0, 'your_turn', '{"deadline": null, "game_id": 7, "pending": null}', '2026-12-01 02:41:51+00', '2026-12-01 02:41:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (268, 1002, 7, 20201, 1, 'your_turn', '{"deadline": null, "game_id": 7, "pending": null}', '2026-12-01 02:41:51+00', '2026-12-01 02:41:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (269, 1004, 7, 20201, 2, 'your_turn', '{"deadline": null, "game_id": 7, "pending": null}', '2026-12-01 02:42:51+00', '2026-12-01 02:42:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (270, 1002, 7, 20201, 3, 'your_turn', '{"deadline": null, "game_id": 7, "pending": null}', '2026-12-01 02:44:51+00', '2026-12-01 02:44:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (271, 1004, 7, 20201, 4, 'your_turn', '{"deadline": null, "game_id": 7, "pending": null}', '2026-12-01 02:46:51+00', '2026-12-01 02:46:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (272, 1002, 7, 20201, 5, 'your_turn', '{"deadline": null, "game_id": 7, "pending": null}', '2026-12-01 02:50:51+00', '2026-12-01 02:50:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (273, 1004, 7, 20201, 6, 'your_turn', '{"deadline": null, "game_id": 7, "pending": null}', '2026-12-01 02:51:51+00', '2026-12-01 02:51:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (274, 1002, 7, 20201, 7, 'your_turn', '{"deadline": null, "game_id": 7, "pending": null}', '2026-12-01 02:54:51+00', '2026-12-01 02:54:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (275, 1004, 7, 20201, 8, 'your_turn', '{"deadline": null, "game_id": 7, "pending": null}', '2026-12-01 02:59:51+00', '2026-12-01 02:59:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (276, 1002, 7, 20201, 9, 'your_turn', '{"deadline": null, "game_id": 7, "pending": null}', '2026-12-01 03:00:51+00', '2026-12-01 03:00:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.outbox VALUES (277, 1004, 7, 20201, 11, 'your_turn', '{"deadline": null, "game_id": 7, "pending": null}', '2026-12-01 03:06:51+00', '2026-12-01 03:06:51+00', NULL, false, NULL, NULL, NULL, 0);
INSERT INTO fixture.seats VALUES (1, 1001, '2026-11-29 20:48:51+00', 2, 1, 'active', 0, 17, 1, 'win', NULL, NULL, 'Ada');
INSERT INTO fixture.seats VALUES (1, 1003, '2026-11-29 20:48:51+00', 1, 0, 'active', 0, 11, 2, 'loss', NULL, NULL, 'Chandra');
INSERT INTO fixture.seats VALUES (2, 1001, '2026-11-30 04:27:51+00', 2, 1, 'active', 0, 7, 2, 'loss', NULL, NULL, 'Ada');
INSERT INTO fixture.seats VALUES (2, 1003, '2026-11-30 04:27:51+00', 1, 0, 'active', 0, 15, 1, 'win', NULL, NULL, 'Chandra');
INSERT INTO fixture.seats VALUES (3, 1001, '2026-11-30 12:38:51+00', 2, 1, 'active', 0, NULL, NULL, NULL, NULL, NULL, 'Ada');
INSERT INTO fixture.seats VALUES (3, 1002, '2026-11-30 12:38:51+00', 1, 0, 'active', 0, NULL, NULL, NULL, NULL, NULL, 'Borges');
INSERT INTO fixture.seats VALUES (4, 1001, '2026-11-30 17:55:51+00', 2, 1, 'active', 0, 17, 1, 'win', NULL, NULL, 'Ada');
INSERT INTO fixture.seats VALUES (4, 1002, '2026-11-30 17:55:51+00', 1, 0, 'active', 0, 10, 2, 'loss', NULL, NULL, 'Borges');
INSERT INTO fixture.seats VALUES (5, 1003, '2026-11-30 21:22:51+00', 2, 1, 'active', 0, 17, 1, 'win', NULL, NULL, 'Chandra');
INSERT INTO fixture.seats VALUES (5, 1004, '2026-11-30 21:22:51+00', 1, 0, 'active', 0, 11, 2, 'loss', NULL, NULL, 'Dolores');
INSERT INTO fixture.seats VALUES (6, 1001, '2026-12-01 02:11:51+00', 1, 0, 'active', 0, NULL, NULL, NULL, NULL, NULL, 'Ada');
INSERT INTO fixture.seats VALUES (6, 1003, '2026-12-01 02:11:51+00', 2, 1, 'active', 0, NULL, NULL, NULL, NULL, NULL, 'Chandra');
INSERT INTO fixture.seats VALUES (7, 1002, '2026-12-01 02:41:51+00', 2, 1, 'active', 0, NULL, NULL, NULL, NULL, NULL, 'Borges');
INSERT INTO fixture.seats VALUES (7, 1004, '2026-12-01 02:41:51+00', 1, 0, 'active', 0, NULL, NULL, NULL, NULL, NULL, 'Dolores');
INSERT INTO fixture.store_migrations VALUES (1, '2026-12-02 02:48:50.98362+00');
INSERT INTO fixture.store_migrations VALUES (2, '2026-12-02 02:48:51.116029+00');
INSERT INTO fixture.store_migrations VALUES (3, '2026-12-02 02:48:51.122164+00');
INSERT INTO fixture.store_migrations VALUES (4, '2026-12-02 02:48:51.133064+00');
INSERT INTO fixture.store_migrations VALUES (5, '2026-12-02 02:48:51.161063+00');
INSERT INTO fixture.store_migrations VALUES (6, '2026-12-02 02:48:51.169852+00');
INSERT INTO fixture.store_migrations VALUES (7, '2026-12-02 02:48:51.416359+00');
INSERT INTO fixture.store_migrations VALUES (8, '2026-12-02 02:48:51.436673+00');
INSERT INTO fixture.store_migrations VALUES (9, '2026-12-02 02:48:51.440107+00');
INSERT INTO fixture.store_migrations VALUES (10, '2026-12-02 02:48:51.448167+00');
INSERT INTO fixture.store_migrations VALUES (11, '2026-12-02 02:48:51.456278+00');
INSERT INTO fixture.store_migrations VALUES (12, '2026-12-02 02:48:51.464498+00');
INSERT INTO fixture.store_migrations VALUES (13, '2026-12-02 02:48:51.480208+00');
INSERT INTO fixture.store_migrations VALUES (14, '2026-12-02 02:48:51.484158+00');
INSERT INTO fixture.store_migrations VALUES (15, '2026-12-02 02:48:51.498826+00');
INSERT INTO fixture.store_migrations VALUES (16, '2026-12-02 02:48:51.518875+00');
INSERT INTO fixture.users VALUES (1001, NULL, 'mention', NULL, NULL, NULL, NULL, NULL, 'Ada');
INSERT INTO fixture.users VALUES (1002, NULL, 'mention', NULL, NULL, NULL, NULL, NULL, 'Borges');
INSERT INTO fixture.users VALUES (1003, NULL, 'mention', NULL, NULL, NULL, NULL, NULL, 'Chandra');
INSERT INTO fixture.users VALUES (1004, NULL, 'mention', NULL, NULL, NULL, NULL, NULL, 'Dolores');
INSERT INTO fixture.web_links VALUES ('MkDILrD_1nhsFU1xaduB3w', 'league', 1, 0, 'public', '2026-11-29 20:48:51+00');
INSERT INTO fixture.web_links VALUES ('tpspBjwfgTo_kkrJ6M9xAA', 'league', 2, 0, 'public', '2026-11-30 17:55:51+00');
SELECT pg_catalog.setval('fixture.games_game_id_seq', 7, true);
SELECT pg_catalog.setval('fixture.hints_id_seq', 1, false);
SELECT pg_catalog.setval('fixture.league_audit_id_seq', 2, true);
SELECT pg_catalog.setval('fixture.league_results_result_id_seq', 4, true);
SELECT pg_catalog.setval('fixture.league_tables_table_id_seq', 7, true);
SELECT pg_catalog.setval('fixture.leagues_league_id_seq', 2, true);
SELECT pg_catalog.setval('fixture.outbox_id_seq', 277, true);
SELECT pg_catalog.setval('fixture.undone_actions_id_seq', 1, false);
ALTER TABLE ONLY fixture.actions
    ADD CONSTRAINT actions_pkey PRIMARY KEY (game_id, seq);
ALTER TABLE ONLY fixture.blocks
    ADD CONSTRAINT blocks_pkey PRIMARY KEY (user_id, blocked_id);
ALTER TABLE ONLY fixture.cluster_settings
    ADD CONSTRAINT cluster_settings_pkey PRIMARY KEY (key);
ALTER TABLE ONLY fixture.games
    ADD CONSTRAINT games_create_request_key UNIQUE (create_request);
ALTER TABLE ONLY fixture.games
    ADD CONSTRAINT games_pkey PRIMARY KEY (game_id);
ALTER TABLE ONLY fixture.guild_defaults
    ADD CONSTRAINT guild_defaults_pkey PRIMARY KEY (guild_id);
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
ALTER TABLE ONLY fixture.plans
    ADD CONSTRAINT plans_pkey PRIMARY KEY (game_id, user_id, slot);
ALTER TABLE ONLY fixture.reviews
    ADD CONSTRAINT reviews_pkey PRIMARY KEY (game_id);
ALTER TABLE ONLY fixture.seats
    ADD CONSTRAINT seats_pkey PRIMARY KEY (game_id, user_id);
ALTER TABLE ONLY fixture.store_migrations
    ADD CONSTRAINT store_migrations_pkey PRIMARY KEY (version);
ALTER TABLE ONLY fixture.timers
    ADD CONSTRAINT timers_pkey PRIMARY KEY (game_id);
ALTER TABLE ONLY fixture.undone_actions
    ADD CONSTRAINT undone_actions_pkey PRIMARY KEY (id);
ALTER TABLE ONLY fixture.users
    ADD CONSTRAINT users_pkey PRIMARY KEY (user_id);
ALTER TABLE ONLY fixture.vacation_computers
    ADD CONSTRAINT vacation_computers_pkey PRIMARY KEY (user_id);
ALTER TABLE ONLY fixture.web_links
    ADD CONSTRAINT web_links_pkey PRIMARY KEY (slug);
CREATE UNIQUE INDEX actions_request ON fixture.actions USING btree (game_id, request_id) WHERE (request_id IS NOT NULL);
CREATE INDEX blocks_blocked ON fixture.blocks USING btree (blocked_id);
CREATE INDEX games_channel ON fixture.games USING btree (channel_id, game_id);
CREATE INDEX games_guild ON fixture.games USING btree (guild_id);
CREATE UNIQUE INDEX games_live_channel ON fixture.games USING btree (channel_id) WHERE (status = ANY (ARRAY['lobby'::text, 'active'::text]));
CREATE UNIQUE INDEX games_rematch ON fixture.games USING btree (rematch_of) WHERE (rematch_of IS NOT NULL);
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
CREATE INDEX reviews_status ON fixture.reviews USING btree (status, game_id);
CREATE INDEX seats_user ON fixture.seats USING btree (user_id);
CREATE INDEX timers_due ON fixture.timers USING btree (due_at) WHERE (due_at IS NOT NULL);
CREATE INDEX timers_remind ON fixture.timers USING btree (remind_at) WHERE (remind_at IS NOT NULL);
CREATE INDEX timers_user ON fixture.timers USING btree (user_id);
CREATE INDEX undone_actions_game ON fixture.undone_actions USING btree (game_id, seq);
CREATE INDEX vacations_user ON fixture.vacations USING btree (user_id, starts_at);
CREATE UNIQUE INDEX web_links_target ON fixture.web_links USING btree (kind, target_id, user_id);
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
ALTER TABLE ONLY fixture.plans
    ADD CONSTRAINT plans_game_id_fkey FOREIGN KEY (game_id) REFERENCES fixture.games(game_id);
ALTER TABLE ONLY fixture.reviews
    ADD CONSTRAINT reviews_game_id_fkey FOREIGN KEY (game_id) REFERENCES fixture.games(game_id);
ALTER TABLE ONLY fixture.seats
    ADD CONSTRAINT seats_game_id_fkey FOREIGN KEY (game_id) REFERENCES fixture.games(game_id);
ALTER TABLE ONLY fixture.timers
    ADD CONSTRAINT timers_game_id_fkey FOREIGN KEY (game_id) REFERENCES fixture.games(game_id);
ALTER TABLE ONLY fixture.undone_actions
    ADD CONSTRAINT undone_actions_game_id_fkey FOREIGN KEY (game_id) REFERENCES fixture.games(game_id);
