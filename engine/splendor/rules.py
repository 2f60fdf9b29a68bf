"""Rules of Splendor: base game (B-1..B-15), Orient (O-1..O-6), Strongholds (S-1..S-6).

One ``SplendorRules`` object per ruleset (``base``, ``orient``, ``strongholds``,
``orient+strongholds``), registered by name with aliases.  The class is a facade: each
concern is a module of functions over the state, read in one sitting each:

============  ===========================================================================
tables        constants, flat per-card tables, pre-built actions, card predicates
setup         ``new_game`` (B-2, O-1, S-1) and explicit setups
moves         legal actions, payments (B-8, O-2) and the options of every decision
apply         validating and applying a main action (B-4) or a decision
effects       what actions and decisions do to the state (acquire, nobles, strongholds...)
turn          the rest of the turn (B-15): the step stack, refill, end of turn and game
invariants    conservation checks (a bug, never a player mistake)
project       ``view_for`` / ``preview``: what one viewer may know
serial        ``state_to_json`` / ``state_from_json``
============  ===========================================================================

A turn is the main action followed by a stack of steps (B-15): the action's own
effects and decisions (Orient effects, stronghold placement S-3), the refill (B-9),
Conquest (S-6), the token limit (B-6), the noble visit (B-11) and the end check
(B-12).  A step that needs a choice becomes a ``Pending`` decision with its legal
options; a choice with a single option is made automatically.

``config.setup`` (optional explicit setup, for tests, puzzles and physical games)::

    {"decks": {"1": ["1-07", ...], "2": [...], "3": [...]},   # top of each deck first
     "orient_decks": {"1": ["O1-03", ...], ...},               # Orient only
     "nobles": ["N3", "N7", "N1"]}                              # the nobles revealed

A deck list may name only the top cards; the rest of that level follows in seeded
order.  Face-up cards are dealt from the top of each deck.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.core import GameConfig, apply_on_copy, register
from engine.splendor import apply as applying
from engine.splendor import invariants, moves, project, serial, setup, turn
from engine.splendor.actions import EXAMPLE, Action, own, parse
from engine.splendor.apply import PENDING_RULE
from engine.splendor.names import ALIASES
from engine.splendor.state import SplendorState
from engine.splendor.tables import BASE_SLOTS, CARDS, CAT, NOBLES, ORIENT_SLOTS, effective_cost
from engine.splendor.tables import can_acquire as _can_acquire

__all__ = ["BASE", "BOTH", "CARDS", "NOBLES", "ORIENT", "PENDING_RULE", "STRONGHOLDS_RULES", "SplendorRules"]


class SplendorRules:
    """A Splendor ruleset: which modules are played, and the engine's entry points for its states."""

    min_players = 2
    max_players = 4
    game = "splendor"
    families: tuple[str, ...] = ("take", "reserve", "buy")
    example = EXAMPLE
    option_names = frozenset({"target"})

    # The entry points are the modules' functions themselves (no extra call on the hot paths).
    own = staticmethod(own)
    legal_actions = staticmethod(moves.legal_actions)
    default_action = staticmethod(moves.default_action)
    payments = staticmethod(moves.payments)
    default_payment = staticmethod(moves.default_payment)
    valid_payment = staticmethod(moves.valid_payment)
    can_acquire = staticmethod(_can_acquire)
    effective_cost = staticmethod(effective_cost)
    apply = staticmethod(apply_on_copy)
    apply_in_place = staticmethod(applying.apply_in_place)
    winners = staticmethod(turn.winners)
    check_invariants = staticmethod(invariants.check_invariants)
    view_for = staticmethod(project.view_for)
    preview = staticmethod(project.preview)
    state_to_json = staticmethod(serial.state_to_json)

    def __init__(self, name: str, aliases: tuple[str, ...], *, orient: bool, strongholds: bool) -> None:
        self.name = name
        self.aliases = aliases
        self.orient = orient
        self.strongholds = strongholds
        self.slots = BASE_SLOTS + (ORIENT_SLOTS if orient else 0)
        self.total_cards = sum(len(x) for x in CAT.base_by_level) + (
            sum(len(x) for x in CAT.orient_by_level) if orient else 0)

    def __repr__(self) -> str:
        return f"<SplendorRules {self.name}>"

    @property
    def modules(self) -> tuple[str, ...]:
        return tuple(m for m, on in (("orient", self.orient), ("strongholds", self.strongholds)) if on)

    def new_game(self, config: GameConfig) -> SplendorState:
        return setup.new_game(self, config)

    def parse_action(self, text: str) -> Action:
        return parse(text)

    def state_from_json(self, config: GameConfig, data: Mapping[str, Any]) -> SplendorState:
        return serial.state_from_json(self, config, data)


BASE = register(SplendorRules("base", ALIASES["base"], orient=False, strongholds=False))
ORIENT = register(SplendorRules("orient", ALIASES["orient"], orient=True, strongholds=False))
STRONGHOLDS_RULES = register(SplendorRules("strongholds", ALIASES["strongholds"], orient=False, strongholds=True))
BOTH = register(SplendorRules("orient+strongholds", ALIASES["orient+strongholds"], orient=True, strongholds=True))
