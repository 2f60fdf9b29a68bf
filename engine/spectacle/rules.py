"""Spectacle (seed 004): the ruleset behind the engine interface (rules P-1 .. P-10).

Importing this module registers the ruleset ``spectacle`` (aliases ``poker``,
``espectaculo``, ``espetaculo``) with :func:`engine.core.register`.

Turn structure (Ruling (P-4/P-6/P-7), after B-15): (1) the main action with its grid
refill; a ``buy X`` with several possible payments waits for the chips first (pending
``pay``, P-5; the card moves when they are chosen); (2) placing paid chips (pending
``place`` unless the purchase said where, P-5); (3) returning chips above 5
(pending ``return``, P-6); (4) a noble: which one
(pending ``noble``), which bonus cards pay for it (pending ``discard``), its power
(pending ``destroy`` / ``free`` / ``swap``), P-7; (5) the end check (P-9).  A
pending decision with exactly one possible outcome is resolved at once; so is a
noble choice with one candidate and a power with one target.  All decisions of a
turn belong to the seat whose turn it is, so ``to_act`` is always that seat.

Explicit setup (``GameConfig.setup``), every key optional except ``deck``::

    {
      "deck":   ["7h", "10s", "ah", ...],  # card codes, top first: the first 9 fill the grid a1..c3
                                           # in order, the rest are the draw deck (top first).
                                           # Cards not listed are left out of the game.
      "nobles": ["jh", "qd", "ks"],        # the revealed nobles (default: drawn from the seed)
      "stacks": [[1, 2, 5, 10], ...],      # chip values per stack, top first (default: P-2)
      "chips":  [[5], [5]],                # chip values each seat holds (default: one 5-chip each)
    }

Rulings made here where P-rules are silent (each is also cited where it is coded):

* Ruling (P-2): the starting 5-chip of each player is extra, not taken from a stack
  (seed 004, comment 7); so on the first turn nothing can be bought with chips
  (comment 9, P-5).
* Ruling (P-4): the draw deck running out by any draw (a refill or a blind reserve)
  triggers the end (seed: "si el mazo de robo se agota"); the initial deal does not.
* Ruling (P-5): every chip paid must be needed: a payment from which a chip could be
  removed while still covering the price is refused (no pointless dumping); a price
  of 0 is paid with no chips.
* Ruling (P-5): default payment = the smallest total, then the fewest chips.
* Ruling (P-5, menus): ``legal_actions`` lists ``buy X`` once per buyable card; the
  chips are a pending ``pay`` decision when more than one payment is possible.  The
  typed ``buy X 5 2`` / ``buy X 5>1 2>3`` are accepted shortcuts (never listed) that
  leave the same state as ``buy X`` + ``pay 5 2`` (+ ``put`` decisions).  While buying
  an opponent's blind reserve, other viewers see no card, price or payment options.
* Ruling (P-5): chips go under the stacks one by one, in the order given; the default
  placement (``put auto``) takes the chips highest value first and puts each under
  the slot with the most room (lowest number on a tie).
* Ruling (P-6): the default return (``return auto``) gives back the lowest-value chips,
  each under the slot with the most room (lowest number on a tie).
* Ruling (P-7): as with payments, every discarded bonus card must be needed; the
  default is the smallest total, then the fewest cards, then the set whose highest
  card is lowest (so high cards stay in the tableau).
* Ruling (P-7): the noble's cards are discarded before its power applies; a power
  is compulsory when it has a target; Jack and King may target any opponent.
* Ruling (P-7): a card taken free with the Queen refills the grid like a purchase
  and can draw the last deck card (end trigger, P-9).
* Ruling (P-8): the card kept face down is the claim's first card in canonical order
  (it has no further effect); the others leave the game.
* Ruling (P-7): nobles are checked at the end of every turn of the seat whose turn it
  is (a King swap may make an opponent qualify; they are visited at the end of their
  own next turn).  Only nobles still on the table can be won.
* Ruling (P-4/P-5): a blind-reserved card becomes public when it is bought (the ``buy``
  event and the log name it).
* Ruling (P-9): VP may be negative (reserved cards in hand count -1 each).
* Ruling (P-9): the 5-VP check is made at the end of every turn for every player; the
  round is finished so that every seat has played the same number of turns (seat
  ``n-1`` closes a round).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any, NoReturn

from engine.core import JSON, Event, GameConfig, Transition, register
from engine.errors import BadSetup, GameOver, InvariantViolation, NotYourTurn
from engine.errors import illegal as _illegal
from engine.rng import Rng
from engine.spectacle.actions import (
    DECK_REF,
    GRID_REF,
    HAND_REF,
    Action,
    Buy,
    ChooseNoble,
    Claim,
    Destroy,
    Discard,
    FreeCard,
    Pay,
    Place,
    Reserve,
    Return,
    Swap,
    Take,
    parse_action,
    ref_code,
)
from engine.spectacle.cards import (
    CARD_CODE,
    CARD_SUIT,
    CARD_VALUE,
    CARD_VIEW,
    CHIP_INDEX,
    GRID_CODE,
    GRID_SIZE,
    MASK_COUNT,
    MASK_SUM,
    N_CARDS,
    NOBLE_CODE,
    NOBLE_RANK,
    NOBLE_SUIT,
    NOBLE_THRESHOLD,
    NOBLE_VIEW,
    card_from_code,
    mask_cards,
    noble_from_code,
    read_grid,
)
from engine.spectacle.state import (
    DESTROY,
    DISCARD,
    FREE,
    MAIN,
    NOBLE,
    OVER,
    PAY,
    PHASE_KIND,
    PLACE,
    RETURN,
    SWAP,
    SpectacleState,
)
from engine.spectacle.view import (
    CHIP_VALUES,
    MAX_CHIPS,
    MAX_RESERVED,
    STACK_CAPACITY,
    SUITS,
    TARGET_VP,
    ClaimView,
    GridSlotView,
    HandCardView,
    PendingView,
    SeatView,
    StackView,
    TableView,
)

CAP = STACK_CAPACITY

# --- pre-built action values (legal-move generation allocates nothing per call) -------------

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

_PAY: dict[tuple[int, ...], Pay] = {}
_PAYMENTS: dict[tuple[int, int, int, int, int], tuple[tuple[int, ...], ...]] = {}
_MINIMAL: dict[tuple[int, int], tuple[int, ...]] = {}
_FEWEST: dict[tuple[int, int, int, int], tuple[int, ...]] = {}
_RUNS: dict[tuple[int, int], tuple[Claim, ...]] = {}
_SETS: dict[tuple[int, int], tuple[Claim, ...]] = {}


def _pay_act(chips: tuple[int, ...]) -> Pay:
    act = _PAY.get(chips)
    if act is None:
        act = _PAY[chips] = Pay(chips)
    return act


def payments(c1: int, c2: int, c5: int, c10: int, price: int) -> tuple[tuple[int, ...], ...]:
    """Minimal payments (Ruling P-5) from held chip counts, default first (smallest total, fewest chips).

    Bounded cache: at most 6^4 holdings x 10 prices.
    """
    key = (c1, c2, c5, c10, price)
    found = _PAYMENTS.get(key)
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
    _PAYMENTS[key] = result
    return result


def fewest_chips(c1: int, c2: int, c5: int, c10: int) -> tuple[int, ...]:
    """Per price 0..10, the fewest chips a payment from these holdings needs (99: unaffordable).

    A payment with the fewest chips is minimal (Ruling P-5), so this is also the fewest among
    :func:`payments`.  Bounded cache: at most 6^4 holdings.
    """
    key = (c1, c2, c5, c10)
    found = _FEWEST.get(key)
    if found is None:
        found = _FEWEST[key] = (
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
    found = _MINIMAL.get(key)
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
    _MINIMAL[key] = result
    return result


def run_claims(suit: int, mask: int) -> tuple[Claim, ...]:
    """Every run (3+ consecutive values) inside one suit's bonus mask (P-8)."""
    key = (suit, mask)
    found = _RUNS.get(key)
    if found is None:
        acts: list[Claim] = []
        for lo in range(10):
            hi = lo
            while hi < 10 and mask >> hi & 1:
                if hi - lo >= 2:
                    acts.append(Claim(tuple(suit * 10 + v for v in range(lo, hi + 1))))
                hi += 1
        found = _RUNS[key] = tuple(acts)
    return found


