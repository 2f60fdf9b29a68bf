"""A seat's choices and the preview of one (no Discord here): what the Discord composer (:mod:`bot.ui.composer`) and
the web table (:mod:`bot.web.play`) both offer, so that the two never differ.

* :func:`family_actions` / :func:`heads`: the legal actions a family's button offers, each card once;
* :func:`variants`: the legal actions behind one head (how to pay for a card), asked for after the head;
* :func:`preview`: the table after a move as its mover would see it (hidden cards kept hidden), its label and the
  sentence of what it would do.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import engine
from bot.text import action_label, turn_line
from engine import Action, GameState, TableView


def family_actions(state: GameState, family: str) -> list[Action]:
    """The legal actions a family's button or command offers (``take``, ``reserve``, ``buy``, ``claim``, ``choose``)."""
    return [a for a in engine.legal_actions(state) if a.family == family]


def heads(actions: Sequence[Action]) -> list[str]:
    """The codes of ``actions`` without payment details, once each, in order (a card is listed once)."""
    return list(dict.fromkeys(str(a.head) for a in actions))


def variants(actions: Sequence[Action], head: str) -> list[str]:
    """The codes of ``actions`` whose head is ``head`` (the ways to pay for one card), in the engine's order."""
    return [str(a) for a in actions if str(a.head) == head]


@dataclass(frozen=True, slots=True)
class Preview:
    """A move shown before it is confirmed: the table after it as the mover sees it, its label and its sentence."""

    after: TableView
    label: str
    line: str


def preview(state: GameState, seat: int, code: str, names: Sequence[str], lang: str) -> Preview:
    """The table after ``seat`` plays ``code`` (refilled slots and a blind reserve's card stay hidden, even from
    the mover), the move's label and what it would do in one line (the label when it says nothing more)."""
    after = engine.preview(state, seat, engine.parse_action(state, code))
    label = action_label(engine.view_for(state, seat), code, lang)
    line = turn_line(after, after.last_events, names, lang)
    return Preview(after, label, line or label)


__all__ = ["Preview", "family_actions", "heads", "preview", "variants"]
