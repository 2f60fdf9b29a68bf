"""What every table image shares, whatever the ruleset: the header, a player's panel frame, the results box
and the footer that tells the last turn.  The per-ruleset renderers draw the rest."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from bot.i18n import t
from bot.render import theme
from bot.render.draw import Canvas, fit, fit_name, text_width, word_length
from bot.render.theme import FONT_M, FONT_S, MARGIN, RGB, WIDTH
from engine import TableView
from engine.core import Event

INNER = WIDTH - 2 * MARGIN
# Once the game is over, "final round" (the end being triggered) is not told under "Game over".
END_KINDS = frozenset({"final_round", "end_triggered"})


def told_events(v: TableView) -> list[Event]:
    """The last turn's events an image tells: all of them, less the end being triggered once the game is over."""
    return [e for e in v.last_events if not (v.is_over and e.kind in END_KINDS)]


def player_name(names: Sequence[str], seat: int, lang: str) -> str:
    if 0 <= seat < len(names) and names[seat].strip():
        return names[seat].strip()
    return t("render.player", lang, n=seat + 1)


def hand_title(names: Sequence[str], seat: int, lang: str) -> str:
    """A hand image's title ("Ana's hand"), a long name cut so the title stays whole."""
    return fit_name(lambda who: t("render.hand.title", lang, name=who), player_name(names, seat, lang), FONT_M,
                    INNER - 150)


