"""Which guilds a bot process owns: Discord's shard of a guild, and the shard ids a process runs.

Discord puts guild ``g`` on shard ``(g >> 22) % shard_count``; a process started with
``SPLENDOR_SHARD_IDS`` (e.g. ``0-3`` or ``0,2``) and ``SPLENDOR_SHARD_COUNT`` gets the gateway events
of those shards, so it is the one process that writes their games, runs their turn clocks and
delivers their notifications (games outside any guild belong to shard 0).  On PostgreSQL the store
claims each shard with an advisory lock (:meth:`bot.store.postgres.PostgresStore.open`).
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.store.errors import StoreUnavailable


def shard_of(guild_id: int | None, count: int) -> int:
    return 0 if guild_id is None else (guild_id >> 22) % count


@dataclass(frozen=True, slots=True)
class Shards:
    count: int
    ids: frozenset[int]

    def __post_init__(self) -> None:
        if self.count < 1:
            raise ValueError("SPLENDOR_SHARD_COUNT must be at least 1")
        if not self.ids:
            raise ValueError("SPLENDOR_SHARD_IDS names no shard")
        bad = sorted(i for i in self.ids if not 0 <= i < self.count)
        if bad:
            raise ValueError(f"shard ids {bad} are outside 0-{self.count - 1} (SPLENDOR_SHARD_COUNT={self.count})")

    @classmethod
    def parse(cls, ids: str, count: int) -> Shards:
        """``"0-3,6"`` of ``count`` shards; an empty ``ids`` means all of them."""
        out: set[int] = set()
        for part in (p.strip() for p in ids.split(",")):
            if not part:
                continue
            lo, _, hi = part.partition("-")
            try:
                first, last = int(lo), int(hi or lo)
            except ValueError:
                raise ValueError(f"SPLENDOR_SHARD_IDS: {part!r} is not a shard id or a range like 0-3") from None
            out.update(range(first, last + 1))
        return cls(count, frozenset(out) if out else frozenset(range(count)))

    def owns(self, guild_id: int | None) -> bool:
        return shard_of(guild_id, self.count) in self.ids

    def __str__(self) -> str:
        return f"{','.join(map(str, sorted(self.ids)))} of {self.count}"


class ShardClaimed(StoreUnavailable):
    """Another live process already runs one of this process's shards (or another shard count): the bot
    must not start (``python -m bot`` prints the sentence and exits)."""

    def __init__(self, cause: str, way_out: str) -> None:
        super().__init__("(PostgreSQL)", cause, way_out)
