"""The rest of a Splendor turn (B-15): the step stack, the refill (B-9), the end of turn and game (B-12..B-14)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from engine.core import QUIET, Event
from engine.splendor.actions import (
    ChooseNoble,
    Conquer,
    JokerColor,
)
from engine.splendor.effects import acquire, reserve_noble, return_tokens, set_joker, stronghold, visit
from engine.splendor.moves import conquest_target, free_options, hold_options, return_options
from engine.splendor.state import EMPTY, SplendorState
from engine.splendor.tables import (
    BASE_SLOTS,
    CARDS,
    FLAT_CODES,
    MAX_TOKENS,
    NOBLE_MIN_BONUS,
    NOBLES,
    ST_CONQUEST,
    ST_END,
    ST_FREE,
    ST_HOLD,
    ST_JOKER,
    ST_NOBLE,
    ST_REFILL,
    ST_RETURN,
    ST_RNOBLE,
    ev,
    meets,
)
from engine.turns import Pending, Step

#: The rest of the turn after a main action (B-15), bottom first: the end check, the noble visit, the token limit,
#: and on top the refill (a card left its slot) or, with Strongholds, Conquest then the refill (see end_steps).
_TAIL: Final[list[Step]] = [(ST_END,), (ST_NOBLE,), (ST_RETURN,)]
_TAIL_REFILL: Final[list[Step]] = [*_TAIL, (ST_REFILL,)]
_TAIL_GUARDED: Final[list[Step]] = [*_TAIL, (ST_REFILL,), (ST_CONQUEST,)]


def end_steps(s: SplendorState, *, refill: bool) -> list[Step]:
    """The rest of the turn after the main action (B-15), as a stack (last resolves first): a new list.

    With Strongholds the refill waits until after Conquest, as in seed 001's worked example
    ("places 1 stronghold on card C and refills the 2 acquired cards"): the slot of a card
    taken this turn stays empty while Conquest is decided and while strongholds are placed.
    """
    if s.rules.strongholds:
        return _TAIL_GUARDED[:]
    return _TAIL_REFILL[:] if refill else _TAIL[:]


def return_step(s: SplendorState, step: Step) -> None:
    """B-6: tokens above 10 go back (a choice when several sets of tokens could)."""
    seat = s.current
    p = s.players[seat]
    excess = sum(p.tokens) - MAX_TOKENS
    if excess > 0:
        options = return_options(p.tokens, excess)
        if len(options) == 1:  # never in play: 11+ tokens span two kinds (at most 7 of one), so at least two ways
            return_tokens(s, seat, p, options[0])  # (a mutant here survives unexecuted; kept for safety)
        else:
            s.pending = Pending("return", seat, options)


def noble_step(s: SplendorState, step: Step) -> None:
    """B-11: a noble whose bonuses the player meets visits (a choice among several)."""
    seat = s.current
    p = s.players[seat]
    bonus = p.bonus
    if sum(bonus) < NOBLE_MIN_BONUS:
        return  # no noble asks for this few bonuses (a cheap exit, most turns)
    cands = [pos for pos, n in enumerate(s.nobles)
             if (s.noble_at[pos] == EMPTY or pos in p.rnobles) and meets(bonus, NOBLES[n])
             and pos not in p.nobles]
    if len(cands) == 1:
        visit(s, seat, p, cands[0])
    elif cands:
        s.pending = Pending("noble", seat, tuple(ChooseNoble(pos + 1) for pos in sorted(cands)))


def end_step(s: SplendorState, step: Step) -> None:
    """The end of the turn (B-12 .. B-14): the final round, the game's end, or the next seat."""
    seat = s.current
    p = s.players[seat]
    if not s.final_round and p.points >= s.target:
        s.final_round = True  # B-12
        ev(s, "final_round", seat, points=p.points)
    s.turn += 1
    # B-14 (version 2): everyone passed in succession, no noble among those passes: end at once.
    if (s.final_round and seat == s.n - 1) or (s.passes >= s.n and s.config.rules_version >= 2):
        s.over = True
        ev(s, "game_over", None, winners=list(winners(s)), scores=[q.points for q in s.players])
        return
    s.current = (seat + 1) % s.n
    s.conquest_used = False  # equivalent to main_action's own reset, which comes before any Conquest (S-6)


