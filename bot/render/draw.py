"""Drawing primitives: a canvas with cached text masks and supersampled sprites.

All caches are bounded (``lru_cache`` with a ``maxsize``): a long-running bot renders
many games, and names and numbers vary.
"""

from __future__ import annotations

import math
import struct
import unicodedata
import zlib
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw, ImageFont, features
from zlib_ng import zlib_ng

from bot.render import theme
from bot.render.theme import RGB

SS = 4  # supersampling factor for sprites


@lru_cache(maxsize=64)
def cap_height(size: int, weight: str = "bold") -> int:
    box = theme.font(size, weight).getbbox("H0", anchor="ls")
    return -int(box[1])


@lru_cache(maxsize=4096)
def text_box(text: str, size: int, weight: str = "bold") -> tuple[int, int, int, int]:
    """(x0, y0, x1, y1): the ink box of ``text`` around its pen start on the baseline, as :func:`text_mask`
    draws it, read from the fonts' metrics without drawing (what wrapping and fitting measure, many
    times a sentence)."""
    words = _words(text, size, weight)
    if words is not None:  # a sentence: the box of its words' boxes
        boxes = [(at, text_box(word, size, weight)) for word, at in words]
        return (min(at + b[0] for at, b in boxes), min(b[1] for _, b in boxes),
                max(at + b[2] for at, b in boxes), max(b[3] for _, b in boxes))
    placed = _placed(text, size, weight)
    if text_runs(text, weight)[0][0] < 0 and len(placed) == 1:  # the main font alone: its own ink box
        f, run, _, scale = placed[0]
        return _run_box(f, run, scale)
    x0 = y0 = x1 = y1 = 0  # fallback fonts: the box of their boxes and the pen's start
    for f, run, at, scale in placed:
        bx0, by0, bx1, by1 = _run_box(f, run, scale)
        x0, y0 = min(x0, int(at) + bx0), min(y0, by0)
        x1, y1 = max(x1, int(at) + bx1), max(y1, by1)
    return x0, y0, x1, y1


def _words(text: str, size: int, weight: str) -> list[tuple[str, int]] | None:
    """A sentence in the main font alone, laid out left to right, as its words and their pens (whole px): it is
    measured and drawn from its words' cached boxes and masks, since the last move's sentences are new every turn
    and their words are not (FreeType lays out and draws a whole sentence for each new one, about 1 ms).  None for
    a single word, a text that needs a fallback font, and right-to-left text (shaped as a whole)."""
    if " " not in text or _direction(text) is not None:
        return None
    runs = text_runs(text, weight)
    if len(runs) != 1 or runs[0][0] >= 0:
        return None
    space = word_length(" ", size, weight)
    out: list[tuple[str, int]] = []
    pen = 0.0
    for word in text.split(" "):
        if word:
            out.append((word, round(pen)))
            pen += word_length(word, size, weight)
        pen += space
    return out or None


def _placed(text: str, size: int, weight: str) -> list[tuple[ImageFont.FreeTypeFont, str, float, float]]:
    """``text``'s runs (:func:`text_runs`), each with its font, pen position and scale (1, or ``size /
    EMOJI_PPEM`` for the colour emoji drawn at their one size, then scaled)."""
    runs = text_runs(text, weight)
    if len(runs) == 1 and runs[0][0] < 0:
        return [(theme.font(size, weight), runs[0][1], 0.0, 1.0)]
    placed: list[tuple[ImageFont.FreeTypeFont, str, float, float]] = []
    pen = 0.0
    for index, run in runs:
        f = theme.font(size, weight) if index < 0 else theme.fallback_font(index, size)
        scale = size / theme.EMOJI_PPEM if index == _EMOJI else 1.0
        placed.append((f, run, pen, scale))
        pen += f.getlength(run, direction=_direction(run)) * scale
    return placed


def _run_box(f: ImageFont.FreeTypeFont, run: str, scale: float) -> tuple[int, int, int, int]:
    """A run's ink box around its pen start (a colour run's box scaled as its image is)."""
    x0, y0, x1, y1 = (int(v) for v in f.getbbox(run, anchor="ls", direction=_direction(run)))
    if scale == 1.0:
        return x0, y0, x1, y1
    left, top = round(x0 * scale), round(y0 * scale)
    return left, top, left + max(1, round((x1 - x0) * scale)), top + max(1, round((y1 - y0) * scale))


