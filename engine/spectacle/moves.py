"""Legal moves of Spectacle (P-4 .. P-8), the default action, prices and the payable chips."""

from __future__ import annotations

from typing import Any

from engine.errors import GameOver
from engine.errors import illegal as _illegal
from engine.spectacle.actions import (
    GRID_REF,
    HAND_REF,
    Action,
    Discard,
    Swap,
)
from engine.spectacle.cards import (
    CARD_CODE,
    CARD_SUIT,
    CARD_VALUE,
    GRID_CODE,
    GRID_SIZE,
    MASK_COUNT,
    NOBLE_RANK,
    NOBLE_SUIT,
    NOBLE_THRESHOLD,
    mask_cards,
)
from engine.spectacle.state import SpectacleState
from engine.spectacle.tables import (
    BUY_DEFAULT,
    CAP,
    DESTROY_ACT,
    FREE_ACT,
    PAIRS,
    PLACE_ACT,
    PLACE_AUTO,
    RES_CARD,
    RES_DECK,
    RETURN_ACT,
    RETURN_AUTO,
    TAKE1,
    TAKE2,
    claims_for,
    fewest_chips,
    minimal_discards,
    pay_act,
    payments,
    stack_room,
)
from engine.spectacle.view import (
    MAX_RESERVED,
)


def legal_actions(state: SpectacleState) -> list[Action]:
    s = state
    pending = s.pending
    if pending is not None:
        return list(pending.options)
    if s.over:
        return []
    return main_actions(s)


def place_options(s: SpectacleState) -> tuple[Action, ...]:
    """The answers of a ``place`` decision (P-5): each paid chip under each stack with room, or ``auto``."""
    out: list[Action] = []
    rooms = [i for i, st in enumerate(s.stacks) if len(st) < CAP]
    for k in range(4):
        if s.transit[k]:
            out.extend(PLACE_ACT[k][i] for i in rooms)
    out.append(PLACE_AUTO)
    return tuple(out)


def return_options(s: SpectacleState) -> tuple[Action, ...]:
    """The answers of a ``return`` decision (P-6): each held chip under each stack with room, or ``auto``."""
    out: list[Action] = []
    rooms = [i for i, st in enumerate(s.stacks) if len(st) < CAP]
    held = s.chips[s.current]
    for k in range(4):
        if held[k]:
            out.extend(RETURN_ACT[k][i] for i in rooms)
    out.append(RETURN_AUTO)
    return tuple(out)


def pay_options(s: SpectacleState, ref: int) -> tuple[Action, ...]:
    """The answers of a ``pay`` decision for the card at ``ref`` (P-5)."""
    return tuple(pay_act(x) for x in payable(s, price_of(s, buying_card(s, ref))))


def discard_options(noble: int, masks: tuple[int, ...]) -> tuple[Action, ...]:
    """The answers of a ``discard`` decision for ``noble`` (P-7): one per minimal set of bonus cards."""
    suit = NOBLE_SUIT[noble]
    return tuple(Discard(tuple(mask_cards(suit, m))) for m in masks)


def main_actions(s: SpectacleState) -> list[Action]:
    p = s.current
    stacks = s.stacks
    out: list[Any] = []
    # Equivalent mutant: any negative mark for an empty stack (-2 for -1) is the same, as only tops >= 0 pair up.
    tops = [st[0] if st else -1 for st in stacks]
    room = 0
    for i, st in enumerate(stacks):
        if st:
            out.append(TAKE1[i])
        room += CAP - len(st)
    for i, j in PAIRS[len(stacks)]:  # P-4.2
        if tops[i] >= 0 and tops[i] == tops[j]:
            out.append(TAKE2[(i, j)])
    hand = s.hand[p]
    grid = s.grid
    if len(hand) < MAX_RESERVED:  # P-4.3
        out.extend(RES_CARD[c] for c in grid if c >= 0)
        if s.deck:
            out.append(RES_DECK)
    tab = s.tab[p]
    # One `buy X` per card (P-5): the chips are chosen after it (pending `pay`) when several
    # payments are possible.  Buyable: price 0, or some payment whose chips all fit in the room.
    # (Equivalent mutants: ``price < 0`` for ``price <= 0`` below, as need[0] is 0 chips, which always fit.)
    need = fewest_chips(*s.chips[p])
    counts = (MASK_COUNT[tab[0]], MASK_COUNT[tab[1]], MASK_COUNT[tab[2]], MASK_COUNT[tab[3]])
    for c in grid:
        if c >= 0:
            price = CARD_VALUE[c] - counts[CARD_SUIT[c]]  # P-5
            if price <= 0 or need[price] <= room:
                out.append(BUY_DEFAULT[c])
    for c in hand:
        price = CARD_VALUE[c] - counts[CARD_SUIT[c]]
        if price <= 0 or need[price] <= room:
            out.append(BUY_DEFAULT[c])
    out.extend(claims_for(tab))  # P-8
    return out


