"""Validating and applying a Spectacle main action (P-4) or the answer to a pending decision."""

from __future__ import annotations

from typing import Any

from engine.core import QUIET, Event  # appends test QUIET: compiled, list.append skips NullLog's
from engine.errors import GameOver, NotYourTurn
from engine.errors import illegal as _illegal
from engine.spectacle.actions import (
    DECK_REF,
    GRID_REF,
    Action,
    Buy,
    Claim,
    Destroy,
    Discard,
    FreeCard,
    Place,
    Reserve,
    Return,
    Take,
    parse_action,
)
from engine.spectacle.buy import buy, pay_chosen
from engine.spectacle.cards import (
    CARD_CODE,
    CARD_SUIT,
    CARD_VALUE,
    CHIP_INDEX,
    GRID_CODE,
    MASK_SUM,
    NOBLE_CODE,
    NOBLE_SUIT,
    NOBLE_THRESHOLD,
)
from engine.spectacle.moves import default_action, discard_masks, grid_pos
from engine.spectacle.state import ST_PLACE, ST_RETURN, SpectacleState
from engine.spectacle.tables import CAP, FREE_ACT
from engine.spectacle.turn import (
    ANSWER,
    auto_place,
    auto_return,
    do_discard,
    do_power,
    draw,
    receive_noble,
    refill,
    run,
    turn_steps,
)
from engine.spectacle.view import (
    CHIP_VALUES,
    MAX_RESERVED,
    SUITS,
)
from engine.turns import Pending


def apply_in_place(state: SpectacleState, seat: int, action: Action | str) -> tuple[Event, ...]:
    s = state
    if isinstance(action, str):
        action = parse_action(action)
    if s.over:
        raise GameOver()
    if seat != s.current:
        raise NotYourTurn(seat, s.current)
    ev = s._events
    start = len(ev)
    pending = s.pending
    if pending is None:
        if type(action) is Take:
            take(s, action, ev)
        elif type(action) is Buy:
            buy(s, action, ev)
        elif type(action) is Reserve:
            reserve(s, action, ev)
        elif type(action) is Claim:
            claim(s, action, ev)
        else:
            raise _illegal(
                "P-4",
                f"`{action}` answers a decision nobody asked for; choose your action for this turn.",
                "err.no_pending",
                code=str(action),
            )
    else:
        decide(s, pending, action, ev)
    run(s)
    if s._actions is not QUIET:
        s._actions.append((seat, action))
    events = tuple(ev[start:])
    # the whole turn so far (like Splendor's): a decision continues the turn its main action began
    s._last_events = events if pending is None else s._last_events + events
    return events


def decide(s: SpectacleState, pending: Pending[Action], action: Any, ev: list[Event]) -> None:
    """Validate and apply the answer to ``pending``; a step that must ask again is pushed back."""
    kind = pending.kind
    expected, rule = ANSWER[kind]
    answered: type = type(action)  # (compared apart from `action`, which stays `Any` for the calls below)
    if answered is not expected:
        raise _illegal(
            rule,
            f"First finish your turn: a `{kind}` decision is pending (for example `{default_action(s)}`).",
            "err.pending",
            kind=kind,
            code=str(action),
        )
    if kind == "pay":
        pay_chosen(s, pending.data[0], action, ev)
    elif kind == "place":
        place(s, action, ev)
        s.steps.append((ST_PLACE,))  # placed one chip: the rest may still be a decision
    elif kind == "return":
        return_chip(s, action, ev)
        s.steps.append((ST_RETURN,))
    elif kind == "noble":
        if action.noble not in pending.data:
            raise _illegal(
                "P-7",
                f"Choose one of the nobles whose favour you earned: "
                f"{', '.join(NOBLE_CODE[x] for x in pending.data)}.",
                "err.noble_not_option",
                noble=NOBLE_CODE[action.noble],
            )
        receive_noble(s, action.noble, ev)
    elif kind == "discard":
        discard_chosen(s, pending.data[0], action, ev)
    else:
        power_chosen(s, pending, action, ev)
    s.pending = None


