"""``python -m bot.bench web`` at a tiny size, so that it cannot rot: its data are real, replayable games that the
pages serve, it reuses a database it built, and it reports every figure with its target (no timing asserted)."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path

import pytest

from bot.bench import main as bench
from bot.bench.web import TARGETS
from bot.bench.webdata import build
from bot.service import GameService
from bot.store import SqliteStore


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> dict[str, object]:
    assert bench(list(argv)) == 0
    result = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert isinstance(result, dict)
    return result


def test_web_bench_builds_once_and_measures_every_figure(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    args = ("web", "--members", "12", "--games", "30", "--requests", "2", "--database", str(tmp_path / "b.sqlite3"),
            "--json")
    first = _run(capsys, *args)
    assert (first["members"], first["games"], first["reused"]) == (12, 30, False)
    for key in ("league_ms_p95", "player_ms_p95", "game_ms_p95", "step_image_cold_ms_p95",
                "step_image_warm_ms_p95"):
        assert isinstance(first[key], float) and first[key] > 0, key
    for key in ("league_kb", "player_kb", "game_kb", "static_kb"):
        assert isinstance(first[key], float) and first[key] > 0, key
    assert first["targets"] == TARGETS and set(first["met"]) == set(TARGETS)  # type: ignore[arg-type]
    again = _run(capsys, *args)
    assert again["reused"] is True and again["games"] == 30
    assert not list(tmp_path.glob("*.part*")), "the side file is renamed once built"


async def test_bench_league_holds_real_finished_games(tmp_path: Path) -> None:
    data = await build(tmp_path / "b.sqlite3", members=9, games=7)
    assert len(data.game_ids) == 7 and len(data.member_ids) == 9
    store = await SqliteStore.open(data.path)
    try:
        games = GameService(store, lambda: datetime.now(UTC))
        for game_id in data.game_ids:
            info = await games.game(game_id)
            state = await games.state(game_id)
            assert info.status == "over" and state is not None and state.is_over
            assert await games.verify(game_id)  # the log replays to the stored result
            places = sorted(p.place for p in info.players if p.place is not None)
            assert len(places) == 4 and places[0] == 1
        async with store.reading() as tx:
            results = await tx.league_results(data.league_id)
            ratings = await tx.league_ratings(data.league_id)
        assert len(results) == 7 and all(r.status == "counted" for r in results)
        assert ratings and set(ratings) <= set(data.member_ids)
    finally:
        await store.close()
    with pytest.raises(ValueError, match="no benchmark league of 10 members"):
        await build(data.path, members=10, games=7)
