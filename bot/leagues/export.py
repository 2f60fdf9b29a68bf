"""A league's results as CSV for spreadsheets (pure).

Every text cell is written so that a spreadsheet shows it as text: a cell that starts with ``=``, ``+``, ``-``,
``@``, a tab or a carriage return would be read as a formula (CSV injection, OWASP), so it gets a leading
apostrophe, which spreadsheets show as "this is text" and do not display.  Commas, quotes and line breaks are
quoted the CSV way (RFC 4180), so the file reads back cell for cell.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable

from bot.store.leagues import ResultRow

#: What a spreadsheet reads as the start of a formula (OWASP "CSV Injection").
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")

HEADER = ("result_id", "season", "game_id", "status", "source", "finished_at", "user_id", "seat", "place", "reason")


def cell(value: object) -> object:
    """``value`` as a CSV cell: text that a spreadsheet would take for a formula is prefixed with ``'``."""
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


def results_csv(results: Iterable[ResultRow]) -> str:
    """One line per member and game: :data:`HEADER`, then the results in order."""
    buf = io.StringIO()
    out = csv.writer(buf, quoting=csv.QUOTE_MINIMAL, lineterminator="\r\n")
    out.writerow(HEADER)
    for r in results:
        for seat, (u, p) in enumerate(zip(r.members, r.places, strict=True)):
            row = (r.result_id, r.season, r.game_id, r.status, r.source, r.finished_at.isoformat(), u, seat, p,
                   r.reason or "")
            out.writerow([cell(v) for v in row])
    return buf.getvalue()
