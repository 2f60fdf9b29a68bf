"""Splendor tables (base, Orient, Strongholds) and private hands, drawn from a view.

Only :mod:`engine.splendor.view` values come in: a hidden card is ``None`` in the
view, so there is nothing to leak.  Layout (top to bottom): header, results (game
over), nobles and bank, the three rows (level 3 on top, as on a real table), one
panel per player, the last move.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from PIL import Image

from bot.i18n import t
from bot.render import theme
from bot.render.common import INNER, draw_footer, draw_header, draw_panel_frame, draw_results, player_name
from bot.render.draw import Canvas, cap_height, fit, rounded_mask, text_width
from bot.render.theme import FONT_L, FONT_M, FONT_S, FONT_XL, GAP, MARGIN, RGB, WIDTH
from bot.text import event_lines
from engine.core import Event
from engine.splendor.view import (
    COLORS,
    CardView,
    NobleView,
    PlayerView,
    ReservedView,
    RowView,
    SlotView,
    TableView,
)

ROMAN = {1: "I", 2: "II", 3: "III"}
DECK_W = 64
BAND = 36
ROW_EXTRA = 28  # the Orient effect line of a card
COST_CELL = 30
COST_GEM = 28
STRIP = 26  # bottom line of a card: strongholds (left), code tag (right)
PANEL_H = 172
TAG_H = cap_height(FONT_S) + 10
NOBLE_TILE = 96
BANK_GEM = 44


def card_height(extra_line: bool) -> int:
    return BAND + 3 + (ROW_EXTRA + 2 if extra_line else 0) + 2 * COST_CELL + 2 + STRIP + 3


def _band_colors(card: CardView) -> list[str]:
    if card.bonus == "joker":
        return list(COLORS)
    if card.bonus == "gold":
        return ["o"]
    return [card.bonus or "w"]


@lru_cache(maxsize=512)
def card_sprite(card: CardView, w: int, h: int, orient: bool, extra_line: bool, lang: str) -> Image.Image:
    """A face-up card without its code tag and strongholds (drawn per slot)."""
    c = Canvas(w, h, theme.CARD_ORIENT if orient else theme.CARD)
    bands = _band_colors(card)
    step = w / len(bands)
    for i, col in enumerate(bands):
        c.rect((round(i * step), 0, round((i + 1) * step), BAND), theme.GEMS[col][0])
    c.d.line((0, BAND, w, BAND), fill=theme.LINE, width=1)
    ink = theme.GEMS[bands[0]][2] if len(bands) == 1 else theme.INK
    if card.points:
        if len(bands) > 1:
            c.rect((4, 4, 36, BAND - 4), theme.CARD, radius=6)
        c.text(10, BAND / 2, str(card.points), FONT_XL, ink)
    gx = w - 6 - 16
    if card.bonus == "joker":
        c.rect((gx - 16, 4, gx + 16, BAND - 4), theme.CARD, outline=theme.INK, width=2, radius=8)
        c.text(gx, BAND / 2, "?", FONT_L, theme.INK, align="m")
    elif card.bonus in theme.GEMS or card.bonus == "gold":
        letter = "o" if card.bonus == "gold" else str(card.bonus)
        if card.effect == "double_bonus":
            c.gem(letter, gx - 16, BAND / 2, 32, ring=theme.WHITE)
        c.gem(letter, gx, BAND / 2, 32, ring=theme.WHITE)
    y = BAND + 3
    if extra_line:
        if card.effect:
            label = fit(t(f"render.effect.{card.effect}", lang), FONT_S, w - 6, "narrow")
            c.rect((0, y, w, y + ROW_EXTRA), theme.ORIENT)
            c.text(w / 2, y + ROW_EXTRA / 2, label, FONT_S, theme.WHITE, weight="narrow", align="m")
        y += ROW_EXTRA + 2
    if card.effect == "discard_2" and card.discard_color in theme.GEMS:
        col = str(card.discard_color)
        c.text(8, y + COST_CELL, "−2", FONT_L, theme.INK)
        x = 8 + text_width("−2", FONT_L) + 6
        c.rect((x, y + 6, x + 34, y + 2 * COST_CELL - 6), theme.GEMS[col][0], outline=theme.INK, width=2, radius=5)
        c.gem(col, x + 17, y + COST_CELL, 24)
    else:
        costs = [(COLORS[i], n) for i, n in enumerate(card.cost) if n]
        rows = (len(costs) + 1) // 2
        y0 = y + (2 - rows) * COST_CELL
        for i, (col, n) in enumerate(costs):
            cx = 5 + COST_CELL / 2 + (i % 2) * (COST_CELL + 2)
            cy = y0 + COST_CELL / 2 + (i // 2) * COST_CELL
            c.gem(col, cx, cy, COST_GEM, n)
    c.rect((0, 0, w - 1, h - 1), None, outline=theme.INK, width=1, radius=9)  # the edge, baked in
    im = c.im.convert("RGBA")
    im.putalpha(rounded_mask(w, h, 9))
    return im


@lru_cache(maxsize=32)
def back_sprite(level: int, w: int, h: int, orient: bool) -> Image.Image:
    c = Canvas(w, h, (theme.ORIENT_BACKS if orient else theme.BACKS)[level])
    c.rect((5, 5, w - 6, h - 6), None, outline=theme.WHITE, width=2, radius=8)
    c.text(w / 2, h / 2 - 8, ROMAN[level], FONT_XL, theme.WHITE, align="m")
    return c.im


def draw_card(
    c: Canvas,
    x: int,
    y: int,
    w: int,
    h: int,
    card: CardView,
    code: str,
    *,
    orient: bool,
    extra_line: bool,
    lang: str,
    strongholds: Sequence[int] = (),
    outline: RGB | None = None,
) -> None:
    c.sprite(card_sprite(card, w, h, orient, extra_line, lang), x, y)  # one masked paste: edge included
    c.tag(x + w - 4, y + h - 3 - TAG_H, code, align="r")
    tx = x + 5
    for seat in sorted(set(strongholds)):
        n = strongholds.count(seat)
        c.tower(seat, tx, y + h - 3 - 25, 22)
        tx += 24
        if n > 1:
            tx += c.text(tx, y + h - 3 - TAG_H / 2, f"×{n}", FONT_S, theme.INK, weight="narrow") + 4
    if outline is not None:
        c.rect((x - 3, y - 3, x + w + 2, y + h + 2), None, outline=outline, width=4, radius=11)


def draw_back(
    c: Canvas, x: int, y: int, w: int, h: int, level: int, code: str, *, orient: bool, outline: RGB | None = None
) -> None:
    c.im.paste(back_sprite(level, w, h, orient), (x, y), rounded_mask(w, h, 9))
    c.tag(x + w - 4, y + h - 3 - TAG_H, code, align="r")
    if outline is not None:
        c.rect((x - 3, y - 3, x + w + 2, y + h + 2), None, outline=outline, width=4, radius=11)


def draw_noble(c: Canvas, x: int, y: int, noble: NobleView, *, lang: str, with_code: bool = True) -> None:
    s = NOBLE_TILE
    border = theme.SEATS[noble.reserved_by % len(theme.SEATS)] if noble.reserved_by is not None else theme.INK
    c.rect((x, y, x + s, y + s), theme.NOBLE, outline=border, width=4 if noble.reserved_by is not None else 1, radius=9)
    c.text(x + 10, y + 22, str(noble.points), FONT_XL, theme.INK)
    if noble.reserved_by is not None:
        c.seat_badge(noble.reserved_by, x + 8, y + 42, 26)
    if with_code:
        c.tag(x + 6, y + s - 6 - (cap_height(FONT_S) + 10), noble.code)
    req = [(COLORS[i], n) for i, n in enumerate(noble.requirement) if n]
    ty = y + (s - len(req) * 29) / 2
    for col, n in req:
        fill, outline, ink = theme.GEMS[col]
        c.rect((x + s - 46, ty, x + s - 8, ty + 26), fill, outline=outline, width=2, radius=4)
        c.text(x + s - 27, ty + 13, str(n), FONT_S, ink, align="m")
        ty += 29


def _slot_codes(events: Sequence[Event]) -> set[str]:
    """Codes named in the last move's events (slots that changed, reserved cards)."""
    found: set[str] = set()

    def walk(v: object) -> None:
        if isinstance(v, str):
            found.add(v)
        elif isinstance(v, list | tuple):
            for item in v:
                walk(item)
        elif isinstance(v, dict):
            for item in v.values():
                walk(item)

    for e in events:
        walk(dict(e.params))
    return found


