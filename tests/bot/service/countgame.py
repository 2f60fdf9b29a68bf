"""A tiny deterministic ruleset for service tests: players add 1-3 to a shared total.

Crossing a multiple of 5 opens a pending decision for the same seat: ``keep`` draws
a hidden bonus (from a seeded deck; only the drawer sees its value in the event) or
``pass``.  The game ends when the total reaches ``options["target"]`` (default 15).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from engine import core
from engine.core import Event, GameConfig, PendingView, Transition, register
from engine.errors import GameOver, IllegalAction, InvalidAction, NotYourTurn
from engine.rng import Rng


@dataclass(frozen=True, slots=True)
class Add:
    verb: ClassVar[str] = "add"
    family: ClassVar[str] = "take"
    n: int

    def __str__(self) -> str:
        return f"add:{self.n}"

    @property
    def head(self) -> Add:
        return self


@dataclass(frozen=True, slots=True)
class Keep:
    verb: ClassVar[str] = "keep"
    family: ClassVar[str] = "choose"

    def __str__(self) -> str:
        return "keep"

    @property
    def head(self) -> Keep:
        return self


@dataclass(frozen=True, slots=True)
class Pass:
    verb: ClassVar[str] = "pass"
    family: ClassVar[str] = "choose"

    def __str__(self) -> str:
        return "pass"

    @property
    def head(self) -> Pass:
        return self


@dataclass(slots=True)
class CountState:
    config: GameConfig
    rules: CountRules
    total: int = 0
    scores_: list[int] = field(default_factory=list)
    seat: int = 0
    pending: bool = False
    deck: list[int] = field(default_factory=list)
    log: list[tuple[int, str]] = field(default_factory=list)
    evs: list[Event] = field(default_factory=list)

    @property
    def target(self) -> int:
        return int(self.config.options.get("target", 15))

    @property
    def is_over(self) -> bool:
        return self.total >= self.target and not self.pending

    @property
    def to_act(self) -> int | None:
        return None if self.is_over else self.seat

    @property
    def version(self) -> int:
        return len(self.log)

    @property
    def pending_kind(self) -> str | None:
        return "bonus" if self.pending else None

    def history(self) -> list[tuple[int, str]]:
        return list(self.log)

    def scores(self) -> tuple[int, ...]:
        return tuple(self.scores_)

    def winners(self) -> tuple[int, ...]:
        if not self.is_over:
            return ()
        best = max(self.scores_)
        return tuple(i for i, s in enumerate(self.scores_) if s == best)

    def events(self) -> Sequence[Event]:
        return self.evs

    @property
    def turn(self) -> int:
        return len(self.log)

    def legal_actions(self) -> list[Action]:
        return self.rules.legal_actions(self)

    def apply(self, seat: int, action: core.Action) -> Transition:
        return self.rules.apply(self, seat, action)

    def apply_in_place(self, seat: int, action: core.Action) -> tuple[Event, ...]:
        return self.rules.apply_in_place(self, seat, action)

    def default_action(self) -> Action:
        return self.rules.default_action(self)

    def view_for(self, seat: int | None) -> CountView:
        return self.rules.view_for(self, seat)

    def preview(self, seat: int, action: core.Action) -> CountView:
        after = self.copy()
        after.apply_in_place(seat, action)
        return after.view_for(seat)

    def copy(self) -> CountState:
        return self.rules.state_from_json(self.config, self.to_json())

    def to_json(self) -> dict[str, Any]:
        return self.rules.state_to_json(self)

    def check_invariants(self) -> None:
        self.rules.check_invariants(self)


@dataclass(frozen=True, slots=True)
class CountSeat:
    seat: int
    score: int


@dataclass(frozen=True, slots=True)
class CountView:
    """The count game's table: everything is public except the bonus values drawn."""

    ruleset: str
    players: int
    viewer: int | None
    version: int
    turn: int
    to_act: int | None
    seats: tuple[CountSeat, ...]
    pending: PendingView | None
    last_events: tuple[Event, ...]
    last_seat: int | None
    final_round: bool
    is_over: bool
    winners: tuple[int, ...]
    total: int
    deck_left: int
    affordable: tuple[str, ...] = ()
    target: int = 15

    @property
    def standings(self) -> tuple[int, ...]:
        return tuple(p.seat for p in sorted(self.seats, key=lambda p: (-p.score, p.seat)))


