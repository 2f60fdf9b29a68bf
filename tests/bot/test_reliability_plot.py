"""The reliability plot of the win-probability model (issue 32 §1): one panel per calibration output."""

from __future__ import annotations

import io
import json
from pathlib import Path

from PIL import Image

from bot.render.reliability import PANEL, main


def test_one_panel_per_calibration_file(tmp_path: Path) -> None:
    data = {"ruleset": "base", "players": 2, "positions": 20, "brier": 0.2, "baseline_brier": 0.24, "ece": 0.01,
            "bins": [[0.05 + k / 10, 0.05 + k / 10, 2] for k in range(10)]}
    source = tmp_path / "cal.json"
    source.write_text(json.dumps(data), encoding="utf-8")
    out = tmp_path / "plot.png"
    assert main([str(source), str(source), "-o", str(out)]) == 0
    image = Image.open(io.BytesIO(out.read_bytes()))
    assert image.format == "PNG" and image.width > 2 * PANEL
    # the first panel has its markers (drawn in blue)
    blues = [image.getpixel((x, y)) for x in range(image.width // 2) for y in range(image.height)]
    assert (20, 90, 200) in blues


def test_a_form_calibration_gives_a_panel_without_and_one_with_the_form(tmp_path: Path) -> None:
    part = {"ruleset": "base", "players": 2, "agents": ["hard@40", "easy"], "positions": 20, "brier": 0.2,
            "ece": 0.01, "bins": [[0.05 + k / 10, 0.05 + k / 10, 2] for k in range(10)]}
    data = {"ruleset": "base", "players": 2, "before": part | {"form": False}, "after": part | {"form": True}}
    source = tmp_path / "form.json"
    source.write_text(json.dumps(data), encoding="utf-8")
    out = tmp_path / "plot.png"
    assert main([str(source), "-o", str(out)]) == 0
    image = Image.open(io.BytesIO(out.read_bytes()))
    assert image.width > 2 * PANEL  # two panels from one file
    right = [image.getpixel((x, y)) for x in range(image.width // 2, image.width) for y in range(image.height)]
    assert (20, 90, 200) in right
