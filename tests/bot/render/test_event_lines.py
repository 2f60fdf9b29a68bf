"""Last-move lines read naturally when a card cost nothing (bonuses covered it)."""

from __future__ import annotations

from bot.render import spectacle, splendor
from engine.core import Event


def test_splendor_free_purchase_has_no_dangling_paying():
    paid = splendor._event_line(Event("buy", 0, {"card": "1-03", "source": "1.3", "paid": "ww"}), ["Ana"], "en")
    free = splendor._event_line(Event("buy", 0, {"card": "1-03", "source": "1.3", "paid": ""}), ["Ana"], "es")
    assert paid is not None and paid[0].endswith("paying") and paid[1] == "ww"
    assert free is not None and "pagando" not in free[0] and "gratis" in free[0]


def test_spectacle_free_purchase_has_no_dangling_paying():
    line = spectacle._event_line(Event("buy", 1, {"card": "ad", "from": "r3", "price": 0, "pay": []}), ["A", "Bo"],
                                 "pt")
    assert line is not None and "pagando" not in line and "de graça" in line