def discard_masks(s: SpectacleState, noble: int) -> tuple[int, ...]:
    return minimal_discards(s.tab[s.current][NOBLE_SUIT[noble]], NOBLE_THRESHOLD[noble])


def power_options(s: SpectacleState, noble: int) -> list[Action]:
    p = s.current
    rank = NOBLE_RANK[noble]
    if rank == 0:  # Jack: destroy an opponent's bonus card
        out: list[Action] = []
        for q in range(s.n):
            if q != p:
                for suit in range(4):
                    out.extend(DESTROY_ACT[c] for c in mask_cards(suit, s.tab[q][suit]))
        return out
    if rank == 1:  # Queen: a grid card free
        return [FREE_ACT[c] for c in s.grid if c >= 0]
    mine = [c for suit in range(4) for c in mask_cards(suit, s.tab[p][suit])]
    theirs = [c for q in range(s.n) if q != p for suit in range(4) for c in mask_cards(suit, s.tab[q][suit])]
    return [Swap(a, b) for a in mine for b in theirs]


def grid_pos(s: SpectacleState, ref: int, rule: str) -> int:
    if ref < GRID_REF:
        try:
            return s.grid.index(ref)
        except ValueError:
            raise _illegal(
                rule, f"{CARD_CODE[ref]} is not on the grid.", "err.not_on_grid", card=CARD_CODE[ref]
            ) from None
    if GRID_REF <= ref < GRID_REF + GRID_SIZE:
        pos = ref - GRID_REF
        if s.grid[pos] < 0:
            raise _illegal(rule, f"Grid position {GRID_CODE[pos]} is empty.", "err.grid_empty", pos=GRID_CODE[pos])
        return pos
    # Defensive: no parsed action reaches this line (a reference past the grid is a hand slot, which
    # buy handles before and reserve and free cards cannot name), so no test can kill its mutants.
    raise _illegal(rule, "Name a card on the grid.", "err.not_on_grid", card="?")  # pragma: no mutate


def price_of(s: SpectacleState, card: int) -> int:
    """P-5: the card's value minus the buyer's bonus cards of its suit, never below 0."""
    return max(0, CARD_VALUE[card] - MASK_COUNT[s.tab[s.current][CARD_SUIT[card]]])


def payable(s: SpectacleState, price: int) -> list[tuple[int, ...]]:
    """The payments of ``price`` the seat to act may make: minimal (Ruling P-5) and placeable (P-5)."""
    c1, c2, c5, c10 = s.chips[s.current]
    room = stack_room(s)
    return [x for x in payments(c1, c2, c5, c10, price) if len(x) <= room]


def buying_card(s: SpectacleState, ref: int) -> int:
    """The card at ``ref`` (a grid position or a hand slot of the seat to act, as a pending ``pay`` holds it)."""
    return s.grid[ref - GRID_REF] if ref < HAND_REF else s.hand[s.current][ref - HAND_REF]


def default_action(state: SpectacleState) -> Action:
    s = state
    pending = s.pending
    if pending is None:
        if s.over:
            raise GameOver()
        for i, st in enumerate(s.stacks):
            if st:
                return TAKE1[i]
        return main_actions(s)[0]
    if pending.kind == "place":
        return PLACE_AUTO
    if pending.kind == "return":
        return RETURN_AUTO
    return pending.options[0]  # pay: Ruling (P-5) smallest total, then fewest chips
