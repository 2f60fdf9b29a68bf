"""Notifications: building outbox items (preferences, quiet hours, vacations) and delivering them as digests."""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator, Mapping
from dataclasses import replace
from datetime import datetime, timedelta
from typing import Any

from bot.service.bots import is_bot
from bot.service.clock import quiet_until
from bot.service.core import ServiceCore
from bot.service.types import Delivery, Notification, SendFailure
from bot.store import GameRow, NewNotification, NotifyPref, UserRow

log = logging.getLogger(__name__)

#: Turn notices: dropped once the move was made, held back by a vacation.
STALE_KINDS = frozenset({"your_turn", "reminder"})
#: The outbox kind of "post this game's board": written in the same transaction as a computer's move, marked
#: delivered once the board is posted, so a board lost to a crash is posted after the restart
#: (:meth:`bot.service.computer.ComputerMixin.post_pending_boards`).  It is for the table, not for a user.
BOARD_KIND = "board"
#: The user id of ``board`` rows (no Discord user has id 0; computers' ids are negative).
BOARD_USER = 0
#: Outbox rows read per page by the background loop (it pages on until none is left due).
DELIVERY_BATCH = 1000
#: Outbox kinds about a game's thread (locked, deleted, the game aborted for it): always sent by direct message.
THREAD_KINDS = frozenset({"thread_blocked", "thread_lost", "thread_aborted"})
#: The notice queued (once) when a user's direct messages turn out to be closed: their preference became
#: "mention", and this tells them why in the game's thread.
DMS_CLOSED_KIND = "dms_closed"


def note_for(
    user: UserRow, kind: str, row: GameRow, now: datetime, params: Mapping[str, Any], *, version: int | None = None
) -> NewNotification | None:
    """A notification honouring the user's preference, quiet hours and vacation (``None``: muted).

    Computer players are never notified.
    """
    if user.notify == "none" or is_bot(user.user_id):
        return None
    after = quiet_until(now, user)
    if kind in STALE_KINDS and user.vacation_until is not None and user.vacation_until > after:
        after = user.vacation_until
    return NewNotification(
        user_id=user.user_id, kind=kind, deliver_after=after, game_id=row.game_id, channel_id=row.channel_id,
        game_version=version, params={"game_id": row.game_id, **params},
    )


def delivery_nonce(items: list[Notification]) -> str:
    """The nonce of a delivery: its first outbox row's id and (in hex) how far its last one is from it.

    A row is in one delivery at a time, and items sent again after a crash or a lost answer keep their nonce; but
    rows regrouped into another message (direct messages closed: the same rows plus a notice, as a mention) get
    another nonce, so Discord does not take the new message for the old.  Within Discord's 25 characters while
    outbox ids stay under 10^11."""
    ids = [n.id for n in items if n.id is not None]
    first, last = min(ids), max(ids)
    return f"splendor-o{first}" if last == first else f"splendor-o{first}-{last - first:x}"


def public(n: NewNotification) -> Notification:
    return Notification(n.user_id, n.kind, n.game_id, n.channel_id, dict(n.params), n.deliver_after)


