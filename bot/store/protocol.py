"""The storage interface the game service is written against (no SQL, no backend types).

A backend (today :class:`bot.store.sqlite.SqliteStore`) provides:

* ``reading()``: an async context whose :class:`StoreReader` sees one consistent state;
* ``transaction()``: an async context whose :class:`StoreWriter` changes commit together
  when the block exits normally and not at all when it raises;
* ``commit_plans(plans)``: several games' :class:`~bot.store.records.WritePlan` written
  at once (group commit), each plan all or nothing;
* ``backup(dest)``, ``quick_check()`` (damage found, ``[]`` when sound) and ``close()``.

Opening a backend may refuse with :class:`~bot.store.errors.StoreUnavailable` (one
sentence: where, why, the way out), e.g. :class:`~bot.store.errors.DatabaseInUse` when
another bot already runs on the same data.

Refusals the service reacts to are :class:`~bot.store.errors.StoreError` subclasses
(``StoreConflict``: a version guard failed; ``DuplicateRequestId``: an action's request
id is already in the log), whatever the backend's own exceptions are.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from contextlib import AbstractAsyncContextManager
from datetime import datetime
from pathlib import Path
from typing import Any, Protocol

from bot.store.errors import StoreError
from bot.store.leagues import LeagueReader, LeagueWriter
from bot.store.records import (
    ActionRow,
    GameBundle,
    GameRow,
    GameUpdate,
    HintRow,
    NewNotification,
    OutboxRow,
    SeatRow,
    ThreadState,
    TimerRow,
    UserRow,
    WritePlan,
)


class StoreReader(LeagueReader, Protocol):
    """Reads inside ``store.reading()`` or ``store.transaction()``."""

    # games
    async def game(self, game_id: int) -> GameRow | None: ...
    async def game_by_request(self, request: str) -> GameRow | None: ...
    async def game_bundle(self, game_id: int) -> GameBundle | None:
        """The game, its seats, clock and log after its snapshot, read together (one statement where the
        backend can); ``None`` if there is no such game."""
        ...
    async def games(self, game_ids: Iterable[int]) -> dict[int, GameRow]:
        """The games of ``game_ids`` that exist, by id (one statement)."""
        ...
    async def game_for_channel(self, channel_id: int) -> GameRow | None:
        """The live game of a channel, else its most recent finished one."""
        ...
    async def games_for_user(self, user_id: int, *, live_only: bool) -> list[GameRow]: ...
    async def seats(self, game_id: int) -> list[SeatRow]: ...
    # the action log
    async def actions(self, game_id: int, *, after: int = 0) -> list[ActionRow]: ...
    async def action_by_request(self, game_id: int, request_id: str) -> ActionRow | None: ...
    async def undone_actions(self, game_id: int) -> list[ActionRow]:
        """The moves taken back (ruling B-16), oldest first: kept for the record, never replayed."""
        ...
    # users (a user never saved reads as ``UserRow(user_id)``)
    async def users(self, user_ids: Iterable[int]) -> dict[int, UserRow]: ...
    async def known_names(self) -> dict[int, str]: ...
    async def users_back_from_vacation(self, now: datetime) -> list[UserRow]: ...
    async def vacations_since(self, user_id: int, since: datetime) -> list[tuple[datetime, datetime]]: ...
    # turn clocks
    async def timer(self, game_id: int) -> TimerRow | None: ...
    async def timers_for_user(self, user_id: int) -> list[TimerRow]: ...
    async def due_timers(self, now: datetime, limit: int = 500, *, after: int = 0) -> list[TimerRow]:
        """Clocks due or to remind at ``now``, by game id, of games after ``after`` (paging)."""
        ...
    # computer players
    async def computer_turns(self, now: datetime) -> list[int]:
        """Active games whose seat to act is a computer's (negative user id), belongs to a user on a
        vacation played by a computer (``vacation_computer``, ``vacation_until > now``), or is a removed
        player's in a game with timeout policy ``"ai"`` (a computer finishes it)."""
        ...
    async def hints(self, game_id: int) -> list[HintRow]: ...
    async def thread_troubles(self, state: ThreadState, before: datetime) -> list[int]:
        """Live games whose thread was found in ``state`` (``blocked``, ``lost``) at or before ``before``, by id."""
        ...
    # notification outbox
    async def pending_notifications(self, now: datetime, limit: int = 1000, *, after: int = 0) -> list[OutboxRow]:
        """Undelivered rows due at ``now``, by id, with ids after ``after`` (paging)."""
        ...
    async def notifications(self, user_id: int | None = None) -> list[OutboxRow]: ...
    async def board_posts(self, game_id: int | None = None) -> list[OutboxRow]:
        """Undelivered ``board`` rows (boards of computer moves still to post), of ``game_id`` if given, by id."""
        ...