def draw_header(c: Canvas, v: TableView, lang: str, name: Callable[[int], str], *, title: str, pending_key: str,
                extra: str, goal: str) -> int:
    """The two header lines every ruleset shares: title and round; whose turn (or whose decision) and the
    goal; returns the header's height."""
    c.text(MARGIN, 22, fit(title, FONT_M, INNER - 200), FONT_M, theme.TEXT)
    c.text(WIDTH - MARGIN, 22, t("render.round", lang, n=v.turn // max(1, v.players) + 1), FONT_M, theme.DIM,
           align="r")
    if v.is_over:
        key, who, arrow, col = "render.game_over", None, "", theme.HILITE
    elif v.pending is not None:
        key, who, arrow, col = f"{pending_key}.{v.pending.kind}", v.pending.seat, "", theme.TURN
    elif v.to_act is not None:
        key, who, arrow, col = "render.to_play", v.to_act, "▶ ", theme.TURN
    else:
        key, who, arrow, col = "", None, "", theme.TEXT
    tail = "  ·  " + extra if extra else ""

    def say(who_name: str) -> str:
        return arrow + (t(key, lang, name=who_name) if key else "") + tail

    status = fit_name(say, name(who), FONT_S, INNER - 150) if who is not None else fit(say(""), FONT_S, INNER - 150)
    c.text(MARGIN, 52, status, FONT_S, col)
    c.text(WIDTH - MARGIN, 52, goal, FONT_S, theme.DIM, align="r")
    return 70


def panel_frame(v: TableView, seat: int, highlight: bool) -> tuple[bool, RGB, RGB, int]:
    """(whether it is ``seat``'s turn, fill, outline colour, outline width) of a player's panel: lit for the seat
    to play, outlined for the last mover."""
    turn: bool = v.to_act == seat and not v.is_over
    last = highlight and v.last_seat == seat
    return (turn, theme.PANEL_TURN if turn else theme.PANEL, theme.TURN if turn else theme.HILITE if last
            else theme.LINE, 3 if turn or last else 1)


def draw_panel_frame(c: Canvas, v: TableView, seat: int, y: int, height: int, highlight: bool) -> bool:
    """A player's panel background (:func:`panel_frame`).  Returns whether it is that seat's turn."""
    turn, fill, outline, width = panel_frame(v, seat, highlight)
    c.rect((MARGIN, y, WIDTH - MARGIN, y + height), fill, outline=outline, width=width, radius=10)
    return turn


def draw_results(c: Canvas, v: TableView, y: int, name: Callable[[int], str],
                 columns: Callable[[int], tuple[str, str]], lang: str) -> int:
    """The final ranking (the view's standings, so the ruleset's tie-breaks): rank, badge, name, then
    ``columns(seat)``, the score and a smaller note.  Returns the y below the box."""
    h = 44 + 38 * len(v.seats)
    c.rect((MARGIN, y, WIDTH - MARGIN, y + h), theme.PANEL, outline=theme.HILITE, width=3, radius=10)
    winners = ", ".join(name(s) for s in v.winners)
    key = "render.winner" if len(v.winners) == 1 else "render.winners"
    c.text(MARGIN + 16, y + 22, fit(t(key, lang, names=winners), FONT_M, INNER - 32), FONT_M, theme.HILITE)
    yy = y + 44
    for rank, seat in enumerate(v.standings, 1):
        col = theme.HILITE if seat in v.winners else theme.TEXT
        c.text(MARGIN + 20, yy + 17, f"{rank}.", FONT_M, col)
        c.seat_badge(seat, MARGIN + 56, yy + 3, 28)
        c.text(MARGIN + 96, yy + 17, fit(name(seat), FONT_M, 360), FONT_M, col)
        score, note = columns(seat)
        if note:
            c.text(WIDTH - MARGIN - 180, yy + 17, score, FONT_M, col, align="r")
            c.text(WIDTH - MARGIN - 16, yy + 17, note, FONT_S, theme.DIM, align="r")
        else:
            c.text(WIDTH - MARGIN - 16, yy + 17, score, FONT_M, col, align="r")
        yy += 38
    return y + h + 8


#: Rows a footer sentence may take (a strongholds move names two cards with their costs: ~200 characters);
#: beyond them the last row ends with "…".  Rows after a sentence's first are indented by FOOTER_INDENT px.
FOOTER_ROWS = 3
FOOTER_INDENT = 18
FOOTER_ROW_H = 30


def wrap(text: str, size: int, widths: Sequence[int], weight: str = "bold") -> list[str]:
    """``text`` broken between words into rows, row ``i`` at most ``widths[i]`` px (the last width for any
    further row) and at most ``len(widths)`` rows: the last one cut with "…" if the text goes on."""
    rows: list[str] = []
    words = text.split()
    while words and len(rows) < len(widths):
        width = widths[len(rows)]
        n = _words_that_fit(words, size, width, weight)
        if len(rows) == len(widths) - 1 and n < len(words):  # the last row, and the text goes on: cut it there
            n += 1
        rows.append(fit(" ".join(words[:n]), size, width, weight))  # (a single word too wide is cut too)
        words = words[n:]
    return rows or [""]


def _words_that_fit(words: Sequence[str], size: int, width: int, weight: str) -> int:
    """How many of ``words`` fit on a row ``width`` px wide (at least one): the exact ink width decides, as
    :func:`~bot.render.draw.fit` measures it, but the search starts from the sum of the words' cached advances,
    so a long sentence is measured two or three times a row instead of once a word."""
    space = word_length(" ", size, weight)
    n, pen = 0, -space
    while n < len(words) and pen + space + word_length(words[n], size, weight) <= width:
        pen += space + word_length(words[n], size, weight)
        n += 1
    n = max(1, n)

    def fits(k: int) -> bool:
        return text_width(" ".join(words[:k]), size, weight) <= width

    while n > 1 and not fits(n):  # (a longer prefix is never narrower: stepping from the estimate is exact)
        n -= 1
    while n < len(words) and fits(n + 1):
        n += 1
    return n


def footer_rows(lines: Sequence[tuple[str, str]]) -> list[tuple[str, str, int]]:
    """The footer's rows ``(text, gems, indent)``: each sentence wrapped onto up to FOOTER_ROWS rows, its gems
    (drawn as icons) after its last row."""
    out: list[tuple[str, str, int]] = []
    for text, gems in lines:
        gem_room = len(gems) * 30
        first = INNER - gem_room
        if text_width(text, FONT_S) > first:  # wrapped: the gems go after the last row, rows below keep room
            rows = wrap(text, FONT_S, [INNER] + [INNER - FOOTER_INDENT - gem_room] * (FOOTER_ROWS - 1))
        else:
            rows = [text]
        for i, row in enumerate(rows):
            out.append((row, gems if i == len(rows) - 1 else "", FOOTER_INDENT if i else 0))
    return out


def footer_height(lines: Sequence[tuple[str, str]]) -> int:
    """The height the footer's rows take (at least one row)."""
    return FOOTER_ROW_H * max(1, len(footer_rows(lines)))


def draw_footer(c: Canvas, y: int, lines: Sequence[tuple[str, str]]) -> None:
    """The last turn, one sentence a line (a long one wrapped onto indented rows); a sentence ending with gems
    has them drawn as icons after it."""
    yy = y + 10
    for text, gems, indent in footer_rows(lines):
        w = c.text(MARGIN + indent, yy + 15, text, FONT_S, theme.HILITE)
        gx = MARGIN + indent + w + 22
        for col in gems:
            c.gem(col, gx, yy + 15, 28)
            gx += 30
        yy += FOOTER_ROW_H
