"""What a finished game says about one seat beyond its score: nobles won and bonuses by colour (pure).

Both rulesets' views carry these (Splendor: nobles and bonus cards per gem colour; Spectacle: nobles
and bonus cards per suit); the view classes are told apart as the renderer does, never by name.
"""

from __future__ import annotations

from engine import TableView
from engine.spectacle import view as spectacle_view
from engine.splendor import view as splendor_view


def seat_extras(view: TableView, seat: int) -> tuple[int, dict[str, int]]:
    """``(nobles won, bonus cards per colour or suit letter)`` of ``seat`` in ``view``."""
    if isinstance(view, splendor_view.TableView):
        mine = view.seats[seat]
        return len(mine.nobles), dict(zip(splendor_view.COLORS, mine.bonuses, strict=True))
    if isinstance(view, spectacle_view.TableView):
        theirs = view.seats[seat]
        return len(theirs.nobles), {suit: theirs.bonus_count(suit) for suit in spectacle_view.SUITS}
    return 0, {}
