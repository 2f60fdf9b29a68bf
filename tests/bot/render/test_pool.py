"""Images drawn in the render processes are byte for byte the images drawn in-process."""

from __future__ import annotations

import os
import signal

import pytest

from bot.render import pool, render_hand, render_table, samples
from bot.render.gallery import play_positions


async def test_pool_draws_identical_pngs(caplog: pytest.LogCaptureFixture) -> None:
    processes = pool.RenderPool(1)  # one worker process, started with spawn
    try:
        for ruleset in ("orient+strongholds", "spectacle"):
            spectator, seat = play_positions(ruleset, 3)["middle"]
            names = samples.NAMES[:3]
            drawn = await processes.render(spectator, names, "es")
            assert drawn.startswith(b"\x89PNG") and drawn == render_table(spectator, names=names, lang="es")
            assert await processes.render(seat, names, "pt", hand=True) == render_hand(seat, names=names, lang="pt")
        # A worker killed (out of memory, by hand): that image is drawn here, and new workers take over.
        spectator, _ = play_positions("base", 2)["final"]
        expected = render_table(spectator, names=samples.NAMES[:2], lang="en")
        for process in list(processes._executor._processes.values()):  # type: ignore[union-attr]
            os.kill(process.pid, signal.SIGKILL)
            process.join()
        assert await processes.render(spectator, samples.NAMES[:2], "en") == expected
        assert "a render process died" in caplog.text
        assert await processes.render(spectator, samples.NAMES[:2], "en") == expected
    finally:
        processes.close()


async def test_installed_pool_is_used_and_a_thread_otherwise() -> None:
    spectator, _ = play_positions("base", 2)["early"]
    seen: list[float] = []
    threaded = pool.RenderPool(0, observe=seen.append)
    assert threaded.workers == 0
    expected = render_table(spectator, names=samples.NAMES[:2], lang="en")
    pool.install(threaded)
    try:
        assert await pool.render(spectator, samples.NAMES[:2], "en") == expected
    finally:
        pool.install(None)
    assert len(seen) == 1
    assert await pool.render(spectator, samples.NAMES[:2], "en") == expected
    assert pool.default_workers() >= 1