@lru_cache(maxsize=4096)
def text_mask(text: str, size: int, weight: str) -> tuple[Image.Image, int, int, int]:
    """(mask, x offset, y offset from the baseline, ink width) of ``text``.

    Characters the main font lacks are drawn with the bundled fallbacks (Arabic, CJK, emoji and
    symbols, theme.FALLBACKS); one that no font has becomes ``?``, never an empty box."""
    x0, y0, x1, y1 = text_box(text, size, weight)
    w, h = max(1, x1 - x0), max(1, y1 - y0)
    mask = Image.new("L", (w, h), 0)
    words = _words(text, size, weight)
    if words is not None:  # a sentence: its words' masks, each where the sentence's layout puts it
        for word, pen in words:
            part, px0, py0, _ = text_mask(word, size, weight)
            left, top = pen + px0 - x0, py0 - y0
            mask.im.paste(255, (left, top, left + part.width, top + part.height), part.im)
        return mask, x0, y0, x1 - x0
    placed = _placed(text, size, weight)
    d = ImageDraw.Draw(mask)
    for f, run, at, scale in placed:
        if scale == 1.0:  # colour runs are drawn in their own colours: text_colour
            d.text((at - x0, -y0), run, font=f, fill=255, anchor="ls", direction=_direction(run))
    return mask, x0, y0, x1 - x0


@lru_cache(maxsize=512)
def text_colour(text: str, size: int, weight: str = "bold") -> tuple[tuple[Image.Image, int, int], ...]:
    """The colour emoji of ``text``: (RGBA image, x, y) each, placed from the top left of its
    :func:`text_mask` (which leaves them out); none for most texts."""
    if text_runs(text, weight)[0][0] < 0 and len(text_runs(text, weight)) == 1:
        return ()
    x0, y0, _, _ = text_box(text, size, weight)
    out: list[tuple[Image.Image, int, int]] = []
    for f, run, at, scale in _placed(text, size, weight):
        if scale == 1.0:
            continue
        bx0, by0, bx1, by1 = (int(v) for v in f.getbbox(run, anchor="ls"))
        im = Image.new("RGBA", (max(1, bx1 - bx0), max(1, by1 - by0)), (0, 0, 0, 0))
        ImageDraw.Draw(im).text((-bx0, -by0), run, font=f, anchor="ls", embedded_color=True)
        left, top, right, bottom = _run_box(f, run, scale)
        im = im.resize((right - left, bottom - top), Image.Resampling.LANCZOS)
        out.append((im, int(at) + left - x0, top - y0))
    return tuple(out)


_ZERO_WIDTH = {"Mn", "Me", "Cf"}
_EMOJI = theme.FALLBACKS.index(theme.EMOJI)
#: Inside an emoji run: zero-width joiner, emoji presentation selector, keycap, the tags of subdivision flags.
_EMOJI_JOINERS = frozenset({0x200D, 0xFE0F, 0x20E3, *range(0xE0020, 0xE0080)})
_SKIN_TONES = range(0x1F3FB, 0x1F400)
_RAQM = features.check("raqm")


def _direction(text: str) -> str | None:
    """Lines are laid out left to right: a right-to-left name (Arabic, Hebrew) is shaped and read right to
    left inside a line that stays in the image's order ("▶ name to play")."""
    if _RAQM and any(unicodedata.bidirectional(ch) in ("R", "AL") for ch in text):
        return "ltr"
    return None


