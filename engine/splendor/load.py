"""Reading a Splendor snapshot strictly (issue 27): a state that loads is one every move and view can work with.

:func:`engine.splendor.serial.state_from_json` reads each part of the state through the checks here, once
per load (nothing is checked again on the moves' hot paths): every number is an ``int`` in its range
(a seat, a count, a noble position), every list has the length the ruleset's table gives it, every card
id is a real card of the ruleset in a place it can be (a level-3 deck holds level-3 base cards, an Orient
slot Orient cards of its level), and a stored decision is the one the position asks for, with the
options the rules offer (:func:`check_decision` asks the very step functions that raised it).
Conservation (tokens, cards, nobles, strongholds) is :mod:`engine.splendor.invariants`' part, checked after.

Anything else raises :class:`~engine.errors.BadSetup` (``err.bad_snapshot``) naming the damaged part.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.errors import BadSetup, EngineError, bad_snapshot
from engine.splendor.actions import Action, Buy
from engine.splendor.apply import PENDING_RULE, buy
from engine.splendor.catalog import BONUS_GOLD, BONUS_JOKER
from engine.splendor.state import EMPTY, Player, SplendorState
from engine.splendor.tables import (
    BASE_SLOTS,
    CARDS,
    CAT,
    GOLD_TOKENS,
    MAX_RESERVED,
    NOBLES,
    ST_CONQUEST,
    ST_END,
    ST_FREE,
    ST_HOLD,
    ST_JOKER,
    ST_NOBLE,
    ST_RETURN,
    ST_RNOBLE,
    STEP_KINDS,
    STRONGHOLDS,
    TOKENS_BY_PLAYERS,
)
from engine.splendor.turn import STEP_FNS
from engine.turns import Pending, Step

#: A count no honest snapshot reaches (turns, passes, tokens...): beyond it a number is damage.
HUGE = 1 << 31
#: The cards that may lie in each base deck and each Orient deck (and in the slots they fill), by level.
BASE_DECK = tuple(frozenset(level) for level in CAT.base_by_level)
ORIENT_DECK = tuple(frozenset(level) for level in CAT.orient_by_level)
#: How many numbers a stored decision's ``data`` holds, by kind (the card bought, the joker, the target).
DATA_SIZES = {"pay": 3, "discard": 3, "joker": 1, "conquest": 2}
#: The step whose function raises each kind of decision (pay and discard come from the purchase itself).
RAISED_BY = {"return": ST_RETURN, "noble": ST_NOBLE, "joker": ST_JOKER, "free": ST_FREE, "reserve_noble": ST_RNOBLE,
             "stronghold": ST_HOLD, "conquest": ST_CONQUEST}
#: How many numbers each kind of step holds (its kind first): a free card's level, a joker's card.
STEP_SIZES = {ST_FREE: 2, ST_JOKER: 2}


def damage(part: str, detail: str) -> BadSetup:
    return bad_snapshot("state", f"{part}: {detail}", part=part)


def integer(raw: Any, part: str, lo: int = 0, hi: int = HUGE) -> int:
    """``raw`` if it is an ``int`` (not a bool, a float or a string) in ``lo .. hi``."""
    if type(raw) is not int or not lo <= raw <= hi:
        raise damage(part, f"{raw!r} is not a whole number from {lo} to {hi}")
    return raw


def flag(raw: Any, part: str) -> bool:
    if type(raw) is not bool:
        raise damage(part, f"{raw!r} is not true or false")
    return raw


def items(raw: Any, part: str, size: int | None = None, most: int = HUGE) -> list[Any]:
    """``raw`` as a list (of ``size`` items, or at most ``most``)."""
    if type(raw) is not list:
        raise damage(part, f"{type(raw).__name__} where a list belongs")
    if (size is not None and len(raw) != size) or len(raw) > most:
        raise damage(part, f"{len(raw)} items, not {size if size is not None else f'at most {most}'}")
    return raw


def integers(raw: Any, part: str, size: int | None = None, lo: int = 0, hi: int = HUGE) -> list[int]:
    """``raw`` as a new list of ``int`` in ``lo .. hi`` (of ``size`` items if given)."""
    if (type(raw) is list and (size is None or len(raw) == size) and all(type(v) is int for v in raw)
            and (not raw or (lo <= min(raw) and max(raw) <= hi))):
        return raw[:]  # the common case, checked by built-ins
    return [integer(v, part, lo, hi) for v in items(raw, part, size)]


def cards(raw: Any, part: str, allowed: frozenset[int], where: str) -> list[int]:
    """A new list of card indexes, each one of ``allowed`` (the cards that can be ``where``)."""
    out = items(raw, part)
    if not (all(type(c) is int for c in out) and allowed.issuperset(out)):
        bad = next(c for c in out if type(c) is not int or c not in allowed)
        raise damage(part, f"{bad!r} is not {where}")
    return out[:]


def supply(s: SplendorState) -> int:
    """The most tokens of one kind a game has (B-2): no bank or player holds more, whatever the totals
    (:mod:`invariants` checks those; this bound keeps every step's work small before it does)."""
    return max(GOLD_TOKENS, TOKENS_BY_PLAYERS[s.n])


def read_table(s: SplendorState, d: Mapping[str, Any]) -> None:
    """The table: bank, face-up rows, decks, nobles, strongholds, cards out of the game."""
    rules, n = s.rules, s.n
    s.bank = integers(d["bank"], "bank", 6, 0, supply(s))
    rows = items(d["rows"], "rows", 3)
    s.rows = []
    for lv in range(3):
        row = items(rows[lv], "rows", rules.slots)
        for sl, c in enumerate(row):
            deck = BASE_DECK[lv] if sl < BASE_SLOTS else ORIENT_DECK[lv]
            if c != EMPTY and (type(c) is not int or c not in deck):
                raise damage("rows", f"{c!r} is not a card of slot {lv + 1}.{sl + 1}")
        s.rows.append(list(row))
    s.decks = [cards(deck, "decks", BASE_DECK[lv], f"a card of the level-{lv + 1} deck")
               for lv, deck in enumerate(items(d["decks"], "decks", 3))]
    s.odecks = [cards(deck, "odecks", ORIENT_DECK[lv] if rules.orient else frozenset(),
                      f"a card of the level-{lv + 1} Orient deck")
                for lv, deck in enumerate(items(d["odecks"], "odecks", 3))]
    s.nobles = integers(d["nobles"], "nobles", None, 0, len(NOBLES) - 1)
    if len(set(s.nobles)) != len(s.nobles):
        raise damage("nobles", "a noble is on the table twice")
    s.noble_at = integers(d["noble_at"], "noble_at", len(s.nobles), EMPTY, n - 1)
    held = STRONGHOLDS if rules.strongholds else 0
    s.hown = [integers(r, "hown", rules.slots, EMPTY, n - 1 if held else EMPTY)
              for r in items(d["hown"], "hown", 3)]
    s.hcnt = [integers(r, "hcnt", rules.slots, 0, held) for r in items(d["hcnt"], "hcnt", 3)]
    s.discarded = cards(d["discarded"], "discarded", frozenset(range(rules.total_cards)), "a card of this game")


def read_player(s: SplendorState, raw: Any, seat: int) -> Player:
    part = f"players[{seat}]"
    if not isinstance(raw, Mapping):
        raise damage(part, "not an object")
    rules = s.rules
    every = frozenset(range(rules.total_cards))
    p = Player()
    p.tokens = integers(raw["tokens"], f"{part}.tokens", 6, 0, supply(s))
    p.bonus = integers(raw["bonus"], f"{part}.bonus", 5)
    p.cards = cards(raw["cards"], f"{part}.cards", every, "a card of this game")
    jokers = items(raw["joker"], f"{part}.joker")
    for pair in jokers:
        c, color = integers(pair, f"{part}.joker", 2, 0, len(CARDS) - 1)
        if CARDS[c].bonus != BONUS_JOKER or c not in p.cards or c in p.joker or color > 4:
            raise damage(f"{part}.joker", f"{pair!r} is not a joker card of the tableau and its colour")
        p.joker[c] = color
    p.goldcards = integer(raw["goldcards"], f"{part}.goldcards")
    if p.goldcards != sum(1 for c in p.cards if CARDS[c].bonus == BONUS_GOLD):
        raise damage(f"{part}.goldcards", "not the number of gold cards in the tableau")
    p.reserved = cards(raw["reserved"], f"{part}.reserved", every, "a card of this game")
    p.blind = [flag(b, f"{part}.blind") for b in items(raw["blind"], f"{part}.blind", len(p.reserved))]
    if len(p.reserved) > MAX_RESERVED:
        raise damage(f"{part}.reserved", f"{len(p.reserved)} reserved cards")
    positions = len(s.nobles) - 1
    p.nobles = integers(raw["nobles"], f"{part}.nobles", None, 0, positions)
    p.rnobles = integers(raw["rnobles"], f"{part}.rnobles", None, 0, positions)
    p.points = integer(raw["points"], f"{part}.points", 0, HUGE)
    p.supply = integer(raw["supply"], f"{part}.supply", 0, STRONGHOLDS if rules.strongholds else 0)
    return p


def read_players(s: SplendorState, raw: Any) -> None:
    s.players = [read_player(s, p, seat) for seat, p in enumerate(items(raw, "players", s.n))]


def read_step(s: SplendorState, raw: Any) -> Step:
    step = tuple(integers(raw, "steps", None, -HUGE, HUGE))
    if not step or not 0 <= step[0] < len(STEP_KINDS) or len(step) != STEP_SIZES.get(step[0], 1):
        raise damage("steps", f"{raw!r} is not a turn step")
    if step[0] == ST_FREE and not 1 <= step[1] <= 3:
        raise damage("steps", f"{raw!r}: there is no level {step[1]}")
    if step[0] == ST_JOKER:
        p = s.players[s.current]
        if step[1] not in p.cards or CARDS[step[1]].bonus != BONUS_JOKER or step[1] in p.joker:
            raise damage("steps", f"{raw!r}: not a joker card waiting for its colour")
    return step


def read_turn(s: SplendorState, d: Mapping[str, Any]) -> None:
    """Whose turn, how far it went: the seat, the rest of the turn (steps) and the game's counters."""
    n = s.n
    s.current = integer(d["current"], "current", 0, n - 1)
    s.turn = integer(d["turn"], "turn")
    s.final_round = flag(d["final_round"], "final_round")
    s.over = flag(d["over"], "over")
    s.passes = integer(d["passes"], "passes", 0, n)
    s.conquest_used = flag(d["conquest_used"], "conquest_used")
    s.steps = [read_step(s, x) for x in items(d["steps"], "steps", None, 64)]


def check_turn(s: SplendorState) -> None:
    """The steps left are the rest of a turn under its decision; none once it is over."""
    if s.pending is None:
        if s.steps:
            raise damage("steps", "steps are left but no decision is pending")
        return
    if s.over:
        raise damage("pending", "a decision is pending in a game that is over")
    if not s.steps or s.steps[0] != (ST_END,) or (ST_END,) in s.steps[1:]:
        raise damage("steps", "not the rest of a turn (its end comes last, once)")
    check_decision(s, s.pending)


def check_decision(s: SplendorState, pending: Pending[Action]) -> None:
    """The stored decision is the one its step (or the purchase) raises in this position, options in order."""
    kind, seat = pending.kind, pending.seat
    if kind not in PENDING_RULE:
        raise damage("pending", f"{kind!r} is not a decision")
    if seat != s.current:
        raise damage("pending", f"a decision of seat {seat} on seat {s.current}'s turn")
    data = pending.data
    if len(data) != DATA_SIZES.get(kind, 0):
        raise damage("pending", f"{len(data)} numbers of data for a {kind} decision")
    again = s.copy()  # the step runs on a copy: in this position it raises the decision again, or not
    again.pending = None
    p = again.players[seat]
    if kind in ("pay", "discard"):
        level, slot, conquest = data
        if not (0 <= level <= 3 and 1 <= slot <= (len(p.reserved) if level == 0 else s.rules.slots)
                and conquest in (0, 1)) or (level and s.rows[level - 1][slot - 1] == EMPTY):
            raise damage("pending", f"{list(data)} is not a card being bought")
        try:
            buy(again, seat, p, Buy(level, slot), conquest=bool(conquest))
        except EngineError as exc:  # not a card this player may buy
            raise damage("pending", f"a {kind} decision for a card that cannot be bought: {exc}") from exc
    elif kind == "free":
        levels = {getattr(o, "level", 0) for o in pending.options}
        if len(levels) != 1 or not 1 <= min(levels) <= 3:
            raise damage("pending", "not the free cards of one level")
        STEP_FNS[ST_FREE](again, (ST_FREE, min(levels)))
    else:
        step: Step = (RAISED_BY[kind], *data)
        if kind == "joker":
            read_step(s, list(step))  # the joker is a card of the tableau waiting for its colour
        STEP_FNS[RAISED_BY[kind]](again, step)
    raised = again.pending
    if raised is None or raised.kind != kind or raised.options != pending.options or raised.data != data:
        raise damage("pending", f"the stored {kind} decision is not the one this position asks for")

