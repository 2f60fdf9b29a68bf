"""Legality has one source, in every ruleset: ``apply`` accepts exactly the codes ``legal_actions`` lists.

The universe of candidate codes is every code that was legal somewhere in seeded random games of the same
ruleset (so each candidate is a well-formed move that is legal in some position), plus codes that are never
legal (a sixth slot, a fourth level, a seventh noble, a colour twice in a three-colour take).  At sampled
positions of other games, and at every pending decision, each candidate must be accepted if and only if it
is listed; a refusal is always one of the engine's own errors, and leaves the state as it was.
"""

from __future__ import annotations

import pytest

from engine import EngineError, GameConfig, GameState, apply, legal_actions, new_game, to_json
from engine.rng import Rng
from tests.hidden import shipped_rulesets

NEVER_LEGAL = ("take wwu", "take ooo", "buy 4.1", "reserve 1.9", "reserve d4", "noble 9", "buy r9", "pass pass",
               "take 7", "buy z9", "reserve deck deck", "return 99 1")


def _random_game(ruleset: str, players: int, seed: int) -> list[GameState]:
    """Every position of one seeded random game."""
    state = new_game(GameConfig(ruleset, players, seed))
    rng = Rng(seed * 31 + 7)
    positions = [state]
    while not state.is_over:
        acts = legal_actions(state)
        state = apply(state, state.to_act or 0, acts[rng.below(len(acts))]).state
        positions.append(state)
    return positions


def _universe(ruleset: str) -> list[str]:
    codes: dict[str, None] = {}
    for seed in range(8):
        for state in _random_game(ruleset, 2 + seed % 3, 1000 + seed):
            if not state.is_over:
                codes.update(dict.fromkeys(str(a) for a in legal_actions(state)))
    return [*codes, *NEVER_LEGAL]


@pytest.mark.parametrize("ruleset", shipped_rulesets())
def test_apply_accepts_exactly_the_listed_codes(ruleset: str) -> None:
    universe = _universe(ruleset)
    checked = refused = 0
    for seed, players in ((1, 2), (2, 3), (3, 4)):
        for step, state in enumerate(_random_game(ruleset, players, seed)):
            if state.is_over or not (step % 6 == 0 or state.pending_kind):
                continue
            legal = {str(a) for a in legal_actions(state)}
            before = to_json(state)
            for code in universe:
                try:
                    apply(state, state.to_act or 0, state.rules.parse_action(code))
                    accepted = True
                except EngineError:
                    accepted = False
                    refused += 1
                assert accepted == (code in legal), f"{ruleset}: {code!r} listed={code in legal} accepted={accepted}"
                checked += 1
            assert to_json(state) == before
    assert checked > 5_000 and refused > checked // 2
