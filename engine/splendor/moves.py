"""Legal moves of Splendor: main actions (B-4, B-5), payments (B-8, O-2) and the options of each decision."""

from __future__ import annotations

from itertools import combinations, product
from typing import Final

from engine.core import RULES_VERSION
from engine.errors import GameOver
from engine.splendor.actions import (
    GOLD,
    Action,
    Discard,
    FreeCard,
    Payment,
    Reserve,
    Return,
    Stronghold,
    Take,
    tokens_code,
)
from engine.splendor.catalog import BONUS_JOKER, Card
from engine.splendor.state import EMPTY, Player, SplendorState
from engine.splendor.tables import (
    BUY_AT,
    CARDS,
    CAT,
    COMBOS3,
    FIELD_SUM,
    GATE,
    GUARDS,
    HOLD_MOVE,
    HOLD_PLACE,
    HOLD_REMOVE,
    MAX_RESERVED,
    PACKED_COST,
    PASS,
    RESERVE_AT,
    RESERVE_DECK,
    RESERVE_ODECK,
    STRONGHOLDS,
    TAKE2,
    TAKE3,
    TAKE_FEW,
    blocked,
    can_acquire,
    cards_of_color,
    counts,
    effective_cost,
    has_bonus_card,
)

TAKE_CODES: Final[dict[tuple[int, ...], str]] = {}


def take_code(colors: tuple[int, ...]) -> str:
    code = TAKE_CODES.get(colors)
    if code is None:  # at most 15 distinct takes: bounded
        code = TAKE_CODES[colors] = tokens_code(counts(colors))
    return code


TAKES: Final[dict[tuple[int, ...], tuple[Take, ...]]] = {}
#: The takes by what they depend on: whether each colour is out, left (1-3) or left for two (4 or more).
TAKES_BY_KIND: Final[dict[tuple[int, ...], tuple[Take, ...]]] = {}


def take_options(bank: list[int]) -> list[Action]:
    """B-4/B-5 takes for a bank (cached by the bank's five colours: at most 8**5 keys, bounded; a new bank
    is looked up by its kind, at most 3**5, before the takes are computed)."""
    key = (bank[0], bank[1], bank[2], bank[3], bank[4])
    hit = TAKES.get(key)
    if hit is None:
        kind = tuple(0 if n <= 0 else 1 if n < 4 else 2 for n in key)
        hit = TAKES_BY_KIND.get(kind)
        if hit is None:
            hit = TAKES_BY_KIND[kind] = tuple(compute_takes(bank))
        TAKES[key] = hit
    return list(hit)


def compute_takes(bank: list[int]) -> list[Take]:
    avail = tuple(i for i in range(5) if bank[i] > 0)
    out: list[Take] = []
    if len(avail) >= 3:
        out.extend(TAKE3[c] for c in COMBOS3 if bank[c[0]] and bank[c[1]] and bank[c[2]])
    elif avail:  # B-5: two different only when exactly two colours remain, one only when one does
        out.append(TAKE_FEW[avail])
    out.extend(TAKE2[i] for i in range(5) if bank[i] >= 4)
    return out


