"""The end-of-turn pipeline of Spectacle: paid chips (P-5), chips above 5 (P-6), nobles (P-7), end (P-9)."""

from __future__ import annotations

from engine.core import Event
from engine.errors import InvariantViolation
from engine.spectacle.actions import (
    Action,
    Destroy,
    FreeCard,
    Swap,
)
from engine.spectacle.cards import (
    CARD_CODE,
    CARD_SUIT,
    GRID_CODE,
    MASK_SUM,
    NOBLE_CODE,
    NOBLE_RANK,
    NOBLE_SUIT,
    NOBLE_THRESHOLD,
    mask_cards,
)
from engine.spectacle.moves import discard_masks, power_options
from engine.spectacle.state import (
    DESTROY,
    DISCARD,
    FREE,
    MAIN,
    NOBLE,
    OVER,
    PLACE,
    RETURN,
    SWAP,
    SpectacleState,
)
from engine.spectacle.tables import CAP, most_room
from engine.spectacle.view import (
    CHIP_VALUES,
    MAX_CHIPS,
    TARGET_VP,
)


def auto_place(s: SpectacleState, ev: list[Event]) -> None:
    """Ruling (P-5): highest chips first, each under the slot with the most room."""
    for k in (3, 2, 1, 0):
        while s.transit[k]:
            st = most_room(s.stacks)
            s.transit[k] -= 1
            s.stacks[st].append(k)
            ev.append(Event("place", s.current, {"chip": CHIP_VALUES[k], "stack": st + 1}))


def auto_return(s: SpectacleState, ev: list[Event]) -> None:
    """Ruling (P-6): lowest chips first, each under the slot with the most room."""
    p = s.current
    held = s.chips[p]
    for k in range(4):
        while held[k] and sum(held) > MAX_CHIPS:
            st = most_room(s.stacks)
            held[k] -= 1
            s.stacks[st].append(k)
            ev.append(Event("return", p, {"chip": CHIP_VALUES[k], "stack": st + 1}))


def after_action(s: SpectacleState, ev: list[Event]) -> None:
    """Step 2: paid chips still to place (P-5)."""
    tr = s.transit
    if tr[0] or tr[1] or tr[2] or tr[3]:
        rooms = [i for i, st in enumerate(s.stacks) if len(st) < CAP]
        kinds = [k for k in range(4) if tr[k]]
        if len(kinds) == 1 and len(rooms) == 1:  # one possible outcome
            auto_place(s, ev)
        else:
            s.phase = PLACE
            return
    after_place(s, ev)


def after_place(s: SpectacleState, ev: list[Event]) -> None:
    """Step 3: chips above 5 (P-6)."""
    held = s.chips[s.current]
    if held[0] + held[1] + held[2] + held[3] > MAX_CHIPS:
        rooms = [i for i, st in enumerate(s.stacks) if len(st) < CAP]
        kinds = [k for k in range(4) if held[k]]
        if len(kinds) == 1 and len(rooms) == 1:
            auto_return(s, ev)
        else:
            s.phase = RETURN
            return
    noble_step(s, ev)


def noble_step(s: SpectacleState, ev: list[Event]) -> None:
    """Step 4: nobles (P-7)."""
    tab = s.tab[s.current]
    options = tuple(x for x in s.nobles if MASK_SUM[tab[NOBLE_SUIT[x]]] >= NOBLE_THRESHOLD[x])
    if not options:
        end_turn(s, ev)
    elif len(options) == 1:
        receive_noble(s, options[0], ev)
    else:
        s.noble_options = options
        s.phase = NOBLE


def receive_noble(s: SpectacleState, noble: int, ev: list[Event]) -> None:
    p = s.current
    s.noble_options = ()
    s.noble = noble
    s.nobles.remove(noble)
    s.won[p].append(noble)
    ev.append(Event("noble", p, {"noble": NOBLE_CODE[noble]}))
    masks = discard_masks(s)
    if len(masks) == 1:
        do_discard(s, masks[0], ev)
    else:
        s.phase = DISCARD


