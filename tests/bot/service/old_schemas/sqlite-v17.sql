-- A database at SQLite schema version 17: version 16's (sqlite-v16.sql) with migration step 17
-- applied, as the bot at that version left it (the step only adds tables, columns and indexes, empty);
-- tests/bot/service/test_old_schemas.py.
BEGIN TRANSACTION;
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
INSERT INTO "actions" VALUES(1,1,0,'take ww',102,'player','2026-03-02T12:00:28.000000+00:00','1-0');
INSERT INTO "actions" VALUES(1,2,1,'take wgk',101,'player','2026-03-02T12:00:35.000000+00:00','1-1');
INSERT INTO "actions" VALUES(1,3,0,'reserve 1.1',102,'player','2026-03-02T12:00:42.000000+00:00','1-2');
INSERT INTO "actions" VALUES(1,4,1,'reserve 2.4',101,'player','2026-03-02T12:00:49.000000+00:00','1-3');
INSERT INTO "actions" VALUES(1,5,0,'take wur',102,'player','2026-03-02T12:00:56.000000+00:00','1-4');
INSERT INTO "actions" VALUES(1,6,1,'take urk',101,'player','2026-03-02T12:01:03.000000+00:00','1-5');
INSERT INTO "actions" VALUES(1,7,0,'reserve 3.3',102,'player','2026-03-02T12:01:10.000000+00:00','1-6');
INSERT INTO "actions" VALUES(1,8,1,'take grk',101,'player','2026-03-02T12:01:17.000000+00:00','1-7');
INSERT INTO "actions" VALUES(1,9,0,'reserve 2.1',102,'player','2026-03-02T12:01:24.000000+00:00','1-8');
INSERT INTO "actions" VALUES(1,10,1,'reserve d2',101,'player','2026-03-02T12:01:31.000000+00:00','1-9');
INSERT INTO "actions" VALUES(1,11,1,'return k',101,'player','2026-03-02T12:01:38.000000+00:00','1-10');
INSERT INTO "actions" VALUES(1,12,0,'buy r1',102,'player','2026-03-02T12:01:45.000000+00:00','1-11');
INSERT INTO "actions" VALUES(1,13,1,'reserve 1.2',101,'player','2026-03-02T12:01:52.000000+00:00','1-12');
INSERT INTO "actions" VALUES(1,14,1,'return g',101,'player','2026-03-02T12:01:59.000000+00:00','1-13');
INSERT INTO "actions" VALUES(1,15,0,'take urk',102,'player','2026-03-02T12:02:06.000000+00:00','1-14');
INSERT INTO "actions" VALUES(1,16,1,'buy 2.3',101,'player','2026-03-02T12:02:13.000000+00:00','1-15');
INSERT INTO "actions" VALUES(1,17,0,'reserve 2.3',102,'player','2026-03-02T12:02:20.000000+00:00','1-16');
INSERT INTO "actions" VALUES(1,18,1,'take ugr',101,'player','2026-03-02T12:02:27.000000+00:00','1-17');
INSERT INTO "actions" VALUES(1,19,0,'buy 1.1',102,'player','2026-03-02T12:02:34.000000+00:00','1-18');
INSERT INTO "actions" VALUES(1,20,0,'pay urrk',102,'player','2026-03-02T12:02:41.000000+00:00','1-19');
INSERT INTO "actions" VALUES(1,21,1,'buy 1.4',101,'player','2026-03-02T12:02:48.000000+00:00','1-20');
INSERT INTO "actions" VALUES(1,22,0,'take ugr',102,'player','2026-03-02T12:02:55.000000+00:00','1-21');
INSERT INTO "actions" VALUES(1,23,1,'buy 1.1',101,'player','2026-03-02T12:03:02.000000+00:00','1-22');
INSERT INTO "actions" VALUES(1,24,0,'take ugk',102,'player','2026-03-02T12:03:09.000000+00:00','1-23');
INSERT INTO "actions" VALUES(1,25,0,'return u',102,'player','2026-03-02T12:03:16.000000+00:00','1-24');
INSERT INTO "actions" VALUES(1,26,1,'take ugr',101,'player','2026-03-02T12:03:23.000000+00:00','1-25');
INSERT INTO "actions" VALUES(1,27,0,'buy 1.4',102,'player','2026-03-02T12:03:30.000000+00:00','1-26');
INSERT INTO "actions" VALUES(1,28,0,'pay uo',102,'player','2026-03-02T12:03:37.000000+00:00','1-27');
INSERT INTO "actions" VALUES(1,29,1,'take urk',101,'player','2026-03-02T12:03:44.000000+00:00','1-28');
INSERT INTO "actions" VALUES(1,30,0,'take uk',102,'player','2026-03-02T12:03:51.000000+00:00','1-29');
INSERT INTO "actions" VALUES(2,1,0,'take 2',103,'player','2026-03-02T12:04:26.000000+00:00','2-0');
INSERT INTO "actions" VALUES(2,2,1,'reserve 3c',101,'player','2026-03-02T12:04:33.000000+00:00','2-1');
INSERT INTO "actions" VALUES(2,3,2,'take 5',102,'player','2026-03-02T12:04:40.000000+00:00','2-2');
INSERT INTO "actions" VALUES(2,4,0,'reserve as',103,'player','2026-03-02T12:04:47.000000+00:00','2-3');
INSERT INTO "actions" VALUES(2,5,1,'reserve 3s',101,'player','2026-03-02T12:04:54.000000+00:00','2-4');
INSERT INTO "actions" VALUES(2,6,2,'take 5',102,'player','2026-03-02T12:05:01.000000+00:00','2-5');
INSERT INTO "actions" VALUES(2,7,0,'reserve deck',103,'player','2026-03-02T12:05:08.000000+00:00','2-6');
INSERT INTO "actions" VALUES(2,8,1,'take 4',101,'player','2026-03-02T12:05:15.000000+00:00','2-7');
INSERT INTO "actions" VALUES(2,9,2,'buy 4d',102,'player','2026-03-02T12:05:22.000000+00:00','2-8');
INSERT INTO "actions" VALUES(2,10,2,'put 5 5',102,'player','2026-03-02T12:05:29.000000+00:00','2-9');
INSERT INTO "actions" VALUES(2,11,0,'buy ah',103,'player','2026-03-02T12:05:36.000000+00:00','2-10');
INSERT INTO "actions" VALUES(2,12,0,'pay 1',103,'player','2026-03-02T12:05:43.000000+00:00','2-11');
INSERT INTO "actions" VALUES(2,13,0,'put 1 2',103,'player','2026-03-02T12:05:50.000000+00:00','2-12');
INSERT INTO "actions" VALUES(2,14,1,'buy 2s',101,'player','2026-03-02T12:05:57.000000+00:00','2-13');
INSERT INTO "actions" VALUES(2,15,1,'put auto',101,'player','2026-03-02T12:06:04.000000+00:00','2-14');
INSERT INTO "actions" VALUES(2,16,2,'take 2 4',102,'player','2026-03-02T12:06:11.000000+00:00','2-15');
INSERT INTO "actions" VALUES(2,17,0,'reserve 4h',103,'player','2026-03-02T12:06:18.000000+00:00','2-16');
INSERT INTO "actions" VALUES(2,18,1,'take 4',101,'player','2026-03-02T12:06:25.000000+00:00','2-17');
INSERT INTO "actions" VALUES(2,19,2,'buy 7h',102,'player','2026-03-02T12:06:32.000000+00:00','2-18');
INSERT INTO "actions" VALUES(2,20,2,'put 2 5',102,'player','2026-03-02T12:06:39.000000+00:00','2-19');
INSERT INTO "actions" VALUES(2,21,2,'put 1 2',102,'player','2026-03-02T12:06:46.000000+00:00','2-20');
INSERT INTO "actions" VALUES(2,22,0,'take 5',103,'player','2026-03-02T12:06:53.000000+00:00','2-21');
INSERT INTO "actions" VALUES(2,23,1,'take 2',101,'player','2026-03-02T12:07:00.000000+00:00','2-22');
INSERT INTO "actions" VALUES(2,24,2,'take 2 4',102,'player','2026-03-02T12:07:07.000000+00:00','2-23');
INSERT INTO "actions" VALUES(2,25,0,'buy 8c',103,'player','2026-03-02T12:07:14.000000+00:00','2-24');
INSERT INTO "actions" VALUES(2,26,0,'put auto',103,'player','2026-03-02T12:07:21.000000+00:00','2-25');
INSERT INTO "actions" VALUES(2,27,1,'buy 6c',101,'player','2026-03-02T12:07:28.000000+00:00','2-26');
INSERT INTO "actions" VALUES(2,28,1,'pay 5 5',101,'player','2026-03-02T12:07:35.000000+00:00','2-27');
INSERT INTO "actions" VALUES(2,29,1,'put 5 5',101,'player','2026-03-02T12:07:42.000000+00:00','2-28');
INSERT INTO "actions" VALUES(2,30,2,'reserve 5d',102,'player','2026-03-02T12:07:49.000000+00:00','2-29');
INSERT INTO "actions" VALUES(3,1,0,'reserve 2.1',101,'player','2026-03-02T12:08:17.000000+00:00','3-0');
INSERT INTO "actions" VALUES(3,2,1,'reserve 1.5',102,'player','2026-03-02T12:08:24.000000+00:00','3-1');
INSERT INTO "actions" VALUES(3,3,0,'reserve 1.1',101,'player','2026-03-02T12:08:31.000000+00:00','3-2');
INSERT INTO "actions" VALUES(3,4,1,'take uu',102,'player','2026-03-02T12:08:38.000000+00:00','3-3');
INSERT INTO "actions" VALUES(3,5,0,'reserve 1.2',101,'player','2026-03-02T12:08:45.000000+00:00','3-4');
INSERT INTO "actions" VALUES(3,6,1,'take wrk',102,'player','2026-03-02T12:08:52.000000+00:00','3-5');
INSERT INTO "actions" VALUES(3,7,0,'take grk',101,'player','2026-03-02T12:08:59.000000+00:00','3-6');
INSERT INTO "actions" VALUES(3,8,1,'reserve 2.2',102,'player','2026-03-02T12:09:06.000000+00:00','3-7');
INSERT INTO "actions" VALUES(3,9,0,'buy r2',101,'player','2026-03-02T12:09:13.000000+00:00','3-8');
INSERT INTO "actions" VALUES(3,10,0,'pay gkoo',101,'player','2026-03-02T12:09:20.000000+00:00','3-9');
INSERT INTO "actions" VALUES(3,11,0,'hold 3.3',101,'player','2026-03-02T12:09:27.000000+00:00','3-10');
INSERT INTO "actions" VALUES(3,12,1,'reserve 1.6',102,'player','2026-03-02T12:09:34.000000+00:00','3-11');
INSERT INTO "actions" VALUES(3,13,0,'take wgk',101,'player','2026-03-02T12:09:41.000000+00:00','3-12');
INSERT INTO "actions" VALUES(3,14,1,'take wgr',102,'player','2026-03-02T12:09:48.000000+00:00','3-13');
INSERT INTO "actions" VALUES(3,15,1,'return k',102,'player','2026-03-02T12:09:55.000000+00:00','3-14');
INSERT INTO "actions" VALUES(3,16,0,'reserve 2.5',101,'player','2026-03-02T12:10:02.000000+00:00','3-15');
INSERT INTO "actions" VALUES(3,17,1,'take wrk',102,'player','2026-03-02T12:10:09.000000+00:00','3-16');
INSERT INTO "actions" VALUES(3,18,1,'return uug',102,'player','2026-03-02T12:10:16.000000+00:00','3-17');
INSERT INTO "actions" VALUES(3,19,0,'buy 1.1',101,'player','2026-03-02T12:10:23.000000+00:00','3-18');
INSERT INTO "actions" VALUES(3,20,0,'pay woo',101,'player','2026-03-02T12:10:30.000000+00:00','3-19');
INSERT INTO "actions" VALUES(3,21,0,'move 3.3 2.5',101,'player','2026-03-02T12:10:37.000000+00:00','3-20');
INSERT INTO "actions" VALUES(3,22,1,'take wug',102,'player','2026-03-02T12:10:44.000000+00:00','3-21');
INSERT INTO "actions" VALUES(3,23,1,'return wwk',102,'player','2026-03-02T12:10:51.000000+00:00','3-22');
INSERT INTO "actions" VALUES(3,24,0,'take wgk',101,'player','2026-03-02T12:10:58.000000+00:00','3-23');
INSERT INTO "actions" VALUES(3,25,1,'buy 1.3',102,'player','2026-03-02T12:11:05.000000+00:00','3-24');
INSERT INTO "actions" VALUES(3,26,1,'pay wuooo',102,'player','2026-03-02T12:11:12.000000+00:00','3-25');
INSERT INTO "actions" VALUES(3,27,1,'hold 3.6',102,'player','2026-03-02T12:11:19.000000+00:00','3-26');
INSERT INTO "actions" VALUES(3,28,0,'take uu',101,'player','2026-03-02T12:11:26.000000+00:00','3-27');
INSERT INTO "actions" VALUES(3,29,1,'take ugk',102,'player','2026-03-02T12:11:33.000000+00:00','3-28');
INSERT INTO "actions" VALUES(3,30,0,'take wuk',101,'player','2026-03-02T12:11:40.000000+00:00','3-29');
CREATE TABLE blocks (
        user_id    INTEGER   NOT NULL,
        blocked_id INTEGER   NOT NULL,
        created_at TEXT NOT NULL,
        PRIMARY KEY (user_id, blocked_id)
    );
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
    , lang TEXT, thread_state TEXT CHECK (thread_state IN ('blocked', 'lost')), thread_since TEXT, rematch_of INTEGER, seat_order TEXT, bank_initial_s INTEGER, bank_increment_s INTEGER);
