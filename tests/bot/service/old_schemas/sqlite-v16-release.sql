-- A database written by the last release (schema version 16, commit d2ec2b3): the web demo's two leagues
-- (python -m bot web --demo: a ladder and a rounds league, 4 members, 2 finished games and 1 running),
-- iterdump plus the user_version; tests/bot/service/test_old_schemas.py.
BEGIN TRANSACTION;
CREATE TABLE actions (
        game_id    INTEGER    NOT NULL REFERENCES games(game_id),
        seq        INTEGER NOT NULL,
        seat       INTEGER NOT NULL,
        code       TEXT    NOT NULL,
        user_id    INTEGER,
        source     TEXT    NOT NULL DEFAULT 'player' CHECK (source IN ('player', 'timeout', 'auto', 'ai')),
        at         TEXT  NOT NULL,
        request_id TEXT,
        PRIMARY KEY (game_id, seq)
    ) WITHOUT ROWID;
INSERT INTO "actions" VALUES(1,1,0,'take wug',1003,'player','2026-11-29T20:48:45.000000+00:00','demo-1-0');
INSERT INTO "actions" VALUES(1,2,1,'take wug',1001,'player','2026-11-29T20:51:45.000000+00:00','demo-1-1');
INSERT INTO "actions" VALUES(1,3,0,'take wug',1003,'player','2026-11-29T20:56:45.000000+00:00','demo-1-2');
INSERT INTO "actions" VALUES(1,4,1,'take wug',1001,'player','2026-11-29T20:57:45.000000+00:00','demo-1-3');
INSERT INTO "actions" VALUES(1,5,0,'take rk',1003,'player','2026-11-29T21:01:45.000000+00:00','demo-1-4');
INSERT INTO "actions" VALUES(1,6,1,'take rk',1001,'player','2026-11-29T21:02:45.000000+00:00','demo-1-5');
INSERT INTO "actions" VALUES(1,7,0,'take rk',1003,'player','2026-11-29T21:03:45.000000+00:00','demo-1-6');
INSERT INTO "actions" VALUES(1,8,1,'take rk',1001,'player','2026-11-29T21:04:45.000000+00:00','demo-1-7');
INSERT INTO "actions" VALUES(1,9,0,'buy 1.3',1003,'player','2026-11-29T21:06:45.000000+00:00','demo-1-8');
INSERT INTO "actions" VALUES(1,10,1,'buy 1.3',1001,'player','2026-11-29T21:11:45.000000+00:00','demo-1-9');
INSERT INTO "actions" VALUES(1,11,0,'take wur',1003,'player','2026-11-29T21:12:45.000000+00:00','demo-1-10');
INSERT INTO "actions" VALUES(1,12,1,'reserve 3.1',1001,'player','2026-11-29T21:13:45.000000+00:00','demo-1-11');
INSERT INTO "actions" VALUES(1,13,0,'reserve 2.3',1003,'player','2026-11-29T21:16:45.000000+00:00','demo-1-12');
INSERT INTO "actions" VALUES(1,14,1,'buy 1.1',1001,'player','2026-11-29T21:18:45.000000+00:00','demo-1-13');
INSERT INTO "actions" VALUES(1,15,1,'pay uuk',1001,'player','2026-11-29T21:23:45.000000+00:00','demo-1-14');
INSERT INTO "actions" VALUES(1,16,0,'buy r1',1003,'player','2026-11-29T21:28:45.000000+00:00','demo-1-15');
INSERT INTO "actions" VALUES(1,17,1,'buy 1.3',1001,'player','2026-11-29T21:29:45.000000+00:00','demo-1-16');
INSERT INTO "actions" VALUES(1,18,0,'take wug',1003,'player','2026-11-29T21:32:45.000000+00:00','demo-1-17');
INSERT INTO "actions" VALUES(1,19,1,'take wrk',1001,'player','2026-11-29T21:37:45.000000+00:00','demo-1-18');
INSERT INTO "actions" VALUES(1,20,0,'take wug',1003,'player','2026-11-29T21:42:45.000000+00:00','demo-1-19');
INSERT INTO "actions" VALUES(1,21,1,'take wug',1001,'player','2026-11-29T21:47:45.000000+00:00','demo-1-20');
INSERT INTO "actions" VALUES(1,22,0,'buy 1.1',1003,'player','2026-11-29T21:51:45.000000+00:00','demo-1-21');
INSERT INTO "actions" VALUES(1,23,1,'buy 1.4',1001,'player','2026-11-29T21:54:45.000000+00:00','demo-1-22');
INSERT INTO "actions" VALUES(1,24,0,'take ugk',1003,'player','2026-11-29T21:59:45.000000+00:00','demo-1-23');
INSERT INTO "actions" VALUES(1,25,1,'reserve 1.1',1001,'player','2026-11-29T22:02:45.000000+00:00','demo-1-24');
INSERT INTO "actions" VALUES(1,26,0,'buy 1.2',1003,'player','2026-11-29T22:04:45.000000+00:00','demo-1-25');
INSERT INTO "actions" VALUES(1,27,1,'buy 2.2',1001,'player','2026-11-29T22:06:45.000000+00:00','demo-1-26');
INSERT INTO "actions" VALUES(1,28,0,'reserve 2.2',1003,'player','2026-11-29T22:11:45.000000+00:00','demo-1-27');
INSERT INTO "actions" VALUES(1,29,1,'take ugr',1001,'player','2026-11-29T22:16:45.000000+00:00','demo-1-28');
INSERT INTO "actions" VALUES(1,30,0,'buy r1',1003,'player','2026-11-29T22:19:45.000000+00:00','demo-1-29');
INSERT INTO "actions" VALUES(1,31,1,'buy 1.2',1001,'player','2026-11-29T22:22:45.000000+00:00','demo-1-30');
INSERT INTO "actions" VALUES(1,32,0,'buy 1.1',1003,'player','2026-11-29T22:23:45.000000+00:00','demo-1-31');
INSERT INTO "actions" VALUES(1,33,1,'take ugk',1001,'player','2026-11-29T22:25:45.000000+00:00','demo-1-32');
INSERT INTO "actions" VALUES(1,34,0,'reserve 2.2',1003,'player','2026-11-29T22:27:45.000000+00:00','demo-1-33');
INSERT INTO "actions" VALUES(1,35,1,'buy 2.2',1001,'player','2026-11-29T22:31:45.000000+00:00','demo-1-34');
INSERT INTO "actions" VALUES(1,36,0,'take kk',1003,'player','2026-11-29T22:32:45.000000+00:00','demo-1-35');
INSERT INTO "actions" VALUES(1,37,1,'buy 1.4',1001,'player','2026-11-29T22:35:45.000000+00:00','demo-1-36');
INSERT INTO "actions" VALUES(1,38,0,'take ugk',1003,'player','2026-11-29T22:40:45.000000+00:00','demo-1-37');
INSERT INTO "actions" VALUES(1,39,1,'buy 2.2',1001,'player','2026-11-29T22:45:45.000000+00:00','demo-1-38');
INSERT INTO "actions" VALUES(1,40,0,'buy r1',1003,'player','2026-11-29T22:46:45.000000+00:00','demo-1-39');
INSERT INTO "actions" VALUES(1,41,1,'take rr',1001,'player','2026-11-29T22:49:45.000000+00:00','demo-1-40');
INSERT INTO "actions" VALUES(1,42,0,'reserve 2.1',1003,'player','2026-11-29T22:50:45.000000+00:00','demo-1-41');
INSERT INTO "actions" VALUES(1,43,1,'take wur',1001,'player','2026-11-29T22:53:45.000000+00:00','demo-1-42');
INSERT INTO "actions" VALUES(1,44,0,'reserve 3.1',1003,'player','2026-11-29T22:56:45.000000+00:00','demo-1-43');
INSERT INTO "actions" VALUES(1,45,1,'buy 1.3',1001,'player','2026-11-29T22:59:45.000000+00:00','demo-1-44');
INSERT INTO "actions" VALUES(1,46,0,'take kk',1003,'player','2026-11-29T23:03:45.000000+00:00','demo-1-45');
INSERT INTO "actions" VALUES(1,47,1,'buy 2.3',1001,'player','2026-11-29T23:05:45.000000+00:00','demo-1-46');
INSERT INTO "actions" VALUES(1,48,0,'buy 3.1',1003,'player','2026-11-29T23:09:45.000000+00:00','demo-1-47');
INSERT INTO "actions" VALUES(1,49,1,'take rr',1001,'player','2026-11-29T23:11:45.000000+00:00','demo-1-48');
INSERT INTO "actions" VALUES(1,50,0,'buy 1.1',1003,'player','2026-11-29T23:13:45.000000+00:00','demo-1-49');
INSERT INTO "actions" VALUES(1,51,1,'take wur',1001,'player','2026-11-29T23:17:45.000000+00:00','demo-1-50');
INSERT INTO "actions" VALUES(1,52,0,'buy 2.3',1003,'player','2026-11-29T23:21:45.000000+00:00','demo-1-51');
INSERT INTO "actions" VALUES(1,53,1,'buy r1',1001,'player','2026-11-29T23:23:45.000000+00:00','demo-1-52');
INSERT INTO "actions" VALUES(2,1,0,'take wuk',1003,'player','2026-11-30T04:27:45.000000+00:00','demo-2-0');
INSERT INTO "actions" VALUES(2,2,1,'take wuk',1001,'player','2026-11-30T04:31:45.000000+00:00','demo-2-1');
INSERT INTO "actions" VALUES(2,3,0,'take wug',1003,'player','2026-11-30T04:35:45.000000+00:00','demo-2-2');
INSERT INTO "actions" VALUES(2,4,1,'take wug',1001,'player','2026-11-30T04:37:45.000000+00:00','demo-2-3');
INSERT INTO "actions" VALUES(2,5,0,'take grk',1003,'player','2026-11-30T04:39:45.000000+00:00','demo-2-4');
INSERT INTO "actions" VALUES(2,6,1,'take grk',1001,'player','2026-11-30T04:41:45.000000+00:00','demo-2-5');
INSERT INTO "actions" VALUES(2,7,0,'take r',1003,'player','2026-11-30T04:42:45.000000+00:00','demo-2-6');
INSERT INTO "actions" VALUES(2,8,1,'take r',1001,'player','2026-11-30T04:47:45.000000+00:00','demo-2-7');
INSERT INTO "actions" VALUES(2,9,0,'buy 1.2',1003,'player','2026-11-30T04:50:45.000000+00:00','demo-2-8');
INSERT INTO "actions" VALUES(2,10,1,'take wur',1001,'player','2026-11-30T04:51:45.000000+00:00','demo-2-9');
INSERT INTO "actions" VALUES(2,11,1,'return www',1001,'player','2026-11-30T04:55:45.000000+00:00','demo-2-10');
INSERT INTO "actions" VALUES(2,12,0,'buy 1.3',1003,'player','2026-11-30T05:00:45.000000+00:00','demo-2-11');
INSERT INTO "actions" VALUES(2,13,1,'reserve 3.2',1001,'player','2026-11-30T05:02:45.000000+00:00','demo-2-12');
INSERT INTO "actions" VALUES(2,14,1,'return u',1001,'player','2026-11-30T05:06:45.000000+00:00','demo-2-13');
INSERT INTO "actions" VALUES(2,15,0,'reserve 2.2',1003,'player','2026-11-30T05:10:45.000000+00:00','demo-2-14');
INSERT INTO "actions" VALUES(2,16,1,'take ugk',1001,'player','2026-11-30T05:14:45.000000+00:00','demo-2-15');
INSERT INTO "actions" VALUES(2,17,1,'return uuu',1001,'player','2026-11-30T05:18:45.000000+00:00','demo-2-16');
INSERT INTO "actions" VALUES(2,18,0,'take wug',1003,'player','2026-11-30T05:19:45.000000+00:00','demo-2-17');
INSERT INTO "actions" VALUES(2,19,1,'reserve 2.2',1001,'player','2026-11-30T05:20:45.000000+00:00','demo-2-18');
INSERT INTO "actions" VALUES(2,20,1,'return g',1001,'player','2026-11-30T05:24:45.000000+00:00','demo-2-19');
INSERT INTO "actions" VALUES(2,21,0,'take wug',1003,'player','2026-11-30T05:25:45.000000+00:00','demo-2-20');
INSERT INTO "actions" VALUES(2,22,0,'return w',1003,'player','2026-11-30T05:30:45.000000+00:00','demo-2-21');
INSERT INTO "actions" VALUES(2,23,1,'buy 2.2',1001,'player','2026-11-30T05:31:45.000000+00:00','demo-2-22');
INSERT INTO "actions" VALUES(2,24,0,'buy 1.4',1003,'player','2026-11-30T05:36:45.000000+00:00','demo-2-23');
INSERT INTO "actions" VALUES(2,25,0,'pay ur',1003,'player','2026-11-30T05:41:45.000000+00:00','demo-2-24');
INSERT INTO "actions" VALUES(2,26,1,'take wug',1001,'player','2026-11-30T05:44:45.000000+00:00','demo-2-25');
INSERT INTO "actions" VALUES(2,27,0,'buy 1.1',1003,'player','2026-11-30T05:45:45.000000+00:00','demo-2-26');
INSERT INTO "actions" VALUES(2,28,0,'pay uuk',1003,'player','2026-11-30T05:50:45.000000+00:00','demo-2-27');
INSERT INTO "actions" VALUES(2,29,1,'reserve 2.2',1001,'player','2026-11-30T05:52:45.000000+00:00','demo-2-28');
INSERT INTO "actions" VALUES(2,30,0,'reserve 2.1',1003,'player','2026-11-30T05:55:45.000000+00:00','demo-2-29');
INSERT INTO "actions" VALUES(2,31,1,'take wuk',1001,'player','2026-11-30T05:59:45.000000+00:00','demo-2-30');
INSERT INTO "actions" VALUES(2,32,0,'buy 2.1',1003,'player','2026-11-30T06:00:45.000000+00:00','demo-2-31');
INSERT INTO "actions" VALUES(2,33,0,'pay wggo',1003,'player','2026-11-30T06:04:45.000000+00:00','demo-2-32');
INSERT INTO "actions" VALUES(2,34,1,'buy 2.1',1001,'player','2026-11-30T06:08:45.000000+00:00','demo-2-33');
INSERT INTO "actions" VALUES(2,35,0,'take kk',1003,'player','2026-11-30T06:09:45.000000+00:00','demo-2-34');
INSERT INTO "actions" VALUES(2,36,1,'take wuk',1001,'player','2026-11-30T06:10:45.000000+00:00','demo-2-35');
INSERT INTO "actions" VALUES(2,37,0,'buy 2.4',1003,'player','2026-11-30T06:13:45.000000+00:00','demo-2-36');
INSERT INTO "actions" VALUES(2,38,1,'take wug',1001,'player','2026-11-30T06:15:45.000000+00:00','demo-2-37');
INSERT INTO "actions" VALUES(2,39,1,'return u',1001,'player','2026-11-30T06:17:45.000000+00:00','demo-2-38');
INSERT INTO "actions" VALUES(2,40,0,'take rr',1003,'player','2026-11-30T06:19:45.000000+00:00','demo-2-39');
INSERT INTO "actions" VALUES(2,41,1,'buy r2',1001,'player','2026-11-30T06:24:45.000000+00:00','demo-2-40');
INSERT INTO "actions" VALUES(2,42,0,'take wur',1003,'player','2026-11-30T06:25:45.000000+00:00','demo-2-41');
INSERT INTO "actions" VALUES(2,43,1,'take wug',1001,'player','2026-11-30T06:30:45.000000+00:00','demo-2-42');
INSERT INTO "actions" VALUES(2,44,0,'buy r1',1003,'player','2026-11-30T06:32:45.000000+00:00','demo-2-43');
INSERT INTO "actions" VALUES(2,45,1,'buy 1.1',1001,'player','2026-11-30T06:34:45.000000+00:00','demo-2-44');
INSERT INTO "actions" VALUES(2,46,0,'buy 1.1',1003,'player','2026-11-30T06:36:45.000000+00:00','demo-2-45');
INSERT INTO "actions" VALUES(2,47,1,'take wug',1001,'player','2026-11-30T06:38:45.000000+00:00','demo-2-46');
INSERT INTO "actions" VALUES(2,48,0,'reserve 3.3',1003,'player','2026-11-30T06:40:45.000000+00:00','demo-2-47');
INSERT INTO "actions" VALUES(2,49,1,'reserve 3.1',1001,'player','2026-11-30T06:45:45.000000+00:00','demo-2-48');
INSERT INTO "actions" VALUES(2,50,0,'take rr',1003,'player','2026-11-30T06:48:45.000000+00:00','demo-2-49');
INSERT INTO "actions" VALUES(2,51,1,'buy 1.1',1001,'player','2026-11-30T06:49:45.000000+00:00','demo-2-50');
INSERT INTO "actions" VALUES(2,52,1,'pay gg',1001,'player','2026-11-30T06:53:45.000000+00:00','demo-2-51');
INSERT INTO "actions" VALUES(2,53,0,'reserve 3.1',1003,'player','2026-11-30T06:55:45.000000+00:00','demo-2-52');
INSERT INTO "actions" VALUES(2,54,1,'buy 1.2',1001,'player','2026-11-30T06:59:45.000000+00:00','demo-2-53');
INSERT INTO "actions" VALUES(2,55,1,'pay g',1001,'player','2026-11-30T07:02:45.000000+00:00','demo-2-54');
INSERT INTO "actions" VALUES(2,56,0,'buy 2.2',1003,'player','2026-11-30T07:04:45.000000+00:00','demo-2-55');
INSERT INTO "actions" VALUES(2,57,1,'buy 2.2',1001,'player','2026-11-30T07:06:45.000000+00:00','demo-2-56');
INSERT INTO "actions" VALUES(2,58,0,'buy 1.3',1003,'player','2026-11-30T07:08:45.000000+00:00','demo-2-57');
INSERT INTO "actions" VALUES(2,59,1,'buy 1.4',1001,'player','2026-11-30T07:10:45.000000+00:00','demo-2-58');
INSERT INTO "actions" VALUES(2,60,0,'buy 1.3',1003,'player','2026-11-30T07:15:45.000000+00:00','demo-2-59');
INSERT INTO "actions" VALUES(2,61,1,'take wur',1001,'player','2026-11-30T07:19:45.000000+00:00','demo-2-60');
INSERT INTO "actions" VALUES(2,62,0,'buy 1.4',1003,'player','2026-11-30T07:20:45.000000+00:00','demo-2-61');
INSERT INTO "actions" VALUES(2,63,1,'buy 2.4',1001,'player','2026-11-30T07:24:45.000000+00:00','demo-2-62');
INSERT INTO "actions" VALUES(2,64,0,'take wgr',1003,'player','2026-11-30T07:28:45.000000+00:00','demo-2-63');
INSERT INTO "actions" VALUES(2,65,1,'take kk',1001,'player','2026-11-30T07:32:45.000000+00:00','demo-2-64');
INSERT INTO "actions" VALUES(2,66,0,'buy 2.1',1003,'player','2026-11-30T07:33:45.000000+00:00','demo-2-65');
INSERT INTO "actions" VALUES(2,67,1,'take wgr',1001,'player','2026-11-30T07:37:45.000000+00:00','demo-2-66');
INSERT INTO "actions" VALUES(3,1,0,'take wug',1002,'player','2026-11-30T12:38:45.000000+00:00','demo-3-0');
INSERT INTO "actions" VALUES(3,2,1,'take wug',1001,'player','2026-11-30T12:43:45.000000+00:00','demo-3-1');
INSERT INTO "actions" VALUES(3,3,0,'take wug',1002,'player','2026-11-30T12:45:45.000000+00:00','demo-3-2');
INSERT INTO "actions" VALUES(3,4,1,'take wug',1001,'player','2026-11-30T12:48:45.000000+00:00','demo-3-3');
INSERT INTO "actions" VALUES(3,5,0,'take rk',1002,'player','2026-11-30T12:53:45.000000+00:00','demo-3-4');
INSERT INTO "actions" VALUES(3,6,1,'take rk',1001,'player','2026-11-30T12:54:45.000000+00:00','demo-3-5');
INSERT INTO "actions" VALUES(4,1,0,'take wug',1002,'player','2026-11-30T17:55:45.000000+00:00','demo-4-0');
INSERT INTO "actions" VALUES(4,2,1,'take wug',1001,'player','2026-11-30T17:57:45.000000+00:00','demo-4-1');
INSERT INTO "actions" VALUES(4,3,0,'take wug',1002,'player','2026-11-30T17:58:45.000000+00:00','demo-4-2');
INSERT INTO "actions" VALUES(4,4,1,'take wug',1001,'player','2026-11-30T18:00:45.000000+00:00','demo-4-3');
INSERT INTO "actions" VALUES(4,5,0,'reserve 2.4',1002,'player','2026-11-30T18:05:45.000000+00:00','demo-4-4');
INSERT INTO "actions" VALUES(4,6,1,'reserve 2.2',1001,'player','2026-11-30T18:10:45.000000+00:00','demo-4-5');
INSERT INTO "actions" VALUES(4,7,0,'reserve 1.1',1002,'player','2026-11-30T18:13:45.000000+00:00','demo-4-6');
INSERT INTO "actions" VALUES(4,8,1,'buy r1',1001,'player','2026-11-30T18:15:45.000000+00:00','demo-4-7');
INSERT INTO "actions" VALUES(4,9,0,'buy r1',1002,'player','2026-11-30T18:18:45.000000+00:00','demo-4-8');
INSERT INTO "actions" VALUES(4,10,1,'take wuk',1001,'player','2026-11-30T18:23:45.000000+00:00','demo-4-9');
INSERT INTO "actions" VALUES(4,11,0,'take wuk',1002,'player','2026-11-30T18:28:45.000000+00:00','demo-4-10');
INSERT INTO "actions" VALUES(4,12,1,'take wuk',1001,'player','2026-11-30T18:33:45.000000+00:00','demo-4-11');
INSERT INTO "actions" VALUES(4,13,0,'take ugr',1002,'player','2026-11-30T18:38:45.000000+00:00','demo-4-12');
INSERT INTO "actions" VALUES(4,14,1,'take grk',1001,'player','2026-11-30T18:42:45.000000+00:00','demo-4-13');
INSERT INTO "actions" VALUES(4,15,0,'reserve 3.1',1002,'player','2026-11-30T18:47:45.000000+00:00','demo-4-14');
INSERT INTO "actions" VALUES(4,16,1,'reserve 2.4',1001,'player','2026-11-30T18:49:45.000000+00:00','demo-4-15');
INSERT INTO "actions" VALUES(4,17,0,'take gr',1002,'player','2026-11-30T18:51:45.000000+00:00','demo-4-16');
INSERT INTO "actions" VALUES(4,18,1,'reserve 1.1',1001,'player','2026-11-30T18:56:45.000000+00:00','demo-4-17');
INSERT INTO "actions" VALUES(4,19,1,'return k',1001,'player','2026-11-30T19:01:45.000000+00:00','demo-4-18');
INSERT INTO "actions" VALUES(4,20,0,'take grk',1002,'player','2026-11-30T19:04:45.000000+00:00','demo-4-19');
INSERT INTO "actions" VALUES(4,21,0,'return ggg',1002,'player','2026-11-30T19:05:45.000000+00:00','demo-4-20');
INSERT INTO "actions" VALUES(4,22,1,'buy r1',1001,'player','2026-11-30T19:07:45.000000+00:00','demo-4-21');
INSERT INTO "actions" VALUES(4,23,0,'buy 2.4',1002,'player','2026-11-30T19:10:45.000000+00:00','demo-4-22');
INSERT INTO "actions" VALUES(4,24,1,'take wur',1001,'player','2026-11-30T19:11:45.000000+00:00','demo-4-23');
INSERT INTO "actions" VALUES(4,25,0,'take wug',1002,'player','2026-11-30T19:16:45.000000+00:00','demo-4-24');
INSERT INTO "actions" VALUES(4,26,1,'take grk',1001,'player','2026-11-30T19:17:45.000000+00:00','demo-4-25');
INSERT INTO "actions" VALUES(4,27,0,'reserve 3.2',1002,'player','2026-11-30T19:20:45.000000+00:00','demo-4-26');
INSERT INTO "actions" VALUES(4,28,1,'reserve 2.3',1001,'player','2026-11-30T19:23:45.000000+00:00','demo-4-27');
INSERT INTO "actions" VALUES(4,29,1,'return k',1001,'player','2026-11-30T19:28:45.000000+00:00','demo-4-28');
INSERT INTO "actions" VALUES(4,30,0,'take grk',1002,'player','2026-11-30T19:33:45.000000+00:00','demo-4-29');
INSERT INTO "actions" VALUES(4,31,0,'return w',1002,'player','2026-11-30T19:38:45.000000+00:00','demo-4-30');
INSERT INTO "actions" VALUES(4,32,1,'buy r1',1001,'player','2026-11-30T19:43:45.000000+00:00','demo-4-31');
INSERT INTO "actions" VALUES(4,33,0,'buy r1',1002,'player','2026-11-30T19:47:45.000000+00:00','demo-4-32');
INSERT INTO "actions" VALUES(4,34,1,'buy 2.4',1001,'player','2026-11-30T19:51:45.000000+00:00','demo-4-33');
INSERT INTO "actions" VALUES(4,35,0,'take wug',1002,'player','2026-11-30T19:55:45.000000+00:00','demo-4-34');
INSERT INTO "actions" VALUES(4,36,1,'take ugr',1001,'player','2026-11-30T19:58:45.000000+00:00','demo-4-35');
INSERT INTO "actions" VALUES(4,37,0,'reserve 2.1',1002,'player','2026-11-30T20:00:45.000000+00:00','demo-4-36');
INSERT INTO "actions" VALUES(4,38,1,'buy 1.2',1001,'player','2026-11-30T20:01:45.000000+00:00','demo-4-37');
INSERT INTO "actions" VALUES(4,39,0,'buy 2.1',1002,'player','2026-11-30T20:04:45.000000+00:00','demo-4-38');
INSERT INTO "actions" VALUES(4,40,1,'take wrk',1001,'player','2026-11-30T20:06:45.000000+00:00','demo-4-39');
INSERT INTO "actions" VALUES(4,41,0,'buy 1.2',1002,'player','2026-11-30T20:08:45.000000+00:00','demo-4-40');
INSERT INTO "actions" VALUES(4,42,1,'buy 2.1',1001,'player','2026-11-30T20:10:45.000000+00:00','demo-4-41');
INSERT INTO "actions" VALUES(4,43,0,'take wuk',1002,'player','2026-11-30T20:12:45.000000+00:00','demo-4-42');
INSERT INTO "actions" VALUES(4,44,1,'take ugr',1001,'player','2026-11-30T20:16:45.000000+00:00','demo-4-43');
INSERT INTO "actions" VALUES(4,45,0,'take ugk',1002,'player','2026-11-30T20:18:45.000000+00:00','demo-4-44');
INSERT INTO "actions" VALUES(4,46,1,'take ugr',1001,'player','2026-11-30T20:20:45.000000+00:00','demo-4-45');
INSERT INTO "actions" VALUES(4,47,0,'buy 1.3',1002,'player','2026-11-30T20:25:45.000000+00:00','demo-4-46');
INSERT INTO "actions" VALUES(4,48,1,'buy 1.3',1001,'player','2026-11-30T20:28:45.000000+00:00','demo-4-47');
INSERT INTO "actions" VALUES(4,49,0,'buy 1.2',1002,'player','2026-11-30T20:30:45.000000+00:00','demo-4-48');
INSERT INTO "actions" VALUES(4,50,1,'buy 2.2',1001,'player','2026-11-30T20:33:45.000000+00:00','demo-4-49');
INSERT INTO "actions" VALUES(4,51,0,'buy 1.2',1002,'player','2026-11-30T20:36:45.000000+00:00','demo-4-50');
INSERT INTO "actions" VALUES(4,52,1,'buy 1.3',1001,'player','2026-11-30T20:39:45.000000+00:00','demo-4-51');
INSERT INTO "actions" VALUES(4,53,0,'take rr',1002,'player','2026-11-30T20:43:45.000000+00:00','demo-4-52');
INSERT INTO "actions" VALUES(4,54,1,'buy 1.3',1001,'player','2026-11-30T20:47:45.000000+00:00','demo-4-53');
INSERT INTO "actions" VALUES(4,55,0,'buy 2.3',1002,'player','2026-11-30T20:52:45.000000+00:00','demo-4-54');
INSERT INTO "actions" VALUES(4,56,1,'buy 1.3',1001,'player','2026-11-30T20:57:45.000000+00:00','demo-4-55');
INSERT INTO "actions" VALUES(4,57,0,'buy 1.2',1002,'player','2026-11-30T20:58:45.000000+00:00','demo-4-56');
INSERT INTO "actions" VALUES(4,58,1,'reserve 1.1',1001,'player','2026-11-30T20:59:45.000000+00:00','demo-4-57');
INSERT INTO "actions" VALUES(4,59,0,'take rr',1002,'player','2026-11-30T21:02:45.000000+00:00','demo-4-58');
INSERT INTO "actions" VALUES(4,60,1,'buy r1',1001,'player','2026-11-30T21:03:45.000000+00:00','demo-4-59');
INSERT INTO "actions" VALUES(4,61,0,'take wur',1002,'player','2026-11-30T21:06:45.000000+00:00','demo-4-60');
INSERT INTO "actions" VALUES(4,62,1,'buy 1.3',1001,'player','2026-11-30T21:10:45.000000+00:00','demo-4-61');
INSERT INTO "actions" VALUES(4,63,0,'buy r3',1002,'player','2026-11-30T21:14:45.000000+00:00','demo-4-62');
INSERT INTO "actions" VALUES(4,64,1,'buy 2.2',1001,'player','2026-11-30T21:19:45.000000+00:00','demo-4-63');
INSERT INTO "actions" VALUES(5,1,0,'take wuk',1004,'player','2026-11-30T21:22:45.000000+00:00','demo-5-0');
INSERT INTO "actions" VALUES(5,2,1,'take wuk',1003,'player','2026-11-30T21:24:45.000000+00:00','demo-5-1');
INSERT INTO "actions" VALUES(5,3,0,'take wug',1004,'player','2026-11-30T21:25:45.000000+00:00','demo-5-2');
INSERT INTO "actions" VALUES(5,4,1,'take wug',1003,'player','2026-11-30T21:26:45.000000+00:00','demo-5-3');
INSERT INTO "actions" VALUES(5,5,0,'take grk',1004,'player','2026-11-30T21:29:45.000000+00:00','demo-5-4');
INSERT INTO "actions" VALUES(5,6,1,'take grk',1003,'player','2026-11-30T21:34:45.000000+00:00','demo-5-5');
INSERT INTO "actions" VALUES(5,7,0,'buy 1.4',1004,'player','2026-11-30T21:35:45.000000+00:00','demo-5-6');
INSERT INTO "actions" VALUES(5,8,1,'reserve 2.1',1003,'player','2026-11-30T21:36:45.000000+00:00','demo-5-7');
INSERT INTO "actions" VALUES(5,9,0,'take ugr',1004,'player','2026-11-30T21:37:45.000000+00:00','demo-5-8');
INSERT INTO "actions" VALUES(5,10,1,'reserve 1.1',1003,'player','2026-11-30T21:42:45.000000+00:00','demo-5-9');
INSERT INTO "actions" VALUES(5,11,1,'return g',1003,'player','2026-11-30T21:45:45.000000+00:00','demo-5-10');
INSERT INTO "actions" VALUES(5,12,0,'reserve 2.4',1004,'player','2026-11-30T21:46:45.000000+00:00','demo-5-11');
INSERT INTO "actions" VALUES(5,13,1,'reserve 1.1',1003,'player','2026-11-30T21:47:45.000000+00:00','demo-5-12');
INSERT INTO "actions" VALUES(5,14,1,'return w',1003,'player','2026-11-30T21:50:45.000000+00:00','demo-5-13');
INSERT INTO "actions" VALUES(5,15,0,'buy 1.3',1004,'player','2026-11-30T21:52:45.000000+00:00','demo-5-14');
INSERT INTO "actions" VALUES(5,16,1,'buy 2.1',1003,'player','2026-11-30T21:55:45.000000+00:00','demo-5-15');
INSERT INTO "actions" VALUES(5,17,0,'take wgr',1004,'player','2026-11-30T22:00:45.000000+00:00','demo-5-16');
INSERT INTO "actions" VALUES(5,18,1,'buy 1.3',1003,'player','2026-11-30T22:03:45.000000+00:00','demo-5-17');
INSERT INTO "actions" VALUES(5,19,0,'buy 2.4',1004,'player','2026-11-30T22:08:45.000000+00:00','demo-5-18');
INSERT INTO "actions" VALUES(5,20,1,'take wuk',1003,'player','2026-11-30T22:11:45.000000+00:00','demo-5-19');
INSERT INTO "actions" VALUES(5,21,0,'take ugk',1004,'player','2026-11-30T22:12:45.000000+00:00','demo-5-20');
INSERT INTO "actions" VALUES(5,22,1,'take ugr',1003,'player','2026-11-30T22:13:45.000000+00:00','demo-5-21');
INSERT INTO "actions" VALUES(5,23,0,'buy r1',1004,'player','2026-11-30T22:14:45.000000+00:00','demo-5-22');
INSERT INTO "actions" VALUES(5,24,1,'take ugk',1003,'player','2026-11-30T22:19:45.000000+00:00','demo-5-23');
INSERT INTO "actions" VALUES(5,25,1,'return k',1003,'player','2026-11-30T22:21:45.000000+00:00','demo-5-24');
INSERT INTO "actions" VALUES(5,26,0,'reserve 2.4',1004,'player','2026-11-30T22:22:45.000000+00:00','demo-5-25');
INSERT INTO "actions" VALUES(5,27,1,'buy r3',1003,'player','2026-11-30T22:26:45.000000+00:00','demo-5-26');
INSERT INTO "actions" VALUES(5,28,0,'reserve 3.4',1004,'player','2026-11-30T22:31:45.000000+00:00','demo-5-27');
INSERT INTO "actions" VALUES(5,29,1,'take wgk',1003,'player','2026-11-30T22:33:45.000000+00:00','demo-5-28');
INSERT INTO "actions" VALUES(5,30,0,'buy r1',1004,'player','2026-11-30T22:36:45.000000+00:00','demo-5-29');
INSERT INTO "actions" VALUES(5,31,1,'buy 2.1',1003,'player','2026-11-30T22:38:45.000000+00:00','demo-5-30');
INSERT INTO "actions" VALUES(5,32,0,'take wgr',1004,'player','2026-11-30T22:41:45.000000+00:00','demo-5-31');
INSERT INTO "actions" VALUES(5,33,1,'take wug',1003,'player','2026-11-30T22:43:45.000000+00:00','demo-5-32');
INSERT INTO "actions" VALUES(5,34,0,'buy 1.1',1004,'player','2026-11-30T22:44:45.000000+00:00','demo-5-33');
INSERT INTO "actions" VALUES(5,35,1,'take wgr',1003,'player','2026-11-30T22:48:45.000000+00:00','demo-5-34');
INSERT INTO "actions" VALUES(5,36,0,'take wrk',1004,'player','2026-11-30T22:49:45.000000+00:00','demo-5-35');
INSERT INTO "actions" VALUES(5,37,1,'buy 2.4',1003,'player','2026-11-30T22:53:45.000000+00:00','demo-5-36');
INSERT INTO "actions" VALUES(5,38,0,'buy 1.2',1004,'player','2026-11-30T22:58:45.000000+00:00','demo-5-37');
INSERT INTO "actions" VALUES(5,39,1,'buy r2',1003,'player','2026-11-30T23:01:45.000000+00:00','demo-5-38');
INSERT INTO "actions" VALUES(5,40,0,'buy 1.4',1004,'player','2026-11-30T23:05:45.000000+00:00','demo-5-39');
INSERT INTO "actions" VALUES(5,41,1,'take wug',1003,'player','2026-11-30T23:07:45.000000+00:00','demo-5-40');
INSERT INTO "actions" VALUES(5,42,0,'buy 1.4',1004,'player','2026-11-30T23:11:45.000000+00:00','demo-5-41');
INSERT INTO "actions" VALUES(5,43,1,'buy 1.3',1003,'player','2026-11-30T23:14:45.000000+00:00','demo-5-42');
INSERT INTO "actions" VALUES(5,44,0,'reserve 2.3',1004,'player','2026-11-30T23:17:45.000000+00:00','demo-5-43');
INSERT INTO "actions" VALUES(5,45,1,'take wug',1003,'player','2026-11-30T23:19:45.000000+00:00','demo-5-44');
INSERT INTO "actions" VALUES(5,46,0,'reserve 2.1',1004,'player','2026-11-30T23:22:45.000000+00:00','demo-5-45');
INSERT INTO "actions" VALUES(5,47,1,'buy r1',1003,'player','2026-11-30T23:25:45.000000+00:00','demo-5-46');
INSERT INTO "actions" VALUES(5,48,0,'buy r3',1004,'player','2026-11-30T23:26:45.000000+00:00','demo-5-47');
INSERT INTO "actions" VALUES(5,49,1,'take uu',1003,'player','2026-11-30T23:30:45.000000+00:00','demo-5-48');
INSERT INTO "actions" VALUES(5,50,0,'buy 1.4',1004,'player','2026-11-30T23:34:45.000000+00:00','demo-5-49');
INSERT INTO "actions" VALUES(5,51,1,'take wug',1003,'player','2026-11-30T23:39:45.000000+00:00','demo-5-50');
INSERT INTO "actions" VALUES(5,52,0,'reserve 3.1',1004,'player','2026-11-30T23:41:45.000000+00:00','demo-5-51');
INSERT INTO "actions" VALUES(5,53,1,'buy 2.1',1003,'player','2026-11-30T23:42:45.000000+00:00','demo-5-52');
INSERT INTO "actions" VALUES(5,54,0,'buy 1.4',1004,'player','2026-11-30T23:43:45.000000+00:00','demo-5-53');
INSERT INTO "actions" VALUES(5,55,1,'buy 1.3',1003,'player','2026-11-30T23:47:45.000000+00:00','demo-5-54');
INSERT INTO "actions" VALUES(5,56,0,'take kk',1004,'player','2026-11-30T23:51:45.000000+00:00','demo-5-55');
INSERT INTO "actions" VALUES(5,57,1,'reserve 2.4',1003,'player','2026-11-30T23:54:45.000000+00:00','demo-5-56');
INSERT INTO "actions" VALUES(5,58,0,'take wuk',1004,'player','2026-11-30T23:56:45.000000+00:00','demo-5-57');
INSERT INTO "actions" VALUES(5,59,1,'take wug',1003,'player','2026-12-01T00:01:45.000000+00:00','demo-5-58');
INSERT INTO "actions" VALUES(5,60,0,'buy r1',1004,'player','2026-12-01T00:06:45.000000+00:00','demo-5-59');
INSERT INTO "actions" VALUES(5,61,1,'buy 3.1',1003,'player','2026-12-01T00:09:45.000000+00:00','demo-5-60');
INSERT INTO "actions" VALUES(6,1,0,'take wug',1001,'player','2026-12-01T02:11:45.000000+00:00','demo-6-0');
INSERT INTO "actions" VALUES(6,2,1,'take wug',1003,'player','2026-12-01T02:16:45.000000+00:00','demo-6-1');
INSERT INTO "actions" VALUES(6,3,0,'take wug',1001,'player','2026-12-01T02:21:45.000000+00:00','demo-6-2');
INSERT INTO "actions" VALUES(6,4,1,'take wug',1003,'player','2026-12-01T02:22:45.000000+00:00','demo-6-3');
INSERT INTO "actions" VALUES(6,5,0,'reserve 3.2',1001,'player','2026-12-01T02:23:45.000000+00:00','demo-6-4');
INSERT INTO "actions" VALUES(6,6,1,'reserve 2.1',1003,'player','2026-12-01T02:26:45.000000+00:00','demo-6-5');
INSERT INTO "actions" VALUES(6,7,0,'reserve 2.1',1001,'player','2026-12-01T02:30:45.000000+00:00','demo-6-6');
INSERT INTO "actions" VALUES(6,8,1,'buy r1',1003,'player','2026-12-01T02:35:45.000000+00:00','demo-6-7');
INSERT INTO "actions" VALUES(6,9,0,'buy 1.1',1001,'player','2026-12-01T02:36:45.000000+00:00','demo-6-8');
INSERT INTO "actions" VALUES(6,10,1,'take wuk',1003,'player','2026-12-01T02:40:45.000000+00:00','demo-6-9');
INSERT INTO "actions" VALUES(7,1,0,'take wug',1004,'player','2026-12-01T02:41:45.000000+00:00','demo-7-0');
INSERT INTO "actions" VALUES(7,2,1,'take wug',1002,'player','2026-12-01T02:42:45.000000+00:00','demo-7-1');
INSERT INTO "actions" VALUES(7,3,0,'take wug',1004,'player','2026-12-01T02:44:45.000000+00:00','demo-7-2');
INSERT INTO "actions" VALUES(7,4,1,'take wug',1002,'player','2026-12-01T02:46:45.000000+00:00','demo-7-3');
INSERT INTO "actions" VALUES(7,5,0,'take rk',1004,'player','2026-12-01T02:50:45.000000+00:00','demo-7-4');
INSERT INTO "actions" VALUES(7,6,1,'take rk',1002,'player','2026-12-01T02:51:45.000000+00:00','demo-7-5');
INSERT INTO "actions" VALUES(7,7,0,'take rk',1004,'player','2026-12-01T02:54:45.000000+00:00','demo-7-6');
INSERT INTO "actions" VALUES(7,8,1,'take rk',1002,'player','2026-12-01T02:59:45.000000+00:00','demo-7-7');
INSERT INTO "actions" VALUES(7,9,0,'buy 1.4',1004,'player','2026-12-01T03:00:45.000000+00:00','demo-7-8');
INSERT INTO "actions" VALUES(7,10,1,'reserve 3.2',1002,'player','2026-12-01T03:03:45.000000+00:00','demo-7-9');
INSERT INTO "actions" VALUES(7,11,1,'return w',1002,'player','2026-12-01T03:06:45.000000+00:00','demo-7-10');
CREATE TABLE blocks (
        user_id    INTEGER   NOT NULL,
        blocked_id INTEGER   NOT NULL,
        created_at TEXT NOT NULL,
        PRIMARY KEY (user_id, blocked_id)
    );