def take(s: SpectacleState, a: Take, ev: list[Event]) -> None:
    stacks = s.stacks
    if not 1 <= len(a.stacks) <= 2:  # P-4.1 / P-4.2: one chip, or two from two stacks
        raise _illegal("P-4", "Take the top chip of one stack or of two stacks.", "err.take_count")
    for i in a.stacks:
        if i >= len(stacks):
            raise _illegal(
                "P-3", f"There is no stack {i + 1} (stacks 1 to {len(stacks)}).", "err.no_stack", stack=i + 1
            )
        if not stacks[i]:
            raise _illegal("P-4", f"Stack {i + 1} is empty.", "err.stack_empty", stack=i + 1)
    if len(a.stacks) == 2:
        i, j = a.stacks
        if i == j:
            raise _illegal("P-4", "Two chips must come from two different stacks.", "err.same_stack", stack=i + 1)
        if i > j:  # canonical order only (`take 1 3`; parsing sorts), so apply accepts what is listed
            raise _illegal("P-4", f"Write the stacks in order: `take {j + 1} {i + 1}`.", "err.take_order")
        if stacks[i][0] != stacks[j][0]:
            raise _illegal(
                "P-4",
                f"Two chips must have the same value: stack {i + 1} shows a {CHIP_VALUES[stacks[i][0]]} "
                f"and stack {j + 1} a {CHIP_VALUES[stacks[j][0]]}.",
                "err.take2_mismatch",
                a=CHIP_VALUES[stacks[i][0]],
                b=CHIP_VALUES[stacks[j][0]],
            )
    held = s.chips[s.current]
    got = []
    for i in a.stacks:
        k = stacks[i].pop(0)
        held[k] += 1
        got.append(CHIP_VALUES[k])
    if ev is not QUIET:
        ev.append(Event("take", s.current, {"stacks": [i + 1 for i in a.stacks], "chips": got}))
    s.steps = turn_steps(bought=False)


def reserve(s: SpectacleState, a: Reserve, ev: list[Event]) -> None:
    p = s.current
    hand = s.hand[p]
    if len(hand) >= MAX_RESERVED:
        raise _illegal("P-4", "You already hold 3 reserved cards.", "err.hand_full")
    ref = a.ref
    if ref == DECK_REF:
        if not s.deck:
            raise _illegal("P-4", "The draw deck is empty.", "err.deck_empty")
        card = s.deck[-1]
        if ev is not QUIET:
            ev.append(Event("reserve", p, {"from": "deck", "card": CARD_CODE[card]}, frozenset({"card"})))
        draw(s, ev)
        hand.append(card)
        s.hand_blind[p].append(True)
    else:
        pos = grid_pos(s, ref, "P-4")
        card = s.grid[pos]
        hand.append(card)
        s.hand_blind[p].append(False)
        if ev is not QUIET:
            ev.append(Event("reserve", p, {"from": GRID_CODE[pos], "card": CARD_CODE[card]}))
        refill(s, pos, ev)
    s.steps = turn_steps(bought=False)


def claim(s: SpectacleState, a: Claim, ev: list[Event]) -> None:
    p = s.current
    tab = s.tab[p]
    cards = a.cards
    for c in cards:
        if not tab[CARD_SUIT[c]] >> (c % 10) & 1:
            raise _illegal(
                "P-8", f"{CARD_CODE[c]} is not one of your bonus cards.", "err.not_in_tableau", card=CARD_CODE[c]
            )
    values = sorted(CARD_VALUE[c] for c in cards)
    suits = {CARD_SUIT[c] for c in cards}
    is_set = len(set(values)) == 1 and len(suits) == len(cards) and 3 <= len(cards) <= 4
    is_run = len(suits) == 1 and len(cards) >= 3 and values == list(range(values[0], values[0] + len(cards)))
    if not (is_set or is_run):
        raise _illegal(
            "P-8",
            "A set is 3 or 4 cards of one value; a run is 3 or more cards of one suit with consecutive values.",
            "err.bad_claim",
            cards=[CARD_CODE[c] for c in cards],
        )
    for c in cards:
        tab[CARD_SUIT[c]] &= ~(1 << (c % 10))
    s.claims[p].append(cards)
    s.discard.extend(cards[1:])  # Ruling (P-8): cards[0] is kept face down as the VP
    if ev is not QUIET:
        ev.append(
            Event(
                "claim",
                p,
                {
                    "kind": "set" if is_set else "run",
                    "cards": [CARD_CODE[c] for c in cards],
                    "kept": CARD_CODE[cards[0]],
                },
            )
        )
    s.steps = turn_steps(bought=False)


