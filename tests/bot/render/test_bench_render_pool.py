"""``python -m bot.bench render``: its printout, and ``--pool``, which renders the same boards one at a time, in
threads and in render processes, and says whether every PNG came out identical (it must: a board is a function of
the view)."""

from __future__ import annotations

import json

import pytest

from bot.bench import render as bench


def test_the_printout_names_the_position_and_its_numbers(capsys: pytest.CaptureFixture[str]) -> None:
    assert bench.main(["--runs", "1", "--ruleset", "base", "--players", "2"]) == 0
    line = capsys.readouterr().out.strip()
    assert line.startswith("render base 2p middle: p50 ") and " KiB), cold " in line


@pytest.mark.parametrize("as_json", [True, False])
def test_the_pool_renders_the_same_boards_as_threads(capsys: pytest.CaptureFixture[str], as_json: bool) -> None:
    argv = ["--pool", "1", "--runs", "2", "--ruleset", "base", "--players", "2"] + (["--json"] if as_json else [])
    assert bench.main(argv) == 0
    out = capsys.readouterr().out
    if as_json:
        result = json.loads(out)
        assert result["identical"] is True and result["cores"] >= 1
        for mode in ("single", "threads", "pool"):
            assert result[mode]["boards"] == 2 and result[mode]["boards_per_s"] > 0
        assert result["pool"]["workers"] == 1 and result["threads"]["workers"] == 0
    else:
        lines = out.splitlines()
        assert [x.split(":")[0].strip() for x in lines[:3]] == ["single", "threads", "pool"]
        assert lines[-1] == "identical PNGs: True"
