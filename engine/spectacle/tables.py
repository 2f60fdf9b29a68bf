"""Spectacle constants, pre-built actions, and the cached tables of payments (P-5), discards (P-7) and claims (P-8)."""

from __future__ import annotations

from engine.spectacle.actions import (
    DECK_REF,
    Buy,
    ChooseNoble,
    Claim,
    Destroy,
    FreeCard,
    Pay,
    Place,
    Reserve,
    Return,
    Take,
)
from engine.spectacle.cards import (
    MASK_COUNT,
    MASK_SUM,
    N_CARDS,
)
from engine.spectacle.state import (
    SpectacleState,
)
from engine.spectacle.view import (
    CHIP_VALUES,
    STACK_CAPACITY,
)

CAP = STACK_CAPACITY
TAKE1 = tuple(Take((i,)) for i in range(6))
TAKE2 = {(i, j): Take((i, j)) for i in range(6) for j in range(i + 1, 6)}
PAIRS = {k: tuple((i, j) for i in range(k) for j in range(i + 1, k)) for k in range(7)}
RES_CARD = tuple(Reserve(c) for c in range(N_CARDS))
RES_DECK = Reserve(DECK_REF)
BUY_DEFAULT = tuple(Buy(c) for c in range(N_CARDS))
PLACE_ACT = tuple(tuple(Place(CHIP_VALUES[k], s) for s in range(6)) for k in range(4))
RETURN_ACT = tuple(tuple(Return(CHIP_VALUES[k], s) for s in range(6)) for k in range(4))
PLACE_AUTO = Place(0)
RETURN_AUTO = Return(0)
DESTROY_ACT = tuple(Destroy(c) for c in range(N_CARDS))
FREE_ACT = tuple(FreeCard(c) for c in range(N_CARDS))
NOBLE_ACT = tuple(ChooseNoble(x) for x in range(12))
PAY_ACTS: dict[tuple[int, ...], Pay] = {}
PAYMENTS: dict[tuple[int, int, int, int, int], tuple[tuple[int, ...], ...]] = {}
MINIMAL: dict[tuple[int, int], tuple[int, ...]] = {}
FEWEST: dict[tuple[int, int, int, int], tuple[int, ...]] = {}
RUNS: dict[tuple[int, int], tuple[Claim, ...]] = {}
SETS: dict[tuple[int, int], tuple[Claim, ...]] = {}


def pay_act(chips: tuple[int, ...]) -> Pay:
    act = PAY_ACTS.get(chips)
    if act is None:
        act = PAY_ACTS[chips] = Pay(chips)
    return act


def payments(c1: int, c2: int, c5: int, c10: int, price: int) -> tuple[tuple[int, ...], ...]:
    """Minimal payments (Ruling P-5) from held chip counts, default first (smallest total, fewest chips).

    Bounded cache: at most 6^4 holdings x 10 prices.
    """
    key = (c1, c2, c5, c10, price)
    found = PAYMENTS.get(key)
    if found is not None:
        return found
    out: list[tuple[int, int, tuple[int, ...]]] = []
    for a in range(c1 + 1):
        for b in range(c2 + 1):
            for c in range(c5 + 1):
                for d in range(c10 + 1):
                    total = a + 2 * b + 5 * c + 10 * d
                    if total < price:
                        continue
                    low = 1 if a else 2 if b else 5 if c else 10 if d else 0
                    if low == 0 or total - low >= price:
                        continue
                    pay = (10,) * d + (5,) * c + (2,) * b + (1,) * a
                    out.append((total, len(pay), pay))
    out.sort()
    result = tuple(p for _, _, p in out)
    PAYMENTS[key] = result
    return result


def fewest_chips(c1: int, c2: int, c5: int, c10: int) -> tuple[int, ...]:
    """Per price 0..10, the fewest chips a payment from these holdings needs (99: unaffordable).

    A payment with the fewest chips is minimal (Ruling P-5), so this is also the fewest among
    :func:`payments`.  Bounded cache: at most 6^4 holdings.
    """
    key = (c1, c2, c5, c10)
    found = FEWEST.get(key)
    if found is None:
        found = FEWEST[key] = (
            0,
            *(min((len(x) for x in payments(c1, c2, c5, c10, p)), default=99) for p in range(1, 11)),
        )
    return found