class StoreWriter(LeagueWriter, StoreReader, Protocol):
    """Reads and writes inside ``store.transaction()``."""

    async def insert_game(
        self,
        *,
        guild_id: int | None,
        channel_id: int,
        creator_id: int,
        ruleset: str,
        max_players: int,
        options: Mapping[str, Any],
        turn_timer_s: int | None,
        timeout_policy: str,
        max_expiries: int,
        ranked: bool,
        seed: int,
        created_at: datetime,
        create_request: str | None,
        lang: str | None = None,
    ) -> int:
        """A new lobby; returns its game id."""
        ...
    async def update_game(self, game_id: int, update: GameUpdate, *, expect_version: int | None = None) -> None:
        """Apply ``update``; with ``expect_version`` the write is guarded (``StoreConflict``)."""
        ...
    async def take_back_action(self, game_id: int, seq: int, undone_at: datetime) -> None:
        """Move the log's last row ``seq`` to the undone moves (``StoreConflict`` if it is not the last)."""
        ...
    async def add_seat(self, game_id: int, user_id: int, joined_at: datetime) -> None: ...
    async def remove_seat(self, game_id: int, user_id: int) -> None: ...
    async def save_user(self, user: UserRow) -> None:
        """Insert or replace the user's settings (a ``None`` name keeps the stored one)."""
        ...
    async def add_vacation(self, user_id: int, starts: datetime, ends: datetime) -> None: ...
    async def cut_vacation(self, user_id: int, now: datetime) -> None:
        """End the user's running vacation now."""
        ...
    async def set_timer(self, timer: TimerRow) -> None: ...
    async def add_hint(self, hint: HintRow) -> None: ...
    async def clear_timer(self, game_id: int) -> None: ...
    async def add_notifications(self, items: Iterable[NewNotification], created_at: datetime) -> None: ...
    async def mark_delivered(self, ids: Iterable[int], now: datetime, *, dropped: bool = False) -> None: ...
    async def set_notified(self, user_id: int, at: datetime) -> None:
        """Set only the user's last-notified time (their other settings stay as stored)."""
        ...
    async def set_send_nonces(self, nonces: Mapping[int, str]) -> None:
        """Record the nonce each outbox row (by id) is about to be sent with."""
        ...
    async def retry_delivery(self, ids: Iterable[int], deliver_after: datetime, *, attempt: bool = True,
                             forget_nonce: bool = False) -> None:
        """A send of the undelivered rows ``ids`` failed: they are due again at ``deliver_after``; ``attempt``
        counts the failure (``attempts + 1``); ``forget_nonce`` clears ``send_nonce`` (what is sent next is a
        different message, which must not be taken for the first)."""
        ...
    async def set_thread_state(self, game_id: int, state: ThreadState | None, since: datetime | None, *,
                               channel_id: int | None = None) -> None:
        """Record why the bot cannot post in the game's thread (``None``: it can again); with ``channel_id``
        the game moved to that thread (its undelivered notifications point there too)."""
        ...
    async def record_delivery(self, ids: Iterable[int], now: datetime, user_id: int, at: datetime) -> None:
        """``mark_delivered(ids, now)`` and ``set_notified(user_id, at)`` (one statement where the backend can)."""
        ...
    async def prune_outbox(self, before: datetime, limit: int = 10_000) -> int:
        """Delete up to ``limit`` delivered or dropped rows handled before ``before``; returns how many."""
        ...


class GameStore(Protocol):
    """Durable games, seats, action logs, users, clocks and outbox (see the module docstring)."""

    def reading(self, *, single: bool = False) -> AbstractAsyncContextManager[StoreReader]:
        """``single``: the block runs one store statement, so a backend may skip the transaction around it
        (PostgreSQL: one round trip instead of three; a second statement is refused)."""
        ...
    def transaction(self, *, single: bool = False) -> AbstractAsyncContextManager[StoreWriter]:
        """``single``: as for :meth:`reading` (one statement is atomic on its own)."""
        ...
    async def commit_plans(self, plans: Sequence[WritePlan]) -> list[StoreError | None]:
        """Write the plans (together when they all succeed); per plan ``None`` or why it was refused."""
        ...
    def watch_users(self, on_change: Callable[[int | None], None]) -> bool:
        """Have ``on_change(user_id)`` called when another process changes a user (``None``: news may have
        been lost, forget them all and stop caching); False if the backend cannot tell (then users are cached
        only if this is the one process, ``ServiceSettings.user_cache``)."""
        ...
    async def backup(self, dest: str | Path) -> Path:
        """A consistent copy of the live data at ``dest``."""
        ...
    async def quick_check(self) -> list[str]:
        """Look for damage in the live data: what is damaged, ``[]`` when sound (play goes on meanwhile)."""
        ...
    async def close(self) -> None: ...
