"""Spectacle tables and hands (rules P-1 .. P-10), drawn from a view.

Layout: header, results (game over), nobles and the deck, the 3×3 grid (left) with
the chip stacks (right, top chip first), one panel per player (VP, nobles, claims,
tableau by suit, chips, hand), the last move.  Suits are drawn shapes in four colours
(a four-colour deck), chips carry their value.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from PIL import Image, ImageDraw

from bot.i18n import t
from bot.render import common, theme
from bot.render.common import (
    INNER,
    draw_footer,
    draw_header,
    draw_panel_frame,
    draw_results,
    hand_title,
    player_name,
    told_events,
)
from bot.render.draw import SS, Canvas, cap_height, fit, rounded_mask, text_width
from bot.render.theme import FONT_L, FONT_M, FONT_S, FONT_XL, GAP, MARGIN, WIDTH
from bot.text import event_lines
from engine import TableView as AnyView
from engine.spectacle.view import SUITS, CardView, NobleView, SeatView, StackView, TableView

CW, CH = 118, 118  # grid cards
HW, HH = 78, 104  # cards in a hand panel
CHIP = 40
PRICE_H = 30  # the price line under a card of the hand image
PANEL_H = 170
TAG_H = cap_height(FONT_S) + 10
RANKS = {"j": "J", "q": "Q", "k": "K"}
def value_text(value: int) -> str:
    return "A" if value == 1 else str(value)


@lru_cache(maxsize=64)
def suit_sprite(suit: str, size: int) -> Image.Image:
    """A suit drawn from primitives (supersampled)."""
    s = size * SS
    im = Image.new("RGBA", (s, s), (0, 0, 0, 0))
    d = ImageDraw.Draw(im)
    col = theme.SUIT_COLORS[suit]
    r = s * 0.26
    if suit == "d":
        d.polygon([(s / 2, s * 0.04), (s * 0.86, s / 2), (s / 2, s * 0.96), (s * 0.14, s / 2)], fill=col)
    elif suit in ("h", "s"):
        # a heart; a spade is an upside-down heart with a stem
        cy = s * 0.36
        d.ellipse((s / 2 - 2 * r, cy - r, s / 2, cy + r), fill=col)
        d.ellipse((s / 2, cy - r, s / 2 + 2 * r, cy + r), fill=col)
        d.polygon([(s / 2 - 1.95 * r, cy + 0.3 * r), (s / 2 + 1.95 * r, cy + 0.3 * r), (s / 2, s * 0.92)], fill=col)
        if suit == "s":
            im = im.transpose(Image.Transpose.FLIP_TOP_BOTTOM)
            d = ImageDraw.Draw(im)
            d.polygon([(s / 2, s * 0.55), (s * 0.66, s * 0.98), (s * 0.34, s * 0.98)], fill=col)
    else:  # clubs: three balls and a stem
        rr = s * 0.2
        for cx, cy in ((s / 2, s * 0.28), (s * 0.29, s * 0.58), (s * 0.71, s * 0.58)):
            d.ellipse((cx - rr, cy - rr, cx + rr, cy + rr), fill=col)
        d.rectangle((s / 2 - rr * 0.3, s * 0.4, s / 2 + rr * 0.3, s * 0.7), fill=col)
        d.polygon([(s / 2, s * 0.6), (s * 0.68, s * 0.98), (s * 0.32, s * 0.98)], fill=col)
    return im.resize((size, size), Image.Resampling.LANCZOS)


@lru_cache(maxsize=16)
def chip_sprite(value: int, size: int) -> Image.Image:
    fill, _ = theme.CHIPS[value]
    s = size * SS
    im = Image.new("RGBA", (s, s), (0, 0, 0, 0))
    d = ImageDraw.Draw(im)
    d.ellipse((SS, SS, s - SS, s - SS), fill=fill, outline=theme.INK, width=int(1.5 * SS))
    d.ellipse((s * 0.2, s * 0.2, s * 0.8, s * 0.8), outline=theme.INK, width=SS)  # inner ring: a chip
    return im.resize((size, size), Image.Resampling.LANCZOS)


def draw_chip(c: Canvas, value: int, cx: float, cy: float, size: int = CHIP) -> None:
    c.sprite(chip_sprite(value, size), cx - size / 2, cy - size / 2)
    c.text(cx, cy, str(value), theme.FONT_NUM if size >= 36 else FONT_S, theme.CHIPS[value][1], weight="narrow",
           align="m", role="chip")


@lru_cache(maxsize=256)
def card_sprite(card: CardView, w: int, h: int) -> Image.Image:
    c = Canvas(w, h, theme.CARD)
    col = theme.SUIT_COLORS[card.suit]
    c.text(8, 20, value_text(card.value), FONT_L, col)
    c.sprite(suit_sprite(card.suit, 22), 8 + text_width(value_text(card.value), FONT_L) + 4, 9)
    big = min(w, h) // 2
    c.sprite(suit_sprite(card.suit, big), (w - big) / 2, (h - big) / 2 + 4)
    return c.im


def draw_card(
    c: Canvas,
    x: int,
    y: int,
    w: int,
    h: int,
    card: CardView | None,
    code: str,
    outline: tuple[int, int, int] | None = None,
    card_code: bool = True,
) -> None:
    if card is None:
        c.rect((x, y, x + w, y + h), theme.CARD_BACK, outline=theme.WHITE, width=2, radius=9)
        c.rect((x + 6, y + 6, x + w - 6, y + h - 6), None, outline=theme.WHITE, width=1, radius=6)
        with c.within(ref=code):
            c.note("back", "", (x, y, x + w, y + h))
    else:
        c.im.paste(card_sprite(card, w, h), (x, y), rounded_mask(w, h, 9))
        with c.within(ref=code):
            c.note("card", card.code, (x, y, x + w, y + h))
        c.rect((x, y, x + w - 1, y + h - 1), None, outline=theme.INK, width=1, radius=9)
        if card_code:
            c.tag(x + 4, y + h - 3 - TAG_H, card.code, fill=theme.LINE)
    c.tag(x + w - 4, y + h - 3 - TAG_H, code, align="r")
    if outline is not None:
        c.rect((x - 3, y - 3, x + w + 2, y + h + 2), None, outline=outline, width=4, radius=11)


def suit_chip(c: Canvas, suit: str, x: float, y: float, size: int) -> None:
    """A suit on a light tile: on a dark panel the black spade keeps its contrast (at least 3:1)."""
    c.rect((x, y, x + size, y + size), theme.CARD, outline=theme.INK, width=1, radius=6)
    inner = size - 6
    c.sprite(suit_sprite(suit, inner), x + 3, y + 3)
    c.note("mark", suit, (x, y, x + size, y + size), "suit")


def draw_buyable(c: Canvas, x: int, y: int, w: int, code: str, *, height: int | None = None) -> None:
    """A card the player to move can buy now: a green ✓ pill across its top edge at its right corner (the rank and
    suit read from the left: a pill in the middle hid the suit of a ``2♥``), or, for a narrow card of ``height``
    (a hand's), across its bottom edge at its left corner, where a hand's card has no label."""
    pw = 34
    top = y + height - 13 if height is not None else y - 10
    left = x - 6 if height is not None else x + w - pw + 6
    box = (left, top, left + pw, top + 26)
    c.rect(box, theme.TURN, outline=theme.INK, width=2, radius=12)
    c.text(left + pw / 2, top + 13, "✓", FONT_M, theme.INK, align="m", role="buyable")
    with c.within(ref=code):
        c.note("mark", "buyable", box, "buyable")


def draw_noble(c: Canvas, x: int, y: int, n: NobleView, lang: str, w: int = 112, h: int = 96) -> None:
    """Rank and suit, threshold, power, code."""
    c.rect((x, y, x + w, y + h), theme.NOBLE, outline=theme.INK, width=1, radius=9)
    with c.within(ref=n.code):
        c.note("noble", n.code, (x, y, x + w, y + h), "noble")
    c.text(x + 8, y + 20, RANKS.get(n.rank, n.rank.upper()), FONT_L, theme.SUIT_COLORS[n.suit])
    c.sprite(suit_sprite(n.suit, 24), x + 31, y + 8)
    c.text(x + w - 6, y + 20, f"≥{n.threshold}", FONT_S, theme.INK, align="r")
    label = fit(t(f"render.spectacle.power.{n.power}", lang), FONT_S, w - 12, "narrow")
    c.text(x + 8, y + 50, label, FONT_S, theme.ORIENT, weight="narrow")
    c.tag(x + 6, y + h - 6 - TAG_H, n.code)


class _Table:
    def __init__(self, view: TableView, names: Sequence[str], lang: str, highlight: bool,
                 record: bool = True) -> None:
        self.v = view
        self.record = record
        self.names = names
        self.lang = lang
        self.highlight = highlight
        self.codes: set[str] = set()
        if highlight:
            for e in view.last_events:
                for val in e.params.values():
                    for item in val if isinstance(val, list | tuple) else (val,):
                        self.codes.add(str(item))
        events = told_events(view)
        self.lines = event_lines(view, events, names, lang)[:4] if highlight else []
        self.buyable = buyable_codes(view)

    def name(self, seat: int) -> str:
        return player_name(self.names, seat, self.lang)

    def height(self) -> int:
        h = 70 + (44 + 38 * len(self.v.seats) + 8 if self.v.is_over else 0)
        h += 26 + 96 + 12 + 26 + 3 * (CH + GAP) + 12
        h += len(self.v.seats) * (PANEL_H + 8) + 16 + common.footer_height(self.lines)
        return h

    def draw(self) -> Canvas:
        v = self.v
        c = Canvas(WIDTH, self.height(), record=self.record)
        y = self.header(c)
        if v.is_over:
            y = self.results(c, y)
        # nobles and deck
        c.text(MARGIN, y + 11, t("render.nobles", self.lang), FONT_S, theme.DIM)
        x = MARGIN
        for n in v.nobles:
            draw_noble(c, x, y + 26, n, self.lang)
            x += 118
        dx = WIDTH - MARGIN - 84
        c.text(dx, y + 11, t("render.spectacle.deck", self.lang), FONT_S, theme.DIM)
        c.rect(
            (dx, y + 26, dx + 84, y + 122),
            theme.CARD_BACK if v.deck else theme.PANEL,
            outline=theme.WHITE,
            width=2,
            radius=9,
        )
        with c.within(ref="deck"):  # where a blind reserve is chosen (the web table)
            c.note("deck", str(v.deck), (dx, y + 26, dx + 84, y + 122))
        c.text(dx + 42, y + 58, str(v.deck), FONT_XL, theme.WHITE, align="m", role="deck_count")
        if v.deck:  # what a player types to reserve blind (`res deck`), in the table's language
            c.tag(dx + 42, y + 118 - TAG_H, t("render.spectacle.deck_code", self.lang), align="m")
        if v.discarded:
            c.text(
                dx - 12,
                y + 106,
                t("render.spectacle.discard_pile", self.lang, count=v.discarded),
                FONT_S,
                theme.DIM,
                weight="narrow",
                align="r",
                role="discarded",
            )
        y += 26 + 96 + 12
        # grid and stacks
        c.text(MARGIN, y + 11, t("render.spectacle.grid", self.lang), FONT_S, theme.DIM)
        sx = MARGIN + 3 * (CW + GAP) + 24
        c.text(sx, y + 11, t("render.spectacle.stacks", self.lang), FONT_S, theme.DIM)
        y += 26
        for i, slot in enumerate(v.grid):
            gx = MARGIN + (i % 3) * (CW + GAP)
            gy = y + (i // 3) * (CH + GAP)
            hi = theme.HILITE if slot.code in self.codes else None
            if slot.card is None:
                c.rect((gx, gy, gx + CW, gy + CH), None, outline=theme.LINE, width=2, radius=9)
                c.text(gx + CW / 2, gy + CH / 2, slot.code, FONT_S, theme.DIM, align="m")
            else:
                draw_card(c, gx, gy, CW, CH, slot.card, slot.code, hi)
                if slot.card.code in self.buyable:
                    draw_buyable(c, gx, gy, CW, slot.code)
        step = min(64, (WIDTH - MARGIN - sx) // max(1, len(v.stacks)))
        for i, st in enumerate(v.stacks):
            self.stack(c, sx + i * step, y, step - 8, st)
        y += 3 * (CH + GAP) + 12
        for p in v.seats:
            with c.within(seat=p.seat):
                self.panel(c, y, p)
            y += PANEL_H + 8
        draw_footer(c, y, self.lines)
        return c

    def header(self, c: Canvas) -> int:
        v = self.v
        end = ""
        if v.final_round and not v.is_over and v.end_reason:
            end = t(f"render.spectacle.end.{v.end_reason}", self.lang, count=v.target)
        if self.buyable:  # the legend of the marks
            end = f"{end}  ·  {t('render.can_buy', self.lang)}" if end else t("render.can_buy", self.lang)
        return draw_header(c, v, self.lang, self.name, title=t("render.ruleset.spectacle", self.lang),
                           pending_key="render.spectacle.pending", extra=end,
                           goal=t("render.spectacle.target", self.lang, count=v.target))

    def results(self, c: Canvas, y: int) -> int:
        return draw_results(c, self.v, y, self.name, lambda p: (
            t("render.spectacle.vp_count", self.lang, count=self.v.seats[p].vp), ""), self.lang)

    def stack(self, c: Canvas, x: int, y: int, w: int, st: StackView) -> None:
        hi = self.highlight and any(
            st.code in {str(x) for x in (*e.params.get("stacks", ()), e.params.get("stack"))}
            for e in self.v.last_events
        )
        c.rect(
            (x, y, x + w, y + 3 * (CH + GAP) - GAP),
            theme.PANEL,
            outline=theme.HILITE if hi else theme.LINE,
            width=3 if hi else 1,
            radius=8,
        )
        c.tag(x + w / 2, y + 6, st.code, align="m")
        with c.within(ref=st.code):  # where its chips are taken (the web table)
            c.note("stack", st.code, (x, y, x + w, y + 3 * (CH + GAP) - GAP))
        cy = y + 6 + TAG_H + 8 + CHIP / 2
        for i in range(st.capacity):
            if i < len(st.chips):
                draw_chip(c, st.chips[i], x + w / 2, cy, CHIP)
            else:
                c.d.ellipse(
                    (x + w / 2 - CHIP / 2 + 2, cy - CHIP / 2 + 2, x + w / 2 + CHIP / 2 - 2, cy + CHIP / 2 - 2),
                    outline=theme.LINE,
                    width=2,
                )
            cy += CHIP + 6

    def panel(self, c: Canvas, y: int, p: SeatView) -> None:
        v = self.v
        turn = draw_panel_frame(c, v, p.seat, y, PANEL_H, self.highlight)
        last = self.highlight and v.last_seat == p.seat
        x0, x1 = MARGIN, WIDTH - MARGIN
        hx = x1 - 6 - 3 * (HW + GAP) + GAP
        c.seat_badge(p.seat, x0 + 10, y + 10, 30)
        name = ("▶ " if turn else "") + self.name(p.seat)
        if v.viewer == p.seat:
            name += " " + t("render.you", self.lang)
        vp = t("render.spectacle.vp_count", self.lang, count=p.vp)
        c.text(x0 + 50, y + 25, fit(name, FONT_M, hx - x0 - 200), FONT_M, theme.TURN if turn else theme.TEXT,
               role="name")
        c.text(hx - 14, y + 25, vp, FONT_L, theme.TEXT, align="r", role="points")
        # tableau by suit: suit, total, values
        colw = (hx - 10 - (x0 + 10)) // 4
        for i, suit in enumerate(SUITS):
            sx = x0 + 10 + i * colw
            suit_chip(c, suit, sx, y + 48, 30)
            c.text(sx + 36, y + 63, str(p.suit_totals[i]), FONT_M, theme.TEXT, role="suit_total")
            vals = " ".join(value_text(cd.value) for cd in p.tableau[i])
            c.text(sx, y + 94, fit(vals, FONT_S, colw - 8, "narrow"), FONT_S, theme.DIM, weight="narrow")
        # chips, nobles, claims
        cx = x0 + 10 + CHIP / 2
        for val in p.chips:
            draw_chip(c, val, cx, y + 138, 36)
            cx += 40
        c.text(
            cx,
            y + 138,
            t("render.spectacle.chip_total", self.lang, count=p.chip_count, n=p.chip_total),
            FONT_S,
            theme.HILITE if p.chip_count >= 5 else theme.DIM,
            weight="narrow",
        )
        nx = hx - 14
        for n in reversed(p.nobles):
            c.rect((nx - 44, y + 122, nx, y + 154), theme.NOBLE, outline=theme.INK, width=2, radius=5)
            c.text(nx - 22, y + 138, RANKS.get(n.rank, "?"), FONT_S, theme.SUIT_COLORS[n.suit], align="m")
            nx -= 48
        if p.claims:
            c.text(
                nx,
                y + 138,
                f"{t('render.spectacle.claims', self.lang)} {len(p.claims)}",
                FONT_S,
                theme.DIM,
                weight="narrow",
                align="r",
            )
        # hand
        for h in p.hand:
            hi = theme.HILITE if last and h is p.hand[-1] and any(e.kind == "reserve" for e in v.last_events) else None
            draw_card(c, hx, y + (PANEL_H - HH) // 2, HW, HH, h.card, h.code, hi, card_code=False)
            if h.card is not None and h.card.code in self.buyable:
                draw_buyable(c, hx, y + (PANEL_H - HH) // 2, HW, h.code, height=HH)
            hx += HW + GAP


def draw_table(view: TableView, names: Sequence[str], lang: str, highlight: bool, record: bool = True) -> Canvas:
    return _Table(view, names, lang, highlight, record).draw()


def render_table(view: TableView, names: Sequence[str], lang: str, highlight: bool) -> bytes:
    return draw_table(view, names, lang, highlight, record=False).png()


def render_hand(view: TableView, names: Sequence[str], lang: str) -> bytes:
    return draw_hand(view, names, lang).png()


def draw_hand(view: TableView, names: Sequence[str], lang: str) -> Canvas:
    """The viewer's hand: cards in hand face up, chips, tableau totals, what they can buy now."""
    if view.viewer is None:
        raise ValueError("a hand image needs a seated viewer")
    p = view.seat(view.viewer)
    cards = {s.card.code: s for s in view.grid if s.card is not None}
    afford = [code for code in view.affordable if code in cards or any(h.card and h.card.code == code for h in p.hand)]
    per_row = INNER // (CW + GAP)
    h = 70 + 80 + 34 + CH + PRICE_H + 20 + 34 + max(1, -(-len(afford) // per_row)) * (CH + PRICE_H + 12) + 10
    c = Canvas(WIDTH, h)
    c.seat = p.seat
    c.seat_badge(p.seat, MARGIN, 10, 32)
    c.text(
        MARGIN + 44,
        26,
        hand_title(names, p.seat, lang),
        FONT_M,
        theme.TEXT,
    )
    c.text(WIDTH - MARGIN, 26, t("render.spectacle.vp_count", lang, count=p.vp), FONT_M, theme.TEXT, align="r")
    y = 66
    c.rect((MARGIN, y, WIDTH - MARGIN, y + 72), theme.PANEL, radius=10)
    x = MARGIN + 12
    for i, suit in enumerate(SUITS):
        suit_chip(c, suit, x, y + 6, 34)
        c.text(x + 40, y + 23, str(p.suit_totals[i]), FONT_M, theme.TEXT, role="suit_total")
        x += 84
    cx = x + 10 + 18
    for val in p.chips:
        draw_chip(c, val, cx, y + 36, 40)
        cx += 44
    c.text(
        cx,
        y + 36,
        t("render.spectacle.chip_total", lang, count=p.chip_count, n=p.chip_total),
        FONT_S,
        theme.DIM,
        weight="narrow",
    )
    y += 84
    c.text(MARGIN, y + 14, t("render.hand.reserved", lang), FONT_S, theme.DIM)
    c.text(WIDTH - MARGIN, y + 14, t("render.hand.pay_note", lang), FONT_S, theme.DIM, weight="narrow", align="r")
    y += 34
    x = MARGIN
    for hc in p.hand:
        draw_card(c, x, y, CW, CH, hc.card, hc.code)
        if hc.card is not None:
            draw_price(c, x, y + CH + 2, p, hc.card, hc.code, lang)
        x += CW + GAP
    if not p.hand:
        c.text(MARGIN, y + CH / 2, t("render.hand.none", lang), FONT_S, theme.DIM)
    y += CH + PRICE_H + 20
    c.text(MARGIN, y + 14, t("render.hand.afford", lang), FONT_S, theme.DIM)
    y += 34
    if not afford:
        c.text(MARGIN, y + 20, t("render.hand.nothing", lang), FONT_S, theme.TEXT)
    hand_cards = {hc.card.code: hc for hc in p.hand if hc.card is not None}
    for i, code in enumerate(afford):
        gx = MARGIN + (i % per_row) * (CW + GAP)
        gy = y + (i // per_row) * (CH + PRICE_H + 12)
        if code in cards:
            slot = cards[code]
            card, where = slot.card, slot.code
        else:
            card, where = hand_cards[code].card, hand_cards[code].code
        if card is None:
            continue
        draw_card(c, gx, gy, CW, CH, card, where, theme.TURN)
        draw_buyable(c, gx, gy, CW, where)
        draw_price(c, gx, gy + CH + 2, p, card, where, lang)
    return c


def buyable_codes(v: TableView) -> frozenset[str]:
    """Codes of the cards the player to move can buy now, among those this view shows: the engine's answer
    (``view.buyable``; none while a decision is pending or once the game is over)."""
    return frozenset(v.buyable)

def price_for(p: SeatView, card: CardView) -> int:
    """What ``card`` costs ``p`` (P-5): its value minus one per bonus card of its suit they have, at least 0."""
    return max(0, card.value - len(p.tableau[SUITS.index(card.suit)]))


def draw_price(c: Canvas, x: int, y: int, p: SeatView, card: CardView, code: str, lang: str) -> None:
    """Under a card of the hand image: its price for this player after their bonus cards."""
    price = price_for(p, card)
    with c.within(ref=code):
        c.text(x + CW / 2, y + 14, t("render.spectacle.price", lang, count=price), FONT_S,
               theme.TURN if price == 0 else theme.TEXT, align="m", role="price")


def draw_recap_nobles(c: Canvas, x: float, cy: float, view: AnyView, seat: int, lang: str) -> None:
    """A seat's nobles on the recap: rank in its suit's colour and the suit, on a light tile."""
    if not isinstance(view, TableView):
        raise TypeError(f"not a {__name__} view: {type(view).__name__}")
    nobles = view.seats[seat].nobles
    if not nobles:
        c.text(x, cy, t("render.recap.none", lang), FONT_S, theme.DIM)
        return
    for n in nobles:
        c.rect((x, cy - 18, x + 70, cy + 18), theme.NOBLE, outline=theme.INK, width=1, radius=6)
        c.note("noble", n.code, (x, cy - 18, x + 70, cy + 18), "noble")
        c.text(x + 8, cy, RANKS.get(n.rank, n.rank.upper()), FONT_M, theme.SUIT_COLORS[n.suit], role="noble_rank")
        c.sprite(suit_sprite(n.suit, 28), x + 34, cy - 14)
        x += 78


def draw_recap(history: Sequence[AnyView], names: Sequence[str], lang: str) -> Canvas:
    from bot.render.recap import draw_recap as recap

    return recap(history, names, lang, draw_recap_nobles, t("render.ruleset.spectacle", lang),
                 lambda n: t("render.spectacle.vp_count", lang, count=n))
