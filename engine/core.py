"""Ruleset-independent contract of the engine.

Every ruleset (``base``, ``orient``, ``strongholds``, ``orient+strongholds``,
``spectacle``) implements :class:`Ruleset` over its own state class.  The public
functions in :mod:`engine` dispatch on ``state.rules``.

Conventions shared by every ruleset
-----------------------------------
* A game is its :class:`GameConfig` (ruleset, player count, seed, options, optional
  explicit setup) plus its list of ``(seat, action code)`` pairs.  All shuffles happen
  in ``new_game`` from ``config.seed`` through :class:`engine.rng.Rng`.
* Seats are ``0 .. players-1`` in turn order; seat 0 is the first player (the
  service draws who sits where from the seed before creating the game, B-3).
* Actions are small frozen values; ``str(action)`` is their canonical text code and
  ``ruleset.parse_action(str(action)) == action``.
* ``apply`` never mutates its argument; ``apply_in_place`` is the fast path used by
  self-play and AIs (it validates exactly like ``apply``).
* ``state.to_act`` is the seat that must decide now (main action or a pending
  decision), ``None`` when the game is over.  Every state keeps its turn as
  :mod:`engine.turns` describes (``pending``, ``steps``, ``over``) and inherits the
  protocol methods they share from :class:`StateBase`.
* Views (``view_for(state, seat)``; ``seat=None`` for spectators) hold only what that
  viewer may know; renderers and messages receive views, never states.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Final, Generic, Protocol, Self, TypeVar

from engine.errors import InvalidAction
from engine.rng import Rng
from engine.turns import Pending, Step

JSON = dict[str, Any]
FORMAT_VERSION = 1
RULES_VERSION = 2
"""The rulings a new game is played under (``GameConfig.rules_version``).

