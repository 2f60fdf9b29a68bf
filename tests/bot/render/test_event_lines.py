"""Last-move lines read naturally when a card cost nothing (bonuses covered it)."""

from __future__ import annotations

import engine
from bot.text import event_lines
from engine.core import Event, GameConfig


def _view(ruleset: str) -> engine.TableView:
    return engine.view_for(engine.new_game(GameConfig(ruleset, players=2, seed=1)), None)


def test_splendor_free_purchase_has_no_dangling_paying():
    view = _view("base")
    paid = event_lines(view, [Event("buy", 0, {"card": "1-03", "source": "1.3", "paid": "ww"})], ["Ana"], "en",
                       icons=True)
    free = event_lines(view, [Event("buy", 0, {"card": "1-03", "source": "1.3", "paid": ""})], ["Ana"], "es",
                       icons=True)
    assert paid and paid[0][0].endswith("paying") and paid[0][1] == "ww"
    assert free and "pagando" not in free[0][0] and "gratis" in free[0][0]


def test_spectacle_free_purchase_has_no_dangling_paying():
    view = _view("spectacle")
    lines = event_lines(view, [Event("buy", 1, {"card": "ad", "from": "r3", "price": 0, "pay": []})], ["A", "Bo"],
                        "pt")
    assert lines and "pagando" not in lines[0][0] and "de graça" in lines[0][0]
