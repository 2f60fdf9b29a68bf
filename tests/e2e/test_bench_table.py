"""The web table's bench (``tests/e2e/bench_table.py``, issue 44 item 6), run short: a few games and samples.
It asserts what the bench measured (every move went through both paths, the figures are there), never a time;
the whole run (100 games) is ``python -m tests.e2e.bench_table``."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.e2e.bench_table import run
from tests.e2e.conftest import ClientRunner
from tests.e2e.fakediscord import FakeDiscord

pytestmark = pytest.mark.e2e


async def test_a_short_table_bench_times_both_paths(fake_discord: FakeDiscord, start_client: ClientRunner,
                                                    tmp_path: Path) -> None:
    result = await run(fake_discord, start_client, tmp_path, games=6, samples=4)
    assert result["games_in_play"] == 6 and result["samples"] == 4
    for path in ("web_click_to_table", "slash_command"):
        assert 0 < result[path]["p50_ms"] <= result[path]["p95_ms"], result
    assert result["ratio_p95"] > 0 and isinstance(result["within_target"], bool)
    boards = [m for c in fake_discord.guild.channel_ids for m in fake_discord.messages_in(c)
              if m.attachments and (fake_discord.get_channel(c).name or "").startswith("table-")]
    assert len(boards) >= 2 * (4 + 1)  # each web move's board was posted in its channel, as each slash move's
