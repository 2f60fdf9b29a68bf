"""Failed sends (issue 27 §3), on both backends: counted per outbox row, waits that double up to a cap (never
shorter than a rate limit asks), given up after ``notify_max_attempts``; closed direct messages turn the user to
mentions once, with a notice, and the items go again at once under a new nonce.  End to end through the real
client: tests/e2e/test_bot_deliveries.py."""

from __future__ import annotations

from dataclasses import replace
from datetime import timedelta

from bot.service import Delivery, GameService, SendFailure, ServiceSettings
from bot.store import GameStore
from tests.bot.service.conftest import FakeClock, outbox, started_game


def service_with(store: GameStore, clock: FakeClock, settings: ServiceSettings, **kw: object) -> GameService:
    return GameService(store, clock, replace(settings, **kw))  # type: ignore[arg-type]


async def failing(service: GameService, failure: SendFailure | bool = False) -> list[Delivery]:
    """One background round whose every send fails with ``failure``; the deliveries it tried."""
    tried: list[Delivery] = []

    async def deliver(d: Delivery) -> bool | SendFailure:
        tried.append(d)
        return failure

    await service.background_round(deliver)
    return tried


async def test_failed_sends_wait_longer_each_time_and_are_given_up(
    store: GameStore, clock: FakeClock, settings: ServiceSettings
) -> None:
    service = service_with(store, clock, settings, notify_max_attempts=4, notify_retry_base=timedelta(seconds=30),
                           notify_retry_max=timedelta(seconds=90))
    await started_game(service, turn_timer="none")
    waits = []
    for attempt in range(1, 4):
        tried = await failing(service, SendFailure("server"))
        assert tried and {d.attempts for d in tried} == {attempt - 1}
        assert await failing(service) == []  # not due again yet
        rows = [r for r in await outbox(service) if r.delivered_at is None]
        assert {r.attempts for r in rows} == {attempt}
        (wait,) = {r.deliver_after - clock() for r in rows}
        waits.append(wait)
        clock.advance(seconds=wait.total_seconds())
    assert waits == [timedelta(seconds=30), timedelta(seconds=60), timedelta(seconds=90)]  # doubled, capped
    assert await failing(service)  # the fourth failure: given up (dropped)
    assert all(r.delivered_at is not None for r in await outbox(service))
    clock.advance(days=1)
    assert await failing(service) == []


async def test_a_rate_limit_waits_at_least_as_long_as_discord_asks(service: GameService, clock: FakeClock) -> None:
    await started_game(service)
    await failing(service, SendFailure("rate_limited", retry_after=3600.0))
    assert {r.deliver_after - clock() for r in await outbox(service)} == {timedelta(hours=1)}
    assert service.retry_delay(1, 5.0) == service.settings.notify_retry_base


async def test_closed_direct_messages_become_mentions_with_one_notice(service: GameService, clock: FakeClock) -> None:
    gid = await started_game(service)
    await service.set_notify(102, "dm")
    tried = await failing(service, SendFailure("dms_closed"))
    first = next(d for d in tried if d.user_id == 102)
    assert first.via == "dm"
    assert (await service.user_settings(102)).notify == "mention"
    again = [d for d in await service.take_deliveries() if d.user_id == 102]
    assert len(again) == 1 and again[0].via == "mention" and again[0].attempts == 0
    assert again[0].nonce != first.nonce  # another message: not to be taken for the refused one
    assert sorted(n.kind for n in again[0].items) == sorted([*(n.kind for n in first.items), "dms_closed"])
    assert {n.game_id for n in again[0].items} == {gid}
    await failing(service, SendFailure("dms_closed"))  # a mention refused as "dms_closed" changes nothing more
    assert len(await outbox(service, "dms_closed")) == 1
