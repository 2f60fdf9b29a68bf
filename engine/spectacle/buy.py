"""Buying a Spectacle card (P-4.4, P-5): where it is, which chips pay for it, where they go."""

from __future__ import annotations

from typing import NoReturn

from engine.core import QUIET, Event  # appends test QUIET: compiled, list.append skips NullLog's
from engine.errors import illegal as _illegal
from engine.spectacle.actions import (
    DECK_REF,
    GRID_REF,
    HAND_REF,
    Buy,
    Pay,
)
from engine.spectacle.cards import (
    CARD_CODE,
    CARD_SUIT,
    CHIP_INDEX,
    GRID_CODE,
)
from engine.spectacle.moves import buying_card, grid_pos, payable, price_of
from engine.spectacle.state import SpectacleState
from engine.spectacle.tables import CAP, pay_act, stack_room
from engine.spectacle.turn import refill, turn_steps
from engine.spectacle.view import (
    CHIP_VALUES,
)
from engine.turns import Pending


def locate_buy(s: SpectacleState, ref: int) -> tuple[int, int]:
    """Where a card to buy is: (grid position, -1) or (-1, hand slot) of the seat to act."""
    hand = s.hand[s.current]
    if ref < GRID_REF:
        if ref in s.grid:
            return s.grid.index(ref), -1
        if ref in hand:
            return -1, hand.index(ref)
        raise _illegal(
            "P-4",
            f"{CARD_CODE[ref]} is neither on the grid nor in your hand.",
            "err.not_buyable",
            card=CARD_CODE[ref],
        )
    if ref < HAND_REF:
        return grid_pos(s, ref, "P-4"), -1
    if ref < DECK_REF:
        slot = ref - HAND_REF
        if slot >= len(hand):
            raise _illegal("P-4", f"You have no card r{slot + 1} in hand.", "err.no_hand_card", slot=f"r{slot + 1}")
        return -1, slot
    raise _illegal("P-4", "You cannot buy from the deck; reserve it first.", "err.buy_deck")


def buy(s: SpectacleState, a: Buy, ev: list[Event]) -> None:
    p = s.current
    pos, slot = locate_buy(s, a.ref)
    card = s.grid[pos] if pos >= 0 else s.hand[p][slot]
    price = price_of(s, card)
    pay = a.pay
    if pay is None:
        if a.place is not None:
            raise _illegal("P-5", "Give one stack for every chip paid.", "err.place_count")
        if price == 0:
            pay = ()  # P-5: a price of 0 needs no chips
        else:
            fits = payable(s, price)
            if not fits:
                refuse_payment(s, card, price, s.chips[p], stack_room(s))
            if len(fits) > 1:  # P-5: the payer chooses the chips (pending `pay`)
                s.steps = turn_steps(bought=True)
                s.pending = Pending("pay", p, tuple(pay_act(x) for x in fits),
                                    (GRID_REF + pos if pos >= 0 else HAND_REF + slot,))
                return
            pay = fits[0]
    else:
        check_payment(s, card, price, pay)
    place = a.place
    if place is not None:
        if len(place) != len(pay):
            raise _illegal("P-5", "Give one stack for every chip paid.", "err.place_count")
        fill = [len(st) for st in s.stacks]
        for st in place:
            if not 0 <= st < len(fill):
                raise _illegal(
                    "P-3", f"There is no stack {st + 1} (stacks 1 to {len(fill)}).", "err.no_stack", stack=st + 1
                )
            if fill[st] >= CAP:
                raise _illegal("P-5", f"Stack {st + 1} is full (4 chips).", "err.stack_full", stack=st + 1)
            fill[st] += 1
    s.steps = turn_steps(bought=True)
    complete_buy(s, pos, slot, card, price, pay, place, ev)


