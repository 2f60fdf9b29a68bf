"""Every SQL statement of the bot lives in bot/store (issue 40): no statement text and no use of the store's
private statement primitives elsewhere.  The benches (bot/bench) are exempt: they measure the database server
itself (its lock waits, its configuration), beside the store."""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PRIMITIVES = {"_rows", "_one", "_many", "_exec", "_first", "_all", "_insert", "_ids", "_t", "_b", "_list"}
STATEMENT = re.compile(r"\b(SELECT\s|INSERT\s+INTO|UPDATE\s+\w+\s+SET|DELETE\s+FROM|CREATE\s+(TABLE|INDEX|UNIQUE"
                       r"|TRIGGER|FUNCTION|OR\s+REPLACE)|ALTER\s+TABLE|DROP\s+(TABLE|INDEX|FUNCTION|TRIGGER))")
EXEMPT = ("bot/store/", "bot/bench/")


def _sources() -> list[tuple[str, ast.Module]]:
    out = []
    for path in sorted((ROOT / "bot").rglob("*.py")):
        name = path.relative_to(ROOT).as_posix()
        if not name.startswith(EXEMPT):
            out.append((name, ast.parse(path.read_text(), name)))
    return out


def test_no_private_store_primitive_outside_the_store() -> None:
    found = [f"{name}:{node.lineno} .{node.attr}" for name, tree in _sources() for node in ast.walk(tree)
             if isinstance(node, ast.Attribute) and node.attr in PRIMITIVES]
    assert found == []


def test_no_sql_statement_outside_the_store() -> None:
    found = [f"{name}:{node.lineno} {node.value[:60]!r}" for name, tree in _sources() for node in ast.walk(tree)
             if isinstance(node, ast.Constant) and isinstance(node.value, str) and STATEMENT.search(node.value)]
    assert found == []


def test_the_checks_see_what_they_look_for() -> None:
    """The two checks would catch a statement and a primitive (links.py's shape before issue 40)."""
    tree = ast.parse('async def f(tx):\n    return await tx._rows("SELECT slug FROM web_links WHERE kind = ?", ())\n')
    assert any(isinstance(n, ast.Attribute) and n.attr in PRIMITIVES for n in ast.walk(tree))
    assert any(isinstance(n, ast.Constant) and isinstance(n.value, str) and STATEMENT.search(n.value)
               for n in ast.walk(tree))
