"""Hand-set Splendor positions for rule tests."""

from __future__ import annotations

from typing import Any

from engine import RULES_VERSION, GameConfig, apply, legal_actions, new_game
from engine.splendor.catalog import catalog
from engine.splendor.rules import CARDS, NOBLES
from engine.splendor.state import SplendorState

CAT = catalog()
LETTER = {"w": 0, "u": 1, "g": 2, "r": 3, "k": 4, "o": 5}


def game(ruleset: str = "base", players: int = 2, seed: int = 1, *, rules_version: int = RULES_VERSION,
         **setup: Any) -> SplendorState:
    state = new_game(GameConfig(ruleset, players, seed, setup=setup or None, rules_version=rules_version))
    assert isinstance(state, SplendorState)
    return state


def card(card_id: str) -> int:
    return CAT.by_id[card_id.lower()]


def find_card(level: int, *, bonus: int | None = None, points: int | None = None, effect: str | None = "",
              orient: bool = False) -> str:
    for c in CARDS:
        if c.level != level or c.orient != orient:
            continue
        if bonus is not None and c.bonus != bonus:
            continue
        if points is not None and c.points != points:
            continue
        if effect != "" and c.effect != effect:
            continue
        return c.id
    raise LookupError


def grant_bonus(state: SplendorState, seat: int, color: int, n: int = 1) -> None:
    """Give ``n`` zero-point level-1 cards of ``color`` (taken from the deck) to a tableau."""
    for _ in range(n):
        idx = next(c.index for c in CARDS if c.level == 1 and not c.orient and c.bonus == color and c.points == 0
                   and c.index in state.decks[0])
        give_card(state, seat, CARDS[idx].id)


def give_tokens(state: SplendorState, seat: int, code: str) -> None:
    """Move tokens from the bank to a player (conservation kept)."""
    for ch in code:
        i = LETTER[ch]
        assert state.bank[i] > 0, f"bank has no {ch}"
        state.bank[i] -= 1
        state.players[seat].tokens[i] += 1


def give_card(state: SplendorState, seat: int, card_id: str) -> None:
    """Move a card from wherever it is (deck or table) into a tableau, without refilling."""
    idx = card(card_id)
    take_out(state, idx)
    p = state.players[seat]
    p.cards.append(idx)
    c = CARDS[idx]
    p.points += c.points
    if c.bonus >= 0:
        p.bonus[c.bonus] += c.bonus_count
    elif c.bonus == -1:
        p.goldcards += 1


def take_out(state: SplendorState, idx: int) -> None:
    for decks in (state.decks, state.odecks):
        for d in decks:
            if idx in d:
                d.remove(idx)
                return
    for row in state.rows:
        if idx in row:
            row[row.index(idx)] = state.decks[CARDS[idx].level - 1].pop() if not CARDS[idx].orient else \
                state.odecks[CARDS[idx].level - 1].pop()
            return
    raise LookupError(idx)


def put_on_table(state: SplendorState, card_id: str, level: int, slot: int) -> None:
    """Swap a card from a deck into a face-up slot (the old one goes back into the deck)."""
    idx = card(card_id)
    row = state.rows[level - 1]
    old = row[slot - 1]
    if idx == old:
        return
    decks = state.odecks if CARDS[idx].orient else state.decks
    deck = decks[level - 1]
    if idx in deck:
        deck[deck.index(idx)] = old
    elif idx in row:
        row[row.index(idx)] = old
    else:
        raise LookupError(card_id)
    row[slot - 1] = idx


def play(state: SplendorState, *codes: str) -> SplendorState:
    for code in codes:
        state = apply(state, state.to_act, state.rules.parse_action(code)).state
    return state


def codes(state: SplendorState) -> list[str]:
    return [str(a) for a in legal_actions(state)]


def noble_index(noble_id: str) -> int:
    return CAT.noble_by_id[noble_id.lower()]


__all__ = ["CARDS", "NOBLES", "card", "codes", "find_card", "game", "give_card", "give_tokens", "grant_bonus", "play",
           "put_on_table", "take_out"]
