"""Exactly-once notifications across a crash: a delivery's nonce is stored before it is sent, so a process that
stopped between sending and recording sends the same items with the same nonce again (Discord's
``enforce_nonce`` then returns the first message: tests/e2e/test_delivery_nonce.py)."""

from __future__ import annotations

from bot.service import GameService, ServiceSettings
from bot.store.postgres import PostgresStore
from tests.bot.service.conftest import FakeClock, OpenStore, started_game


async def test_a_delivery_not_recorded_comes_again_with_the_same_items_and_nonce(
    open_store: OpenStore, clock: FakeClock, settings: ServiceSettings
) -> None:
    store = await open_store()
    service = GameService(store, clock, settings)
    await started_game(service)
    first = sorted(await service.take_deliveries(), key=lambda d: d.user_id)
    assert first and all(d.nonce is not None and len(d.nonce) <= 25 for d in first)
    assert len({d.nonce for d in first}) == len(first)
    await store.close()  # the process dies after sending, before mark_delivered

    store = await open_store()
    try:
        service = GameService(store, clock, settings)
        if isinstance(store, PostgresStore):  # the dead process's lease on the rows runs out (after a minute)
            async with store.raw_transaction() as con:
                await con.execute("UPDATE outbox SET claimed_until = now() - interval '1 second'")
        again = sorted(await service.take_deliveries(), key=lambda d: d.user_id)
        assert [(d.user_id, d.nonce, d.ids) for d in again] == [(d.user_id, d.nonce, d.ids) for d in first]
        for d in again:
            await service.mark_delivered(d)
        assert await service.take_deliveries() == []
    finally:
        await store.close()