INSERT INTO "games" VALUES(1,NULL,1001,101,'base',2,'{}',43200,'skip',3,0,101,'active','{"options": {}, "players": 2, "rules_version": 2, "ruleset": "base", "seed": 101}',30,1,'{"format":1,"config":{"ruleset":"base","players":2,"seed":101,"options":{},"rules_version":2},"history":[],"state":{"bank":[4,4,4,4,4,5],"rows":[[32,16,6,27],[55,69,42,45],[81,78,75,70]],"decks":[[23,13,8,2,21,10,19,20,39,3,5,26,29,12,31,1,15,37,9,33,24,11,34,0,28,35,17,36,38,14,30,7,25,18,4,22],[62,68,64,40,52,65,47,66,50,54,48,57,51,43,61,44,46,49,53,63,59,56,60,41,58,67],[86,73,82,85,79,71,80,89,74,77,87,72,84,76,88,83]],"odecks":[[],[],[]],"nobles":[0,3,5],"noble_at":[-1,-1,-1],"hown":[[-1,-1,-1,-1],[-1,-1,-1,-1],[-1,-1,-1,-1]],"hcnt":[[0,0,0,0],[0,0,0,0],[0,0,0,0]],"players":[{"tokens":[0,0,0,0,0,0],"bonus":[0,0,0,0,0],"cards":[],"joker":[],"goldcards":0,"reserved":[],"blind":[],"nobles":[],"rnobles":[],"points":0,"supply":0},{"tokens":[0,0,0,0,0,0],"bonus":[0,0,0,0,0],"cards":[],"joker":[],"goldcards":0,"reserved":[],"blind":[],"nobles":[],"rnobles":[],"points":0,"supply":0}],"discarded":[],"current":0,"pending":null,"steps":[],"turn":0,"final_round":false,"over":false,"passes":0,"conquest_used":false,"turn_start":0,"actions":[],"events":[]}}',0,NULL,NULL,'2026-03-02T12:00:07.000000+00:00','2026-03-02T12:00:21.000000+00:00',NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "games" VALUES(2,NULL,1002,101,'spectacle',3,'{}',43200,'skip',3,0,102,'active','{"options": {}, "players": 3, "rules_version": 2, "ruleset": "spectacle", "seed": 102}',30,0,'{"format":1,"config":{"ruleset":"spectacle","players":3,"seed":102,"options":{},"rules_version":2},"history":[[0,"take 2"],[1,"reserve 3c"],[2,"take 5"],[0,"reserve as"],[1,"reserve 3s"],[2,"take 5"],[0,"reserve deck"],[1,"take 4"],[2,"buy 4d"],[2,"put 5 5"],[0,"buy ah"],[0,"pay 1"],[0,"put 1 2"],[1,"buy 2s"],[1,"put auto"],[2,"take 2 4"],[0,"reserve 4h"],[1,"take 4"],[2,"buy 7h"],[2,"put 2 5"],[2,"put 1 2"],[0,"take 5"],[1,"take 2"],[2,"take 2 4"],[0,"buy 8c"],[0,"put auto"],[1,"buy 6c"],[1,"pay 5 5"],[1,"put 5 5"],[2,"reserve 5d"]],"state":{"current":0,"turn":21,"phase":"main","grid":["8s","2h","5s","9d","10d","7d","9s","5h","4c"],"deck":["3h","4s","ac","3d","7s","6d","ad","9h","9c","8h","2d","10h","5c","10s","8d","2c","7c","6h","6s"],"stacks":[[1,2,5,10],[1,1,5,5],[1,2,5,10],[5,2,2,5],[10,5,2,5]],"nobles":["qs","js","ks","jh"],"discard":[],"box":[],"players":[{"chips":[],"hand":[{"card":"as","blind":false},{"card":"10c","blind":true},{"card":"4h","blind":false}],"tableau":["8c","ah"],"claims":[],"nobles":[]},{"chips":[1],"hand":[{"card":"3c","blind":false},{"card":"3s","blind":false}],"tableau":["6c","2s"],"claims":[],"nobles":[]},{"chips":[10,10],"hand":[{"card":"5d","blind":false}],"tableau":["4d","7h"],"claims":[],"nobles":[]}],"transit":[],"buying":null,"noble_options":[],"noble":null,"end_reason":null,"chip_totals":[5,5,8,5],"actions":[[0,"take 2"],[1,"reserve 3c"],[2,"take 5"],[0,"reserve as"],[1,"reserve 3s"],[2,"take 5"],[0,"reserve deck"],[1,"take 4"],[2,"buy 4d"],[2,"put 5 5"],[0,"buy ah"],[0,"pay 1"],[0,"put 1 2"],[1,"buy 2s"],[1,"put auto"],[2,"take 2 4"],[0,"reserve 4h"],[1,"take 4"],[2,"buy 7h"],[2,"put 2 5"],[2,"put 1 2"],[0,"take 5"],[1,"take 2"],[2,"take 2 4"],[0,"buy 8c"],[0,"put auto"],[1,"buy 6c"],[1,"pay 5 5"],[1,"put 5 5"],[2,"reserve 5d"]],"events":[{"kind":"take","seat":0,"params":{"stacks":[2],"chips":[1]}},{"kind":"reserve","seat":1,"params":{"from":"c1","card":"3c"}},{"kind":"refill","seat":null,"params":{"pos":"c1","card":"6c"}},{"kind":"take","seat":2,"params":{"stacks":[5],"chips":[1]}},{"kind":"reserve","seat":0,"params":{"from":"a1","card":"as"}},{"kind":"refill","seat":null,"params":{"pos":"a1","card":"8s"}},{"kind":"reserve","seat":1,"params":{"from":"b2","card":"3s"}},{"kind":"refill","seat":null,"params":{"pos":"b2","card":"2s"}},{"kind":"take","seat":2,"params":{"stacks":[5],"chips":[2]}},{"kind":"reserve","seat":0,"params":{"from":"deck","card":"10c"},"secret":["card"]},{"kind":"take","seat":1,"params":{"stacks":[4],"chips":[1]}},{"kind":"buy","seat":2,"params":{"card":"4d","from":"a2","price":4,"pay":[5]}},{"kind":"refill","seat":null,"params":{"pos":"a2","card":"7h"}},{"kind":"place","seat":2,"params":{"chip":5,"stack":5}},{"kind":"buy","seat":0,"params":{"card":"ah","from":"a3","price":1,"pay":[1]}},{"kind":"refill","seat":null,"params":{"pos":"a3","card":"4h"}},{"kind":"place","seat":0,"params":{"chip":1,"stack":2}},{"kind":"buy","seat":1,"params":{"card":"2s","from":"b2","price":2,"pay":[5]}},{"kind":"refill","seat":null,"params":{"pos":"b2","card":"10d"}},{"kind":"place","seat":1,"params":{"chip":5,"stack":4}},{"kind":"take","seat":2,"params":{"stacks":[2,4],"chips":[2,2]}},{"kind":"reserve","seat":0,"params":{"from":"a3","card":"4h"}},{"kind":"refill","seat":null,"params":{"pos":"a3","card":"5s"}},{"kind":"take","seat":1,"params":{"stacks":[4],"chips":[5]}},{"kind":"buy","seat":2,"params":{"card":"7h","from":"a2","price":7,"pay":[2,2,2,1]}},{"kind":"refill","seat":null,"params":{"pos":"a2","card":"2h"}},{"kind":"place","seat":2,"params":{"chip":2,"stack":5}},{"kind":"place","seat":2,"params":{"chip":1,"stack":2}},{"kind":"place","seat":2,"params":{"chip":2,"stack":4}},{"kind":"place","seat":2,"params":{"chip":2,"stack":4}},{"kind":"take","seat":0,"params":{"stacks":[5],"chips":[5]}},{"kind":"take","seat":1,"params":{"stacks":[2],"chips":[5]}},{"kind":"take","seat":2,"params":{"stacks":[2,4],"chips":[10,10]}},{"kind":"buy","seat":0,"params":{"card":"8c","from":"c2","price":8,"pay":[5,5]}},{"kind":"refill","seat":null,"params":{"pos":"c2","card":"5h"}},{"kind":"place","seat":0,"params":{"chip":5,"stack":2}},{"kind":"place","seat":0,"params":{"chip":5,"stack":2}},{"kind":"buy","seat":1,"params":{"card":"6c","from":"c1","price":6,"pay":[5,5]}},{"kind":"refill","seat":null,"params":{"pos":"c1","card":"5d"}},{"kind":"place","seat":1,"params":{"chip":5,"stack":5}},{"kind":"place","seat":1,"params":{"chip":5,"stack":4}},{"kind":"reserve","seat":2,"params":{"from":"c1","card":"5d"}},{"kind":"refill","seat":null,"params":{"pos":"c1","card":"9s"}}],"last_events":2}}',30,NULL,NULL,'2026-03-02T12:03:58.000000+00:00','2026-03-02T12:04:19.000000+00:00',NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "games" VALUES(3,NULL,1003,101,'orient+strongholds',2,'{}',43200,'skip',3,0,103,'active','{"options": {}, "players": 2, "rules_version": 2, "ruleset": "orient+strongholds", "seed": 103}',30,0,'{"format":1,"config":{"ruleset":"orient+strongholds","players":2,"seed":103,"options":{},"rules_version":2},"history":[[0,"reserve 2.1"],[1,"reserve 1.5"],[0,"reserve 1.1"],[1,"take uu"],[0,"reserve 1.2"],[1,"take wrk"],[0,"take grk"],[1,"reserve 2.2"],[0,"buy r2"],[0,"pay gkoo"],[0,"hold 3.3"],[1,"reserve 1.6"],[0,"take wgk"],[1,"take wgr"],[1,"return k"],[0,"reserve 2.5"],[1,"take wrk"],[1,"return uug"],[0,"buy 1.1"],[0,"pay woo"],[0,"move 3.3 2.5"],[1,"take wug"],[1,"return wwk"],[0,"take wgk"],[1,"buy 1.3"],[1,"pay wuooo"],[1,"hold 3.6"],[0,"take uu"],[1,"take ugk"]],"state":{"bank":[2,1,0,0,1,5],"rows":[[12,23,24,26,92,90],[49,50,53,40,104,100],[75,84,82,72,117,116]],"decks":[[7,37,32,14,16,38,10,21,25,39,27,19,33,20,0,5,17,2,22,15,4,11,8,35,13,30,6,1,9,36,29,18],[47,54,68,66,63,62,44,64,67,41,43,58,45,60,61,42,59,51,46,52,65,69,57,48],[76,70,87,80,71,77,81,86,85,79,78,83,89,73,88,74]],"odecks":[[93,91,96,99,94,97],[105,107,109,103,101,108,102],[119,113,110,111,118,114,115,112]],"nobles":[6,8,5],"noble_at":[-1,-1,-1],"hown":[[-1,-1,-1,-1,-1,-1],[-1,-1,-1,-1,0,-1],[-1,-1,-1,-1,-1,1]],"hcnt":[[0,0,0,0,0,0],[0,0,0,0,1,0],[0,0,0,0,0,1]],"players":[{"tokens":[1,2,2,1,2,0],"bonus":[1,0,0,0,1],"cards":[3,34],"joker":[],"goldcards":0,"reserved":[55,31,106],"blind":[false,false,false],"nobles":[],"rnobles":[],"points":0,"supply":2},{"tokens":[1,1,2,3,1,0],"bonus":[0,0,0,1,0],"cards":[28],"joker":[],"goldcards":0,"reserved":[98,56,95],"blind":[false,false,false],"nobles":[],"rnobles":[],"points":0,"supply":2}],"discarded":[],"current":0,"pending":null,"steps":[],"turn":20,"final_round":false,"over":false,"passes":0,"conquest_used":false,"turn_start":34,"actions":[[0,"reserve 2.1"],[1,"reserve 1.5"],[0,"reserve 1.1"],[1,"take uu"],[0,"reserve 1.2"],[1,"take wrk"],[0,"take grk"],[1,"reserve 2.2"],[0,"buy r2"],[0,"pay gkoo"],[0,"hold 3.3"],[1,"reserve 1.6"],[0,"take wgk"],[1,"take wgr"],[1,"return k"],[0,"reserve 2.5"],[1,"take wrk"],[1,"return uug"],[0,"buy 1.1"],[0,"pay woo"],[0,"move 3.3 2.5"],[1,"take wug"],[1,"return wwk"],[0,"take wgk"],[1,"buy 1.3"],[1,"pay wuooo"],[1,"hold 3.6"],[0,"take uu"],[1,"take ugk"]],"events":[{"kind":"reserve","seat":0,"params":{"card":"2-16","level":2,"source":"2.1","blind":false,"gold":true}},{"kind":"refill","seat":null,"params":{"slot":"2.1","card":"2-10"}},{"kind":"reserve","seat":1,"params":{"card":"O1-09","level":1,"source":"1.5","blind":false,"gold":true}},{"kind":"refill","seat":null,"params":{"slot":"1.5","card":"O1-03"}},{"kind":"reserve","seat":0,"params":{"card":"1-04","level":1,"source":"1.1","blind":false,"gold":true}},{"kind":"refill","seat":null,"params":{"slot":"1.1","card":"1-35"}},{"kind":"take","seat":1,"params":{"tokens":"uu"}},{"kind":"reserve","seat":0,"params":{"card":"1-32","level":1,"source":"1.2","blind":false,"gold":true}},{"kind":"refill","seat":null,"params":{"slot":"1.2","card":"1-24"}},{"kind":"take","seat":1,"params":{"tokens":"wrk"}},{"kind":"take","seat":0,"params":{"tokens":"grk"}},{"kind":"reserve","seat":1,"params":{"card":"2-17","level":2,"source":"2.2","blind":false,"gold":true}},{"kind":"refill","seat":null,"params":{"slot":"2.2","card":"2-11"}},{"kind":"buy","seat":0,"params":{"card":"1-04","source":"r2","paid":"gkoo"}},{"kind":"stronghold","seat":0,"params":{"op":"place","src":null,"dst":"3.3","owner":0,"card":"3-13"}},{"kind":"reserve","seat":1,"params":{"card":"O1-06","level":1,"source":"1.6","blind":false,"gold":true}},{"kind":"refill","seat":null,"params":{"slot":"1.6","card":"O1-01"}},{"kind":"take","seat":0,"params":{"tokens":"wgk"}},{"kind":"take","seat":1,"params":{"tokens":"wgr"}},{"kind":"return","seat":1,"params":{"tokens":"k"}},{"kind":"reserve","seat":0,"params":{"card":"O2-07","level":2,"source":"2.5","blind":false,"gold":true}},{"kind":"refill","seat":null,"params":{"slot":"2.5","card":"O2-05"}},{"kind":"take","seat":1,"params":{"tokens":"wrk"}},{"kind":"return","seat":1,"params":{"tokens":"uug"}},{"kind":"buy","seat":0,"params":{"card":"1-35","source":"1.1","paid":"woo"}},{"kind":"stronghold","seat":0,"params":{"op":"move","src":"3.3","dst":"2.5","owner":0,"card":"O2-05","src_card":"3-13"}},{"kind":"refill","seat":null,"params":{"slot":"1.1","card":"1-13"}},{"kind":"take","seat":1,"params":{"tokens":"wug"}},{"kind":"return","seat":1,"params":{"tokens":"wwk"}},{"kind":"take","seat":0,"params":{"tokens":"wgk"}},{"kind":"buy","seat":1,"params":{"card":"1-29","source":"1.3","paid":"wuooo"}},{"kind":"stronghold","seat":1,"params":{"op":"place","src":null,"dst":"3.6","owner":1,"card":"O3-07"}},{"kind":"refill","seat":null,"params":{"slot":"1.3","card":"1-25"}},{"kind":"take","seat":0,"params":{"tokens":"uu"}},{"kind":"take","seat":1,"params":{"tokens":"ugk"}}]}}',29,NULL,NULL,'2026-03-02T12:07:56.000000+00:00','2026-03-02T12:08:10.000000+00:00',NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "games" VALUES(4,NULL,2000,201,'base',2,'{}',86400,'skip',3,0,2160602914583345698,'lobby',NULL,0,NULL,NULL,NULL,NULL,NULL,'2026-03-02T12:11:47.000000+00:00',NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL);
CREATE TABLE guild_defaults (
        guild_id       INTEGER PRIMARY KEY,
        ruleset        TEXT,
        turn_timer     TEXT,
        lang           TEXT,
        timeout_policy TEXT,
        channel_id     INTEGER
    );
CREATE TABLE hints (
        game_id INTEGER NOT NULL REFERENCES games(game_id),
        version INTEGER NOT NULL,
        seat    INTEGER NOT NULL,
        user_id INTEGER NOT NULL,
        code    TEXT    NOT NULL,
        at      TEXT    NOT NULL
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
CREATE TABLE league_members (
    league_id  INTEGER NOT NULL REFERENCES leagues(league_id),
    user_id    INTEGER NOT NULL,
    joined_at  TEXT    NOT NULL,
    status     TEXT    NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'left')),
    opted_out  INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (league_id, user_id)
);
CREATE TABLE league_placements (
    result_id  INTEGER NOT NULL REFERENCES league_results(result_id),
    user_id    INTEGER NOT NULL,
    seat       INTEGER NOT NULL,
    place      INTEGER NOT NULL,
    PRIMARY KEY (result_id, user_id)
) WITHOUT ROWID;
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
CREATE TABLE league_ratings (
    league_id    INTEGER NOT NULL REFERENCES leagues(league_id),
    user_id      INTEGER NOT NULL,
    mu           REAL    NOT NULL,
    sigma        REAL    NOT NULL,
    games        INTEGER NOT NULL,
    last_played  TEXT,
    PRIMARY KEY (league_id, user_id)
) WITHOUT ROWID;
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
CREATE TABLE league_rounds (
    league_id   INTEGER NOT NULL REFERENCES leagues(league_id),
    season      INTEGER NOT NULL,
    round       INTEGER NOT NULL,
    started_at  TEXT    NOT NULL,
    deadline    TEXT    NOT NULL,
    closed_at   TEXT,
    PRIMARY KEY (league_id, season, round)
);
CREATE TABLE league_seasons (
    league_id   INTEGER NOT NULL REFERENCES leagues(league_id),
    season      INTEGER NOT NULL,
    started_at  TEXT    NOT NULL,
    ended_at    TEXT,
    reset_keep  REAL    NOT NULL DEFAULT 1.0,
    final_json  TEXT,
    PRIMARY KEY (league_id, season)
);
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
, changes INTEGER NOT NULL DEFAULT 0);
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
    , send_nonce TEXT, attempts INTEGER NOT NULL DEFAULT 0);
