"""Test helpers for hidden information, shared by the conformance suite and the end-to-end leak tests.

* :func:`shipped_rulesets` — the rulesets the engine package registers (test-only rulesets such as the
  service tests' ``count`` game are registered from ``tests/`` and are left out by where they live).
* :func:`hidden_from` — the ids of the cards ``seat`` may not know in a state (the decks, and the blind
  reserves of the other seats).  This is the one place that reads the rulesets' internal states; it
  dispatches on the state's class, which only test code may do.
* :func:`card_ids_in` — every card id an object carries: card views, event params, and card codes
  appearing as words inside any string (menu options, action codes).
* :func:`revealing_texts` / :func:`assert_text_hides` — how a card would show up in a message.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterable, Mapping
from typing import Any

import engine
from engine import Event, GameState
from engine.spectacle import view as spectacle_view
from engine.spectacle.cards import CARD_CODE
from engine.spectacle.state import SpectacleState
from engine.splendor import view as splendor_view
from engine.splendor.rules import CARDS
from engine.splendor.state import SplendorState

SPLENDOR_IDS: frozenset[str] = frozenset(c.id for c in CARDS)
SPECTACLE_IDS: frozenset[str] = frozenset(CARD_CODE)
ALL_CARD_IDS: frozenset[str] = SPLENDOR_IDS | SPECTACLE_IDS
_BY_WORD: dict[str, str] = {cid.lower(): cid for cid in ALL_CARD_IDS}
_WORD = re.compile(r"[0-9a-z]+(?:-[0-9a-z]+)?", re.IGNORECASE)


def shipped_rulesets() -> list[str]:
    """Every ruleset the engine itself registers, whatever tests registered beside them."""
    return [name for name in engine.ruleset_names()
            if type(engine.find_ruleset(name)).__module__.startswith("engine.")]


def hidden_from(state: GameState, seat: int | None) -> set[str]:
    """Card ids ``seat`` (``None``: a spectator) may not know in ``state``."""
    if isinstance(state, SplendorState):
        hidden = {CARDS[c].id for decks in (state.decks, state.odecks) for d in decks for c in d}
        for i, p in enumerate(state.players):
            if i != seat:
                hidden |= {CARDS[c].id for c, blind in zip(p.reserved, p.blind, strict=True) if blind}
        return hidden
    if isinstance(state, SpectacleState):
        hidden = {CARD_CODE[c] for c in (*state.deck, *state.box)}
        for i in range(state.n):
            if i != seat:
                hidden |= {CARD_CODE[c] for c, blind in zip(state.hand[i], state.hand_blind[i], strict=True) if blind}
        return hidden
    raise TypeError(f"no hidden-card rule for {type(state).__name__}: teach tests/hidden.py this ruleset")


def blind_reserves(state: GameState, seat: int) -> list[str]:
    """The ids of the cards ``seat`` reserved blind and still holds."""
    if isinstance(state, SplendorState):
        p = state.players[seat]
        return [CARDS[c].id for c, blind in zip(p.reserved, p.blind, strict=True) if blind]
    if isinstance(state, SpectacleState):
        return [CARD_CODE[c] for c, blind in zip(state.hand[seat], state.hand_blind[seat], strict=True) if blind]
    raise TypeError(f"no blind-reserve rule for {type(state).__name__}")


def _card_words(text: str) -> set[str]:
    return {_BY_WORD[w.lower()] for w in _WORD.findall(text) if w.lower() in _BY_WORD}


def card_ids_in(obj: object, out: set[str] | None = None) -> set[str]:
    """Every card id ``obj`` carries: card views, and card ids appearing as words in any string or param."""
    out = set() if out is None else out
    if isinstance(obj, splendor_view.CardView):
        out.add(obj.id)
    elif isinstance(obj, spectacle_view.CardView):
        out.add(obj.code)
    elif isinstance(obj, str):
        out |= _card_words(obj)
    elif isinstance(obj, Event):
        card_ids_in(dict(obj.params), out)
    elif isinstance(obj, Mapping):
        for key, value in obj.items():
            card_ids_in(key, out)
            card_ids_in(value, out)
    elif dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        for f in dataclasses.fields(obj):
            card_ids_in(getattr(obj, f.name), out)
    elif isinstance(obj, Iterable) and not isinstance(obj, bytes):
        for x in obj:
            card_ids_in(x, out)
    return out


_SYMBOL = re.compile(r"(?<![0-9A-Za-z])(10|[2-9A])([♣♦♥♠])")
_SUIT_LETTER = {"♣": "c", "♦": "d", "♥": "h", "♠": "s"}


def card_ids_in_text(text: str) -> set[str]:
    """The card ids a message text names: ids and codes as words, and Spectacle cards in symbol form (``7♥``).

    Only an ace's bare code (``as`` is Spanish and Portuguese for "the") is left to its symbol form (``A♠``).
    """
    found = {cid for cid in _card_words(text) if not cid.isalpha()}
    for value, suit in _SYMBOL.findall(text):
        found.add(("a" if value == "A" else value) + _SUIT_LETTER[suit])
    return found


def leaks_in_text(text: str, hidden: Iterable[str]) -> set[str]:
    """The hidden card ids ``text`` names."""
    return card_ids_in_text(text) & set(hidden)


def strings_of(payload: Any) -> list[str]:
    """Every string inside a JSON-like payload (message content, embeds, components, values...)."""
    if isinstance(payload, str):
        return [payload]
    if isinstance(payload, Mapping):
        return [s for v in payload.values() for s in strings_of(v)]
    if isinstance(payload, list | tuple):
        return [s for v in payload for s in strings_of(v)]
    return []


def assert_view_hides(view: Any, state: GameState, seat: int | None, what: str = "view") -> None:
    """``view`` (or any object holding cards) names no card ``seat`` may not know in ``state``."""
    leaked = card_ids_in(view) & hidden_from(state, seat)
    assert not leaked, f"{what} for seat {seat} shows hidden cards {sorted(leaked)}"


__all__ = [
    "ALL_CARD_IDS",
    "assert_view_hides",
    "blind_reserves",
    "card_ids_in",
    "card_ids_in_text",
    "hidden_from",
    "leaks_in_text",
    "shipped_rulesets",
    "strings_of",
]