class CountRules:
    name = "count"
    aliases = ("counting",)
    min_players = 2
    max_players = 4
    game = "count"
    modules: tuple[str, ...] = ()
    families: tuple[str, ...] = ("take",)
    example = "take"
    option_names = frozenset({"target"})

    def new_game(self, config: GameConfig) -> CountState:
        deck = list(range(1, 10))
        Rng(config.seed).fork(1).shuffle(deck)
        return CountState(config, self, scores_=[0] * config.players, deck=deck)

    def legal_actions(self, state: CountState) -> list[Action]:
        if state.is_over:
            return []
        if state.pending:
            return [Keep(), Pass()]
        return [Add(1), Add(2), Add(3)]

    def parse_action(self, text: str) -> Action:
        t = text.strip().lower().replace(" ", ":")
        if t == "keep":
            return Keep()
        if t == "pass":
            return Pass()
        if t.startswith("add:") and t[4:] in ("1", "2", "3"):
            return Add(int(t[4:]))
        raise InvalidAction(f"Cannot read {text!r}.", key="err.syntax")

    def apply(self, state: CountState, seat: int, action: core.Action) -> Transition:
        new = self.state_from_json(state.config, self.state_to_json(state))
        events = self.apply_in_place(new, seat, action)
        return Transition(new, events)

    def apply_in_place(self, state: CountState, seat: int, action: core.Action) -> tuple[Event, ...]:
        if state.is_over:
            raise GameOver()
        if seat != state.seat:
            raise NotYourTurn(seat, state.seat)
        if action not in self.legal_actions(state):
            raise IllegalAction("C-1", "Not allowed now.", key="err.count")
        events: list[Event] = []
        if isinstance(action, Add):
            before = state.total
            state.total += action.n
            state.scores_[seat] += action.n
            events.append(Event("add", seat, {"n": action.n, "total": state.total}))
            if state.total // 5 > before // 5 and state.deck:
                state.pending = True
            else:
                state.seat = (seat + 1) % state.config.players
        else:
            if isinstance(action, Keep):
                value = state.deck.pop()
                state.scores_[seat] += value
                events.append(Event("bonus", seat, {"value": value}, frozenset({"value"})))
            state.pending = False
            state.seat = (seat + 1) % state.config.players
        state.log.append((seat, str(action)))
        state.evs.extend(events)
        return tuple(events)

    def view_for(self, state: CountState, seat: int | None) -> CountView:
        pending = None
        if state.pending:
            pending = PendingView("bonus", state.seat, ("keep", "pass"), default="pass")
        last = state.log[-1][0] if state.log else None
        return CountView(
            ruleset=self.name, players=state.config.players, viewer=seat, version=state.version, turn=state.turn,
            to_act=state.to_act, seats=tuple(CountSeat(i, v) for i, v in enumerate(state.scores_)), pending=pending,
            last_events=tuple(e.redacted_for(seat) for e in state.evs[-1:]), last_seat=last, final_round=False,
            is_over=state.is_over, winners=state.winners(), total=state.total, deck_left=len(state.deck),
            target=state.target)

    def state_to_json(self, state: CountState) -> dict[str, Any]:
        return {
            "total": state.total,
            "scores": list(state.scores_),
            "seat": state.seat,
            "pending": state.pending,
            "deck": list(state.deck),
            "log": [list(x) for x in state.log],
            "events": [e.to_json() for e in state.evs],
        }

    def state_from_json(self, config: GameConfig, data: Mapping[str, Any]) -> CountState:
        return CountState(
            config,
            self,
            total=data["total"],
            scores_=list(data["scores"]),
            seat=data["seat"],
            pending=data["pending"],
            deck=list(data["deck"]),
            log=[(int(s), str(c)) for s, c in data["log"]],
            evs=[Event.from_json(e) for e in data["events"]],
        )

    def check_invariants(self, state: CountState) -> None:
        assert sum(state.scores_) >= state.total

    def default_action(self, state: CountState) -> Action:
        return Pass() if state.pending else Add(1)


Action = Add | Keep | Pass

RULES = register(CountRules())
