"""Writer process for the crash test: plays a stream of actions and prints ``ACK`` after each.

``python -m tests.bot.service.crash_writer DB`` keeps four "count" games (channels 1-4)
going through the service; after every acknowledged ``play`` it prints
``ACK <game_id> <version> <code>``.  The test kills it with SIGKILL at random points.
"""

from __future__ import annotations

import asyncio
import random
import sys
from datetime import UTC, datetime

import engine
from bot.service import GameService
from bot.store import SqliteStore
from tests.bot.service import countgame

assert countgame.RULES
CHANNELS = (1, 2, 3, 4)


async def ensure_game(service: GameService, channel: int) -> int:
    info = await service.game_for_channel(channel)
    if info is None:
        info = await service.create_game(channel_id=channel, creator_id=channel * 10, ruleset="count", players=3,
                                         options={"target": 10**9}, seed=channel, request_id=f"create-{channel}")
    if info.status == "lobby":
        for user in (channel * 10 + 1, channel * 10 + 2):
            await service.join(info.game_id, user)
        await service.start(info.game_id, channel * 10)
    return info.game_id


async def play_forever(service: GameService, gid: int) -> None:
    while True:
        info = await service.game(gid)
        state = await service.state(gid)
        rng = random.Random(f"{gid}:{info.version}")
        code = str(rng.choice(engine.legal_actions(state)))
        out = await service.play(gid, info.to_act_user or 0, code, expected_version=info.version,
                                 request_id=f"{gid}:{info.version}")
        sys.stdout.write(f"ACK {gid} {out.version} {code}\n")
        sys.stdout.flush()


async def main(path: str) -> None:
    store = await SqliteStore.open(path)
    service = GameService(store, lambda: datetime.now(UTC))
    gids = [await ensure_game(service, ch) for ch in CHANNELS]
    sys.stdout.write("READY\n")
    sys.stdout.flush()
    await asyncio.gather(*(play_forever(service, gid) for gid in gids))


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1]))
