"""The end-of-game recap: final standings, every player's score over the turns as a chart, the nobles
each player won, and the deciding turn.

It is drawn from spectator views only (one per turn, the last one the final table), so a recap
never shows a card the table did not: :func:`history_views` replays a game's log into those views.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

import engine
from bot.i18n import t
from bot.render import theme
from bot.render.common import INNER, draw_results, player_name, told_events
from bot.render.draw import Canvas, fit
from bot.render.theme import FONT_M, FONT_S, MARGIN, WIDTH
from bot.text import event_lines
from engine import Action, Event, GameConfig, GameState, TableView

CHART_H = 300
NOBLE_ROW = 44
MARKERS = ("circle", "square", "diamond", "triangle")  # one per seat, on the chart's lines


def history_views(config: GameConfig, actions: Iterable[tuple[int, Action | str]]) -> list[TableView]:
    """A game's spectator views, one at the end of every turn (the first is the table before any turn, the
    last the final table): what :func:`draw_recap` charts."""
    views = [engine.view_for(engine.new_game(config), None)]

    def step(_index: int, _seat: int, _action: Action, state: GameState, _events: tuple[Event, ...]) -> None:
        view = engine.view_for(state, None)
        if view.turn != views[-1].turn or view.is_over:
            views.append(view)

    state = engine.replay(config, actions, after=step)
    if views[-1].version != state.version:
        views.append(engine.view_for(state, None))
    return views


@dataclass(frozen=True, slots=True)
class Recap:
    """What the recap says, computed from the views (tests check it against them)."""

    scores: tuple[tuple[int, ...], ...]  # per view (turn), per seat
    turns: tuple[int, ...]  # the turn number of each view
    deciding: int  # index into ``turns`` of the deciding turn


def summarize(history: Sequence[TableView]) -> Recap:
    """The scores over the turns and the deciding turn: the turn from which the winner led alone and was
    never caught again (the last turn when the win came by a tie-break)."""
    if not history:
        raise ValueError("a recap needs at least the final view")
    scores = tuple(tuple(s.score for s in v.seats) for v in history)
    final = history[-1]
    winner = final.winners[0] if final.winners else final.standings[0]
    deciding = len(history) - 1
    for i in range(len(history) - 1, -1, -1):
        row = scores[i]
        if not all(row[winner] > x for k, x in enumerate(row) if k != winner):
            break
        deciding = i
    return Recap(scores, tuple(v.turn for v in history), deciding)


NobleDrawer = Callable[[Canvas, float, float, TableView, int, str], None]


def draw_recap(history: Sequence[TableView], names: Sequence[str], lang: str, draw_nobles: NobleDrawer,
               title: str, score_text: Callable[[int], str]) -> Canvas:
    """The recap image: ``draw_nobles(canvas, x, y_middle, final_view, seat, lang)`` draws a seat's nobles and
    ``score_text(score)`` words a score (each ruleset its own: points, victory points)."""
    recap = summarize(history)
    final = history[-1]
    n = len(final.seats)

    def name(seat: int) -> str:
        return player_name(names, seat, lang)

    h = 70 + 44 + 38 * n + 8 + 36 + CHART_H + 40 + 36 + n * NOBLE_ROW + 20 + 36 + 30 * 3 + 10
    c = Canvas(WIDTH, h)
    c.text(MARGIN, 22, fit(f"{t('render.recap.title', lang)} · {title}", FONT_M, INNER - 200), FONT_M, theme.TEXT)
    c.text(WIDTH - MARGIN, 22, t("render.round", lang, n=final.turn // max(1, final.players) + 1), FONT_M,
           theme.DIM, align="r")
    c.text(MARGIN, 52, t("render.game_over", lang), FONT_S, theme.HILITE)
    y = draw_results(c, final, 70, name, lambda p: (score_text(final.seats[p].score), ""), lang)
    y = chart(c, y + 4, recap, final, lang)
    # nobles won
    c.text(MARGIN, y + 14, t("render.recap.nobles", lang), FONT_S, theme.DIM)
    y += 32
    for seat in final.standings:
        with c.within(seat=seat):
            c.seat_badge(seat, MARGIN + 4, y + 7, 28)
            c.text(MARGIN + 42, y + 21, fit(name(seat), FONT_S, 200), FONT_S, theme.TEXT, role="name")
            draw_nobles(c, MARGIN + 250, y + 21, final, seat, lang)
        y += NOBLE_ROW
    # the deciding turn
    y += 12
    turn_view = history[recap.deciding]
    c.text(MARGIN, y + 14, t("render.recap.deciding", lang, n=recap.turns[recap.deciding]), FONT_M, theme.HILITE,
           role="deciding")
    y += 36
    for text, _gems in event_lines(turn_view, told_events(turn_view), names, lang)[:3]:
        c.text(MARGIN + 16, y + 12, fit(text, FONT_S, INNER - 16), FONT_S, theme.TEXT, role="deciding_line")
        y += 30
    return c


def draw_marker(c: Canvas, kind: str, x: float, y: float, color: tuple[int, int, int], r: float = 7) -> None:
    if kind == "circle":
        c.d.ellipse((x - r, y - r, x + r, y + r), fill=color, outline=theme.WHITE, width=2)
    elif kind == "square":
        q = r * 0.85
        c.d.rectangle((x - q, y - q, x + q, y + q), fill=color, outline=theme.WHITE, width=2)
    elif kind == "diamond":
        c.d.polygon([(x, y - r * 1.2), (x + r * 1.2, y), (x, y + r * 1.2), (x - r * 1.2, y)], fill=color,
                    outline=theme.WHITE, width=2)
    else:
        c.d.polygon([(x, y - r * 1.2), (x + r * 1.1, y + r * 0.8), (x - r * 1.1, y + r * 0.8)], fill=color,
                    outline=theme.WHITE, width=2)


def chart(c: Canvas, y: int, recap: Recap, final: TableView, lang: str) -> int:
    """Each seat's score after every turn: one line per seat in its colour, its seat number at the end and
    a marker shape per seat, the goal as a dashed line, the deciding turn as a vertical mark."""
    c.text(MARGIN, y + 14, t("render.recap.chart", lang), FONT_S, theme.DIM)
    y += 32
    x0, x1 = MARGIN + 44, WIDTH - MARGIN - 64
    y0, y1 = y + 8, y + CHART_H - 8
    c.rect((MARGIN, y, WIDTH - MARGIN, y + CHART_H), theme.PANEL, radius=10)
    lo = min(0, *(min(r) for r in recap.scores))
    hi = max(final.target, *(max(r) for r in recap.scores))
    span_t = max(1, len(recap.turns) - 1)

    def px(i: int) -> float:
        return x0 + (x1 - x0) * i / span_t

    def py(score: int) -> float:
        return y1 - (y1 - y0) * (score - lo) / max(1, hi - lo)

    step = 5 if hi - lo > 8 else 1
    for k in range(lo - lo % step if lo % step else lo, hi + 1, step):  # score grid
        c.d.line((x0, py(k), x1, py(k)), fill=theme.LINE, width=1)
        c.text(x0 - 8, py(k), str(k), FONT_S, theme.DIM, align="r", role="axis")
    gx = x0
    while gx < x1:  # the goal, dashed
        c.d.line((gx, py(final.target), min(x1, gx + 10), py(final.target)), fill=theme.HILITE, width=2)
        gx += 18
    dx = px(recap.deciding)
    c.d.line((dx, y0, dx, y1), fill=theme.HILITE, width=3)
    c.note("mark", "deciding", (dx - 2, y0, dx + 2, y1), "deciding")
    c.text(x1 + 6, py(final.target), "★", FONT_S, theme.HILITE)
    seats = range(len(final.seats))
    for seat in seats:
        col = theme.SEATS[seat % len(theme.SEATS)]
        pts = [(px(i), py(row[seat])) for i, row in enumerate(recap.scores)]
        c.d.line(pts, fill=col, width=4, joint="curve")
        marker = MARKERS[seat % len(MARKERS)]
        for i in range(1, len(pts)):  # a marker where the score changed: the seat by shape, not only by hue
            if recap.scores[i][seat] != recap.scores[i - 1][seat]:
                draw_marker(c, marker, pts[i][0], pts[i][1], col)
        with c.within(seat=seat):
            c.note("mark", ",".join(str(row[seat]) for row in recap.scores), (x0, y0, x1, y1), "score_line")
    # seat numbers at the line ends, top to bottom, pushed apart so they never overlap
    last = -1e9
    for seat in sorted(seats, key=lambda s: py(recap.scores[-1][s])):
        ey = max(py(recap.scores[-1][seat]), last + 28)
        last = ey
        with c.within(seat=seat):
            c.seat_badge(seat, x1 + 8, ey - 13, 26)
            draw_marker(c, MARKERS[seat % len(MARKERS)], x1 + 44, ey, theme.SEATS[seat % len(theme.SEATS)])
    c.text(x0, y + CHART_H + 14, f"{t('render.recap.turn', lang)} {recap.turns[0]}", FONT_S, theme.DIM)
    c.text(x1, y + CHART_H + 14, f"{t('render.recap.turn', lang)} {recap.turns[-1]}", FONT_S, theme.DIM, align="r")
    return y + CHART_H + 36