class NotifyMixin(ServiceCore):
    async def take_deliveries(self, limit: int = DELIVERY_BATCH) -> list[Delivery]:
        """Notifications due now, one :class:`Delivery` per user (a digest when several wait).

        A user notified less than ``notify_min_interval`` ago waits (their items then
        arrive together).  Turn notices for a move already made are dropped.  Call
        :meth:`mark_delivered` after sending.  A delivery not marked (the process stopped) comes again with
        the same items and ``nonce``: sent with Discord's ``enforce_nonce``, it is posted once.
        """
        deliveries, _, _ = await self._delivery_page(limit, after=0)
        return deliveries

    #: Outbox rows per page (tests make it small).
    delivery_batch = DELIVERY_BATCH

    async def delivery_batches(self) -> AsyncIterator[list[Delivery]]:
        """:meth:`take_deliveries` a page of ``delivery_batch`` outbox rows at a time, until none is left due now.

        Pages go by outbox id, so rows that wait (a user notified recently) or failed to send
        are not met again in the same round.
        """
        after, batch = 0, self.delivery_batch
        while True:
            deliveries, seen, last = await self._delivery_page(batch, after=after)
            yield deliveries
            if seen < batch:
                return
            after = last

    async def prune_outbox(self, *, batch: int = 10_000) -> int:
        """Delete notifications delivered or dropped more than ``outbox_retention`` ago; returns how many."""
        before = self._now() - self.settings.outbox_retention
        total = 0
        while True:
            async with self.store.transaction() as tx:
                n = await tx.prune_outbox(before, batch)
            total += n
            if n < batch:
                return total

    async def _delivery_page(self, limit: int, *, after: int) -> tuple[list[Delivery], int, int]:
        """Deliveries from up to ``limit`` pending rows with ids after ``after``; with how many rows
        were read and the last id."""
        now = self._now()
        async with self.store.reading(single=True) as tx:
            read = await tx.pending_notifications(now, limit, after=after)
        pending = [n for n in read if n.kind != BOARD_KIND]  # boards to post are the computers' runner's
        versions: dict[int, tuple[str, int]] = {}
        no_thread: set[int] = set()  # games whose thread the bot cannot post in: their notices go by DM
        games = {n.game_id for n in pending if n.game_id is not None}
        if games:  # read after the rows: a game that moved on meanwhile only drops a notice sooner
            async with self.store.reading(single=True) as tx:
                rows = await tx.games(games)
            versions = {gid: (row.status, row.version) for gid, row in rows.items()}
            no_thread = {gid for gid, row in rows.items() if row.thread_state is not None}
        stale = [  # a move was made since; or "runs out soon" of a game whose clock stopped with its thread
            n.id for n in pending
            if n.kind in STALE_KINDS and n.game_id is not None
            and (versions.get(n.game_id, ("", -1)) != ("active", n.game_version)
                 or (n.kind == "reminder" and n.game_id in no_thread))
        ]
        users = await self._user_rows({n.user_id for n in pending}, fresh=True)  # one read per page
        muted = [n.id for n in pending if users[n.user_id].notify == "none"]
        if stale or muted:
            async with self.store.transaction(single=True) as tx:
                await tx.mark_delivered([*stale, *muted], now, dropped=True)
        skip = set(stale) | set(muted)
        # Rows given a nonce before (a send that may have happened: the process stopped before recording it)
        # go again as the same delivery with the same nonce; the others are grouped per user.
        # Notices about a game's thread, and of a game whose thread the bot cannot post in, go by direct message
        # whatever the preference (a mention there cannot be posted).
        grouped: dict[tuple[int, str | None, bool], list[Notification]] = {}
        attempts = {n.id: n.attempts for n in pending}
        for n in pending:
            if n.id in skip:
                continue
            by_dm = n.kind in THREAD_KINDS or n.game_id in no_thread
            grouped.setdefault((n.user_id, n.send_nonce, by_dm), []).append(
                Notification(n.user_id, n.kind, n.game_id, n.channel_id, dict(n.params), n.deliver_after, n.id)
            )
        out: list[Delivery] = []
        nonces: dict[int, str] = {}
        for (uid, nonce, by_dm), items in grouped.items():
            user = users[uid]
            last = user.last_notified_at
            if nonce is None:
                if last is not None and now - last < self.settings.notify_min_interval:
                    continue
                nonce = delivery_nonce(items)
                nonces.update((n.id, nonce) for n in items if n.id is not None)
            via: NotifyPref = "dm" if by_dm else user.notify
            tries = max(attempts[n.id] for n in items if n.id is not None)
            out.append(Delivery(uid, via, user.lang, items[-1].channel_id, tuple(items), now, nonce, tries))
        if nonces:  # written before anything is sent
            async with self.store.transaction(single=True) as tx:
                await tx.set_send_nonces(nonces)
        return out, len(read), read[-1].id if read else after

    def retry_delay(self, attempts: int, retry_after: float | None = None) -> timedelta:
        """The wait before sending again after the ``attempts``-th failed send: the base, doubled after each
        further failure, capped; never shorter than what Discord asked for (``retry_after``, a 429)."""
        s = self.settings
        doublings: int = min(max(attempts - 1, 0), 30)
        delay = min(s.notify_retry_max, s.notify_retry_base * (1 << doublings))
        if retry_after is not None:
            delay = max(delay, timedelta(seconds=retry_after))
        return delay

    async def delivery_failed(self, delivery: Delivery, failure: SendFailure) -> None:
        """``delivery`` was not sent: try it again later, or give it up.

        Direct messages closed (Discord's 403, code 50007): sending again by DM would only be refused again
        (and count toward Discord's invalid-request limit), so the user's preference becomes "mention", a
        notice telling them so is queued once, and the items go at once as a mention in the game's thread, under
        a new nonce (a different message).  Otherwise the failure is counted and the same items wait (doubling
        waits, see :meth:`retry_delay`) under the same nonce; after ``notify_max_attempts`` failures they are
        given up (dropped, with a warning).
        """
        now, uid = self._now(), delivery.user_id
        if failure.problem == "dms_closed" and delivery.via == "dm":
            newest = delivery.items[-1] if delivery.items else None
            async with self.store.transaction() as tx:
                user = (await tx.users([uid]))[uid]
                if user.notify == "dm":
                    await tx.save_user(replace(user, notify="mention"))
                    await tx.add_notifications([NewNotification(
                        user_id=uid, kind=DMS_CLOSED_KIND, deliver_after=now,
                        game_id=newest.game_id if newest else None, channel_id=delivery.channel_id,
                        params={} if newest is None or newest.game_id is None else {"game_id": newest.game_id},
                    )], now)
                await tx.retry_delivery(delivery.ids, now, attempt=False, forget_nonce=True)
            self._user_changed(uid)
            log.info("user %s does not accept direct messages: mentioning them in the game's thread instead", uid)
            return
        attempts = delivery.attempts + 1
        if attempts >= self.settings.notify_max_attempts:
            async with self.store.transaction(single=True) as tx:
                await tx.mark_delivered(delivery.ids, now, dropped=True)
            log.warning("could not deliver notifications %s to user %s (%s) after %d attempts: giving up",
                        list(delivery.ids), uid, failure.problem, attempts)
            return
        delay = self.retry_delay(attempts, failure.retry_after)
        async with self.store.transaction(single=True) as tx:
            await tx.retry_delivery(delivery.ids, now + delay)
        log.warning("could not deliver notifications %s to user %s (%s, attempt %d): trying again in %s",
                    list(delivery.ids), uid, failure.problem, attempts, delay)

    async def mark_delivered(self, delivery: Delivery) -> None:
        """Record that ``delivery`` was sent, touching nothing else of the user.

        Only the user's last-notified time is written (a settings change made while the message was
        being sent stays), and it is the time the delivery was taken, not the end of a slow send.
        """
        uid, at = delivery.user_id, delivery.taken_at
        async with self.store.transaction(single=True) as tx:
            await tx.record_delivery(delivery.ids, self._now(), uid, at)
        cached = self._users.get(uid)
        if cached is not None:  # read after the write: whatever changed meanwhile is kept
            self._cache_user(replace(cached, last_notified_at=at))
