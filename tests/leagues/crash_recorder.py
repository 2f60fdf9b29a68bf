"""Child process of ``test_crash``: ends a league game, then hangs where the parent kills it.

``python -m tests.leagues.crash_recorder DB MODE``: MODE ``after_end`` hangs between the game's end
and its result; ``in_tx`` hangs inside the result's transaction (after the result row, before commit).
"""

from __future__ import annotations

import asyncio
import sys

from bot.leagues.service import LeagueService
from bot.service import GameService
from bot.store import SqliteStore
from bot.store.sqlite import Tx
from tests.bot.service.conftest import FakeClock
from tests.leagues.helpers import play_out, seeds


async def main(db: str, mode: str) -> None:
    clock = FakeClock()
    store = await SqliteStore.open(db)
    games = GameService(store, clock)
    leagues = LeagueService(store, games, clock, seed_source=seeds)
    async with store.reading() as tx:
        [table] = await tx.league_tables(1)
    assert table.game_id is not None
    await play_out(games, table.game_id)
    print("ENDED", flush=True)  # noqa: T201 (talks to the parent test)
    if mode == "after_end":
        await asyncio.sleep(3600)

    async def hang(self: Tx, *args: object, **kw: object) -> None:
        print("IN_TX", flush=True)  # noqa: T201
        await asyncio.sleep(3600)

    Tx.save_league_ratings = hang  # type: ignore[assignment,method-assign]
    await leagues.record(table.game_id)


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], sys.argv[2]))
