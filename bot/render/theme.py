"""Sizes, colours, the fixed palette and the fonts of the table images.

Every image is drawn in RGB (anti-aliased text and sprites), then mapped once onto
the fixed palette below and saved as a palette PNG: few flat colours keep the files
small and the encoder fast (see shared notes/perf.md).
"""

from __future__ import annotations

import struct
from functools import cache
from pathlib import Path

from PIL import Image, ImageFont

RGB = tuple[int, int, int]

# The image is shown about 550 px wide on a phone: every image is WIDTH px wide,
# and no text is drawn smaller than FONT_MIN px (tests check the scaled glyph height).
WIDTH = 800
PHONE_WIDTH = 550
FONT_MIN = 19
FONT_S = 19
FONT_M = 22
FONT_L = 28
FONT_XL = 34
# Numbers that players read to decide (costs, requirements, stronghold seats): at least 12 px tall on a phone.
FONT_NUM = 24
PHONE_DIGIT_MIN = 12.0
MARGIN = 12
GAP = 6

# Table
BG: RGB = (30, 36, 46)
PANEL: RGB = (45, 53, 66)
PANEL_TURN: RGB = (58, 70, 90)
LINE: RGB = (78, 90, 108)
TEXT: RGB = (238, 240, 244)
DIM: RGB = (165, 174, 188)
INK: RGB = (28, 28, 34)
WHITE: RGB = (255, 255, 255)
HILITE: RGB = (255, 214, 10)  # last move
TURN: RGB = (120, 230, 140)  # whose turn
TAG: RGB = (28, 32, 40)  # code tags: what a player types

# Cards
CARD: RGB = (247, 243, 233)
CARD_ORIENT: RGB = (250, 226, 190)
ORIENT: RGB = (190, 95, 30)  # Orient marks (badges, deck)
NOBLE: RGB = (232, 222, 204)
BACKS: dict[int, RGB] = {1: (46, 125, 80), 2: (190, 145, 40), 3: (50, 95, 175)}
ORIENT_BACKS: dict[int, RGB] = {1: (176, 92, 40), 2: (160, 70, 60), 3: (130, 60, 110)}

# Gems: fill, outline, ink for a number on it.  Letters as in engine.splendor.view.
GEMS: dict[str, tuple[RGB, RGB, RGB]] = {
    "w": ((243, 243, 238), (150, 150, 150), INK),
    "u": ((36, 99, 216), (20, 50, 120), WHITE),
    "g": ((22, 150, 74), (10, 80, 40), WHITE),
    "r": ((214, 42, 42), (120, 20, 20), WHITE),
    "k": ((42, 42, 46), (190, 190, 196), WHITE),
    "o": ((242, 192, 38), (140, 100, 10), INK),
}
# Colour-blind safety: every colour has its own shape as well.
SHAPES: dict[str, str] = {"w": "circle", "u": "diamond", "g": "square", "r": "hexagon", "k": "shield", "o": "seal"}

# Seats (strongholds, badges): hues apart from the gem colours; badges also carry the seat number.
SEATS: tuple[RGB, ...] = ((150, 92, 222), (245, 132, 28), (28, 188, 200), (236, 88, 164))

# Spectacle: chips (P-1) and suits
CHIPS: dict[int, tuple[RGB, RGB]] = {
    1: ((243, 243, 238), INK),
    2: ((242, 200, 40), INK),
    5: ((214, 42, 42), WHITE),
    10: ((36, 99, 216), WHITE),
}
SUIT_COLORS: dict[str, RGB] = {"c": (30, 110, 60), "d": (210, 70, 20), "h": (200, 30, 50), "s": (30, 30, 36)}
CARD_BACK: RGB = (70, 60, 140)


def _mix(a: RGB, b: RGB, t: float) -> RGB:
    return (round(a[0] + (b[0] - a[0]) * t), round(a[1] + (b[1] - a[1]) * t), round(a[2] + (b[2] - a[2]) * t))


def _palette_colors() -> list[RGB]:
    fills: list[RGB] = [BG, PANEL, PANEL_TURN, CARD, CARD_ORIENT, NOBLE, TAG, LINE]
    fills += [g[0] for g in GEMS.values()] + list(BACKS.values()) + list(ORIENT_BACKS.values())
    fills += list(SEATS) + [c[0] for c in CHIPS.values()] + [CARD_BACK, ORIENT]
    inks: list[RGB] = [TEXT, INK, WHITE, DIM, HILITE, TURN]
    inks += list(SUIT_COLORS.values()) + [g[1] for g in GEMS.values()]
    out: list[RGB] = []
    for c in [*fills, *inks]:
        if c not in out:
            out.append(c)
    # anti-aliasing ramps: each ink over the fills it is drawn on
    for t in (0.5, 0.25, 0.75):
        for ink in (TEXT, INK, WHITE):
            for fill in fills:
                c = _mix(fill, ink, t)
                if c not in out and len(out) < 256:
                    out.append(c)
    for t in (0.5,):
        for ink in inks[3:]:
            for fill in (BG, PANEL, CARD, PANEL_TURN, NOBLE):
                c = _mix(fill, ink, t)
                if c not in out and len(out) < 256:
                    out.append(c)
    return out[:256]


