"""The translator's rules (bot.store.dialect's docstring), one row each: SQLite's spelling -> PostgreSQL's."""

from __future__ import annotations

import pytest

from bot.store.dialect import translate

RULES = [
    # placeholders, in order
    ("SELECT * FROM games WHERE game_id = ? AND version = ?",
     "SELECT * FROM games WHERE game_id = $1 AND version = $2"),
    # a list of ids as one parameter
    ("SELECT 1 FROM games WHERE status = ? AND game_id IN (SELECT value FROM json_each(?))",
     "SELECT 1 FROM games WHERE status = $1 AND game_id = ANY($2::bigint[])"),
    # a case-insensitive match, and order
    ("SELECT * FROM leagues WHERE guild_id = ? AND name = ? COLLATE NOCASE",
     "SELECT * FROM leagues WHERE guild_id = $1 AND lower(name) = lower($2)"),
    ("SELECT * FROM leagues ORDER BY l.name COLLATE NOCASE", "SELECT * FROM leagues ORDER BY lower(l.name)"),
    # a comma-joined aggregate (its own literal kept)
    ("SELECT r.game_id, group_concat(p.seat || ':' || p.place) FROM r",
     "SELECT r.game_id, string_agg(p.seat || ':' || p.place, ',') FROM r"),
    # SQLite's implicit row order
    ("SELECT * FROM hints WHERE game_id = ? ORDER BY version, rowid",
     "SELECT * FROM hints WHERE game_id = $1 ORDER BY version, id"),
    # string literals are not SQL: a ? in one is text, not a parameter
    ("SELECT '?' || code FROM actions WHERE game_id = ?", "SELECT '?' || code FROM actions WHERE game_id = $1"),
    ("UPDATE games SET end_reason = 'why? it''s ?' WHERE game_id = ? AND status = ?",
     "UPDATE games SET end_reason = 'why? it''s ?' WHERE game_id = $1 AND status = $2"),
    ("SELECT 'rowid COLLATE NOCASE' FROM t WHERE x = ?", "SELECT 'rowid COLLATE NOCASE' FROM t WHERE x = $1"),
    # what is already the same in both is left alone
    ("INSERT INTO users (user_id) VALUES (?) ON CONFLICT DO NOTHING",
     "INSERT INTO users (user_id) VALUES ($1) ON CONFLICT DO NOTHING"),
]


@pytest.mark.parametrize(("sqlite", "postgres"), RULES)
def test_each_spelling_translates_as_the_rules_say(sqlite: str, postgres: str) -> None:
    assert translate(sqlite) == postgres