def payments(p: Player, card: Card, rules_version: int = RULES_VERSION) -> list[Payment]:
    """Every distinct way to pay (B-8, O-2 gold cards); the default (coloured first) comes first.

    A gold card always covers at least one gem (at most one virtual gold lapses); from rules
    version 2 no token is spent while virtual gold lapses (O-2 ruling: minimal payments)."""
    minimal = rules_version >= 2
    cost = effective_cost(p, card)
    gold_tokens, gold_cards = p.tokens[GOLD], p.goldcards
    ranges = []
    for i in range(5):
        hi = min(cost[i], p.tokens[i])
        lo = max(0, cost[i] - gold_tokens - 2 * gold_cards)
        ranges.append(range(hi, lo - 1, -1) if hi >= lo else range(0))
    out: list[Payment] = []
    for colored in product(*ranges):
        needed = sum(cost) - sum(colored)
        for gc in range(0, min(gold_cards, (needed + 1) // 2) + 1):
            gt = max(0, needed - 2 * gc)
            if minimal and 2 * gc > needed and needed < sum(cost):
                continue  # O-2: a virtual gold would lapse while coloured tokens are spent (gt is 0 here)
            if gt <= gold_tokens:
                out.append((colored[0], colored[1], colored[2], colored[3], colored[4], gt, gc))
    # B-8 ruling: coloured tokens first, then the fewest gold cards, then the fewest gold tokens.
    out.sort(key=lambda pay: (-sum(pay[:5]), pay[6], pay[5]))
    return out


def default_payment(p: Player, card: Card, rules_version: int = RULES_VERSION) -> Payment:
    """``payments(...)[0]`` without the enumeration: coloured tokens first, then gold tokens, and
    an Orient gold card only for what the gold tokens cannot cover (no token wasted)."""
    b, t, price = p.bonus, p.tokens, card.cost
    colored = [0, 0, 0, 0, 0]
    total = needed = 0
    for i in range(5):
        c = price[i] - b[i]
        if c > 0:
            total += c
            if c > t[i]:
                colored[i] = t[i]
                needed += c - t[i]
            else:
                colored[i] = c
    if needed == 0:  # coloured tokens cover it (the common case)
        return (colored[0], colored[1], colored[2], colored[3], colored[4], 0, 0)
    gc = max(0, (needed - t[GOLD] + 1) // 2)
    gt = max(0, needed - 2 * gc)
    if gc and 2 * gc + gt > needed and rules_version >= 2 and needed < total:
        # O-2 (version 2): a virtual gold would lapse (only without gold tokens) while coloured
        # tokens are spent; keep back one token, of the last colour paid, as payments() orders.
        i = max(i for i in range(5) if colored[i])
        colored[i] -= 1
    return (colored[0], colored[1], colored[2], colored[3], colored[4], gt, gc)


def valid_payment(p: Player, card: Card, pay: Payment, rules_version: int = RULES_VERSION) -> bool:
    """One source of truth: a payment is valid exactly when the decision would offer it."""
    return pay in payments(p, card, rules_version)


def legal_actions(s: SplendorState) -> list[Action]:
    if s.over:
        return []
    if s.pending is not None:
        return list(s.pending.options)
    return main_actions(s) or [PASS]


def main_actions(s: SplendorState) -> list[Action]:
    """Takes, reserves and purchases (B-4), without pass.  The hot path of self-play and search: flat
    tables, pre-built actions, and each card's shortfall found on packed costs (:data:`PACKED_COST`: one
    subtraction for the five colours, and the gold needed only when a colour is short); a card whose
    purchase asks more than its cost (an Orient joker or discard card, :data:`GATE`) goes through
    ``can_acquire``."""
    seat = s.current
    p = s.players[seat]
    bank = s.bank
    acts: list[Action] = list(TAKES.get((bank[0], bank[1], bank[2], bank[3], bank[4])) or take_options(bank))
    append = acts.append
    can_reserve = len(p.reserved) < MAX_RESERVED
    gold = p.tokens[GOLD] + 2 * p.goldcards
    b, t = p.bonus, p.tokens
    h0, h1, h2, h3, h4 = b[0] + t[0], b[1] + t[1], b[2] + t[2], b[3] + t[3], b[4] + t[4]
    held = GUARDS + ((h0 if h0 < 31 else 31) + ((h1 if h1 < 31 else 31) << 6) + ((h2 if h2 < 31 else 31) << 12)
                     + ((h3 if h3 < 31 else 31) << 18) + ((h4 if h4 < 31 else 31) << 24))
    packed, gate, guards, field_sum = PACKED_COST, GATE, GUARDS, FIELD_SUM
    rules = s.rules
    guarded = rules.strongholds
    orient = rules.orient
    hown = s.hown
    for lv in range(3):
        row = s.rows[lv]
        owners = hown[lv]
        reserve, buy = RESERVE_AT[lv], BUY_AT[lv + 1]
        for sl, c in enumerate(row):
            if c == EMPTY:
                continue
            if guarded:
                owner = owners[sl]
                if owner != EMPTY and owner != seat:
                    continue  # S-2
            if can_reserve:
                append(reserve[sl])
            if gate[c]:
                if can_acquire(p, CARDS[c]):
                    append(buy[sl])
                continue
            f = held - packed[c]
            g = f & guards
            if g == guards:
                append(buy[sl])
            elif gold:
                short = g ^ guards  # 32 in each colour short: there the field holds 32 - missing (PACKED_COST)
                if (((short - (f & (short - (short >> 5)))) * field_sum) >> 24) & 63 <= gold:
                    append(buy[sl])
        if can_reserve:
            if s.decks[lv]:
                append(RESERVE_DECK[lv])
            if orient and s.odecks[lv]:
                append(RESERVE_ODECK[lv])
    hand = BUY_AT[0]
    for i, c in enumerate(p.reserved):
        if gate[c]:
            if can_acquire(p, CARDS[c]):
                append(hand[i])
            continue
        f = held - packed[c]
        g = f & guards
        if g == guards:
            append(hand[i])
        elif gold:
            short = g ^ guards
            if (((short - (f & (short - (short >> 5)))) * field_sum) >> 24) & 63 <= gold:
                append(hand[i])
    return acts


def default_action(s: SplendorState) -> Action:
    """Deterministic minimal move for a timed-out turn: the first option of a decision; else
    the first take, a blind reserve, or the first legal action."""
    acts = legal_actions(s)
    if not acts:
        raise GameOver()
    if s.pending is not None:
        return acts[0]
    for a in acts:
        if isinstance(a, Take):
            return a
    for a in acts:
        if isinstance(a, Reserve) and a.slot <= 0:
            return a
    return acts[0]


def discard_options(p: Player, card: Card) -> list[Discard]:
    """O-2: jokers of the colour go first; choices that differ only by identical cards are merged."""
    color = card.discard_color or 0
    mine = cards_of_color(p, color)
    jokers = sorted((c for c in mine if c in p.joker), key=lambda c: CARDS[c].id)
    others = [c for c in mine if c not in p.joker]
    if len(jokers) >= 2:
        return [Discard(tuple(sorted(CARDS[c].id for c in jokers[:2])))]
    need = 2 - len(jokers)
    seen: dict[tuple[tuple[int, int], ...], Discard] = {}
    # Equivalent mutant: sorting by card index instead of id (``sorted(others)``), as the catalogue is in id order.
    for combo in combinations(sorted(others, key=lambda c: CARDS[c].id), need):
        sig = tuple(sorted((CARDS[c].points, CARDS[c].bonus_count) for c in combo))
        if sig not in seen:
            seen[sig] = Discard(tuple(sorted(CARDS[c].id for c in (*jokers, *combo))))
    return sorted(seen.values(), key=lambda d: sum(CARDS[CAT.by_id[i.lower()]].points for i in d.cards))


def free_options(s: SplendorState, seat: int, p: Player, level: int) -> list[FreeCard]:
    out = []
    for sl in range(s.rules.slots):
        c = s.rows[level - 1][sl]
        if c == EMPTY or blocked(s, seat, level, sl + 1):  # S-5
            continue
        if CARDS[c].bonus == BONUS_JOKER and not has_bonus_card(p):
            # Equivalent mutant (``break``): never true in play, as the card that gives a free card is
            # coloured (free_l2) or a joker that needed a bonus card (joker_free_l1); kept as the O-2 guard.
            continue
        out.append(FreeCard(level, sl + 1))
    return out


def hold_options(s: SplendorState, seat: int, p: Player) -> list[Stronghold]:
    """S-3: place from the supply or move one of yours onto a card with no opponent stronghold,
    or remove a lone opponent stronghold."""
    targets: list[int] = []  # flat slot index: 6 * (level - 1) + (slot - 1)
    removable: list[int] = []
    mine: list[int] = []
    for lv in range(3):
        row, owners, counts = s.rows[lv], s.hown[lv], s.hcnt[lv]
        first = 6 * lv
        for sl, c in enumerate(row):
            if c == EMPTY:
                continue
            owner = owners[sl]
            if owner == EMPTY:
                targets.append(first + sl)
            elif owner == seat:
                targets.append(first + sl)
                mine.append(first + sl)
            elif counts[sl] == 1:
                removable.append(first + sl)
    out: list[Stronghold] = []
    if p.supply:
        out.extend([HOLD_PLACE[k] for k in targets])
    for src in mine:
        moves = HOLD_MOVE[src]
        out.extend([moves[k] for k in targets if k != src])
    out.extend([HOLD_REMOVE[k] for k in removable])
    return out


def conquest_target(s: SplendorState, seat: int, p: Player) -> tuple[int, int] | None:
    """S-6: all 3 strongholds on one card, once per turn, and the card is affordable."""
    if s.conquest_used or p.supply:
        return None
    for lv in range(3):
        if seat not in s.hown[lv]:
            continue
        for sl in range(s.rules.slots):
            if s.hown[lv][sl] == seat and s.hcnt[lv][sl] == STRONGHOLDS:
                c = s.rows[lv][sl]
                if c != EMPTY and can_acquire(p, CARDS[c]):
                    return (lv + 1, sl + 1)
    return None


RETURN_CACHE: Final[dict[tuple[tuple[int, ...], int], tuple[Return, ...]]] = {}
RETURNS: Final[dict[tuple[int, int, int, int, int, int], Return]] = {}  # one Return per token vector (at most 7**6)


def return_options(tokens: list[int], excess: int) -> tuple[Return, ...]:
    """B-6: every way to give back ``excess`` tokens, the default first: gold last, then the colours held most.

    Listed in that order as they are found (no sort): the fewest gold first, then, colour by colour from the
    colour held most (ties: colour order), the most of it first; the last colour takes what is left.  Cached
    per hand (the first hands of a process were a tenth of its first games' time)."""
    key = (tuple(tokens), excess)
    hit = RETURN_CACHE.get(key)
    if hit is not None:
        return hit
    o0, o1, o2, o3, o4 = sorted(range(5), key=lambda i: -tokens[i])
    t0, t1, t2, t3, t4 = tokens[o0], tokens[o1], tokens[o2], tokens[o3], tokens[o4]
    found: list[Return] = []
    for gold in range(min(tokens[5], excess) + 1):
        left0 = excess - gold
        for x0 in range(min(t0, left0), -1, -1):
            left1 = left0 - x0
            for x1 in range(min(t1, left1), -1, -1):
                left2 = left1 - x1
                for x2 in range(min(t2, left2), -1, -1):
                    left3 = left2 - x2
                    for x3 in range(min(t3, left3), -1, -1):
                        x4 = left3 - x3
                        if x4 <= t4:
                            r = [0, 0, 0, 0, 0, gold]
                            r[o0], r[o1], r[o2], r[o3], r[o4] = x0, x1, x2, x3, x4
                            vector = (r[0], r[1], r[2], r[3], r[4], gold)
                            act = RETURNS.get(vector)
                            if act is None:
                                act = RETURNS[vector] = Return(vector)
                            found.append(act)
    options = tuple(found)
    if len(RETURN_CACHE) > 20000:  # bounded: a long-running bot must not leak
        RETURN_CACHE.clear()
    RETURN_CACHE[key] = options
    return options