def refill_step(s: SplendorState, step: Step) -> None:
    """B-9 / O-1: every empty slot takes the top card of its own deck (base or Orient)."""
    loud = s._events is not QUIET
    for lv in range(3):
        row = s.rows[lv]
        if EMPTY not in row:  # most rows, most turns
            continue
        for sl in range(s.rules.slots):
            if row[sl] == EMPTY:
                deck = s.decks[lv] if sl < BASE_SLOTS else s.odecks[lv]
                if deck:
                    card = row[sl] = deck.pop()
                    if loud:
                        s._events.append(Event("refill", None, {"slot": FLAT_CODES[6 * lv + sl],
                                                                "card": CARDS[card].id}))


def joker_step(s: SplendorState, step: Step) -> None:
    """O-2: the joker card ``step[1]`` takes the colour of one of the player's cards."""
    seat = s.current
    p = s.players[seat]
    c = step[1]
    colors = sorted({CARDS[x].bonus if CARDS[x].bonus >= 0 else p.joker[x]
                     for x in p.cards if x != c and (CARDS[x].bonus >= 0 or x in p.joker)})
    if len(colors) == 1:
        set_joker(s, seat, p, c, colors[0])
    elif colors:
        s.pending = Pending("joker", seat, tuple(JokerColor(col) for col in colors), (c,))


def free_step(s: SplendorState, step: Step) -> None:
    """O-2: a free card of level ``step[1]``."""
    seat = s.current
    p = s.players[seat]
    frees = free_options(s, seat, p, step[1])
    if len(frees) == 1:
        acquire(s, seat, p, frees[0].level, frees[0].slot, None, None, free=True)
    elif frees:
        s.pending = Pending("free", seat, tuple(frees))


def rnoble_step(s: SplendorState, step: Step) -> None:
    """O-2: reserve a noble from the table."""
    seat = s.current
    p = s.players[seat]
    table = [pos for pos in range(len(s.nobles)) if s.noble_at[pos] == EMPTY]
    if len(table) == 1:
        reserve_noble(s, seat, p, table[0])
    elif table:
        s.pending = Pending("reserve_noble", seat, tuple(ChooseNoble(pos + 1) for pos in table))


def hold_step(s: SplendorState, step: Step) -> None:
    """S-3: place, move or remove a stronghold."""
    seat = s.current
    p = s.players[seat]
    holds = hold_options(s, seat, p)
    if len(holds) == 1:
        stronghold(s, seat, p, holds[0])
    elif holds:
        s.pending = Pending("stronghold", seat, tuple(holds))


def conquest_step(s: SplendorState, step: Step) -> None:
    """S-6: Conquest is offered when a card under the player's strongholds is affordable."""
    seat = s.current
    target = conquest_target(s, seat, s.players[seat])
    if target is not None:
        s.pending = Pending("conquest", seat, (Conquer(False), Conquer(True)), target)


#: The step functions, indexed by step kind (``ST_END`` .. ``ST_RNOBLE``, :mod:`engine.splendor.tables`).
_BY_KIND: dict[int, Callable[[SplendorState, Step], None]] = {
    ST_END: end_step, ST_NOBLE: noble_step, ST_RETURN: return_step, ST_CONQUEST: conquest_step,
    ST_REFILL: refill_step, ST_HOLD: hold_step, ST_JOKER: joker_step, ST_FREE: free_step, ST_RNOBLE: rnoble_step,
}
STEP_FNS: Final = tuple(_BY_KIND[kind] for kind in range(len(_BY_KIND)))


def winners(s: SplendorState) -> tuple[int, ...]:
    best = max(p.points for p in s.players)
    tied = [i for i, p in enumerate(s.players) if p.points == best]
    if len(tied) > 1:
        fewest = min(len(s.players[i].cards) for i in tied)  # B-13, O-6
        tied = [i for i in tied if len(s.players[i].cards) == fewest]
    return tuple(tied)
