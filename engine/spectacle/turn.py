"""The rest of a Spectacle turn (P-7b), a step stack: paid chips (P-5), chips above 5 (P-6), nobles (P-7), end (P-9)."""

from __future__ import annotations

from collections.abc import Callable

from engine.core import QUIET, Event  # appends test QUIET: compiled, list.append skips NullLog's
from engine.errors import InvariantViolation
from engine.spectacle.actions import (
    Action,
    ChooseNoble,
    Destroy,
    Discard,
    FreeCard,
    Pay,
    Place,
    Return,
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
from engine.spectacle.moves import discard_masks, discard_options, place_options, power_options, return_options
from engine.spectacle.state import (
    ST_DISCARD,
    ST_END,
    ST_NOBLE,
    ST_PLACE,
    ST_POWER,
    ST_RETURN,
    SpectacleState,
)
from engine.spectacle.tables import CAP, NOBLE_ACT, most_room
from engine.spectacle.view import (
    CHIP_VALUES,
    MAX_CHIPS,
    TARGET_VP,
)
from engine.turns import Pending, Step, run_steps


def auto_place(s: SpectacleState, ev: list[Event]) -> None:
    """Ruling (P-5): highest chips first, each under the slot with the most room."""
    for k in (3, 2, 1, 0):
        while s.transit[k]:
            st = most_room(s.stacks)
            s.transit[k] -= 1
            s.stacks[st].append(k)
            if ev is not QUIET:
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
            if ev is not QUIET:
                ev.append(Event("return", p, {"chip": CHIP_VALUES[k], "stack": st + 1}))


def run(s: SpectacleState) -> None:
    """Resolve steps until a decision is needed or the turn passes to the next seat (P-7b)."""
    run_steps(s, STEP_FNS)


def turn_steps(*, bought: bool) -> list[Step]:
    """The rest of the turn after the main action (P-7b), as a stack (last resolves first).

    After a purchase the paid chips are placed first (P-5); then chips above 5 go back (P-6),
    a noble may come (P-7, which pushes its discard and power steps), and the end check (P-9).
    """
    if bought:
        return [(ST_END,), (ST_NOBLE,), (ST_RETURN,), (ST_PLACE,)]
    return [(ST_END,), (ST_NOBLE,), (ST_RETURN,)]


def steps_under(kind: str, noble: int) -> list[Step]:
    """What remains of the turn below a pending decision of ``kind`` (about ``noble``, P-7).

    In Spectacle the kind fixes it: a snapshot records the decision only (see ``serial``).
    """
    if kind == "pay":
        return turn_steps(bought=True)
    if kind == "place":
        return [(ST_END,), (ST_NOBLE,), (ST_RETURN,)]
    if kind == "return":
        return [(ST_END,), (ST_NOBLE,)]
    if kind == "discard":
        return [(ST_END,), (ST_POWER, noble)]
    return [(ST_END,)]  # noble, destroy, free, swap


#: The action type that answers each kind of decision, and the rule it comes from.
ANSWER: dict[str, tuple[type, str]] = {
    "pay": (Pay, "P-5"), "place": (Place, "P-5"), "return": (Return, "P-6"), "noble": (ChooseNoble, "P-7"),
    "discard": (Discard, "P-7"), "destroy": (Destroy, "P-7"), "free": (FreeCard, "P-7"), "swap": (Swap, "P-7"),
}


def place_step(s: SpectacleState, step: Step) -> None:
    """P-5: paid chips still to place (a decision unless only one outcome is possible)."""
    tr = s.transit
    if tr[0] or tr[1] or tr[2] or tr[3]:
        rooms = [i for i, st in enumerate(s.stacks) if len(st) < CAP]
        kinds = [k for k in range(4) if tr[k]]
        if len(kinds) == 1 and len(rooms) == 1:  # one possible outcome
            auto_place(s, s._events)
        else:
            s.pending = Pending("place", s.current, place_options(s))


def return_step(s: SpectacleState, step: Step) -> None:
    """P-6: chips above 5 go back (a decision unless only one outcome is possible)."""
    held = s.chips[s.current]
    if held[0] + held[1] + held[2] + held[3] > MAX_CHIPS:
        rooms = [i for i, st in enumerate(s.stacks) if len(st) < CAP]
        kinds = [k for k in range(4) if held[k]]
        if len(kinds) == 1 and len(rooms) == 1:
            auto_return(s, s._events)
        else:
            s.pending = Pending("return", s.current, return_options(s))


def noble_step(s: SpectacleState, step: Step) -> None:
    """P-7: a noble whose threshold the seat meets (a decision among several)."""
    tab = s.tab[s.current]
    options = tuple(x for x in s.nobles if MASK_SUM[tab[NOBLE_SUIT[x]]] >= NOBLE_THRESHOLD[x])
    if len(options) == 1:
        receive_noble(s, options[0], s._events)
    elif options:
        s.pending = Pending("noble", s.current, tuple(NOBLE_ACT[x] for x in options), options)


def receive_noble(s: SpectacleState, noble: int, ev: list[Event]) -> None:
    """The noble comes; its discard and then its power are the next steps (P-7)."""
    p = s.current
    s.nobles.remove(noble)
    s.won[p].append(noble)
    if ev is not QUIET:
        ev.append(Event("noble", p, {"noble": NOBLE_CODE[noble]}))
    s.steps += [(ST_POWER, noble), (ST_DISCARD, noble)]


def discard_step(s: SpectacleState, step: Step) -> None:
    """P-7: the bonus cards that pay for noble ``step[1]`` (a decision among several minimal sets)."""
    noble = step[1]
    masks = discard_masks(s, noble)
    if len(masks) == 1:
        do_discard(s, noble, masks[0], s._events)
    else:
        s.pending = Pending("discard", s.current, discard_options(noble, masks), (noble,))


def do_discard(s: SpectacleState, noble: int, mask: int, ev: list[Event]) -> None:
    p = s.current
    suit = NOBLE_SUIT[noble]
    cards = mask_cards(suit, mask)
    s.tab[p][suit] &= ~mask
    s.discard.extend(cards)
    if ev is not QUIET:
        ev.append(Event("discard", p, {"noble": NOBLE_CODE[noble], "cards": [CARD_CODE[c] for c in cards]}))


def power_step(s: SpectacleState, step: Step) -> None:
    """P-7: the power of noble ``step[1]``, compulsory when it has a target (a decision among several)."""
    noble = step[1]
    options = power_options(s, noble)
    if not options:
        if s._events is not QUIET:
            s._events.append(Event("power", s.current, {"noble": NOBLE_CODE[noble], "power": "none"}))
    elif len(options) == 1:
        do_power(s, noble, options[0], s._events)
    else:
        s.pending = Pending(POWER_KIND[NOBLE_RANK[noble]], s.current, tuple(options), (noble,))


#: The decision a noble's power asks for, by rank (Jack, Queen, King).
POWER_KIND = ("destroy", "free", "swap")
#: The decisions about the noble being received (their ``data`` is that noble).
NOBLE_DECISIONS = frozenset({"discard", *POWER_KIND})


def end_step(s: SpectacleState, step: Step) -> None:
    end_turn(s, s._events)


def owner_of(s: SpectacleState, card: int) -> int:
    bit = 1 << (card % 10)
    suit = CARD_SUIT[card]
    for q in range(s.n):
        if s.tab[q][suit] & bit:
            return q
    raise InvariantViolation(f"{CARD_CODE[card]} is in no tableau")


def do_power(s: SpectacleState, noble_id: int, a: Action, ev: list[Event]) -> None:
    p = s.current
    noble = NOBLE_CODE[noble_id]
    if type(a) is Destroy:
        q = owner_of(s, a.card)
        s.tab[q][CARD_SUIT[a.card]] &= ~(1 << (a.card % 10))
        s.discard.append(a.card)
        if ev is not QUIET:
            ev.append(Event("power", p, {"noble": noble, "power": "destroy", "card": CARD_CODE[a.card], "owner": q}))
    elif type(a) is FreeCard:
        pos = s.grid.index(a.ref)
        s.tab[p][CARD_SUIT[a.ref]] |= 1 << (a.ref % 10)
        if ev is not QUIET:
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
        if ev is not QUIET:
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
    """The end check (P-9) and the next seat."""
    s.turn += 1
    if s.end_reason is None:
        for q in range(s.n):
            if s.score(q) >= TARGET_VP:  # Ruling (P-9): every player, at the end of every turn
                s.end_reason = "vp"
                if ev is not QUIET:
                    ev.append(Event("end_triggered", q, {"reason": "vp", "vp": s.score(q)}))
                break
    if s.end_reason is not None and s.current == s.n - 1:
        s.over = True
        if ev is not QUIET:
            ev.append(Event("game_over", None, {"scores": list(s.scores()), "winners": list(s.winners())}))
        return
    s.current = (s.current + 1) % s.n


#: The step functions, indexed by step kind (``ST_END`` .. ``ST_POWER``, :mod:`engine.spectacle.state`).
_BY_KIND: dict[int, Callable[[SpectacleState, Step], None]] = {
    ST_END: end_step, ST_NOBLE: noble_step, ST_RETURN: return_step, ST_PLACE: place_step,
    ST_DISCARD: discard_step, ST_POWER: power_step,
}
STEP_FNS = tuple(_BY_KIND[kind] for kind in range(len(_BY_KIND)))


def draw(s: SpectacleState, ev: list[Event]) -> int:
    card = s.deck.pop()
    if not s.deck and s.end_reason is None:  # P-9 / Ruling (P-4): the deck ran out
        s.end_reason = "deck"
        if ev is not QUIET:
            ev.append(Event("end_triggered", None, {"reason": "deck"}))
    return card


def refill(s: SpectacleState, pos: int, ev: list[Event]) -> None:
    if s.deck:
        card = s.deck[-1]
        if ev is not QUIET:
            ev.append(Event("refill", None, {"pos": GRID_CODE[pos], "card": CARD_CODE[card]}))
        s.grid[pos] = draw(s, ev)
    else:
        s.grid[pos] = -1
