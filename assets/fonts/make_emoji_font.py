"""Make ``NotoColorEmoji-Small.ttf`` from Debian's ``fonts-noto-color-emoji`` (assets/fonts/README.md).

Noto Color Emoji is a colour bitmap font (CBDT): one strike of 136x128 PNG images at 109 ppem, 11 MB.  The
table images draw names at 19-28 px, so this keeps every emoji as a 24 ppem image of at most 32 colours
(the table PNG has a fixed palette of 256 anyway) and drops the five skin-tone modifiers and the sequences
that use them (the renderer draws the plain emoji instead): about 1 MB.  Needs fontTools (not a project
dependency: ``pip install fonttools``)::

    python assets/fonts/make_emoji_font.py /usr/share/fonts/truetype/noto/NotoColorEmoji.ttf \\
        assets/fonts/NotoColorEmoji-Small.ttf
"""

from __future__ import annotations

import io
import sys

from fontTools import subset  # type: ignore[import-not-found]
from fontTools.ttLib import TTFont  # type: ignore[import-not-found]
from PIL import Image

PPEM = 24
COLORS = 32
SKIN_TONES = range(0x1F3FB, 0x1F400)


def shrink(font: TTFont, ppem: int, colors: int) -> None:
    """Scale the font's one bitmap strike to ``ppem``, each glyph image quantized to ``colors`` colours."""
    size = font["CBLC"].strikes[0].bitmapSizeTable
    k = ppem / size.ppemX
    size.ppemX = size.ppemY = ppem
    for line in (size.hori, size.vert):
        for name in ("ascender", "descender", "widthMax", "maxBeforeBL", "minAfterBL", "minOriginSB", "minAdvanceSB"):
            setattr(line, name, round(getattr(line, name) * k))
    for glyph in font["CBDT"].strikeData[0].values():
        m = glyph.metrics
        w, h = max(1, round(m.width * k)), max(1, round(m.height * k))
        im = Image.open(io.BytesIO(glyph.imageData)).convert("RGBA").resize((w, h), Image.Resampling.LANCZOS)
        out = io.BytesIO()
        im.quantize(colors, method=Image.Quantize.FASTOCTREE).save(out, "PNG", optimize=True)
        glyph.imageData = out.getvalue()
        m.width, m.height = w, h
        m.BearingX, m.BearingY, m.Advance = round(m.BearingX * k), round(m.BearingY * k), round(m.Advance * k)


def main(source: str, target: str) -> None:
    font = TTFont(source)
    shrink(font, PPEM, COLORS)
    keep = [cp for cp in font.getBestCmap() if cp not in SKIN_TONES]
    options = subset.Options()
    options.layout_features = ["*"]
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=keep)
    subsetter.subset(font)
    font.save(target)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