@lru_cache(maxsize=4096)
def text_runs(text: str, weight: str = "bold") -> tuple[tuple[int, str], ...]:
    """``text`` cut into runs drawn with one font each: (-1: the main font, else an index of theme.FALLBACKS).

    A character stays with the run's font while that font has it (a space between two Arabic words
    keeps the words in one right-to-left run); a mark or joiner no font has is dropped, and any other
    missing character becomes ``?``."""
    main = theme.coverage(theme.FONT_FILES[weight])
    if "\ufe0f" not in text and all(ord(ch) in main for ch in text):
        return ((-1, text),)
    fonts = [main, *(theme.coverage(name) for name in theme.FALLBACKS)]
    emoji = fonts[_EMOJI + 1]
    runs: list[tuple[int, list[str]]] = []
    for at, ch in enumerate(text):
        cp = ord(ch)
        if cp in _SKIN_TONES:  # not bundled: the emoji before it is drawn plain
            continue
        presented = cp in emoji and text[at + 1:at + 2] == "\ufe0f"  # emoji presentation asked for ("❤️")
        if runs and runs[-1][0] == _EMOJI:  # an emoji run goes on with joiners and emoji, not letters or digits
            if cp in _EMOJI_JOINERS or (cp in emoji and (cp not in main or presented)):
                runs[-1][1].append(ch)
                continue
        elif runs and not presented and cp in fonts[runs[-1][0] + 1]:
            runs[-1][1].append(ch)
            continue
        index = _EMOJI if presented else next((i - 1 for i, cov in enumerate(fonts) if cp in cov), None)
        if index is None:
            if unicodedata.category(ch) in _ZERO_WIDTH:
                continue
            index, ch = -1, "?"
        if runs and runs[-1][0] == index:
            runs[-1][1].append(ch)
        else:
            runs.append((index, [ch]))
    return tuple((i, "".join(chars)) for i, chars in runs) or ((-1, ""),)


def missing_glyphs(text: str, weight: str = "bold") -> str:
    """The characters of ``text`` that no bundled font can draw (they are shown as ``?``)."""
    fonts = [theme.coverage(theme.FONT_FILES[weight]), *(theme.coverage(name) for name in theme.FALLBACKS)]
    return "".join(ch for ch in text if not any(ord(ch) in cov for cov in fonts)
                   and unicodedata.category(ch) not in _ZERO_WIDTH)


def text_width(text: str, size: int, weight: str = "bold") -> int:
    """The ink width of ``text`` (the width of its :func:`text_mask`), measured without drawing."""
    box = text_box(text, size, weight)
    return box[2] - box[0]


@lru_cache(maxsize=4096)
def word_length(word: str, size: int, weight: str = "bold") -> float:
    """The main font's advance of ``word`` (an estimate for wrapping: the exact width is :func:`text_width`)."""
    return float(theme.font(size, weight).getlength(word))


def fit(text: str, size: int, width: int, weight: str = "bold") -> str:
    """``text`` cut with an ellipsis to fit ``width`` px."""
    if text_width(text, size, weight) <= width:
        return text
    while text and text_width(text + "…", size, weight) > width:
        text = text[:-1]
    return text + "…"


def fit_name(say: Callable[[str], str], name: str, size: int, width: int, weight: str = "bold",
             least: int = 120) -> str:
    """The sentence ``say(name)`` fitted to ``width`` px by cutting the name (with "…"), not the words after
    it: a 32-letter name must not push "return tokens" off a line.  The name keeps at least ``least`` px;
    whatever still overflows is cut at the end."""
    text = say(name)
    if text_width(text, size, weight) <= width:
        return text
    room = max(least, width - text_width(say(""), size, weight) - 4)
    return fit(say(fit(name, size, room, weight)), size, width, weight)


def _poly(kind: str, cx: float, cy: float, r: float) -> list[tuple[float, float]]:
    if kind == "diamond":
        r *= 1.1
        return [(cx, cy - r), (cx + r, cy), (cx, cy + r), (cx - r, cy)]
    if kind == "hexagon":
        return [
            (cx + r * math.cos(math.radians(90 + 60 * i)), cy + r * math.sin(math.radians(90 + 60 * i)))
            for i in range(6)
        ]
    if kind == "shield":
        return [
            (cx - 0.9 * r, cy - 0.85 * r),
            (cx + 0.9 * r, cy - 0.85 * r),
            (cx + 0.9 * r, cy + 0.2 * r),
            (cx, cy + 1.05 * r),
            (cx - 0.9 * r, cy + 0.2 * r),
        ]
    if kind == "seal":
        pts = []
        for i in range(32):
            rr = r if i % 2 == 0 else r * 0.84
            a = math.radians(360 / 32 * i)
            pts.append((cx + rr * math.cos(a), cy + rr * math.sin(a)))
        return pts
    raise ValueError(kind)