def minimal_discards(mask: int, threshold: int) -> tuple[int, ...]:
    """Sub-masks of a suit's bonus mask adding up to ``threshold`` with every card needed (Ruling P-7).

    Default first: smallest total, then fewest cards, then the lowest highest card (keeps high cards).
    Bounded cache (1024 x 3).
    """
    key = (mask, threshold)
    found = MINIMAL.get(key)
    if found is not None:
        return found
    out: list[tuple[int, int, tuple[int, ...], int]] = []
    sub = mask
    while sub:
        total = MASK_SUM[sub]
        low = (sub & -sub).bit_length()  # value of the lowest card
        if total >= threshold and total - low < threshold:
            values = tuple(v + 1 for v in range(9, -1, -1) if sub >> v & 1)
            out.append((total, MASK_COUNT[sub], values, sub))
        sub = (sub - 1) & mask
    out.sort()
    result = tuple(x[3] for x in out)
    MINIMAL[key] = result
    return result


def run_claims(suit: int, mask: int) -> tuple[Claim, ...]:
    """Every run (3+ consecutive values) inside one suit's bonus mask (P-8)."""
    key = (suit, mask)
    found = RUNS.get(key)
    if found is None:
        acts: list[Claim] = []
        for lo in range(10):
            hi = lo
            while hi < 10 and mask >> hi & 1:
                if hi - lo >= 2:
                    acts.append(Claim(tuple(suit * 10 + v for v in range(lo, hi + 1))))
                hi += 1
        found = RUNS[key] = tuple(acts)
    return found


def set_claims(value0: int, suits: int) -> tuple[Claim, ...]:
    """Every set (3 or 4 suits) of one value (0-based) given the mask of suits held (P-8)."""
    key = (value0, suits)
    found = SETS.get(key)
    if found is None:
        have = [s for s in range(4) if suits >> s & 1]
        acts: list[Claim] = []
        if len(have) == 4:
            acts.append(Claim(tuple(s * 10 + value0 for s in have)))
        if len(have) >= 3:
            for skip in range(len(have)) if len(have) == 4 else (-1,):
                acts.append(Claim(tuple(s * 10 + value0 for k, s in enumerate(have) if k != skip)))
        found = SETS[key] = tuple(acts)
    return found


CLAIMS: dict[tuple[int, int, int, int], tuple[Claim, ...]] = {}


def claims_for(tab: list[int]) -> tuple[Claim, ...]:
    """Every set and run a seat's bonus cards (its four suit masks) can claim (P-8), runs first.

    Cached per tableau (every main turn asks; bounded)."""
    if MASK_COUNT[tab[0]] + MASK_COUNT[tab[1]] + MASK_COUNT[tab[2]] + MASK_COUNT[tab[3]] < 3:
        return ()
    key = (tab[0], tab[1], tab[2], tab[3])
    found = CLAIMS.get(key)
    if found is None:
        if len(CLAIMS) > 20000:  # bounded: a long-running bot must not leak
            CLAIMS.clear()
        found = CLAIMS[key] = tuple(_claims(tab))
    return found


def _claims(tab: list[int]) -> list[Claim]:
    out: list[Claim] = []
    for s in range(4):
        if MASK_COUNT[tab[s]] >= 3:
            out.extend(run_claims(s, tab[s]))
    t0, t1, t2, t3 = tab
    for v in range(10):
        sm = (t0 >> v & 1) | (t1 >> v & 1) << 1 | (t2 >> v & 1) << 2 | (t3 >> v & 1) << 3
        if MASK_COUNT[sm] >= 3:
            out.extend(set_claims(v, sm))
    return out


def stack_room(s: SpectacleState) -> int:
    return sum(CAP - len(st) for st in s.stacks)


def most_room(stacks: list[list[int]]) -> int:
    best = -1
    best_len = CAP
    for i, st in enumerate(stacks):
        if len(st) < best_len:
            best, best_len = i, len(st)
    return best