1: the rulings before B-14 and O-2 were sharpened (a full round of passes forces the
round to be played out; a payment may spend tokens while a gold card's virtual gold
lapses).  2: B-14 ends the game at once when everyone has passed; O-2 payments are
minimal.  A config stored without the key is version 1, so old games replay unchanged.
"""


@dataclass(frozen=True, slots=True)
class GameConfig:
    """What a game starts from.

    ``options`` are ruleset options (JSON values).  ``setup`` is an optional explicit
    setup (deck order, nobles...) whose shape each ruleset documents; with it the seed
    is not used for shuffling.  ``rules_version`` selects the rulings (``RULES_VERSION``
    for a new game; 1 for a stored config without the key).
    """

    ruleset: str
    players: int
    seed: int = 0
    options: Mapping[str, Any] = field(default_factory=dict)
    setup: Mapping[str, Any] | None = None
    rules_version: int = RULES_VERSION

    def to_json(self) -> JSON:
        data: JSON = {"ruleset": self.ruleset, "players": self.players, "seed": self.seed,
                      "options": dict(self.options), "rules_version": self.rules_version}
        if self.setup is not None:
            data["setup"] = dict(self.setup)
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> GameConfig:
        return cls(
            ruleset=str(data["ruleset"]),
            players=int(data["players"]),
            seed=int(data.get("seed", 0)),
            options=dict(data.get("options", {})),
            setup=dict(data["setup"]) if data.get("setup") is not None else None,
            rules_version=int(data.get("rules_version", 1)),  # stored before versions existed: 1
        )


class Event:
    """Something that happened, for logs and the one-line turn summary.

    ``kind`` is a stable key (``"take"``, ``"reserve"``, ``"refill"``, ``"noble"``...).
    ``params`` are JSON values.  Names in ``secret`` are removed from ``params`` for
    every viewer except ``seat`` (for example the card of a blind reserve).

    A plain class with slots, compared by value like a dataclass, and never changed once made (``Final``:
    mypy refuses an assignment).  Not a frozen dataclass: a play-out makes one or two events a turn, and a
    frozen dataclass's ``__init__`` (``object.__setattr__`` per field) cost several times a plain one's
    (issue 30).
    """

    __slots__ = ("kind", "params", "seat", "secret")
    __match_args__ = ("kind", "seat", "params", "secret")

    def __init__(self, kind: str, seat: int | None, params: Mapping[str, Any] | None = None,
                 secret: frozenset[str] = frozenset()) -> None:
        self.kind: Final = kind
        self.seat: Final = seat
        self.params: Final[Mapping[str, Any]] = {} if params is None else params
        self.secret: Final = secret

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Event):
            return NotImplemented
        return (self.kind, self.seat, self.params, self.secret) == (other.kind, other.seat, other.params, other.secret)

    __hash__ = None  # type: ignore[assignment]  # (params is a dict: as the dataclass, unhashable)

    def __repr__(self) -> str:
        return f"Event(kind={self.kind!r}, seat={self.seat!r}, params={self.params!r}, secret={self.secret!r})"

    def redacted_for(self, viewer: int | None) -> Event:
        if not self.secret or viewer == self.seat:
            return self
        return Event(self.kind, self.seat, {k: v for k, v in self.params.items() if k not in self.secret}, frozenset())

    def to_json(self) -> JSON:
        data: JSON = {"kind": self.kind, "seat": self.seat, "params": dict(self.params)}
        if self.secret:
            data["secret"] = sorted(self.secret)
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Event:
        return cls(data["kind"], data["seat"], dict(data["params"]), frozenset(data.get("secret", ())))


@dataclass(frozen=True, slots=True)
class HiddenCard:
    """A card this viewer may not see (another player's blind reserve, the top of a deck).

    ``level`` is the deck level when the game has levels and the viewer knows it, else ``None``.
    """

    level: int | None = None


@dataclass(frozen=True, slots=True)
class Gems:
    """Tokens named by colour letter (Splendor: ``w u g r k``, ``o`` for gold), one letter per token.

    ``gold_cards`` counts Orient gold cards given up as payment.
    """

    letters: str = ""
    gold_cards: int = 0

    def __bool__(self) -> bool:
        return bool(self.letters) or self.gold_cards > 0


@dataclass(frozen=True, slots=True)
class Chips:
    """Chips named by value (Spectacle: 1, 2, 5, 10), one entry per chip, in the order they move."""

    values: tuple[int, ...] = ()

    def __bool__(self) -> bool:
        return bool(self.values)


@dataclass(frozen=True, slots=True)
class Description:
    """An action or an event as typed, language-free data, as one viewer may know it.

    ``verb`` is a stable name of what happens (``"take"``, ``"reserve_blind"``, ``"buy_nopay"``...):
    the text layer has one sentence per verb and fills it from the other fields, never from codes.

    * ``seat``: who acts (``None``: nobody in particular, such as the game ending);
    * ``cards``: the cards or nobles involved, as the viewer's card and noble views; a
      :class:`HiddenCard` stands for one the viewer may not see;
    * ``tokens``: the tokens or chips that move (:class:`Gems` or :class:`Chips`);
    * ``places``: codes a player types for slots, stacks, grid positions, decks or hand cards
      (``"1.3"``, ``"d2"``, ``"a1"``, ``"3"``, ``"r2"``), in the order the sentence names them;
    * ``seats``: other seats involved (a victim, the winners);
    * ``amount``: a number the sentence needs (points reached, strongholds recovered, a deck level);
    * ``color``: a colour letter (the colour a joker takes);
    * ``minor``: bookkeeping (a refill, a chip put back) that a one-line summary may leave out;
    * ``origin``: where the card came from, ``"table"``, ``"hand"`` (the player's reserved cards)
      or ``"deck"`` (``""`` when it does not apply), so a sentence stays true once the slot is refilled;
    * ``reveals``: the event showed something nobody could know before (a card drawn from a deck,
      a blind reserve): the move it belongs to cannot be taken back.
    """

    verb: str
    seat: int | None = None
    cards: tuple[object, ...] = ()
    tokens: Gems | Chips | None = None
    places: tuple[str, ...] = ()
    seats: tuple[int, ...] = ()
    amount: int | None = None
    color: str | None = None
    minor: bool = False
    origin: str = ""
    reveals: bool = False


#: What a composer family is called: the main actions a player picks from a button, and the
#: decisions (``"choose"``) that answer a pending step.  Every action belongs to exactly one.
FAMILIES: tuple[str, ...] = ("take", "reserve", "buy", "claim", "choose")


class Action(Protocol):
    """A move or a decision: a small frozen value whose ``str`` is its canonical code.

    ``family`` says which button or command offers it (one of :data:`FAMILIES`); ``head``
    is the same action without its payment or placement details (``buy 1.4 pay rro`` ->
    ``buy 1.4``), so a menu can list a card once and ask how to pay after.
    """

    @property
    def verb(self) -> str: ...

    @property
    def family(self) -> str: ...

    @property
    def head(self) -> Action: ...

    def __str__(self) -> str: ...


class ActionBase:
    """What every concrete action class inherits beside its fields (see :class:`Action`)."""

    __slots__ = ()
    verb: ClassVar[str]
    family: ClassVar[str] = "choose"

    @property
    def head(self) -> ActionBase:
        """The action without payment or placement details (itself for most actions)."""
        return self


@dataclass(frozen=True, slots=True)
class FaceUp:
    """A card lying face up on the table: where (``place``, the code a player types, ``"2.3"``, ``"b1"``), which
    card it is (``card_id``, stable for the whole game, whatever slot it lies in) and the viewer's card view."""

    place: str
    card_id: str
    card: object


@dataclass(frozen=True, slots=True)
class PendingView:
    """A decision seat ``seat`` must make before the turn can go on, as one viewer may see it.

    ``options`` are the legal codes *this viewer* may be shown; ``hidden`` is true when the
    engine withheld them (they would reveal something this viewer may not know, such as the
    price of another player's blind reserve): only the deciding seat's own view lists them.
    ``default`` is the option a timeout would take (``None`` when withheld).  ``params``
    describe the decision (the chips still to place, the noble being received...).
    """

    kind: str
    seat: int
    options: tuple[str, ...]
    params: tuple[tuple[str, object], ...] = ()
    default: str | None = None
    hidden: bool = False


class SeatView(Protocol):
    """One player as one viewer sees them (every ruleset's seat view offers at least this)."""

    @property
    def seat(self) -> int: ...

    @property
    def score(self) -> int:
        """Prestige points (Splendor) or victory points (Spectacle) so far."""
        ...


class TableView(Protocol):
    """What one viewer (a seat, or ``None`` for a spectator) may know of a game.

    Renderers, messages, menus and computer players receive views, never states: a view
    cannot show what it does not hold.
    """

    @property
    def ruleset(self) -> str: ...

    @property
    def players(self) -> int: ...

    @property
    def viewer(self) -> int | None: ...

    @property
    def version(self) -> int: ...

    @property
    def turn(self) -> int: ...

    @property
    def to_act(self) -> int | None: ...

    @property
    def seats(self) -> Sequence[SeatView]: ...

    @property
    def pending(self) -> PendingView | None: ...

    @property
    def last_events(self) -> tuple[Event, ...]: ...

    @property
    def last_seat(self) -> int | None: ...

    @property
    def final_round(self) -> bool: ...

    @property
    def is_over(self) -> bool: ...

    @property
    def winners(self) -> tuple[int, ...]: ...

    @property
    def standings(self) -> tuple[int, ...]:
        """Seats from first to last place under the ruleset's tie-breaks (seat order among true ties)."""
        ...

    @property
    def affordable(self) -> tuple[str, ...]: ...

    @property
    def buyable(self) -> tuple[str, ...]:
        """Codes of the cards the seat to act can buy now, among the cards this view shows (none while a
        decision is pending or once the game is over): what a table marks for the player to move."""
        ...

    @property
    def target(self) -> int: ...

    @property
    def public(self) -> PublicInfo | None:
        """What the viewer may know as a searchable state (:class:`PublicInfo`); only for the seat to act."""
        ...

    def face_up(self) -> tuple[FaceUp, ...]:
        """The cards face up on the table (every viewer sees the same), in table order."""
        ...

    def describe(self, action: Action) -> Description:
        """``action`` (legal now or typed) as this viewer may know it; raises on another ruleset's action."""
        ...

    def describe_event(self, event: Event) -> Description:
        """``event`` redacted for this viewer, as language-free data."""
        ...


class NullLog(list[Any]):
    """An event log or action history that records nothing: the events-off mode of search play-outs.

    A state whose ``_events`` and ``_actions`` are a ``NullLog`` (:meth:`StateBase.set_quiet`) plays
    exactly the same moves, without the cost of keeping its log; its copies stay quiet.
    """

    __slots__ = ()

    def append(self, item: Any, /) -> None:
        pass

    def extend(self, items: Any, /) -> None:
        pass

    def __getitem__(self, index: Any) -> Any:
        return self if isinstance(index, slice) else list.__getitem__(self, index)


QUIET = NullLog()

#: Places hiding cards: a list and the indices in it whose cards are hidden.
HiddenPlaces = list[tuple[list[int], list[int]]]


def deal_hidden(places: HiddenPlaces, order: Callable[[list[int]], None]) -> None:
    """Gather the cards at ``places``, ``order`` them (sort, for a canonical public copy, or shuffle, for a
    determinization) and put them back in the same places."""
    pool = [lst[k] for lst, idx in places for k in idx]
    order(pool)
    it = iter(pool)
    for lst, idx in places:
        for k in idx:
            lst[k] = next(it)


class PublicInfo:
    """What one seat may know of a game, as a state that seat can search (computer players).

    It holds a copy of the game without its history in which every card the seat may not see
    (deck orders, the other players' blind reserves) sits in a canonical order that depends only
    on what the seat knows: the *set* of unseen cards is public (everything minus what was seen),
    where each of them is is not.  :meth:`determinize` deals the unseen cards again at random
    from that pool: that is the only state a computer player ever searches.  Two games that
    differ only in hidden cards give the same ``PublicInfo`` (``to_json`` equal).

    Views carry one (``view.public``) only for the seat to act; it is not a dataclass, so walking a
    view's fields never meets it.
    """

    __slots__ = ("_state", "seat")

    def __init__(self, state: GameState, seat: int) -> None:
        self._state = state
        self.seat = seat

    def determinize(self, rng: Rng) -> GameState:
        """A full state: this seat's knowledge with the unseen cards dealt at random (a fresh copy)."""
        state = self._state.copy()
        state.redeal(self.seat, rng)
        return state

    def canonical(self) -> GameState:
        """A copy of the canonical state (unseen cards in their canonical order)."""
        return self._state.copy()

    def to_json(self) -> JSON:
        return {"seat": self.seat, "state": self._state.to_json()}


@dataclass(frozen=True, slots=True)
class Transition:
    state: GameState
    events: tuple[Event, ...]


def apply_on_copy(state: GameState, seat: int, action: Action) -> Transition:
    """``apply`` for every ruleset: ``apply_in_place`` on a copy, so ``state`` is untouched."""
    new = state.copy()
    return Transition(new, new.apply_in_place(seat, action))


class GameState(Protocol):
    """What every ruleset's state offers to the layers above the engine.

    The public functions of :mod:`engine` call these methods; nothing above the engine
    needs to know which ruleset a state belongs to.
    """

    @property
    def config(self) -> GameConfig: ...

    @property
    def rules(self) -> Ruleset: ...

    @property
    def to_act(self) -> int | None: ...

    @property
    def is_over(self) -> bool: ...

    @property
    def version(self) -> int:
        """Number of actions applied so far (the game version buttons carry)."""
        ...

    @property
    def turn(self) -> int:
        """Main turns played so far."""
        ...

    @property
    def pending_kind(self) -> str | None:
        """``None`` when the seat to act chooses a main action, else the decision's kind."""
        ...

    def history(self) -> list[tuple[int, str]]:
        """The ``(seat, code)`` list that replays this state."""
        ...

    def scores(self) -> tuple[int, ...]: ...

    def winners(self) -> tuple[int, ...]:
        """Winning seats once the game is over (several on a shared victory), else ``()``."""
        ...

    def events(self) -> Sequence[Event]:
        """Every event so far, unredacted.  Use ``log_for`` for anything shown."""
        ...

    def legal_actions(self) -> Sequence[Action]:
        """Every legal action of ``to_act`` (main action or pending decision)."""
        ...

    def apply(self, seat: int, action: Action) -> Transition:
        """Validate and apply on a copy; this state is untouched."""
        ...

    def apply_in_place(self, seat: int, action: Action) -> tuple[Event, ...]:
        """Validate and apply on this state (self-play and computer players)."""
        ...

    def default_action(self) -> Action:
        """A deterministic minimal legal action for ``to_act`` (timeouts)."""
        ...

    def view_for(self, seat: int | None) -> TableView:
        """What ``seat`` may know (``None``: a spectator)."""
        ...

    def preview(self, seat: int, action: Action) -> TableView:
        """``seat``'s table after ``action``, revealing nothing the move has not revealed yet.

        Refilled slots and the card a blind reserve would draw stay hidden, even from the
        mover (who could otherwise cancel after peeking at a deck); ``last_events`` are the
        move's events as a spectator would see them.
        """
        ...

    def copy(self) -> GameState: ...

    def public_copy(self, seat: int) -> GameState:
        """A copy without history where the cards ``seat`` may not see are in a canonical order (see PublicInfo)."""
        ...

    def redeal(self, seat: int, rng: Rng) -> None:
        """Deal again, in place and at random, the cards ``seat`` may not see among the places they hide in."""
        ...

    def set_quiet(self) -> None:
        """Stop recording events and history on this state (search play-outs); views of it are then meaningless."""
        ...

    def to_json(self) -> JSON:
        """The full state (a cache of config + history; see :func:`engine.to_json`)."""
        ...

    def check_invariants(self) -> None:
        """Raise :class:`engine.errors.InvariantViolation` on an impossible state (a bug)."""
        ...


St = TypeVar("St", contravariant=True)
Act = TypeVar("Act")
View = TypeVar("View", covariant=True)
A = TypeVar("A")
V = TypeVar("V")


class StateRules(Protocol[St, Act, View]):
    """What a ruleset object offers for its own states (``St``), actions (``Act``) and views (``View``)."""

    def own(self, action: object, /) -> Act:
        """``action`` as one of this ruleset's actions (raises ``InvalidAction`` for another's)."""
        ...

    def legal_actions(self, state: St, /) -> list[Act]: ...

    def apply(self, state: St, seat: int, action: Act, /) -> Transition: ...

    def apply_in_place(self, state: St, seat: int, action: Act, /) -> tuple[Event, ...]: ...

    def default_action(self, state: St, /) -> Act: ...

    def view_for(self, state: St, seat: int | None, /) -> View: ...

    def preview(self, state: St, seat: int, action: Act, /) -> View: ...

    def state_to_json(self, state: St, /) -> JSON: ...

    def check_invariants(self, state: St, /) -> None: ...


class StateBase(Generic[A, V]):
    """The :class:`GameState` methods every ruleset's state shares, over its actions ``A`` and views ``V``.

    A state keeps the turn as :mod:`engine.turns` describes (``pending``, ``steps``), ``over``,
    the seat ``current`` and its logs; the rest of the protocol asks the state's ruleset, after
    narrowing the action with the ruleset's ``own``.  Subclasses declare the slots.
    """

    __slots__ = ()

    config: GameConfig
    rules: StateRules[Self, A, V]
    current: int
    pending: Pending[A] | None
    steps: list[Step]
    over: bool
    _actions: list[tuple[int, A]]
    _events: list[Event]

    @property
    def to_act(self) -> int | None:
        if self.over:
            return None
        return self.pending.seat if self.pending is not None else self.current

    @property
    def is_over(self) -> bool:
        return self.over

    @property
    def version(self) -> int:
        return len(self._actions)

    @property
    def pending_kind(self) -> str | None:
        return None if self.pending is None else self.pending.kind

    def history(self) -> list[tuple[int, str]]:
        return [(seat, str(action)) for seat, action in self._actions]

    def events(self) -> list[Event]:
        return self._events

    def legal_actions(self: Self) -> list[A]:
        return self.rules.legal_actions(self)

    def apply(self: Self, seat: int, action: Action) -> Transition:
        return self.rules.apply(self, seat, self.rules.own(action))

    def apply_in_place(self: Self, seat: int, action: Action) -> tuple[Event, ...]:
        return self.rules.apply_in_place(self, seat, self.rules.own(action))

    def default_action(self: Self) -> A:
        return self.rules.default_action(self)

    def view_for(self: Self, seat: int | None) -> V:
        return self.rules.view_for(self, seat)

    def preview(self: Self, seat: int, action: Action) -> V:
        return self.rules.preview(self, seat, self.rules.own(action))

    def to_json(self: Self) -> JSON:
        return self.rules.state_to_json(self)

    def check_invariants(self: Self) -> None:
        self.rules.check_invariants(self)

    def __eq__(self, other: object) -> bool:
        """The same game at the same point: equal full JSON (setup, log and state)."""
        if type(other) is not type(self):
            return NotImplemented
        assert isinstance(other, StateBase)
        return self.to_json() == other.to_json()

    __hash__ = None  # type: ignore[assignment]


class Ruleset(Protocol):
    """A registered ruleset: what is asked of it, so that nothing above the engine branches on its name."""

    @property
    def name(self) -> str: ...

    @property
    def aliases(self) -> tuple[str, ...]: ...

    @property
    def min_players(self) -> int: ...

    @property
    def max_players(self) -> int: ...

    @property
    def game(self) -> str:
        """The game family this ruleset belongs to (``"splendor"`` or ``"spectacle"``)."""
        ...

    @property
    def modules(self) -> tuple[str, ...]:
        """Modules played on top of the family's base game (``("orient", "strongholds")``)."""
        ...

    @property
    def families(self) -> tuple[str, ...]:
        """The main-action families a player may pick from, in button order (see :data:`FAMILIES`)."""
        ...

    @property
    def example(self) -> str:
        """One move typed as a newcomer would (``"take wug"``): what an empty move suggests."""
        ...

    @property
    def option_names(self) -> frozenset[str]:
        """The ``GameConfig.options`` keys this ruleset reads (e.g. ``"target"``)."""
        ...

    def new_game(self, config: GameConfig) -> GameState: ...

    def parse_action(self, text: str) -> Action: ...

    def state_from_json(self, config: GameConfig, data: Mapping[str, Any]) -> GameState: ...


_REGISTRY: dict[str, Ruleset] = {}
_ALIASES: dict[str, str] = {}


def _norm(name: str) -> str:
    return "".join(name.lower().split()).replace("_", "-")


def register(ruleset: Ruleset) -> Ruleset:
    _REGISTRY[ruleset.name] = ruleset
    for alias in (ruleset.name, *ruleset.aliases):
        _ALIASES[_norm(alias)] = ruleset.name
    return ruleset


def find_ruleset(name: str) -> Ruleset:
    from engine.errors import UnknownRuleset

    norm = _norm(name)
    key = _ALIASES.get(norm)
    if key is None:
        _load_builtin(norm)
        key = _ALIASES.get(norm)
        if key is None:
            raise UnknownRuleset(name)
    return _REGISTRY[key]


def ruleset_names() -> list[str]:
    _load_builtin()
    return sorted(_REGISTRY)


#: How a view type describes an action and an event (see :meth:`TableView.describe`).
DescribeAction = Callable[[Any, Any], Description]
DescribeEvent = Callable[[Any, Event], Description]
_DESCRIBERS: dict[type, tuple[DescribeAction, DescribeEvent]] = {}


def register_describer(view_type: type, action: DescribeAction, event: DescribeEvent) -> None:
    """Called by each ruleset's ``describe`` module, so that its views need not import it (no cycle)."""
    _DESCRIBERS[view_type] = (action, event)


def describer(view: object) -> tuple[DescribeAction, DescribeEvent]:
    """The describe functions registered for ``view``'s type."""
    _load_describers()
    found = _DESCRIBERS.get(type(view))
    if found is None:
        raise TypeError(f"no describe module registered for {type(view).__name__}")
    return found


#: The built-in ruleset packages.  Each names its rulesets in ``names.ALIASES`` (a small module, cheap to import)
#: and registers them when its ``rules`` module is imported; its ``describe`` module registers its describer.
_PACKAGES = ("engine.splendor", "engine.spectacle")
_loaded: set[str] = set()  # the packages whose rules are registered
_described = False
#: Held while packages are imported: a thread (a web server's render threads) must not see a package marked loaded
#: before its modules have registered their rules and describers.  Reentrant: an import may look a ruleset up.
_loading = threading.RLock()


def _load_builtin(norm: str | None = None) -> None:
    """Import the rules of the built-in package that plays the ruleset named ``norm`` (normalized), or of every
    package (``None``).  One lookup loads one package: a Splendor game does not pay for Spectacle's modules."""
    with _loading:
        _load_builtin_locked(norm)


def _load_builtin_locked(norm: str | None) -> None:
    import importlib

    for package in _PACKAGES:
        if package in _loaded:
            continue
        if norm is not None:
            try:
                names: dict[str, tuple[str, ...]] = importlib.import_module(package + ".names").ALIASES
            except ModuleNotFoundError as exc:  # a ruleset package not written yet
                if exc.name not in (package, package + ".names"):
                    raise
                continue
            if all(_norm(alias) != norm for name, aliases in names.items() for alias in (name, *aliases)):
                continue
        _loaded.add(package)
        try:
            importlib.import_module(package + ".rules")
        except ModuleNotFoundError as exc:  # a ruleset package not written yet
            if exc.name not in (package, package + ".rules"):
                raise
        if norm is not None:
            return


def _load_describers() -> None:
    """Import every package's ``describe`` module once; a second thread waits until the first has finished
    (``_described`` is set only after every import: the flag alone is the fast path)."""
    global _described
    if _described:
        return
    with _loading:
        if _described:
            return
        _load_builtin()
        import importlib

        for package in _PACKAGES:
            try:
                importlib.import_module(package + ".describe")
            except ModuleNotFoundError as exc:  # a ruleset package not written yet
                if exc.name not in (package, package + ".describe"):
                    raise
        _described = True


def split_code(text: str, example: str) -> list[str]:
    """Lower-case words of an action text; commas and extra spaces are ignored.

    ``example``: the ruleset's own example move, suggested when nothing was typed."""
    words = text.replace(",", " ").replace(";", " ").lower().split()
    if not words:
        raise InvalidAction(f"Type an action, for example `{example}`.", key="err.empty",
                            params={"example": example})
    return words