@cache
def palette_image() -> Image.Image:
    colors = _palette_colors()
    flat: list[int] = []
    for c in colors:
        flat.extend(c)
    flat.extend(list(colors[0]) * (256 - len(colors)))
    im = Image.new("P", (1, 1))
    im.putpalette(flat)
    return im


FONT_DIR = Path(__file__).resolve().parents[2] / "assets" / "fonts"
_SYSTEM_DIR = Path("/usr/share/fonts/truetype/dejavu")
FONT_FILES = {"regular": "DejaVuSans.ttf", "bold": "DejaVuSans-Bold.ttf", "narrow": "DejaVuSansCondensed-Bold.ttf"}
# Scripts DejaVu lacks, in the order they are tried (assets/fonts/README.md: what and under which licence).
FALLBACKS: tuple[str, ...] = ("NotoSansArabic-Bold.ttf", "DroidSansFallback-CJK.ttf", "NotoColorEmoji-Small.ttf",
                              "Symbola-Symbols.ttf")
#: The colour emoji font: bitmaps of one size (EMOJI_PPEM px), drawn in their own colours and scaled to the text.
EMOJI = "NotoColorEmoji-Small.ttf"
EMOJI_PPEM = 24


def _font_path(name: str) -> Path:
    for folder in (FONT_DIR, _SYSTEM_DIR):
        path = folder / name
        if path.exists():
            return path
    raise FileNotFoundError(f"font {name} not found in {FONT_DIR}")


@cache
def font(size: int, weight: str = "bold") -> ImageFont.FreeTypeFont:
    """The bundled font (``weight``: regular, bold, narrow) at ``size`` px; cached (a few sizes only)."""
    return ImageFont.truetype(str(_font_path(FONT_FILES[weight])), size)


@cache
def fallback_font(index: int, size: int) -> ImageFont.FreeTypeFont:
    """The ``index``-th of :data:`FALLBACKS` at ``size`` px (the colour emoji font at its one size, EMOJI_PPEM:
    the caller scales what it draws by ``size / EMOJI_PPEM``)."""
    return ImageFont.truetype(str(_font_path(FALLBACKS[index])), EMOJI_PPEM if FALLBACKS[index] == EMOJI else size)


@cache
def coverage(name: str) -> frozenset[int]:
    """The code points a bundled font file has a glyph for (its Unicode ``cmap``)."""
    return _cmap_codepoints(_font_path(name).read_bytes())


def _cmap_codepoints(data: bytes) -> frozenset[int]:
    """The code points of a TrueType/OpenType font's Unicode cmap subtable (formats 4 and 12)."""
    u16 = struct.Struct(">H")
    u32 = struct.Struct(">I")
    tables = u16.unpack_from(data, 4)[0]
    cmap = -1
    for i in range(tables):
        tag, _, offset, _ = struct.unpack_from(">4sIII", data, 12 + 16 * i)
        if tag == b"cmap":
            cmap = offset
    if cmap < 0:
        return frozenset()
    best: tuple[int, int] = (-1, -1)  # (rank, offset): format 12 beats format 4
    for i in range(u16.unpack_from(data, cmap + 2)[0]):
        platform, encoding, offset = struct.unpack_from(">HHI", data, cmap + 4 + 8 * i)
        if platform not in (0, 3) or (platform == 3 and encoding not in (1, 10)):
            continue
        fmt = u16.unpack_from(data, cmap + offset)[0]
        rank = {12: 2, 4: 1}.get(fmt, -1)
        if rank > best[0]:
            best = (rank, cmap + offset)
    rank, at = best
    out: set[int] = set()
    if rank == 2:
        for g in range(u32.unpack_from(data, at + 12)[0]):
            start, end, _ = struct.unpack_from(">III", data, at + 16 + 12 * g)
            out.update(range(start, end + 1))
    elif rank == 1:
        segs = u16.unpack_from(data, at + 6)[0] // 2
        ends, starts = at + 14, at + 16 + 2 * segs
        for k in range(segs):
            end, start = u16.unpack_from(data, ends + 2 * k)[0], u16.unpack_from(data, starts + 2 * k)[0]
            if start != 0xFFFF:
                out.update(range(start, end + 1))
    return frozenset(out)
