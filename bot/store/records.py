"""Plain row values read from and written to the store (no SQL here)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from typing import Any, Literal

GameStatus = Literal["lobby", "active", "over", "aborted"]
SeatStatus = Literal["active", "resigned", "removed"]
NotifyPref = Literal["mention", "dm", "none"]
ThreadState = Literal["blocked", "lost"]
ActionSource = Literal["player", "timeout", "auto", "ai"]


def ts(value: datetime) -> str:
    """A sortable text timestamp (UTC, microseconds); naive datetimes are refused."""
    if value.tzinfo is None:
        raise ValueError("naive datetime")
    return value.astimezone(UTC).isoformat(timespec="microseconds")


def dt(value: str | datetime | None) -> datetime | None:
    """A time column: SQLite's text, PostgreSQL's datetime (or its JSON text)."""
    return value if value is None or isinstance(value, datetime) else datetime.fromisoformat(value)


def must_dt(value: str | datetime) -> datetime:
    """A time column that is never NULL."""
    return value if isinstance(value, datetime) else datetime.fromisoformat(value)


@dataclass(frozen=True, slots=True)
class GameRow:
    game_id: int
    guild_id: int | None
    channel_id: int
    creator_id: int
    ruleset: str
    max_players: int
    options: Mapping[str, Any]
    turn_timer_s: int | None
    timeout_policy: str
    max_expiries: int
    ranked: bool
    seed: int
    status: GameStatus
    config_json: str | None
    version: int
    to_act: int | None
    snapshot_json: str | None
    snapshot_version: int | None
    end_reason: str | None
    created_at: datetime
    started_at: datetime | None
    ended_at: datetime | None
    lang: str | None = None  # the language of the game's public posts (None: the bot's default)
    rematch_of: int | None = None  # the finished game this lobby is the rematch of
    seat_order: tuple[int, ...] | None = None  # a rematch's players, in their (fixed) seat order
    #: Why the bot cannot post in the game's thread (``None``: it can): ``blocked`` (locked, or the bot lost its
    #: permission there; a moderator can reopen it) or ``lost`` (deleted); since ``thread_since``.
    thread_state: ThreadState | None = None
    thread_since: datetime | None = None
    #: A time bank per player (issue 33): the initial bank, and the time added after each turn (capped at the
    #: initial bank); ``None``: no bank (``turn_timer_s`` is the clock, if any).
    bank_initial_s: int | None = None
    bank_increment_s: int | None = None


@dataclass(frozen=True, slots=True)
class SeatRow:
    game_id: int
    user_id: int
    joined_at: datetime
    join_order: int
    seat: int | None
    status: SeatStatus
    expiries: int
    final_score: int | None
    place: int | None
    result: str | None
    #: In a game with time banks: the seat's bank at the start of its next turn (``None``: the whole initial
    #: bank), and what it had left when it made its last move (a take-back of that move restores it).
    bank_left_s: float | None = None
    bank_undo_s: float | None = None


@dataclass(frozen=True, slots=True)
class ActionRow:
    game_id: int
    seq: int
    seat: int
    code: str
    user_id: int | None
    source: ActionSource
    at: datetime
    request_id: str | None = None


@dataclass(frozen=True, slots=True)
class UserRow:
    user_id: int
    lang: str | None = None
    notify: NotifyPref = "mention"
    quiet_start: int | None = None
    quiet_end: int | None = None
    tz: str | None = None
    vacation_until: datetime | None = None
    last_notified_at: datetime | None = None
    name: str | None = None  # last display name seen (for table images)
    vacation_computer: bool = False  # a computer plays this user's turns while on vacation


@dataclass(frozen=True, slots=True)
class PlanRow:
    """A move a player queued for their next turn (issue 33, ruling B-18 in docs/rules.md), private to its author.

    ``slot``: its order among the author's plans (0-2, the first that holds is played); ``code``: the move;
    ``target``: the card the move names on the table (``card_id`` at ``place``), which must still lie there;
    ``cond``: a card that must still be face up (anywhere on the table); ``made_at``: the game's version then.
    """

    game_id: int
    user_id: int
    slot: int
    code: str
    made_at: int
    created_at: datetime
    target: str | None = None
    place: str | None = None
    cond: str | None = None


@dataclass(frozen=True, slots=True)
class GuildDefaults:
    """A server's defaults for ``/splendor new`` (``None``: not set, the bot's own default applies); ``channel_id``:
    the one channel games may be created in (``None``: any)."""

    guild_id: int
    ruleset: str | None = None
    turn_timer: str | None = None
    lang: str | None = None
    timeout_policy: str | None = None
    channel_id: int | None = None


@dataclass(frozen=True, slots=True)
class Reliability:
    """A player's record over a period: games played to the end, turns their clock ran out on, and games left
    before the end (resigned, or removed after too many timeouts)."""

    finished: int = 0
    timed_out: int = 0
    abandoned: int = 0


ReviewStatus = Literal["pending", "done", "failed"]


@dataclass(frozen=True, slots=True)
class ReviewRow:
    """A game's review (issue 32): queued (``pending``), ``done`` (``review_json``, made with ``made_with`` in
    ``cpu_s`` CPU-seconds) or ``failed`` after ``attempts``; ``graph``: its graph is due in the thread, or posted."""

    game_id: int
    status: ReviewStatus
    attempts: int
    requested_at: datetime
    done_at: datetime | None = None
    made_with: str | None = None
    cpu_s: float | None = None
    review_json: str | None = None
    graph: Literal["due", "posted"] | None = None


@dataclass(frozen=True, slots=True)
class HintRow:
    """A move suggested by ``/splendor hint`` to ``user_id`` (seat ``seat``) at game version ``version``."""

    game_id: int
    version: int
    seat: int
    user_id: int
    code: str
    at: datetime


@dataclass(frozen=True, slots=True)
class TimerRow:
    game_id: int
    version: int
    seat: int
    user_id: int
    started_at: datetime
    due_at: datetime | None
    remind_at: datetime | None
    paused_left_s: float | None = None


@dataclass(frozen=True, slots=True)
class NewNotification:
    user_id: int
    kind: str
    deliver_after: datetime
    game_id: int | None = None
    channel_id: int | None = None
    game_version: int | None = None
    params: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class OutboxRow:
    id: int
    user_id: int
    game_id: int | None
    channel_id: int | None
    game_version: int | None
    kind: str
    params: Mapping[str, Any]
    created_at: datetime
    deliver_after: datetime
    delivered_at: datetime | None
    send_nonce: str | None = None  # set before a first send: a send again after a crash uses the same
    attempts: int = 0  # sends that failed (the row waits longer after each; given up after a number)


@dataclass(frozen=True, slots=True)
class GameBundle:
    """What loading a game reads, at one point: its row, seats (by join order), clock, and its log after
    ``after`` (the snapshot's version when the row has a config and a snapshot, else 0: the whole log;
    no log for a lobby); ``takebacks``: how many of its moves were taken back (its rows in
    ``undone_actions``), which the board's identity needs."""

    row: GameRow
    seats: list[SeatRow]
    timer: TimerRow | None
    actions: list[ActionRow]
    after: int
    takebacks: int


