"""Values the game service returns: game summaries, outcomes, notifications, settings."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any, Literal

from bot.service.bots import bot_level, is_bot
from bot.service.errors import BadOption
from bot.store.records import NotifyPref, SeatStatus
from engine.core import Action, Event, GameState, TableView

TimeoutPolicy = Literal["skip", "ai"]

#: The turn-timer presets offered in the UI (custom values are allowed within bounds).
TIMER_PRESETS: dict[str, timedelta | None] = {
    "none": None,
    "12h": timedelta(hours=12),
    "24h": timedelta(hours=24),
    "72h": timedelta(hours=72),
}
MIN_TURN_TIMER = timedelta(minutes=10)
MAX_TURN_TIMER = timedelta(days=14)

_UNITS = {"s": 1, "m": 60, "h": 3600, "d": 86400}
#: Loaded games kept in memory by default: every live game of a busy bot (10,000 base games: ~100 MB).
DEFAULT_CACHE_SIZE = 10_000


def parse_turn_timer(value: str | int | timedelta | None) -> timedelta | None:
    """``None``/``"none"``, a preset (``"12h"``), ``"90m"``/``"36h"``/``"3d"``, seconds or a timedelta."""
    if value is None:
        return None
    if isinstance(value, timedelta):
        span = value
    elif isinstance(value, int):
        span = _seconds(value, "turn_timer", value)
    else:
        text = value.strip().lower()
        if text in TIMER_PRESETS:
            return TIMER_PRESETS[text]
        span = _span(text, "turn_timer", value)
    if not MIN_TURN_TIMER <= span <= MAX_TURN_TIMER:
        raise BadOption(name="turn_timer", value=str(value))
    return span


MAX_BANK = timedelta(days=30)


@dataclass(frozen=True, slots=True)
class TurnClock:
    """How a game's turns are timed: a per-turn timer (``turn``), a time bank per player in Board Game Arena's
    style (``bank``: the initial bank; ``increment``: added after each turn, the bank capped at ``bank``), or
    neither (both ``None``)."""

    turn: timedelta | None = None
    bank: timedelta | None = None
    increment: timedelta = timedelta(0)

    @property
    def text(self) -> str:
        """The clock as ``parse_clock`` reads it (``"none"``, ``"86400s"``-style spans)."""
        if self.bank is not None:
            return f"bank:{_span_text(self.bank)}+{_span_text(self.increment)}"
        return "none" if self.turn is None else _span_text(self.turn)


def _span_text(span: timedelta) -> str:
    seconds = int(span.total_seconds())
    for unit, size in (("d", 86400), ("h", 3600), ("m", 60)):
        if seconds and seconds % size == 0:
            return f"{seconds // size}{unit}"
    return f"{seconds}s"


#: A span as typed: ASCII digits only (``\d`` would take '٣'), and few enough of them that no parser overflows.
_SPAN = re.compile(r"([0-9]{1,12})\s*([smhd])", re.ASCII)
#: Longer than any span an option allows, and short enough for ``timedelta`` (whose limit is ~2.7 million years).
_MAX_SPAN_SECONDS = 10 * 366 * 86400


def _seconds(seconds: int, name: str, value: object) -> timedelta:
    """``seconds`` as a span; a negative or absurd count is the option's ``BadOption``, never an ``OverflowError``."""
    if not 0 <= seconds <= _MAX_SPAN_SECONDS:
        raise BadOption(name=name, value=str(value))
    return timedelta(seconds=seconds)


def _span(text: str, name: str, value: object) -> timedelta:
    match = _SPAN.fullmatch(text.strip())
    if not match:
        raise BadOption(name=name, value=str(value))
    return _seconds(int(match[1]) * _UNITS[match[2]], name, value)


