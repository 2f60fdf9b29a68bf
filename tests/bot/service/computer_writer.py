"""Process for the restart test: a bot whose computer player is thinking when the test kills it.

``python -m tests.bot.service.computer_writer DB`` opens (or resumes) a base game in channel 1 with
one person and one hard computer, plays the person's turn if it is theirs, then runs the computer
scheduler with a thinker that prints ``THINKING <version>`` and never answers.  The test SIGKILLs it.
"""

from __future__ import annotations

import asyncio
import sys
from datetime import UTC, datetime

import engine
from bot.service import GameService, ServiceSettings
from bot.store import SqliteStore
from engine import TableView

PERSON = 7


class Stuck:
    async def think(self, view: TableView, *, level: str, seed: int, budget: float) -> str:
        sys.stdout.write(f"THINKING {view.version}\n")
        sys.stdout.flush()
        await asyncio.Event().wait()
        return "never"

    async def warm(self) -> None:
        return None

    def close(self) -> None:
        return None


async def main(path: str) -> None:
    store = await SqliteStore.open(path)
    service = GameService(store, lambda: datetime.now(UTC), ServiceSettings(computer_delay=0.0))
    service.use_thinker(Stuck())
    info = await service.create_game(channel_id=1, creator_id=PERSON, ruleset="base", players=2, seed=11,
                                     turn_timer=None, request_id="computer-writer")
    if info.status == "lobby":
        await service.add_bot(info.game_id, PERSON, "hard")
        info = (await service.start(info.game_id, PERSON)).game
    if info.to_act_user == PERSON:
        state = await service.state(info.game_id)
        assert state is not None
        await service.play(info.game_id, PERSON, str(engine.default_action(state)), expected_version=info.version,
                           request_id="person")
    await service.run_computers(stop=asyncio.Event(), rescan=3600)


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1]))