def bundle_log_start(row: GameRow) -> int:
    """Where :class:`GameBundle`'s log starts for ``row``: after its snapshot, if it has one."""
    return (row.snapshot_version or 0) if row.config_json and row.snapshot_json else 0


@dataclass(frozen=True, slots=True)
class GameStart:
    """A lobby becomes a running game: its engine setup (JSON text) and start time."""

    config_json: str
    at: datetime


@dataclass(frozen=True, slots=True)
class GameEnd:
    """A game stops (nobody is to act any more)."""

    status: Literal["over", "aborted"]
    reason: str
    at: datetime


@dataclass(frozen=True, slots=True)
class Snapshot:
    """A cached engine state (``engine.to_json``, as text) taken at ``version``."""

    json: str
    version: int


@dataclass(frozen=True, slots=True)
class GameUpdate:
    """A change to a game row; every ``None`` leaves that part as it is.

    ``to_act`` is ignored when ``end`` is set (an ended game has nobody to act).
    """

    version: int | None = None
    to_act: int | None = None
    creator_id: int | None = None
    start: GameStart | None = None
    end: GameEnd | None = None
    snapshot: Snapshot | None = None

    def columns(self, t: Callable[[datetime], Any] = lambda at: at) -> dict[str, Any]:
        """The ``games`` columns this update sets (named as :class:`GameRow`'s fields), times through ``t``."""
        cols: dict[str, Any] = {}
        if self.version is not None:
            cols["version"] = self.version
        if self.to_act is not None:
            cols["to_act"] = self.to_act
        if self.creator_id is not None:
            cols["creator_id"] = self.creator_id
        if self.start is not None:
            cols.update(status="active", config_json=self.start.config_json, started_at=t(self.start.at))
        if self.end is not None:
            cols.update(status=self.end.status, end_reason=self.end.reason, ended_at=t(self.end.at), to_act=None)
        if self.snapshot is not None:
            cols.update(snapshot_json=self.snapshot.json, snapshot_version=self.snapshot.version)
        return cols

    def applied_to(self, row: GameRow) -> GameRow:
        """``row`` with this update applied (what the store holds after writing it)."""
        return replace(row, **self.columns())


@dataclass(slots=True)
class WritePlan:
    """Everything one state change of one game writes (applied atomically, possibly batched with others).

    ``expect_version`` guards the game row: the plan fails (``StoreConflict``) if the
    stored version differs.  ``seats``: seat rows to write (seat number, status,
    expiries and result).  ``timer``: a new clock row; ``clear_timer``: delete the game's clock.
    """

    game_id: int
    expect_version: int
    now: datetime
    game: GameUpdate = field(default_factory=GameUpdate)
    actions: list[ActionRow] = field(default_factory=list)
    seats: list[SeatRow] = field(default_factory=list)
    timer: TimerRow | None = None
    clear_timer: bool = False
    notes: list[NewNotification] = field(default_factory=list)
