"""The composer's preview never shows a card the move has not revealed yet."""

from __future__ import annotations

from engine import GameConfig, legal_actions, new_game, preview
from engine.splendor.rules import CARDS
from tests.engine.test_playouts import card_ids_in


def test_preview_of_a_blind_reserve_hides_the_drawn_card_and_the_refills():
    for ruleset in ("base", "orient+strongholds"):
        state = new_game(GameConfig(ruleset, 2, 4))
        hidden = {CARDS[c].id for decks in (state.decks, state.odecks) for d in decks for c in d}
        reserves = [a for a in legal_actions(state) if a.family == "reserve"]
        assert {"reserve d2", "reserve 1.1"} <= {str(a) for a in reserves}
        for action in reserves:
            view = preview(state, 0, action)
            seen = card_ids_in(view, set())
            assert view.last_events, f"{ruleset} {action}: the preview tells nothing of the move"
            assert not seen & hidden, f"{ruleset} {action}: preview shows {seen & hidden}"
