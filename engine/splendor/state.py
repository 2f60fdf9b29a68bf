"""Mutable internal state of a Splendor game (base, Orient, Strongholds).

Only the engine touches these objects.  The public ``engine.apply`` copies the
state before changing it; ``apply_in_place`` (self-play, AIs) changes it directly.
Everything is small ints and lists for speed; views and JSON are the boundaries.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING, Any, Final

from engine import core
from engine.core import QUIET, Event, GameConfig, deal_hidden
from engine.rng import Rng
from engine.splendor.actions import Action
from engine.splendor.catalog import catalog
from engine.splendor.view import TableView
from engine.turns import Pending, Step

if TYPE_CHECKING:
    from engine.splendor.rules import SplendorRules

EMPTY: Final = -1


class Player:
    __slots__ = (
        "blind",
        "bonus",
        "cards",
        "goldcards",
        "joker",
        "nobles",
        "points",
        "reserved",
        "rnobles",
        "supply",
        "tokens",
    )

    def __init__(self, supply: int = 0) -> None:
        self.tokens: list[int] = [0, 0, 0, 0, 0, 0]  # w u g r k gold
        self.bonus: list[int] = [0, 0, 0, 0, 0]
        self.cards: list[int] = []  # tableau, in acquisition order
        self.joker: dict[int, int] = {}  # joker card -> colour it took (O-2)
        self.goldcards: int = 0  # Orient gold cards in the tableau
        self.reserved: list[int] = []
        self.blind: list[bool] = []  # parallel to reserved: taken from a deck unseen
        self.nobles: list[int] = []  # table positions of the nobles won
        self.rnobles: list[int] = []  # Orient: table positions of the nobles this player reserved
        self.points: int = 0
        self.supply: int = supply  # strongholds not on the table

    def copy(self) -> Player:
        p = Player.__new__(Player)
        p.tokens = self.tokens[:]
        p.bonus = self.bonus[:]
        p.cards = self.cards[:]
        p.joker = dict(self.joker)
        p.goldcards = self.goldcards
        p.reserved = self.reserved[:]
        p.blind = self.blind[:]
        p.nobles = self.nobles[:]
        p.rnobles = self.rnobles[:]
        p.points = self.points
        p.supply = self.supply
        return p

    def to_json(self) -> dict[str, Any]:
        return {
            "tokens": self.tokens[:],
            "bonus": self.bonus[:],
            "cards": self.cards[:],
            "joker": sorted([k, v] for k, v in self.joker.items()),
            "goldcards": self.goldcards,
            "reserved": self.reserved[:],
            "blind": self.blind[:],
            "nobles": self.nobles[:],
            "rnobles": self.rnobles[:],
            "points": self.points,
            "supply": self.supply,
        }

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> Player:
        p = cls()
        p.tokens = list(d["tokens"])
        p.bonus = list(d["bonus"])
        p.cards = list(d["cards"])
        p.joker = {int(k): int(v) for k, v in d["joker"]}
        p.goldcards = int(d["goldcards"])
        p.reserved = list(d["reserved"])
        p.blind = [bool(x) for x in d["blind"]]
        p.nobles = list(d["nobles"])
        p.rnobles = list(d["rnobles"])
        p.points = int(d["points"])
        p.supply = int(d["supply"])
        return p


class SplendorState(core.StateBase[Action, TableView]):
    __slots__ = ("_actions", "_events", "bank", "config", "conquest_used", "current", "decks", "discarded",
                 "final_round", "hcnt", "hown", "n", "noble_at", "nobles", "odecks", "over", "passes", "pending",
                 "players", "rows", "rules", "steps", "target", "turn", "turn_start")
    # (StateBase's attributes declared again here: compiled (setup.py), this class reads them as its own native
    # fields instead of looking them up by name)
    config: GameConfig
    rules: SplendorRules
    current: int
    pending: Pending[Action] | None
    steps: list[Step]
    over: bool
    _actions: list[tuple[int, Action]]
    _events: list[Event]

    def __init__(self, config: GameConfig | None = None, rules: SplendorRules | None = None) -> None:
        if config is None or rules is None:
            return  # a blank state that copy() fills: compiled, ``SplendorState.__new__`` calls __init__ too
        self.config = config
        self.rules = rules
        self.n = config.players
        self.target = int(config.options.get("target", 15))
        self.bank: list[int] = [0] * 6
        self.rows: list[list[int]] = []  # [level-1][slot-1] card index or EMPTY (slots 5-6: Orient)
        self.decks: list[list[int]] = [[], [], []]  # top of deck = last element
        self.odecks: list[list[int]] = [[], [], []]
        self.nobles: list[int] = []  # noble index by table position (fixed for the game)
        self.noble_at: list[int] = []  # per position: EMPTY on the table, else the seat that won or reserved it
        self.hown: list[list[int]] = []  # stronghold owner per slot (EMPTY: none)
        self.hcnt: list[list[int]] = []  # strongholds per slot
        self.players: list[Player] = []
        self.discarded: list[int] = []  # Orient: cards that left the game
        self.current = 0
        self.pending = None
        self.steps = []  # what remains of this turn (a stack)
        self.turn = 0
        self.final_round = False
        self.over = False
        self.passes = 0
        self.conquest_used = False
        self.turn_start = 0  # index in the event log where the most recent turn began
        self._actions = []
        self._events = []

    # -- the GameState protocol (the rest is core.StateBase) -------------------------------------
    def score(self, seat: int) -> int:
        """Prestige points of ``seat`` so far (B-12)."""
        return self.players[seat].points

    def scores(self) -> tuple[int, ...]:
        return tuple(p.points for p in self.players)

    def winners(self) -> tuple[int, ...]:
        if not self.over:
            return ()
        return self.rules.winners(self)

    # -- copying ----------------------------------------------------------------------------
    def copy(self) -> SplendorState:
        s = SplendorState.__new__(SplendorState)
        s.config = self.config
        s.rules = self.rules
        s.n = self.n
        s.target = self.target
        s.bank = self.bank[:]
        s.rows = [r[:] for r in self.rows]
        s.decks = [d[:] for d in self.decks]
        s.odecks = [d[:] for d in self.odecks]
        s.nobles = self.nobles
        s.noble_at = self.noble_at[:]
        s.hown = [r[:] for r in self.hown]
        s.hcnt = [r[:] for r in self.hcnt]
        s.players = [p.copy() for p in self.players]
        s.discarded = self.discarded[:]
        s.current = self.current
        s.pending = self.pending  # Pending values are never mutated
        s.steps = self.steps[:]
        s.turn = self.turn
        s.final_round = self.final_round
        s.over = self.over
        s.passes = self.passes
        s.conquest_used = self.conquest_used
        s.turn_start = self.turn_start
        # a quiet state's logs are shared as they are (slicing a NullLog gives itself, but interpreted through
        # a call of its own: two per copy, and a search copies a state for every action it weighs)
        s._actions = self._actions if self._actions is QUIET else self._actions[:]
        s._events = self._events if self._events is QUIET else self._events[:]
        return s

    def position_key(self) -> tuple[object, ...]:
        """Everything the rest of the game depends on, as a hashable value: two states with equal keys play on
        alike (the same legal actions, the same results).  Left out: the turn counter, which no rule reads, and
        the logs.  A search's play-out tells by it that it has come back to a position (and so will go round
        that loop until its limit, its players being deterministic)."""
        pending = self.pending
        return (self.current, self.passes, self.final_round, self.over, self.conquest_used,
                None if pending is None else (pending.kind, pending.seat, pending.options, pending.data),
                tuple(self.steps), tuple(self.bank), tuple([tuple(r) for r in self.rows]),
                tuple([tuple(d) for d in self.decks]), tuple([tuple(d) for d in self.odecks]), tuple(self.noble_at),
                tuple([tuple(r) for r in self.hown]), tuple([tuple(r) for r in self.hcnt]), tuple(self.discarded),
                tuple([(tuple(p.tokens), tuple(p.bonus), tuple(p.cards), tuple(sorted(p.joker.items())), p.goldcards,
                        tuple(p.reserved), tuple(p.blind), tuple(p.nobles), tuple(p.rnobles), p.points, p.supply)
                       for p in self.players]))

    # -- hidden information (computer players, see core.PublicInfo) --------------------------------
    def _deal_hidden(self, seat: int, order: Callable[[list[int]], None]) -> None:
        """Order (sort or shuffle) the cards ``seat`` may not see, per deck, among the places hiding them: the
        deck and the other players' blind reserves taken from it (their level and deck are public)."""
        cards = catalog().cards
        for orient, decks in ((False, self.decks), (True, self.odecks)):
            for lv in range(3):
                places = [(p.reserved, [k for k, c in enumerate(p.reserved)
                                        if p.blind[k] and cards[c].level == lv + 1 and cards[c].orient == orient])
                          for i, p in enumerate(self.players) if i != seat]
                places.append((decks[lv], list(range(len(decks[lv])))))
                if sum(len(idx) for _, idx in places) >= 2:  # one card or none: nothing to order
                    deal_hidden(places, order)

    def public_copy(self, seat: int) -> SplendorState:
        s = self.copy()
        s.config = replace(self.config, seed=0, setup=None)  # the seed or an explicit setup would tell the decks
        s._actions = []
        s._events = []
        s.turn_start = 0
        s._deal_hidden(seat, _sort)
        return s

    def set_quiet(self) -> None:
        self._actions = QUIET
        self._events = QUIET

    def redeal(self, seat: int, rng: Rng) -> None:
        self._deal_hidden(seat, rng.shuffle)

    def __repr__(self) -> str:
        return (f"<SplendorState {self.config.ruleset} players={self.n} version={self.version} "
                f"to_act={self.to_act} pending={self.pending_kind}>")


def _sort(pool: list[int]) -> None:
    pool.sort()
