"""Table images: pure functions from a view to PNG bytes (no Discord imports).

``render_table(view, names=..., lang=...)`` draws a Splendor or Spectacle table from
one viewer's view (or a spectator's); ``render_hand`` draws one seat's private hand.
Both are CPU-bound and thread-safe enough to run in ``asyncio.to_thread`` (the caches
are bounded ``lru_cache``s).  The renderer never receives a game state: whatever a
view hides (another player's blind reserve, the decks) cannot be drawn.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine import TableView
from engine.spectacle import view as spectacle_view
from engine.splendor import view as splendor_view

__all__ = ["render_hand", "render_table"]


def render_table(view: TableView, *, names: Sequence[str], lang: str = "en", highlight: bool = True) -> bytes:
    """The table as seen by ``view.viewer`` (None: spectator), as PNG bytes.

    ``names`` are the players' display names by seat; ``lang`` a catalogue language
    or Discord locale; ``highlight`` marks the last move.
    """
    from bot.i18n import lang_of

    if isinstance(view, splendor_view.TableView):
        from bot.render import splendor

        return splendor.render_table(view, names, lang_of(lang), highlight)
    if isinstance(view, spectacle_view.TableView):
        from bot.render import spectacle

        return spectacle.render_table(view, names, lang_of(lang), highlight)
    raise TypeError(f"cannot render {type(view).__name__}")


def render_hand(view: TableView, *, names: Sequence[str], lang: str = "en") -> bytes:
    """The private hand image of ``view.viewer`` (reserved cards face up, tokens or chips, what they can buy)."""
    from bot.i18n import lang_of

    if isinstance(view, splendor_view.TableView):
        from bot.render import splendor

        return splendor.render_hand(view, names, lang_of(lang))
    if isinstance(view, spectacle_view.TableView):
        from bot.render import spectacle

        return spectacle.render_hand(view, names, lang_of(lang))
    raise TypeError(f"cannot render {type(view).__name__}")
