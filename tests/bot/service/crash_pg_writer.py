"""A bot process on PostgreSQL for the two-process crash test: plays its shard's games and delivers its outbox.

``python -m tests.bot.service.crash_pg_writer URL SHARD COUNT`` claims shard ``SHARD`` of ``COUNT`` (retrying
for a few seconds while a killed predecessor's connection is being closed), keeps a base game going in each
of two channels of a guild on that shard (a new one when one ends), prints ``ACK <game_id> <version> <code>``
after every acknowledged move, and delivers notifications printing ``SENT <id>...`` when handing a delivery out
and ``MARKED <id>...`` once it is recorded.
A claim refused for good prints ``REFUSED <message>`` and exits 3.
"""

from __future__ import annotations

import asyncio
import sys
from datetime import UTC, datetime, timedelta

from bot.service import GameService, ServiceSettings
from bot.store import postgres as pg_store
from bot.store.postgres import PostgresStore
from bot.store.shards import ShardClaimed, Shards
from tests.bot.service.crash_writer import ensure_game, play_forever


def out(line: str) -> None:
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


async def deliver_forever(service: GameService) -> None:
    while True:
        for delivery in await service.take_deliveries():
            out(f"SENT {delivery.nonce} " + " ".join(map(str, delivery.ids)))
            await service.mark_delivered(delivery)
            out("MARKED " + " ".join(map(str, delivery.ids)))
        await asyncio.sleep(0.01)


async def main(url: str, shard: int, count: int) -> int:
    pg_store.OUTBOX_LEASE_S = 0.5  # a killed process's claims run out quickly (the bot's default: 60 s)
    shards = Shards(count, frozenset({shard}))
    store = None
    for _ in range(50):
        try:
            store = await PostgresStore.open(url, shards=shards, min_size=1, max_size=4)
            break
        except ShardClaimed as exc:
            if sys.argv[4:] == ["--once"]:
                out(f"REFUSED {exc}")
                return 3
            await asyncio.sleep(0.1)
    assert store is not None, "shard still claimed"
    # Notifications go out at once (no digest interval) and nothing is cached across processes.
    settings = ServiceSettings(notify_min_interval=timedelta(0), user_cache=False)
    service = GameService(store, lambda: datetime.now(UTC) + timedelta(days=2), settings)  # no quiet hours wait
    guild = (shard + 2) << 22  # (guild >> 22) % 2 == shard
    channels = [shard * 100 + c for c in (1, 2)]
    for channel in channels:
        await ensure_game(service, channel, guild_id=guild)
    out("READY")
    await asyncio.gather(*(play_forever(service, lambda ch=ch: ensure_game(service, ch, guild_id=guild))
                           for ch in channels), deliver_forever(service))
    return 0


if __name__ == "__main__":
    sys.exit(asyncio.run(main(sys.argv[1], int(sys.argv[2]), int(sys.argv[3]))))
