"""The buttons under a public board, in every ruleset: a pending decision shows its menu (or a private
"Decide" button when its options are hidden) and disables the main actions; nothing hidden leaks into them.

The bug this pins: a Spectacle board with a pending decision used to offer no menu and keep Take/Reserve/Buy
enabled, because the board probed the state for an attribute only Splendor has.
"""

from __future__ import annotations

from datetime import timedelta

import discord
import pytest

import engine
from bot.service.types import GameInfo, PlayerInfo
from bot.ui.board import turn_buttons
from engine import GameConfig, GameState
from engine.rng import Rng

RULESETS = ("base", "orient", "strongholds", "orient+strongholds", "spectacle")


def _info(state: GameState) -> GameInfo:
    players = tuple(PlayerInfo(user_id=100 + s, seat=s, status="active") for s in range(state.config.players))
    return GameInfo(game_id=1, channel_id=2, guild_id=3, creator_id=100, ruleset=state.config.ruleset,
                    max_players=state.config.players, options={}, turn_timer=timedelta(hours=24),
                    timeout_policy="skip", max_expiries=3, ranked=False, status="active", version=state.version,
                    to_act_seat=state.to_act, players=players)


def _components(view: discord.ui.View) -> tuple[list[discord.ui.Button[discord.ui.View]],
                                                list[discord.ui.Select[discord.ui.View]]]:
    buttons: list[discord.ui.Button[discord.ui.View]] = []
    selects: list[discord.ui.Select[discord.ui.View]] = []
    for child in view.children:
        item = getattr(child, "item", child)  # DynamicItem wraps the real component
        if isinstance(item, discord.ui.Button):
            buttons.append(item)
        elif isinstance(item, discord.ui.Select):
            selects.append(item)
    return buttons, selects


def _verb(custom_id: str | None) -> str:
    return (custom_id or "").split(":")[3]


@pytest.mark.parametrize("ruleset", RULESETS)
def test_every_pending_decision_gets_its_menu_and_blocks_the_main_actions(ruleset: str) -> None:
    families = engine.find_ruleset(ruleset).families
    seen_pending = 0
    for seed in range(6):
        state = engine.new_game(GameConfig(ruleset, 2 + seed % 3 if ruleset != "spectacle" else 2, seed))
        picker = Rng(seed)
        while not state.is_over and state.version < 400:
            buttons, selects = _components(turn_buttons(_info(state), state, "en"))
            main = [b for b in buttons if _verb(b.custom_id) in families]
            assert [_verb(b.custom_id) for b in main] == list(families)
            pending = engine.view_for(state, None).pending
            if pending is None:
                assert not selects and all(not b.disabled for b in main)
            else:
                seen_pending += 1
                assert all(b.disabled for b in main), f"{ruleset}: main actions enabled during {pending.kind}"
                decide = [b for b in buttons if _verb(b.custom_id) == "decide"]
                if pending.hidden:
                    assert decide and not selects, "hidden options must be offered privately"
                else:
                    assert len(selects) == 1 and not decide
                    values = [o.value for o in selects[0].options]
                    assert values == list(pending.options[:25])
                    assert set(values) <= {str(a) for a in engine.legal_actions(state)}
            actions = engine.legal_actions(state)
            state = engine.apply(state, state.to_act or 0, actions[picker.below(len(actions))]).state
    assert seen_pending, f"{ruleset}: no pending decision met; the test proves nothing"


def test_a_blind_reserve_payment_menu_is_never_public() -> None:
    """Paying for a blind-reserved Spectacle card: the public board lists no payment (it would tell the price)."""
    for seed in range(40):
        state = engine.new_game(GameConfig("spectacle", 2, seed))
        picker = Rng(seed)
        while not state.is_over and state.version < 300:
            spectator = engine.view_for(state, None).pending
            if spectator is not None and spectator.kind == "pay" and spectator.hidden:
                mover = engine.view_for(state, spectator.seat).pending
                assert mover is not None and mover.options and not mover.hidden
                _, selects = _components(turn_buttons(_info(state), state, "en"))
                assert not selects
                assert spectator.options == () and spectator.default is None
                assert dict(spectator.params)["price"] is None
                return
            actions = engine.legal_actions(state)
            state = engine.apply(state, state.to_act or 0, actions[picker.below(len(actions))]).state
    pytest.fail("no blind-reserve payment decision in 40 seeds")
