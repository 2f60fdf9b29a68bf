"""Splendor tables (base, Orient, Strongholds) and private hands, drawn from a view.

Only :mod:`engine.splendor.view` values come in: a hidden card is ``None`` in the
view, so there is nothing to leak.  Layout (top to bottom): header, results (game
over), nobles and bank, the three rows (level 3 on top, as on a real table), one
panel per player, the last move.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image

from bot.i18n import t
from bot.render import common, theme
from bot.render.common import (
    INNER,
    draw_footer,
    draw_header,
    draw_results,
    hand_title,
    panel_frame,
    player_name,
    told_events,
)
from bot.render.draw import Canvas, Drawn, bonus_width, cap_height, fit, rounded_mask, text_width
from bot.render.theme import FONT_L, FONT_M, FONT_S, FONT_XL, GAP, MARGIN, RGB, WIDTH
from bot.text import event_lines
from engine import TableView as AnyView
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
COST_CELL = 35
COST_GEM = 34
STRIP = 32  # bottom line of a card: strongholds (left), code tag (right)
TOWER = 30
TAG_H = cap_height(FONT_S) + 10
NOBLE_TILE = 96
NOBLE_GEM = 30
BANK_GEM = 44
ROW_GAP = 8
PANEL_GAP = 6
BONUS = 32  # a bonus chip on a panel
ORIENT_ROW = 40  # the panel line of owned Orient cards whose effect lasts
# Orient effects that still matter once the card is owned (O-2): gold cards pay later, jokers and double
# bonuses keep counting (and jokers go first in a discard cost).
LASTING = ("double_gold", "joker", "joker_free_l1", "double_bonus")
Sprite = tuple[Image.Image, tuple[Drawn, ...]]


def card_height(extra_line: bool) -> int:
    return BAND + 3 + (ROW_EXTRA + 2 if extra_line else 0) + 2 * COST_CELL + 2 + STRIP + 3


def reserved_height(orient: bool) -> int:
    """A reserved card on a panel: no stronghold strip (its code tag sits beside the costs)."""
    return card_height(orient) - STRIP + 8


def panel_height(orient: bool) -> int:
    """A panel holds a reserved card and the rows of bonuses and tokens; with Orient, also the line of owned
    Orient cards (y + 131 .. 161: inside the outline)."""
    return max(140, reserved_height(orient) + 12)


def _band_colors(card: CardView) -> list[str]:
    if card.bonus == "joker":
        return list(COLORS)
    if card.bonus == "gold":
        return ["o"]
    return [card.bonus or "w"]


@lru_cache(maxsize=512)
def card_sprite(card: CardView, w: int, h: int, orient: bool, extra_line: bool, lang: str) -> Sprite:
    """A face-up card without its code tag and strongholds (drawn per slot), and what it shows."""
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
        c.text(10, BAND / 2, str(card.points), FONT_XL, ink, role="card_points")
    gx = w - 6 - 16
    if card.bonus == "joker":
        c.rect((gx - 16, 4, gx + 16, BAND - 4), theme.CARD, outline=theme.INK, width=2, radius=8)
        c.text(gx, BAND / 2, "?", FONT_L, theme.INK, align="m", role="card_bonus")
    elif card.bonus in theme.GEMS or card.bonus == "gold":
        letter = "o" if card.bonus == "gold" else str(card.bonus)
        if card.effect == "double_bonus":
            c.gem(letter, gx - 16, BAND / 2, 32, ring=theme.WHITE, role="card_bonus")
        c.gem(letter, gx, BAND / 2, 32, ring=theme.WHITE, role="card_bonus")
    y = BAND + 3
    if extra_line:
        if card.effect:
            label = fit(t(f"render.effect.{card.effect}", lang), FONT_S, w - 6, "narrow")
            c.rect((0, y, w, y + ROW_EXTRA), theme.ORIENT)
            c.text(w / 2, y + ROW_EXTRA / 2, label, FONT_S, theme.WHITE, weight="narrow", align="m", role="effect")
        y += ROW_EXTRA + 2
    if card.effect == "discard_2" and card.discard_color in theme.GEMS:
        col = str(card.discard_color)
        c.text(8, y + COST_CELL, "−2", FONT_L, theme.INK, role="discard")
        c.gem(col, 8 + text_width("−2", FONT_L) + 6 + 18, y + COST_CELL, 36, role="discard")
    else:
        costs = [(COLORS[i], n) for i, n in enumerate(card.cost) if n]
        rows = (len(costs) + 1) // 2
        y0 = y + (2 - rows) * COST_CELL
        for i, (col, n) in enumerate(costs):
            cx = 4 + COST_CELL / 2 + (i % 2) * COST_CELL
            cy = y0 + COST_CELL / 2 + (i // 2) * COST_CELL
            c.gem(col, cx, cy, COST_GEM, n, theme.FONT_NUM, role="cost")
    c.rect((0, 0, w - 1, h - 1), None, outline=theme.INK, width=1, radius=9)  # the edge, baked in
    im = c.im.convert("RGBA")
    im.putalpha(rounded_mask(w, h, 9))
    return im, tuple(c.items)


@lru_cache(maxsize=32)
def back_sprite(level: int, w: int, h: int, orient: bool) -> Image.Image:
    c = Canvas(w, h, (theme.ORIENT_BACKS if orient else theme.BACKS)[level])
    c.rect((5, 5, w - 6, h - 6), None, outline=theme.WHITE, width=2, radius=8)
    c.text(w / 2, h / 2 - 8, ROMAN[level], FONT_XL, theme.WHITE, align="m")
    im = c.im.convert("RGBA")
    im.putalpha(rounded_mask(w, h, 9))
    return im


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
    im, items = card_sprite(card, w, h, orient, extra_line, lang)
    c.flat_sprite(im, x, y)  # one copy: edge and corners included
    with c.within(ref=code):
        c.note("card", card.id, (x, y, x + w, y + h))
        c.add_items(items, x, y)
        tag_left = x + w - 4
        if code:
            tag_left -= c.tag(x + w - 4, y + h - 3 - TAG_H, code, align="r")[0]
        # One tower per stronghold, overlapping: two of a seat read as two.  A card carries one seat's towers
        # only (S-3), so when three would run into the code tag they close up and the front one alone shows
        # the seat number.
        n = len(strongholds)
        stride = TOWER - 5 if n < 2 else min(TOWER - 5, (tag_left - 3 - (x + 4) - TOWER) / (n - 1))
        tx: float = x + 4
        for i, seat in enumerate(strongholds):
            c.tower(seat, tx, y + h - 3 - TOWER * 1.15, TOWER, number=stride >= TOWER - 5 or i == n - 1)
            tx += stride
        if outline is not None:
            c.rect((x - 3, y - 3, x + w + 2, y + h + 2), None, outline=outline, width=4, radius=11)


def draw_back(
    c: Canvas, x: int, y: int, w: int, h: int, level: int, code: str, *, orient: bool, outline: RGB | None = None
) -> None:
    c.flat_sprite(back_sprite(level, w, h, orient), x, y)
    with c.within(ref=code):
        c.note("back", str(level), (x, y, x + w, y + h))
        c.tag(x + w - 4, y + h - 3 - TAG_H, code, align="r")
        if outline is not None:
            c.rect((x - 3, y - 3, x + w + 2, y + h + 2), None, outline=outline, width=4, radius=11)


@lru_cache(maxsize=256)
def deck_sprite(w: int, h: int, level: int, count: int, code: str, orient: bool) -> Sprite:
    """A deck on the table's background (drawn once per count): level, cards left, blind-reserve code."""
    c = Canvas(w + 1, h + 1, theme.BG)
    fill = (theme.ORIENT_BACKS if orient else theme.BACKS)[level]
    c.rect((0, 0, w, h), fill if count else theme.PANEL, outline=theme.WHITE if count else theme.LINE, width=2,
           radius=8)
    ink = theme.WHITE if count else theme.DIM
    c.text(w / 2, 15, ROMAN[level], FONT_S, ink, align="m", role="deck_level")
    bottom = h - 4 - TAG_H if count else h - 4
    room = bottom - 28
    c.text(w / 2, 28 + room / 2, str(count), FONT_L if room >= 34 else FONT_M, ink, align="m", role="deck_count")
    if count:
        c.tag(w / 2, h - 4 - TAG_H, code, align="m")
    return c.im, tuple(c.items)