INSERT INTO "outbox" VALUES(1,102,1,1001,0,'game_started','{"count": 2, "game_id": 1, "players": 2, "seat": 0}','2026-03-02T12:00:21.000000+00:00','2026-03-02T12:00:21.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(2,101,1,1001,0,'game_started','{"count": 2, "game_id": 1, "players": 2, "seat": 1}','2026-03-02T12:00:21.000000+00:00','2026-03-02T12:00:21.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(3,102,1,1001,0,'your_turn','{"deadline": "2026-03-03T00:00:21+00:00", "game_id": 1, "pending": null}','2026-03-02T12:00:21.000000+00:00','2026-03-02T12:00:21.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(4,101,1,1001,1,'your_turn','{"deadline": "2026-03-03T00:00:28+00:00", "game_id": 1, "pending": null}','2026-03-02T12:00:28.000000+00:00','2026-03-02T12:00:28.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(5,102,1,1001,2,'your_turn','{"deadline": "2026-03-03T00:00:35+00:00", "game_id": 1, "pending": null}','2026-03-02T12:00:35.000000+00:00','2026-03-02T12:00:35.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(6,101,1,1001,3,'your_turn','{"deadline": "2026-03-03T00:00:42+00:00", "game_id": 1, "pending": null}','2026-03-02T12:00:42.000000+00:00','2026-03-02T12:00:42.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(7,102,1,1001,4,'your_turn','{"deadline": "2026-03-03T00:00:49+00:00", "game_id": 1, "pending": null}','2026-03-02T12:00:49.000000+00:00','2026-03-02T12:00:49.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(8,101,1,1001,5,'your_turn','{"deadline": "2026-03-03T00:00:56+00:00", "game_id": 1, "pending": null}','2026-03-02T12:00:56.000000+00:00','2026-03-02T12:00:56.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(9,102,1,1001,6,'your_turn','{"deadline": "2026-03-03T00:01:03+00:00", "game_id": 1, "pending": null}','2026-03-02T12:01:03.000000+00:00','2026-03-02T12:01:03.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(10,101,1,1001,7,'your_turn','{"deadline": "2026-03-03T00:01:10+00:00", "game_id": 1, "pending": null}','2026-03-02T12:01:10.000000+00:00','2026-03-02T12:01:10.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(11,102,1,1001,8,'your_turn','{"deadline": "2026-03-03T00:01:17+00:00", "game_id": 1, "pending": null}','2026-03-02T12:01:17.000000+00:00','2026-03-02T12:01:17.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(12,101,1,1001,9,'your_turn','{"deadline": "2026-03-03T00:01:24+00:00", "game_id": 1, "pending": null}','2026-03-02T12:01:24.000000+00:00','2026-03-02T12:01:24.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(13,102,1,1001,11,'your_turn','{"deadline": "2026-03-03T00:01:38+00:00", "game_id": 1, "pending": null}','2026-03-02T12:01:38.000000+00:00','2026-03-02T12:01:38.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(14,101,1,1001,12,'your_turn','{"deadline": "2026-03-03T00:01:45+00:00", "game_id": 1, "pending": null}','2026-03-02T12:01:45.000000+00:00','2026-03-02T12:01:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(15,102,1,1001,14,'your_turn','{"deadline": "2026-03-03T00:01:59+00:00", "game_id": 1, "pending": null}','2026-03-02T12:01:59.000000+00:00','2026-03-02T12:01:59.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(16,101,1,1001,15,'your_turn','{"deadline": "2026-03-03T00:02:06+00:00", "game_id": 1, "pending": null}','2026-03-02T12:02:06.000000+00:00','2026-03-02T12:02:06.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(17,102,1,1001,16,'your_turn','{"deadline": "2026-03-03T00:02:13+00:00", "game_id": 1, "pending": null}','2026-03-02T12:02:13.000000+00:00','2026-03-02T12:02:13.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(18,101,1,1001,17,'your_turn','{"deadline": "2026-03-03T00:02:20+00:00", "game_id": 1, "pending": null}','2026-03-02T12:02:20.000000+00:00','2026-03-02T12:02:20.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(19,102,1,1001,18,'your_turn','{"deadline": "2026-03-03T00:02:27+00:00", "game_id": 1, "pending": null}','2026-03-02T12:02:27.000000+00:00','2026-03-02T12:02:27.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(20,101,1,1001,20,'your_turn','{"deadline": "2026-03-03T00:02:41+00:00", "game_id": 1, "pending": null}','2026-03-02T12:02:41.000000+00:00','2026-03-02T12:02:41.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(21,102,1,1001,21,'your_turn','{"deadline": "2026-03-03T00:02:48+00:00", "game_id": 1, "pending": null}','2026-03-02T12:02:48.000000+00:00','2026-03-02T12:02:48.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(22,101,1,1001,22,'your_turn','{"deadline": "2026-03-03T00:02:55+00:00", "game_id": 1, "pending": null}','2026-03-02T12:02:55.000000+00:00','2026-03-02T12:02:55.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(23,102,1,1001,23,'your_turn','{"deadline": "2026-03-03T00:03:02+00:00", "game_id": 1, "pending": null}','2026-03-02T12:03:02.000000+00:00','2026-03-02T12:03:02.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(24,101,1,1001,25,'your_turn','{"deadline": "2026-03-03T00:03:16+00:00", "game_id": 1, "pending": null}','2026-03-02T12:03:16.000000+00:00','2026-03-02T12:03:16.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(25,102,1,1001,26,'your_turn','{"deadline": "2026-03-03T00:03:23+00:00", "game_id": 1, "pending": null}','2026-03-02T12:03:23.000000+00:00','2026-03-02T12:03:23.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(26,101,1,1001,28,'your_turn','{"deadline": "2026-03-03T00:03:37+00:00", "game_id": 1, "pending": null}','2026-03-02T12:03:37.000000+00:00','2026-03-02T12:03:37.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(27,102,1,1001,29,'your_turn','{"deadline": "2026-03-03T00:03:44+00:00", "game_id": 1, "pending": null}','2026-03-02T12:03:44.000000+00:00','2026-03-02T12:03:44.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(28,101,1,1001,30,'your_turn','{"deadline": "2026-03-03T00:03:51+00:00", "game_id": 1, "pending": null}','2026-03-02T12:03:51.000000+00:00','2026-03-02T12:03:51.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(29,103,2,1002,0,'game_started','{"count": 3, "game_id": 2, "players": 3, "seat": 0}','2026-03-02T12:04:19.000000+00:00','2026-03-02T12:04:19.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(30,101,2,1002,0,'game_started','{"count": 3, "game_id": 2, "players": 3, "seat": 1}','2026-03-02T12:04:19.000000+00:00','2026-03-02T12:04:19.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(31,102,2,1002,0,'game_started','{"count": 3, "game_id": 2, "players": 3, "seat": 2}','2026-03-02T12:04:19.000000+00:00','2026-03-02T12:04:19.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(32,103,2,1002,0,'your_turn','{"deadline": "2026-03-03T00:04:19+00:00", "game_id": 2, "pending": null}','2026-03-02T12:04:19.000000+00:00','2026-03-02T12:04:19.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(33,101,2,1002,1,'your_turn','{"deadline": "2026-03-03T00:04:26+00:00", "game_id": 2, "pending": null}','2026-03-02T12:04:26.000000+00:00','2026-03-02T12:04:26.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(34,102,2,1002,2,'your_turn','{"deadline": "2026-03-03T00:04:33+00:00", "game_id": 2, "pending": null}','2026-03-02T12:04:33.000000+00:00','2026-03-02T12:04:33.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(35,103,2,1002,3,'your_turn','{"deadline": "2026-03-03T00:04:40+00:00", "game_id": 2, "pending": null}','2026-03-02T12:04:40.000000+00:00','2026-03-02T12:04:40.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(36,101,2,1002,4,'your_turn','{"deadline": "2026-03-03T00:04:47+00:00", "game_id": 2, "pending": null}','2026-03-02T12:04:47.000000+00:00','2026-03-02T12:04:47.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(37,102,2,1002,5,'your_turn','{"deadline": "2026-03-03T00:04:54+00:00", "game_id": 2, "pending": null}','2026-03-02T12:04:54.000000+00:00','2026-03-02T12:04:54.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(38,103,2,1002,6,'your_turn','{"deadline": "2026-03-03T00:05:01+00:00", "game_id": 2, "pending": null}','2026-03-02T12:05:01.000000+00:00','2026-03-02T12:05:01.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(39,101,2,1002,7,'your_turn','{"deadline": "2026-03-03T00:05:08+00:00", "game_id": 2, "pending": null}','2026-03-02T12:05:08.000000+00:00','2026-03-02T12:05:08.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(40,102,2,1002,8,'your_turn','{"deadline": "2026-03-03T00:05:15+00:00", "game_id": 2, "pending": null}','2026-03-02T12:05:15.000000+00:00','2026-03-02T12:05:15.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(41,103,2,1002,10,'your_turn','{"deadline": "2026-03-03T00:05:29+00:00", "game_id": 2, "pending": null}','2026-03-02T12:05:29.000000+00:00','2026-03-02T12:05:29.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(42,101,2,1002,13,'your_turn','{"deadline": "2026-03-03T00:05:50+00:00", "game_id": 2, "pending": null}','2026-03-02T12:05:50.000000+00:00','2026-03-02T12:05:50.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(43,102,2,1002,15,'your_turn','{"deadline": "2026-03-03T00:06:04+00:00", "game_id": 2, "pending": null}','2026-03-02T12:06:04.000000+00:00','2026-03-02T12:06:04.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(44,103,2,1002,16,'your_turn','{"deadline": "2026-03-03T00:06:11+00:00", "game_id": 2, "pending": null}','2026-03-02T12:06:11.000000+00:00','2026-03-02T12:06:11.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(45,101,2,1002,17,'your_turn','{"deadline": "2026-03-03T00:06:18+00:00", "game_id": 2, "pending": null}','2026-03-02T12:06:18.000000+00:00','2026-03-02T12:06:18.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(46,102,2,1002,18,'your_turn','{"deadline": "2026-03-03T00:06:25+00:00", "game_id": 2, "pending": null}','2026-03-02T12:06:25.000000+00:00','2026-03-02T12:06:25.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(47,103,2,1002,21,'your_turn','{"deadline": "2026-03-03T00:06:46+00:00", "game_id": 2, "pending": null}','2026-03-02T12:06:46.000000+00:00','2026-03-02T12:06:46.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(48,101,2,1002,22,'your_turn','{"deadline": "2026-03-03T00:06:53+00:00", "game_id": 2, "pending": null}','2026-03-02T12:06:53.000000+00:00','2026-03-02T12:06:53.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(49,102,2,1002,23,'your_turn','{"deadline": "2026-03-03T00:07:00+00:00", "game_id": 2, "pending": null}','2026-03-02T12:07:00.000000+00:00','2026-03-02T12:07:00.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(50,103,2,1002,24,'your_turn','{"deadline": "2026-03-03T00:07:07+00:00", "game_id": 2, "pending": null}','2026-03-02T12:07:07.000000+00:00','2026-03-02T12:07:07.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(51,101,2,1002,26,'your_turn','{"deadline": "2026-03-03T00:07:21+00:00", "game_id": 2, "pending": null}','2026-03-02T12:07:21.000000+00:00','2026-03-02T12:07:21.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(52,102,2,1002,29,'your_turn','{"deadline": "2026-03-03T00:07:42+00:00", "game_id": 2, "pending": null}','2026-03-02T12:07:42.000000+00:00','2026-03-02T12:07:42.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(53,103,2,1002,30,'your_turn','{"deadline": "2026-03-03T00:07:49+00:00", "game_id": 2, "pending": null}','2026-03-02T12:07:49.000000+00:00','2026-03-02T12:07:49.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(54,101,3,1003,0,'game_started','{"count": 2, "game_id": 3, "players": 2, "seat": 0}','2026-03-02T12:08:10.000000+00:00','2026-03-02T12:08:10.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(55,102,3,1003,0,'game_started','{"count": 2, "game_id": 3, "players": 2, "seat": 1}','2026-03-02T12:08:10.000000+00:00','2026-03-02T12:08:10.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(56,101,3,1003,0,'your_turn','{"deadline": "2026-03-03T00:08:10+00:00", "game_id": 3, "pending": null}','2026-03-02T12:08:10.000000+00:00','2026-03-02T12:08:10.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(57,102,3,1003,1,'your_turn','{"deadline": "2026-03-03T00:08:17+00:00", "game_id": 3, "pending": null}','2026-03-02T12:08:17.000000+00:00','2026-03-02T12:08:17.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(58,101,3,1003,2,'your_turn','{"deadline": "2026-03-03T00:08:24+00:00", "game_id": 3, "pending": null}','2026-03-02T12:08:24.000000+00:00','2026-03-02T12:08:24.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(59,102,3,1003,3,'your_turn','{"deadline": "2026-03-03T00:08:31+00:00", "game_id": 3, "pending": null}','2026-03-02T12:08:31.000000+00:00','2026-03-02T12:08:31.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(60,101,3,1003,4,'your_turn','{"deadline": "2026-03-03T00:08:38+00:00", "game_id": 3, "pending": null}','2026-03-02T12:08:38.000000+00:00','2026-03-02T12:08:38.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(61,102,3,1003,5,'your_turn','{"deadline": "2026-03-03T00:08:45+00:00", "game_id": 3, "pending": null}','2026-03-02T12:08:45.000000+00:00','2026-03-02T12:08:45.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(62,101,3,1003,6,'your_turn','{"deadline": "2026-03-03T00:08:52+00:00", "game_id": 3, "pending": null}','2026-03-02T12:08:52.000000+00:00','2026-03-02T12:08:52.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(63,102,3,1003,7,'your_turn','{"deadline": "2026-03-03T00:08:59+00:00", "game_id": 3, "pending": null}','2026-03-02T12:08:59.000000+00:00','2026-03-02T12:08:59.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(64,101,3,1003,8,'your_turn','{"deadline": "2026-03-03T00:09:06+00:00", "game_id": 3, "pending": null}','2026-03-02T12:09:06.000000+00:00','2026-03-02T12:09:06.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(65,102,3,1003,11,'your_turn','{"deadline": "2026-03-03T00:09:27+00:00", "game_id": 3, "pending": null}','2026-03-02T12:09:27.000000+00:00','2026-03-02T12:09:27.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(66,101,3,1003,12,'your_turn','{"deadline": "2026-03-03T00:09:34+00:00", "game_id": 3, "pending": null}','2026-03-02T12:09:34.000000+00:00','2026-03-02T12:09:34.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(67,102,3,1003,13,'your_turn','{"deadline": "2026-03-03T00:09:41+00:00", "game_id": 3, "pending": null}','2026-03-02T12:09:41.000000+00:00','2026-03-02T12:09:41.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(68,101,3,1003,15,'your_turn','{"deadline": "2026-03-03T00:09:55+00:00", "game_id": 3, "pending": null}','2026-03-02T12:09:55.000000+00:00','2026-03-02T12:09:55.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(69,102,3,1003,16,'your_turn','{"deadline": "2026-03-03T00:10:02+00:00", "game_id": 3, "pending": null}','2026-03-02T12:10:02.000000+00:00','2026-03-02T12:10:02.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(70,101,3,1003,18,'your_turn','{"deadline": "2026-03-03T00:10:16+00:00", "game_id": 3, "pending": null}','2026-03-02T12:10:16.000000+00:00','2026-03-02T12:10:16.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(71,102,3,1003,21,'your_turn','{"deadline": "2026-03-03T00:10:37+00:00", "game_id": 3, "pending": null}','2026-03-02T12:10:37.000000+00:00','2026-03-02T12:10:37.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(72,101,3,1003,23,'your_turn','{"deadline": "2026-03-03T00:10:51+00:00", "game_id": 3, "pending": null}','2026-03-02T12:10:51.000000+00:00','2026-03-02T12:10:51.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(73,102,3,1003,24,'your_turn','{"deadline": "2026-03-03T00:10:58+00:00", "game_id": 3, "pending": null}','2026-03-02T12:10:58.000000+00:00','2026-03-02T12:10:58.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(74,101,3,1003,27,'your_turn','{"deadline": "2026-03-03T00:11:19+00:00", "game_id": 3, "pending": null}','2026-03-02T12:11:19.000000+00:00','2026-03-02T12:11:19.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(75,102,3,1003,28,'your_turn','{"deadline": "2026-03-03T00:11:26+00:00", "game_id": 3, "pending": null}','2026-03-02T12:11:26.000000+00:00','2026-03-02T12:11:26.000000+00:00',NULL,0,NULL,0);
INSERT INTO "outbox" VALUES(76,101,3,1003,29,'your_turn','{"deadline": "2026-03-03T00:11:33+00:00", "game_id": 3, "pending": null}','2026-03-02T12:11:33.000000+00:00','2026-03-02T12:11:33.000000+00:00',NULL,0,NULL,0);
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
        game_id     INTEGER NOT NULL REFERENCES games(game_id),
        user_id     INTEGER NOT NULL,
        joined_at   TEXT    NOT NULL,
        join_order  INTEGER NOT NULL,
        seat        INTEGER,
        status      TEXT    NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'resigned', 'removed')),
        expiries    INTEGER NOT NULL DEFAULT 0,
        final_score INTEGER,
        place       INTEGER,
        result      TEXT CHECK (result IN ('win', 'loss', 'draw')), bank_left_s REAL, bank_undo_s REAL, name TEXT,
        PRIMARY KEY (game_id, user_id)
    );
INSERT INTO "seats" VALUES(1,101,'2026-03-02T12:00:07.000000+00:00',1,1,'active',0,NULL,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "seats" VALUES(1,102,'2026-03-02T12:00:14.000000+00:00',2,0,'active',0,NULL,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "seats" VALUES(2,101,'2026-03-02T12:03:58.000000+00:00',1,1,'active',0,NULL,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "seats" VALUES(2,102,'2026-03-02T12:04:05.000000+00:00',2,2,'active',0,NULL,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "seats" VALUES(2,103,'2026-03-02T12:04:12.000000+00:00',3,0,'active',0,NULL,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "seats" VALUES(3,101,'2026-03-02T12:07:56.000000+00:00',1,0,'active',0,NULL,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "seats" VALUES(3,102,'2026-03-02T12:08:03.000000+00:00',2,1,'active',0,NULL,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "seats" VALUES(4,201,'2026-03-02T12:11:47.000000+00:00',1,NULL,'active',0,NULL,NULL,NULL,NULL,NULL,NULL);
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
INSERT INTO "timers" VALUES(1,30,1,101,'2026-03-02T12:03:51.000000+00:00','2026-03-03T00:03:51.000000+00:00','2026-03-02T22:03:51.000000+00:00',NULL);
INSERT INTO "timers" VALUES(2,30,0,103,'2026-03-02T12:07:49.000000+00:00','2026-03-03T00:07:49.000000+00:00','2026-03-02T22:07:49.000000+00:00',NULL);
INSERT INTO "timers" VALUES(3,30,0,101,'2026-03-02T12:11:33.000000+00:00','2026-03-03T00:11:33.000000+00:00','2026-03-02T22:11:33.000000+00:00',NULL);
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
CREATE TABLE vacation_computers (
        user_id INTEGER PRIMARY KEY
    );
CREATE TABLE vacations (
        user_id   INTEGER NOT NULL,
        starts_at TEXT    NOT NULL,
        ends_at   TEXT    NOT NULL
    );
CREATE TABLE web_links (
        slug       TEXT   PRIMARY KEY,
        kind       TEXT   NOT NULL CHECK (kind IN ('league', 'member', 'game')),
        target_id  INTEGER   NOT NULL,
        user_id    INTEGER   NOT NULL DEFAULT 0,
        mode       TEXT   NOT NULL DEFAULT 'off' CHECK (mode IN ('off', 'unlisted', 'public')),
        created_at TEXT NOT NULL
    );
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
DELETE FROM "sqlite_sequence";
INSERT INTO "sqlite_sequence" VALUES('games',4);
INSERT INTO "sqlite_sequence" VALUES('outbox',76);
COMMIT;
PRAGMA user_version = 17;