def _shape(d: ImageDraw.ImageDraw, kind: str, cx: float, cy: float, r: float, fill: RGB, outline: RGB, w: int) -> None:
    if kind == "circle":
        d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=fill, outline=outline, width=w)
    elif kind == "square":
        q = r * 0.86
        d.rounded_rectangle((cx - q, cy - q, cx + q, cy + q), radius=int(r * 0.25), fill=fill, outline=outline, width=w)
    else:
        d.polygon(_poly(kind, cx, cy, r), fill=fill, outline=outline, width=w)


@lru_cache(maxsize=256)
def gem_sprite(color: str, size: int, ring: RGB | None = None) -> Image.Image:
    """An RGBA gem of ``color`` (a letter of theme.GEMS) in its own shape, ``size`` px square."""
    fill, outline, _ = theme.GEMS[color]
    s = size * SS
    im = Image.new("RGBA", (s, s), (0, 0, 0, 0))
    d = ImageDraw.Draw(im)
    r = s / 2 - SS
    kind = theme.SHAPES[color]
    if ring is not None:
        _shape(d, kind, s / 2, s / 2, r, ring, ring, 1)
        r -= 2 * SS
    _shape(d, kind, s / 2, s / 2, r, fill, outline, int(1.5 * SS))
    if color == "o":  # a coin: inner ring
        d.ellipse((s / 2 - r * 0.62, s / 2 - r * 0.62, s / 2 + r * 0.62, s / 2 + r * 0.62), outline=outline, width=SS)
    return im.resize((size, size), Image.Resampling.LANCZOS)