def do_discard(s: SpectacleState, mask: int, ev: list[Event]) -> None:
    p = s.current
    suit = NOBLE_SUIT[s.noble]
    cards = mask_cards(suit, mask)
    s.tab[p][suit] &= ~mask
    s.discard.extend(cards)
    ev.append(Event("discard", p, {"noble": NOBLE_CODE[s.noble], "cards": [CARD_CODE[c] for c in cards]}))
    options = power_options(s)
    if not options:
        ev.append(Event("power", p, {"noble": NOBLE_CODE[s.noble], "power": "none"}))
        end_turn(s, ev)
    elif len(options) == 1:
        do_power(s, options[0], ev)
        end_turn(s, ev)
    else:
        s.phase = (DESTROY, FREE, SWAP)[NOBLE_RANK[s.noble]]


def owner_of(s: SpectacleState, card: int) -> int:
    bit = 1 << (card % 10)
    suit = CARD_SUIT[card]
    for q in range(s.n):
        if s.tab[q][suit] & bit:
            return q
    raise InvariantViolation(f"{CARD_CODE[card]} is in no tableau")


def do_power(s: SpectacleState, a: Action, ev: list[Event]) -> None:
    p = s.current
    noble = NOBLE_CODE[s.noble]
    if type(a) is Destroy:
        q = owner_of(s, a.card)
        s.tab[q][CARD_SUIT[a.card]] &= ~(1 << (a.card % 10))
        s.discard.append(a.card)
        ev.append(Event("power", p, {"noble": noble, "power": "destroy", "card": CARD_CODE[a.card], "owner": q}))
    elif type(a) is FreeCard:
        pos = s.grid.index(a.ref)
        s.tab[p][CARD_SUIT[a.ref]] |= 1 << (a.ref % 10)
        ev.append(
            Event("power", p, {"noble": noble, "power": "free", "card": CARD_CODE[a.ref], "from": GRID_CODE[pos]})
        )
        refill(s, pos, ev)
    elif type(a) is Swap:
        q = owner_of(s, a.theirs)
        s.tab[p][CARD_SUIT[a.mine]] &= ~(1 << (a.mine % 10))
        s.tab[q][CARD_SUIT[a.theirs]] &= ~(1 << (a.theirs % 10))
        s.tab[p][CARD_SUIT[a.theirs]] |= 1 << (a.theirs % 10)
        s.tab[q][CARD_SUIT[a.mine]] |= 1 << (a.mine % 10)
        ev.append(
            Event(
                "power",
                p,
                {
                    "noble": noble,
                    "power": "swap",
                    "mine": CARD_CODE[a.mine],
                    "theirs": CARD_CODE[a.theirs],
                    "owner": q,
                },
            )
        )


def end_turn(s: SpectacleState, ev: list[Event]) -> None:
    """Step 5: the end check (P-9) and the next seat."""
    s.noble = -1
    s.noble_options = ()
    s.turn += 1
    if s.end_reason is None:
        for q in range(s.n):
            if s.score(q) >= TARGET_VP:  # Ruling (P-9): every player, at the end of every turn
                s.end_reason = "vp"
                ev.append(Event("end_triggered", q, {"reason": "vp", "vp": s.score(q)}))
                break
    if s.end_reason is not None and s.current == s.n - 1:
        s.phase = OVER
        ev.append(Event("game_over", None, {"scores": list(s.scores()), "winners": list(s.winners())}))
        return
    s.current = (s.current + 1) % s.n
    s.phase = MAIN


def draw(s: SpectacleState, ev: list[Event]) -> int:
    card = s.deck.pop()
    if not s.deck and s.end_reason is None:  # P-9 / Ruling (P-4): the deck ran out
        s.end_reason = "deck"
        ev.append(Event("end_triggered", None, {"reason": "deck"}))
    return card


def refill(s: SpectacleState, pos: int, ev: list[Event]) -> None:
    if s.deck:
        card = s.deck[-1]
        ev.append(Event("refill", None, {"pos": GRID_CODE[pos], "card": CARD_CODE[card]}))
        s.grid[pos] = draw(s, ev)
    else:
        s.grid[pos] = -1