CREATE TABLE games (
        game_id          INTEGER PRIMARY KEY AUTOINCREMENT,
        guild_id         INTEGER,
        channel_id       INTEGER    NOT NULL,
        creator_id       INTEGER    NOT NULL,
        ruleset          TEXT    NOT NULL,
        max_players      INTEGER NOT NULL,
        options_json     TEXT    NOT NULL DEFAULT '{}',
        turn_timer_s     INTEGER,
        timeout_policy   TEXT    NOT NULL DEFAULT 'skip',
        max_expiries     INTEGER NOT NULL DEFAULT 0,
        ranked           INTEGER  NOT NULL DEFAULT 0,
        seed             INTEGER    NOT NULL,
        status           TEXT    NOT NULL DEFAULT 'lobby'
                         CHECK (status IN ('lobby', 'active', 'over', 'aborted')),
        config_json      TEXT,
        version          INTEGER NOT NULL DEFAULT 0,
        to_act           INTEGER,
        snapshot_json    TEXT,
        snapshot_version INTEGER,
        end_reason       TEXT,
        create_request   TEXT UNIQUE,
        created_at       TEXT  NOT NULL,
        started_at       TEXT,
        ended_at         TEXT
    , lang TEXT, thread_state TEXT CHECK (thread_state IN ('blocked', 'lost')), thread_since TEXT, rematch_of INTEGER, seat_order TEXT, bank_initial_s INTEGER, bank_increment_s INTEGER);