class _Table:
    def __init__(self, view: TableView, names: Sequence[str], lang: str, highlight: bool) -> None:
        self.v = view
        self.names = names
        self.lang = lang
        self.highlight = highlight
        self.extra_line = view.orient
        self.ch = card_height(self.extra_line)
        n = max(len(r.slots) for r in view.rows) if view.rows else 4
        self.cw = min(172, (INNER - DECK_W - GAP * n) // n)
        self.codes = _slot_codes(view.last_events) if highlight else set()
        self._seat = -1
        self.kinds = {e.kind for e in view.last_events} if highlight else set()
        self.lines = event_lines(view, view.last_events, names, lang, icons=True)[:4] if highlight else []
        # the card just reserved: the last of the reserving seat's cards
        self.new_reserve = ""
        if highlight and view.last_seat is not None and any(e.kind == "reserve" for e in view.last_events):
            mine = view.seats[view.last_seat].reserved
            self.new_reserve = mine[-1].code if mine else ""

    def name(self, seat: int) -> str:
        return player_name(self.names, seat, self.lang)

    def height(self) -> int:
        h = 70
        if self.v.is_over:
            h += 44 + 38 * len(self.v.seats) + 8
        h += 26 + NOBLE_TILE + 12
        h += len(self.v.rows) * (self.ch + 10)
        h += len(self.v.seats) * (PANEL_H + 8)
        h += 16 + 30 * max(1, len(self.lines))
        return h

    def render(self) -> bytes:
        c = Canvas(WIDTH, self.height())
        y = self.header(c)
        if self.v.is_over:
            y = self.results(c, y)
        y = self.nobles_and_bank(c, y)
        for row in sorted(self.v.rows, key=lambda r: -r.level):
            self.row(c, y, row)
            y += self.ch + 10
        for p in self.v.seats:
            self.panel(c, y, p)
            y += PANEL_H + 8
        self.footer(c, y)
        return c.png()

    # sections -------------------------------------------------------------
    def header(self, c: Canvas) -> int:
        v = self.v
        final = t("render.final_round", self.lang) if v.final_round and not v.is_over else ""
        return draw_header(c, v, self.lang, self.name, title=t(f"render.ruleset.{v.ruleset}", self.lang),
                           pending_key="render.pending", extra=final,
                           goal=t("render.target", self.lang, count=v.target))

    def results(self, c: Canvas, y: int) -> int:
        return draw_results(c, self.v, y, self.name, lambda p: (
            t("render.points", self.lang, count=self.v.seats[p].points),
            t("render.cards", self.lang, count=self.v.seats[p].card_count)), self.lang)

    def nobles_and_bank(self, c: Canvas, y: int) -> int:
        v = self.v
        c.text(MARGIN, y + 11, t("render.nobles", self.lang), FONT_S, theme.DIM)
        bank_w = 3 * (BANK_GEM + 14)
        bx = WIDTH - MARGIN - bank_w
        c.text(bx + 4, y + 11, t("render.bank", self.lang), FONT_S, theme.DIM)
        ty = y + 26
        x = MARGIN
        for noble in v.nobles:
            draw_noble(c, x, ty, noble, lang=self.lang)
            x += NOBLE_TILE + 8
        if not v.nobles:
            c.text(MARGIN, ty + NOBLE_TILE / 2, t("render.no_nobles", self.lang), FONT_S, theme.DIM)
        took = bool(self.kinds & {"take", "return", "reserve", "buy", "pay"})
        if took:
            c.rect(
                (bx - 4, ty - 4, WIDTH - MARGIN + 2, ty + NOBLE_TILE + 4),
                None,
                outline=theme.HILITE,
                width=3,
                radius=10,
            )
        for i, col in enumerate((*COLORS, "o")):
            cx = bx + (BANK_GEM + 14) * (i % 3) + (BANK_GEM + 14) / 2
            cy = ty + 24 + (i // 3) * (BANK_GEM + 4)
            c.gem(col, cx, cy, BANK_GEM, v.bank[i], FONT_M)
        return ty + NOBLE_TILE + 12

    def row(self, c: Canvas, y: int, row: RowView) -> None:
        lvl = row.level
        # decks: base on top, Orient below
        dh = self.ch if row.orient_deck is None else (self.ch - 6) * 11 // 20
        self.deck(c, MARGIN, y, DECK_W, dh, lvl, row.deck, f"d{lvl}", orient=False)
        if row.orient_deck is not None:
            self.deck(c, MARGIN, y + dh + 6, DECK_W, self.ch - dh - 6, lvl, row.orient_deck, f"o{lvl}", orient=True)
        x = MARGIN + DECK_W + GAP + 2
        for slot in row.slots:
            self.slot(c, x, y, slot)
            x += self.cw + GAP

    def deck(
        self, c: Canvas, x: int, y: int, w: int, h: int, level: int, count: int, code: str, *, orient: bool
    ) -> None:
        """A deck: its level (base decks), the cards left, and the code of a blind reserve."""
        fill = (theme.ORIENT_BACKS if orient else theme.BACKS)[level]
        c.rect(
            (x, y, x + w, y + h),
            fill if count else theme.PANEL,
            outline=theme.WHITE if count else theme.LINE,
            width=2,
            radius=8,
        )
        top = y + 6
        if not orient and h >= 96:
            c.text(x + w / 2, top + 11, ROMAN[level], FONT_S, theme.WHITE, align="m")
            top += 26
        room = y + h - 4 - TAG_H - top
        c.text(x + w / 2, top + room / 2, str(count), FONT_L if room >= 30 else FONT_M, theme.WHITE, align="m")
        if count:
            c.tag(x + w / 2, y + h - 4 - TAG_H, code, align="m")

    def slot(self, c: Canvas, x: int, y: int, slot: SlotView) -> None:
        hi = theme.HILITE if slot.code in self.codes else None
        if slot.card is None:
            c.rect((x, y, x + self.cw, y + self.ch), None, outline=theme.LINE, width=2, radius=9)
            c.text(x + self.cw / 2, y + self.ch / 2, slot.code, FONT_S, theme.DIM, align="m")
            return
        draw_card(
            c,
            x,
            y,
            self.cw,
            self.ch,
            slot.card,
            slot.code,
            orient=slot.orient,
            extra_line=self.extra_line,
            lang=self.lang,
            strongholds=slot.strongholds,
            outline=hi,
        )

    def panel(self, c: Canvas, y: int, p: PlayerView) -> None:
        """Name, strongholds left, points, bonuses over tokens per colour, nobles, reserved cards."""
        v = self.v
        turn = draw_panel_frame(c, v, p.seat, y, PANEL_H, self.highlight)
        x0, x1 = MARGIN, WIDTH - MARGIN
        rw = 100
        rx = x1 - 6 - 3 * (rw + GAP) + GAP  # reserved cards
        mx = rx - 104  # points, nobles, token total
        c.seat_badge(p.seat, x0 + 10, y + 10, 30)
        towers = p.strongholds_left or 0
        name_w = mx - 12 - (x0 + 50) - towers * 26
        name = ("▶ " if turn else "") + self.name(p.seat)
        if v.viewer == p.seat:
            name += " " + t("render.you", self.lang)
        c.text(x0 + 50, y + 25, fit(name, FONT_M, name_w), FONT_M, theme.TURN if turn else theme.TEXT)
        for i in range(towers):
            c.tower(p.seat, mx - 12 - (towers - i) * 26, y + 11, 24)
        # bonuses (cards) over tokens, one column per colour
        lx = x0 + 10
        c.text(lx, y + 72, t("render.bonus_short", self.lang), FONT_S, theme.DIM, weight="narrow")
        c.text(lx, y + 124, t("render.tokens_short", self.lang), FONT_S, theme.DIM, weight="narrow")
        gx = lx + 70
        step = min(46, (mx - 8 - gx) // 6)
        for i, col in enumerate((*COLORS, "o")):
            cx = gx + i * step + step / 2
            fill, outline, ink = theme.GEMS[col]
            if i < 5:
                c.rect((cx - 17, y + 57, cx + 17, y + 87), fill, outline=outline, width=2, radius=4)
                c.text(cx, y + 72, str(p.bonuses[i]), FONT_S, ink, align="m")
            c.gem(col, cx, y + 124, 40, p.tokens[i], FONT_S)
        # points, nobles won or reserved, token total
        pts = str(p.points)
        c.text(mx, y + 27, pts, FONT_XL, theme.TEXT)
        c.text(mx + text_width(pts, FONT_XL) + 6, y + 31, t("render.pts", self.lang), FONT_S, theme.DIM)
        nx = mx
        for nb in (*p.nobles, *p.reserved_nobles):
            won = nb in p.nobles
            c.rect(
                (nx, y + 57, nx + 30, y + 87),
                theme.NOBLE if won else theme.PANEL,
                outline=theme.INK if won else theme.NOBLE,
                width=2,
                radius=5,
            )
            c.text(
                nx + 15,
                y + 72,
                str(nb.points) if won else nb.code,
                FONT_S,
                theme.INK if won else theme.NOBLE,
                align="m",
            )
            nx += 34
        total = p.token_total
        c.text(
            mx, y + 124, t("render.token_total", self.lang, n=total), FONT_M, theme.HILITE if total >= 10 else theme.DIM
        )
        # reserved cards
        self._seat = p.seat
        for r in p.reserved:
            self.reserved(c, rx, y + 6, rw, PANEL_H - 12, r)
            rx += rw + GAP

    def reserved(self, c: Canvas, x: int, y: int, w: int, h: int, r: ReservedView) -> None:
        hi = theme.HILITE if self.new_reserve == r.code and self.v.last_seat == self._seat else None
        if r.card is None:
            draw_back(c, x, y, w, h, r.level, r.code, orient=r.orient, outline=hi)
            return
        extra = self.extra_line or r.card.effect is not None
        ch = min(h, card_height(extra))
        draw_card(
            c,
            x,
            y + (h - ch) // 2,
            w,
            ch,
            r.card,
            r.code,
            orient=r.orient,
            extra_line=extra,
            lang=self.lang,
            outline=hi,
        )

    def footer(self, c: Canvas, y: int) -> None:
        draw_footer(c, y, self.lines)


def render_table(view: TableView, names: Sequence[str], lang: str, highlight: bool) -> bytes:
    return _Table(view, names, lang, highlight).render()


def render_hand(view: TableView, names: Sequence[str], lang: str) -> bytes:
    """The viewer's hand: tokens, bonuses, reserved cards face up, what they can buy now."""
    if view.viewer is None:
        raise ValueError("a hand image needs a seated viewer")
    p = view.seat(view.viewer)
    table = _Table(view, names, lang, False)
    cw = min(150, table.cw + 30)
    ch = card_height(True)
    by_code: dict[str, tuple[CardView, bool]] = {}
    for row in view.rows:
        for s in row.slots:
            if s.card is not None:
                by_code[s.code] = (s.card, s.orient)
    for r in p.reserved:
        if r.card is not None:
            by_code[r.code] = (r.card, r.orient)
    afford = [code for code in view.affordable if code in by_code]
    per_row = INNER // (cw + GAP)
    afford_rows = max(1, -(-len(afford) // per_row))
    h = 70 + 120 + 36 + ch + 20 + 36 + afford_rows * (ch + 12) + 10
    if p.reserved_nobles:
        h += NOBLE_TILE + 40
    c = Canvas(WIDTH, h)
    name = player_name(names, p.seat, lang)
    c.seat_badge(p.seat, MARGIN, 10, 32)
    c.text(MARGIN + 44, 26, fit(t("render.hand.title", lang, name=name), FONT_M, INNER - 150), FONT_M, theme.TEXT)
    c.text(WIDTH - MARGIN, 26, t("render.points", lang, count=p.points), FONT_M, theme.TEXT, align="r")
    c.text(MARGIN, 56, t(f"render.ruleset.{view.ruleset}", lang), FONT_S, theme.DIM)
    y = 76
    c.rect((MARGIN, y, WIDTH - MARGIN, y + 108), theme.PANEL, radius=10)
    c.text(MARGIN + 12, y + 28, t("render.bonus_short", lang), FONT_S, theme.DIM, weight="narrow")
    c.text(MARGIN + 12, y + 78, t("render.tokens_short", lang), FONT_S, theme.DIM, weight="narrow")
    gx = MARGIN + 100
    for i, col in enumerate((*COLORS, "o")):
        cx = gx + i * 60 + 24
        fill, outline, ink = theme.GEMS[col]
        if i < 5:
            c.rect((cx - 20, y + 12, cx + 20, y + 44), fill, outline=outline, width=2, radius=5)
            c.text(cx, y + 28, str(p.bonuses[i]), FONT_M, ink, align="m")
        c.gem(col, cx, y + 78, 46, p.tokens[i], FONT_M)
    c.text(
        gx + 6 * 60 + 10,
        y + 78,
        t("render.token_total", lang, n=p.token_total),
        FONT_M,
        theme.HILITE if p.token_total >= 10 else theme.TEXT,
    )
    if p.strongholds_left is not None:
        sx = gx + 6 * 60 + 10
        for _ in range(p.strongholds_left):
            c.tower(p.seat, sx, y + 12, 26)
            sx += 30
    y += 120
    c.text(MARGIN, y + 14, t("render.hand.reserved", lang), FONT_S, theme.DIM)
    y += 34
    x = MARGIN
    for r in p.reserved:
        if r.card is None:  # never for the viewer's own hand; drawn as a back all the same
            draw_back(c, x, y, cw, ch, r.level, r.code, orient=r.orient)
        else:
            draw_card(c, x, y, cw, ch, r.card, r.code, orient=r.orient, extra_line=True, lang=lang)
            if r.blind:
                c.text(x + 8, y + ch - 22, t("render.blind", lang), FONT_S, theme.DIM, weight="narrow")
        x += cw + GAP
    if not p.reserved:
        c.text(MARGIN, y + ch / 2, t("render.hand.none", lang), FONT_S, theme.DIM)
    y += ch + 20
    if p.reserved_nobles:
        c.text(MARGIN, y + 10, t("render.hand.nobles", lang), FONT_S, theme.DIM)
        x = MARGIN
        for nb in p.reserved_nobles:
            draw_noble(c, x, y + 28, nb, lang=lang)
            x += NOBLE_TILE + 8
        y += NOBLE_TILE + 40
    c.text(MARGIN, y + 14, t("render.hand.afford", lang), FONT_S, theme.DIM)
    y += 34
    if not afford:
        c.text(MARGIN, y + 20, t("render.hand.nothing", lang), FONT_S, theme.TEXT)
    for i, code in enumerate(afford):
        card, orient = by_code[code]
        x = MARGIN + (i % per_row) * (cw + GAP)
        yy = y + (i // per_row) * (ch + 12)
        draw_card(c, x, yy, cw, ch, card, code, orient=orient, extra_line=True, lang=lang, outline=theme.TURN)
    return c.png()