def parse_clock(value: str | int | timedelta | TurnClock | None) -> TurnClock:
    """A turn timer (what :func:`parse_turn_timer` reads) or a time bank ``"bank:3d+1d"`` (initial bank from 10
    minutes to 30 days, increment from 0 to the initial bank)."""
    if isinstance(value, TurnClock):
        return value
    if isinstance(value, str) and value.strip().lower().startswith("bank:"):
        initial, plus, increment = value.strip().lower()[5:].partition("+")
        bank = _span(initial, "turn_timer", value)
        inc = _span(increment, "turn_timer", value) if plus else timedelta(0)
        if not MIN_TURN_TIMER <= bank <= MAX_BANK or inc > bank:
            raise BadOption(name="turn_timer", value=str(value))
        return TurnClock(bank=bank, increment=inc)
    return TurnClock(turn=parse_turn_timer(value))


@dataclass(frozen=True, slots=True)
class ServiceSettings:
    """Tunables of the service (the bot fills them from its pydantic settings)."""

    reminder_lead: timedelta = timedelta(hours=2)
    vacation_max_days: int = 14
    vacation_days_per_year: int = 30
    notify_min_interval: timedelta = timedelta(minutes=15)
    max_quiet_hours: int = 12
    snapshot_every: int = 32
    #: Games kept loaded (least recently used dropped first); a miss rebuilds from the snapshot and log.
    cache_size: int = DEFAULT_CACHE_SIZE
    default_max_expiries: int = 3
    #: Delivered and dropped notifications are deleted after this long.
    outbox_retention: timedelta = timedelta(days=7)
    #: A notification whose send failed this many times is given up (dropped, with a warning in the log).
    notify_max_attempts: int = 8
    #: The wait after a failed send: doubled after each further failure, at most ``notify_retry_max``
    #: (and never shorter than the wait Discord asked for).
    notify_retry_base: timedelta = timedelta(seconds=30)
    notify_retry_max: timedelta = timedelta(hours=6)
    #: A game whose thread was deleted is aborted (without a result) when nobody moved it within this long.
    lost_thread_abort: timedelta = timedelta(days=7)
    #: Seconds of search per computer move, by level (``engine.ai.DEFAULT_BUDGET`` when missing).
    computer_budgets: Mapping[str, float] = field(default_factory=lambda: dict(DEFAULT_COMPUTER_BUDGETS))
    #: Processes thinking for computer players (0: think in a thread of this process, for tests and tools).
    computer_workers: int = 1
    #: Extra seconds a search may overrun its budget before it is abandoned for a fallback move.
    computer_grace: float = 5.0
    #: Reviews in a thread of this process instead of their own low-priority worker (tests); never for a bot, whose
    #: event loop a multi-second review would hold up (the GIL) even with ``computer_workers = 0``.
    review_in_process: bool = False
    #: A computer move is committed at least this long after the move before it (so boards post in order).
    computer_delay: float = 1.0
    user_cache: bool = True  # False when other processes share the store: their settings changes are read each time


#: Seconds per computer move by level (the issue's defaults; ``SPLENDOR_COMPUTER_*_SECONDS`` override them).
DEFAULT_COMPUTER_BUDGETS: dict[str, float] = {"random": 0.0, "easy": 0.0, "medium": 0.5, "hard": 2.0}


@dataclass(frozen=True, slots=True)
class PlayerInfo:
    user_id: int
    seat: int | None  # engine seat (turn order), None in the lobby
    status: SeatStatus
    expiries: int = 0
    final_score: int | None = None
    place: int | None = None
    result: str | None = None
    #: In a game with time banks: the seat's bank at the start of its next turn (the player to move: at the start of
    #: this turn; :attr:`GameInfo.deadline` is when it runs out).
    bank_left: timedelta | None = None

    @property
    def is_bot(self) -> bool:
        """A computer player (its id is negative: see :mod:`bot.service.bots`)."""
        return is_bot(self.user_id)

    @property
    def bot_level(self) -> str | None:
        return bot_level(self.user_id)


def board_number(version: int, takebacks: int) -> int:
    """A board's identity from the log's length and the moves taken back: it grows with every move (by the rows the
    move added) and every take-back (by 1: the version goes back 1, the take-backs forward 1), so it never repeats."""
    return version + 2 * takebacks