def draw_buyable(c: Canvas, x: int, y: int, w: int, code: str) -> None:
    """The mark of a card the player to move can buy now: a green ✓ pill across the card's top edge
    (a shape and a sign, not only a colour)."""
    pw = 40
    c.rect((x + w / 2 - pw / 2, y - 10, x + w / 2 + pw / 2, y + 18), theme.TURN, outline=theme.INK, width=2, radius=12)
    c.text(x + w / 2, y + 4, "✓", FONT_M, theme.INK, align="m", role="buyable")
    with c.within(ref=code):
        c.note("mark", "buyable", (x + w / 2 - pw / 2, y - 10, x + w / 2 + pw / 2, y + 18), "buyable")


@lru_cache(maxsize=64)
def noble_sprite(noble_id: str, points: int, requirement: tuple[int, int, int, int, int]) -> Sprite:
    """A noble tile without its code and reservation (drawn per table): points and requirements, each
    requirement in its colour's shape on a card, as bonuses are drawn on the panels."""
    s = NOBLE_TILE
    c = Canvas(s, s, theme.BG)
    c.rect((0, 0, s - 1, s - 1), theme.NOBLE, outline=theme.INK, width=1, radius=9)
    c.text(10, 22, str(points), FONT_XL, theme.INK, role="noble_points")
    req = [(COLORS[i], n) for i, n in enumerate(requirement) if n]
    step = NOBLE_GEM + 1
    ty = (s - len(req) * step) / 2 + step / 2
    for col, n in req:
        c.bonus(col, s - 6 - bonus_width(NOBLE_GEM) / 2, ty, NOBLE_GEM, n, theme.FONT_NUM, role="requirement")
        ty += step
    im = c.im.convert("RGBA")
    im.putalpha(rounded_mask(s, s, 9))
    return im, tuple(c.items)


