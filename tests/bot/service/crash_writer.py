"""Writer process for the crash test: plays a stream of actions and prints ``ACK`` after each.

``python -m tests.bot.service.crash_writer DB`` keeps a base game going in each of channels 1-4 through the
service (random legal moves, seeded by game and version); after every acknowledged ``play`` it prints
``ACK <game_id> <version> <code>`` (the code may hold spaces: it is the rest of the line).  A game that ends
is followed by a new one in its channel, so the end-of-game write is killed at random points too.  The test
kills the writer with SIGKILL at random points.
"""

from __future__ import annotations

import asyncio
import random
import sys
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime

import engine
from bot.service import GameService
from bot.store import SqliteStore

CHANNELS = (1, 2, 3, 4)


async def ensure_game(service: GameService, channel: int, *, guild_id: int | None = None) -> int:
    """The live game of ``channel`` (users ``10 channel`` to ``10 channel + 2``), created and started if there
    is none.  The creation's request id counts the games already created there: a writer killed after creating
    resumes that game, and a game that ended is followed by a new one."""
    creator = channel * 10
    info = await service.game_for_channel(channel)
    if info is None or info.status not in ("lobby", "active"):  # none yet, or its last game ended
        made = len(await service.games_for_user(creator, live_only=False))
        info = await service.create_game(channel_id=channel, guild_id=guild_id, creator_id=creator, ruleset="base",
                                         players=3, seed=channel * 100 + made, request_id=f"create-{channel}-{made}")
    if info.status == "lobby":
        for user in (creator + 1, creator + 2):
            if user not in info.user_ids:
                await service.join(info.game_id, user)
        await service.start(info.game_id, creator)
    return info.game_id


async def play_forever(service: GameService, ensure: Callable[[], Awaitable[int]]) -> None:
    gid = await ensure()
    while True:
        info = await service.game(gid)
        if info.status != "active":
            gid = await ensure()
            continue
        state = await service.state(gid)
        assert state is not None
        rng = random.Random(f"{gid}:{info.version}")
        code = str(rng.choice(engine.legal_actions(state)))
        out = await service.play(gid, info.to_act_user or 0, code, expected_version=info.version,
                                 request_id=f"{gid}:{info.version}")
        sys.stdout.write(f"ACK {gid} {out.version} {code}\n")
        sys.stdout.flush()


def parse_ack(line: str) -> tuple[int, int, str]:
    """``(game_id, version, code)`` of an ``ACK`` line."""
    _, gid, version, code = line.rstrip("\n").split(" ", 3)
    return int(gid), int(version), code


async def main(path: str) -> None:
    store = await SqliteStore.open(path)
    service = GameService(store, lambda: datetime.now(UTC))
    for ch in CHANNELS:
        await ensure_game(service, ch)
    sys.stdout.write("READY\n")
    sys.stdout.flush()
    await asyncio.gather(*(play_forever(service, lambda ch=ch: ensure_game(service, ch)) for ch in CHANNELS))


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1]))
