"""Splendor constants, flat per-card tables, pre-built actions and card predicates (B-2, B-7, S-1, S-2, O-2)."""

from __future__ import annotations

from itertools import combinations
from typing import Any, Final

from engine.core import QUIET, Event
from engine.errors import illegal as _illegal
from engine.splendor.actions import GOLD, Buy, Pass, Reserve, Stronghold, Take
from engine.splendor.catalog import BONUS_JOKER, Card, Noble, catalog
from engine.splendor.state import EMPTY, Player, SplendorState

# Steps of a turn (B-15), kept on a stack; a step is a tuple (kind, args...).
# (Final, one name a line: compiled (setup.py), the constants are read as C constants, not looked up by name.)
ST_END: Final = 0
ST_NOBLE: Final = 1
ST_RETURN: Final = 2
ST_CONQUEST: Final = 3
ST_REFILL: Final = 4
ST_HOLD: Final = 5
ST_JOKER: Final = 6
ST_FREE: Final = 7
ST_RNOBLE: Final = 8
STEP_KINDS: Final = range(9)

TOKENS_BY_PLAYERS: Final = {2: 4, 3: 5, 4: 7}  # B-2
GOLD_TOKENS: Final = 5
MAX_TOKENS: Final = 10  # B-6
MAX_RESERVED: Final = 3  # B-7
STRONGHOLDS: Final = 3  # S-1
BASE_SLOTS: Final = 4
ORIENT_SLOTS: Final = 2
CAT: Final = catalog()
CARDS: Final[tuple[Card, ...]] = CAT.cards
NOBLES: Final = CAT.nobles
# Flat per-card tables for the hot paths (legal moves, invariants).
COST: Final = tuple(c.cost for c in CARDS)
PLAIN: Final = tuple(c.effect is None for c in CARDS)
#: Whether buying the card asks more than paying its cost (O-2: a joker needs a card with a bonus to sit
#: on, a discard card two cards of its colour): legal-move generation asks ``can_acquire`` for those only.
GATE: Final = tuple(c.effect == "discard_2" or c.bonus == BONUS_JOKER for c in CARDS)
#: Each card's cost packed six bits a colour, for legal-move generation (``moves.main_actions``).  A player's
#: holdings packed the same way (each capped at 31, as no cost reaches it) above a guard bit (32) per colour,
#: minus this, keep the guard bit of every colour the holdings cover (:data:`GUARDS`): one subtraction tests
#: the five colours; where a guard is lost the field holds ``32 - missing``, and :data:`FIELD_SUM` adds those up.
PACKED_COST: Final = tuple(sum(n << (6 * i) for i, n in enumerate(c.cost)) for c in CARDS)
GUARDS: Final = sum(32 << (6 * i) for i in range(5))
FIELD_SUM: Final = sum(1 << (6 * i) for i in range(5))  # x * FIELD_SUM >> 24 & 63: the sum of x's five fields
if max(max(c.cost) for c in CARDS) > 31:
    raise ValueError("a card costs more than 31 of one colour: PACKED_COST's fields would overflow")
POINTS: Final = tuple(c.points for c in CARDS)
BONUS: Final = tuple(c.bonus for c in CARDS)
BCOUNT: Final = tuple(c.bonus_count for c in CARDS)
NOBLE_POINTS: Final = tuple(n.points for n in NOBLES)


# Pre-built action values (legal-move generation allocates nothing for these).
COMBOS3: Final = tuple(combinations(range(5), 3))
TAKE3: Final = {c: Take(c) for c in COMBOS3}
TAKE2: Final = tuple(Take((c, c)) for c in range(5))
TAKE_FEW: Final = {c: Take(c) for n in (1, 2) for c in combinations(range(5), n)}
RESERVE_AT: Final = tuple(tuple(Reserve(lv, sl) for sl in range(1, 7)) for lv in (1, 2, 3))  # [level-1][slot-1]
RESERVE_DECK: Final = tuple(Reserve(lv, 0) for lv in (1, 2, 3))
RESERVE_ODECK: Final = tuple(Reserve(lv, -1) for lv in (1, 2, 3))
BUY_AT: Final = tuple(tuple(Buy(lv, sl) for sl in range(1, 7)) for lv in range(4))  # [level][slot-1]; level 0: hand
PASS: Final = Pass()
NOBLE_MIN_BONUS: Final = min(sum(n.requirement) for n in NOBLES)
FLAT_CODES: Final = tuple(f"{lv}.{sl}" for lv in (1, 2, 3) for sl in range(1, 7))  # flat slot index -> "2.3"
SLOT_OF: Final = {f"{lv}.{sl}": (lv, sl) for lv in (1, 2, 3) for sl in range(1, 7)}  # "2.3" -> (2, 3)
HOLD_PLACE: Final = tuple(Stronghold(code) for code in FLAT_CODES)
HOLD_REMOVE: Final = tuple(Stronghold(code, remove=True) for code in FLAT_CODES)
HOLD_MOVE: Final = tuple(tuple(Stronghold(dst, src) for dst in FLAT_CODES) for src in FLAT_CODES)  # [src][dst]


