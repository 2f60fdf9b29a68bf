"""The composer's preview never shows a card the move has not revealed yet."""

from __future__ import annotations

from bot.ui.board import safe_preview_view
from engine import GameConfig, legal_actions, new_game
from engine.splendor.rules import CARDS
from tests.engine.test_playouts import card_ids_in


def test_preview_of_a_blind_reserve_hides_the_drawn_card_and_the_refills():
    for ruleset in ("base", "orient+strongholds"):
        state = new_game(GameConfig(ruleset, 2, 4))
        hidden = {CARDS[c].id for decks in (state.decks, state.odecks) for d in decks for c in d}
        codes = [str(a) for a in legal_actions(state) if str(a).startswith("reserve")]
        assert "reserve d2" in codes and "reserve 1.1" in codes
        for code in codes:
            view, events = safe_preview_view(state, 0, code)
            seen = card_ids_in(view, set())
            for event in events:
                card_ids_in(event, seen)
            assert not seen & hidden, f"{ruleset} {code}: preview shows {seen & hidden}"