def set_claims(value0: int, suits: int) -> tuple[Claim, ...]:
    """Every set (3 or 4 suits) of one value (0-based) given the mask of suits held (P-8)."""
    key = (value0, suits)
    found = _SETS.get(key)
    if found is None:
        have = [s for s in range(4) if suits >> s & 1]
        acts: list[Claim] = []
        if len(have) == 4:
            acts.append(Claim(tuple(s * 10 + value0 for s in have)))
        if len(have) >= 3:
            for skip in range(len(have)) if len(have) == 4 else (-1,):
                acts.append(Claim(tuple(s * 10 + value0 for k, s in enumerate(have) if k != skip)))
        found = _SETS[key] = tuple(acts)
    return found


def claims_for(tab: list[int]) -> list[Claim]:
    if MASK_COUNT[tab[0]] + MASK_COUNT[tab[1]] + MASK_COUNT[tab[2]] + MASK_COUNT[tab[3]] < 3:
        return []
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


_BIT = [1 << c for c in range(N_CARDS)] + [0]  # _BIT[-1] == 0: an empty grid position
_ALL_CARDS = (1 << N_CARDS) - 1
_CHIP_W = (1, 1 << 10, 1 << 20, 1 << 30)  # chip index -> its packed count unit (check_invariants)
_STACK_W: dict[tuple[int, ...], int] = {}  # a stack's packed chip counts (cache, only stacks of <= 4)


def _ref_from_code(code: str) -> int:
    """``"a1"`` -> GRID_REF + 0, ``"r2"`` -> HAND_REF + 1 (the ``buying`` field of snapshots)."""
    pos = read_grid(code)
    if pos is not None:
        return GRID_REF + pos
    if len(code) == 2 and code[0] == "r" and code[1] in "123":
        return HAND_REF + int(code[1]) - 1
    raise ValueError(f"not a grid position or hand slot: {code!r}")


def _room(s: SpectacleState) -> int:
    return sum(CAP - len(st) for st in s.stacks)


def _most_room(stacks: list[list[int]]) -> int:
    best = -1
    best_len = CAP
    for i, st in enumerate(stacks):
        if len(st) < best_len:
            best, best_len = i, len(st)
    return best


# --- the ruleset ------------------------------------------------------------------------------


