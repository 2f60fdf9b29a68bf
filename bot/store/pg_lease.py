"""PostgreSQL: the advisory locks by which a bot process holds its Discord shards.

A process started with shards takes one session advisory lock per shard on a connection of its own and
keeps it for as long as it runs: a second process claiming one of them is refused (``ShardClaimed`` names
the holder), and the shards of a process that died are free again (PostgreSQL drops a dead session's
locks).  The count of shards is agreed in ``cluster_settings``.  If the lease connection closes or stops
answering (pinged every ``LEASE_PING_S``), the shards are lost: ``lost`` says why and ``on_lost`` is called
once (the store then refuses every write, and the bot stops).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable

import asyncpg

from bot.store.shards import ShardClaimed, Shards

log = logging.getLogger(__name__)
#: Advisory lock key under which migrations and claims run (any constant; "SPLN").
MIGRATION_LOCK = 0x53504C4E
#: First key of the shards' advisory locks (the second is the shard id).
SHARD_LOCKS = 0x53484152
#: How often the lease connection is pinged (a silent network drop is found within twice this).
LEASE_PING_S = 10.0


class ShardLease:
    """The held shards of this process (see the module docstring); ``close()`` frees them."""

    def __init__(self, con: asyncpg.Connection[asyncpg.Record], shards: Shards, on_lost: Callable[[str], None]) -> None:
        self.con = con
        self.shards = shards
        self.lost: str | None = None
        self._on_lost = on_lost
        self._closed = False
        self._watchdog: asyncio.Task[None] | None = None

    @classmethod
    async def take(cls, url: str, settings: dict[str, str], shards: Shards,
                   on_lost: Callable[[str], None]) -> ShardLease:
        """Take every shard's advisory lock, or none (``ShardClaimed`` names the process that has one)."""
        con = await asyncpg.connect(url, server_settings=settings)
        try:
            await _claim(con, shards)
        except BaseException:
            await con.close()
            raise
        lease = cls(con, shards, on_lost)
        con.add_termination_listener(lambda _con: lease._lose("its connection closed"))
        lease._watchdog = asyncio.create_task(lease._watch(), name="shard-lease-watchdog")
        return lease

    async def _watch(self) -> None:
        """Ping the lease connection: a network that silently dropped it is found within LEASE_PING_S * 2."""
        while not self._closed and self.lost is None:
            await asyncio.sleep(LEASE_PING_S)
            try:
                await asyncio.wait_for(self.con.fetchval("SELECT 1"), LEASE_PING_S)
            except (OSError, TimeoutError, asyncpg.PostgresError, asyncpg.InterfaceError) as exc:
                self._lose(f"it does not answer ({type(exc).__name__})")
                self.con.terminate()
                return

    def _lose(self, why: str) -> None:
        if self._closed or self.lost is not None:
            return  # closed on purpose, or already told
        self.lost = (
            f"the connection holding the advisory locks of shards {self.shards} dropped ({why}): another process"
            " may run them now, so this one writes nothing more and stops"
        )
        log.critical("PostgreSQL: %s", self.lost)
        self._on_lost(self.lost)

    async def close(self) -> None:
        if self._closed:
            return
        self._closed = True
        if self._watchdog is not None:
            self._watchdog.cancel()
            self._watchdog = None
        await self.con.close()


async def _claim(con: asyncpg.Connection[asyncpg.Record], shards: Shards) -> None:
        async with con.transaction():
            await con.execute("SELECT pg_advisory_xact_lock($1)", MIGRATION_LOCK)
            held = await con.fetchval(
                "SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND classid = $1 AND objsubid = 2"
                " AND database = (SELECT oid FROM pg_database WHERE datname = current_database())", SHARD_LOCKS
            )
            agreed = await con.fetchval("SELECT value FROM cluster_settings WHERE key = 'shard_count'")
            if agreed is not None and int(agreed) != shards.count and held:
                raise ShardClaimed(
                    f"the processes already running use SPLENDOR_SHARD_COUNT={agreed}, this one {shards.count}",
                    "give every process the same count (change it only with every process stopped)",
                )
            await con.execute(
                "INSERT INTO cluster_settings (key, value) VALUES ('shard_count', $1)"
                " ON CONFLICT (key) DO UPDATE SET value = excluded.value", str(shards.count)
            )
            for shard in sorted(shards.ids):
                if not await con.fetchval("SELECT pg_try_advisory_lock($1, $2)", SHARD_LOCKS, shard):
                    holder = await con.fetchrow(
                        "SELECT a.application_name, a.client_addr, a.pid FROM pg_locks l"
                        " JOIN pg_stat_activity a ON a.pid = l.pid WHERE l.locktype = 'advisory'"
                        " AND l.classid = $1 AND l.objid = $2 AND l.objsubid = 2 AND l.granted",
                        SHARD_LOCKS, shard,
                    )
                    who = "another process" if holder is None else (
                        f"{holder['application_name'] or 'another process'}"
                        f" (from {holder['client_addr'] or 'a local socket'})"
                    )
                    await con.execute("SELECT pg_advisory_unlock_all()")
                    raise ShardClaimed(
                        f"shard {shard} of {shards.count} is already run by {who}",
                        "give each process its own SPLENDOR_SHARD_IDS, or stop that process first",
                    )
