"""Table images: pure functions from a view to PNG bytes (no Discord imports).

``render_table(view, names=..., lang=...)`` draws a Splendor or Spectacle table from
one viewer's view (or a spectator's); ``render_hand`` draws one seat's private hand;
``render_recap(history, ...)`` the end-of-game recap from the spectator views of every turn
(:func:`bot.render.recap.history_views` builds them from a game's log).  All are CPU-bound and
thread-safe enough to run in ``asyncio.to_thread`` (the caches are bounded ``lru_cache``s).  The
renderer never receives a game state: whatever a view hides (another player's blind reserve, the
decks) cannot be drawn.

The ``draw_*`` twins return the :class:`~bot.render.draw.Canvas` instead of PNG bytes: its
``items`` record what text, cards, gems and marks were drawn where (the drawn data tests read).
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.render.draw import Canvas, Drawn
from engine import GameState, TableView
from engine.spectacle import view as spectacle_view
from engine.splendor import view as splendor_view

__all__ = ["Canvas", "Drawn", "draw_hand", "draw_recap", "draw_table", "recap_png", "render_hand", "render_recap",
           "render_table"]


def draw_table(view: TableView, *, names: Sequence[str], lang: str = "en", highlight: bool = True,
               record: bool = True) -> Canvas:
    """The table as seen by ``view.viewer`` (None: spectator), drawn: ``.png()`` gives the image.

    ``names`` are the players' display names by seat; ``lang`` a catalogue language
    or Discord locale; ``highlight`` marks the last move; ``record=False`` skips the drawn data (``items``).
    """
    from bot.i18n import lang_of

    if isinstance(view, splendor_view.TableView):
        from bot.render import splendor

        return splendor.draw_table(view, names, lang_of(lang), highlight, record)
    if isinstance(view, spectacle_view.TableView):
        from bot.render import spectacle

        return spectacle.draw_table(view, names, lang_of(lang), highlight, record)
    raise TypeError(f"cannot render {type(view).__name__}")


def render_table(view: TableView, *, names: Sequence[str], lang: str = "en", highlight: bool = True) -> bytes:
    """The table as seen by ``view.viewer`` (None: spectator), as PNG bytes."""
    return draw_table(view, names=names, lang=lang, highlight=highlight, record=False).png()


def draw_hand(view: TableView, *, names: Sequence[str], lang: str = "en") -> Canvas:
    """The private hand of ``view.viewer``, drawn (see :func:`render_hand`)."""
    from bot.i18n import lang_of

    if isinstance(view, splendor_view.TableView):
        from bot.render import splendor

        return splendor.draw_hand(view, names, lang_of(lang))
    if isinstance(view, spectacle_view.TableView):
        from bot.render import spectacle

        return spectacle.draw_hand(view, names, lang_of(lang))
    raise TypeError(f"cannot render {type(view).__name__}")


def render_hand(view: TableView, *, names: Sequence[str], lang: str = "en") -> bytes:
    """The private hand image of ``view.viewer`` (reserved cards face up, tokens or chips, what they can buy)."""
    return draw_hand(view, names=names, lang=lang).png()


def draw_recap(history: Sequence[TableView], *, names: Sequence[str], lang: str = "en") -> Canvas:
    """The end-of-game recap, drawn (see :func:`render_recap`)."""
    from bot.i18n import lang_of

    if not history or not history[-1].is_over:
        raise ValueError("a recap needs the views of a finished game, the final one last")
    final = history[-1]
    if isinstance(final, splendor_view.TableView):
        from bot.render import splendor

        return splendor.draw_recap(history, names, lang_of(lang))
    if isinstance(final, spectacle_view.TableView):
        from bot.render import spectacle

        return spectacle.draw_recap(history, names, lang_of(lang))
    raise TypeError(f"cannot render {type(final).__name__}")


def recap_png(state: GameState, names: Sequence[str], lang: str) -> bytes:
    """The recap of the finished game ``state`` as PNG bytes (its setup and log replayed into spectator
    views): what the bot posts in the thread and local mode writes beside the final table."""
    from bot.render.recap import history_views

    return render_recap(history_views(state.config, state.history()), names=names, lang=lang)


def render_recap(history: Sequence[TableView], *, names: Sequence[str], lang: str = "en") -> bytes:
    """The end-of-game recap as PNG bytes: standings, each player's points over the turns, the nobles each
    won and the deciding turn.  ``history`` holds spectator views, one per turn, the final table last
    (``bot.render.recap.history_views(config, actions)`` replays a game's log into them)."""
    return draw_recap(history, names=names, lang=lang).png()