def place(s: SpectacleState, a: Place, ev: list[Event]) -> None:
    if a.chip == 0:
        auto_place(s, ev)
    else:
        k = CHIP_INDEX.get(a.chip, -1)
        if k < 0 or not s.transit[k]:
            raise _illegal("P-5", f"You have no paid {a.chip}-chip left to place.", "err.not_in_transit",
                           chip=a.chip)
        check_slot(s, a.stack, "P-5")
        s.transit[k] -= 1
        s.stacks[a.stack].append(k)
        if ev is not QUIET:
            ev.append(Event("place", s.current, {"chip": a.chip, "stack": a.stack + 1}))


def check_slot(s: SpectacleState, st: int, rule: str) -> None:
    if not 0 <= st < len(s.stacks):
        raise _illegal(
            "P-3", f"There is no stack {st + 1} (stacks 1 to {len(s.stacks)}).", "err.no_stack", stack=st + 1
        )
    if len(s.stacks[st]) >= CAP:
        raise _illegal(rule, f"Stack {st + 1} is full (4 chips).", "err.stack_full", stack=st + 1)


def return_chip(s: SpectacleState, a: Return, ev: list[Event]) -> None:
    p = s.current
    if a.chip == 0:
        auto_return(s, ev)
    else:
        k = CHIP_INDEX.get(a.chip, -1)
        if k < 0 or not s.chips[p][k]:
            raise _illegal("P-6", f"You hold no {a.chip}-chip.", "err.chip_not_held", chip=a.chip)
        check_slot(s, a.stack, "P-6")
        s.chips[p][k] -= 1
        s.stacks[a.stack].append(k)
        if ev is not QUIET:
            ev.append(Event("return", p, {"chip": a.chip, "stack": a.stack + 1}))


def discard_chosen(s: SpectacleState, noble: int, a: Discard, ev: list[Event]) -> None:
    suit = NOBLE_SUIT[noble]
    mask = 0
    for c in a.cards:
        if CARD_SUIT[c] != suit:
            raise _illegal(
                "P-7",
                f"Discard {SUITS[suit]} cards for {NOBLE_CODE[noble]}; {CARD_CODE[c]} is not one.",
                "err.discard_suit",
                card=CARD_CODE[c],
            )
        mask |= 1 << (c % 10)
    options = discard_masks(s, noble)
    if mask not in options:
        have = s.tab[s.current][suit]
        if mask & ~have:
            reason = "You can only discard your own bonus cards."
        elif MASK_SUM[mask] < NOBLE_THRESHOLD[noble]:
            reason = (
                f"Those cards add up to {MASK_SUM[mask]}; {NOBLE_CODE[noble]} needs {NOBLE_THRESHOLD[noble]}."
            )
        else:
            reason = "Discard only the cards you need to reach the noble's total."
        raise _illegal("P-7", reason, "err.bad_discard", cards=[CARD_CODE[c] for c in a.cards])
    do_discard(s, noble, mask, ev)


def power_chosen(s: SpectacleState, pending: Pending[Action], a: Any, ev: list[Event]) -> None:
    """The target of the power of the noble being received (``pending.data[0]``)."""
    if type(a) is FreeCard and a.ref >= GRID_REF:
        pos = grid_pos(s, a.ref, "P-7")
        a = FREE_ACT[s.grid[pos]]
    if a not in pending.options:
        raise _illegal("P-7", power_refusal(s, a), "err.bad_power_target", code=str(a))
    do_power(s, pending.data[0], a, ev)


def power_refusal(s: SpectacleState, a: Any) -> str:
    if type(a) is Destroy:
        return f"{CARD_CODE[a.card]} is not a bonus card of an opponent."
    if type(a) is FreeCard:
        return f"{CARD_CODE[a.ref]} is not on the grid."
    return "Swap one of your bonus cards (first) with a bonus card of an opponent (second)."