@dataclass(frozen=True, slots=True)
class GameInfo:
    """A game's public summary (the lobby or the running game)."""

    game_id: int
    channel_id: int
    guild_id: int | None
    creator_id: int
    ruleset: str
    max_players: int
    options: Mapping[str, Any]
    turn_timer: timedelta | None
    timeout_policy: str
    max_expiries: int
    ranked: bool
    status: str  # lobby | active | over | aborted
    version: int
    to_act_seat: int | None
    players: tuple[PlayerInfo, ...]  # join order in the lobby, seat order once started
    end_reason: str | None = None
    deadline: datetime | None = None
    created_at: datetime | None = None
    started_at: datetime | None = None
    ended_at: datetime | None = None
    lang: str | None = None  # the language of the game's public posts (None: the bot's default)
    takebacks: int = 0  # moves of the running game taken back so far (ruling B-16)
    rematch_of: int | None = None  # the finished game this one is the rematch of
    invited: tuple[int, ...] = ()  # a rematch's players in their seat order (the only ones who may join)

    @property
    def waiting_for(self) -> tuple[int, ...]:
        """A rematch lobby's invited players who have not accepted (joined) yet."""
        if self.status != "lobby":
            return ()
        seated = set(self.user_ids)
        return tuple(u for u in self.invited if u not in seated)

    @property
    def ready(self) -> bool:
        """A rematch lobby every invited player has accepted: it starts."""
        return self.status == "lobby" and bool(self.invited) and not self.waiting_for
    #: Why the bot cannot post in the game's thread (``blocked``, ``lost``; the game is paused), else None.
    thread_state: str | None = None
    #: A time bank per player: ``(initial bank, increment per turn)`` (``turn_timer`` is then ``None``).
    time_bank: tuple[timedelta, timedelta] | None = None

    @property
    def clock(self) -> TurnClock:
        """How the game's turns are timed (a rematch keeps it)."""
        if self.time_bank is not None:
            return TurnClock(bank=self.time_bank[0], increment=self.time_bank[1])
        return TurnClock(turn=self.turn_timer)

    @property
    def board(self) -> int:
        """The identity of the board as it is now, which never repeats in a game (unlike ``version``, the length of
        the log, which a take-back shortens): a move adds its rows to it, a take-back adds 1
        (``version - 1 + 2 * (takebacks + 1)``).  Buttons, menus and previews carry it; a move or a take-back
        decided on another board is refused as ``StaleBoard`` (``expected_board`` of ``play``/``take_back``)."""
        return board_number(self.version, self.takebacks)

    def seat_of(self, user_id: int) -> int | None:
        for p in self.players:
            if p.user_id == user_id:
                return p.seat
        return None

    def user_at(self, seat: int | None) -> int | None:
        for p in self.players:
            if seat is not None and p.seat == seat:
                return p.user_id
        return None

    @property
    def to_act_user(self) -> int | None:
        return self.user_at(self.to_act_seat)

    @property
    def user_ids(self) -> tuple[int, ...]:
        return tuple(p.user_id for p in self.players)

    @property
    def has_bots(self) -> bool:
        """A computer player holds a seat: such games are never rated (leagues skip them)."""
        return any(p.is_bot for p in self.players)


#: The request id prefix of a move played from a plan (:mod:`bot.service.plans`; its ``source`` stays ``player``).
PLAN_REQUEST = "plan:"


def from_plan(request_id: str | None) -> bool:
    """Whether an action row with this request id was played from a plan."""
    return request_id is not None and request_id.startswith(PLAN_REQUEST)


@dataclass(frozen=True, slots=True)
class Applied:
    """One action this call appended to the log."""

    seq: int
    seat: int
    user_id: int | None
    code: str
    source: str  # player | timeout | auto | ai
    planned: bool = False  # the player's move, played from a plan they made (:mod:`bot.service.plans`)