def card_at(s: SplendorState, level: int, slot: int) -> int:
    if not 1 <= level <= 3 or not 1 <= slot <= s.rules.slots:
        raise _illegal("B-4", f"There is no slot {level}.{slot} on the table.", "err.no_slot",
                       slot=f"{level}.{slot}")
    card = s.rows[level - 1][slot - 1]
    if card == EMPTY:
        raise _illegal("B-9", f"Slot {level}.{slot} is empty.", "err.empty_slot", slot=f"{level}.{slot}")
    return card


def blocked(s: SplendorState, seat: int, level: int, slot: int) -> bool:
    """S-2: an opponent's stronghold is on this card."""
    owner = s.hown[level - 1][slot - 1] if s.hown else EMPTY
    return owner != EMPTY and owner != seat


def has_bonus_card(p: Player) -> bool:
    """O-2: a card showing a bonus (a gold card or an uncoloured joker does not).

    Every such card adds to ``p.bonus`` and nothing else does (the invariants recount it), so any bonus
    tells: no walk over the tableau on the hot path of legal moves."""
    b = p.bonus
    return b[0] > 0 or b[1] > 0 or b[2] > 0 or b[3] > 0 or b[4] > 0


def cards_of_color(p: Player, color: int) -> list[int]:
    out = []
    for c in p.cards:
        card = CARDS[c]
        if card.bonus == color or p.joker.get(c, -9) == color:
            out.append(c)
    return out


def shortfall(p: Player, card: Card) -> int:
    """Gold needed to buy ``card`` with the player's bonuses and coloured tokens."""
    c0, c1, c2, c3, c4 = card.cost
    b, t = p.bonus, p.tokens
    n0, n1, n2, n3, n4 = c0 - b[0] - t[0], c1 - b[1] - t[1], c2 - b[2] - t[2], c3 - b[3] - t[3], c4 - b[4] - t[4]
    return (n0 if n0 > 0 else 0) + (n1 if n1 > 0 else 0) + (n2 if n2 > 0 else 0) + (n3 if n3 > 0 else 0) + (
        n4 if n4 > 0 else 0)  # (unrolled: every purchase asks, through can_acquire)


def can_acquire(p: Player, card: Card) -> bool:
    """Whether the player can pay for and own ``card`` (B-8, O-2)."""
    if card.effect is not None:
        if card.effect == "discard_2":
            return len(cards_of_color(p, card.discard_color or 0)) >= 2
        if card.bonus == BONUS_JOKER and not has_bonus_card(p):
            return False
    return shortfall(p, card) <= p.tokens[GOLD] + 2 * p.goldcards


def effective_cost(p: Player, card: Card) -> list[int]:
    return [max(0, card.cost[i] - p.bonus[i]) for i in range(5)]


def ev(s: SplendorState, kind: str, seat: int | None, secret: frozenset[str] = frozenset(),
        **params: Any) -> None:
    if s._events is not QUIET:  # events-off mode of search play-outs (core.NullLog)
        s._events.append(Event(kind, seat, params, secret))


def color_name(color: int) -> str:
    return ("white", "blue", "green", "red", "black", "gold")[color]


def counts(colors: tuple[int, ...]) -> list[int]:
    counts = [0] * 6
    for c in colors:
        counts[c] += 1
    return counts


def meets(bonus: list[int], noble: Noble) -> bool:
    req = noble.requirement
    return (bonus[0] >= req[0] and bonus[1] >= req[1] and bonus[2] >= req[2] and bonus[3] >= req[3]
            and bonus[4] >= req[4])
