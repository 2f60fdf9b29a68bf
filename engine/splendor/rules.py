"""Rules of Splendor: base game (B-1..B-15), Orient (O-1..O-6), Strongholds (S-1..S-6).

One ``SplendorRules`` object per ruleset (``base``, ``orient``, ``strongholds``,
``orient+strongholds``), registered by name with aliases.

A turn is the main action followed by a stack of steps (B-15): the action's own
effects and decisions (Orient effects, stronghold placement S-3), the refill (B-9),
Conquest (S-6), the token limit (B-6), the noble visit (B-11) and the end check
(B-12).  A step that needs a choice becomes a ``Pending`` decision with its legal
options; a choice with a single option is made automatically.

``config.setup`` (optional explicit setup, for tests, puzzles and physical games)::

    {"decks": {"1": ["1-07", ...], "2": [...], "3": [...]},   # top of each deck first
     "orient_decks": {"1": ["O1-03", ...], ...},               # Orient only
     "nobles": ["N3", "N7", "N1"]}                              # the nobles revealed

A deck list may name only the top cards; the rest of that level follows in seeded
order.  Face-up cards are dealt from the top of each deck.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from itertools import combinations, combinations_with_replacement, product
from typing import Any

from engine.core import RULES_VERSION, Event, GameConfig, Transition, register
from engine.errors import BadSetup, GameOver, InvalidAction, InvariantViolation, NotYourTurn
from engine.errors import illegal as _illegal
from engine.rng import Rng
from engine.splendor import view as V
from engine.splendor.actions import (
    GOLD,
    LETTERS,
    Action,
    Buy,
    ChooseNoble,
    Conquer,
    Discard,
    FreeCard,
    JokerColor,
    Pass,
    Pay,
    Payment,
    Reserve,
    Return,
    Stronghold,
    Take,
    parse,
    payment_code,
    tokens_code,
)
from engine.splendor.catalog import BONUS_GOLD, BONUS_JOKER, Card, Noble, catalog
from engine.splendor.state import EMPTY, Pending, Player, SplendorState

TOKENS_BY_PLAYERS = {2: 4, 3: 5, 4: 7}  # B-2
GOLD_TOKENS = 5
MAX_TOKENS = 10  # B-6
MAX_RESERVED = 3  # B-7
STRONGHOLDS = 3  # S-1
BASE_SLOTS = 4
ORIENT_SLOTS = 2

# Steps of a turn (B-15), kept on a stack; a step is a tuple (kind, args...).
ST_END, ST_NOBLE, ST_RETURN, ST_CONQUEST, ST_REFILL, ST_HOLD, ST_JOKER, ST_FREE, ST_RNOBLE = range(9)

_CAT = catalog()
CARDS: tuple[Card, ...] = _CAT.cards
NOBLES = _CAT.nobles
# Flat per-card tables for the hot paths (legal moves, invariants).
_COST = tuple(c.cost for c in CARDS)
_PLAIN = tuple(c.effect is None for c in CARDS)
_POINTS = tuple(c.points for c in CARDS)
_BONUS = tuple(c.bonus for c in CARDS)
_BCOUNT = tuple(c.bonus_count for c in CARDS)
_NOBLE_POINTS = tuple(n.points for n in NOBLES)

# Pre-built action values (legal-move generation allocates nothing for these).
_COMBOS3 = tuple(combinations(range(5), 3))
_TAKE3 = {c: Take(c) for c in _COMBOS3}
_TAKE2 = tuple(Take((c, c)) for c in range(5))
_TAKE_FEW = {c: Take(c) for n in (1, 2) for c in combinations(range(5), n)}
_RESERVE_AT = tuple(tuple(Reserve(lv, sl) for sl in range(1, 7)) for lv in (1, 2, 3))  # [level-1][slot-1]
_RESERVE_DECK = tuple(Reserve(lv, 0) for lv in (1, 2, 3))
_RESERVE_ODECK = tuple(Reserve(lv, -1) for lv in (1, 2, 3))
_BUY_AT = tuple(tuple(Buy(lv, sl) for sl in range(1, 7)) for lv in range(4))  # [level][slot-1]; level 0: hand
_PASS = Pass()
_NOBLE_MIN_BONUS = min(sum(n.requirement) for n in NOBLES)
_TAKE_CODES: dict[tuple[int, ...], str] = {}


def _take_code(colors: tuple[int, ...]) -> str:
    code = _TAKE_CODES.get(colors)
    if code is None:  # at most 15 distinct takes: bounded
        code = _TAKE_CODES[colors] = tokens_code(_counts(colors))
    return code
_FLAT_CODES = tuple(f"{lv}.{sl}" for lv in (1, 2, 3) for sl in range(1, 7))  # flat slot index -> "2.3"
_HOLD_PLACE = tuple(Stronghold(code) for code in _FLAT_CODES)
_HOLD_REMOVE = tuple(Stronghold(code, remove=True) for code in _FLAT_CODES)
_HOLD_MOVE = tuple(tuple(Stronghold(dst, src) for dst in _FLAT_CODES) for src in _FLAT_CODES)  # [src][dst]


_TAKES: dict[tuple[int, ...], tuple[Take, ...]] = {}


def _take_options(bank: list[int]) -> list[Action]:
    """B-4/B-5 takes for a bank (cached by the bank's five colours: at most 8**5 keys, bounded)."""
    key = (bank[0], bank[1], bank[2], bank[3], bank[4])
    hit = _TAKES.get(key)
    if hit is None:
        hit = _TAKES[key] = tuple(_compute_takes(bank))
    return list(hit)


def _compute_takes(bank: list[int]) -> list[Take]:
    avail = tuple(i for i in range(5) if bank[i] > 0)
    out: list[Take] = []
    if len(avail) >= 3:
        out.extend(_TAKE3[c] for c in _COMBOS3 if bank[c[0]] and bank[c[1]] and bank[c[2]])
    elif avail:  # B-5: two different only when exactly two colours remain, one only when one does
        out.append(_TAKE_FEW[avail])
    out.extend(_TAKE2[i] for i in range(5) if bank[i] >= 4)
    return out


class SplendorRules:
    min_players = 2
    max_players = 4
    game = "splendor"
    families: tuple[str, ...] = ("take", "reserve", "buy")
    option_names = frozenset({"target"})

    def __init__(self, name: str, aliases: tuple[str, ...], *, orient: bool, strongholds: bool) -> None:
        self.name = name
        self.aliases = aliases
        self.orient = orient
        self.strongholds = strongholds
        self.slots = BASE_SLOTS + (ORIENT_SLOTS if orient else 0)
        self.total_cards = sum(len(x) for x in _CAT.base_by_level) + (
            sum(len(x) for x in _CAT.orient_by_level) if orient else 0)

    def __repr__(self) -> str:
        return f"<SplendorRules {self.name}>"

    @property
    def modules(self) -> tuple[str, ...]:
        return tuple(m for m, on in (("orient", self.orient), ("strongholds", self.strongholds)) if on)

    # ------------------------------------------------------------------ setup (B-2, O-1, S-1)
    def new_game(self, config: GameConfig) -> SplendorState:
        if not self.min_players <= config.players <= self.max_players:
            raise BadSetup(f"{self.name} is played by 2 to 4 players, not {config.players}.",
                           key="err.player_count", params={"min": 2, "max": 4, "players": config.players})
        s = SplendorState(config, self)
        target = s.target
        if not 1 <= target <= 99:
            raise BadSetup("The target score must be between 1 and 99.", key="err.bad_target")
        rng = Rng(config.seed)
        deck_rng, orient_rng, noble_rng = rng.fork(1), rng.fork(2), rng.fork(3)
        setup = config.setup or {}
        per = TOKENS_BY_PLAYERS[config.players]
        s.bank = [per, per, per, per, per, GOLD_TOKENS]
        s.decks = [self._deck(list(_CAT.base_by_level[lv]), deck_rng, setup.get("decks"), lv + 1) for lv in range(3)]
        if self.orient:
            s.odecks = [self._deck(list(_CAT.orient_by_level[lv]), orient_rng, setup.get("orient_decks"), lv + 1)
                        for lv in range(3)]
        s.rows = [[EMPTY] * self.slots for _ in range(3)]
        s.hown = [[EMPTY] * self.slots for _ in range(3)]
        s.hcnt = [[0] * self.slots for _ in range(3)]
        for lv in range(3):
            for sl in range(self.slots):
                deck = s.decks[lv] if sl < BASE_SLOTS else s.odecks[lv]
                if deck:
                    s.rows[lv][sl] = deck.pop()
        nobles = list(range(len(NOBLES)))
        if setup.get("nobles") is not None:
            try:
                chosen = [_CAT.noble_by_id[str(x).lower()] for x in setup["nobles"]]
            except KeyError as exc:
                raise BadSetup(f"Unknown noble {exc.args[0]!r} in the setup.", key="err.bad_setup") from None
            if len(set(chosen)) != len(chosen):
                raise BadSetup("A noble is listed twice in the setup.", key="err.bad_setup")
            s.nobles = chosen
        else:
            noble_rng.shuffle(nobles)
            s.nobles = nobles[: config.players + 1]
        s.noble_at = [EMPTY] * len(s.nobles)
        s.players = [Player(STRONGHOLDS if self.strongholds else 0) for _ in range(config.players)]
        return s

    @staticmethod
    def _deck(cards: list[int], rng: Rng, given: Mapping[str, Any] | None, level: int) -> list[int]:
        rng.shuffle(cards)
        if given is not None and given.get(str(level)) is not None:
            top: list[int] = []
            for cid in given[str(level)]:
                idx = _CAT.by_id.get(str(cid).lower())
                if idx is None or idx not in cards or idx in top:
                    raise BadSetup(f"Card {cid!r} can't be in the level-{level} deck of this setup.",
                                   key="err.bad_setup")
                top.append(idx)
            rest = [c for c in cards if c not in top]
            cards = top + rest
        cards.reverse()  # top of the deck is the end of the list
        return cards

    # ------------------------------------------------------------------ helpers
    def card_at(self, s: SplendorState, level: int, slot: int) -> int:
        if not 1 <= level <= 3 or not 1 <= slot <= self.slots:
            raise _illegal("B-4", f"There is no slot {level}.{slot} on the table.", "err.no_slot",
                           slot=f"{level}.{slot}")
        card = s.rows[level - 1][slot - 1]
        if card == EMPTY:
            raise _illegal("B-9", f"Slot {level}.{slot} is empty.", "err.empty_slot", slot=f"{level}.{slot}")
        return card

    @staticmethod
    def blocked(s: SplendorState, seat: int, level: int, slot: int) -> bool:
        """S-2: an opponent's stronghold is on this card."""
        owner = s.hown[level - 1][slot - 1] if s.hown else EMPTY
        return owner != EMPTY and owner != seat

    @staticmethod
    def has_bonus_card(p: Player) -> bool:
        """O-2: a card showing a bonus (a gold card or an uncoloured joker does not)."""
        return any(CARDS[c].bonus >= 0 or c in p.joker for c in p.cards)

    @staticmethod
    def cards_of_color(p: Player, color: int) -> list[int]:
        out = []
        for c in p.cards:
            card = CARDS[c]
            if card.bonus == color or p.joker.get(c, -9) == color:
                out.append(c)
        return out

    def shortfall(self, p: Player, card: Card) -> int:
        """Gold needed to buy ``card`` with the player's bonuses and coloured tokens."""
        cost, bonus, tokens = card.cost, p.bonus, p.tokens
        short = 0
        for i in range(5):
            need = cost[i] - bonus[i] - tokens[i]
            if need > 0:
                short += need
        return short

    def can_acquire(self, p: Player, card: Card) -> bool:
        """Whether the player can pay for and own ``card`` (B-8, O-2)."""
        if card.effect is not None:
            if card.effect == "discard_2":
                return len(self.cards_of_color(p, card.discard_color or 0)) >= 2
            if card.bonus == BONUS_JOKER and not self.has_bonus_card(p):
                return False
        return self.shortfall(p, card) <= p.tokens[GOLD] + 2 * p.goldcards

    def effective_cost(self, p: Player, card: Card) -> list[int]:
        return [max(0, card.cost[i] - p.bonus[i]) for i in range(5)]

    def payments(self, p: Player, card: Card, rules_version: int = RULES_VERSION) -> list[Payment]:
        """Every distinct way to pay (B-8, O-2 gold cards); the default (coloured first) comes first.

        A gold card always covers at least one gem (at most one virtual gold lapses); from rules
        version 2 no token is spent while virtual gold lapses (O-2 ruling: minimal payments)."""
        minimal = rules_version >= 2
        cost = self.effective_cost(p, card)
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

    def default_payment(self, p: Player, card: Card, rules_version: int = RULES_VERSION) -> Payment:
        """``payments(...)[0]`` without the enumeration: coloured tokens first, then gold tokens, and
        an Orient gold card only for what the gold tokens cannot cover (no token wasted)."""
        cost = self.effective_cost(p, card)
        colored = [min(cost[i], p.tokens[i]) for i in range(5)]
        needed = sum(cost) - sum(colored)
        gc = max(0, (needed - p.tokens[GOLD] + 1) // 2)
        gt = max(0, needed - 2 * gc)
        if gc and 2 * gc + gt > needed and rules_version >= 2 and needed < sum(cost):
            # O-2 (version 2): a virtual gold would lapse (only without gold tokens) while coloured
            # tokens are spent; keep back one token, of the last colour paid, as payments() orders.
            i = max(i for i in range(5) if colored[i])
            colored[i] -= 1
        return (colored[0], colored[1], colored[2], colored[3], colored[4], gt, gc)

    def valid_payment(self, p: Player, card: Card, pay: Payment, rules_version: int = RULES_VERSION) -> bool:
        """One source of truth: a payment is valid exactly when the decision would offer it."""
        return pay in self.payments(p, card, rules_version)

    # ------------------------------------------------------------------ legal actions
    def legal_actions(self, s: SplendorState) -> list[Action]:
        if s.over:
            return []
        if s.pending is not None:
            return list(s.pending.options)
        return self._main_actions(s) or [_PASS]

    def _main_actions(self, s: SplendorState) -> list[Action]:
        """Takes, reserves and purchases (B-4), without pass.  The hot path of self-play: flat tables,
        pre-built actions, the shortfall of each card inlined (perf.md)."""
        seat = s.current
        p = s.players[seat]
        acts: list[Action] = _take_options(s.bank)
        append = acts.append
        can_reserve = len(p.reserved) < MAX_RESERVED
        gold = p.tokens[GOLD] + 2 * p.goldcards
        b, t = p.bonus, p.tokens
        h0, h1, h2, h3, h4 = b[0] + t[0], b[1] + t[1], b[2] + t[2], b[3] + t[3], b[4] + t[4]
        cost_of, plain = _COST, _PLAIN
        guarded = self.strongholds
        for lv in range(3):
            row = s.rows[lv]
            owners = s.hown[lv]
            reserve, buy = _RESERVE_AT[lv], _BUY_AT[lv + 1]
            for sl, c in enumerate(row):
                if c == EMPTY:
                    continue
                if guarded:
                    owner = owners[sl]
                    if owner != EMPTY and owner != seat:
                        continue  # S-2
                if can_reserve:
                    append(reserve[sl])
                if plain[c]:
                    c0, c1, c2, c3, c4 = cost_of[c]
                    short = ((c0 - h0 if c0 > h0 else 0) + (c1 - h1 if c1 > h1 else 0) + (c2 - h2 if c2 > h2 else 0)
                             + (c3 - h3 if c3 > h3 else 0) + (c4 - h4 if c4 > h4 else 0))
                    if short <= gold:
                        append(buy[sl])
                elif self.can_acquire(p, CARDS[c]):
                    append(buy[sl])
            if can_reserve:
                if s.decks[lv]:
                    append(_RESERVE_DECK[lv])
                if self.orient and s.odecks[lv]:
                    append(_RESERVE_ODECK[lv])
        hand = _BUY_AT[0]
        for i, c in enumerate(p.reserved):
            if plain[c]:
                c0, c1, c2, c3, c4 = cost_of[c]
                short = ((c0 - h0 if c0 > h0 else 0) + (c1 - h1 if c1 > h1 else 0) + (c2 - h2 if c2 > h2 else 0)
                         + (c3 - h3 if c3 > h3 else 0) + (c4 - h4 if c4 > h4 else 0))
                if short <= gold:
                    append(hand[i])
            elif self.can_acquire(p, CARDS[c]):
                append(hand[i])
        return acts

    def default_action(self, s: SplendorState) -> Action:
        """Deterministic minimal move for a timed-out turn: the first option of a decision; else
        the first take, a blind reserve, or the first legal action."""
        acts = self.legal_actions(s)
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

    # ------------------------------------------------------------------ apply
    def parse_action(self, text: str) -> Action:
        return parse(text)

    def apply(self, state: SplendorState, seat: int, action: Action) -> Transition:
        s = state.copy()
        events = self.apply_in_place(s, seat, action)
        return Transition(s, events)

    def apply_in_place(self, s: SplendorState, seat: int, action: Action) -> tuple[Event, ...]:
        if s.over:
            raise GameOver()
        to_act = s.to_act
        if seat != to_act:
            raise NotYourTurn(seat, to_act)
        start = len(s._events)
        pending = s.pending
        if pending is not None:
            self._decide(s, seat, pending, action)
        else:
            self._main(s, seat, action)
            s.turn_start = start
        s._actions.append((seat, action))
        self._run(s)
        return tuple(s._events[start:])

    def _ev(self, s: SplendorState, kind: str, seat: int | None, secret: frozenset[str] = frozenset(),
            **params: Any) -> None:
        s._events.append(Event(kind, seat, params, secret))

    # -- main actions (B-4)
    def _main(self, s: SplendorState, seat: int, action: Action) -> None:
        p = s.players[seat]
        if isinstance(action, Take):
            self._take(s, seat, p, action)
        elif isinstance(action, Reserve):
            self._reserve(s, seat, p, action)
        elif isinstance(action, Buy):
            self._buy(s, seat, p, action)
        elif isinstance(action, Pass):
            if self._main_actions(s):
                raise _illegal("B-14", "You can only pass when you have no other legal action.", "err.pass")
            s.passes += 1
            self._ev(s, "pass", seat)
            if s.passes >= s.n and s.config.rules_version < 2:
                s.final_round = True  # B-14, version 1: a full round of passes ends the round as in B-12
            s.steps = [(ST_END,), (ST_NOBLE,)]  # B-11: a pass is a turn; a qualifying noble still visits
            return
        else:
            raise _illegal("B-4", f"'{action}' is not a main action; take, reserve, buy or pass.", "err.not_main",
                           action=str(action))
        s.passes = 0
        s.conquest_used = False

    def _end_steps(self, *, refill: bool) -> list[tuple[int, ...]]:
        """The rest of the turn after the main action (B-15), as a stack (last resolves first).

        With Strongholds the refill waits until after Conquest, as in seed 001's worked example
        ("places 1 stronghold on card C and refills the 2 acquired cards"): the slot of a card
        taken this turn stays empty while Conquest is decided and while strongholds are placed.
        """
        steps: list[tuple[int, ...]] = [(ST_END,), (ST_NOBLE,), (ST_RETURN,)]
        if self.strongholds:
            steps += [(ST_REFILL,), (ST_CONQUEST,)]
        elif refill:
            steps.append((ST_REFILL,))
        return steps

    def _take(self, s: SplendorState, seat: int, p: Player, action: Take) -> None:
        colors = action.colors
        bank = s.bank
        if any(not 0 <= c < 5 for c in colors):
            raise _illegal("B-4", "Gold can't be taken; it comes with a reserve.", "err.take_gold")
        if len(colors) == 2 and colors[0] == colors[1]:
            c = colors[0]
            if bank[c] < 4:
                raise _illegal("B-4", f"Two {_name(c)} tokens can be taken only when at least 4 are in the bank.",
                               "err.take_two", color=LETTERS[c], bank=bank[c])
        else:
            if len(set(colors)) != len(colors):
                raise _illegal("B-4", "Take three different colours, or two of the same colour.", "err.take_mixed")
            for c in colors:
                if bank[c] == 0:
                    raise _illegal("B-4", f"There are no {_name(c)} tokens left in the bank.", "err.bank_empty",
                                   color=LETTERS[c])
            if len(colors) < 3:
                available = sum(1 for i in range(5) if bank[i] > 0)
                if available != len(colors):
                    raise _illegal("B-5", "Take three different colours; fewer only when fewer colours are left "
                                          "in the bank.", "err.take_fewer")
        for c in colors:
            bank[c] -= 1
            p.tokens[c] += 1
        self._ev(s, "take", seat, tokens=_take_code(colors))
        s.steps = self._end_steps(refill=False)

    def _reserve(self, s: SplendorState, seat: int, p: Player, action: Reserve) -> None:
        if len(p.reserved) >= MAX_RESERVED:
            raise _illegal("B-7", "You already hold 3 reserved cards.", "err.reserve_max")
        level = action.level
        if not 1 <= level <= 3:
            raise _illegal("B-7", f"There is no level {level}.", "err.no_level", level=level)
        if not -1 <= action.slot <= self.slots:
            raise _illegal("B-7", f"There is no slot {level}.{action.slot} on the table.", "err.no_slot",
                           slot=f"{level}.{action.slot}")
        if action.slot <= 0:
            orient = action.slot == -1
            if orient and not self.orient:
                raise _illegal("O-1", "There are no Orient decks in this game.", "err.no_orient")
            deck = (s.odecks if orient else s.decks)[level - 1]
            if not deck:
                raise _illegal("B-7", f"The level-{level} deck is empty.", "err.deck_empty", level=level)
            card = deck.pop()
            p.reserved.append(card)
            p.blind.append(True)
            where = f"{'o' if orient else 'd'}{level}"
            gold = self._take_gold(s, p)
            self._ev(s, "reserve", seat, frozenset({"card"}), card=CARDS[card].id, level=level, source=where,
                     blind=True, gold=gold)
            s.steps = self._end_steps(refill=False)
            return
        card = self.card_at(s, level, action.slot)
        if self.blocked(s, seat, level, action.slot):
            raise _illegal("S-2", "An opponent's stronghold is on that card.", "err.blocked",
                           slot=f"{level}.{action.slot}")
        s.rows[level - 1][action.slot - 1] = EMPTY
        p.reserved.append(card)
        p.blind.append(False)
        gold = self._take_gold(s, p)
        self._ev(s, "reserve", seat, card=CARDS[card].id, level=level, source=f"{level}.{action.slot}", blind=False,
                 gold=gold)
        self._recover(s, seat, level, action.slot)
        s.steps = self._end_steps(refill=True)

    @staticmethod
    def _take_gold(s: SplendorState, p: Player) -> bool:
        if s.bank[GOLD] > 0:  # B-7: no gold left, the reserve still happens
            s.bank[GOLD] -= 1
            p.tokens[GOLD] += 1
            return True
        return False

    def _locate(self, s: SplendorState, seat: int, p: Player, level: int, slot: int) -> int:
        if level == 0:
            if not 1 <= slot <= len(p.reserved):
                raise _illegal("B-8", f"You have no reserved card r{slot}.", "err.no_reserved", code=f"r{slot}")
            return p.reserved[slot - 1]
        card = self.card_at(s, level, slot)
        if self.blocked(s, seat, level, slot):
            raise _illegal("S-2", "An opponent's stronghold is on that card.", "err.blocked", slot=f"{level}.{slot}")
        return card

    def _buy(self, s: SplendorState, seat: int, p: Player, action: Buy, *, conquest: bool = False) -> None:
        c = self._locate(s, seat, p, action.level, action.slot)
        card = CARDS[c]
        self._check_acquirable(p, card)
        steps = s.steps if conquest else self._end_steps(refill=True)
        if card.effect == "discard_2":
            if action.payment is not None and any(action.payment):
                raise _illegal("O-2", "That card is paid by discarding cards, not with tokens.", "err.discard_cost")
            discards = self._discard_options(p, card)
            s.steps = steps
            if len(discards) > 1:
                s.pending = Pending("discard", seat, tuple(discards), (action.level, action.slot, int(conquest)))
                return
            self._acquire(s, seat, p, action.level, action.slot, None, discards[0], conquest=conquest)
            return
        if action.payment is not None:
            if not self.valid_payment(p, card, action.payment, s.config.rules_version):
                raise _illegal("B-8", "That payment doesn't match the card's cost.", "err.bad_payment",
                               paid=payment_code(action.payment))
            pay = action.payment
        else:
            pay = self.default_payment(p, card, s.config.rules_version)
            if p.tokens[GOLD] or p.goldcards:
                options = self.payments(p, card, s.config.rules_version)
                if len(options) > 1:
                    s.steps = steps
                    s.pending = Pending("pay", seat, tuple(Pay(o) for o in options),
                                        (action.level, action.slot, int(conquest)))
                    return
        s.steps = steps
        self._acquire(s, seat, p, action.level, action.slot, pay, None, conquest=conquest)

    def _check_acquirable(self, p: Player, card: Card) -> None:
        if self.can_acquire(p, card):
            return
        if card.effect == "discard_2":
            raise _illegal("O-2", f"You need 2 {_name(card.discard_color or 0)} cards to discard for that card.",
                           "err.discard_need", color=LETTERS[card.discard_color or 0])
        if card.bonus == BONUS_JOKER and not self.has_bonus_card(p):
            raise _illegal("O-2", "A joker card needs one of your cards with a bonus to sit on.", "err.joker_need")
        raise _illegal("B-8", "You can't afford that card.", "err.cannot_afford", card=card.id,
                       short=self.shortfall(p, card) - p.tokens[GOLD] - 2 * p.goldcards)

    def _discard_options(self, p: Player, card: Card) -> list[Discard]:
        """O-2: jokers of the colour go first; choices that differ only by identical cards are merged."""
        color = card.discard_color or 0
        mine = self.cards_of_color(p, color)
        jokers = sorted((c for c in mine if c in p.joker), key=lambda c: CARDS[c].id)
        others = [c for c in mine if c not in p.joker]
        if len(jokers) >= 2:
            return [Discard(tuple(sorted(CARDS[c].id for c in jokers[:2])))]
        need = 2 - len(jokers)
        seen: dict[tuple[tuple[int, int], ...], Discard] = {}
        for combo in combinations(sorted(others, key=lambda c: CARDS[c].id), need):
            sig = tuple(sorted((CARDS[c].points, CARDS[c].bonus_count) for c in combo))
            if sig not in seen:
                seen[sig] = Discard(tuple(sorted(CARDS[c].id for c in (*jokers, *combo))))
        return sorted(seen.values(), key=lambda d: sum(CARDS[_CAT.by_id[i.lower()]].points for i in d.cards))

    def _acquire(self, s: SplendorState, seat: int, p: Player, level: int, slot: int, pay: Payment | None,
                 discard: Discard | None, *, conquest: bool = False, free: bool = False) -> None:
        """Move a card into the tableau; push its effects, the S-3 placement and the refill."""
        if level == 0:
            c = p.reserved.pop(slot - 1)
            p.blind.pop(slot - 1)
            source = f"r{slot}"
        else:
            c = s.rows[level - 1][slot - 1]
            s.rows[level - 1][slot - 1] = EMPTY
            source = f"{level}.{slot}"
        card = CARDS[c]
        paid = ""
        if pay is not None:
            bank, tokens = s.bank, p.tokens
            for i in range(6):
                if pay[i]:
                    tokens[i] -= pay[i]
                    bank[i] += pay[i]
            if pay[6]:
                self._discard_gold_cards(s, p, pay[6])
            paid = payment_code(pay) if any(pay) else ""
        if discard is not None:
            for cid in discard.cards:
                self._discard_card(s, p, _CAT.by_id[cid.lower()])
        p.cards.append(c)
        p.points += card.points
        if card.bonus >= 0:
            p.bonus[card.bonus] += card.bonus_count
        elif card.bonus == BONUS_GOLD:
            p.goldcards += 1
        kind = "free" if free else ("conquer" if conquest else "buy")
        params: dict[str, Any] = {"card": card.id, "source": source}
        if not free:
            params["paid"] = paid
        if discard is not None:
            params["discarded"] = list(discard.cards)
        self._ev(s, kind, seat, **params)
        if level != 0:
            self._recover(s, seat, level, slot)  # S-4
        # Pushed in reverse: effects resolve first, then S-3; the refill is already below (O-2, S-3, B-9).
        if not free and self.strongholds:
            s.steps.append((ST_HOLD,))
        effect = card.effect
        if effect == "reserve_noble":
            s.steps.append((ST_RNOBLE,))
        elif effect == "free_l2":
            s.steps.append((ST_FREE, 2))
        elif effect == "joker_free_l1":
            s.steps.append((ST_FREE, 1))
        if card.bonus == BONUS_JOKER:
            s.steps.append((ST_JOKER, c))

    def _discard_gold_cards(self, s: SplendorState, p: Player, count: int) -> None:
        gold_cards = sorted((c for c in p.cards if CARDS[c].bonus == BONUS_GOLD), key=lambda c: CARDS[c].id)
        for c in gold_cards[:count]:
            self._discard_card(s, p, c)

    def _discard_card(self, s: SplendorState, p: Player, c: int) -> None:
        """O-2: the card leaves the game with its bonus and points; nobles already won stay."""
        card = CARDS[c]
        p.cards.remove(c)
        p.points -= card.points
        if card.bonus >= 0:
            p.bonus[card.bonus] -= card.bonus_count
        elif card.bonus == BONUS_GOLD:
            p.goldcards -= 1
        elif c in p.joker:
            p.bonus[p.joker.pop(c)] -= 1
        s.discarded.append(c)

    def _recover(self, s: SplendorState, seat: int, level: int, slot: int) -> None:
        """S-4: a player who acquires or reserves a card carrying their strongholds takes them back."""
        if not self.strongholds:
            return
        count = s.hcnt[level - 1][slot - 1]
        if count:
            s.players[seat].supply += count
            s.hcnt[level - 1][slot - 1] = 0
            s.hown[level - 1][slot - 1] = EMPTY
            self._ev(s, "recover", seat, slot=f"{level}.{slot}", count=count)

    # -- decisions
    def _decide(self, s: SplendorState, seat: int, pending: Pending, action: Action) -> None:
        kind = pending.kind
        p = s.players[seat]
        if kind == "pay" and isinstance(action, Pay) and action not in pending.options:
            raise _illegal("B-8", "That payment doesn't match the card's cost.", "err.bad_payment",
                           paid=payment_code(action.payment))
        if kind == "conquest" and isinstance(action, Conquer) and action.accept and action.payment is not None:
            level, slot = pending.data
            card = CARDS[s.rows[level - 1][slot - 1]]
            if card.effect == "discard_2" or not self.valid_payment(p, card, action.payment,
                                                                    s.config.rules_version):
                raise _illegal("B-8", "That payment doesn't match the card's cost.", "err.bad_payment",
                               paid=payment_code(action.payment))
        elif not _offered(action, pending.options):
            raise _illegal(_PENDING_RULE[kind], f"Now you must {_PENDING_WHAT[kind]}.", f"err.pending.{kind}",
                           action=str(action))
        s.pending = None
        if kind == "return":
            assert isinstance(action, Return)
            for i in range(6):
                p.tokens[i] -= action.tokens[i]
                s.bank[i] += action.tokens[i]
            self._ev(s, "return", seat, tokens=tokens_code(action.tokens))
        elif kind == "noble":
            assert isinstance(action, ChooseNoble)
            self._visit(s, seat, p, action.position - 1)
        elif kind == "pay":
            assert isinstance(action, Pay)
            level, slot, conquest = pending.data
            self._acquire(s, seat, p, level, slot, action.payment, None, conquest=bool(conquest))
        elif kind == "discard":
            assert isinstance(action, Discard)
            level, slot, conquest = pending.data
            self._acquire(s, seat, p, level, slot, None, action, conquest=bool(conquest))
        elif kind == "joker":
            assert isinstance(action, JokerColor)
            self._set_joker(s, seat, p, pending.data[0], action.color)
        elif kind == "free":
            assert isinstance(action, FreeCard)
            self._acquire(s, seat, p, action.level, action.slot, None, None, free=True)
        elif kind == "reserve_noble":
            assert isinstance(action, ChooseNoble)
            self._reserve_noble(s, seat, p, action.position - 1)
        elif kind == "stronghold":
            assert isinstance(action, Stronghold)
            self._stronghold(s, seat, p, action)
        elif kind == "conquest":
            assert isinstance(action, Conquer)
            if action.accept:
                level, slot = pending.data
                s.conquest_used = True
                self._buy(s, seat, p, Buy(level, slot, action.payment), conquest=True)
            else:
                self._ev(s, "conquest_declined", seat)

    def _visit(self, s: SplendorState, seat: int, p: Player, pos: int) -> None:
        if s.config.rules_version >= 2:
            s.passes = 0  # B-14: a noble visit on a pass breaks the run of passes (on any other turn it is 0)
        if pos in p.rnobles:
            p.rnobles.remove(pos)
        s.noble_at[pos] = seat
        p.nobles.append(pos)
        noble = NOBLES[s.nobles[pos]]
        p.points += noble.points
        self._ev(s, "noble", seat, noble=noble.id, position=pos + 1)

    def _set_joker(self, s: SplendorState, seat: int, p: Player, c: int, color: int) -> None:
        p.joker[c] = color
        p.bonus[color] += 1
        self._ev(s, "joker", seat, card=CARDS[c].id, color=LETTERS[color])

    def _reserve_noble(self, s: SplendorState, seat: int, p: Player, pos: int) -> None:
        s.noble_at[pos] = seat
        p.rnobles.append(pos)
        self._ev(s, "reserve_noble", seat, noble=NOBLES[s.nobles[pos]].id, position=pos + 1)

    def _stronghold(self, s: SplendorState, seat: int, p: Player, action: Stronghold) -> None:
        lv, sl = (int(x) for x in action.dst.split("."))
        if action.remove:
            owner = s.hown[lv - 1][sl - 1]
            s.hcnt[lv - 1][sl - 1] = 0
            s.hown[lv - 1][sl - 1] = EMPTY
            s.players[owner].supply += 1
            self._ev(s, "stronghold", seat, op="remove", dst=action.dst, owner=owner)
            return
        if action.src is not None:
            slv, ssl = (int(x) for x in action.src.split("."))
            s.hcnt[slv - 1][ssl - 1] -= 1
            if s.hcnt[slv - 1][ssl - 1] == 0:
                s.hown[slv - 1][ssl - 1] = EMPTY
        else:
            p.supply -= 1
        s.hown[lv - 1][sl - 1] = seat
        s.hcnt[lv - 1][sl - 1] += 1
        self._ev(s, "stronghold", seat, op="move" if action.src else "place", src=action.src, dst=action.dst,
                 owner=seat)

    # ------------------------------------------------------------------ the rest of the turn (B-15)
    def _run(self, s: SplendorState) -> None:
        """Resolve steps until a decision is needed or the turn passes to the next player."""
        seat = s.current
        while s.pending is None and s.steps:
            step = s.steps.pop()
            kind = step[0]
            p = s.players[seat]
            if kind == ST_RETURN:
                excess = sum(p.tokens) - MAX_TOKENS
                if excess > 0:
                    options = _return_options(p.tokens, excess)
                    if len(options) == 1:
                        self._decide(s, seat, Pending("return", seat, options), options[0])
                    else:
                        s.pending = Pending("return", seat, options)
            elif kind == ST_NOBLE:
                bonus = p.bonus
                if sum(bonus) < _NOBLE_MIN_BONUS:
                    continue  # no noble asks for this few bonuses (a cheap exit, most turns)
                cands = [pos for pos, n in enumerate(s.nobles)
                         if (s.noble_at[pos] == EMPTY or pos in p.rnobles) and _meets(bonus, NOBLES[n])
                         and pos not in p.nobles]
                if len(cands) == 1:
                    self._visit(s, seat, p, cands[0])
                elif cands:
                    s.pending = Pending("noble", seat, tuple(ChooseNoble(pos + 1) for pos in sorted(cands)))
            elif kind == ST_END:
                self._end_turn(s, seat, p)
            elif kind == ST_REFILL:
                self._refill(s)
            elif kind == ST_JOKER:
                c = step[1]
                colors = sorted({CARDS[x].bonus if CARDS[x].bonus >= 0 else p.joker[x]
                                 for x in p.cards if x != c and (CARDS[x].bonus >= 0 or x in p.joker)})
                if len(colors) == 1:
                    self._set_joker(s, seat, p, c, colors[0])
                elif colors:
                    s.pending = Pending("joker", seat, tuple(JokerColor(col) for col in colors), (c,))
            elif kind == ST_FREE:
                level = step[1]
                frees = self._free_options(s, seat, p, level)
                if len(frees) == 1:
                    self._acquire(s, seat, p, frees[0].level, frees[0].slot, None, None, free=True)
                elif frees:
                    s.pending = Pending("free", seat, tuple(frees))
            elif kind == ST_RNOBLE:
                table = [pos for pos in range(len(s.nobles)) if s.noble_at[pos] == EMPTY]
                if len(table) == 1:
                    self._reserve_noble(s, seat, p, table[0])
                elif table:
                    s.pending = Pending("reserve_noble", seat, tuple(ChooseNoble(pos + 1) for pos in table))
            elif kind == ST_HOLD:
                holds = self._hold_options(s, seat, p)
                if len(holds) == 1:
                    self._stronghold(s, seat, p, holds[0])
                elif holds:
                    s.pending = Pending("stronghold", seat, tuple(holds))
            elif kind == ST_CONQUEST:
                target = self._conquest_target(s, seat, p)
                if target is not None:
                    s.pending = Pending("conquest", seat, (Conquer(False), Conquer(True)), target)

    def _end_turn(self, s: SplendorState, seat: int, p: Player) -> None:
        if not s.final_round and p.points >= s.target:
            s.final_round = True  # B-12
            self._ev(s, "final_round", seat, points=p.points)
        s.turn += 1
        # B-14 (version 2): everyone passed in succession, no noble among those passes: end at once.
        if (s.final_round and seat == s.n - 1) or (s.passes >= s.n and s.config.rules_version >= 2):
            s.over = True
            winners = self.winners(s)
            self._ev(s, "game_over", None, winners=list(winners), scores=[q.points for q in s.players])
            return
        s.current = (seat + 1) % s.n
        s.conquest_used = False

    def _refill(self, s: SplendorState) -> None:
        """B-9 / O-1: every empty slot takes the top card of its own deck (base or Orient)."""
        for lv in range(3):
            row = s.rows[lv]
            for sl in range(self.slots):
                if row[sl] == EMPTY:
                    deck = s.decks[lv] if sl < BASE_SLOTS else s.odecks[lv]
                    if deck:
                        row[sl] = deck.pop()
                        self._ev(s, "refill", None, slot=f"{lv + 1}.{sl + 1}", card=CARDS[row[sl]].id)

    def _free_options(self, s: SplendorState, seat: int, p: Player, level: int) -> list[FreeCard]:
        out = []
        for sl in range(self.slots):
            c = s.rows[level - 1][sl]
            if c == EMPTY or self.blocked(s, seat, level, sl + 1):  # S-5
                continue
            if CARDS[c].bonus == BONUS_JOKER and not self.has_bonus_card(p):
                continue
            out.append(FreeCard(level, sl + 1))
        return out

    def _hold_options(self, s: SplendorState, seat: int, p: Player) -> list[Stronghold]:
        """S-3: place from the supply or move one of yours onto a card with no opponent stronghold,
        or remove a lone opponent stronghold."""
        targets: list[int] = []  # flat slot index: 6 * (level - 1) + (slot - 1)
        removable: list[int] = []
        mine: list[int] = []
        for lv in range(3):
            row, owners, counts = s.rows[lv], s.hown[lv], s.hcnt[lv]
            for sl in range(self.slots):
                if row[sl] == EMPTY:
                    continue
                owner = owners[sl]
                k = 6 * lv + sl
                if owner == EMPTY:
                    targets.append(k)
                elif owner == seat:
                    targets.append(k)
                    mine.append(k)
                elif counts[sl] == 1:
                    removable.append(k)
        out: list[Stronghold] = []
        if p.supply:
            out.extend([_HOLD_PLACE[k] for k in targets])
        for src in mine:
            moves = _HOLD_MOVE[src]
            out.extend([moves[k] for k in targets if k != src])
        out.extend([_HOLD_REMOVE[k] for k in removable])
        return out

    def _conquest_target(self, s: SplendorState, seat: int, p: Player) -> tuple[int, int] | None:
        """S-6: all 3 strongholds on one card, once per turn, and the card is affordable."""
        if s.conquest_used or p.supply:
            return None
        for lv in range(3):
            for sl in range(self.slots):
                if s.hown[lv][sl] == seat and s.hcnt[lv][sl] == STRONGHOLDS:
                    c = s.rows[lv][sl]
                    if c != EMPTY and self.can_acquire(p, CARDS[c]):
                        return (lv + 1, sl + 1)
        return None

    # ------------------------------------------------------------------ end of game (B-12, B-13)
    def winners(self, s: SplendorState) -> tuple[int, ...]:
        best = max(p.points for p in s.players)
        tied = [i for i, p in enumerate(s.players) if p.points == best]
        if len(tied) > 1:
            fewest = min(len(s.players[i].cards) for i in tied)  # B-13, O-6
            tied = [i for i in tied if len(s.players[i].cards) == fewest]
        return tuple(tied)

    # ------------------------------------------------------------------ invariants
    def check_invariants(self, s: SplendorState) -> None:
        """Conservation and limits; raises InvariantViolation (a bug, never a player mistake)."""
        per = TOKENS_BY_PLAYERS[s.n]
        bank = s.bank
        t0, t1, t2, t3, t4, t5 = bank
        rows = s.rows
        seen: list[int] = s.discarded + rows[0] + rows[1] + rows[2]
        empties = seen.count(EMPTY)
        for deck in s.decks:
            seen += deck
        for deck in s.odecks:
            seen += deck
        bonus_of, count_of, points_of, noble_points = _BONUS, _BCOUNT, _POINTS, _NOBLE_POINTS
        nobles = s.nobles
        turn_done = s.pending is None and not s.steps
        for p in s.players:
            tok = p.tokens
            t0 += tok[0]
            t1 += tok[1]
            t2 += tok[2]
            t3 += tok[3]
            t4 += tok[4]
            t5 += tok[5]
            if min(tok) < 0:
                raise InvariantViolation("negative tokens")
            if turn_done and sum(tok) > MAX_TOKENS:
                raise InvariantViolation("more than 10 tokens after a turn (B-6)")
            if len(p.reserved) > MAX_RESERVED or len(p.blind) != len(p.reserved):
                raise InvariantViolation("more than 3 reserved cards (B-7)")
            cards = p.cards
            seen += cards
            seen += p.reserved
            # Recount bonuses and points from the tableau (plain loops: cheapest on CPython here).
            bonus = [0, 0, 0, 0, 0]
            points = 0
            joker = p.joker
            for c in cards:
                points += points_of[c]
                color = bonus_of[c]
                if color >= 0:
                    bonus[color] += count_of[c]
                elif c in joker:
                    bonus[joker[c]] += 1
            for pos in p.nobles:
                points += noble_points[nobles[pos]]
            if bonus != p.bonus or points != p.points:
                raise InvariantViolation("bonuses or points out of step with the tableau")
        if (t0, t1, t2, t3, t4, t5) != (per, per, per, per, per, GOLD_TOKENS) or min(bank) < 0:
            raise InvariantViolation(f"tokens not conserved: {(t0, t1, t2, t3, t4, t5)}")
        total_cards = self.total_cards
        counted = len(seen) - empties
        distinct_set = set(seen)
        distinct_set.discard(EMPTY)
        distinct = len(distinct_set)
        if counted != total_cards or distinct != total_cards:
            raise InvariantViolation(f"cards not conserved: {counted} seen, {distinct} distinct")
        noble_at = s.noble_at
        held = 0
        for seat, p in enumerate(s.players):
            for pos in p.nobles:
                held += 1
                if noble_at[pos] != seat:
                    raise InvariantViolation("noble owner out of step")
            for pos in p.rnobles:
                held += 1
                if noble_at[pos] != seat:
                    raise InvariantViolation("noble owner out of step")
        if held + noble_at.count(EMPTY) != len(noble_at):
            raise InvariantViolation("nobles not conserved")
        if self.strongholds:
            self._check_strongholds(s)

    def _check_strongholds(self, s: SplendorState) -> None:
        placed = [0] * s.n
        settled = not s.steps
        for owners, counts, row in zip(s.hown, s.hcnt, s.rows, strict=True):
            for owner, count, card in zip(owners, counts, row, strict=True):
                if count:
                    if owner == EMPTY:
                        raise InvariantViolation("stronghold owner and count disagree")
                    placed[owner] += count
                    if settled and card == EMPTY:
                        raise InvariantViolation("stronghold on an empty slot")
                elif owner != EMPTY:
                    raise InvariantViolation("stronghold owner and count disagree")
        for seat, p in enumerate(s.players):
            if placed[seat] + p.supply != STRONGHOLDS:
                raise InvariantViolation(f"strongholds of seat {seat} not conserved (S-1)")

    # ------------------------------------------------------------------ views (hidden information)
    def view_for(self, s: SplendorState, seat: int | None) -> V.TableView:
        if seat is not None and not 0 <= seat < s.n:
            raise InvalidAction(f"There is no seat {seat}.", key="err.no_seat", params={"seat": seat})
        rows = []
        for lv in range(3):
            slots = []
            for sl in range(self.slots):
                c = s.rows[lv][sl]
                holds: tuple[int, ...] = ()
                if self.strongholds and s.hcnt[lv][sl]:
                    holds = (s.hown[lv][sl],) * s.hcnt[lv][sl]
                slots.append(V.SlotView(f"{lv + 1}.{sl + 1}", lv + 1, _card_view(c) if c != EMPTY else None,
                                        sl >= BASE_SLOTS, holds))
            rows.append(V.RowView(lv + 1, tuple(slots), len(s.decks[lv]),
                                  len(s.odecks[lv]) if self.orient else None))
        reserved_by = {pos: i for i, p in enumerate(s.players) for pos in p.rnobles}
        nobles = tuple(_noble_view(pos, n, reserved_by.get(pos)) for pos, n in enumerate(s.nobles)
                       if s.noble_at[pos] == EMPTY or pos in reserved_by)
        seats = []
        for i, p in enumerate(s.players):
            reserved = tuple(
                V.ReservedView(f"r{k + 1}", CARDS[c].level, p.blind[k],
                               _card_view(c) if (not p.blind[k] or seat == i) else None, CARDS[c].orient)
                for k, c in enumerate(p.reserved)
            )
            owned = tuple(
                V.OwnedCardView(_card_view(c), _owned_color(p, c), CARDS[c].bonus_count if CARDS[c].bonus >= 0
                                else (1 if c in p.joker else 0))
                for c in p.cards
            )
            seats.append(V.PlayerView(
                seat=i, points=p.points, tokens=_t6(p.tokens), bonuses=_t5(p.bonus), cards=owned, reserved=reserved,
                nobles=tuple(_noble_view(pos, s.nobles[pos], None) for pos in p.nobles),
                reserved_nobles=tuple(_noble_view(pos, s.nobles[pos], i) for pos in p.rnobles),
                strongholds_left=p.supply if self.strongholds else None, card_count=len(p.cards)))
        pending = None
        if s.pending is not None:
            pending = V.PendingView(s.pending.kind, s.pending.seat, tuple(str(o) for o in s.pending.options),
                                    default=str(self.default_action(s)))
        affordable: tuple[str, ...] = ()
        if seat is not None:
            p = s.players[seat]
            codes = [f"{lv + 1}.{sl + 1}" for lv in range(3) for sl in range(self.slots)
                     if s.rows[lv][sl] != EMPTY and not self.blocked(s, seat, lv + 1, sl + 1)
                     and self.can_acquire(p, CARDS[s.rows[lv][sl]])]
            codes += [f"r{k + 1}" for k, c in enumerate(p.reserved) if self.can_acquire(p, CARDS[c])]
            affordable = tuple(codes)
        last_seat, last_events = self._last(s, seat)
        return V.TableView(
            ruleset=self.name, players=s.n, viewer=seat, version=s.version, turn=s.turn, to_act=s.to_act,
            rows=tuple(rows), nobles=nobles, bank=_t6(s.bank), seats=tuple(seats), pending=pending,
            last_events=last_events, last_seat=last_seat, final_round=s.final_round, is_over=s.over,
            winners=s.winners(), orient=self.orient, strongholds=self.strongholds, affordable=affordable,
            target=s.target)

    def preview(self, s: SplendorState, seat: int, action: Action) -> V.TableView:
        """``seat``'s table after ``action`` with the refills and a blind reserve's card still hidden."""
        kept = len(s.players[seat].reserved)
        after = s.copy()
        events = self.apply_in_place(after, seat, action)
        view = self.view_for(after, seat)
        refilled = {str(e.params.get("slot")) for e in events if e.kind == "refill"}
        rows = tuple(
            replace(row, slots=tuple(replace(sl, card=None) if sl.code in refilled else sl for sl in row.slots))
            for row in view.rows
        )
        me = view.seats[seat]
        reserved = tuple(replace(r, card=None) if i >= kept and r.blind else r for i, r in enumerate(me.reserved))
        seats = tuple(replace(p, reserved=reserved) if p.seat == seat else p for p in view.seats)
        visible = tuple(e.redacted_for(None) for e in events if e.kind != "refill")
        return replace(view, rows=rows, seats=seats, last_events=visible, affordable=())

    @staticmethod
    def _last(s: SplendorState, viewer: int | None) -> tuple[int | None, tuple[Event, ...]]:
        """The events of the most recent turn (all of it once finished, so far while deciding)."""
        if not s._actions:
            return None, ()
        return s._actions[-1][0], tuple(e.redacted_for(viewer) for e in s._events[s.turn_start:])

    # ------------------------------------------------------------------ JSON
    def state_to_json(self, s: SplendorState) -> dict[str, Any]:
        pend = None
        if s.pending is not None:
            pend = {"kind": s.pending.kind, "seat": s.pending.seat, "options": [str(o) for o in s.pending.options],
                    "data": list(s.pending.data)}
        return {
            "bank": s.bank[:], "rows": [r[:] for r in s.rows], "decks": [d[:] for d in s.decks],
            "odecks": [d[:] for d in s.odecks], "nobles": s.nobles[:], "noble_at": s.noble_at[:],
            "hown": [r[:] for r in s.hown], "hcnt": [r[:] for r in s.hcnt], "players": [p.to_json() for p in s.players],
            "discarded": s.discarded[:], "current": s.current, "pending": pend,
            "steps": [list(x) for x in s.steps], "turn": s.turn, "final_round": s.final_round, "over": s.over,
            "passes": s.passes, "conquest_used": s.conquest_used, "turn_start": s.turn_start,
            "actions": [[seat, str(a)] for seat, a in s._actions], "events": [e.to_json() for e in s._events],
        }

    def state_from_json(self, config: GameConfig, d: Mapping[str, Any]) -> SplendorState:
        s = SplendorState(config, self)
        s.bank = list(d["bank"])
        s.rows = [list(r) for r in d["rows"]]
        s.decks = [list(x) for x in d["decks"]]
        s.odecks = [list(x) for x in d["odecks"]]
        s.nobles = list(d["nobles"])
        s.noble_at = list(d["noble_at"])
        s.turn_start = int(d["turn_start"])
        s.hown = [list(r) for r in d["hown"]]
        s.hcnt = [list(r) for r in d["hcnt"]]
        s.players = [Player.from_json(p) for p in d["players"]]
        s.discarded = list(d["discarded"])
        s.current = int(d["current"])
        pend = d["pending"]
        if pend is not None:
            s.pending = Pending(pend["kind"], int(pend["seat"]), tuple(parse(o) for o in pend["options"]),
                                tuple(int(x) for x in pend["data"]))
        s.steps = [tuple(int(v) for v in x) for x in d["steps"]]
        s.turn = int(d["turn"])
        s.final_round = bool(d["final_round"])
        s.over = bool(d["over"])
        s.passes = int(d["passes"])
        s.conquest_used = bool(d["conquest_used"])
        s._actions = [(int(seat), parse(code)) for seat, code in d["actions"]]
        s._events = [Event.from_json(e) for e in d["events"]]
        return s


_PENDING_RULE = {"return": "B-6", "noble": "B-11", "pay": "B-8", "discard": "O-2", "joker": "O-2", "free": "O-2",
                 "reserve_noble": "O-2", "stronghold": "S-3", "conquest": "S-6"}
_PENDING_WHAT = {
    "return": "return tokens down to 10",
    "noble": "choose which noble visits you",
    "pay": "choose how to pay",
    "discard": "choose the cards to discard",
    "joker": "choose the colour of your joker card",
    "free": "choose your free card",
    "reserve_noble": "choose the noble to reserve",
    "stronghold": "place, move or remove a stronghold",
    "conquest": "decide whether to use Conquest",
}


def _offered(action: Action, options: tuple[Action, ...]) -> bool:
    """Membership by identity first: options and legal_actions share the same objects."""
    for o in options:
        if o is action:
            return True
    return action in options


def _name(color: int) -> str:
    return ("white", "blue", "green", "red", "black", "gold")[color]


def _counts(colors: tuple[int, ...]) -> list[int]:
    counts = [0] * 6
    for c in colors:
        counts[c] += 1
    return counts


def _meets(bonus: list[int], noble: Noble) -> bool:
    req = noble.requirement
    return (bonus[0] >= req[0] and bonus[1] >= req[1] and bonus[2] >= req[2] and bonus[3] >= req[3]
            and bonus[4] >= req[4])


_RETURN_CACHE: dict[tuple[tuple[int, ...], int], tuple[Return, ...]] = {}


def _return_options(tokens: list[int], excess: int) -> tuple[Return, ...]:
    key = (tuple(tokens), excess)
    hit = _RETURN_CACHE.get(key)
    if hit is not None:
        return hit
    held = [i for i in range(6) if tokens[i]]
    seen: dict[tuple[int, ...], Return] = {}
    for combo in combinations_with_replacement(held, excess):
        counts = [0] * 6
        for c in combo:
            counts[c] += 1
        if all(counts[i] <= tokens[i] for i in range(6)):
            key6 = (counts[0], counts[1], counts[2], counts[3], counts[4], counts[5])
            seen[key6] = Return(key6)
    # Default first: return from the colours held most (gold last).
    options = tuple(sorted(seen.values(), key=lambda r: (r.tokens[5], [-x for x in _weights(tokens, r.tokens)])))
    if len(_RETURN_CACHE) > 20000:  # bounded: a long-running bot must not leak
        _RETURN_CACHE.clear()
    _RETURN_CACHE[key] = options
    return options


def _weights(tokens: list[int], ret: tuple[int, ...]) -> list[int]:
    order = sorted(range(5), key=lambda i: -tokens[i])
    return [ret[i] for i in order]


def _card_view(c: int) -> V.CardView:
    return _CARD_VIEWS[c]


def _make_card_view(card: Card) -> V.CardView:
    bonus = {BONUS_GOLD: "gold", BONUS_JOKER: "joker"}.get(card.bonus) or LETTERS[card.bonus]
    return V.CardView(card.id, card.level, bonus, card.points, card.cost, card.effect,
                      None if card.discard_color is None else LETTERS[card.discard_color])


_CARD_VIEWS = tuple(_make_card_view(c) for c in CARDS)


def _owned_color(p: Player, c: int) -> str | None:
    card = CARDS[c]
    if card.bonus >= 0:
        return LETTERS[card.bonus]
    if c in p.joker:
        return LETTERS[p.joker[c]]
    return None


def _noble_view(pos: int, n: int, reserved_by: int | None) -> V.NobleView:
    noble = NOBLES[n]
    return V.NobleView(str(pos + 1), noble.id, noble.points, noble.requirement, reserved_by)


def _t6(x: list[int]) -> tuple[int, int, int, int, int, int]:
    return (x[0], x[1], x[2], x[3], x[4], x[5])


def _t5(x: list[int]) -> tuple[int, int, int, int, int]:
    return (x[0], x[1], x[2], x[3], x[4])


BASE = register(SplendorRules("base", ("splendor", "classic", "clasico", "clássico", "basico", "básico", "base game"),
                              orient=False, strongholds=False))
ORIENT = register(SplendorRules("orient", ("base+orient", "oriente", "the orient", "cities orient"),
                                orient=True, strongholds=False))
STRONGHOLDS_RULES = register(SplendorRules("strongholds", ("base+strongholds", "fortalezas", "fortalezas",
                                                           "stronghold"), orient=False, strongholds=True))
BOTH = register(SplendorRules("orient+strongholds", ("strongholds+orient", "base+orient+strongholds", "both", "all",
                                                      "oriente+fortalezas", "orient strongholds", "full"),
                              orient=True, strongholds=True))