def draw_noble(c: Canvas, x: int, y: int, noble: NobleView, *, lang: str, with_code: bool = True) -> None:
    s = NOBLE_TILE
    im, items = noble_sprite(noble.id, noble.points, noble.requirement)
    c.flat_sprite(im, x, y)
    with c.within(ref=noble.code):
        c.note("noble", noble.id, (x, y, x + s, y + s), "noble")
        c.add_items(items, x, y)
        if noble.reserved_by is not None:
            col = theme.SEATS[noble.reserved_by % len(theme.SEATS)]
            c.rect((x, y, x + s, y + s), None, outline=col, width=4, radius=9)
            c.seat_badge(noble.reserved_by, x + 8, y + 42, 26)
        if with_code:
            c.tag(x + 6, y + s - 6 - (cap_height(FONT_S) + 10), noble.code)


def buyable_codes(v: TableView) -> frozenset[str]:
    """Codes of the cards the player to move can buy now, among those this view shows: the engine's answer
    (``view.buyable``; none while a decision is pending or once the game is over)."""
    return frozenset(v.buyable)

def net_cost(p: PlayerView, card: CardView) -> tuple[int, int, int, int, int]:
    """What ``card`` still costs ``p`` in tokens once their bonuses are counted (gold may replace any)."""
    n = [max(0, c - b) for c, b in zip(card.cost, p.bonuses, strict=False)]
    return (n[0], n[1], n[2], n[3], n[4])


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
    def __init__(self, view: TableView, names: Sequence[str], lang: str, highlight: bool,
                 record: bool = True) -> None:
        self.v = view
        self.record = record
        self.names = names
        self.lang = lang
        self.highlight = highlight
        self.extra_line = view.orient
        self.ch = card_height(self.extra_line)
        self.ph = panel_height(self.extra_line)
        n = max(len(r.slots) for r in view.rows) if view.rows else 4
        self.cw = min(172, (INNER - DECK_W - GAP * n) // n)
        self.codes = _slot_codes(view.last_events) if highlight else set()
        self.kinds = {e.kind for e in view.last_events} if highlight else set()
        events = told_events(view)
        self.lines = event_lines(view, events, names, lang, icons=True)[:4] if highlight else []
        self.buyable = buyable_codes(view)
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
        h += len(self.v.rows) * (self.ch + ROW_GAP)
        h += len(self.v.seats) * (self.ph + PANEL_GAP)
        h += 16 + common.footer_height(self.lines)
        return h

    def draw(self) -> Canvas:
        c = Canvas(WIDTH, self.height(), record=self.record)
        y = self.header(c)
        if self.v.is_over:
            y = self.results(c, y)
        y = self.nobles_and_bank(c, y)
        for row in sorted(self.v.rows, key=lambda r: -r.level):
            self.row(c, y, row)
            y += self.ch + ROW_GAP
        for p in self.v.seats:
            with c.within(seat=p.seat):
                self.panel(c, y, p)
            y += self.ph + PANEL_GAP
        self.footer(c, y)
        return c

    # sections -------------------------------------------------------------
    def header(self, c: Canvas) -> int:
        v = self.v
        extra = t("render.final_round", self.lang) if v.final_round and not v.is_over else ""
        if self.buyable and v.to_act is not None:  # the legend of the marks: what the player to move can buy
            mark = t("render.can_buy", self.lang)
            extra = f"{extra}  ·  {mark}" if extra else mark
        return draw_header(c, v, self.lang, self.name, title=t(f"render.ruleset.{v.ruleset}", self.lang),
                           pending_key="render.pending", extra=extra,
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
            c.gem(col, cx, cy, BANK_GEM, v.bank[i], theme.FONT_NUM, role="bank")
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
        """A deck: its level (always, even empty), the cards left, and the code of a blind reserve."""
        im, items = deck_sprite(w, h, level, count, code, orient)
        c.sprite(im, x, y)
        with c.within(ref=code):
            c.note("deck", str(count), (x, y, x + w, y + h))  # where a blind reserve is chosen (the web table)
            c.add_items(items, x, y)

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
        if slot.code in self.buyable:
            draw_buyable(c, x, y, self.cw, slot.code)

    def panel(self, c: Canvas, y: int, p: PlayerView) -> None:
        """A player's panel: its background and contents (copied from :data:`_PANELS` when they were drawn for an
        earlier table), then its outline."""
        v = self.v
        turn, fill, outline, width = panel_frame(v, p.seat, self.highlight)
        name = ("▶ " if turn else "") + self.name(p.seat)
        if v.viewer == p.seat:
            name += " " + t("render.you", self.lang)
        key = PanelKey(p, name, turn, self.lang, self.extra_line, self.ph,
                       self.new_reserve if v.last_seat == p.seat else "",
                       tuple(r.code for r in p.reserved if r.code in self.buyable) if p.seat == v.to_act else ())
        box = (MARGIN, y, WIDTH - MARGIN, y + self.ph)
        keep = len(v.seats) > 2  # (with two players both panels change every turn: none is kept)
        kept = _PANELS.get(key) if keep else None
        if kept is not None:
            c.sprite(kept[0], MARGIN, y)
            c.add_items(kept[1], MARGIN, y)
        else:
            c.rect(box, fill, radius=10)
            record, mark = c.record, len(c.items)
            c.record = record or keep  # a kept panel keeps its drawn data for the tables that record it
            draw_panel(c, y, MARGIN, WIDTH - MARGIN, key)
            if keep:
                keep_panel(key, c.im.crop((box[0], box[1], box[2] + 1, box[3] + 1)), c.items[mark:], MARGIN, y)
                if not record:
                    del c.items[mark:]
            c.record = record
        c.rect(box, None, outline=outline, width=width, radius=10)

    def footer(self, c: Canvas, y: int) -> None:
        draw_footer(c, y, self.lines)


@dataclass(frozen=True, slots=True)
class PanelKey:
    """Everything a player's panel shows but its outline: what :func:`draw_panel` draws."""

    p: PlayerView
    name: str  # as drawn: "▶ " on their turn, "(you)" for the viewer
    turn: bool  # their turn: the lit background
    lang: str
    orient: bool  # the line of owned Orient cards
    height: int
    fresh: str  # the code of the card they just reserved (outlined), or ""
    buyable: tuple[str, ...]  # the codes of their reserved cards they can buy now (on their turn)


#: Panels drawn for earlier tables (:class:`PanelKey` -> image, drawn data): on a 4-player table only the mover's
#: panel and those of the seats whose turn starts or ends change, so about half are copied from here.  Bounded
#: (emptied when full, as draw.on_background's store: safe between threads; about 440 kB each).
_PANELS: dict[PanelKey, Sprite] = {}
_PANELS_MAX = 32


def keep_panel(key: PanelKey, im: Image.Image, items: Sequence[Drawn], x: int, y: int) -> None:
    """Keep a panel drawn at (x, y): its image and its drawn data, moved to the panel's own corner."""
    if len(_PANELS) >= _PANELS_MAX:
        _PANELS.clear()
    _PANELS[key] = (im, tuple(Drawn(it.kind, it.text, (it.box[0] - x, it.box[1] - y, it.box[2] - x, it.box[3] - y),
                                    it.role, it.seat, it.ref, it.size) for it in items))


def draw_panel(c: Canvas, y: int, x0: int, x1: int, key: PanelKey) -> None:
    """Name, strongholds left, points, bonuses over tokens per colour, owned Orient cards, nobles, reserved
    cards, inside the panel from ``x0`` to ``x1`` whose top is ``y``."""
    p, lang = key.p, key.lang
    rw = 100
    rx = x1 - 6 - 3 * (rw + GAP) + GAP  # reserved cards
    mx = rx - 104  # points, nobles, token total
    c.seat_badge(p.seat, x0 + 10, y + 10, 30)
    towers = p.strongholds_left or 0
    name_w = mx - 12 - (x0 + 50) - towers * 32
    c.text(x0 + 50, y + 25, fit(key.name, FONT_M, name_w), FONT_M, theme.TURN if key.turn else theme.TEXT,
           role="name")
    for i in range(towers):
        c.tower(p.seat, mx - 12 - (towers - i) * 32, y + 6, TOWER)
    # bonuses (cards) over tokens, one column per colour; gold cards (Orient) in the gold column
    lx = x0 + 10
    c.text(lx, y + 64, t("render.bonus_short", lang), FONT_S, theme.DIM, weight="narrow")
    c.text(lx, y + 108, t("render.tokens_short", lang), FONT_S, theme.DIM, weight="narrow")
    gx = lx + 70
    step = min(46, (mx - 8 - gx) // 6)
    gold_cards = sum(1 for o in p.cards if o.card.effect == "double_gold")
    for i, col in enumerate((*COLORS, "o")):
        cx = gx + i * step + step / 2
        if i < 5:
            c.bonus(col, cx, y + 64, BONUS, p.bonuses[i], theme.FONT_NUM)
        elif gold_cards:
            c.bonus(col, cx, y + 64, BONUS, gold_cards, theme.FONT_NUM, role="gold_cards")
        c.gem(col, cx, y + 108, 40, p.tokens[i], theme.FONT_NUM, role="token")
    if key.orient:
        orient_cards(c, lx, y + 146, mx - 8, p, lang)
    # points, nobles won or reserved, token total
    pts = str(p.points)
    c.text(mx, y + 27, pts, FONT_XL, theme.TEXT, role="points")
    c.text(mx + text_width(pts, FONT_XL) + 6, y + 31, t("render.pts", lang), FONT_S, theme.DIM)
    nx = mx
    for nb in (*p.nobles, *p.reserved_nobles):
        won = nb in p.nobles
        c.rect(
            (nx, y + 49, nx + 30, y + 79),
            theme.NOBLE if won else theme.PANEL,
            outline=theme.INK if won else theme.NOBLE,
            width=2,
            radius=5,
        )
        c.text(
            nx + 15,
            y + 64,
            str(nb.points) if won else nb.code,
            FONT_S,
            theme.INK if won else theme.NOBLE,
            align="m",
            role="noble_won" if won else "noble_reserved",
        )
        nx += 34
    total = p.token_total
    c.text(mx, y + 108, t("render.token_total", lang, n=total), FONT_M,
           theme.HILITE if total >= 10 else theme.DIM, role="token_total")
    for r in p.reserved:
        draw_reserved(c, rx, y + 6, rw, key.height - 12, r, key)
        rx += rw + GAP


def orient_cards(c: Canvas, x: int, cy: int, right: int, p: PlayerView, lang: str) -> None:
    """The owned Orient cards whose effect lasts (gold cards, jokers, double bonuses), one chip each kind."""
    groups = owned_lasting(p)
    if not groups:
        return
    c.text(x, cy, t("render.orient_owned", lang), FONT_S, theme.DIM, weight="narrow")
    x += 70
    for (effect, color), n in groups.items():
        label = t(f"render.effect.{effect}", lang)
        if n > 1:
            label = f"{n}× {label}"
        w = text_width(label, FONT_S, "narrow") + 14 + (28 if color else 0)
        if x + w > right:
            c.text(x, cy, "…", FONT_S, theme.DIM)
            break
        c.rect((x, cy - 15, x + w, cy + 15), theme.ORIENT, outline=theme.CARD_ORIENT, width=1, radius=6)
        c.text(x + 7, cy, label, FONT_S, theme.WHITE, weight="narrow", role="orient_owned")
        if color:
            c.gem(color, x + w - 17, cy, 26, role="orient_owned")
        x += w + 6


def draw_reserved(c: Canvas, x: int, y: int, w: int, h: int, r: ReservedView, key: PanelKey) -> None:
    hi = theme.HILITE if key.fresh == r.code else None
    if r.card is None:
        draw_back(c, x, y, w, h, r.level, r.code, orient=r.orient, outline=hi)
        return
    extra = key.orient or r.card.effect is not None
    ch = min(h, reserved_height(extra))
    yy = y + (h - ch) // 2
    draw_card(c, x, yy, w, ch, r.card, r.code, orient=r.orient, extra_line=extra, lang=key.lang, outline=hi)
    if r.code in key.buyable:
        draw_buyable(c, x, yy + 8, w, r.code)


def owned_lasting(p: PlayerView) -> dict[tuple[str, str | None], int]:
    """(effect, colour) -> how many of ``p``'s owned Orient cards with a lasting effect (LASTING)."""
    groups: dict[tuple[str, str | None], int] = {}
    for o in p.cards:
        effect = o.card.effect
        if effect in LASTING:
            key = (str(effect), o.color)
            groups[key] = groups.get(key, 0) + 1
    return groups


def draw_table(view: TableView, names: Sequence[str], lang: str, highlight: bool, record: bool = True) -> Canvas:
    return _Table(view, names, lang, highlight, record).draw()


def render_table(view: TableView, names: Sequence[str], lang: str, highlight: bool) -> bytes:
    return draw_table(view, names, lang, highlight, record=False).png()


def draw_pay(c: Canvas, x: int, y: int, w: int, p: PlayerView, card: CardView, lang: str) -> None:
    """Under a card of the hand image: what it costs this player after their bonuses (the section title says
    so), or "free for you"."""
    if card.effect == "discard_2":
        return
    net = net_cost(p, card)
    if not any(net):
        c.text(x + w / 2, y + 16, t("render.hand.free", lang), FONT_S, theme.TURN, align="m", role="net_free")
        return
    gems = [(COLORS[i], n) for i, n in enumerate(net) if n]
    step = min(34, (w - 4) // len(gems))
    gx = x + 2 + step / 2
    for col, n in gems:
        c.gem(col, gx, y + 16, min(32, step), n, FONT_M, role="net_cost")
        gx += step


def draw_hand(view: TableView, names: Sequence[str], lang: str) -> Canvas:
    """The viewer's hand: tokens, bonuses, owned Orient cards, reserved cards face up, what they can buy now,
    each card with what it costs them after their bonuses."""
    if view.viewer is None:
        raise ValueError("a hand image needs a seated viewer")
    p = view.seat(view.viewer)
    table = _Table(view, names, lang, False)
    cw = min(150, table.cw + 30)
    ch = card_height(True)
    pay_h = 36
    by_code: dict[str, tuple[CardView, bool]] = {}
    for row in view.rows:
        for s in row.slots:
            if s.card is not None:
                by_code[s.code] = (s.card, s.orient)
    for r in p.reserved:
        if r.card is not None:
            by_code[r.code] = (r.card, r.orient)
    afford = [code for code in view.affordable if code in by_code]
    lasting = [o for o in p.cards if o.card.effect in LASTING]
    per_row = INNER // (cw + GAP)
    afford_rows = max(1, -(-len(afford) // per_row))
    h = 70 + 120 + 36 + ch + pay_h + 20 + 36 + afford_rows * (ch + pay_h + 12) + 10
    if p.reserved_nobles:
        h += NOBLE_TILE + 40
    if lasting:
        h += 34 + ch + pay_h + 10
    c = Canvas(WIDTH, h)
    c.seat = p.seat
    c.seat_badge(p.seat, MARGIN, 10, 32)
    c.text(MARGIN + 44, 26, hand_title(names, p.seat, lang), FONT_M, theme.TEXT, role="name")
    c.text(WIDTH - MARGIN, 26, t("render.points", lang, count=p.points), FONT_M, theme.TEXT, align="r",
           role="points")
    c.text(MARGIN, 56, t(f"render.ruleset.{view.ruleset}", lang), FONT_S, theme.DIM)
    y = 76
    c.rect((MARGIN, y, WIDTH - MARGIN, y + 108), theme.PANEL, radius=10)
    c.text(MARGIN + 12, y + 28, t("render.bonus_short", lang), FONT_S, theme.DIM, weight="narrow")
    c.text(MARGIN + 12, y + 78, t("render.tokens_short", lang), FONT_S, theme.DIM, weight="narrow")
    gx = MARGIN + 100
    gold_cards = sum(1 for o in p.cards if o.card.effect == "double_gold")
    for i, col in enumerate((*COLORS, "o")):
        cx = gx + i * 60 + 24
        if i < 5:
            c.bonus(col, cx, y + 28, 40, p.bonuses[i], theme.FONT_NUM)
        elif gold_cards:
            c.bonus(col, cx, y + 28, 40, gold_cards, theme.FONT_NUM, role="gold_cards")
        c.gem(col, cx, y + 78, 46, p.tokens[i], theme.FONT_NUM, role="token")
    c.text(
        gx + 6 * 60 + 10,
        y + 78,
        t("render.token_total", lang, n=p.token_total),
        FONT_M,
        theme.HILITE if p.token_total >= 10 else theme.TEXT,
        role="token_total",
    )
    if gold_cards:
        c.text(gx + 6 * 60 + 10, y + 28, t("render.hand.gold_cards", lang, count=gold_cards, n=2 * gold_cards),
               FONT_S, theme.HILITE, weight="narrow", role="gold_cards")
    elif p.strongholds_left is not None:
        sx = gx + 6 * 60 + 10
        for _ in range(p.strongholds_left):
            c.tower(p.seat, sx, y + 8, TOWER)
            sx += 34
    y += 120
    if lasting:
        c.text(MARGIN, y + 14, t("render.hand.orient", lang), FONT_S, theme.DIM)
        y += 34
        x = MARGIN
        for o in lasting[:per_row]:
            draw_card(c, x, y, cw, ch, o.card, "", orient=True, extra_line=True, lang=lang)
            if o.card.bonus == "joker" and o.color:  # the colour the joker took
                c.text(x + 4, y + ch + 18, "→", FONT_M, theme.TEXT)
                c.gem(o.color, x + 44, y + ch + 18, 30, role="joker_color")
            x += cw + GAP
        y += ch + pay_h + 10
    c.text(MARGIN, y + 14, t("render.hand.reserved", lang), FONT_S, theme.DIM)
    c.text(WIDTH - MARGIN, y + 14, t("render.hand.pay_note", lang), FONT_S, theme.DIM, weight="narrow", align="r")
    y += 34
    x = MARGIN
    for r in p.reserved:
        if r.card is None:  # never for the viewer's own hand; drawn as a back all the same
            draw_back(c, x, y, cw, ch, r.level, r.code, orient=r.orient)
        else:
            draw_card(c, x, y, cw, ch, r.card, r.code, orient=r.orient, extra_line=True, lang=lang,
                      outline=theme.TURN if r.code in afford else None)
            if r.blind:
                c.text(x + 8, y + ch - 22, t("render.blind", lang), FONT_S, theme.DIM, weight="narrow")
            with c.within(ref=r.code):
                draw_pay(c, x, y + ch + 2, cw, p, r.card, lang)
        x += cw + GAP
    if not p.reserved:
        c.text(MARGIN, y + ch / 2, t("render.hand.none", lang), FONT_S, theme.DIM)
    y += ch + pay_h + 20
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
        yy = y + (i // per_row) * (ch + pay_h + 12)
        draw_card(c, x, yy, cw, ch, card, code, orient=orient, extra_line=True, lang=lang, outline=theme.TURN)
        draw_buyable(c, x, yy, cw, code)
        with c.within(ref=code):
            draw_pay(c, x, yy + ch + 2, cw, p, card, lang)
    return c


def render_hand(view: TableView, names: Sequence[str], lang: str) -> bytes:
    return draw_hand(view, names, lang).png()


def draw_recap_nobles(c: Canvas, x: float, cy: float, view: AnyView, seat: int, lang: str) -> None:
    """A seat's nobles on the recap: a small tile each, its points and the shapes of the colours it asked for."""
    if not isinstance(view, TableView):
        raise TypeError(f"not a {__name__} view: {type(view).__name__}")
    nobles = view.seats[seat].nobles
    if not nobles:
        c.text(x, cy, t("render.recap.none", lang), FONT_S, theme.DIM)
        return
    for nb in nobles:
        req = [COLORS[i] for i, n in enumerate(nb.requirement) if n]
        w = 34 + 22 * len(req)
        c.rect((x, cy - 18, x + w, cy + 18), theme.NOBLE, outline=theme.INK, width=1, radius=6)
        c.note("noble", nb.id, (x, cy - 18, x + w, cy + 18), "noble")
        c.text(x + 8, cy, str(nb.points), FONT_M, theme.INK, role="noble_points")
        for i, col in enumerate(req):
            c.gem(col, x + 40 + 22 * i, cy, 20)
        x += w + 8


def draw_recap(history: Sequence[AnyView], names: Sequence[str], lang: str) -> Canvas:
    from bot.render.recap import draw_recap as recap

    return recap(history, names, lang, draw_recap_nobles, t(f"render.ruleset.{history[-1].ruleset}", lang),
                 lambda n: t("render.points", lang, count=n))
