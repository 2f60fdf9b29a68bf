"""``python -m bot.bench.webload`` (the crowd bench of issue 43), run short on the demo database: it starts the
real ``python -m bot web`` twice (rate limit off, then on behind a trusted proxy) and reports what it measured."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest

from bot.bench import webload
from bot.web.demo import ensure_demo

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.slow
def test_a_short_crowd_run_reports_load_memory_and_the_noisy_visitor(tmp_path: Path,
                                                                     capsys: pytest.CaptureFixture[str]) -> None:
    database = tmp_path / "demo.sqlite3"

    async def build() -> None:
        store = await ensure_demo(database, finished=3, running=1, members=4)
        await store.close()

    asyncio.run(build())
    assert webload.main(["--tree", str(ROOT), "--database", str(database), "--connections", "3", "--seconds", "1",
                         "--images", "2", "--memory-requests", "30", "--noisy-seconds", "1",
                         "--noisy-rate", "4"]) == 0
    out = json.loads(capsys.readouterr().out)
    load = out["load"]
    assert load["requests"] > 0 and load["req_per_s"] > 0
    assert set(load["statuses"]) <= {"200", "304"}, load["statuses"]  # a crowd with the rate limit off: no refusal
    assert all(load[f"{kind}_ms_p95"] >= load[f"{kind}_ms_p50"] for kind in ("league", "player", "game", "image"))
    memory = out["memory"]
    assert 30 <= memory["more_requests"] < 30 + 3 and memory["rss_mb_at_start"] > 0 and memory["ratio"] > 0
    noisy = out["noisy"]
    assert noisy["league_ms_p95_alone"] > 0 and noisy["slowdown"] > 0
    assert set(noisy["noisy_statuses"]) <= {"200", "429"} and noisy["noisy_statuses"]


def test_percentiles_of_no_answer_are_zero_and_pick_the_nearest_rank() -> None:
    assert webload._ms([], 0.95) == 0.0
    assert webload._ms([0.001, 0.002, 0.003, 0.004, 0.005], 0.5) == 3.0
    assert webload._ms([0.001, 0.002, 0.003, 0.004, 0.005], 0.95) == 5.0
