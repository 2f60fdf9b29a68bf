"""Spectacle (seed 004): the ruleset behind the engine interface (rules P-1 .. P-10).

Importing this module registers the ruleset ``spectacle`` (aliases ``poker``,
``espectaculo``, ``espetaculo``) with :func:`engine.core.register`.  ``SpectacleRules``
is a facade over one module per concern, each read in one sitting:

============  ===========================================================================
tables        constants, pre-built actions, payments/discards/claims (cached), helpers
setup         ``new_game`` (P-2, explicit setups)
moves         legal actions, the default action, prices and payable chips
apply         validating and applying a main action (P-4) or the answer to a decision
buy           buying a card: where it is, which chips pay, where they go (P-5)
turn          the rest of the turn (P-7b): the step stack, placing, returning, nobles, end
invariants    conservation checks (a bug, never a player mistake)
project       ``view_for`` / ``preview``: what one viewer may know
serial        ``state_to_json`` / ``state_from_json``
============  ===========================================================================

Turn structure (Ruling (P-4/P-6/P-7), after B-15): (1) the main action with its grid
refill; a ``buy X`` with several possible payments waits for the chips first (pending
``pay``, P-5; the card moves when they are chosen); (2) placing paid chips (pending
``place`` unless the purchase said where, P-5); (3) returning chips above 5
(pending ``return``, P-6); (4) a noble: which one
(pending ``noble``), which bonus cards pay for it (pending ``discard``), its power
(pending ``destroy`` / ``free`` / ``swap``), P-7; (5) the end check (P-9).  A
pending decision with exactly one possible outcome is resolved at once; so is a
noble choice with one candidate and a power with one target.  All decisions of a
turn belong to the seat whose turn it is, so ``to_act`` is always that seat.  As in
Splendor, the state holds the ``pending`` decision and the ``steps`` that remain
(:mod:`engine.turns`); the main action sets the steps up and one loop runs them.

Explicit setup (``GameConfig.setup``), every key optional except ``deck``::

    {
      "deck":   ["7h", "10s", "ah", ...],  # card codes, top first: the first 9 fill the grid a1..c3
                                           # in order, the rest are the draw deck (top first).
                                           # Cards not listed are left out of the game.
      "nobles": ["jh", "qd", "ks"],        # the revealed nobles (default: drawn from the seed)
      "stacks": [[1, 2, 5, 10], ...],      # chip values per stack, top first (default: P-2)
      "chips":  [[5], [5]],                # chip values each seat holds (default: one 5-chip each)
    }

Rulings made here where P-rules are silent (each is also cited where it is coded):

* Ruling (P-2): the starting 5-chip of each player is extra, not taken from a stack
  (seed 004, comment 7); so on the first turn nothing can be bought with chips
  (comment 9, P-5).
* Ruling (P-4): the draw deck running out by any draw (a refill or a blind reserve)
  triggers the end (seed: "si el mazo de robo se agota"); the initial deal does not.
* Ruling (P-5): every chip paid must be needed: a payment from which a chip could be
  removed while still covering the price is refused (no pointless dumping); a price
  of 0 is paid with no chips.
* Ruling (P-5): default payment = the smallest total, then the fewest chips.
* Ruling (P-5, menus): ``legal_actions`` lists ``buy X`` once per buyable card; the
  chips are a pending ``pay`` decision when more than one payment is possible.  The
  typed ``buy X 5 2`` / ``buy X 5>1 2>3`` are accepted shortcuts (never listed) that
  leave the same state as ``buy X`` + ``pay 5 2`` (+ ``put`` decisions).  While buying
  an opponent's blind reserve, other viewers see no card, price or payment options.
* Ruling (P-5): chips go under the stacks one by one, in the order given; the default
  placement (``put auto``) takes the chips highest value first and puts each under
  the slot with the most room (lowest number on a tie).
* Ruling (P-6): the default return (``return auto``) gives back the lowest-value chips,
  each under the slot with the most room (lowest number on a tie).
* Ruling (P-7): as with payments, every discarded bonus card must be needed; the
  default is the smallest total, then the fewest cards, then the set whose highest
  card is lowest (so high cards stay in the tableau).
* Ruling (P-7): the noble's cards are discarded before its power applies; a power
  is compulsory when it has a target; Jack and King may target any opponent.
* Ruling (P-7): a card taken free with the Queen refills the grid like a purchase
  and can draw the last deck card (end trigger, P-9).
* Ruling (P-8): the card kept face down is the claim's first card in canonical order
  (it has no further effect); the others leave the game.
* Ruling (P-7): nobles are checked at the end of every turn of the seat whose turn it
  is (a King swap may make an opponent qualify; they are visited at the end of their
  own next turn).  Only nobles still on the table can be won.
* Ruling (P-4/P-5): a blind-reserved card becomes public when it is bought (the ``buy``
  event and the log name it).
* Ruling (P-9): VP may be negative (reserved cards in hand count -1 each).
* Ruling (P-9): the 5-VP check is made at the end of every turn for every player; the
  round is finished so that every seat has played the same number of turns (seat
  ``n-1`` closes a round).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.core import GameConfig, apply_on_copy, register
from engine.spectacle import apply as applying
from engine.spectacle import invariants, moves, project, serial, setup
from engine.spectacle.actions import EXAMPLE, Action, own, parse_action
from engine.spectacle.names import ALIASES
from engine.spectacle.state import SpectacleState
from engine.spectacle.tables import payments

__all__ = ["RULES", "SpectacleRules", "payments"]


class SpectacleRules:
    """The Spectacle ruleset: the engine's entry points for its states."""

    name = "spectacle"
    aliases: tuple[str, ...] = ALIASES["spectacle"]
    min_players = 2
    max_players = 4
    game = "spectacle"
    modules: tuple[str, ...] = ()
    families: tuple[str, ...] = ("take", "reserve", "buy", "claim")
    example = EXAMPLE
    option_names: frozenset[str] = frozenset()

    # The entry points are the modules' functions themselves (no extra call on the hot paths).
    own = staticmethod(own)
    legal_actions = staticmethod(moves.legal_actions)
    default_action = staticmethod(moves.default_action)
    apply = staticmethod(apply_on_copy)
    apply_in_place = staticmethod(applying.apply_in_place)
    check_invariants = staticmethod(invariants.check_invariants)
    view_for = staticmethod(project.view_for)
    preview = staticmethod(project.preview)
    state_to_json = staticmethod(serial.state_to_json)

    def new_game(self, config: GameConfig) -> SpectacleState:
        return setup.new_game(self, config)

    def parse_action(self, text: str) -> Action:
        return parse_action(text)

    def state_from_json(self, config: GameConfig, data: Mapping[str, Any]) -> SpectacleState:
        return serial.state_from_json(self, config, data)


RULES = register(SpectacleRules())
