"""The win-probability graph of a reviewed game (issue 32): each player's chance to win over the turns.

One line per player in their seat colour (and marker shape, so the seats differ by more than hue), turns on x,
0-100 % on y.  Every point is one seat's view: at each move, the chances the mover saw when the move started
(:attr:`engine.ai.MoveReview.before`), averaged over each round (:func:`series`), then the result.  A move judged a
mistake or a blunder is marked on its mover's line.  It is drawn as wide as the other images (800 pixels) with the
same text sizes, so it reads on a phone.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.i18n import t
from bot.render import theme
from bot.render.common import player_name
from bot.render.draw import Canvas, fit
from bot.render.recap import MARKERS, draw_marker
from bot.render.theme import FONT_M, FONT_S, MARGIN, WIDTH
from engine.ai import GameReview, MoveReview

CHART_H = 380


def series(review: GameReview) -> tuple[list[float], list[tuple[float, ...]]]:
    """The graph's points: one per round, every seat's chance averaged over the round's moves (each the chances its
    mover saw as the move started), at the round's middle turn; then the result, after the last turn.

    A round averages out the move's tempo (the seat to act is a little more likely to win than a moment later), which
    would otherwise make every line zigzag from one move to the next."""
    n = max(1, review.players)
    rounds: dict[int, list[MoveReview]] = {}
    for m in review.moves:
        rounds.setdefault(m.turn // n, []).append(m)
    turns: list[float] = []
    chances: list[tuple[float, ...]] = []
    for _, moves in sorted(rounds.items()):
        turns.append(sum(m.turn for m in moves) / len(moves))
        chances.append(tuple(sum(m.before[s] for m in moves) / len(moves) for s in range(review.players)))
    end = float(review.moves[-1].turn + 1) if review.moves else 0.0
    return [*turns, end], [*chances, review.result]


def _at(turns: Sequence[float], values: Sequence[float], x: float) -> float:
    """The line's value at ``x`` (between its points)."""
    for k in range(1, len(turns)):
        if turns[k] >= x:
            span = turns[k] - turns[k - 1]
            f = 0.0 if span <= 0 else (x - turns[k - 1]) / span
            return values[k - 1] + f * (values[k] - values[k - 1])
    return values[-1]


def draw_win_chart(review: GameReview, names: Sequence[str], lang: str) -> Canvas:
    n = review.players
    legend_rows = (n + 1) // 2
    h = 60 + legend_rows * 36 + 16 + CHART_H + 50
    c = Canvas(WIDTH, h)
    c.text(MARGIN, 24, fit(t("render.winchart.title", lang), FONT_M, WIDTH - 2 * MARGIN), FONT_M, theme.TEXT,
           role="title")
    y = 52
    for seat in range(n):  # the legend: seat badge, marker and name, two per row
        x = MARGIN + (seat % 2) * (WIDTH // 2)
        row_y = y + (seat // 2) * 36
        col = theme.SEATS[seat % len(theme.SEATS)]
        with c.within(seat=seat):
            c.seat_badge(seat, x + 4, row_y + 2, 26)
            draw_marker(c, MARKERS[seat % len(MARKERS)], x + 50, row_y + 15, col)
            c.text(x + 66, row_y + 16, fit(player_name(names, seat, lang), FONT_S, WIDTH // 2 - 80), FONT_S,
                   theme.TEXT, role="name")
    y += legend_rows * 36 + 16
    turns, chances = series(review)
    x0, x1 = MARGIN + 62, WIDTH - MARGIN - 16
    y0, y1 = y + 12, y + CHART_H - 12
    c.rect((MARGIN, y, WIDTH - MARGIN, y + CHART_H), theme.PANEL, radius=10)
    first, last = 0.0, max(turns[-1], 1.0)

    def px(turn: float) -> float:
        return x0 + (x1 - x0) * (turn - first) / (last - first)

    def py(p: float) -> float:
        return y1 - (y1 - y0) * p

    for k in range(0, 101, 25):
        c.d.line((x0, py(k / 100), x1, py(k / 100)), fill=theme.LINE if k not in (0, 100) else theme.DIM,
                 width=2 if k == 50 else 1)
        c.text(x0 - 8, py(k / 100), f"{k}%", FONT_S, theme.DIM, align="r", role="axis")
    for seat in range(n):
        col = theme.SEATS[seat % len(theme.SEATS)]
        pts = [(px(turn), py(ch[seat])) for turn, ch in zip(turns, chances, strict=True)]
        if len(pts) > 1:
            c.d.line(pts, fill=col, width=4, joint="curve")
        line = [ch[seat] for ch in chances]
        for m in review.moves:  # mistakes and blunders on their mover's line
            if m.seat == seat and m.verdict in ("mistake", "blunder"):
                draw_marker(c, MARKERS[seat % len(MARKERS)], px(m.turn), py(_at(turns, line, m.turn)), col,
                            r=9 if m.verdict == "blunder" else 6)
        with c.within(seat=seat):
            c.note("mark", ",".join(f"{ch[seat]:.2f}" for ch in chances), (x0, y0, x1, y1), "chance_line")
    label = t("render.recap.turn", lang)
    c.text(x0, y + CHART_H + 18, f"{label} 1", FONT_S, theme.DIM, role="axis")
    c.text(x1, y + CHART_H + 18, f"{label} {round(last)}", FONT_S, theme.DIM, align="r", role="axis")
    c.text(WIDTH // 2, y + CHART_H + 18, fit(t("render.winchart.note", lang), FONT_S, WIDTH // 2 - 120), FONT_S,
           theme.DIM, align="m", role="note")
    return c


def win_chart_png(review: GameReview, names: Sequence[str], lang: str) -> bytes:
    """The graph as PNG bytes (CPU-bound: call it off the event loop)."""
    return draw_win_chart(review, names, lang).png()


__all__ = ["draw_win_chart", "series", "win_chart_png"]