@dataclass(frozen=True, slots=True)
class Notification:
    """An event for the bot to deliver to one user (persisted in the outbox first)."""

    user_id: int
    kind: str  # game_started | your_turn | reminder | skipped | removed | game_over | aborted
    game_id: int | None
    channel_id: int | None
    params: Mapping[str, Any] = field(default_factory=dict)
    deliver_after: datetime | None = None
    id: int | None = None

    @property
    def key(self) -> str:
        return f"service.notify.{self.kind}"


@dataclass(frozen=True, slots=True)
class Delivery:
    """What to send to one user now: one notification, or a digest of several."""

    user_id: int
    via: NotifyPref  # mention (in channel_id) | dm
    lang: str | None
    channel_id: int | None  # the thread of the newest item
    items: tuple[Notification, ...]
    taken_at: datetime  # when it was handed out: the user's rate limit counts from here
    #: Send with this nonce (Discord's ``enforce_nonce``): sent again after a crash, the same items carry the
    #: same nonce, and Discord returns the first message instead of posting a second (within its window).
    nonce: str | None = None
    #: Sends of these items that failed before (the most of any item).
    attempts: int = 0

    @property
    def digest(self) -> bool:
        return len(self.items) > 1

    @property
    def ids(self) -> tuple[int, ...]:
        return tuple(n.id for n in self.items if n.id is not None)


#: Why a delivery was not sent: ``dms_closed`` (the user does not accept direct messages from the bot: 403,
#: code 50007), ``rate_limited`` (429), ``server`` (Discord's 5xx), ``thread`` (the game's thread cannot be posted
#: in: locked, deleted, or the bot lost its permission), ``refused`` (any other HTTP error).
SendProblem = Literal["dms_closed", "rate_limited", "server", "thread", "refused"]


@dataclass(frozen=True, slots=True)
class SendFailure:
    """What the bot's ``deliver`` returns instead of True when Discord refused or failed a send."""

    problem: SendProblem
    retry_after: float | None = None  # seconds Discord asked to wait (429)


@dataclass(frozen=True, slots=True)
class Outcome:
    """The result of a state-changing call on a running game.

    ``state`` is the engine state (give the bot ``engine.view_for(state, seat)``, never
    the state itself); ``events`` are unredacted (use ``Event.redacted_for``).
    ``notifications`` were queued in the outbox by this call; deliver them through
    :meth:`GameService.take_deliveries` (rate limits, digests, restarts).
    ``duplicate`` is true when the request had already been applied: nothing changed.
    """

    game: GameInfo
    state: GameState | None
    applied: tuple[Applied, ...] = ()
    events: tuple[Event, ...] = ()
    notifications: tuple[Notification, ...] = ()
    duplicate: bool = False
    #: Post the board with this nonce (Discord's ``enforce_nonce``): a computer move's board, posted again
    #: after a crash, carries the same nonce and is not posted twice.
    post_nonce: str | None = None

    @property
    def game_id(self) -> int:
        return self.game.game_id

    @property
    def version(self) -> int:
        return self.game.version

    @property
    def to_act_seat(self) -> int | None:
        return self.game.to_act_seat

    @property
    def to_act_user(self) -> int | None:
        return self.game.to_act_user

    @property
    def is_over(self) -> bool:
        return self.game.status in ("over", "aborted")


@dataclass(frozen=True, slots=True)
class Hint:
    """A move suggested to ``seat`` (``/splendor hint``): ``view`` is the table as that seat sees it now,
    ``after`` what it would see after ``action`` (``engine.preview``); nothing else of the game."""

    game: GameInfo
    seat: int
    action: Action
    view: TableView
    after: TableView

    @property
    def code(self) -> str:
        return str(self.action)


@dataclass(frozen=True, slots=True)
class UserSettings:
    user_id: int
    lang: str | None
    notify: NotifyPref
    quiet_hours: tuple[int, int] | None  # local [start, end) hours
    tz: str | None
    vacation_until: datetime | None
    vacation_days_left: int
    vacation_computer: bool = False  # a computer plays this user's turns during the vacation
