"""League images: the standings table and a rating-over-time chart (pure: plain values in, PNG bytes out).

Same visual language as the table images (:mod:`bot.render.theme`): 800 px wide (read about 550 px
wide on a phone), dark background, rounded panels, the fixed palette, no text under ``FONT_MIN``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from bot.i18n import t
from bot.render import theme
from bot.render.draw import Canvas, fit
from bot.render.theme import FONT_L, FONT_M, FONT_S, FONT_XL, MARGIN, WIDTH

UP = theme.TURN
DOWN = theme.GEMS["r"][0]
ROW_H = 44
HEAD_H = 96


@dataclass(frozen=True, slots=True)
class StandingRow:
    rank: int
    name: str
    points: float
    games: int
    wins: int
    rating: int
    provisional: bool
    trend: int | None  # rating change over the last games; None: no games yet


def number(value: float) -> str:
    """Points: whole numbers without decimals, halves and thirds with one (sums of thirds are not exact)."""
    shown = round(value, 1)
    return str(int(shown)) if shown == int(shown) else f"{shown:.1f}"


# Column right edges (name is left-aligned after the rank)
_COLS = {"points": 440, "games": 508, "wins": 570, "rating": 680, "trend": WIDTH - MARGIN - 12}
NAME_X = MARGIN + 74


def render_standings(
    rows: Sequence[StandingRow], *, title: str, subtitle: str, page: int, pages: int, lang: str = "en"
) -> bytes:
    """One page of standings: rank, name, points, games, wins, rating ("?" while provisional), trend."""
    height = HEAD_H + ROW_H * max(1, len(rows)) + (40 if pages > 1 else 14)
    c = Canvas(WIDTH, height)
    c.text(MARGIN, 24, fit(title, FONT_L, WIDTH - 2 * MARGIN - 160), FONT_L, theme.TEXT)
    if pages > 1:
        c.text(WIDTH - MARGIN, 24, t("render.league.page", lang, page=page, pages=pages), FONT_S, theme.DIM, align="r")
    c.text(MARGIN, 54, fit(subtitle, FONT_S, WIDTH - 2 * MARGIN), FONT_S, theme.DIM)
    hy = 82
    c.text(MARGIN + 12, hy, "#", FONT_S, theme.DIM)
    c.text(NAME_X, hy, t("render.league.name", lang), FONT_S, theme.DIM)
    for key, right in _COLS.items():
        c.text(right, hy, t(f"render.league.{key}", lang), FONT_S, theme.DIM, align="r")
    y = HEAD_H
    if not rows:
        c.text(WIDTH / 2, y + ROW_H / 2, t("render.league.empty", lang), FONT_M, theme.DIM, align="m")
    for row in rows:
        top = row.rank <= 3 and not row.provisional
        c.rect((MARGIN, y + 2, WIDTH - MARGIN, y + ROW_H - 2), theme.PANEL_TURN if top else theme.PANEL,
               outline=theme.HILITE if row.rank == 1 and top else None, width=2, radius=8)
        mid = y + ROW_H / 2
        ink = theme.DIM if row.provisional else theme.TEXT
        c.text(MARGIN + 10, mid, f"{row.rank}.", FONT_M if row.rank < 100 else FONT_S, theme.HILITE if top else ink)
        c.text(NAME_X, mid, fit(row.name, FONT_M, _COLS["points"] - 70 - NAME_X), FONT_M, ink)
        c.text(_COLS["points"], mid, number(row.points), FONT_M, ink, align="r")
        c.text(_COLS["games"], mid, str(row.games), FONT_M, ink, align="r")
        c.text(_COLS["wins"], mid, str(row.wins), FONT_M, ink, align="r")
        c.text(_COLS["rating"], mid, f"{row.rating}{'?' if row.provisional else ''}", FONT_M, ink, align="r")
        if row.trend is None or row.trend == 0:
            c.text(_COLS["trend"], mid, "–", FONT_M, theme.DIM, align="r")
        else:
            arrow = "▲" if row.trend > 0 else "▼"
            c.text(_COLS["trend"], mid, f"{arrow}{abs(row.trend)}", FONT_S, UP if row.trend > 0 else DOWN,
                   align="r")
        y += ROW_H
    if pages > 1:
        c.text(WIDTH / 2, y + 20, t("render.league.more", lang, page=page, pages=pages), FONT_S, theme.DIM, align="m")
    return c.png()


CHART_H = 420
_LEFT = 90
_RIGHT = WIDTH - MARGIN - 16
_TOP = 80
_BOTTOM = CHART_H - 56


def _ticks(low: int, high: int) -> list[int]:
    span = max(1, high - low)
    step = next(s for s in (10, 20, 25, 50, 100, 200, 250, 500, 1000) if span / s <= 5)
    first = (low // step) * step
    return list(range(first, high + step, step))


def render_rating_chart(
    points: Sequence[tuple[datetime, int]], *, title: str, subtitle: str, lang: str = "en"
) -> bytes:
    """The rating after each rated game (x: games in order, dates under the ends), with the start at 1000."""
    c = Canvas(WIDTH, CHART_H)
    c.text(MARGIN, 24, fit(title, FONT_L, WIDTH - 2 * MARGIN - 120), FONT_L, theme.TEXT)
    c.text(MARGIN, 54, fit(subtitle, FONT_S, WIDTH - 2 * MARGIN - 120), FONT_S, theme.DIM)
    c.rect((MARGIN, _TOP - 10, WIDTH - MARGIN, _BOTTOM + 44), theme.PANEL, radius=10)
    if not points:
        c.text(WIDTH / 2, (_TOP + _BOTTOM) / 2, t("render.league.no_games", lang), FONT_M, theme.DIM, align="m")
        return c.png()
    values = [1000, *(v for _, v in points)]
    ticks = _ticks(min(values), max(values))
    low, high = ticks[0], ticks[-1]

    def ypos(v: float) -> float:
        return _BOTTOM - (v - low) / max(1, high - low) * (_BOTTOM - _TOP)

    def xpos(i: int) -> float:
        return _LEFT + i / max(1, len(values) - 1) * (_RIGHT - _LEFT)

    for v in ticks:
        yy = ypos(v)
        c.d.line((_LEFT, yy, _RIGHT, yy), fill=theme.LINE, width=1)
        c.text(_LEFT - 10, yy, str(v), FONT_S, theme.DIM, align="r")
    line = [(xpos(i), ypos(v)) for i, v in enumerate(values)]
    c.d.line(line, fill=theme.HILITE, width=4, joint="curve")
    if len(values) <= 60:
        for x, y in line[1:]:
            c.d.ellipse((x - 5, y - 5, x + 5, y + 5), fill=theme.HILITE, outline=theme.BG)
    c.text(WIDTH - MARGIN, 38, str(values[-1]), FONT_XL, theme.HILITE, align="r")  # the rating now
    c.text(_LEFT, _BOTTOM + 24, points[0][0].strftime("%Y-%m-%d"), FONT_S, theme.DIM)
    c.text(_RIGHT, _BOTTOM + 24, points[-1][0].strftime("%Y-%m-%d"), FONT_S, theme.DIM, align="r")
    c.text((_LEFT + _RIGHT) / 2, _BOTTOM + 24, t("render.league.games_axis", lang, count=len(points)), FONT_S,
           theme.DIM, align="m")
    return c.png()
