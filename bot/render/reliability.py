"""A reliability plot of the win-probability model (issue 32): predicted chance against how often it came true.

``python -m engine.selfplay --calibration ... --json > base2.json`` prints, per bin of ten, the mean predicted
probability, the observed win rate and the count; this draws one panel per such file side by side::

    .venv/bin/python -m bot.render.reliability base2.json base4.json -o reliability.png

An output of ``--calibration-form`` (the review's chances between unequal players, issue 41) gives two panels: the
chances without the players' form, then with it.

A calibrated model puts its points on the diagonal; a point's area grows with its bin's count.  It is a
developer's picture (docs/computer-players.md), not shown to players, so its labels are not localized.
"""

from __future__ import annotations

import argparse
import io
import json
import math
from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw, ImageFont

PANEL = 300
MARGIN = 36


@dataclass(frozen=True, slots=True)
class Panel:
    title: str
    bins: tuple[tuple[float, float, int], ...]  # mean predicted, observed, count
    note: str


def panel_from(data: dict[str, object]) -> Panel:
    raw = data["bins"]
    assert isinstance(raw, list)
    bins = tuple((float(b[0]), float(b[1]), int(b[2])) for b in raw)
    title = f"{data['ruleset']}, {data['players']} players"
    agents = data.get("agents")
    if isinstance(agents, list):
        title += ", " + " v ".join(dict.fromkeys(str(a) for a in agents))
    elif isinstance(agents, str):
        title += ", " + agents
    if "form" in data:
        title += ", with form" if data["form"] else ", no form"
    points = f" (points {data['baseline_brier']})" if "baseline_brier" in data else ""
    note = f"Brier {data['brier']}{points}, ECE {data['ece']}, n {data['positions']}"
    return Panel(title, bins, note)


def panels_from(data: dict[str, object]) -> list[Panel]:
    """One panel per calibration in ``data``: ``--calibration``'s one, or ``--calibration-form``'s two (the chances
    without the players' form, then with it)."""
    parts = [part for key in ("before", "after") if isinstance(part := data.get(key), dict)]
    return [panel_from(p) for p in parts] if parts else [panel_from(data)]


def draw(panels: Sequence[Panel]) -> bytes:
    width = len(panels) * (PANEL + 2 * MARGIN)
    height = PANEL + 3 * MARGIN
    image = Image.new("RGB", (width, height), "white")
    pen = ImageDraw.Draw(image)
    font = ImageFont.load_default()
    for k, panel in enumerate(panels):
        x0, y0 = k * (PANEL + 2 * MARGIN) + MARGIN, MARGIN
        pen.rectangle((x0, y0, x0 + PANEL, y0 + PANEL), outline="black")
        for t in range(1, 10):  # a grid every 0.1
            g = t * PANEL // 10
            pen.line((x0 + g, y0, x0 + g, y0 + PANEL), fill=(230, 230, 230))
            pen.line((x0, y0 + g, x0 + PANEL, y0 + g), fill=(230, 230, 230))
        pen.line((x0, y0 + PANEL, x0 + PANEL, y0), fill=(150, 150, 150), width=1)  # perfect calibration
        total = sum(c for _, _, c in panel.bins) or 1
        points = []
        for mean, rate, count in panel.bins:
            if not count:
                continue
            x, y = x0 + mean * PANEL, y0 + (1.0 - rate) * PANEL
            points.append((x, y))
            r = 2 + 14 * math.sqrt(count / total)
            pen.ellipse((x - r, y - r, x + r, y + r), outline=(20, 90, 200), width=2)
        if len(points) > 1:
            pen.line(points, fill=(20, 90, 200), width=2)
        pen.text((x0, 8), panel.title, fill="black", font=font)
        pen.text((x0 + 4, y0 + 4), "observed win rate", fill=(90, 90, 90), font=font)
        for tick in (0.0, 0.5, 1.0):
            pen.text((x0 + tick * PANEL - 6, y0 + PANEL + 4), f"{tick:g}", fill="black", font=font)
            pen.text((x0 - 22, y0 + (1.0 - tick) * PANEL - 6), f"{tick:g}", fill="black", font=font)
        pen.text((x0 + 3 * PANEL // 5, y0 + PANEL + 4), "predicted", fill="black", font=font)
        pen.text((x0, y0 + PANEL + 22), panel.note, fill="black", font=font)
    out = io.BytesIO()
    image.save(out, "PNG")
    return out.getvalue()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot.render.reliability", description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="+",
                        help="JSON outputs of engine.selfplay --calibration --json or --calibration-form --json")
    parser.add_argument("-o", "--output", default="reliability.png")
    args = parser.parse_args(argv)
    panels = []
    for name in args.files:
        with open(name, encoding="utf-8") as f:
            panels += panels_from(json.load(f))
    with open(args.output, "wb") as f:
        f.write(draw(panels))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