class SpectacleRules:
    name = "spectacle"
    aliases: tuple[str, ...] = ("poker", "espectaculo", "espectáculo", "espetaculo", "espetáculo", "spectacle-poker")
    min_players = 2
    max_players = 4
    game = "spectacle"
    modules: tuple[str, ...] = ()
    families: tuple[str, ...] = ("take", "reserve", "buy", "claim")
    option_names: frozenset[str] = frozenset()

    # --- setup (P-2) ---------------------------------------------------------------------------

    def new_game(self, config: GameConfig) -> SpectacleState:
        n = config.players
        if not self.min_players <= n <= self.max_players:
            raise BadSetup(
                f"Spectacle is played by 2 to 4 players, not {n}.",
                key="err.player_count",
                params={"players": n, "min": 2, "max": 4},
            )
        s = SpectacleState.__new__(SpectacleState)
        s.config = config
        s.rules = self
        s.n = n
        setup = config.setup
        rng = Rng(config.seed)
        noble_rng = rng.fork(1)
        card_rng = rng.fork(2)
        try:
            if setup is not None and "deck" in setup:
                order = [card_from_code(str(c)) for c in setup["deck"]]
            else:
                order = list(range(N_CARDS))
                card_rng.shuffle(order)
            if setup is not None and "nobles" in setup:
                nobles = [noble_from_code(str(x)) for x in setup["nobles"]]
            else:
                pool = list(range(12))
                noble_rng.shuffle(pool)
                nobles = pool[: n + 1]  # P-2: 3 nobles, one more per extra player
            if setup is not None and "stacks" in setup:
                stacks = [[CHIP_INDEX[int(v)] for v in st] for st in setup["stacks"]]
            else:
                stacks = [[0, 1, 2, 3] for _ in range(n + 2)]  # P-2 / P-3: top to bottom 1, 2, 5, 10
            if setup is not None and "chips" in setup:
                held = [[CHIP_INDEX[int(v)] for v in seat] for seat in setup["chips"]]
            else:
                held = [[2] for _ in range(n)]  # Ruling (P-2): one extra 5-chip each
        except (ValueError, KeyError, TypeError) as exc:
            raise BadSetup(f"Bad Spectacle setup: {exc}", key="err.bad_setup") from exc
        if len(set(order)) != len(order) or len(set(nobles)) != len(nobles):
            raise BadSetup("A card or noble appears twice in the setup.", key="err.bad_setup")
        if len(stacks) != n + 2 or any(len(st) > CAP for st in stacks) or len(held) != n:
            raise BadSetup("Bad stacks or chips in the setup (P-2, P-3).", key="err.bad_setup")
        listed = set(order)
        s.box = [c for c in range(N_CARDS) if c not in listed]
        s.grid = [-1] * GRID_SIZE
        for pos, card in enumerate(order[:GRID_SIZE]):
            s.grid[pos] = card
        s.deck = order[GRID_SIZE:][::-1]  # top card last
        s.stacks = stacks
        s.nobles = nobles
        s.discard = []
        s.chips = [[seat.count(k) for k in range(4)] for seat in held]
        s.hand = [[] for _ in range(n)]
        s.hand_blind = [[] for _ in range(n)]
        s.tab = [[0, 0, 0, 0] for _ in range(n)]
        s.claims = [[] for _ in range(n)]
        s.won = [[] for _ in range(n)]
        s.current = 0
        s.turn = 0
        s.phase = MAIN
        s.transit = [0, 0, 0, 0]
        s.buying = -1
        s.noble_options = ()
        s.noble = -1
        s.end_reason = None
        s.chip_totals = tuple(sum(st.count(k) for st in stacks) + sum(c[k] for c in s.chips) for k in range(4))
        s._actions = []
        s._events = []
        s._last_events = ()
        return s

    # --- legal actions -------------------------------------------------------------------------

    def legal_actions(self, state: SpectacleState) -> list[Action]:
        s = state
        ph = s.phase
        if ph == MAIN:
            return self._main_actions(s)
        if ph == OVER:
            return []
        p = s.current
        if ph == PLACE:
            out: list[Any] = []
            rooms = [i for i, st in enumerate(s.stacks) if len(st) < CAP]
            for k in range(4):
                if s.transit[k]:
                    out.extend(PLACE_ACT[k][i] for i in rooms)
            out.append(PLACE_AUTO)
            return out
        if ph == RETURN:
            out = []
            rooms = [i for i, st in enumerate(s.stacks) if len(st) < CAP]
            held = s.chips[p]
            for k in range(4):
                if held[k]:
                    out.extend(RETURN_ACT[k][i] for i in rooms)
            out.append(RETURN_AUTO)
            return out
        if ph == PAY:
            return [_pay_act(x) for x in self._fits(s, self._price(s, self._buying_card(s)))]
        if ph == NOBLE:
            return [NOBLE_ACT[x] for x in s.noble_options]
        if ph == DISCARD:
            return [Discard(tuple(mask_cards(NOBLE_SUIT[s.noble], m))) for m in self._discard_masks(s)]
        return list(self._power_options(s))

    def _main_actions(self, s: SpectacleState) -> list[Action]:
        p = s.current
        stacks = s.stacks
        out: list[Any] = []
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

    def _discard_masks(self, s: SpectacleState) -> tuple[int, ...]:
        noble = s.noble
        return minimal_discards(s.tab[s.current][NOBLE_SUIT[noble]], NOBLE_THRESHOLD[noble])

    def _power_options(self, s: SpectacleState) -> list[Action]:
        p = s.current
        rank = NOBLE_RANK[s.noble]
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

    # --- apply -----------------------------------------------------------------------------------

    def apply(self, state: SpectacleState, seat: int, action: Action) -> Transition:
        new = state.copy()
        events = self.apply_in_place(new, seat, action)
        return Transition(new, events)

    def apply_in_place(self, state: SpectacleState, seat: int, action: Action | str) -> tuple[Event, ...]:
        s = state
        if isinstance(action, str):
            action = parse_action(action)
        if s.phase == OVER:
            raise GameOver()
        if seat != s.current:
            raise NotYourTurn(seat, s.current)
        ev: list[Event] = []
        ph = s.phase
        t = type(action)
        if ph == MAIN:
            if type(action) is Take:
                self._take(s, action, ev)
            elif type(action) is Buy:
                self._buy_action(s, action, ev)
            elif type(action) is Reserve:
                self._reserve(s, action, ev)
            elif type(action) is Claim:
                self._claim(s, action, ev)
            else:
                raise _illegal(
                    "P-4",
                    f"`{action}` answers a decision nobody asked for; choose your action for this turn.",
                    "err.no_pending",
                    code=str(action),
                )
        else:
            self._pending(s, ph, t, action, ev)
        s._actions.append((seat, action))
        events = tuple(ev)
        s._events.extend(events)
        s._last_events = events
        return events

    def _pending(self, s: SpectacleState, ph: int, t: type, action: Any, ev: list[Event]) -> None:
        expected = (None, Place, Return, ChooseNoble, Discard, Destroy, FreeCard, Swap, None, Pay)[ph]
        if t is not expected:
            kind = PHASE_KIND[ph]
            rule = "P-5" if ph in (PLACE, PAY) else "P-6" if ph == RETURN else "P-7"
            raise _illegal(
                rule,
                f"First finish your turn: a `{kind}` decision is pending (for example `{self.default_action(s)}`).",
                "err.pending",
                kind=str(kind),
                code=str(action),
            )
        if ph == PAY:
            self._pay(s, action, ev)
        elif ph == PLACE:
            self._place(s, action, ev)
        elif ph == RETURN:
            self._return(s, action, ev)
        elif ph == NOBLE:
            if action.noble not in s.noble_options:
                raise _illegal(
                    "P-7",
                    f"Choose one of the nobles whose favour you earned: "
                    f"{', '.join(NOBLE_CODE[x] for x in s.noble_options)}.",
                    "err.noble_not_option",
                    noble=NOBLE_CODE[action.noble],
                )
            self._receive_noble(s, action.noble, ev)
        elif ph == DISCARD:
            self._discard_action(s, action, ev)
        else:
            self._power_action(s, action, ev)

    # main actions

    def _take(self, s: SpectacleState, a: Take, ev: list[Event]) -> None:
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
        ev.append(Event("take", s.current, {"stacks": [i + 1 for i in a.stacks], "chips": got}))
        self._after_place(s, ev)

    def _reserve(self, s: SpectacleState, a: Reserve, ev: list[Event]) -> None:
        p = s.current
        hand = s.hand[p]
        if len(hand) >= MAX_RESERVED:
            raise _illegal("P-4", "You already hold 3 reserved cards.", "err.hand_full")
        ref = a.ref
        if ref == DECK_REF:
            if not s.deck:
                raise _illegal("P-4", "The draw deck is empty.", "err.deck_empty")
            card = s.deck[-1]
            ev.append(Event("reserve", p, {"from": "deck", "card": CARD_CODE[card]}, frozenset({"card"})))
            self._draw(s, ev)
            hand.append(card)
            s.hand_blind[p].append(True)
        else:
            pos = self._grid_pos(s, ref, "P-4")
            card = s.grid[pos]
            hand.append(card)
            s.hand_blind[p].append(False)
            ev.append(Event("reserve", p, {"from": GRID_CODE[pos], "card": CARD_CODE[card]}))
            self._refill(s, pos, ev)
        self._after_place(s, ev)

    def _grid_pos(self, s: SpectacleState, ref: int, rule: str) -> int:
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
        raise _illegal(rule, "Name a card on the grid.", "err.not_on_grid", card="?")

    def _locate_buy(self, s: SpectacleState, ref: int) -> tuple[int, int]:
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
            return self._grid_pos(s, ref, "P-4"), -1
        if ref < DECK_REF:
            slot = ref - HAND_REF
            if slot >= len(hand):
                raise _illegal("P-4", f"You have no card r{slot + 1} in hand.", "err.no_hand_card", slot=f"r{slot + 1}")
            return -1, slot
        raise _illegal("P-4", "You cannot buy from the deck; reserve it first.", "err.buy_deck")

    def _price(self, s: SpectacleState, card: int) -> int:
        """P-5: the card's value minus the buyer's bonus cards of its suit, never below 0."""
        return max(0, CARD_VALUE[card] - MASK_COUNT[s.tab[s.current][CARD_SUIT[card]]])

    def _fits(self, s: SpectacleState, price: int) -> list[tuple[int, ...]]:
        """The payments of ``price`` the seat to act may make: minimal (Ruling P-5) and placeable (P-5)."""
        c1, c2, c5, c10 = s.chips[s.current]
        room = _room(s)
        return [x for x in payments(c1, c2, c5, c10, price) if len(x) <= room]

    def _buying_card(self, s: SpectacleState) -> int:
        ref = s.buying
        return s.grid[ref - GRID_REF] if ref < HAND_REF else s.hand[s.current][ref - HAND_REF]

    def _buy_action(self, s: SpectacleState, a: Buy, ev: list[Event]) -> None:
        p = s.current
        pos, slot = self._locate_buy(s, a.ref)
        card = s.grid[pos] if pos >= 0 else s.hand[p][slot]
        price = self._price(s, card)
        pay = a.pay
        if pay is None:
            if a.place is not None:
                raise _illegal("P-5", "Give one stack for every chip paid.", "err.place_count")
            if price == 0:
                pay = ()  # P-5: a price of 0 needs no chips
            else:
                fits = self._fits(s, price)
                if not fits:
                    self._refuse_payment(s, card, price, s.chips[p], _room(s))
                if len(fits) > 1:  # P-5: the payer chooses the chips (pending `pay`)
                    s.buying = GRID_REF + pos if pos >= 0 else HAND_REF + slot
                    s.phase = PAY
                    return
                pay = fits[0]
        else:
            self._check_payment(s, card, price, pay)
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
        self._complete_buy(s, pos, slot, card, price, pay, place, ev)

    def _pay(self, s: SpectacleState, a: Pay, ev: list[Event]) -> None:
        card = self._buying_card(s)
        price = self._price(s, card)
        fits = self._fits(s, price)
        if a.chips not in fits:
            self._check_payment(s, card, price, a.chips)
            options = ", ".join(f"`{_pay_act(x)}`" for x in fits)
            raise _illegal("P-5", f"Pay {CARD_CODE[card]} with one of: {options}.", "err.bad_payment",
                           pay=list(a.chips))
        ref = s.buying
        pos, slot = (ref - GRID_REF, -1) if ref < HAND_REF else (-1, ref - HAND_REF)
        s.buying = -1
        s.phase = MAIN  # the rest of the turn sets the next phase
        self._complete_buy(s, pos, slot, card, price, a.chips, None, ev)

    def _check_payment(self, s: SpectacleState, card: int, price: int, pay: tuple[int, ...]) -> None:
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
        room = _room(s)
        if len(pay) > room:
            raise _illegal(
                "P-5",
                f"The stacks have room for {room} chips only; the chips you pay must all go under a stack.",
                "err.no_room",
                room=room,
                chips=len(pay),
            )

    def _complete_buy(
        self,
        s: SpectacleState,
        pos: int,
        slot: int,
        card: int,
        price: int,
        pay: tuple[int, ...],
        place: tuple[int, ...] | None,
        ev: list[Event],
    ) -> None:
        """The validated purchase: chips out, card to the tableau, chips placed (or pending), refill."""
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
        ev.append(Event("buy", p, {"card": CARD_CODE[card], "from": origin, "price": price, "pay": list(pay)}))
        if place is not None:
            for v, st in zip(pay, place, strict=True):
                s.stacks[st].append(CHIP_INDEX[v])
                ev.append(Event("place", p, {"chip": v, "stack": st + 1}))
        else:
            for v in pay:
                s.transit[CHIP_INDEX[v]] += 1
        if pos >= 0:
            self._refill(s, pos, ev)
        self._after_action(s, ev)

    def _refuse_payment(self, s: SpectacleState, card: int, price: int, held: list[int], room: int) -> NoReturn:
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

    def _claim(self, s: SpectacleState, a: Claim, ev: list[Event]) -> None:
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
        self._after_place(s, ev)

    # pending decisions

    def _place(self, s: SpectacleState, a: Place, ev: list[Event]) -> None:
        if a.chip == 0:
            self._auto_place(s, ev)
        else:
            k = CHIP_INDEX.get(a.chip, -1)
            if k < 0 or not s.transit[k]:
                raise _illegal("P-5", f"You have no paid {a.chip}-chip left to place.", "err.not_in_transit",
                               chip=a.chip)
            self._check_slot(s, a.stack, "P-5")
            s.transit[k] -= 1
            s.stacks[a.stack].append(k)
            ev.append(Event("place", s.current, {"chip": a.chip, "stack": a.stack + 1}))
        self._after_action(s, ev)

    def _check_slot(self, s: SpectacleState, st: int, rule: str) -> None:
        if not 0 <= st < len(s.stacks):
            raise _illegal(
                "P-3", f"There is no stack {st + 1} (stacks 1 to {len(s.stacks)}).", "err.no_stack", stack=st + 1
            )
        if len(s.stacks[st]) >= CAP:
            raise _illegal(rule, f"Stack {st + 1} is full (4 chips).", "err.stack_full", stack=st + 1)

    def _auto_place(self, s: SpectacleState, ev: list[Event]) -> None:
        """Ruling (P-5): highest chips first, each under the slot with the most room."""
        for k in (3, 2, 1, 0):
            while s.transit[k]:
                st = _most_room(s.stacks)
                s.transit[k] -= 1
                s.stacks[st].append(k)
                ev.append(Event("place", s.current, {"chip": CHIP_VALUES[k], "stack": st + 1}))

    def _return(self, s: SpectacleState, a: Return, ev: list[Event]) -> None:
        p = s.current
        if a.chip == 0:
            self._auto_return(s, ev)
        else:
            k = CHIP_INDEX.get(a.chip, -1)
            if k < 0 or not s.chips[p][k]:
                raise _illegal("P-6", f"You hold no {a.chip}-chip.", "err.chip_not_held", chip=a.chip)
            self._check_slot(s, a.stack, "P-6")
            s.chips[p][k] -= 1
            s.stacks[a.stack].append(k)
            ev.append(Event("return", p, {"chip": a.chip, "stack": a.stack + 1}))
        self._after_place(s, ev)

    def _auto_return(self, s: SpectacleState, ev: list[Event]) -> None:
        """Ruling (P-6): lowest chips first, each under the slot with the most room."""
        p = s.current
        held = s.chips[p]
        for k in range(4):
            while held[k] and sum(held) > MAX_CHIPS:
                st = _most_room(s.stacks)
                held[k] -= 1
                s.stacks[st].append(k)
                ev.append(Event("return", p, {"chip": CHIP_VALUES[k], "stack": st + 1}))

    def _discard_action(self, s: SpectacleState, a: Discard, ev: list[Event]) -> None:
        suit = NOBLE_SUIT[s.noble]
        mask = 0
        for c in a.cards:
            if CARD_SUIT[c] != suit:
                raise _illegal(
                    "P-7",
                    f"Discard {SUITS[suit]} cards for {NOBLE_CODE[s.noble]}; {CARD_CODE[c]} is not one.",
                    "err.discard_suit",
                    card=CARD_CODE[c],
                )
            mask |= 1 << (c % 10)
        options = self._discard_masks(s)
        if mask not in options:
            have = s.tab[s.current][suit]
            if mask & ~have:
                reason = "You can only discard your own bonus cards."
            elif MASK_SUM[mask] < NOBLE_THRESHOLD[s.noble]:
                reason = (
                    f"Those cards add up to {MASK_SUM[mask]}; {NOBLE_CODE[s.noble]} needs {NOBLE_THRESHOLD[s.noble]}."
                )
            else:
                reason = "Discard only the cards you need to reach the noble's total."
            raise _illegal("P-7", reason, "err.bad_discard", cards=[CARD_CODE[c] for c in a.cards])
        self._do_discard(s, mask, ev)

    def _power_action(self, s: SpectacleState, a: Any, ev: list[Event]) -> None:
        if type(a) is FreeCard and a.ref >= GRID_REF:
            pos = self._grid_pos(s, a.ref, "P-7")
            a = FREE_ACT[s.grid[pos]]
        if a not in self._power_options(s):
            raise _illegal("P-7", self._power_refusal(s, a), "err.bad_power_target", code=str(a))
        self._do_power(s, a, ev)
        self._end_turn(s, ev)

    def _power_refusal(self, s: SpectacleState, a: Any) -> str:
        if type(a) is Destroy:
            return f"{CARD_CODE[a.card]} is not a bonus card of an opponent."
        if type(a) is FreeCard:
            return f"{CARD_CODE[a.ref]} is not on the grid."
        return "Swap one of your bonus cards (first) with a bonus card of an opponent (second)."

    # --- the end-of-turn pipeline ---------------------------------------------------------------

    def _after_action(self, s: SpectacleState, ev: list[Event]) -> None:
        """Step 2: paid chips still to place (P-5)."""
        tr = s.transit
        if tr[0] or tr[1] or tr[2] or tr[3]:
            rooms = [i for i, st in enumerate(s.stacks) if len(st) < CAP]
            kinds = [k for k in range(4) if tr[k]]
            if len(kinds) == 1 and len(rooms) == 1:  # one possible outcome
                self._auto_place(s, ev)
            else:
                s.phase = PLACE
                return
        self._after_place(s, ev)

    def _after_place(self, s: SpectacleState, ev: list[Event]) -> None:
        """Step 3: chips above 5 (P-6)."""
        held = s.chips[s.current]
        if held[0] + held[1] + held[2] + held[3] > MAX_CHIPS:
            rooms = [i for i, st in enumerate(s.stacks) if len(st) < CAP]
            kinds = [k for k in range(4) if held[k]]
            if len(kinds) == 1 and len(rooms) == 1:
                self._auto_return(s, ev)
            else:
                s.phase = RETURN
                return
        self._noble_step(s, ev)

    def _noble_step(self, s: SpectacleState, ev: list[Event]) -> None:
        """Step 4: nobles (P-7)."""
        tab = s.tab[s.current]
        options = tuple(x for x in s.nobles if MASK_SUM[tab[NOBLE_SUIT[x]]] >= NOBLE_THRESHOLD[x])
        if not options:
            self._end_turn(s, ev)
        elif len(options) == 1:
            self._receive_noble(s, options[0], ev)
        else:
            s.noble_options = options
            s.phase = NOBLE

    def _receive_noble(self, s: SpectacleState, noble: int, ev: list[Event]) -> None:
        p = s.current
        s.noble_options = ()
        s.noble = noble
        s.nobles.remove(noble)
        s.won[p].append(noble)
        ev.append(Event("noble", p, {"noble": NOBLE_CODE[noble]}))
        masks = self._discard_masks(s)
        if len(masks) == 1:
            self._do_discard(s, masks[0], ev)
        else:
            s.phase = DISCARD

    def _do_discard(self, s: SpectacleState, mask: int, ev: list[Event]) -> None:
        p = s.current
        suit = NOBLE_SUIT[s.noble]
        cards = mask_cards(suit, mask)
        s.tab[p][suit] &= ~mask
        s.discard.extend(cards)
        ev.append(Event("discard", p, {"noble": NOBLE_CODE[s.noble], "cards": [CARD_CODE[c] for c in cards]}))
        options = self._power_options(s)
        if not options:
            ev.append(Event("power", p, {"noble": NOBLE_CODE[s.noble], "power": "none"}))
            self._end_turn(s, ev)
        elif len(options) == 1:
            self._do_power(s, options[0], ev)
            self._end_turn(s, ev)
        else:
            s.phase = (DESTROY, FREE, SWAP)[NOBLE_RANK[s.noble]]

    def _owner(self, s: SpectacleState, card: int) -> int:
        bit = 1 << (card % 10)
        suit = CARD_SUIT[card]
        for q in range(s.n):
            if s.tab[q][suit] & bit:
                return q
        raise InvariantViolation(f"{CARD_CODE[card]} is in no tableau")

    def _do_power(self, s: SpectacleState, a: Action, ev: list[Event]) -> None:
        p = s.current
        noble = NOBLE_CODE[s.noble]
        if type(a) is Destroy:
            q = self._owner(s, a.card)
            s.tab[q][CARD_SUIT[a.card]] &= ~(1 << (a.card % 10))
            s.discard.append(a.card)
            ev.append(Event("power", p, {"noble": noble, "power": "destroy", "card": CARD_CODE[a.card], "owner": q}))
        elif type(a) is FreeCard:
            pos = s.grid.index(a.ref)
            s.tab[p][CARD_SUIT[a.ref]] |= 1 << (a.ref % 10)
            ev.append(
                Event("power", p, {"noble": noble, "power": "free", "card": CARD_CODE[a.ref], "from": GRID_CODE[pos]})
            )
            self._refill(s, pos, ev)
        elif type(a) is Swap:
            q = self._owner(s, a.theirs)
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

    def _end_turn(self, s: SpectacleState, ev: list[Event]) -> None:
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

    # --- deck and grid ----------------------------------------------------------------------

    def _draw(self, s: SpectacleState, ev: list[Event]) -> int:
        card = s.deck.pop()
        if not s.deck and s.end_reason is None:  # P-9 / Ruling (P-4): the deck ran out
            s.end_reason = "deck"
            ev.append(Event("end_triggered", None, {"reason": "deck"}))
        return card

    def _refill(self, s: SpectacleState, pos: int, ev: list[Event]) -> None:
        if s.deck:
            card = s.deck[-1]
            ev.append(Event("refill", None, {"pos": GRID_CODE[pos], "card": CARD_CODE[card]}))
            s.grid[pos] = self._draw(s, ev)
        else:
            s.grid[pos] = -1

    # --- text, defaults ---------------------------------------------------------------------

    def parse_action(self, text: str) -> Action:
        return parse_action(text)

    def default_action(self, state: SpectacleState) -> Action:
        s = state
        ph = s.phase
        if ph == OVER:
            raise GameOver()
        if ph == MAIN:
            for i, st in enumerate(s.stacks):
                if st:
                    return TAKE1[i]
            return self._main_actions(s)[0]
        if ph == PLACE:
            return PLACE_AUTO
        if ph == RETURN:
            return RETURN_AUTO
        return self.legal_actions(s)[0]  # PAY: Ruling (P-5) smallest total, then fewest chips

    # --- invariants -------------------------------------------------------------------------

    def check_invariants(self, state: SpectacleState) -> None:
        s = state
        n = s.n
        cur = s.current if s.phase == RETURN else -1
        # Chips: counts per value packed 10 bits apart (a count never reaches 1024).
        packed = 0
        for st in s.stacks:
            w = _STACK_W.get(tuple(st))
            if w is None:
                if len(st) > CAP:
                    raise InvariantViolation(f"a stack holds {len(st)} chips (P-3)")
                w = _STACK_W[tuple(st)] = sum(map(_CHIP_W.__getitem__, st))  # at most 341 stacks
            packed += w
        for p in range(n):
            c1, c2, c5, c10 = s.chips[p]
            if c1 + c2 + c5 + c10 > MAX_CHIPS and p != cur:
                raise InvariantViolation(f"seat {p} holds {c1 + c2 + c5 + c10} chips outside a return decision (P-6)")
            if c1 < 0 or c2 < 0 or c5 < 0 or c10 < 0:
                raise InvariantViolation(f"seat {p} holds a negative chip count")
            packed += c1 + (c2 << 10) + (c5 << 20) + (c10 << 30)
            if len(s.hand[p]) > MAX_RESERVED or len(s.hand[p]) != len(s.hand_blind[p]):
                raise InvariantViolation(f"seat {p} holds {len(s.hand[p])} reserved cards (P-4)")
        t0, t1, t2, t3 = s.transit
        packed += t0 + (t1 << 10) + (t2 << 20) + (t3 << 30)
        ct = s.chip_totals
        if packed != ct[0] + (ct[1] << 10) + (ct[2] << 20) + (ct[3] << 30):
            counts = [packed >> (10 * k) & 1023 for k in range(4)]
            raise InvariantViolation(f"chips not conserved: {counts} != {list(ct)}")
        # Cards: 40 placements whose bits add up to 2^40 - 1 are 40 distinct cards (a sum of
        # exactly 40 powers of two equals a number with 40 one-bits only if they are distinct).
        placed = [*s.grid, *s.deck, *s.discard, *s.box]
        for p in range(n):
            placed += s.hand[p]
            claims = s.claims[p]
            if claims:
                placed.extend(cl[0] for cl in claims)
        total = len(placed) - s.grid.count(-1)
        bits = sum(map(_BIT.__getitem__, placed))
        for p in range(n):
            t0, t1, t2, t3 = s.tab[p]
            total += MASK_COUNT[t0] + MASK_COUNT[t1] + MASK_COUNT[t2] + MASK_COUNT[t3]
            bits += t0 + (t1 << 10) + (t2 << 20) + (t3 << 30)
        if total != N_CARDS or bits != _ALL_CARDS:
            raise InvariantViolation(f"cards not conserved: {total} placed, bits {bits:#x}")
        ph = s.phase
        if (ph == PLACE) != any(s.transit):
            raise InvariantViolation("paid chips in transit outside a place decision (P-5)")
        if (ph == PAY) != (s.buying >= 0):
            raise InvariantViolation("a card being bought outside a pay decision (P-5)")
        if ph == PAY:
            ref = s.buying
            if ref < HAND_REF:
                if not GRID_REF <= ref < GRID_REF + GRID_SIZE or s.grid[ref - GRID_REF] < 0:
                    raise InvariantViolation("the card being bought is not on the grid")
            elif not 0 <= ref - HAND_REF < len(s.hand[s.current]):
                raise InvariantViolation("the card being bought is not in hand")
        if ph == NOBLE and len(s.noble_options) < 2:
            raise InvariantViolation("noble choice without several nobles")
        if ph in (DISCARD, DESTROY, FREE, SWAP) and s.noble < 0:
            raise InvariantViolation("noble decision without a noble")
        if ph == OVER and s.end_reason is None:
            raise InvariantViolation("game over without an end trigger (P-9)")
        nobles = [*s.nobles, *(x for w in s.won for x in w)]
        if len(set(nobles)) != len(nobles):
            raise InvariantViolation("a noble is in two places")

    # --- views ------------------------------------------------------------------------------

    def view_for(self, state: SpectacleState, seat: int | None) -> TableView:
        s = state
        seats = []
        for p in range(s.n):
            hand = tuple(
                HandCardView(
                    f"r{i + 1}",
                    CARD_VIEW[c] if (not blind or seat == p) else None,
                    blind,
                )
                for i, (c, blind) in enumerate(zip(s.hand[p], s.hand_blind[p], strict=True))
            )
            held = s.chips[p]
            chips = tuple(CHIP_VALUES[k] for k in (3, 2, 1, 0) for _ in range(held[k]))
            tableau = tuple(tuple(CARD_VIEW[c] for c in mask_cards(suit, s.tab[p][suit])) for suit in range(4))
            totals = (
                MASK_SUM[s.tab[p][0]],
                MASK_SUM[s.tab[p][1]],
                MASK_SUM[s.tab[p][2]],
                MASK_SUM[s.tab[p][3]],
            )
            claims = tuple(
                ClaimView(
                    "set" if len({CARD_VALUE[c] for c in cl}) == 1 else "run",
                    tuple(CARD_VIEW[c] for c in cl),
                    CARD_VIEW[cl[0]],
                )
                for cl in s.claims[p]
            )
            seats.append(
                SeatView(
                    seat=p,
                    vp=s.score(p),
                    chips=chips,
                    tableau=tableau,
                    suit_totals=totals,
                    hand=hand,
                    claims=claims,
                    nobles=tuple(NOBLE_VIEW[x] for x in s.won[p]),
                )
            )
        pending = None
        if s.phase not in (MAIN, OVER):
            params: tuple[tuple[str, object], ...] = ()
            options: tuple[str, ...] | None = None
            if s.phase == PAY:
                ref = s.buying
                card = self._buying_card(s)
                origin = GRID_CODE[ref - GRID_REF] if ref < HAND_REF else f"r{ref - HAND_REF + 1}"
                if ref >= HAND_REF and s.hand_blind[s.current][ref - HAND_REF] and seat != s.current:
                    # a blind reserve stays hidden until the purchase is made; so do its price and the
                    # payments offered, which would narrow it down
                    params = (("card", None), ("from", origin), ("price", None))
                    options = ()
                else:
                    params = (("card", CARD_CODE[card]), ("from", origin), ("price", self._price(s, card)))
            elif s.phase == PLACE:
                params = (("chips", tuple(CHIP_VALUES[k] for k in (3, 2, 1, 0) for _ in range(s.transit[k]))),)
            elif s.phase == RETURN:
                params = (("excess", sum(s.chips[s.current]) - MAX_CHIPS),)
            elif s.phase == NOBLE:
                params = (("nobles", tuple(NOBLE_CODE[x] for x in s.noble_options)),)
            else:
                params = (("noble", NOBLE_CODE[s.noble]), ("threshold", NOBLE_THRESHOLD[s.noble]))
            pending = PendingView(
                kind=str(PHASE_KIND[s.phase]),
                seat=s.current,
                options=tuple(str(a) for a in self.legal_actions(s)) if options is None else options,
                params=params,
                default=str(self.default_action(s)) if options is None else None,
                hidden=options is not None,
            )
        affordable: tuple[str, ...] = ()
        if seat is not None and seat == s.current and s.phase == MAIN:
            affordable = tuple(dict.fromkeys(CARD_CODE[a.ref] for a in self._main_actions(s) if type(a) is Buy))
        last_seat = s._actions[-1][0] if s._actions else None
        return TableView(
            ruleset=self.name,
            players=s.n,
            viewer=seat,
            version=s.version,
            turn=s.turn,
            to_act=s.to_act,
            grid=tuple(GridSlotView(GRID_CODE[i], CARD_VIEW[c] if c >= 0 else None) for i, c in enumerate(s.grid)),
            deck=len(s.deck),
            stacks=tuple(StackView(str(i + 1), tuple(CHIP_VALUES[k] for k in st)) for i, st in enumerate(s.stacks)),
            nobles=tuple(NOBLE_VIEW[x] for x in s.nobles),
            seats=tuple(seats),
            pending=pending,
            last_events=tuple(e.redacted_for(seat) for e in s._last_events),
            last_seat=last_seat,
            final_round=s.end_reason is not None and s.phase != OVER,
            end_reason=s.end_reason,
            is_over=s.phase == OVER,
            winners=s.winners(),
            discarded=len(s.discard),
            affordable=affordable,
        )

    # --- JSON -------------------------------------------------------------------------------

    def preview(self, state: SpectacleState, seat: int, action: Action) -> TableView:
        """``seat``'s table after ``action`` with the grid refills and a blind reserve's card still hidden."""
        kept = len(state.hand[seat])
        after = state.copy()
        events = self.apply_in_place(after, seat, action)
        view = self.view_for(after, seat)
        refilled = {str(e.params.get("pos")) for e in events if e.kind == "refill"}
        grid = tuple(replace(g, card=None) if g.code in refilled else g for g in view.grid)
        me = view.seats[seat]
        hand = tuple(replace(h, card=None) if i >= kept and h.blind else h for i, h in enumerate(me.hand))
        seats = tuple(replace(p, hand=hand) if p.seat == seat else p for p in view.seats)
        visible = tuple(e.redacted_for(None) for e in events if e.kind != "refill")
        return replace(view, grid=grid, seats=seats, last_events=visible, affordable=())

    def state_to_json(self, state: SpectacleState) -> JSON:
        s = state
        return {
            "current": s.current,
            "turn": s.turn,
            "phase": PHASE_KIND[s.phase] or ("over" if s.phase == OVER else "main"),
            "grid": [CARD_CODE[c] if c >= 0 else None for c in s.grid],
            "deck": [CARD_CODE[c] for c in reversed(s.deck)],
            "stacks": [[CHIP_VALUES[k] for k in st] for st in s.stacks],
            "nobles": [NOBLE_CODE[x] for x in s.nobles],
            "discard": [CARD_CODE[c] for c in s.discard],
            "box": [CARD_CODE[c] for c in s.box],
            "players": [
                {
                    "chips": [CHIP_VALUES[k] for k in (3, 2, 1, 0) for _ in range(s.chips[p][k])],
                    "hand": [
                        {"card": CARD_CODE[c], "blind": b} for c, b in zip(s.hand[p], s.hand_blind[p], strict=True)
                    ],
                    "tableau": [CARD_CODE[c] for suit in range(4) for c in mask_cards(suit, s.tab[p][suit])],
                    "claims": [[CARD_CODE[c] for c in cl] for cl in s.claims[p]],
                    "nobles": [NOBLE_CODE[x] for x in s.won[p]],
                }
                for p in range(s.n)
            ],
            "transit": [CHIP_VALUES[k] for k in (3, 2, 1, 0) for _ in range(s.transit[k])],
            "buying": ref_code(s.buying) if s.buying >= 0 else None,
            "noble_options": [NOBLE_CODE[x] for x in s.noble_options],
            "noble": NOBLE_CODE[s.noble] if s.noble >= 0 else None,
            "end_reason": s.end_reason,
            "chip_totals": list(s.chip_totals),
            "actions": [[seat, str(a)] for seat, a in s._actions],
            "events": [e.to_json() for e in s._events],
            "last_events": len(s._last_events),
        }

    def state_from_json(self, config: GameConfig, data: Mapping[str, Any]) -> SpectacleState:
        try:
            s = SpectacleState.__new__(SpectacleState)
            s.config = config
            s.rules = self
            s.n = config.players
            phases = {None: MAIN, "main": MAIN, "over": OVER}
            phases.update({k: i for i, k in enumerate(PHASE_KIND) if k is not None})
            s.phase = phases[data["phase"]]
            s.current = int(data["current"])
            s.turn = int(data["turn"])
            s.grid = [card_from_code(c) if c is not None else -1 for c in data["grid"]]
            s.deck = [card_from_code(c) for c in data["deck"]][::-1]
            s.stacks = [[CHIP_INDEX[int(v)] for v in st] for st in data["stacks"]]
            s.nobles = [noble_from_code(x) for x in data["nobles"]]
            s.discard = [card_from_code(c) for c in data["discard"]]
            s.box = [card_from_code(c) for c in data.get("box", [])]
            players = data["players"]
            s.chips = [[[CHIP_INDEX[int(v)] for v in pl["chips"]].count(k) for k in range(4)] for pl in players]
            s.hand = [[card_from_code(h["card"]) for h in pl["hand"]] for pl in players]
            s.hand_blind = [[bool(h["blind"]) for h in pl["hand"]] for pl in players]
            s.tab = []
            for pl in players:
                tab = [0, 0, 0, 0]
                for code in pl["tableau"]:
                    c = card_from_code(code)
                    tab[CARD_SUIT[c]] |= 1 << (c % 10)
                s.tab.append(tab)
            s.claims = [[tuple(card_from_code(c) for c in cl) for cl in pl["claims"]] for pl in players]
            s.won = [[noble_from_code(x) for x in pl["nobles"]] for pl in players]
            s.transit = [[CHIP_INDEX[int(v)] for v in data["transit"]].count(k) for k in range(4)]
            buying = data.get("buying")  # absent in snapshots made before the `pay` decision
            s.buying = -1 if buying is None else _ref_from_code(str(buying))
            s.noble_options = tuple(noble_from_code(x) for x in data["noble_options"])
            s.noble = noble_from_code(data["noble"]) if data["noble"] is not None else -1
            s.end_reason = data["end_reason"]
            s.chip_totals = tuple(int(x) for x in data["chip_totals"])
            logged = data["actions"] if "actions" in data else data["history"]  # "history" before the rename
            s._actions = [(int(seat), parse_action(code)) for seat, code in logged]
            s._events = [Event.from_json(e) for e in data["events"]]
            k = int(data.get("last_events", 0))
            s._last_events = tuple(s._events[len(s._events) - k :]) if k else ()
        except (KeyError, ValueError, TypeError, IndexError) as exc:
            raise BadSetup(f"Bad Spectacle snapshot: {exc}", key="err.bad_snapshot") from exc
        return s


RULES = register(SpectacleRules())
