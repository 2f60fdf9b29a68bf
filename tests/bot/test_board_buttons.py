"""The public board never offers the payments for a blind-reserved Spectacle card (they would tell its price).

Every ruleset's board buttons at every pending decision are checked by ``tests/test_conformance.py``; this pins
the case that leaked: the menu under the public board used to list ``pay 2`` / ``pay 10`` to the whole thread.
"""

from __future__ import annotations

import pytest

import engine
from bot.ui.board import turn_buttons
from engine import GameConfig
from engine.rng import Rng
from tests.test_conformance import components, game_info, verb_of


def test_a_blind_reserve_payment_menu_is_never_public() -> None:
    for seed in range(40):
        state = engine.new_game(GameConfig("spectacle", 2, seed))
        picker = Rng(seed)
        while not state.is_over and state.version < 300:
            spectator = engine.view_for(state, None).pending
            if spectator is not None and spectator.kind == "pay" and spectator.hidden:
                mover = engine.view_for(state, spectator.seat).pending
                assert mover is not None and mover.options and not mover.hidden
                buttons, selects = components(turn_buttons(game_info(state), state, "en"))
                assert not selects and "decide" in [verb_of(b.custom_id) for b in buttons]
                assert spectator.options == () and spectator.default is None
                assert dict(spectator.params)["price"] is None
                return
            actions = engine.legal_actions(state)
            state = engine.apply(state, state.to_act or 0, actions[picker.below(len(actions))]).state
    pytest.fail("no blind-reserve payment decision in 40 seeds")
