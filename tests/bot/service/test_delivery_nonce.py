"""Exactly-once notifications across a crash: a delivery's nonce is stored before it is sent, so a process that
stopped between sending and recording sends the same items with the same nonce again (Discord's
``enforce_nonce`` then returns the first message: tests/e2e/test_delivery_nonce.py)."""

from __future__ import annotations

from bot.service import GameService, ServiceSettings
from bot.store import NewNotification
from bot.store.postgres import PostgresStore
from tests.bot.service.conftest import FakeClock, OpenStore, outbox, started_game


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


async def test_a_retry_resends_only_its_own_items_and_a_notice_queued_meanwhile_goes_in_a_new_delivery(
    service: GameService, clock: FakeClock
) -> None:
    """Issue 27 §3: a send that was lost (it may have reached Discord) is retried with exactly its items under
    its nonce; a notice queued in between goes in a delivery of its own, with its own nonce.  Carried under the
    old nonce, Discord would answer with the old message and the new notice would be marked delivered unseen."""
    gid = await started_game(service)
    first = (await service.take_deliveries())[0]  # sent, but the answer was lost: not marked delivered
    async with service.store.transaction() as tx:
        await tx.add_notifications([NewNotification(user_id=first.user_id, kind="aborted", deliver_after=clock(),
                                                    game_id=gid, params={"game_id": gid})], clock())
    new_id = max(r.id for r in await outbox(service, "aborted"))
    again = [d for d in await service.take_deliveries() if d.user_id == first.user_id]
    assert sorted((d.ids, d.nonce) for d in again) == sorted([(first.ids, first.nonce),
                                                              ((new_id,), f"splendor-o{new_id}")])
