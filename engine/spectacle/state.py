"""The mutable, slotted state of a Spectacle game (internal representation).

Everything is small ints and lists; public code reads it through the ruleset
(``legal_actions``, ``view_for``, ``state_to_json``).  ``apply`` copies it with
:meth:`SpectacleState.copy` (no deepcopy).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING

from engine import core
from engine.core import QUIET, Event, GameConfig, deal_hidden
from engine.rng import Rng
from engine.spectacle.actions import Action
from engine.spectacle.cards import MASK_COUNT, NOBLE_RANK
from engine.spectacle.view import TableView
from engine.turns import Pending, Step

if TYPE_CHECKING:
    from engine.spectacle.rules import SpectacleRules

# The steps of the rest of a turn (P-7b), as in :mod:`engine.turns`: ``(kind, *data)``.
ST_END, ST_NOBLE, ST_RETURN, ST_PLACE, ST_DISCARD, ST_POWER = range(6)


class SpectacleState(core.StateBase[Action, TableView]):
    """One game.  Seats ``0..n-1``; seat 0 starts (P-2 via the service's seat draw)."""

    __slots__ = (
        "_actions",
        "_events",
        "_last_events",
        "box",
        "chip_totals",
        "chips",
        "claims",
        "config",
        "current",
        "deck",
        "discard",
        "end_reason",
        "grid",
        "hand",
        "hand_blind",
        "n",
        "nobles",
        "over",
        "pending",
        "rules",
        "stacks",
        "steps",
        "tab",
        "transit",
        "turn",
        "won",
    )

    config: GameConfig
    rules: SpectacleRules
    n: int
    grid: list[int]  # 9 positions, card id or -1
    deck: list[int]  # draw deck, top card LAST (pop())
    stacks: list[list[int]]  # chip indices per slot, top FIRST
    nobles: list[int]  # nobles on the table
    discard: list[int]  # development cards out of the game (noble payments, claims, destroyed)
    box: list[int]  # cards left out by an explicit setup (never in play)
    chips: list[list[int]]  # per seat: count of each chip index
    hand: list[list[int]]  # per seat: reserved cards in order r1..r3
    hand_blind: list[list[bool]]
    tab: list[list[int]]  # per seat: bonus mask per suit (bit value-1)
    claims: list[list[tuple[int, ...]]]  # per seat: claimed sets/runs; element 0 is the card kept face down
    won: list[list[int]]  # per seat: nobles won
    current: int
    turn: int  # main turns completed
    pending: Pending[Action] | None  # the decision the engine waits for (engine.turns)
    steps: list[Step]  # what remains of this turn, a stack (P-7b; last resolves first)
    over: bool
    transit: list[int]  # paid chips still to place (counts per chip index), P-5
    end_reason: str | None  # "vp" / "deck" once the end is triggered (P-9)
    chip_totals: tuple[int, ...]  # chips of each value in the game (conservation)
    _actions: list[tuple[int, Action]]
    _events: list[Event]
    _last_events: tuple[Event, ...]

    def copy(self) -> SpectacleState:
        new = SpectacleState.__new__(SpectacleState)
        new.config = self.config
        new.rules = self.rules
        new.n = self.n
        new.grid = self.grid[:]
        new.deck = self.deck[:]
        new.stacks = [s[:] for s in self.stacks]
        new.nobles = self.nobles[:]
        new.discard = self.discard[:]
        new.box = self.box
        new.chips = [c[:] for c in self.chips]
        new.hand = [h[:] for h in self.hand]
        new.hand_blind = [h[:] for h in self.hand_blind]
        new.tab = [t[:] for t in self.tab]
        new.claims = [c[:] for c in self.claims]
        new.won = [w[:] for w in self.won]
        new.current = self.current
        new.turn = self.turn
        new.pending = self.pending  # Pending values are never mutated
        new.steps = self.steps[:]
        new.over = self.over
        new.transit = self.transit[:]
        new.end_reason = self.end_reason
        new.chip_totals = self.chip_totals
        # a quiet state's NullLog is shared as it is (slicing it gives itself, but through a call of its own)
        new._actions = self._actions if self._actions is QUIET else self._actions[:]
        new._events = self._events if self._events is QUIET else self._events[:]
        new._last_events = self._last_events
        return new

    # --- hidden information (computer players, see core.PublicInfo) ------------------------------

    def _deal_hidden(self, seat: int, order: Callable[[list[int]], None]) -> None:
        """Order (sort or shuffle) the cards ``seat`` may not see among the places hiding them: the draw
        deck, the other players' blind reserves and the cards an explicit setup left out."""
        self.box = self.box[:]  # shared between copies otherwise
        places = [(self.hand[i], [k for k, blind in enumerate(self.hand_blind[i]) if blind])
                  for i in range(self.n) if i != seat]
        places += [(self.deck, list(range(len(self.deck)))), (self.box, list(range(len(self.box))))]
        deal_hidden(places, order)

    def public_copy(self, seat: int) -> SpectacleState:
        s = self.copy()
        s.config = replace(self.config, seed=0, setup=None)  # the seed or an explicit setup would tell the deck
        s._actions = []
        s._events = []
        s._last_events = ()
        s._deal_hidden(seat, _sort)
        return s

    def set_quiet(self) -> None:
        self._actions = QUIET
        self._events = QUIET

    def redeal(self, seat: int, rng: Rng) -> None:
        self._deal_hidden(seat, rng.shuffle)

    # --- the GameState protocol (the rest is core.StateBase) -----------------------------------

    def score(self, seat: int) -> int:
        """P-9: nobles + claims - reserved cards still in hand."""
        return len(self.won[seat]) + len(self.claims[seat]) - len(self.hand[seat])

    def scores(self) -> tuple[int, ...]:
        return tuple(self.score(p) for p in range(self.n))

    def winners(self) -> tuple[int, ...]:
        """P-10: most VP; tie: fewer nobles; still tied: shared."""
        if not self.over:
            return ()
        best = max((self.score(p), -len(self.won[p])) for p in range(self.n))
        return tuple(p for p in range(self.n) if (self.score(p), -len(self.won[p])) == best)

    @property
    def last_events(self) -> tuple[Event, ...]:
        return self._last_events

    # --- helpers ----------------------------------------------------------------------------

    def bonus_count(self, seat: int, suit: int) -> int:
        return MASK_COUNT[self.tab[seat][suit]]

    def noble_counts(self, seat: int) -> tuple[int, int, int]:
        ranks = [NOBLE_RANK[x] for x in self.won[seat]]
        return ranks.count(0), ranks.count(1), ranks.count(2)

    def __repr__(self) -> str:
        return (
            f"<SpectacleState players={self.n} version={self.version} turn={self.turn} "
            f"to_act={self.to_act} pending={self.pending_kind}>"
        )


def _sort(pool: list[int]) -> None:
    pool.sort()