INSERT INTO "games" VALUES(1,1,10000,1003,'base',2,'{}',NULL,'skip',3,1,159121178580,'over','{"options": {}, "players": 2, "rules_version": 2, "ruleset": "base", "seed": 159121178580}',53,NULL,'{"format":1,"config":{"ruleset":"base","players":2,"seed":159121178580,"options":{},"rules_version":2},"history":[[0,"take wug"],[1,"take wug"],[0,"take wug"],[1,"take wug"],[0,"take rk"],[1,"take rk"],[0,"take rk"],[1,"take rk"],[0,"buy 1.3"],[1,"buy 1.3"],[0,"take wur"],[1,"reserve 3.1"],[0,"reserve 2.3"],[1,"buy 1.1"],[1,"pay uuk"],[0,"buy r1"],[1,"buy 1.3"],[0,"take wug"],[1,"take wrk"],[0,"take wug"],[1,"take wug"],[0,"buy 1.1"],[1,"buy 1.4"],[0,"take ugk"],[1,"reserve 1.1"],[0,"buy 1.2"],[1,"buy 2.2"],[0,"reserve 2.2"],[1,"take ugr"],[0,"buy r1"],[1,"buy 1.2"],[0,"buy 1.1"],[1,"take ugk"],[0,"reserve 2.2"],[1,"buy 2.2"],[0,"take kk"],[1,"buy 1.4"],[0,"take ugk"],[1,"buy 2.2"],[0,"buy r1"],[1,"take rr"],[0,"reserve 2.1"],[1,"take wur"],[0,"reserve 3.1"],[1,"buy 1.3"],[0,"take kk"],[1,"buy 2.3"],[0,"buy 3.1"],[1,"take rr"],[0,"buy 1.1"],[1,"take wur"],[0,"buy 2.3"],[1,"buy r1"]],"state":{"bank":[0,3,4,4,4,5],"rows":[[37,14,28,16],[41,56,67,54],[84,80,70,79]],"decks":[[29,20,3,34,21,0,8,10,1,5,26,19,15,30,32,9,25,12,23,39,11,13,24],[61,40,50,49,46,43,57,53,55,45,47,66,44,62,51,68,59],[73,77,88,74,76,78,75,86,87,81,85,72,82]],"odecks":[[],[],[]],"nobles":[6,2,4],"noble_at":[-1,1,-1],"hown":[[-1,-1,-1,-1],[-1,-1,-1,-1],[-1,-1,-1,-1]],"hcnt":[[0,0,0,0],[0,0,0,0],[0,0,0,0]],"players":[{"tokens":[2,0,0,0,0,0],"bonus":[3,0,2,1,4],"cards":[35,52,7,6,58,36,69,71,18,65],"joker":[],"goldcards":0,"reserved":[48,83],"blind":[false,false],"nobles":[],"rnobles":[],"points":11,"supply":0},{"tokens":[2,1,0,0,0,0],"bonus":[3,0,1,4,4],"cards":[33,2,31,27,42,38,60,17,64,4,63,89],"joker":[],"goldcards":0,"reserved":[22],"blind":[false],"nobles":[1],"rnobles":[],"points":17,"supply":0}],"discarded":[],"current":1,"pending":null,"steps":[],"turn":52,"final_round":true,"over":true,"passes":0,"conquest_used":false,"turn_start":77,"actions":[[0,"take wug"],[1,"take wug"],[0,"take wug"],[1,"take wug"],[0,"take rk"],[1,"take rk"],[0,"take rk"],[1,"take rk"],[0,"buy 1.3"],[1,"buy 1.3"],[0,"take wur"],[1,"reserve 3.1"],[0,"reserve 2.3"],[1,"buy 1.1"],[1,"pay uuk"],[0,"buy r1"],[1,"buy 1.3"],[0,"take wug"],[1,"take wrk"],[0,"take wug"],[1,"take wug"],[0,"buy 1.1"],[1,"buy 1.4"],[0,"take ugk"],[1,"reserve 1.1"],[0,"buy 1.2"],[1,"buy 2.2"],[0,"reserve 2.2"],[1,"take ugr"],[0,"buy r1"],[1,"buy 1.2"],[0,"buy 1.1"],[1,"take ugk"],[0,"reserve 2.2"],[1,"buy 2.2"],[0,"take kk"],[1,"buy 1.4"],[0,"take ugk"],[1,"buy 2.2"],[0,"buy r1"],[1,"take rr"],[0,"reserve 2.1"],[1,"take wur"],[0,"reserve 3.1"],[1,"buy 1.3"],[0,"take kk"],[1,"buy 2.3"],[0,"buy 3.1"],[1,"take rr"],[0,"buy 1.1"],[1,"take wur"],[0,"buy 2.3"],[1,"buy r1"]],"events":[{"kind":"take","seat":0,"params":{"tokens":"wug"}},{"kind":"take","seat":1,"params":{"tokens":"wug"}},{"kind":"take","seat":0,"params":{"tokens":"wug"}},{"kind":"take","seat":1,"params":{"tokens":"wug"}},{"kind":"take","seat":0,"params":{"tokens":"rk"}},{"kind":"take","seat":1,"params":{"tokens":"rk"}},{"kind":"take","seat":0,"params":{"tokens":"rk"}},{"kind":"take","seat":1,"params":{"tokens":"rk"}},{"kind":"buy","seat":0,"params":{"card":"1-36","source":"1.3","paid":"wugr"}},{"kind":"refill","seat":null,"params":{"slot":"1.3","card":"1-34"}},{"kind":"buy","seat":1,"params":{"card":"1-34","source":"1.3","paid":"ggr"}},{"kind":"refill","seat":null,"params":{"slot":"1.3","card":"1-32"}},{"kind":"take","seat":0,"params":{"tokens":"wur"}},{"kind":"reserve","seat":1,"params":{"card":"3-20","level":3,"source":"3.1","blind":false,"gold":true}},{"kind":"refill","seat":null,"params":{"slot":"3.1","card":"3-14"}},{"kind":"reserve","seat":0,"params":{"card":"2-13","level":2,"source":"2.3","blind":false,"gold":true}},{"kind":"refill","seat":null,"params":{"slot":"2.3","card":"2-24"}},{"kind":"buy","seat":1,"params":{"card":"1-03","source":"1.1","paid":"uuk"}},{"kind":"refill","seat":null,"params":{"slot":"1.1","card":"1-08"}},{"kind":"buy","seat":0,"params":{"card":"2-13","source":"r1","paid":"wwuuko"}},{"kind":"buy","seat":1,"params":{"card":"1-32","source":"1.3","paid":"wwo"}},{"kind":"refill","seat":null,"params":{"slot":"1.3","card":"1-05"}},{"kind":"take","seat":0,"params":{"tokens":"wug"}},{"kind":"take","seat":1,"params":{"tokens":"wrk"}},{"kind":"take","seat":0,"params":{"tokens":"wug"}},{"kind":"take","seat":1,"params":{"tokens":"wug"}},{"kind":"buy","seat":0,"params":{"card":"1-08","source":"1.1","paid":"ggg"}},{"kind":"refill","seat":null,"params":{"slot":"1.1","card":"1-23"}},{"kind":"buy","seat":1,"params":{"card":"1-28","source":"1.4","paid":"ug"}},{"kind":"refill","seat":null,"params":{"slot":"1.4","card":"1-18"}},{"kind":"take","seat":0,"params":{"tokens":"ugk"}},{"kind":"reserve","seat":1,"params":{"card":"1-23","level":1,"source":"1.1","blind":false,"gold":true}},{"kind":"refill","seat":null,"params":{"slot":"1.1","card":"1-37"}},{"kind":"buy","seat":0,"params":{"card":"1-07","source":"1.2","paid":"ugr"}},{"kind":"refill","seat":null,"params":{"slot":"1.2","card":"1-39"}},{"kind":"buy","seat":1,"params":{"card":"2-03","source":"2.2","paid":"rro"}},{"kind":"refill","seat":null,"params":{"slot":"2.2","card":"2-19"}},{"kind":"reserve","seat":0,"params":{"card":"2-19","level":2,"source":"2.2","blind":false,"gold":true}},{"kind":"refill","seat":null,"params":{"slot":"2.2","card":"2-30"}},{"kind":"take","seat":1,"params":{"tokens":"ugr"}},{"kind":"buy","seat":0,"params":{"card":"2-19","source":"r1","paid":"rkko"}},{"kind":"buy","seat":1,"params":{"card":"1-39","source":"1.2","paid":"gr"}},{"kind":"refill","seat":null,"params":{"slot":"1.2","card":"1-15"}},{"kind":"buy","seat":0,"params":{"card":"1-37","source":"1.1","paid":"uu"}},{"kind":"refill","seat":null,"params":{"slot":"1.1","card":"1-19"}},{"kind":"take","seat":1,"params":{"tokens":"ugk"}},{"kind":"reserve","seat":0,"params":{"card":"2-30","level":2,"source":"2.2","blind":false,"gold":true}},{"kind":"refill","seat":null,"params":{"slot":"2.2","card":"2-21"}},{"kind":"buy","seat":1,"params":{"card":"2-21","source":"2.2","paid":"kkk"}},{"kind":"refill","seat":null,"params":{"slot":"2.2","card":"2-25"}},{"kind":"take","seat":0,"params":{"tokens":"kk"}},{"kind":"buy","seat":1,"params":{"card":"1-18","source":"1.4","paid":""}},{"kind":"refill","seat":null,"params":{"slot":"1.4","card":"1-17"}},{"kind":"take","seat":0,"params":{"tokens":"ugk"}},{"kind":"buy","seat":1,"params":{"card":"2-25","source":"2.2","paid":"wuug"}},{"kind":"refill","seat":null,"params":{"slot":"2.2","card":"2-17"}},{"kind":"buy","seat":0,"params":{"card":"2-30","source":"r1","paid":"kkko"}},{"kind":"take","seat":1,"params":{"tokens":"rr"}},{"kind":"reserve","seat":0,"params":{"card":"2-09","level":2,"source":"2.1","blind":false,"gold":true}},{"kind":"refill","seat":null,"params":{"slot":"2.1","card":"2-02"}},{"kind":"take","seat":1,"params":{"tokens":"wur"}},{"kind":"reserve","seat":0,"params":{"card":"3-14","level":3,"source":"3.1","blind":false,"gold":true}},{"kind":"refill","seat":null,"params":{"slot":"3.1","card":"3-02"}},{"kind":"buy","seat":1,"params":{"card":"1-05","source":"1.3","paid":"wu"}},{"kind":"refill","seat":null,"params":{"slot":"1.3","card":"1-29"}},{"kind":"noble","seat":1,"params":{"noble":"N3","position":2}},{"kind":"take","seat":0,"params":{"tokens":"kk"}},{"kind":"buy","seat":1,"params":{"card":"2-24","source":"2.3","paid":"rrr"}},{"kind":"refill","seat":null,"params":{"slot":"2.3","card":"2-26"}},{"kind":"buy","seat":0,"params":{"card":"3-02","source":"3.1","paid":"kkoo"}},{"kind":"refill","seat":null,"params":{"slot":"3.1","card":"3-15"}},{"kind":"take","seat":1,"params":{"tokens":"rr"}},{"kind":"buy","seat":0,"params":{"card":"1-19","source":"1.1","paid":"u"}},{"kind":"refill","seat":null,"params":{"slot":"1.1","card":"1-38"}},{"kind":"take","seat":1,"params":{"tokens":"wur"}},{"kind":"buy","seat":0,"params":{"card":"2-26","source":"2.3","paid":"g"}},{"kind":"refill","seat":null,"params":{"slot":"2.3","card":"2-28"}},{"kind":"buy","seat":1,"params":{"card":"3-20","source":"r1","paid":"rrr"}},{"kind":"final_round","seat":1,"params":{"points":17}},{"kind":"game_over","seat":null,"params":{"winners":[1],"scores":[11,17]}}]}}',53,'finished','league-table:1','2026-11-29T20:48:45.000000+00:00','2026-11-29T20:48:45.000000+00:00','2026-11-29T23:23:45.000000+00:00',NULL,NULL,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "games" VALUES(2,1,10001,1003,'base',2,'{}',NULL,'skip',3,1,948411585242,'over','{"options": {}, "players": 2, "rules_version": 2, "ruleset": "base", "seed": 948411585242}',67,NULL,'{"format":1,"config":{"ruleset":"base","players":2,"seed":948411585242,"options":{},"rules_version":2},"history":[[0,"take wuk"],[1,"take wuk"],[0,"take wug"],[1,"take wug"],[0,"take grk"],[1,"take grk"],[0,"take r"],[1,"take r"],[0,"buy 1.2"],[1,"take wur"],[1,"return www"],[0,"buy 1.3"],[1,"reserve 3.2"],[1,"return u"],[0,"reserve 2.2"],[1,"take ugk"],[1,"return uuu"],[0,"take wug"],[1,"reserve 2.2"],[1,"return g"],[0,"take wug"],[0,"return w"],[1,"buy 2.2"],[0,"buy 1.4"],[0,"pay ur"],[1,"take wug"],[0,"buy 1.1"],[0,"pay uuk"],[1,"reserve 2.2"],[0,"reserve 2.1"],[1,"take wuk"],[0,"buy 2.1"],[0,"pay wggo"],[1,"buy 2.1"],[0,"take kk"],[1,"take wuk"],[0,"buy 2.4"],[1,"take wug"],[1,"return u"],[0,"take rr"],[1,"buy r2"],[0,"take wur"],[1,"take wug"],[0,"buy r1"],[1,"buy 1.1"],[0,"buy 1.1"],[1,"take wug"],[0,"reserve 3.3"],[1,"reserve 3.1"],[0,"take rr"],[1,"buy 1.1"],[1,"pay gg"],[0,"reserve 3.1"],[1,"buy 1.2"],[1,"pay g"],[0,"buy 2.2"],[1,"buy 2.2"],[0,"buy 1.3"],[1,"buy 1.4"],[0,"buy 1.3"],[1,"take wur"],[0,"buy 1.4"],[1,"buy 2.4"],[0,"take wgr"],[1,"take kk"],[0,"buy 2.1"],[1,"take wgr"]],"state":{"bank":[1,0,2,3,2,5],"rows":[[17,16,22,25],[53,47,50,49],[74,88,86,77]],"decks":[[8,12,24,0,28,1,30,36,20,21,37,39,10,9,11,6,29,19,26,13,23,7,34,4],[54,41,59,69,48,61,45,42,64,57,67,56,58,68],[78,72,84,82,85,83,79,87,75,73,76,70]],"odecks":[[],[],[]],"nobles":[6,7,2],"noble_at":[-1,-1,0],"hown":[[-1,-1,-1,-1],[-1,-1,-1,-1],[-1,-1,-1,-1]],"hcnt":[[0,0,0,0],[0,0,0,0],[0,0,0,0]],"players":[{"tokens":[1,0,1,0,0,0],"bonus":[4,1,1,4,3],"cards":[18,32,3,2,65,62,43,27,63,38,31,15,44],"joker":[],"goldcards":0,"reserved":[51,81,80],"blind":[false,false,false],"nobles":[2],"rnobles":[],"points":15,"supply":0},{"tokens":[2,4,1,1,2,0],"bonus":[2,2,2,1,2],"cards":[46,60,55,35,14,5,52,33,40],"joker":[],"goldcards":0,"reserved":[71,66,89],"blind":[false,false,false],"nobles":[],"rnobles":[],"points":7,"supply":0}],"discarded":[],"current":1,"pending":null,"steps":[],"turn":56,"final_round":true,"over":true,"passes":0,"conquest_used":false,"turn_start":91,"actions":[[0,"take wuk"],[1,"take wuk"],[0,"take wug"],[1,"take wug"],[0,"take grk"],[1,"take grk"],[0,"take r"],[1,"take r"],[0,"buy 1.2"],[1,"take wur"],[1,"return www"],[0,"buy 1.3"],[1,"reserve 3.2"],[1,"return u"],[0,"reserve 2.2"],[1,"take ugk"],[1,"return uuu"],[0,"take wug"],[1,"reserve 2.2"],[1,"return g"],[0,"take wug"],[0,"return w"],[1,"buy 2.2"],[0,"buy 1.4"],[0,"pay ur"],[1,"take wug"],[0,"buy 1.1"],[0,"pay uuk"],[1,"reserve 2.2"],[0,"reserve 2.1"],[1,"take wuk"],[0,"buy 2.1"],[0,"pay wggo"],[1,"buy 2.1"],[0,"take kk"],[1,"take wuk"],[0,"buy 2.4"],[1,"take wug"],[1,"return u"],[0,"take rr"],[1,"buy r2"],[0,"take wur"],[1,"take wug"],[0,"buy r1"],[1,"buy 1.1"],[0,"buy 1.1"],[1,"take wug"],[0,"reserve 3.3"],[1,"reserve 3.1"],[0,"take rr"],[1,"buy 1.1"],[1,"pay gg"],[0,"reserve 3.1"],[1,"buy 1.2"],[1,"pay g"],[0,"buy 2.2"],[1,"buy 2.2"],[0,"buy 1.3"],[1,"buy 1.4"],[0,"buy 1.3"],[1,"take wur"],[0,"buy 1.4"],[1,"buy 2.4"],[0,"take wgr"],[1,"take kk"],[0,"buy 2.1"],[1,"take wgr"]],"events":[{"kind":"take","seat":0,"params":{"tokens":"wuk"}},{"kind":"take","seat":1,"params":{"tokens":"wuk"}},{"kind":"take","seat":0,"params":{"tokens":"wug"}},{"kind":"take","seat":1,"params":{"tokens":"wug"}},{"kind":"take","seat":0,"params":{"tokens":"grk"}},{"kind":"take","seat":1,"params":{"tokens":"grk"}},{"kind":"take","seat":0,"params":{"tokens":"r"}},{"kind":"take","seat":1,"params":{"tokens":"r"}},{"kind":"buy","seat":0,"params":{"card":"1-19","source":"1.2","paid":"wurk"}},{"kind":"refill","seat":null,"params":{"slot":"1.2","card":"1-06"}},{"kind":"take","seat":1,"params":{"tokens":"wur"}},{"kind":"return","seat":1,"params":{"tokens":"www"}},{"kind":"buy","seat":0,"params":{"card":"1-33","source":"1.3","paid":"gg"}},{"kind":"refill","seat":null,"params":{"slot":"1.3","card":"1-39"}},{"kind":"reserve","seat":1,"params":{"card":"3-02","level":3,"source":"3.2","blind":false,"gold":true}},{"kind":"refill","seat":null,"params":{"slot":"3.2","card":"3-19"}},{"kind":"return","seat":1,"params":{"tokens":"u"}},{"kind":"reserve","seat":0,"params":{"card":"2-04","level":2,"source":"2.2","blind":false,"gold":true}},{"kind":"refill","seat":null,"params":{"slot":"2.2","card":"2-16"}},{"kind":"take","seat":1,"params":{"tokens":"ugk"}},{"kind":"return","seat":1,"params":{"tokens":"uuu"}},{"kind":"take","seat":0,"params":{"tokens":"wug"}},{"kind":"reserve","seat":1,"params":{"card":"2-16","level":2,"source":"2.2","blind":false,"gold":true}},{"kind":"refill","seat":null,"params":{"slot":"2.2","card":"2-07"}},{"kind":"return","seat":1,"params":{"tokens":"g"}},{"kind":"take","seat":0,"params":{"tokens":"wug"}},{"kind":"return","seat":0,"params":{"tokens":"w"}},{"kind":"buy","seat":1,"params":{"card":"2-07","source":"2.2","paid":"ggrrroo"}},{"kind":"refill","seat":null,"params":{"slot":"2.2","card":"2-27"}},{"kind":"buy","seat":0,"params":{"card":"1-04","source":"1.4","paid":"ur"}},{"kind":"refill","seat":null,"params":{"slot":"1.4","card":"1-34"}},{"kind":"take","seat":1,"params":{"tokens":"wug"}},{"kind":"buy","seat":0,"params":{"card":"1-03","source":"1.1","paid":"uuk"}},{"kind":"refill","seat":null,"params":{"slot":"1.1","card":"1-36"}},{"kind":"reserve","seat":1,"params":{"card":"2-27","level":2,"source":"2.2","blind":false,"gold":true}},{"kind":"refill","seat":null,"params":{"slot":"2.2","card":"2-24"}},{"kind":"reserve","seat":0,"params":{"card":"2-12","level":2,"source":"2.1","blind":false,"gold":true}},{"kind":"refill","seat":null,"params":{"slot":"2.1","card":"2-26"}},{"kind":"take","seat":1,"params":{"tokens":"wuk"}},{"kind":"buy","seat":0,"params":{"card":"2-26","source":"2.1","paid":"wggo"}},{"kind":"refill","seat":null,"params":{"slot":"2.1","card":"2-21"}},{"kind":"buy","seat":1,"params":{"card":"2-21","source":"2.1","paid":"kkkko"}},{"kind":"refill","seat":null,"params":{"slot":"2.1","card":"2-05"}},{"kind":"take","seat":0,"params":{"tokens":"kk"}},{"kind":"take","seat":1,"params":{"tokens":"wuk"}},{"kind":"buy","seat":0,"params":{"card":"2-23","source":"2.4","paid":"wkko"}},{"kind":"refill","seat":null,"params":{"slot":"2.4","card":"2-01"}},{"kind":"take","seat":1,"params":{"tokens":"wug"}},{"kind":"return","seat":1,"params":{"tokens":"u"}},{"kind":"take","seat":0,"params":{"tokens":"rr"}},{"kind":"buy","seat":1,"params":{"card":"2-16","source":"r2","paid":"wwwwuk"}},{"kind":"take","seat":0,"params":{"tokens":"wur"}},{"kind":"take","seat":1,"params":{"tokens":"wug"}},{"kind":"buy","seat":0,"params":{"card":"2-04","source":"r1","paid":"rrr"}},{"kind":"buy","seat":1,"params":{"card":"1-36","source":"1.1","paid":"w"}},{"kind":"refill","seat":null,"params":{"slot":"1.1","card":"1-28"}},{"kind":"buy","seat":0,"params":{"card":"1-28","source":"1.1","paid":"u"}},{"kind":"refill","seat":null,"params":{"slot":"1.1","card":"1-15"}},{"kind":"take","seat":1,"params":{"tokens":"wug"}},{"kind":"reserve","seat":0,"params":{"card":"3-12","level":3,"source":"3.3","blind":false,"gold":true}},{"kind":"refill","seat":null,"params":{"slot":"3.3","card":"3-17"}},{"kind":"reserve","seat":1,"params":{"card":"3-20","level":3,"source":"3.1","blind":false,"gold":true}},{"kind":"refill","seat":null,"params":{"slot":"3.1","card":"3-11"}},{"kind":"take","seat":0,"params":{"tokens":"rr"}},{"kind":"buy","seat":1,"params":{"card":"1-15","source":"1.1","paid":"gg"}},{"kind":"refill","seat":null,"params":{"slot":"1.1","card":"1-18"}},{"kind":"reserve","seat":0,"params":{"card":"3-11","level":3,"source":"3.1","blind":false,"gold":true}},{"kind":"refill","seat":null,"params":{"slot":"3.1","card":"3-05"}},{"kind":"buy","seat":1,"params":{"card":"1-06","source":"1.2","paid":"g"}},{"kind":"refill","seat":null,"params":{"slot":"1.2","card":"1-17"}},{"kind":"buy","seat":0,"params":{"card":"2-24","source":"2.2","paid":"rroo"}},{"kind":"refill","seat":null,"params":{"slot":"2.2","card":"2-13"}},{"kind":"buy","seat":1,"params":{"card":"2-13","source":"2.2","paid":"wuo"}},{"kind":"refill","seat":null,"params":{"slot":"2.2","card":"2-08"}},{"kind":"buy","seat":0,"params":{"card":"1-39","source":"1.3","paid":""}},{"kind":"refill","seat":null,"params":{"slot":"1.3","card":"1-32"}},{"kind":"noble","seat":0,"params":{"noble":"N3","position":3}},{"kind":"buy","seat":1,"params":{"card":"1-34","source":"1.4","paid":""}},{"kind":"refill","seat":null,"params":{"slot":"1.4","card":"1-16"}},{"kind":"buy","seat":0,"params":{"card":"1-32","source":"1.3","paid":"w"}},{"kind":"refill","seat":null,"params":{"slot":"1.3","card":"1-23"}},{"kind":"take","seat":1,"params":{"tokens":"wur"}},{"kind":"buy","seat":0,"params":{"card":"1-16","source":"1.4","paid":""}},{"kind":"refill","seat":null,"params":{"slot":"1.4","card":"1-26"}},{"kind":"buy","seat":1,"params":{"card":"2-01","source":"2.4","paid":"gr"}},{"kind":"refill","seat":null,"params":{"slot":"2.4","card":"2-10"}},{"kind":"take","seat":0,"params":{"tokens":"wgr"}},{"kind":"take","seat":1,"params":{"tokens":"kk"}},{"kind":"buy","seat":0,"params":{"card":"2-05","source":"2.1","paid":"r"}},{"kind":"refill","seat":null,"params":{"slot":"2.1","card":"2-14"}},{"kind":"final_round","seat":0,"params":{"points":15}},{"kind":"take","seat":1,"params":{"tokens":"wgr"}},{"kind":"game_over","seat":null,"params":{"winners":[0],"scores":[15,7]}}]}}',67,'finished','league-table:2','2026-11-30T04:27:45.000000+00:00','2026-11-30T04:27:45.000000+00:00','2026-11-30T07:37:45.000000+00:00',NULL,NULL,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "games" VALUES(3,1,10002,1002,'base',2,'{}',NULL,'skip',3,1,283438259343,'active','{"options": {}, "players": 2, "rules_version": 2, "ruleset": "base", "seed": 283438259343}',6,0,'{"format":1,"config":{"ruleset":"base","players":2,"seed":283438259343,"options":{},"rules_version":2},"history":[],"state":{"bank":[4,4,4,4,4,5],"rows":[[9,39,25,7],[59,56,61,47],[81,82,85,83]],"decks":[[6,16,33,1,17,0,31,13,3,32,37,21,15,10,20,36,24,38,29,11,8,4,14,5,34,19,2,22,12,27,35,28,26,30,23,18],[52,62,64,57,53,60,58,63,40,44,65,68,51,67,66,69,50,55,45,46,49,42,48,43,41,54],[78,84,80,89,75,88,76,70,71,79,73,74,87,77,86,72]],"odecks":[[],[],[]],"nobles":[0,1,2],"noble_at":[-1,-1,-1],"hown":[[-1,-1,-1,-1],[-1,-1,-1,-1],[-1,-1,-1,-1]],"hcnt":[[0,0,0,0],[0,0,0,0],[0,0,0,0]],"players":[{"tokens":[0,0,0,0,0,0],"bonus":[0,0,0,0,0],"cards":[],"joker":[],"goldcards":0,"reserved":[],"blind":[],"nobles":[],"rnobles":[],"points":0,"supply":0},{"tokens":[0,0,0,0,0,0],"bonus":[0,0,0,0,0],"cards":[],"joker":[],"goldcards":0,"reserved":[],"blind":[],"nobles":[],"rnobles":[],"points":0,"supply":0}],"discarded":[],"current":0,"pending":null,"steps":[],"turn":0,"final_round":false,"over":false,"passes":0,"conquest_used":false,"turn_start":0,"actions":[],"events":[]}}',0,NULL,'league-table:3','2026-11-30T12:38:45.000000+00:00','2026-11-30T12:38:45.000000+00:00',NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "games" VALUES(4,1,20100,1002,'base',2,'{}',NULL,'skip',3,1,308952566027,'over','{"options": {}, "players": 2, "rules_version": 2, "ruleset": "base", "seed": 308952566027}',64,NULL,'{"format":1,"config":{"ruleset":"base","players":2,"seed":308952566027,"options":{},"rules_version":2},"history":[[0,"take wug"],[1,"take wug"],[0,"take wug"],[1,"take wug"],[0,"reserve 2.4"],[1,"reserve 2.2"],[0,"reserve 1.1"],[1,"buy r1"],[0,"buy r1"],[1,"take wuk"],[0,"take wuk"],[1,"take wuk"],[0,"take ugr"],[1,"take grk"],[0,"reserve 3.1"],[1,"reserve 2.4"],[0,"take gr"],[1,"reserve 1.1"],[1,"return k"],[0,"take grk"],[0,"return ggg"],[1,"buy r1"],[0,"buy 2.4"],[1,"take wur"],[0,"take wug"],[1,"take grk"],[0,"reserve 3.2"],[1,"reserve 2.3"],[1,"return k"],[0,"take grk"],[0,"return w"],[1,"buy r1"],[0,"buy r1"],[1,"buy 2.4"],[0,"take wug"],[1,"take ugr"],[0,"reserve 2.1"],[1,"buy 1.2"],[0,"buy 2.1"],[1,"take wrk"],[0,"buy 1.2"],[1,"buy 2.1"],[0,"take wuk"],[1,"take ugr"],[0,"take ugk"],[1,"take ugr"],[0,"buy 1.3"],[1,"buy 1.3"],[0,"buy 1.2"],[1,"buy 2.2"],[0,"buy 1.2"],[1,"buy 1.3"],[0,"take rr"],[1,"buy 1.3"],[0,"buy 2.3"],[1,"buy 1.3"],[0,"buy 1.2"],[1,"reserve 1.1"],[0,"take rr"],[1,"buy r1"],[0,"take wur"],[1,"buy 1.3"],[0,"buy r3"],[1,"buy 2.2"]],"state":{"bank":[0,1,4,4,4,5],"rows":[[9,30,23,21],[60,52,68,53],[87,85,70,79]],"decks":[[10,2,4,16,7,28,17,27,8,18,5,13,31,26,38,3,34,39,32,12,37,11],[48,66,42,46,45,69,51,67,56,49,59,58,57,62],[77,78,75,84,71,88,83,74,81,82,80,76,86,72]],"odecks":[[],[],[]],"nobles":[1,0,2],"noble_at":[1,1,-1],"hown":[[-1,-1,-1,-1],[-1,-1,-1,-1],[-1,-1,-1,-1]],"hcnt":[[0,0,0,0],[0,0,0,0],[0,0,0,0]],"players":[{"tokens":[4,3,0,0,0,0],"bonus":[4,1,0,4,2],"cards":[61,43,14,41,36,29,1,24,44,35,63],"joker":[],"goldcards":0,"reserved":[73,89],"blind":[false,false],"nobles":[],"rnobles":[],"points":10,"supply":0},{"tokens":[0,0,0,0,0,0],"bonus":[3,3,4,1,3],"cards":[64,55,15,47,20,40,19,54,25,0,6,50,33,65],"joker":[],"goldcards":0,"reserved":[22],"blind":[false],"nobles":[1,0],"rnobles":[],"points":17,"supply":0}],"discarded":[],"current":1,"pending":null,"steps":[],"turn":60,"final_round":true,"over":true,"passes":0,"conquest_used":false,"turn_start":91,"actions":[[0,"take wug"],[1,"take wug"],[0,"take wug"],[1,"take wug"],[0,"reserve 2.4"],[1,"reserve 2.2"],[0,"reserve 1.1"],[1,"buy r1"],[0,"buy r1"],[1,"take wuk"],[0,"take wuk"],[1,"take wuk"],[0,"take ugr"],[1,"take grk"],[0,"reserve 3.1"],[1,"reserve 2.4"],[0,"take gr"],[1,"reserve 1.1"],[1,"return k"],[0,"take grk"],[0,"return ggg"],[1,"buy r1"],[0,"buy 2.4"],[1,"take wur"],[0,"take wug"],[1,"take grk"],[0,"reserve 3.2"],[1,"reserve 2.3"],[1,"return k"],[0,"take grk"],[0,"return w"],[1,"buy r1"],[0,"buy r1"],[1,"buy 2.4"],[0,"take wug"],[1,"take ugr"],[0,"reserve 2.1"],[1,"buy 1.2"],[0,"buy 2.1"],[1,"take wrk"],[0,"buy 1.2"],[1,"buy 2.1"],[0,"take wuk"],[1,"take ugr"],[0,"take ugk"],[1,"take ugr"],[0,"buy 1.3"],[1,"buy 1.3"],[0,"buy 1.2"],[1,"buy 2.2"],[0,"buy 1.2"],[1,"buy 1.3"],[0,"take rr"],[1,"buy 1.3"],[0,"buy 2.3"],[1,"buy 1.3"],[0,"buy 1.2"],[1,"reserve 1.1"],[0,"take rr"],[1,"buy r1"],[0,"take wur"],[1,"buy 1.3"],[0,"buy r3"],[1,"buy 2.2"]],"events":[{"kind":"take","seat":0,"params":{"tokens":"wug"}},{"kind":"take","seat":1,"params":{"tokens":"wug"}},{"kind":"take","seat":0,"params":{"tokens":"wug"}},{"kind":"take","seat":1,"params":{"tokens":"wug"}},{"kind":"reserve","seat":0,"params":{"card":"2-22","level":2,"source":"2.4","blind":false,"gold":true}},{"kind":"refill","seat":null,"params":{"slot":"2.4","card":"2-16"}},{"kind":"reserve","seat":1,"params":{"card":"2-25","level":2,"source":"2.2","blind":false,"gold":true}},{"kind":"refill","seat":null,"params":{"slot":"2.2","card":"2-15"}},{"kind":"reserve","seat":0,"params":{"card":"1-15","level":1,"source":"1.1","blind":false,"gold":true}},{"kind":"refill","seat":null,"params":{"slot":"1.1","card":"1-16"}},{"kind":"buy","seat":1,"params":{"card":"2-25","source":"r1","paid":"wwuuggo"}},{"kind":"buy","seat":0,"params":{"card":"2-22","source":"r1","paid":"wuuggoo"}},{"kind":"take","seat":1,"params":{"tokens":"wuk"}},{"kind":"take","seat":0,"params":{"tokens":"wuk"}},{"kind":"take","seat":1,"params":{"tokens":"wuk"}},{"kind":"take","seat":0,"params":{"tokens":"ugr"}},{"kind":"take","seat":1,"params":{"tokens":"grk"}},{"kind":"reserve","seat":0,"params":{"card":"3-04","level":3,"source":"3.1","blind":false,"gold":true}},{"kind":"refill","seat":null,"params":{"slot":"3.1","card":"3-18"}},{"kind":"reserve","seat":1,"params":{"card":"2-16","level":2,"source":"2.4","blind":false,"gold":true}},{"kind":"refill","seat":null,"params":{"slot":"2.4","card":"2-04"}},{"kind":"take","seat":0,"params":{"tokens":"gr"}},{"kind":"reserve","seat":1,"params":{"card":"1-16","level":1,"source":"1.1","blind":false,"gold":true}},{"kind":"refill","seat":null,"params":{"slot":"1.1","card":"1-23"}},{"kind":"return","seat":1,"params":{"tokens":"k"}},{"kind":"take","seat":0,"params":{"tokens":"grk"}},{"kind":"return","seat":0,"params":{"tokens":"ggg"}},{"kind":"buy","seat":1,"params":{"card":"2-16","source":"r1","paid":"wwuuoo"}},{"kind":"buy","seat":0,"params":{"card":"2-04","source":"2.4","paid":"rrrkko"}},{"kind":"refill","seat":null,"params":{"slot":"2.4","card":"2-08"}},{"kind":"take","seat":1,"params":{"tokens":"wur"}},{"kind":"take","seat":0,"params":{"tokens":"wug"}},{"kind":"take","seat":1,"params":{"tokens":"grk"}},{"kind":"reserve","seat":0,"params":{"card":"3-20","level":3,"source":"3.2","blind":false,"gold":true}},{"kind":"refill","seat":null,"params":{"slot":"3.2","card":"3-16"}},{"kind":"reserve","seat":1,"params":{"card":"2-11","level":2,"source":"2.3","blind":false,"gold":true}},{"kind":"refill","seat":null,"params":{"slot":"2.3","card":"2-05"}},{"kind":"return","seat":1,"params":{"tokens":"k"}},{"kind":"take","seat":0,"params":{"tokens":"grk"}},{"kind":"return","seat":0,"params":{"tokens":"w"}},{"kind":"buy","seat":1,"params":{"card":"1-16","source":"r1","paid":"rrro"}},{"kind":"buy","seat":0,"params":{"card":"1-15","source":"r1","paid":"uggo"}},{"kind":"buy","seat":1,"params":{"card":"2-08","source":"2.4","paid":"uggkk"}},{"kind":"refill","seat":null,"params":{"slot":"2.4","card":"2-14"}},{"kind":"take","seat":0,"params":{"tokens":"wug"}},{"kind":"take","seat":1,"params":{"tokens":"ugr"}},{"kind":"reserve","seat":0,"params":{"card":"2-24","level":2,"source":"2.1","blind":false,"gold":true}},{"kind":"refill","seat":null,"params":{"slot":"2.1","card":"2-02"}},{"kind":"buy","seat":1,"params":{"card":"1-21","source":"1.2","paid":"wu"}},{"kind":"refill","seat":null,"params":{"slot":"1.2","card":"1-37"}},{"kind":"buy","seat":0,"params":{"card":"2-02","source":"2.1","paid":"wuuro"}},{"kind":"refill","seat":null,"params":{"slot":"2.1","card":"2-01"}},{"kind":"take","seat":1,"params":{"tokens":"wrk"}},{"kind":"buy","seat":0,"params":{"card":"1-37","source":"1.2","paid":"u"}},{"kind":"refill","seat":null,"params":{"slot":"1.2","card":"1-02"}},{"kind":"buy","seat":1,"params":{"card":"2-01","source":"2.1","paid":"grrk"}},{"kind":"refill","seat":null,"params":{"slot":"2.1","card":"2-21"}},{"kind":"take","seat":0,"params":{"tokens":"wuk"}},{"kind":"take","seat":1,"params":{"tokens":"ugr"}},{"kind":"take","seat":0,"params":{"tokens":"ugk"}},{"kind":"take","seat":1,"params":{"tokens":"ugr"}},{"kind":"buy","seat":0,"params":{"card":"1-30","source":"1.3","paid":"gk"}},{"kind":"refill","seat":null,"params":{"slot":"1.3","card":"1-20"}},{"kind":"buy","seat":1,"params":{"card":"1-20","source":"1.3","paid":"rr"}},{"kind":"refill","seat":null,"params":{"slot":"1.3","card":"1-26"}},{"kind":"buy","seat":0,"params":{"card":"1-02","source":"1.2","paid":""}},{"kind":"refill","seat":null,"params":{"slot":"1.2","card":"1-25"}},{"kind":"buy","seat":1,"params":{"card":"2-15","source":"2.2","paid":"gg"}},{"kind":"refill","seat":null,"params":{"slot":"2.2","card":"2-26"}},{"kind":"buy","seat":0,"params":{"card":"1-25","source":"1.2","paid":""}},{"kind":"refill","seat":null,"params":{"slot":"1.2","card":"1-36"}},{"kind":"buy","seat":1,"params":{"card":"1-26","source":"1.3","paid":""}},{"kind":"refill","seat":null,"params":{"slot":"1.3","card":"1-01"}},{"kind":"take","seat":0,"params":{"tokens":"rr"}},{"kind":"buy","seat":1,"params":{"card":"1-01","source":"1.3","paid":"u"}},{"kind":"refill","seat":null,"params":{"slot":"1.3","card":"1-07"}},{"kind":"buy","seat":0,"params":{"card":"2-05","source":"2.3","paid":"rrkk"}},{"kind":"refill","seat":null,"params":{"slot":"2.3","card":"2-29"}},{"kind":"buy","seat":1,"params":{"card":"1-07","source":"1.3","paid":""}},{"kind":"refill","seat":null,"params":{"slot":"1.3","card":"1-34"}},{"kind":"buy","seat":0,"params":{"card":"1-36","source":"1.2","paid":"g"}},{"kind":"refill","seat":null,"params":{"slot":"1.2","card":"1-31"}},{"kind":"reserve","seat":1,"params":{"card":"1-23","level":1,"source":"1.1","blind":false,"gold":true}},{"kind":"refill","seat":null,"params":{"slot":"1.1","card":"1-10"}},{"kind":"take","seat":0,"params":{"tokens":"rr"}},{"kind":"buy","seat":1,"params":{"card":"2-11","source":"r1","paid":"wuo"}},{"kind":"noble","seat":1,"params":{"noble":"N1","position":2}},{"kind":"take","seat":0,"params":{"tokens":"wur"}},{"kind":"buy","seat":1,"params":{"card":"1-34","source":"1.3","paid":""}},{"kind":"refill","seat":null,"params":{"slot":"1.3","card":"1-24"}},{"kind":"buy","seat":0,"params":{"card":"2-24","source":"r3","paid":"rrr"}},{"kind":"buy","seat":1,"params":{"card":"2-26","source":"2.2","paid":""}},{"kind":"refill","seat":null,"params":{"slot":"2.2","card":"2-13"}},{"kind":"noble","seat":1,"params":{"noble":"N2","position":1}},{"kind":"final_round","seat":1,"params":{"points":17}},{"kind":"game_over","seat":null,"params":{"winners":[1],"scores":[10,17]}}]}}',64,'finished','league-table:4','2026-11-30T17:55:45.000000+00:00','2026-11-30T17:55:45.000000+00:00','2026-11-30T21:19:45.000000+00:00',NULL,NULL,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "games" VALUES(5,1,20101,1004,'base',2,'{}',NULL,'skip',3,1,610269593285,'over','{"options": {}, "players": 2, "rules_version": 2, "ruleset": "base", "seed": 610269593285}',61,NULL,'{"format":1,"config":{"ruleset":"base","players":2,"seed":610269593285,"options":{},"rules_version":2},"history":[[0,"take wuk"],[1,"take wuk"],[0,"take wug"],[1,"take wug"],[0,"take grk"],[1,"take grk"],[0,"buy 1.4"],[1,"reserve 2.1"],[0,"take ugr"],[1,"reserve 1.1"],[1,"return g"],[0,"reserve 2.4"],[1,"reserve 1.1"],[1,"return w"],[0,"buy 1.3"],[1,"buy 2.1"],[0,"take wgr"],[1,"buy 1.3"],[0,"buy 2.4"],[1,"take wuk"],[0,"take ugk"],[1,"take ugr"],[0,"buy r1"],[1,"take ugk"],[1,"return k"],[0,"reserve 2.4"],[1,"buy r3"],[0,"reserve 3.4"],[1,"take wgk"],[0,"buy r1"],[1,"buy 2.1"],[0,"take wgr"],[1,"take wug"],[0,"buy 1.1"],[1,"take wgr"],[0,"take wrk"],[1,"buy 2.4"],[0,"buy 1.2"],[1,"buy r2"],[0,"buy 1.4"],[1,"take wug"],[0,"buy 1.4"],[1,"buy 1.3"],[0,"reserve 2.3"],[1,"take wug"],[0,"reserve 2.1"],[1,"buy r1"],[0,"buy r3"],[1,"take uu"],[0,"buy 1.4"],[1,"take wug"],[0,"reserve 3.1"],[1,"buy 2.1"],[0,"buy 1.4"],[1,"buy 1.3"],[0,"take kk"],[1,"reserve 2.4"],[0,"take wuk"],[1,"take wug"],[0,"buy r1"],[1,"buy 3.1"]],"state":{"bank":[3,2,3,2,4,5],"rows":[[24,20,28,29],[68,57,65,41],[73,86,74,85]],"decks":[[8,14,22,10,30,23,1,17,4,19,16,39,18,37,5,32,12,31,9,36,3,2,11],[49,44,53,67,42,64,59,54,52,43,60,47,46,45,63],[88,78,89,83,75,76,81,82,70,84,79,72,87]],"odecks":[[],[],[]],"nobles":[2,0,1],"noble_at":[-1,-1,-1],"hown":[[-1,-1,-1,-1],[-1,-1,-1,-1],[-1,-1,-1,-1]],"hcnt":[[0,0,0,0],[0,0,0,0],[0,0,0,0]],"players":[{"tokens":[1,1,0,2,0,0],"bonus":[2,1,2,5,3],"cards":[25,15,40,55,61,26,38,27,34,58,21,33,71],"joker":[],"goldcards":0,"reserved":[66,80],"blind":[false,false],"nobles":[],"rnobles":[],"points":11,"supply":0},{"tokens":[0,1,1,0,0,0],"bonus":[3,5,1,1,1],"cards":[48,35,6,62,56,13,0,50,51,7,77],"joker":[],"goldcards":0,"reserved":[69],"blind":[false],"nobles":[],"rnobles":[],"points":17,"supply":0}],"discarded":[],"current":1,"pending":null,"steps":[],"turn":58,"final_round":true,"over":true,"passes":0,"conquest_used":false,"turn_start":86,"actions":[[0,"take wuk"],[1,"take wuk"],[0,"take wug"],[1,"take wug"],[0,"take grk"],[1,"take grk"],[0,"buy 1.4"],[1,"reserve 2.1"],[0,"take ugr"],[1,"reserve 1.1"],[1,"return g"],[0,"reserve 2.4"],[1,"reserve 1.1"],[1,"return w"],[0,"buy 1.3"],[1,"buy 2.1"],[0,"take wgr"],[1,"buy 1.3"],[0,"buy 2.4"],[1,"take wuk"],[0,"take ugk"],[1,"take ugr"],[0,"buy r1"],[1,"take ugk"],[1,"return k"],[0,"reserve 2.4"],[1,"buy r3"],[0,"reserve 3.4"],[1,"take wgk"],[0,"buy r1"],[1,"buy 2.1"],[0,"take wgr"],[1,"take wug"],[0,"buy 1.1"],[1,"take wgr"],[0,"take wrk"],[1,"buy 2.4"],[0,"buy 1.2"],[1,"buy r2"],[0,"buy 1.4"],[1,"take wug"],[0,"buy 1.4"],[1,"buy 1.3"],[0,"reserve 2.3"],[1,"take wug"],[0,"reserve 2.1"],[1,"buy r1"],[0,"buy r3"],[1,"take uu"],[0,"buy 1.4"],[1,"take wug"],[0,"reserve 3.1"],[1,"buy 2.1"],[0,"buy 1.4"],[1,"buy 1.3"],[0,"take kk"],[1,"reserve 2.4"],[0,"take wuk"],[1,"take wug"],[0,"buy r1"],[1,"buy 3.1"]],"events":[{"kind":"take","seat":0,"params":{"tokens":"wuk"}},{"kind":"take","seat":1,"params":{"tokens":"wuk"}},{"kind":"take","seat":0,"params":{"tokens":"wug"}},{"kind":"take","seat":1,"params":{"tokens":"wug"}},{"kind":"take","seat":0,"params":{"tokens":"grk"}},{"kind":"take","seat":1,"params":{"tokens":"grk"}},{"kind":"buy","seat":0,"params":{"card":"1-26","source":"1.4","paid":"uug"}},{"kind":"refill","seat":null,"params":{"slot":"1.4","card":"1-28"}},{"kind":"reserve","seat":1,"params":{"card":"2-11","level":2,"source":"2.1","blind":false,"gold":true}},{"kind":"refill","seat":null,"params":{"slot":"2.1","card":"2-09"}},{"kind":"take","seat":0,"params":{"tokens":"ugr"}},{"kind":"reserve","seat":1,"params":{"card":"1-14","level":1,"source":"1.1","blind":false,"gold":true}},{"kind":"refill","seat":null,"params":{"slot":"1.1","card":"1-07"}},{"kind":"return","seat":1,"params":{"tokens":"g"}},{"kind":"reserve","seat":0,"params":{"card":"2-16","level":2,"source":"2.4","blind":false,"gold":true}},{"kind":"refill","seat":null,"params":{"slot":"2.4","card":"2-01"}},{"kind":"reserve","seat":1,"params":{"card":"1-07","level":1,"source":"1.1","blind":false,"gold":true}},{"kind":"refill","seat":null,"params":{"slot":"1.1","card":"1-27"}},{"kind":"return","seat":1,"params":{"tokens":"w"}},{"kind":"buy","seat":0,"params":{"card":"1-16","source":"1.3","paid":"rro"}},{"kind":"refill","seat":null,"params":{"slot":"1.3","card":"1-36"}},{"kind":"buy","seat":1,"params":{"card":"2-09","source":"2.1","paid":"uuooo"}},{"kind":"refill","seat":null,"params":{"slot":"2.1","card":"2-23"}},{"kind":"take","seat":0,"params":{"tokens":"wgr"}},{"kind":"buy","seat":1,"params":{"card":"1-36","source":"1.3","paid":"wgr"}},{"kind":"refill","seat":null,"params":{"slot":"1.3","card":"1-01"}},{"kind":"buy","seat":0,"params":{"card":"2-01","source":"2.4","paid":"gggrkk"}},{"kind":"refill","seat":null,"params":{"slot":"2.4","card":"2-22"}},{"kind":"take","seat":1,"params":{"tokens":"wuk"}},{"kind":"take","seat":0,"params":{"tokens":"ugk"}},{"kind":"take","seat":1,"params":{"tokens":"ugr"}},{"kind":"buy","seat":0,"params":{"card":"2-16","source":"r1","paid":"wwwuk"}},{"kind":"take","seat":1,"params":{"tokens":"ugk"}},{"kind":"return","seat":1,"params":{"tokens":"k"}},{"kind":"reserve","seat":0,"params":{"card":"2-22","level":2,"source":"2.4","blind":false,"gold":true}},{"kind":"refill","seat":null,"params":{"slot":"2.4","card":"2-17"}},{"kind":"buy","seat":1,"params":{"card":"1-07","source":"r3","paid":"ggr"}},{"kind":"reserve","seat":0,"params":{"card":"3-02","level":3,"source":"3.4","blind":false,"gold":true}},{"kind":"refill","seat":null,"params":{"slot":"3.4","card":"3-16"}},{"kind":"take","seat":1,"params":{"tokens":"wgk"}},{"kind":"buy","seat":0,"params":{"card":"2-22","source":"r1","paid":"ugoo"}},{"kind":"buy","seat":1,"params":{"card":"2-23","source":"2.1","paid":"wwkkkk"}},{"kind":"refill","seat":null,"params":{"slot":"2.1","card":"2-19"}},{"kind":"take","seat":0,"params":{"tokens":"wgr"}},{"kind":"take","seat":1,"params":{"tokens":"wug"}},{"kind":"buy","seat":0,"params":{"card":"1-27","source":"1.1","paid":"w"}},{"kind":"refill","seat":null,"params":{"slot":"1.1","card":"1-25"}},{"kind":"take","seat":1,"params":{"tokens":"wgr"}},{"kind":"take","seat":0,"params":{"tokens":"wrk"}},{"kind":"buy","seat":1,"params":{"card":"2-17","source":"2.4","paid":"uuuuggg"}},{"kind":"refill","seat":null,"params":{"slot":"2.4","card":"2-30"}},{"kind":"buy","seat":0,"params":{"card":"1-39","source":"1.2","paid":"k"}},{"kind":"refill","seat":null,"params":{"slot":"1.2","card":"1-21"}},{"kind":"buy","seat":1,"params":{"card":"1-14","source":"r2","paid":"r"}},{"kind":"buy","seat":0,"params":{"card":"1-28","source":"1.4","paid":""}},{"kind":"refill","seat":null,"params":{"slot":"1.4","card":"1-35"}},{"kind":"take","seat":1,"params":{"tokens":"wug"}},{"kind":"buy","seat":0,"params":{"card":"1-35","source":"1.4","paid":"wg"}},{"kind":"refill","seat":null,"params":{"slot":"1.4","card":"1-22"}},{"kind":"buy","seat":1,"params":{"card":"1-01","source":"1.3","paid":"u"}},{"kind":"refill","seat":null,"params":{"slot":"1.3","card":"1-08"}},{"kind":"reserve","seat":0,"params":{"card":"2-27","level":2,"source":"2.3","blind":false,"gold":true}},{"kind":"refill","seat":null,"params":{"slot":"2.3","card":"2-26"}},{"kind":"take","seat":1,"params":{"tokens":"wug"}},{"kind":"reserve","seat":0,"params":{"card":"2-19","level":2,"source":"2.1","blind":false,"gold":true}},{"kind":"refill","seat":null,"params":{"slot":"2.1","card":"2-12"}},{"kind":"buy","seat":1,"params":{"card":"2-11","source":"r1","paid":"wwwu"}},{"kind":"buy","seat":0,"params":{"card":"2-19","source":"r3","paid":"oo"}},{"kind":"take","seat":1,"params":{"tokens":"uu"}},{"kind":"buy","seat":0,"params":{"card":"1-22","source":"1.4","paid":""}},{"kind":"refill","seat":null,"params":{"slot":"1.4","card":"1-34"}},{"kind":"take","seat":1,"params":{"tokens":"wug"}},{"kind":"reserve","seat":0,"params":{"card":"3-11","level":3,"source":"3.1","blind":false,"gold":true}},{"kind":"refill","seat":null,"params":{"slot":"3.1","card":"3-08"}},{"kind":"buy","seat":1,"params":{"card":"2-12","source":"2.1","paid":"uuu"}},{"kind":"refill","seat":null,"params":{"slot":"2.1","card":"2-29"}},{"kind":"buy","seat":0,"params":{"card":"1-34","source":"1.4","paid":""}},{"kind":"refill","seat":null,"params":{"slot":"1.4","card":"1-30"}},{"kind":"buy","seat":1,"params":{"card":"1-08","source":"1.3","paid":"ggg"}},{"kind":"refill","seat":null,"params":{"slot":"1.3","card":"1-29"}},{"kind":"take","seat":0,"params":{"tokens":"kk"}},{"kind":"reserve","seat":1,"params":{"card":"2-30","level":2,"source":"2.4","blind":false,"gold":true}},{"kind":"refill","seat":null,"params":{"slot":"2.4","card":"2-02"}},{"kind":"take","seat":0,"params":{"tokens":"wuk"}},{"kind":"take","seat":1,"params":{"tokens":"wug"}},{"kind":"buy","seat":0,"params":{"card":"3-02","source":"r1","paid":"kkko"}},{"kind":"buy","seat":1,"params":{"card":"3-08","source":"3.1","paid":"wwwo"}},{"kind":"refill","seat":null,"params":{"slot":"3.1","card":"3-04"}},{"kind":"final_round","seat":1,"params":{"points":17}},{"kind":"game_over","seat":null,"params":{"winners":[1],"scores":[11,17]}}]}}',61,'finished','league-table:5','2026-11-30T21:22:45.000000+00:00','2026-11-30T21:22:45.000000+00:00','2026-12-01T00:09:45.000000+00:00',NULL,NULL,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "games" VALUES(6,1,20200,1001,'base',2,'{}',NULL,'skip',3,1,95110986549,'active','{"options": {}, "players": 2, "rules_version": 2, "ruleset": "base", "seed": 95110986549}',10,0,'{"format":1,"config":{"ruleset":"base","players":2,"seed":95110986549,"options":{},"rules_version":2},"history":[],"state":{"bank":[4,4,4,4,4,5],"rows":[[7,13,23,33],[64,62,51,44],[73,81,72,75]],"decks":[[1,8,31,12,15,17,35,27,28,22,9,4,26,14,19,25,37,24,20,34,3,21,6,18,29,10,11,38,39,30,2,0,32,36,16,5],[57,67,43,45,50,61,48,69,60,66,68,53,40,55,63,46,58,56,54,47,49,59,42,52,41,65],[86,85,83,71,79,78,74,87,89,70,88,76,77,84,82,80]],"odecks":[[],[],[]],"nobles":[5,0,9],"noble_at":[-1,-1,-1],"hown":[[-1,-1,-1,-1],[-1,-1,-1,-1],[-1,-1,-1,-1]],"hcnt":[[0,0,0,0],[0,0,0,0],[0,0,0,0]],"players":[{"tokens":[0,0,0,0,0,0],"bonus":[0,0,0,0,0],"cards":[],"joker":[],"goldcards":0,"reserved":[],"blind":[],"nobles":[],"rnobles":[],"points":0,"supply":0},{"tokens":[0,0,0,0,0,0],"bonus":[0,0,0,0,0],"cards":[],"joker":[],"goldcards":0,"reserved":[],"blind":[],"nobles":[],"rnobles":[],"points":0,"supply":0}],"discarded":[],"current":0,"pending":null,"steps":[],"turn":0,"final_round":false,"over":false,"passes":0,"conquest_used":false,"turn_start":0,"actions":[],"events":[]}}',0,NULL,'league-table:6','2026-12-01T02:11:45.000000+00:00','2026-12-01T02:11:45.000000+00:00',NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "games" VALUES(7,1,20201,1004,'base',2,'{}',NULL,'skip',3,1,143993031268,'active','{"options": {}, "players": 2, "rules_version": 2, "ruleset": "base", "seed": 143993031268}',11,0,'{"format":1,"config":{"ruleset":"base","players":2,"seed":143993031268,"options":{},"rules_version":2},"history":[],"state":{"bank":[4,4,4,4,4,5],"rows":[[0,12,19,11],[68,40,41,56],[79,77,70,76]],"decks":[[31,18,35,9,29,20,27,5,13,1,32,8,3,36,33,15,30,24,39,34,4,7,21,2,28,14,38,26,25,16,17,6,37,23,10,22],[54,46,45,61,59,64,52,57,51,49,55,50,42,66,60,63,48,65,58,62,69,43,44,47,53,67],[82,71,75,78,87,83,89,80,73,81,85,74,84,88,72,86]],"odecks":[[],[],[]],"nobles":[8,9,6],"noble_at":[-1,-1,-1],"hown":[[-1,-1,-1,-1],[-1,-1,-1,-1],[-1,-1,-1,-1]],"hcnt":[[0,0,0,0],[0,0,0,0],[0,0,0,0]],"players":[{"tokens":[0,0,0,0,0,0],"bonus":[0,0,0,0,0],"cards":[],"joker":[],"goldcards":0,"reserved":[],"blind":[],"nobles":[],"rnobles":[],"points":0,"supply":0},{"tokens":[0,0,0,0,0,0],"bonus":[0,0,0,0,0],"cards":[],"joker":[],"goldcards":0,"reserved":[],"blind":[],"nobles":[],"rnobles":[],"points":0,"supply":0}],"discarded":[],"current":0,"pending":null,"steps":[],"turn":0,"final_round":false,"over":false,"passes":0,"conquest_used":false,"turn_start":0,"actions":[],"events":[]}}',0,NULL,'league-table:7','2026-12-01T02:41:45.000000+00:00','2026-12-01T02:41:45.000000+00:00',NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL);
CREATE TABLE guild_defaults (
        guild_id       INTEGER PRIMARY KEY,
        ruleset        TEXT,
        turn_timer     TEXT,
        lang           TEXT,
        timeout_policy TEXT,
        channel_id     INTEGER
    );
CREATE TABLE hints (
        
        game_id INTEGER    NOT NULL REFERENCES games(game_id),
        version INTEGER NOT NULL,
        seat    INTEGER NOT NULL,
        user_id INTEGER    NOT NULL,
        code    TEXT    NOT NULL,
        at      TEXT  NOT NULL
    );
CREATE TABLE league_audit (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    league_id  INTEGER NOT NULL,
    game_id    INTEGER,
    actor_id   INTEGER NOT NULL,
    action     TEXT    NOT NULL,
    reason     TEXT    NOT NULL DEFAULT '',
    at         TEXT    NOT NULL
);
INSERT INTO "league_audit" VALUES(1,1,NULL,1001,'create','','2026-11-29T20:48:45.000000+00:00');
INSERT INTO "league_audit" VALUES(2,2,NULL,1001,'create','','2026-11-30T17:55:45.000000+00:00');
CREATE TABLE league_members (
    league_id  INTEGER NOT NULL REFERENCES leagues(league_id),
    user_id    INTEGER NOT NULL,
    joined_at  TEXT    NOT NULL,
    status     TEXT    NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'left')),
    opted_out  INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (league_id, user_id)
);
INSERT INTO "league_members" VALUES(1,1001,'2026-11-29T20:48:45.000000+00:00','active',0);
INSERT INTO "league_members" VALUES(1,1002,'2026-11-29T20:48:45.000000+00:00','active',0);
INSERT INTO "league_members" VALUES(1,1003,'2026-11-29T20:48:45.000000+00:00','active',0);
INSERT INTO "league_members" VALUES(1,1004,'2026-11-29T20:48:45.000000+00:00','active',0);
INSERT INTO "league_members" VALUES(2,1001,'2026-11-30T17:55:45.000000+00:00','active',0);
INSERT INTO "league_members" VALUES(2,1002,'2026-11-30T17:55:45.000000+00:00','active',0);
INSERT INTO "league_members" VALUES(2,1003,'2026-11-30T17:55:45.000000+00:00','active',0);
INSERT INTO "league_members" VALUES(2,1004,'2026-11-30T17:55:45.000000+00:00','active',0);
CREATE TABLE league_placements (
    result_id  INTEGER NOT NULL REFERENCES league_results(result_id),
    user_id    INTEGER NOT NULL,
    seat       INTEGER NOT NULL,
    place      INTEGER NOT NULL,
    PRIMARY KEY (result_id, user_id)
) WITHOUT ROWID;
INSERT INTO "league_placements" VALUES(1,1001,1,1);
INSERT INTO "league_placements" VALUES(1,1003,0,2);
INSERT INTO "league_placements" VALUES(2,1001,1,2);
INSERT INTO "league_placements" VALUES(2,1003,0,1);
INSERT INTO "league_placements" VALUES(3,1001,1,1);
INSERT INTO "league_placements" VALUES(3,1002,0,2);
INSERT INTO "league_placements" VALUES(4,1003,1,1);
INSERT INTO "league_placements" VALUES(4,1004,0,2);
CREATE TABLE league_queue (
    league_id  INTEGER NOT NULL REFERENCES leagues(league_id),
    user_id    INTEGER NOT NULL,
    queued_at  TEXT    NOT NULL,
    PRIMARY KEY (league_id, user_id)
);
CREATE TABLE league_rating_history (
    league_id  INTEGER NOT NULL,
    user_id    INTEGER NOT NULL,
    result_id  INTEGER NOT NULL,
    mu         REAL    NOT NULL,
    sigma      REAL    NOT NULL,
    at         TEXT    NOT NULL,
    PRIMARY KEY (league_id, user_id, result_id)
) WITHOUT ROWID;
INSERT INTO "league_rating_history" VALUES(1,1001,1,2.76353894931404973087e+01,8.06590141354368,'2026-11-29T23:23:45.000000+00:00');
INSERT INTO "league_rating_history" VALUES(1,1001,2,2.45886908073676266903e+01,7.82288719288111,'2026-11-30T07:37:45.000000+00:00');
INSERT INTO "league_rating_history" VALUES(1,1003,1,2.23646105068595026912e+01,8.06590141354368,'2026-11-29T23:23:45.000000+00:00');
INSERT INTO "league_rating_history" VALUES(1,1003,2,2.54113091926323733096e+01,7.82288719288111,'2026-11-30T07:37:45.000000+00:00');
INSERT INTO "league_rating_history" VALUES(2,1001,3,2.76353894931404973087e+01,8.06590141354368,'2026-11-30T21:19:45.000000+00:00');
INSERT INTO "league_rating_history" VALUES(2,1002,3,2.23646105068595026912e+01,8.06590141354368,'2026-11-30T21:19:45.000000+00:00');
INSERT INTO "league_rating_history" VALUES(2,1003,4,2.76353894931404973087e+01,8.06590141354368,'2026-12-01T00:09:45.000000+00:00');
INSERT INTO "league_rating_history" VALUES(2,1004,4,2.23646105068595026912e+01,8.06590141354368,'2026-12-01T00:09:45.000000+00:00');
CREATE TABLE league_ratings (
    league_id    INTEGER NOT NULL REFERENCES leagues(league_id),
    user_id      INTEGER NOT NULL,
    mu           REAL    NOT NULL,
    sigma        REAL    NOT NULL,
    games        INTEGER NOT NULL,
    last_played  TEXT,
    PRIMARY KEY (league_id, user_id)
) WITHOUT ROWID;
INSERT INTO "league_ratings" VALUES(1,1001,2.45886908073676266903e+01,7.82288719288111,2,'2026-11-30T07:37:45.000000+00:00');
INSERT INTO "league_ratings" VALUES(1,1003,2.54113091926323733096e+01,7.82288719288111,2,'2026-11-30T07:37:45.000000+00:00');
INSERT INTO "league_ratings" VALUES(2,1001,2.76353894931404973087e+01,8.06590141354368,1,'2026-11-30T21:19:45.000000+00:00');
INSERT INTO "league_ratings" VALUES(2,1002,2.23646105068595026912e+01,8.06590141354368,1,'2026-11-30T21:19:45.000000+00:00');
INSERT INTO "league_ratings" VALUES(2,1003,2.76353894931404973087e+01,8.06590141354368,1,'2026-12-01T00:09:45.000000+00:00');
INSERT INTO "league_ratings" VALUES(2,1004,2.23646105068595026912e+01,8.06590141354368,1,'2026-12-01T00:09:45.000000+00:00');
CREATE TABLE league_results (
    result_id    INTEGER PRIMARY KEY AUTOINCREMENT,
    league_id    INTEGER NOT NULL REFERENCES leagues(league_id),
    season       INTEGER NOT NULL,
    game_id      INTEGER NOT NULL UNIQUE,
    status       TEXT    NOT NULL CHECK (status IN ('counted', 'voided')),
    source       TEXT    NOT NULL CHECK (source IN ('game', 'settled')),
    finished_at  TEXT    NOT NULL,
    recorded_at  TEXT    NOT NULL,
    reason       TEXT
);
INSERT INTO "league_results" VALUES(1,1,1,1,'counted','game','2026-11-29T23:23:45.000000+00:00','2026-11-29T23:27:45.000000+00:00',NULL);
INSERT INTO "league_results" VALUES(2,1,1,2,'counted','game','2026-11-30T07:37:45.000000+00:00','2026-11-30T07:38:45.000000+00:00',NULL);
INSERT INTO "league_results" VALUES(3,2,1,4,'counted','game','2026-11-30T21:19:45.000000+00:00','2026-11-30T21:22:45.000000+00:00',NULL);
INSERT INTO "league_results" VALUES(4,2,1,5,'counted','game','2026-12-01T00:09:45.000000+00:00','2026-12-01T00:11:45.000000+00:00',NULL);
CREATE TABLE league_rounds (
    league_id   INTEGER NOT NULL REFERENCES leagues(league_id),
    season      INTEGER NOT NULL,
    round       INTEGER NOT NULL,
    started_at  TEXT    NOT NULL,
    deadline    TEXT    NOT NULL,
    closed_at   TEXT,
    PRIMARY KEY (league_id, season, round)
);
INSERT INTO "league_rounds" VALUES(2,1,1,'2026-11-30T17:55:45.000000+00:00','2026-12-07T17:55:45.000000+00:00','2026-12-01T02:11:45.000000+00:00');
INSERT INTO "league_rounds" VALUES(2,1,2,'2026-12-01T02:11:45.000000+00:00','2026-12-08T02:11:45.000000+00:00',NULL);
CREATE TABLE league_seasons (
    league_id   INTEGER NOT NULL REFERENCES leagues(league_id),
    season      INTEGER NOT NULL,
    started_at  TEXT    NOT NULL,
    ended_at    TEXT,
    reset_keep  REAL    NOT NULL DEFAULT 1.0,
    final_json  TEXT,
    PRIMARY KEY (league_id, season)
);
INSERT INTO "league_seasons" VALUES(1,1,'2026-11-29T20:48:45.000000+00:00',NULL,1.0,NULL);
INSERT INTO "league_seasons" VALUES(2,1,'2026-11-30T17:55:45.000000+00:00',NULL,1.0,NULL);
CREATE TABLE league_tables (
    table_id    INTEGER PRIMARY KEY AUTOINCREMENT,
    league_id   INTEGER NOT NULL REFERENCES leagues(league_id),
    season      INTEGER NOT NULL,
    round       INTEGER,
    members     TEXT    NOT NULL,
    created_at  TEXT    NOT NULL,
    channel_id  INTEGER,
    game_id     INTEGER UNIQUE REFERENCES games(game_id)
);
INSERT INTO "league_tables" VALUES(1,1,1,NULL,'[1003, 1001]','2026-11-29T20:48:45.000000+00:00',10000,1);
INSERT INTO "league_tables" VALUES(2,1,1,NULL,'[1003, 1001]','2026-11-30T04:27:45.000000+00:00',10001,2);
INSERT INTO "league_tables" VALUES(3,1,1,NULL,'[1002, 1001]','2026-11-30T12:38:45.000000+00:00',10002,3);
INSERT INTO "league_tables" VALUES(4,2,1,1,'[1002, 1001]','2026-11-30T17:55:45.000000+00:00',20100,4);
INSERT INTO "league_tables" VALUES(5,2,1,1,'[1004, 1003]','2026-11-30T17:55:45.000000+00:00',20101,5);
INSERT INTO "league_tables" VALUES(6,2,1,2,'[1001, 1003]','2026-12-01T02:11:45.000000+00:00',20200,6);
INSERT INTO "league_tables" VALUES(7,2,1,2,'[1004, 1002]','2026-12-01T02:11:45.000000+00:00',20201,7);
CREATE TABLE leagues (
    league_id           INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id            INTEGER NOT NULL,
    name                TEXT    NOT NULL,
    creator_id          INTEGER NOT NULL,
    channel_id          INTEGER NOT NULL,
    announce_channel_id INTEGER,
    organizer_role_id   INTEGER,
    ruleset             TEXT    NOT NULL,
    seats               INTEGER NOT NULL CHECK (seats BETWEEN 2 AND 4),
    turn_timer_s        INTEGER,
    format              TEXT    NOT NULL CHECK (format IN ('ladder', 'rounds')),
    round_length_s      INTEGER,
    season_days         INTEGER,
    settings_json       TEXT    NOT NULL DEFAULT '{}',
    season              INTEGER NOT NULL DEFAULT 1,
    created_at          TEXT    NOT NULL
);
INSERT INTO "leagues" VALUES(1,1,'Demo League',1001,900,NULL,NULL,'base',2,NULL,'ladder',NULL,NULL,'{"lang": "en"}',1,'2026-11-29T20:48:45.000000+00:00');
INSERT INTO "leagues" VALUES(2,1,'Demo Rounds',1001,901,NULL,NULL,'base',2,NULL,'rounds',604800,NULL,'{"first_round_at": "2026-11-30T17:55:45+00:00", "lang": "en"}',1,'2026-11-30T17:55:45.000000+00:00');
CREATE TABLE outbox (
        id            INTEGER PRIMARY KEY AUTOINCREMENT,
        user_id       INTEGER    NOT NULL,
        game_id       INTEGER,
        channel_id    INTEGER,
        game_version  INTEGER,
        kind          TEXT    NOT NULL,
        params_json   TEXT    NOT NULL DEFAULT '{}',
        created_at    TEXT  NOT NULL,
        deliver_after TEXT  NOT NULL,
        delivered_at  TEXT,
        dropped       INTEGER  NOT NULL DEFAULT 0
    , send_nonce TEXT, attempts INTEGER NOT NULL DEFAULT 0);
INSERT INTO "outbox" VALUES(1,1003,1,10000,0,'game_started','{"count": 2, "game_id": 1, "players": 2, "seat": 0}','2026-11-29T20:48:45.000000+00:00','2026-11-29T20:48:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(2,1001,1,10000,0,'game_started','{"count": 2, "game_id": 1, "players": 2, "seat": 1}','2026-11-29T20:48:45.000000+00:00','2026-11-29T20:48:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(3,1003,1,10000,0,'your_turn','{"deadline": null, "game_id": 1, "pending": null}','2026-11-29T20:48:45.000000+00:00','2026-11-29T20:48:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(4,1001,1,10000,1,'your_turn','{"deadline": null, "game_id": 1, "pending": null}','2026-11-29T20:48:45.000000+00:00','2026-11-29T20:48:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(5,1003,1,10000,2,'your_turn','{"deadline": null, "game_id": 1, "pending": null}','2026-11-29T20:51:45.000000+00:00','2026-11-29T20:51:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(6,1001,1,10000,3,'your_turn','{"deadline": null, "game_id": 1, "pending": null}','2026-11-29T20:56:45.000000+00:00','2026-11-29T20:56:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(7,1003,1,10000,4,'your_turn','{"deadline": null, "game_id": 1, "pending": null}','2026-11-29T20:57:45.000000+00:00','2026-11-29T20:57:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(8,1001,1,10000,5,'your_turn','{"deadline": null, "game_id": 1, "pending": null}','2026-11-29T21:01:45.000000+00:00','2026-11-29T21:01:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(9,1003,1,10000,6,'your_turn','{"deadline": null, "game_id": 1, "pending": null}','2026-11-29T21:02:45.000000+00:00','2026-11-29T21:02:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(10,1001,1,10000,7,'your_turn','{"deadline": null, "game_id": 1, "pending": null}','2026-11-29T21:03:45.000000+00:00','2026-11-29T21:03:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(11,1003,1,10000,8,'your_turn','{"deadline": null, "game_id": 1, "pending": null}','2026-11-29T21:04:45.000000+00:00','2026-11-29T21:04:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(12,1001,1,10000,9,'your_turn','{"deadline": null, "game_id": 1, "pending": null}','2026-11-29T21:06:45.000000+00:00','2026-11-29T21:06:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(13,1003,1,10000,10,'your_turn','{"deadline": null, "game_id": 1, "pending": null}','2026-11-29T21:11:45.000000+00:00','2026-11-29T21:11:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(14,1001,1,10000,11,'your_turn','{"deadline": null, "game_id": 1, "pending": null}','2026-11-29T21:12:45.000000+00:00','2026-11-29T21:12:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(15,1003,1,10000,12,'your_turn','{"deadline": null, "game_id": 1, "pending": null}','2026-11-29T21:13:45.000000+00:00','2026-11-29T21:13:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(16,1001,1,10000,13,'your_turn','{"deadline": null, "game_id": 1, "pending": null}','2026-11-29T21:16:45.000000+00:00','2026-11-29T21:16:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(17,1003,1,10000,15,'your_turn','{"deadline": null, "game_id": 1, "pending": null}','2026-11-29T21:23:45.000000+00:00','2026-11-29T21:23:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(18,1001,1,10000,16,'your_turn','{"deadline": null, "game_id": 1, "pending": null}','2026-11-29T21:28:45.000000+00:00','2026-11-29T21:28:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(19,1003,1,10000,17,'your_turn','{"deadline": null, "game_id": 1, "pending": null}','2026-11-29T21:29:45.000000+00:00','2026-11-29T21:29:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(20,1001,1,10000,18,'your_turn','{"deadline": null, "game_id": 1, "pending": null}','2026-11-29T21:32:45.000000+00:00','2026-11-29T21:32:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(21,1003,1,10000,19,'your_turn','{"deadline": null, "game_id": 1, "pending": null}','2026-11-29T21:37:45.000000+00:00','2026-11-29T21:37:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(22,1001,1,10000,20,'your_turn','{"deadline": null, "game_id": 1, "pending": null}','2026-11-29T21:42:45.000000+00:00','2026-11-29T21:42:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(23,1003,1,10000,21,'your_turn','{"deadline": null, "game_id": 1, "pending": null}','2026-11-29T21:47:45.000000+00:00','2026-11-29T21:47:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(24,1001,1,10000,22,'your_turn','{"deadline": null, "game_id": 1, "pending": null}','2026-11-29T21:51:45.000000+00:00','2026-11-29T21:51:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(25,1003,1,10000,23,'your_turn','{"deadline": null, "game_id": 1, "pending": null}','2026-11-29T21:54:45.000000+00:00','2026-11-29T21:54:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(26,1001,1,10000,24,'your_turn','{"deadline": null, "game_id": 1, "pending": null}','2026-11-29T21:59:45.000000+00:00','2026-11-29T21:59:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(27,1003,1,10000,25,'your_turn','{"deadline": null, "game_id": 1, "pending": null}','2026-11-29T22:02:45.000000+00:00','2026-11-29T22:02:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(28,1001,1,10000,26,'your_turn','{"deadline": null, "game_id": 1, "pending": null}','2026-11-29T22:04:45.000000+00:00','2026-11-29T22:04:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(29,1003,1,10000,27,'your_turn','{"deadline": null, "game_id": 1, "pending": null}','2026-11-29T22:06:45.000000+00:00','2026-11-29T22:06:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(30,1001,1,10000,28,'your_turn','{"deadline": null, "game_id": 1, "pending": null}','2026-11-29T22:11:45.000000+00:00','2026-11-29T22:11:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(31,1003,1,10000,29,'your_turn','{"deadline": null, "game_id": 1, "pending": null}','2026-11-29T22:16:45.000000+00:00','2026-11-29T22:16:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(32,1001,1,10000,30,'your_turn','{"deadline": null, "game_id": 1, "pending": null}','2026-11-29T22:19:45.000000+00:00','2026-11-29T22:19:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(33,1003,1,10000,31,'your_turn','{"deadline": null, "game_id": 1, "pending": null}','2026-11-29T22:22:45.000000+00:00','2026-11-29T22:22:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(34,1001,1,10000,32,'your_turn','{"deadline": null, "game_id": 1, "pending": null}','2026-11-29T22:23:45.000000+00:00','2026-11-29T22:23:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(35,1003,1,10000,33,'your_turn','{"deadline": null, "game_id": 1, "pending": null}','2026-11-29T22:25:45.000000+00:00','2026-11-29T22:25:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(36,1001,1,10000,34,'your_turn','{"deadline": null, "game_id": 1, "pending": null}','2026-11-29T22:27:45.000000+00:00','2026-11-29T22:27:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(37,1003,1,10000,35,'your_turn','{"deadline": null, "game_id": 1, "pending": null}','2026-11-29T22:31:45.000000+00:00','2026-11-29T22:31:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(38,1001,1,10000,36,'your_turn','{"deadline": null, "game_id": 1, "pending": null}','2026-11-29T22:32:45.000000+00:00','2026-11-29T22:32:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(39,1003,1,10000,37,'your_turn','{"deadline": null, "game_id": 1, "pending": null}','2026-11-29T22:35:45.000000+00:00','2026-11-29T22:35:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(40,1001,1,10000,38,'your_turn','{"deadline": null, "game_id": 1, "pending": null}','2026-11-29T22:40:45.000000+00:00','2026-11-29T22:40:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(41,1003,1,10000,39,'your_turn','{"deadline": null, "game_id": 1, "pending": null}','2026-11-29T22:45:45.000000+00:00','2026-11-29T22:45:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(42,1001,1,10000,40,'your_turn','{"deadline": null, "game_id": 1, "pending": null}','2026-11-29T22:46:45.000000+00:00','2026-11-29T22:46:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(43,1003,1,10000,41,'your_turn','{"deadline": null, "game_id": 1, "pending": null}','2026-11-29T22:49:45.000000+00:00','2026-11-29T22:49:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(44,1001,1,10000,42,'your_turn','{"deadline": null, "game_id": 1, "pending": null}','2026-11-29T22:50:45.000000+00:00','2026-11-29T22:50:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(45,1003,1,10000,43,'your_turn','{"deadline": null, "game_id": 1, "pending": null}','2026-11-29T22:53:45.000000+00:00','2026-11-29T22:53:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(46,1001,1,10000,44,'your_turn','{"deadline": null, "game_id": 1, "pending": null}','2026-11-29T22:56:45.000000+00:00','2026-11-29T22:56:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(47,1003,1,10000,45,'your_turn','{"deadline": null, "game_id": 1, "pending": null}','2026-11-29T22:59:45.000000+00:00','2026-11-29T22:59:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(48,1001,1,10000,46,'your_turn','{"deadline": null, "game_id": 1, "pending": null}','2026-11-29T23:03:45.000000+00:00','2026-11-29T23:03:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(49,1003,1,10000,47,'your_turn','{"deadline": null, "game_id": 1, "pending": null}','2026-11-29T23:05:45.000000+00:00','2026-11-29T23:05:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(50,1001,1,10000,48,'your_turn','{"deadline": null, "game_id": 1, "pending": null}','2026-11-29T23:09:45.000000+00:00','2026-11-29T23:09:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(51,1003,1,10000,49,'your_turn','{"deadline": null, "game_id": 1, "pending": null}','2026-11-29T23:11:45.000000+00:00','2026-11-29T23:11:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(52,1001,1,10000,50,'your_turn','{"deadline": null, "game_id": 1, "pending": null}','2026-11-29T23:13:45.000000+00:00','2026-11-29T23:13:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(53,1003,1,10000,51,'your_turn','{"deadline": null, "game_id": 1, "pending": null}','2026-11-29T23:17:45.000000+00:00','2026-11-29T23:17:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(54,1001,1,10000,52,'your_turn','{"deadline": null, "game_id": 1, "pending": null}','2026-11-29T23:21:45.000000+00:00','2026-11-29T23:21:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(55,1003,1,10000,NULL,'game_over','{"count": 11, "game_id": 1, "place": 2, "reason": "finished", "result": "loss", "score": 11}','2026-11-29T23:23:45.000000+00:00','2026-11-29T23:23:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(56,1001,1,10000,NULL,'game_over','{"count": 17, "game_id": 1, "place": 1, "reason": "finished", "result": "win", "score": 17}','2026-11-29T23:23:45.000000+00:00','2026-11-29T23:23:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(57,1003,2,10001,0,'game_started','{"count": 2, "game_id": 2, "players": 2, "seat": 0}','2026-11-30T04:27:45.000000+00:00','2026-11-30T04:27:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(58,1001,2,10001,0,'game_started','{"count": 2, "game_id": 2, "players": 2, "seat": 1}','2026-11-30T04:27:45.000000+00:00','2026-11-30T04:27:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(59,1003,2,10001,0,'your_turn','{"deadline": null, "game_id": 2, "pending": null}','2026-11-30T04:27:45.000000+00:00','2026-11-30T04:27:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(60,1001,2,10001,1,'your_turn','{"deadline": null, "game_id": 2, "pending": null}','2026-11-30T04:27:45.000000+00:00','2026-11-30T04:27:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(61,1003,2,10001,2,'your_turn','{"deadline": null, "game_id": 2, "pending": null}','2026-11-30T04:31:45.000000+00:00','2026-11-30T04:31:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(62,1001,2,10001,3,'your_turn','{"deadline": null, "game_id": 2, "pending": null}','2026-11-30T04:35:45.000000+00:00','2026-11-30T04:35:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(63,1003,2,10001,4,'your_turn','{"deadline": null, "game_id": 2, "pending": null}','2026-11-30T04:37:45.000000+00:00','2026-11-30T04:37:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(64,1001,2,10001,5,'your_turn','{"deadline": null, "game_id": 2, "pending": null}','2026-11-30T04:39:45.000000+00:00','2026-11-30T04:39:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(65,1003,2,10001,6,'your_turn','{"deadline": null, "game_id": 2, "pending": null}','2026-11-30T04:41:45.000000+00:00','2026-11-30T04:41:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(66,1001,2,10001,7,'your_turn','{"deadline": null, "game_id": 2, "pending": null}','2026-11-30T04:42:45.000000+00:00','2026-11-30T04:42:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(67,1003,2,10001,8,'your_turn','{"deadline": null, "game_id": 2, "pending": null}','2026-11-30T04:47:45.000000+00:00','2026-11-30T04:47:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(68,1001,2,10001,9,'your_turn','{"deadline": null, "game_id": 2, "pending": null}','2026-11-30T04:50:45.000000+00:00','2026-11-30T04:50:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(69,1003,2,10001,11,'your_turn','{"deadline": null, "game_id": 2, "pending": null}','2026-11-30T04:55:45.000000+00:00','2026-11-30T04:55:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(70,1001,2,10001,12,'your_turn','{"deadline": null, "game_id": 2, "pending": null}','2026-11-30T05:00:45.000000+00:00','2026-11-30T05:00:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(71,1003,2,10001,14,'your_turn','{"deadline": null, "game_id": 2, "pending": null}','2026-11-30T05:06:45.000000+00:00','2026-11-30T05:06:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(72,1001,2,10001,15,'your_turn','{"deadline": null, "game_id": 2, "pending": null}','2026-11-30T05:10:45.000000+00:00','2026-11-30T05:10:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(73,1003,2,10001,17,'your_turn','{"deadline": null, "game_id": 2, "pending": null}','2026-11-30T05:18:45.000000+00:00','2026-11-30T05:18:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(74,1001,2,10001,18,'your_turn','{"deadline": null, "game_id": 2, "pending": null}','2026-11-30T05:19:45.000000+00:00','2026-11-30T05:19:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(75,1003,2,10001,20,'your_turn','{"deadline": null, "game_id": 2, "pending": null}','2026-11-30T05:24:45.000000+00:00','2026-11-30T05:24:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(76,1001,2,10001,22,'your_turn','{"deadline": null, "game_id": 2, "pending": null}','2026-11-30T05:30:45.000000+00:00','2026-11-30T05:30:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(77,1003,2,10001,23,'your_turn','{"deadline": null, "game_id": 2, "pending": null}','2026-11-30T05:31:45.000000+00:00','2026-11-30T05:31:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(78,1001,2,10001,25,'your_turn','{"deadline": null, "game_id": 2, "pending": null}','2026-11-30T05:41:45.000000+00:00','2026-11-30T05:41:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(79,1003,2,10001,26,'your_turn','{"deadline": null, "game_id": 2, "pending": null}','2026-11-30T05:44:45.000000+00:00','2026-11-30T05:44:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(80,1001,2,10001,28,'your_turn','{"deadline": null, "game_id": 2, "pending": null}','2026-11-30T05:50:45.000000+00:00','2026-11-30T05:50:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(81,1003,2,10001,29,'your_turn','{"deadline": null, "game_id": 2, "pending": null}','2026-11-30T05:52:45.000000+00:00','2026-11-30T05:52:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(82,1001,2,10001,30,'your_turn','{"deadline": null, "game_id": 2, "pending": null}','2026-11-30T05:55:45.000000+00:00','2026-11-30T05:55:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(83,1003,2,10001,31,'your_turn','{"deadline": null, "game_id": 2, "pending": null}','2026-11-30T05:59:45.000000+00:00','2026-11-30T05:59:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(84,1001,2,10001,33,'your_turn','{"deadline": null, "game_id": 2, "pending": null}','2026-11-30T06:04:45.000000+00:00','2026-11-30T06:04:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(85,1003,2,10001,34,'your_turn','{"deadline": null, "game_id": 2, "pending": null}','2026-11-30T06:08:45.000000+00:00','2026-11-30T06:08:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(86,1001,2,10001,35,'your_turn','{"deadline": null, "game_id": 2, "pending": null}','2026-11-30T06:09:45.000000+00:00','2026-11-30T06:09:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(87,1003,2,10001,36,'your_turn','{"deadline": null, "game_id": 2, "pending": null}','2026-11-30T06:10:45.000000+00:00','2026-11-30T06:10:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(88,1001,2,10001,37,'your_turn','{"deadline": null, "game_id": 2, "pending": null}','2026-11-30T06:13:45.000000+00:00','2026-11-30T06:13:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(89,1003,2,10001,39,'your_turn','{"deadline": null, "game_id": 2, "pending": null}','2026-11-30T06:17:45.000000+00:00','2026-11-30T06:17:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(90,1001,2,10001,40,'your_turn','{"deadline": null, "game_id": 2, "pending": null}','2026-11-30T06:19:45.000000+00:00','2026-11-30T06:19:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(91,1003,2,10001,41,'your_turn','{"deadline": null, "game_id": 2, "pending": null}','2026-11-30T06:24:45.000000+00:00','2026-11-30T06:24:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(92,1001,2,10001,42,'your_turn','{"deadline": null, "game_id": 2, "pending": null}','2026-11-30T06:25:45.000000+00:00','2026-11-30T06:25:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(93,1003,2,10001,43,'your_turn','{"deadline": null, "game_id": 2, "pending": null}','2026-11-30T06:30:45.000000+00:00','2026-11-30T06:30:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(94,1001,2,10001,44,'your_turn','{"deadline": null, "game_id": 2, "pending": null}','2026-11-30T06:32:45.000000+00:00','2026-11-30T06:32:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(95,1003,2,10001,45,'your_turn','{"deadline": null, "game_id": 2, "pending": null}','2026-11-30T06:34:45.000000+00:00','2026-11-30T06:34:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(96,1001,2,10001,46,'your_turn','{"deadline": null, "game_id": 2, "pending": null}','2026-11-30T06:36:45.000000+00:00','2026-11-30T06:36:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(97,1003,2,10001,47,'your_turn','{"deadline": null, "game_id": 2, "pending": null}','2026-11-30T06:38:45.000000+00:00','2026-11-30T06:38:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(98,1001,2,10001,48,'your_turn','{"deadline": null, "game_id": 2, "pending": null}','2026-11-30T06:40:45.000000+00:00','2026-11-30T06:40:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(99,1003,2,10001,49,'your_turn','{"deadline": null, "game_id": 2, "pending": null}','2026-11-30T06:45:45.000000+00:00','2026-11-30T06:45:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(100,1001,2,10001,50,'your_turn','{"deadline": null, "game_id": 2, "pending": null}','2026-11-30T06:48:45.000000+00:00','2026-11-30T06:48:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(101,1003,2,10001,52,'your_turn','{"deadline": null, "game_id": 2, "pending": null}','2026-11-30T06:53:45.000000+00:00','2026-11-30T06:53:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(102,1001,2,10001,53,'your_turn','{"deadline": null, "game_id": 2, "pending": null}','2026-11-30T06:55:45.000000+00:00','2026-11-30T06:55:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(103,1003,2,10001,55,'your_turn','{"deadline": null, "game_id": 2, "pending": null}','2026-11-30T07:02:45.000000+00:00','2026-11-30T07:02:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(104,1001,2,10001,56,'your_turn','{"deadline": null, "game_id": 2, "pending": null}','2026-11-30T07:04:45.000000+00:00','2026-11-30T07:04:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(105,1003,2,10001,57,'your_turn','{"deadline": null, "game_id": 2, "pending": null}','2026-11-30T07:06:45.000000+00:00','2026-11-30T07:06:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(106,1001,2,10001,58,'your_turn','{"deadline": null, "game_id": 2, "pending": null}','2026-11-30T07:08:45.000000+00:00','2026-11-30T07:08:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(107,1003,2,10001,59,'your_turn','{"deadline": null, "game_id": 2, "pending": null}','2026-11-30T07:10:45.000000+00:00','2026-11-30T07:10:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(108,1001,2,10001,60,'your_turn','{"deadline": null, "game_id": 2, "pending": null}','2026-11-30T07:15:45.000000+00:00','2026-11-30T07:15:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(109,1003,2,10001,61,'your_turn','{"deadline": null, "game_id": 2, "pending": null}','2026-11-30T07:19:45.000000+00:00','2026-11-30T07:19:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(110,1001,2,10001,62,'your_turn','{"deadline": null, "game_id": 2, "pending": null}','2026-11-30T07:20:45.000000+00:00','2026-11-30T07:20:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(111,1003,2,10001,63,'your_turn','{"deadline": null, "game_id": 2, "pending": null}','2026-11-30T07:24:45.000000+00:00','2026-11-30T07:24:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(112,1001,2,10001,64,'your_turn','{"deadline": null, "game_id": 2, "pending": null}','2026-11-30T07:28:45.000000+00:00','2026-11-30T07:28:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(113,1003,2,10001,65,'your_turn','{"deadline": null, "game_id": 2, "pending": null}','2026-11-30T07:32:45.000000+00:00','2026-11-30T07:32:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(114,1001,2,10001,66,'your_turn','{"deadline": null, "game_id": 2, "pending": null}','2026-11-30T07:33:45.000000+00:00','2026-11-30T07:33:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(115,1003,2,10001,NULL,'game_over','{"count": 15, "game_id": 2, "place": 1, "reason": "finished", "result": "win", "score": 15}','2026-11-30T07:37:45.000000+00:00','2026-11-30T07:37:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(116,1001,2,10001,NULL,'game_over','{"count": 7, "game_id": 2, "place": 2, "reason": "finished", "result": "loss", "score": 7}','2026-11-30T07:37:45.000000+00:00','2026-11-30T07:37:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(117,1002,3,10002,0,'game_started','{"count": 2, "game_id": 3, "players": 2, "seat": 0}','2026-11-30T12:38:45.000000+00:00','2026-11-30T12:38:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(118,1001,3,10002,0,'game_started','{"count": 2, "game_id": 3, "players": 2, "seat": 1}','2026-11-30T12:38:45.000000+00:00','2026-11-30T12:38:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(119,1002,3,10002,0,'your_turn','{"deadline": null, "game_id": 3, "pending": null}','2026-11-30T12:38:45.000000+00:00','2026-11-30T12:38:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(120,1001,3,10002,1,'your_turn','{"deadline": null, "game_id": 3, "pending": null}','2026-11-30T12:38:45.000000+00:00','2026-11-30T12:38:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(121,1002,3,10002,2,'your_turn','{"deadline": null, "game_id": 3, "pending": null}','2026-11-30T12:43:45.000000+00:00','2026-11-30T12:43:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(122,1001,3,10002,3,'your_turn','{"deadline": null, "game_id": 3, "pending": null}','2026-11-30T12:45:45.000000+00:00','2026-11-30T12:45:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(123,1002,3,10002,4,'your_turn','{"deadline": null, "game_id": 3, "pending": null}','2026-11-30T12:48:45.000000+00:00','2026-11-30T12:48:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(124,1001,3,10002,5,'your_turn','{"deadline": null, "game_id": 3, "pending": null}','2026-11-30T12:53:45.000000+00:00','2026-11-30T12:53:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(125,1002,3,10002,6,'your_turn','{"deadline": null, "game_id": 3, "pending": null}','2026-11-30T12:54:45.000000+00:00','2026-11-30T12:54:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(126,1002,4,20100,0,'game_started','{"count": 2, "game_id": 4, "players": 2, "seat": 0}','2026-11-30T17:55:45.000000+00:00','2026-11-30T17:55:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(127,1001,4,20100,0,'game_started','{"count": 2, "game_id": 4, "players": 2, "seat": 1}','2026-11-30T17:55:45.000000+00:00','2026-11-30T17:55:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(128,1002,4,20100,0,'your_turn','{"deadline": null, "game_id": 4, "pending": null}','2026-11-30T17:55:45.000000+00:00','2026-11-30T17:55:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(129,1001,4,20100,1,'your_turn','{"deadline": null, "game_id": 4, "pending": null}','2026-11-30T17:55:45.000000+00:00','2026-11-30T17:55:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(130,1002,4,20100,2,'your_turn','{"deadline": null, "game_id": 4, "pending": null}','2026-11-30T17:57:45.000000+00:00','2026-11-30T17:57:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(131,1001,4,20100,3,'your_turn','{"deadline": null, "game_id": 4, "pending": null}','2026-11-30T17:58:45.000000+00:00','2026-11-30T17:58:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(132,1002,4,20100,4,'your_turn','{"deadline": null, "game_id": 4, "pending": null}','2026-11-30T18:00:45.000000+00:00','2026-11-30T18:00:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(133,1001,4,20100,5,'your_turn','{"deadline": null, "game_id": 4, "pending": null}','2026-11-30T18:05:45.000000+00:00','2026-11-30T18:05:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(134,1002,4,20100,6,'your_turn','{"deadline": null, "game_id": 4, "pending": null}','2026-11-30T18:10:45.000000+00:00','2026-11-30T18:10:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(135,1001,4,20100,7,'your_turn','{"deadline": null, "game_id": 4, "pending": null}','2026-11-30T18:13:45.000000+00:00','2026-11-30T18:13:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(136,1002,4,20100,8,'your_turn','{"deadline": null, "game_id": 4, "pending": null}','2026-11-30T18:15:45.000000+00:00','2026-11-30T18:15:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(137,1001,4,20100,9,'your_turn','{"deadline": null, "game_id": 4, "pending": null}','2026-11-30T18:18:45.000000+00:00','2026-11-30T18:18:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(138,1002,4,20100,10,'your_turn','{"deadline": null, "game_id": 4, "pending": null}','2026-11-30T18:23:45.000000+00:00','2026-11-30T18:23:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(139,1001,4,20100,11,'your_turn','{"deadline": null, "game_id": 4, "pending": null}','2026-11-30T18:28:45.000000+00:00','2026-11-30T18:28:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(140,1002,4,20100,12,'your_turn','{"deadline": null, "game_id": 4, "pending": null}','2026-11-30T18:33:45.000000+00:00','2026-11-30T18:33:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(141,1001,4,20100,13,'your_turn','{"deadline": null, "game_id": 4, "pending": null}','2026-11-30T18:38:45.000000+00:00','2026-11-30T18:38:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(142,1002,4,20100,14,'your_turn','{"deadline": null, "game_id": 4, "pending": null}','2026-11-30T18:42:45.000000+00:00','2026-11-30T18:42:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(143,1001,4,20100,15,'your_turn','{"deadline": null, "game_id": 4, "pending": null}','2026-11-30T18:47:45.000000+00:00','2026-11-30T18:47:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(144,1002,4,20100,16,'your_turn','{"deadline": null, "game_id": 4, "pending": null}','2026-11-30T18:49:45.000000+00:00','2026-11-30T18:49:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(145,1001,4,20100,17,'your_turn','{"deadline": null, "game_id": 4, "pending": null}','2026-11-30T18:51:45.000000+00:00','2026-11-30T18:51:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(146,1002,4,20100,19,'your_turn','{"deadline": null, "game_id": 4, "pending": null}','2026-11-30T19:01:45.000000+00:00','2026-11-30T19:01:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(147,1001,4,20100,21,'your_turn','{"deadline": null, "game_id": 4, "pending": null}','2026-11-30T19:05:45.000000+00:00','2026-11-30T19:05:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(148,1002,4,20100,22,'your_turn','{"deadline": null, "game_id": 4, "pending": null}','2026-11-30T19:07:45.000000+00:00','2026-11-30T19:07:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(149,1001,4,20100,23,'your_turn','{"deadline": null, "game_id": 4, "pending": null}','2026-11-30T19:10:45.000000+00:00','2026-11-30T19:10:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(150,1002,4,20100,24,'your_turn','{"deadline": null, "game_id": 4, "pending": null}','2026-11-30T19:11:45.000000+00:00','2026-11-30T19:11:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(151,1001,4,20100,25,'your_turn','{"deadline": null, "game_id": 4, "pending": null}','2026-11-30T19:16:45.000000+00:00','2026-11-30T19:16:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(152,1002,4,20100,26,'your_turn','{"deadline": null, "game_id": 4, "pending": null}','2026-11-30T19:17:45.000000+00:00','2026-11-30T19:17:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(153,1001,4,20100,27,'your_turn','{"deadline": null, "game_id": 4, "pending": null}','2026-11-30T19:20:45.000000+00:00','2026-11-30T19:20:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(154,1002,4,20100,29,'your_turn','{"deadline": null, "game_id": 4, "pending": null}','2026-11-30T19:28:45.000000+00:00','2026-11-30T19:28:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(155,1001,4,20100,31,'your_turn','{"deadline": null, "game_id": 4, "pending": null}','2026-11-30T19:38:45.000000+00:00','2026-11-30T19:38:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(156,1002,4,20100,32,'your_turn','{"deadline": null, "game_id": 4, "pending": null}','2026-11-30T19:43:45.000000+00:00','2026-11-30T19:43:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(157,1001,4,20100,33,'your_turn','{"deadline": null, "game_id": 4, "pending": null}','2026-11-30T19:47:45.000000+00:00','2026-11-30T19:47:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(158,1002,4,20100,34,'your_turn','{"deadline": null, "game_id": 4, "pending": null}','2026-11-30T19:51:45.000000+00:00','2026-11-30T19:51:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(159,1001,4,20100,35,'your_turn','{"deadline": null, "game_id": 4, "pending": null}','2026-11-30T19:55:45.000000+00:00','2026-11-30T19:55:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(160,1002,4,20100,36,'your_turn','{"deadline": null, "game_id": 4, "pending": null}','2026-11-30T19:58:45.000000+00:00','2026-11-30T19:58:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(161,1001,4,20100,37,'your_turn','{"deadline": null, "game_id": 4, "pending": null}','2026-11-30T20:00:45.000000+00:00','2026-11-30T20:00:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(162,1002,4,20100,38,'your_turn','{"deadline": null, "game_id": 4, "pending": null}','2026-11-30T20:01:45.000000+00:00','2026-11-30T20:01:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(163,1001,4,20100,39,'your_turn','{"deadline": null, "game_id": 4, "pending": null}','2026-11-30T20:04:45.000000+00:00','2026-11-30T20:04:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(164,1002,4,20100,40,'your_turn','{"deadline": null, "game_id": 4, "pending": null}','2026-11-30T20:06:45.000000+00:00','2026-11-30T20:06:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(165,1001,4,20100,41,'your_turn','{"deadline": null, "game_id": 4, "pending": null}','2026-11-30T20:08:45.000000+00:00','2026-11-30T20:08:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(166,1002,4,20100,42,'your_turn','{"deadline": null, "game_id": 4, "pending": null}','2026-11-30T20:10:45.000000+00:00','2026-11-30T20:10:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(167,1001,4,20100,43,'your_turn','{"deadline": null, "game_id": 4, "pending": null}','2026-11-30T20:12:45.000000+00:00','2026-11-30T20:12:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(168,1002,4,20100,44,'your_turn','{"deadline": null, "game_id": 4, "pending": null}','2026-11-30T20:16:45.000000+00:00','2026-11-30T20:16:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(169,1001,4,20100,45,'your_turn','{"deadline": null, "game_id": 4, "pending": null}','2026-11-30T20:18:45.000000+00:00','2026-11-30T20:18:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(170,1002,4,20100,46,'your_turn','{"deadline": null, "game_id": 4, "pending": null}','2026-11-30T20:20:45.000000+00:00','2026-11-30T20:20:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(171,1001,4,20100,47,'your_turn','{"deadline": null, "game_id": 4, "pending": null}','2026-11-30T20:25:45.000000+00:00','2026-11-30T20:25:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(172,1002,4,20100,48,'your_turn','{"deadline": null, "game_id": 4, "pending": null}','2026-11-30T20:28:45.000000+00:00','2026-11-30T20:28:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(173,1001,4,20100,49,'your_turn','{"deadline": null, "game_id": 4, "pending": null}','2026-11-30T20:30:45.000000+00:00','2026-11-30T20:30:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(174,1002,4,20100,50,'your_turn','{"deadline": null, "game_id": 4, "pending": null}','2026-11-30T20:33:45.000000+00:00','2026-11-30T20:33:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(175,1001,4,20100,51,'your_turn','{"deadline": null, "game_id": 4, "pending": null}','2026-11-30T20:36:45.000000+00:00','2026-11-30T20:36:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(176,1002,4,20100,52,'your_turn','{"deadline": null, "game_id": 4, "pending": null}','2026-11-30T20:39:45.000000+00:00','2026-11-30T20:39:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(177,1001,4,20100,53,'your_turn','{"deadline": null, "game_id": 4, "pending": null}','2026-11-30T20:43:45.000000+00:00','2026-11-30T20:43:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(178,1002,4,20100,54,'your_turn','{"deadline": null, "game_id": 4, "pending": null}','2026-11-30T20:47:45.000000+00:00','2026-11-30T20:47:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(179,1001,4,20100,55,'your_turn','{"deadline": null, "game_id": 4, "pending": null}','2026-11-30T20:52:45.000000+00:00','2026-11-30T20:52:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(180,1002,4,20100,56,'your_turn','{"deadline": null, "game_id": 4, "pending": null}','2026-11-30T20:57:45.000000+00:00','2026-11-30T20:57:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(181,1001,4,20100,57,'your_turn','{"deadline": null, "game_id": 4, "pending": null}','2026-11-30T20:58:45.000000+00:00','2026-11-30T20:58:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(182,1002,4,20100,58,'your_turn','{"deadline": null, "game_id": 4, "pending": null}','2026-11-30T20:59:45.000000+00:00','2026-11-30T20:59:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(183,1001,4,20100,59,'your_turn','{"deadline": null, "game_id": 4, "pending": null}','2026-11-30T21:02:45.000000+00:00','2026-11-30T21:02:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(184,1002,4,20100,60,'your_turn','{"deadline": null, "game_id": 4, "pending": null}','2026-11-30T21:03:45.000000+00:00','2026-11-30T21:03:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(185,1001,4,20100,61,'your_turn','{"deadline": null, "game_id": 4, "pending": null}','2026-11-30T21:06:45.000000+00:00','2026-11-30T21:06:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(186,1002,4,20100,62,'your_turn','{"deadline": null, "game_id": 4, "pending": null}','2026-11-30T21:10:45.000000+00:00','2026-11-30T21:10:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(187,1001,4,20100,63,'your_turn','{"deadline": null, "game_id": 4, "pending": null}','2026-11-30T21:14:45.000000+00:00','2026-11-30T21:14:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(188,1002,4,20100,NULL,'game_over','{"count": 10, "game_id": 4, "place": 2, "reason": "finished", "result": "loss", "score": 10}','2026-11-30T21:19:45.000000+00:00','2026-11-30T21:19:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(189,1001,4,20100,NULL,'game_over','{"count": 17, "game_id": 4, "place": 1, "reason": "finished", "result": "win", "score": 17}','2026-11-30T21:19:45.000000+00:00','2026-11-30T21:19:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(190,1004,5,20101,0,'game_started','{"count": 2, "game_id": 5, "players": 2, "seat": 0}','2026-11-30T21:22:45.000000+00:00','2026-11-30T21:22:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(191,1003,5,20101,0,'game_started','{"count": 2, "game_id": 5, "players": 2, "seat": 1}','2026-11-30T21:22:45.000000+00:00','2026-11-30T21:22:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(192,1004,5,20101,0,'your_turn','{"deadline": null, "game_id": 5, "pending": null}','2026-11-30T21:22:45.000000+00:00','2026-11-30T21:22:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(193,1003,5,20101,1,'your_turn','{"deadline": null, "game_id": 5, "pending": null}','2026-11-30T21:22:45.000000+00:00','2026-11-30T21:22:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(194,1004,5,20101,2,'your_turn','{"deadline": null, "game_id": 5, "pending": null}','2026-11-30T21:24:45.000000+00:00','2026-11-30T21:24:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(195,1003,5,20101,3,'your_turn','{"deadline": null, "game_id": 5, "pending": null}','2026-11-30T21:25:45.000000+00:00','2026-11-30T21:25:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(196,1004,5,20101,4,'your_turn','{"deadline": null, "game_id": 5, "pending": null}','2026-11-30T21:26:45.000000+00:00','2026-11-30T21:26:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(197,1003,5,20101,5,'your_turn','{"deadline": null, "game_id": 5, "pending": null}','2026-11-30T21:29:45.000000+00:00','2026-11-30T21:29:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(198,1004,5,20101,6,'your_turn','{"deadline": null, "game_id": 5, "pending": null}','2026-11-30T21:34:45.000000+00:00','2026-11-30T21:34:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(199,1003,5,20101,7,'your_turn','{"deadline": null, "game_id": 5, "pending": null}','2026-11-30T21:35:45.000000+00:00','2026-11-30T21:35:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(200,1004,5,20101,8,'your_turn','{"deadline": null, "game_id": 5, "pending": null}','2026-11-30T21:36:45.000000+00:00','2026-11-30T21:36:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(201,1003,5,20101,9,'your_turn','{"deadline": null, "game_id": 5, "pending": null}','2026-11-30T21:37:45.000000+00:00','2026-11-30T21:37:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(202,1004,5,20101,11,'your_turn','{"deadline": null, "game_id": 5, "pending": null}','2026-11-30T21:45:45.000000+00:00','2026-11-30T21:45:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(203,1003,5,20101,12,'your_turn','{"deadline": null, "game_id": 5, "pending": null}','2026-11-30T21:46:45.000000+00:00','2026-11-30T21:46:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(204,1004,5,20101,14,'your_turn','{"deadline": null, "game_id": 5, "pending": null}','2026-11-30T21:50:45.000000+00:00','2026-11-30T21:50:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(205,1003,5,20101,15,'your_turn','{"deadline": null, "game_id": 5, "pending": null}','2026-11-30T21:52:45.000000+00:00','2026-11-30T21:52:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(206,1004,5,20101,16,'your_turn','{"deadline": null, "game_id": 5, "pending": null}','2026-11-30T21:55:45.000000+00:00','2026-11-30T21:55:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(207,1003,5,20101,17,'your_turn','{"deadline": null, "game_id": 5, "pending": null}','2026-11-30T22:00:45.000000+00:00','2026-11-30T22:00:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(208,1004,5,20101,18,'your_turn','{"deadline": null, "game_id": 5, "pending": null}','2026-11-30T22:03:45.000000+00:00','2026-11-30T22:03:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(209,1003,5,20101,19,'your_turn','{"deadline": null, "game_id": 5, "pending": null}','2026-11-30T22:08:45.000000+00:00','2026-11-30T22:08:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(210,1004,5,20101,20,'your_turn','{"deadline": null, "game_id": 5, "pending": null}','2026-11-30T22:11:45.000000+00:00','2026-11-30T22:11:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(211,1003,5,20101,21,'your_turn','{"deadline": null, "game_id": 5, "pending": null}','2026-11-30T22:12:45.000000+00:00','2026-11-30T22:12:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(212,1004,5,20101,22,'your_turn','{"deadline": null, "game_id": 5, "pending": null}','2026-11-30T22:13:45.000000+00:00','2026-11-30T22:13:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(213,1003,5,20101,23,'your_turn','{"deadline": null, "game_id": 5, "pending": null}','2026-11-30T22:14:45.000000+00:00','2026-11-30T22:14:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(214,1004,5,20101,25,'your_turn','{"deadline": null, "game_id": 5, "pending": null}','2026-11-30T22:21:45.000000+00:00','2026-11-30T22:21:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(215,1003,5,20101,26,'your_turn','{"deadline": null, "game_id": 5, "pending": null}','2026-11-30T22:22:45.000000+00:00','2026-11-30T22:22:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(216,1004,5,20101,27,'your_turn','{"deadline": null, "game_id": 5, "pending": null}','2026-11-30T22:26:45.000000+00:00','2026-11-30T22:26:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(217,1003,5,20101,28,'your_turn','{"deadline": null, "game_id": 5, "pending": null}','2026-11-30T22:31:45.000000+00:00','2026-11-30T22:31:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(218,1004,5,20101,29,'your_turn','{"deadline": null, "game_id": 5, "pending": null}','2026-11-30T22:33:45.000000+00:00','2026-11-30T22:33:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(219,1003,5,20101,30,'your_turn','{"deadline": null, "game_id": 5, "pending": null}','2026-11-30T22:36:45.000000+00:00','2026-11-30T22:36:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(220,1004,5,20101,31,'your_turn','{"deadline": null, "game_id": 5, "pending": null}','2026-11-30T22:38:45.000000+00:00','2026-11-30T22:38:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(221,1003,5,20101,32,'your_turn','{"deadline": null, "game_id": 5, "pending": null}','2026-11-30T22:41:45.000000+00:00','2026-11-30T22:41:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(222,1004,5,20101,33,'your_turn','{"deadline": null, "game_id": 5, "pending": null}','2026-11-30T22:43:45.000000+00:00','2026-11-30T22:43:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(223,1003,5,20101,34,'your_turn','{"deadline": null, "game_id": 5, "pending": null}','2026-11-30T22:44:45.000000+00:00','2026-11-30T22:44:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(224,1004,5,20101,35,'your_turn','{"deadline": null, "game_id": 5, "pending": null}','2026-11-30T22:48:45.000000+00:00','2026-11-30T22:48:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(225,1003,5,20101,36,'your_turn','{"deadline": null, "game_id": 5, "pending": null}','2026-11-30T22:49:45.000000+00:00','2026-11-30T22:49:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(226,1004,5,20101,37,'your_turn','{"deadline": null, "game_id": 5, "pending": null}','2026-11-30T22:53:45.000000+00:00','2026-11-30T22:53:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(227,1003,5,20101,38,'your_turn','{"deadline": null, "game_id": 5, "pending": null}','2026-11-30T22:58:45.000000+00:00','2026-11-30T22:58:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(228,1004,5,20101,39,'your_turn','{"deadline": null, "game_id": 5, "pending": null}','2026-11-30T23:01:45.000000+00:00','2026-11-30T23:01:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(229,1003,5,20101,40,'your_turn','{"deadline": null, "game_id": 5, "pending": null}','2026-11-30T23:05:45.000000+00:00','2026-11-30T23:05:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(230,1004,5,20101,41,'your_turn','{"deadline": null, "game_id": 5, "pending": null}','2026-11-30T23:07:45.000000+00:00','2026-11-30T23:07:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(231,1003,5,20101,42,'your_turn','{"deadline": null, "game_id": 5, "pending": null}','2026-11-30T23:11:45.000000+00:00','2026-11-30T23:11:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(232,1004,5,20101,43,'your_turn','{"deadline": null, "game_id": 5, "pending": null}','2026-11-30T23:14:45.000000+00:00','2026-11-30T23:14:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(233,1003,5,20101,44,'your_turn','{"deadline": null, "game_id": 5, "pending": null}','2026-11-30T23:17:45.000000+00:00','2026-11-30T23:17:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(234,1004,5,20101,45,'your_turn','{"deadline": null, "game_id": 5, "pending": null}','2026-11-30T23:19:45.000000+00:00','2026-11-30T23:19:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(235,1003,5,20101,46,'your_turn','{"deadline": null, "game_id": 5, "pending": null}','2026-11-30T23:22:45.000000+00:00','2026-11-30T23:22:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(236,1004,5,20101,47,'your_turn','{"deadline": null, "game_id": 5, "pending": null}','2026-11-30T23:25:45.000000+00:00','2026-11-30T23:25:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(237,1003,5,20101,48,'your_turn','{"deadline": null, "game_id": 5, "pending": null}','2026-11-30T23:26:45.000000+00:00','2026-11-30T23:26:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(238,1004,5,20101,49,'your_turn','{"deadline": null, "game_id": 5, "pending": null}','2026-11-30T23:30:45.000000+00:00','2026-11-30T23:30:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(239,1003,5,20101,50,'your_turn','{"deadline": null, "game_id": 5, "pending": null}','2026-11-30T23:34:45.000000+00:00','2026-11-30T23:34:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(240,1004,5,20101,51,'your_turn','{"deadline": null, "game_id": 5, "pending": null}','2026-11-30T23:39:45.000000+00:00','2026-11-30T23:39:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(241,1003,5,20101,52,'your_turn','{"deadline": null, "game_id": 5, "pending": null}','2026-11-30T23:41:45.000000+00:00','2026-11-30T23:41:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(242,1004,5,20101,53,'your_turn','{"deadline": null, "game_id": 5, "pending": null}','2026-11-30T23:42:45.000000+00:00','2026-11-30T23:42:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(243,1003,5,20101,54,'your_turn','{"deadline": null, "game_id": 5, "pending": null}','2026-11-30T23:43:45.000000+00:00','2026-11-30T23:43:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(244,1004,5,20101,55,'your_turn','{"deadline": null, "game_id": 5, "pending": null}','2026-11-30T23:47:45.000000+00:00','2026-11-30T23:47:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(245,1003,5,20101,56,'your_turn','{"deadline": null, "game_id": 5, "pending": null}','2026-11-30T23:51:45.000000+00:00','2026-11-30T23:51:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(246,1004,5,20101,57,'your_turn','{"deadline": null, "game_id": 5, "pending": null}','2026-11-30T23:54:45.000000+00:00','2026-11-30T23:54:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(247,1003,5,20101,58,'your_turn','{"deadline": null, "game_id": 5, "pending": null}','2026-11-30T23:56:45.000000+00:00','2026-11-30T23:56:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(248,1004,5,20101,59,'your_turn','{"deadline": null, "game_id": 5, "pending": null}','2026-12-01T00:01:45.000000+00:00','2026-12-01T00:01:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(249,1003,5,20101,60,'your_turn','{"deadline": null, "game_id": 5, "pending": null}','2026-12-01T00:06:45.000000+00:00','2026-12-01T00:06:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(250,1004,5,20101,NULL,'game_over','{"count": 11, "game_id": 5, "place": 2, "reason": "finished", "result": "loss", "score": 11}','2026-12-01T00:09:45.000000+00:00','2026-12-01T00:09:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(251,1003,5,20101,NULL,'game_over','{"count": 17, "game_id": 5, "place": 1, "reason": "finished", "result": "win", "score": 17}','2026-12-01T00:09:45.000000+00:00','2026-12-01T00:09:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(252,1001,6,20200,0,'game_started','{"count": 2, "game_id": 6, "players": 2, "seat": 0}','2026-12-01T02:11:45.000000+00:00','2026-12-01T02:11:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(253,1003,6,20200,0,'game_started','{"count": 2, "game_id": 6, "players": 2, "seat": 1}','2026-12-01T02:11:45.000000+00:00','2026-12-01T02:11:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(254,1001,6,20200,0,'your_turn','{"deadline": null, "game_id": 6, "pending": null}','2026-12-01T02:11:45.000000+00:00','2026-12-01T02:11:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(255,1003,6,20200,1,'your_turn','{"deadline": null, "game_id": 6, "pending": null}','2026-12-01T02:11:45.000000+00:00','2026-12-01T02:11:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(256,1001,6,20200,2,'your_turn','{"deadline": null, "game_id": 6, "pending": null}','2026-12-01T02:16:45.000000+00:00','2026-12-01T02:16:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(257,1003,6,20200,3,'your_turn','{"deadline": null, "game_id": 6, "pending": null}','2026-12-01T02:21:45.000000+00:00','2026-12-01T02:21:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(258,1001,6,20200,4,'your_turn','{"deadline": null, "game_id": 6, "pending": null}','2026-12-01T02:22:45.000000+00:00','2026-12-01T02:22:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(259,1003,6,20200,5,'your_turn','{"deadline": null, "game_id": 6, "pending": null}','2026-12-01T02:23:45.000000+00:00','2026-12-01T02:23:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(260,1001,6,20200,6,'your_turn','{"deadline": null, "game_id": 6, "pending": null}','2026-12-01T02:26:45.000000+00:00','2026-12-01T02:26:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(261,1003,6,20200,7,'your_turn','{"deadline": null, "game_id": 6, "pending": null}','2026-12-01T02:30:45.000000+00:00','2026-12-01T02:30:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(262,1001,6,20200,8,'your_turn','{"deadline": null, "game_id": 6, "pending": null}','2026-12-01T02:35:45.000000+00:00','2026-12-01T02:35:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(263,1003,6,20200,9,'your_turn','{"deadline": null, "game_id": 6, "pending": null}','2026-12-01T02:36:45.000000+00:00','2026-12-01T02:36:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(264,1001,6,20200,10,'your_turn','{"deadline": null, "game_id": 6, "pending": null}','2026-12-01T02:40:45.000000+00:00','2026-12-01T02:40:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(265,1004,7,20201,0,'game_started','{"count": 2, "game_id": 7, "players": 2, "seat": 0}','2026-12-01T02:41:45.000000+00:00','2026-12-01T02:41:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(266,1002,7,20201,0,'game_started','{"count": 2, "game_id": 7, "players": 2, "seat": 1}','2026-12-01T02:41:45.000000+00:00','2026-12-01T02:41:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(267,1004,7,20201,0,'your_turn','{"deadline": null, "game_id": 7, "pending": null}','2026-12-01T02:41:45.000000+00:00','2026-12-01T02:41:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(268,1002,7,20201,1,'your_turn','{"deadline": null, "game_id": 7, "pending": null}','2026-12-01T02:41:45.000000+00:00','2026-12-01T02:41:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(269,1004,7,20201,2,'your_turn','{"deadline": null, "game_id": 7, "pending": null}','2026-12-01T02:42:45.000000+00:00','2026-12-01T02:42:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(270,1002,7,20201,3,'your_turn','{"deadline": null, "game_id": 7, "pending": null}','2026-12-01T02:44:45.000000+00:00','2026-12-01T02:44:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(271,1004,7,20201,4,'your_turn','{"deadline": null, "game_id": 7, "pending": null}','2026-12-01T02:46:45.000000+00:00','2026-12-01T02:46:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(272,1002,7,20201,5,'your_turn','{"deadline": null, "game_id": 7, "pending": null}','2026-12-01T02:50:45.000000+00:00','2026-12-01T02:50:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(273,1004,7,20201,6,'your_turn','{"deadline": null, "game_id": 7, "pending": null}','2026-12-01T02:51:45.000000+00:00','2026-12-01T02:51:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(274,1002,7,20201,7,'your_turn','{"deadline": null, "game_id": 7, "pending": null}','2026-12-01T02:54:45.000000+00:00','2026-12-01T02:54:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(275,1004,7,20201,8,'your_turn','{"deadline": null, "game_id": 7, "pending": null}','2026-12-01T02:59:45.000000+00:00','2026-12-01T02:59:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(276,1002,7,20201,9,'your_turn','{"deadline": null, "game_id": 7, "pending": null}','2026-12-01T03:00:45.000000+00:00','2026-12-01T03:00:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(277,1004,7,20201,11,'your_turn','{"deadline": null, "game_id": 7, "pending": null}','2026-12-01T03:06:45.000000+00:00','2026-12-01T03:06:45.000000+00:00',NULL,0,NULL,0);
CREATE TABLE plans (
        game_id    INTEGER    NOT NULL REFERENCES games(game_id),
        user_id    INTEGER    NOT NULL,
        slot       INTEGER NOT NULL CHECK (slot BETWEEN 0 AND 2),
        code       TEXT    NOT NULL,
        made_at    INTEGER NOT NULL,
        created_at TEXT  NOT NULL,
        target     TEXT,
        place      TEXT,
        cond       TEXT,
        PRIMARY KEY (game_id, user_id, slot)
    );
CREATE TABLE reviews (
        game_id      INTEGER    PRIMARY KEY REFERENCES games(game_id),
        status       TEXT    NOT NULL CHECK (status IN ('pending', 'done', 'failed')),
        attempts     INTEGER NOT NULL DEFAULT 0,
        requested_at TEXT  NOT NULL,
        done_at      TEXT,
        made_with    TEXT,
        cpu_s        REAL,
        review_json  TEXT,
        graph        TEXT    CHECK (graph IN ('due', 'posted'))
    );
CREATE TABLE seats (
        game_id     INTEGER    NOT NULL REFERENCES games(game_id),
        user_id     INTEGER    NOT NULL,
        joined_at   TEXT  NOT NULL,
        join_order  INTEGER NOT NULL,
        seat        INTEGER,
        status      TEXT    NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'resigned', 'removed')),
        expiries    INTEGER NOT NULL DEFAULT 0,
        final_score INTEGER,
        place       INTEGER,
        result      TEXT CHECK (result IN ('win', 'loss', 'draw')), bank_left_s REAL, bank_undo_s REAL, name TEXT,
        PRIMARY KEY (game_id, user_id)
    );
INSERT INTO "seats" VALUES(1,1003,'2026-11-29T20:48:45.000000+00:00',1,0,'active',0,11,2,'loss',NULL,NULL,'Chandra');
INSERT INTO "seats" VALUES(1,1001,'2026-11-29T20:48:45.000000+00:00',2,1,'active',0,17,1,'win',NULL,NULL,'Ada');
INSERT INTO "seats" VALUES(2,1003,'2026-11-30T04:27:45.000000+00:00',1,0,'active',0,15,1,'win',NULL,NULL,'Chandra');
INSERT INTO "seats" VALUES(2,1001,'2026-11-30T04:27:45.000000+00:00',2,1,'active',0,7,2,'loss',NULL,NULL,'Ada');
INSERT INTO "seats" VALUES(3,1002,'2026-11-30T12:38:45.000000+00:00',1,0,'active',0,NULL,NULL,NULL,NULL,NULL,'Borges');
INSERT INTO "seats" VALUES(3,1001,'2026-11-30T12:38:45.000000+00:00',2,1,'active',0,NULL,NULL,NULL,NULL,NULL,'Ada');
INSERT INTO "seats" VALUES(4,1002,'2026-11-30T17:55:45.000000+00:00',1,0,'active',0,10,2,'loss',NULL,NULL,'Borges');
INSERT INTO "seats" VALUES(4,1001,'2026-11-30T17:55:45.000000+00:00',2,1,'active',0,17,1,'win',NULL,NULL,'Ada');
INSERT INTO "seats" VALUES(5,1004,'2026-11-30T21:22:45.000000+00:00',1,0,'active',0,11,2,'loss',NULL,NULL,'Dolores');
INSERT INTO "seats" VALUES(5,1003,'2026-11-30T21:22:45.000000+00:00',2,1,'active',0,17,1,'win',NULL,NULL,'Chandra');
INSERT INTO "seats" VALUES(6,1001,'2026-12-01T02:11:45.000000+00:00',1,0,'active',0,NULL,NULL,NULL,NULL,NULL,'Ada');
INSERT INTO "seats" VALUES(6,1003,'2026-12-01T02:11:45.000000+00:00',2,1,'active',0,NULL,NULL,NULL,NULL,NULL,'Chandra');
INSERT INTO "seats" VALUES(7,1004,'2026-12-01T02:41:45.000000+00:00',1,0,'active',0,NULL,NULL,NULL,NULL,NULL,'Dolores');
INSERT INTO "seats" VALUES(7,1002,'2026-12-01T02:41:45.000000+00:00',2,1,'active',0,NULL,NULL,NULL,NULL,NULL,'Borges');
CREATE TABLE timers (
        game_id       INTEGER PRIMARY KEY REFERENCES games(game_id),
        version       INTEGER NOT NULL,
        seat          INTEGER NOT NULL,
        user_id       INTEGER    NOT NULL,
        started_at    TEXT  NOT NULL,
        due_at        TEXT,
        remind_at     TEXT,
        paused_left_s REAL
    );
CREATE TABLE undone_actions (
        
        game_id    INTEGER    NOT NULL REFERENCES games(game_id),
        seq        INTEGER NOT NULL,
        seat       INTEGER NOT NULL,
        code       TEXT    NOT NULL,
        user_id    INTEGER,
        source     TEXT    NOT NULL,
        at         TEXT  NOT NULL,
        request_id TEXT,
        undone_at  TEXT  NOT NULL
    );
CREATE TABLE users (
        user_id          INTEGER PRIMARY KEY,
        lang             TEXT,
        notify           TEXT NOT NULL DEFAULT 'mention' CHECK (notify IN ('mention', 'dm', 'none')),
        quiet_start      INTEGER,
        quiet_end        INTEGER,
        tz               TEXT,
        vacation_until   TEXT,
        last_notified_at TEXT
    , name TEXT);
INSERT INTO "users" VALUES(1001,NULL,'mention',NULL,NULL,NULL,NULL,NULL,'Ada');
INSERT INTO "users" VALUES(1002,NULL,'mention',NULL,NULL,NULL,NULL,NULL,'Borges');
INSERT INTO "users" VALUES(1003,NULL,'mention',NULL,NULL,NULL,NULL,NULL,'Chandra');
INSERT INTO "users" VALUES(1004,NULL,'mention',NULL,NULL,NULL,NULL,NULL,'Dolores');
CREATE TABLE vacation_computers (
        user_id INTEGER PRIMARY KEY
    );
CREATE TABLE vacations (
        user_id   INTEGER   NOT NULL,
        starts_at TEXT NOT NULL,
        ends_at   TEXT NOT NULL
    );
CREATE TABLE web_links (
        slug       TEXT   PRIMARY KEY,
        kind       TEXT   NOT NULL CHECK (kind IN ('league', 'member', 'game')),
        target_id  INTEGER   NOT NULL,
        user_id    INTEGER   NOT NULL DEFAULT 0,
        mode       TEXT   NOT NULL DEFAULT 'off' CHECK (mode IN ('off', 'unlisted', 'public')),
        created_at TEXT NOT NULL
    );
INSERT INTO "web_links" VALUES('t8cTR9RMmGMTTAs2TbHquQ','league',1,0,'public','2026-11-29T20:48:45.000000+00:00');
INSERT INTO "web_links" VALUES('9fKQqVLyi3SbcXkoeO8TBA','league',2,0,'public','2026-11-30T17:55:45.000000+00:00');
CREATE UNIQUE INDEX games_live_channel ON games(channel_id) WHERE status IN ('lobby', 'active');
CREATE INDEX games_channel ON games(channel_id, game_id);
CREATE INDEX seats_user ON seats(user_id);
CREATE UNIQUE INDEX actions_request ON actions(game_id, request_id) WHERE request_id IS NOT NULL;
CREATE INDEX vacations_user ON vacations(user_id, starts_at);
CREATE INDEX timers_due ON timers(due_at) WHERE due_at IS NOT NULL;
CREATE INDEX timers_remind ON timers(remind_at) WHERE remind_at IS NOT NULL;
CREATE INDEX timers_user ON timers(user_id);
CREATE INDEX outbox_pending ON outbox(deliver_after) WHERE delivered_at IS NULL;
CREATE INDEX undone_actions_game ON undone_actions(game_id, seq);
CREATE INDEX outbox_done ON outbox(delivered_at) WHERE delivered_at IS NOT NULL;
CREATE UNIQUE INDEX leagues_name ON leagues(guild_id, name COLLATE NOCASE);
CREATE INDEX league_members_user ON league_members(user_id);
CREATE INDEX league_tables_league ON league_tables(league_id, season, round);
CREATE INDEX league_results_league ON league_results(league_id, season, result_id);
CREATE INDEX league_placements_user ON league_placements(user_id);
CREATE INDEX league_rounds_open ON league_rounds(deadline) WHERE closed_at IS NULL;
CREATE INDEX league_audit_game ON league_audit(league_id, game_id);
CREATE INDEX hints_game ON hints(game_id, version);
CREATE UNIQUE INDEX games_rematch ON games(rematch_of) WHERE rematch_of IS NOT NULL;
CREATE INDEX blocks_blocked ON blocks(blocked_id);
CREATE UNIQUE INDEX web_links_target ON web_links(kind, target_id, user_id);
CREATE INDEX reviews_status ON reviews(status, game_id);
DELETE FROM "sqlite_sequence";
INSERT INTO "sqlite_sequence" VALUES('leagues',2);
INSERT INTO "sqlite_sequence" VALUES('league_audit',2);
INSERT INTO "sqlite_sequence" VALUES('league_tables',7);
INSERT INTO "sqlite_sequence" VALUES('games',7);
INSERT INTO "sqlite_sequence" VALUES('outbox',277);
INSERT INTO "sqlite_sequence" VALUES('league_results',4);
COMMIT;
PRAGMA user_version = 16;