def pay_chosen(s: SpectacleState, ref: int, a: Pay, ev: list[Event]) -> None:
    """The chips of a pending ``pay`` for the card at ``ref``: the purchase completes (the steps are set)."""
    card = buying_card(s, ref)
    price = price_of(s, card)
    fits = payable(s, price)
    if a.chips not in fits:
        check_payment(s, card, price, a.chips)
        options = ", ".join(f"`{pay_act(x)}`" for x in fits)
        raise _illegal("P-5", f"Pay {CARD_CODE[card]} with one of: {options}.", "err.bad_payment",
                       pay=list(a.chips))
    pos, slot = (ref - GRID_REF, -1) if ref < HAND_REF else (-1, ref - HAND_REF)
    complete_buy(s, pos, slot, card, price, a.chips, None, ev)


def check_payment(s: SpectacleState, card: int, price: int, pay: tuple[int, ...]) -> None:
    """P-5 for explicit chips: held, enough, every chip needed (Ruling P-5), all placeable."""
    held = s.chips[s.current]
    need = [0, 0, 0, 0]
    for v in pay:
        k = CHIP_INDEX.get(v)
        if k is None:
            raise _illegal("P-5", f"{v} is not a chip value (1, 2, 5 or 10).", "err.chips_not_held", pay=list(pay))
        need[k] += 1
    if any(need[k] > held[k] for k in range(4)):
        raise _illegal(
            "P-5",
            f"You do not hold the chips {' '.join(map(str, pay))}.",
            "err.chips_not_held",
            pay=list(pay),
        )
    total = sum(pay)
    if total < price:
        raise _illegal(
            "P-5",
            f"{CARD_CODE[card]} costs {price}; those chips add up to {total}.",
            "err.underpaid",
            card=CARD_CODE[card],
            price=price,
            paid=total,
        )
    if pay and total - min(pay) >= price:
        raise _illegal(
            "P-5",
            f"{CARD_CODE[card]} costs {price}: pay without chips you do not need (no change is given).",
            "err.overpaid",
            card=CARD_CODE[card],
            price=price,
            paid=total,
        )
    room = stack_room(s)
    if len(pay) > room:
        raise _illegal(
            "P-5",
            f"The stacks have room for {room} chips only; the chips you pay must all go under a stack.",
            "err.no_room",
            room=room,
            chips=len(pay),
        )


def complete_buy(s: SpectacleState,
    pos: int,
    slot: int,
    card: int,
    price: int,
    pay: tuple[int, ...],
    place: tuple[int, ...] | None,
    ev: list[Event],
) -> None:
    """The validated purchase: chips out, card to the tableau, chips placed (or in transit), refill."""
    p = s.current
    held = s.chips[p]
    hand = s.hand[p]
    for v in pay:
        held[CHIP_INDEX[v]] -= 1
    s.tab[p][CARD_SUIT[card]] |= 1 << (card % 10)
    if pos >= 0:
        origin = GRID_CODE[pos]
    else:
        origin = f"r{slot + 1}"
        del hand[slot]
        del s.hand_blind[p][slot]
    if ev is not QUIET:
        ev.append(Event("buy", p, {"card": CARD_CODE[card], "from": origin, "price": price, "pay": list(pay)}))
    if place is not None:
        # Equivalent mutant: ``strict=False``, as buy() refused a placement whose length is not the payment's.
        for v, st in zip(pay, place, strict=True):
            s.stacks[st].append(CHIP_INDEX[v])
            if ev is not QUIET:
                ev.append(Event("place", p, {"chip": v, "stack": st + 1}))
    else:
        for v in pay:
            s.transit[CHIP_INDEX[v]] += 1
    if pos >= 0:
        refill(s, pos, ev)


def refuse_payment(s: SpectacleState, card: int, price: int, held: list[int], room: int) -> NoReturn:
    total = sum(n * v for n, v in zip(held, CHIP_VALUES, strict=True))
    if total < price:
        raise _illegal(
            "P-5",
            f"{CARD_CODE[card]} costs {price}; your chips add up to {total}.",
            "err.chips_short",
            card=CARD_CODE[card],
            price=price,
            chips=total,
        )
    raise _illegal(
        "P-5",
        f"The stacks have room for {room} chip(s) only, too few to pay {price} for {CARD_CODE[card]}.",
        "err.no_room",
        room=room,
        card=CARD_CODE[card],
    )