@lru_cache(maxsize=64)
def bonus_sprite(color: str, size: int) -> Image.Image:
    """A bonus (cards of a colour): a small light card with the colour's gem shape on its left and room for
    a number on its right, so bonuses and noble requirements carry the same colour-blind-safe shapes as
    tokens while still reading as cards."""
    w, h = bonus_width(size), size
    im = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    card = rrect_sprite(w, h, max(3, size // 6), theme.CARD, theme.INK, 1)
    im.paste(card, (0, 0), card)
    g = gem_sprite(color, int(size * 0.68))
    im.paste(g, (3, (h - g.height) // 2), g)
    return im


def bonus_width(size: int) -> int:
    return int(size * 1.3)


@lru_cache(maxsize=64)
def tower_sprite(seat: int, size: int) -> Image.Image:
    """A stronghold of ``seat``: a small tower in the seat colour (its number is drawn on top)."""
    col = theme.SEATS[seat % len(theme.SEATS)]
    w, h = size * SS, int(size * 1.15) * SS
    im = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    d = ImageDraw.Draw(im)
    o = int(1.5 * SS)
    m = h // 5
    pts = [(o, m), (o, h - o), (w - o, h - o), (w - o, m)]
    step = (w - 2 * o) / 5
    top: list[tuple[float, float]] = []
    for i in range(5):
        y = o if i % 2 == 0 else m
        top += [(w - o - i * step, y), (w - o - (i + 1) * step, y)]
    d.polygon([*pts[:3], pts[3], *top], fill=col, outline=theme.WHITE, width=o)
    return im.resize((size, int(size * 1.15)), Image.Resampling.LANCZOS)


@lru_cache(maxsize=64)
def rounded_mask(w: int, h: int, radius: int) -> Image.Image:
    m = Image.new("L", (w * SS, h * SS), 0)
    ImageDraw.Draw(m).rounded_rectangle((0, 0, w * SS - 1, h * SS - 1), radius=radius * SS, fill=255)
    return m.resize((w, h), Image.Resampling.LANCZOS)


@lru_cache(maxsize=512)
def rrect_sprite(w: int, h: int, radius: int, fill: RGB | None, outline: RGB | None, width: int) -> Image.Image:
    im = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    ImageDraw.Draw(im).rounded_rectangle((0, 0, w - 1, h - 1), radius=radius, fill=fill, outline=outline, width=width)
    return im


@dataclass(frozen=True, slots=True)
class Drawn:
    """One thing an image shows, recorded while drawing: what tests read instead of pixels.

    ``kind``: ``text``, ``gem`` (a gem or token, ``text`` is its colour letter and number, ``g3``),
    ``card`` (``text`` is the card's id), ``back`` (a face-down card, ``text`` its level), ``noble``,
    ``mark`` (an outline or badge that means something, ``text`` says what); ``role`` says what the
    item stands for (``points``, ``name``, ``cost``, ``bonus``, ``token``...); ``seat`` and ``ref`` (a
    slot, card or noble code) say whose and where; ``size`` is the text size in px."""

    kind: str
    text: str
    box: tuple[int, int, int, int]
    role: str = ""
    seat: int | None = None
    ref: str = ""
    size: int = 0


_FLAT: dict[tuple[int, tuple[int, ...]], tuple[Image.Image, Image.Image]] = {}
_FLAT_MAX = 768  # card-sized RGB images (about 60 kB each): a few tables of cards on each background


def on_background(im: Image.Image, bg: tuple[int, ...]) -> Image.Image:
    """``im`` (RGBA) composed over the flat colour ``bg``, cached per sprite object and colour (bounded: the
    cache is emptied when full; the sprite is kept with its composite, so its id cannot be reused meanwhile)."""
    key = (id(im), bg)
    hit = _FLAT.get(key)
    if hit is not None and hit[0] is im:
        return hit[1]
    if len(_FLAT) >= _FLAT_MAX:
        _FLAT.clear()
    flat = Image.new("RGB", im.size, (bg[0], bg[1], bg[2]))
    flat.paste(im, (0, 0), im)
    _FLAT[key] = (im, flat)
    return flat


class Canvas:
    """An RGB image with helpers; ``png()`` maps it onto the fixed palette and encodes it.

    ``items`` lists what was drawn (:class:`Drawn`), in drawing order, with the seat and code set
    by :meth:`within`."""

    def __init__(self, width: int, height: int, bg: RGB = theme.BG, *, record: bool = True) -> None:
        self.im = Image.new("RGB", (width, height), bg)
        self.record = record  # False: PNG bytes only, no drawn data (a few thousand objects less a board)
        self.core = self.im.im
        self.d = ImageDraw.Draw(self.im)
        self.width = width
        self.height = height
        self.items: list[Drawn] = []
        self.seat: int | None = None
        self.ref = ""

    # drawn data -----------------------------------------------------------
    @contextmanager
    def within(self, *, seat: int | None = None, ref: str | None = None) -> Iterator[None]:
        """Items drawn inside belong to ``seat`` and/or the slot or card ``ref``."""
        kept = (self.seat, self.ref)
        if seat is not None:
            self.seat = seat
        if ref is not None:
            self.ref = ref
        try:
            yield
        finally:
            self.seat, self.ref = kept

    def note(self, kind: str, text: str, box: tuple[float, float, float, float], role: str = "",
             size: int = 0) -> None:
        """Record an item drawn without the text and gem helpers (a card sprite, a mark)."""
        if self.record:
            self.items.append(Drawn(kind, text, (round(box[0]), round(box[1]), round(box[2]), round(box[3])),
                                    role, self.seat, self.ref, size))

    def add_items(self, items: Sequence[Drawn], x: float, y: float) -> None:
        """The items of a sprite pasted at (x, y), with this canvas's seat and code."""
        if not self.record:
            return
        dx, dy = round(x), round(y)
        seat, ref, out = self.seat, self.ref, self.items
        for it in items:
            b = it.box
            out.append(Drawn(it.kind, it.text, (b[0] + dx, b[1] + dy, b[2] + dx, b[3] + dy), it.role,
                             seat if it.seat is None else it.seat, ref or it.ref, it.size))

    def find(self, kind: str | None = None, role: str | None = None, seat: int | None = None,
             ref: str | None = None) -> list[Drawn]:
        return [it for it in self.items if (kind is None or it.kind == kind) and (role is None or it.role == role)
                and (seat is None or it.seat == seat) and (ref is None or it.ref == ref)]

    def texts(self, role: str | None = None, seat: int | None = None, ref: str | None = None) -> list[str]:
        return [it.text for it in self.find("text", role, seat, ref)]

    # text -----------------------------------------------------------------
    def text(
        self,
        x: float,
        y: float,
        text: str,
        size: int,
        color: RGB,
        *,
        weight: str = "bold",
        align: str = "l",
        valign: str = "m",
        role: str = "",
    ) -> int:
        """Draw ``text``; ``x`` is its left/centre/right (``align`` l/m/r), ``y`` its
        cap-height middle / top / baseline (``valign`` m/t/b).  Returns the ink width."""
        if size < theme.FONT_MIN:
            raise ValueError(f"text size {size} is below FONT_MIN")
        if not text:
            return 0
        mask, _x0, y0, w = text_mask(text, size, weight)
        cap = cap_height(size, weight)
        base = y + cap / 2 if valign == "m" else y + cap if valign == "t" else y
        left = x if align == "l" else x - w / 2 if align == "m" else x - w
        x0, y0_ = round(left), round(base + y0)
        mw, mh = mask.size
        # The core paste: Image.paste's Python-side checks cost more than the copy for small glyph masks.
        self.core.paste(color, (x0, y0_, x0 + mw, y0_ + mh), mask.im)
        for im, dx, dy in text_colour(text, size, weight):
            self.sprite(im, x0 + dx, y0_ + dy)
        if self.record:
            self.items.append(Drawn("text", text, (x0, y0_, x0 + mw, y0_ + mh), role, self.seat, self.ref, size))
        return w

    # shapes ---------------------------------------------------------------
    def rect(
        self,
        box: tuple[float, float, float, float],
        fill: RGB | None,
        outline: RGB | None = None,
        width: int = 1,
        radius: int = 0,
    ) -> None:
        if radius:
            x0, y0, x1, y1 = (round(v) for v in box)
            w, h = x1 - x0 + 1, y1 - y0 + 1
            if w * h <= 40_000:
                self.sprite(rrect_sprite(w, h, radius, fill, outline, width), x0, y0)
            else:
                self.d.rounded_rectangle((x0, y0, x1, y1), radius=radius, fill=fill, outline=outline, width=width)
        else:
            self.d.rectangle(box, fill=fill, outline=outline, width=width)

    def flat_sprite(self, im: Image.Image, x: float, y: float) -> None:
        """An RGBA sprite on a flat background (a card on the table or a panel): composed once per background
        colour (cached), then copied without blending."""
        x0, y0 = round(x), round(y)
        bg = self.im.getpixel((x0, y0))
        flat = on_background(im, bg if isinstance(bg, tuple) else (0, 0, 0))
        w, h = flat.size
        self.core.paste(flat.im, (x0, y0, x0 + w, y0 + h))

    def sprite(self, im: Image.Image, x: float, y: float) -> None:
        x0, y0 = round(x), round(y)
        w, h = im.size
        core = im.im  # sprites are built in memory: loaded, so the core paste is safe
        if im.mode == "RGBA":
            self.core.paste(core, (x0, y0, x0 + w, y0 + h), core)
        else:
            self.core.paste(core, (x0, y0, x0 + w, y0 + h))

    def gem(
        self,
        color: str,
        cx: float,
        cy: float,
        size: int,
        number: int | str | None = None,
        text_size: int = theme.FONT_S,
        ring: RGB | None = None,
        role: str = "",
    ) -> None:
        """A gem centred on (cx, cy) in its colour's shape, with ``number`` written on it."""
        self.sprite(gem_sprite(color, size, ring), cx - size / 2, cy - size / 2)
        h = size / 2
        self.note("gem", f"{color}{'' if number is None else number}", (cx - h, cy - h, cx + h, cy + h), role,
                  text_size if number is not None else 0)
        if number is not None:
            dy = -size * 0.06 if theme.SHAPES[color] == "shield" else 0
            self.text(cx, cy + dy, str(number), text_size, theme.GEMS[color][2], align="m", weight="narrow"
                      if len(str(number)) > 1 else "bold", role=role)

    def tag(
        self,
        x: float,
        y: float,
        code: str,
        *,
        align: str = "l",
        size: int = theme.FONT_S,
        fill: RGB = theme.TAG,
        ink: RGB = theme.WHITE,
    ) -> tuple[int, int]:
        """A code tag (what a player types); ``(x, y)`` is its left/right/centre and top.  Returns its size."""
        w = text_width(code, size, "narrow") + 10
        h = cap_height(size) + 10
        left = x if align == "l" else x - w if align == "r" else x - w / 2
        self.rect((left, y, left + w, y + h), fill, radius=5)
        self.text(left + w / 2, y + h / 2, code, size, ink, weight="narrow", align="m")
        return w, h

    def tower(self, seat: int, x: float, y: float, size: int = 26, *, number: bool = True) -> None:
        """A stronghold of ``seat`` with the seat number on it (large enough to read at phone width); without
        ``number`` a plain tower (one of a pile whose front tower shows the number)."""
        self.sprite(tower_sprite(seat, size), x, y)
        self.note("mark", "stronghold", (x, y, x + size, y + size * 1.15), "stronghold")
        if number:
            self.text(x + size / 2, y + size * 0.66, str(seat + 1), theme.FONT_NUM if size >= 30 else theme.FONT_S,
                      theme.WHITE, align="m", role="stronghold_seat")

    def bonus(self, color: str, cx: float, cy: float, size: int, number: int | str, text_size: int = theme.FONT_M,
              role: str = "bonus") -> None:
        """A bonus (cards of a colour) or a noble's requirement: the colour's shape on a card, a number on it."""
        im = bonus_sprite(color, size)
        x0 = cx - im.width / 2
        self.sprite(im, x0, cy - im.height / 2)
        self.note("gem", f"{color}{number}", (x0, cy - size / 2, cx + im.width / 2, cy + size / 2), role, text_size)
        if number != "":
            self.text(x0 + 3 + size * 0.68 + (im.width - 3 - size * 0.68) / 2, cy, str(number), text_size, theme.INK,
                      align="m", weight="narrow" if len(str(number)) > 1 else "bold", role=role)

    def seat_badge(self, seat: int, x: float, y: float, size: int = 30) -> None:
        self.rect(
            (x, y, x + size, y + size), theme.SEATS[seat % len(theme.SEATS)], outline=theme.WHITE, width=2, radius=6
        )
        self.text(x + size / 2, y + size / 2, str(seat + 1), theme.FONT_S, theme.WHITE, align="m", role="seat")

    # output ---------------------------------------------------------------
    def png(self) -> bytes:
        return png_bytes(self.im.quantize(palette=theme.palette_image(), dither=Image.Dither.NONE))


#: The deflate level of the image data (zlib-ng's: issue 30).
PNG_LEVEL = 4


def png_bytes(im: Image.Image) -> bytes:
    """A palette image (mode ``P``) as PNG bytes: every row unfiltered (filters do not pay on palette indices),
    deflated by zlib-ng (the same format as zlib's, faster and tighter than zlib at the low levels)."""
    w, h = im.size
    rows = Image.new("P", (w + 1, h), 0)  # column 0: each row's filter type, 0 (none)
    rows.im.paste(im.im, (1, 0, w + 1, h))
    header = struct.pack(">IIBBBBB", w, h, 8, 3, 0, 0, 0)  # 8-bit palette, deflate, no filter method, no interlace
    return b"".join((b"\x89PNG\r\n\x1a\n", _chunk(b"IHDR", header), _plte(bytes(im.getpalette() or ())),
                     _chunk(b"IDAT", zlib_ng.compress(rows.tobytes(), PNG_LEVEL)), _chunk(b"IEND", b"")))


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(data, zlib.crc32(kind)))


@lru_cache(maxsize=4)
def _plte(palette: bytes) -> bytes:
    return _chunk(b"PLTE", palette)
