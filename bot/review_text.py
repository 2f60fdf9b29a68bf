"""A game review in words (issue 32): each player's accuracy and biggest swings, with the better move.

The one home of the review's sentences, wherever it is shown: the console, ``/player review``'s embeds and the
graph's post in the game's thread (:mod:`bot.ui.review` posts them).

:func:`review_lines` turns an :class:`engine.ai.GameReview` into localized lines: per player, their accuracy
and verdict counts, then their three real mistakes (an inaccuracy or worse) that lost the most (``turn 14:
reserve 2.3 left you a 31% chance to win; buy 1.2 would have given 47%``; a computer's seat in the console is
named, not spoken to).  Moves are named with :func:`bot.text.action_label`, seen
from the mover's view at that point of the game, so nothing is named that the mover could not see.  The
console prints them (``python -m bot --local --review GAME_ID``); no discord imports here.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import Literal

import engine
from bot.i18n import t
from bot.text import action_label
from engine import GameConfig
from engine.ai import GameReview, MoveReview

SWINGS = 3  # moves told per player
MOVER: Literal["mover"] = "mover"  # name each move as its mover saw it
Reader = int | Literal["mover"] | None  # whose view moves are named from: a seat, a spectator (None), or the mover


def swings(review: GameReview, seat: int, count: int = SWINGS) -> list[MoveReview]:
    """``seat``'s real mistakes (a verdict: an inaccuracy or worse) that lost the most, biggest first, then in game
    order.  A move that lost less than an inaccuracy's threshold is not told: it was as good as the better one."""
    mine = [m for m in review.moves if m.seat == seat and m.best is not None and m.verdict is not None]
    return sorted(mine, key=lambda m: (-m.drop, m.index))[:count]


def percent(p: float) -> int:
    return round(100.0 * p)


def review_blocks(config: GameConfig, history: Sequence[tuple[int, str]], review: GameReview,
                  names: Sequence[str], lang: str, *, reader: Reader = MOVER,
                  you: Collection[int] | None = None) -> list[tuple[str, list[str]]]:
    """Per seat: its line (accuracy and verdict counts) and the lines of its biggest swings, in ``lang``.

    A swing speaks to its seat ("left you...") when the seat is in ``you`` (``None``: every seat) and names it
    otherwise ("left Bot (hard)..."): the console speaks to its people, not to the computers they played.

    The moves are named as ``reader`` saw them at that point: their seat (a player), ``None`` (a spectator) or
    :data:`MOVER` (each move as its mover saw it: the console's one player).  So a player reading another's swings
    in Discord never learns a card that stayed hidden from them, such as a blind reserve never bought."""
    told = {m.index for seat in range(review.players) for m in swings(review, seat)}
    views = _views_at(config, history, told, reader)
    blocks: list[tuple[str, list[str]]] = []
    for seat in range(review.players):
        accuracy = review.accuracy[seat]
        inacc, mistakes, blunders = review.counts[seat]
        verdicts = ", ".join((t("review.inaccuracies", lang, count=inacc), t("review.mistakes", lang, count=mistakes),
                              t("review.blunders", lang, count=blunders)))
        if accuracy is None:
            blocks.append((t("review.player_unjudged", lang, name=names[seat]), []))
            continue
        lines = []
        for m in swings(review, seat):
            view = views[m.index]
            best = m.best
            assert best is not None
            key = "review.swing" if you is None or seat in you else "review.swing_seat"
            lines.append(t(key, lang, turn=m.turn + 1, played=action_label(view, m.played[0], lang),
                           after=percent(m.after[seat]), best=action_label(view, best, lang),
                           best_after=percent(m.best_after[seat]), name=names[seat]))
        blocks.append((t("review.player", lang, name=names[seat], accuracy=round(accuracy), verdicts=verdicts),
                       lines or [t("review.no_swing", lang)]))
    return blocks


def graph_text(review: GameReview, names: Sequence[str], lang: str) -> str:
    """The words posted with the win-chance graph in the game's thread: each player's accuracy."""
    players = ", ".join(
        t("review.graph.unjudged", lang, name=names[s]) if review.accuracy[s] is None
        else t("review.graph.accuracy", lang, name=names[s], accuracy=round(review.accuracy[s] or 0.0))
        for s in range(review.players))
    return t("review.graph.post", lang, players=players)


def waiting_text(wait_s: float | None, lang: str) -> str:
    """A review asked for before it is made: when it will be ready (in ``wait_s`` seconds), or that it failed
    (``None``)."""
    if wait_s is None:
        return t("review.failed", lang)
    minutes = round(wait_s / 60)
    return t("review.not_ready_soon", lang) if minutes < 1 else t("review.not_ready", lang, count=minutes)


def review_lines(config: GameConfig, history: Sequence[tuple[int, str]], review: GameReview,
                 names: Sequence[str], lang: str, *, reader: Reader = MOVER,
                 you: Collection[int] | None = None) -> list[str]:
    """The review as lines of text in ``lang`` (``names`` by seat; ``reader`` and ``you`` as in
    :func:`review_blocks`)."""
    lines = [t("review.header", lang)]
    for head, swung in review_blocks(config, history, review, names, lang, reader=reader, you=you):
        lines.append(head)
        lines.extend("  " + line for line in swung)
    return lines


def _views_at(config: GameConfig, history: Sequence[tuple[int, str]], indices: set[int],
              reader: Reader = MOVER) -> dict[int, engine.TableView]:
    """``reader``'s view (the mover's for :data:`MOVER`) before the action at each of ``indices`` of the log."""
    views: dict[int, engine.TableView] = {}

    def look(k: int, seat: int, _action: engine.Action, state: engine.GameState) -> None:
        if k in indices:
            views[k] = state.view_for(seat if reader == MOVER else reader)

    engine.replay(config, history, before=look)
    return views
