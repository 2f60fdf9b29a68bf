"""Validating and applying a Splendor main action (B-4) or the answer to a pending decision."""

from __future__ import annotations

from engine.core import QUIET, Event
from engine.errors import GameOver, NotYourTurn
from engine.errors import illegal as _illegal
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
    Reserve,
    Return,
    Stronghold,
    Take,
    payment_code,
)
from engine.splendor.catalog import BONUS_JOKER, Card
from engine.splendor.effects import (
    acquire,
    recover,
    reserve_noble,
    return_tokens,
    set_joker,
    stronghold,
    take_gold,
    visit,
)
from engine.splendor.moves import (
    default_payment,
    discard_options,
    main_actions,
    payments,
    take_code,
    valid_payment,
)
from engine.splendor.state import EMPTY, Player, SplendorState
from engine.splendor.tables import (
    CARDS,
    FLAT_CODES,
    MAX_RESERVED,
    ST_END,
    ST_NOBLE,
    blocked,
    can_acquire,
    card_at,
    color_name,
    ev,
    has_bonus_card,
    shortfall,
)
from engine.splendor.turn import STEP_FNS, end_steps
from engine.turns import Pending, run_steps


def apply_in_place(s: SplendorState, seat: int, action: Action) -> tuple[Event, ...]:
    if s.over:
        raise GameOver()
    pending = s.pending
    to_act = s.current if pending is None else pending.seat
    if seat != to_act:
        raise NotYourTurn(seat, to_act)
    events = s._events
    if events is QUIET:  # events-off mode (search play-outs): no log to slice
        if pending is not None:
            decide(s, seat, pending, action)
        else:
            main_action(s, seat, action)
            s.turn_start = 0  # where the empty log starts, as below
        run_steps(s, STEP_FNS)
        return ()
    start = len(events)
    if pending is not None:
        decide(s, seat, pending, action)
    else:
        main_action(s, seat, action)
        s.turn_start = start
    s._actions.append((seat, action))
    run_steps(s, STEP_FNS)  # the rest of the turn (engine.turns)
    return tuple(events[start:])


# -- main actions (B-4)
def main_action(s: SplendorState, seat: int, action: Action) -> None:
    p = s.players[seat]
    if isinstance(action, Take):
        take(s, seat, p, action)
    elif isinstance(action, Reserve):
        reserve(s, seat, p, action)
    elif isinstance(action, Buy):
        buy(s, seat, p, action)
    elif isinstance(action, Pass):
        if main_actions(s):
            raise _illegal("B-14", "You can only pass when you have no other legal action.", "err.pass")
        s.passes += 1
        ev(s, "pass", seat)
        if s.passes >= s.n and s.config.rules_version < 2:
            s.final_round = True  # B-14, version 1: a full round of passes ends the round as in B-12
        s.steps = [(ST_END,), (ST_NOBLE,)]  # B-11: a pass is a turn; a qualifying noble still visits
        return
    else:
        raise _illegal("B-4", f"`{action}` answers a decision nobody asked for; choose your action for this turn.",
                       "err.no_pending", code=str(action))
    s.passes = 0
    s.conquest_used = False


def take(s: SplendorState, seat: int, p: Player, action: Take) -> None:
    colors = action.colors
    bank = s.bank
    for c in colors:
        if c < 0 or c > 4:
            raise _illegal("B-4", "Gold can't be taken; it comes with a reserve.", "err.take_gold")
    if len(colors) > 3:
        raise _illegal("B-4", "Take three different colours, or two of the same colour.", "err.take_mixed")
    if len(colors) == 2 and colors[0] == colors[1]:
        c = colors[0]
        if bank[c] < 4:
            raise _illegal("B-4", f"Two {color_name(c)} tokens can be taken only when at least 4 are in the bank.",
                           "err.take_two", color=LETTERS[c], bank=bank[c])
    else:
        if len(set(colors)) != len(colors):
            raise _illegal("B-4", "Take three different colours, or two of the same colour.", "err.take_mixed")
        for c in colors:
            if bank[c] == 0:
                raise _illegal("B-4", f"There are no {color_name(c)} tokens left in the bank.", "err.bank_empty",
                               color=LETTERS[c])
        if len(colors) < 3:
            available = sum(1 for i in range(5) if bank[i] > 0)
            if available != len(colors):
                raise _illegal("B-5", "Take three different colours; fewer only when fewer colours are left "
                                      "in the bank.", "err.take_fewer")
    tokens = p.tokens
    for c in colors:
        bank[c] -= 1
        tokens[c] += 1
    if s._events is not QUIET:
        s._events.append(Event("take", seat, {"tokens": take_code(colors)}))  # (ev's keywords, without the call)
    s.steps = end_steps(s, refill=False)


def reserve(s: SplendorState, seat: int, p: Player, action: Reserve) -> None:
    if len(p.reserved) >= MAX_RESERVED:
        raise _illegal("B-7", "You already hold 3 reserved cards.", "err.reserve_max")
    level = action.level
    if not 1 <= level <= 3:
        raise _illegal("B-7", f"There is no level {level}.", "err.no_level", level=level)
    if not -1 <= action.slot <= s.rules.slots:
        raise _illegal("B-7", f"There is no slot {level}.{action.slot} on the table.", "err.no_slot",
                       slot=f"{level}.{action.slot}")
    if action.slot <= 0:
        orient = action.slot == -1
        if orient and not s.rules.orient:
            raise _illegal("O-1", "There are no Orient decks in this game.", "err.no_orient")
        deck = (s.odecks if orient else s.decks)[level - 1]
        if not deck:
            raise _illegal("B-7", f"The level-{level} deck is empty.", "err.deck_empty", level=level)
        card = deck.pop()
        p.reserved.append(card)
        p.blind.append(True)
        where = f"{'o' if orient else 'd'}{level}"
        gold = take_gold(s, p)
        if s._events is not QUIET:
            ev(s, "reserve", seat, frozenset({"card"}), card=CARDS[card].id, level=level, source=where,
               blind=True, gold=gold)
        s.steps = end_steps(s, refill=False)
        return
    card = card_at(s, level, action.slot)
    if blocked(s, seat, level, action.slot):
        raise _illegal("S-2", "An opponent's stronghold is on that card.", "err.blocked",
                       slot=f"{level}.{action.slot}")
    s.rows[level - 1][action.slot - 1] = EMPTY
    p.reserved.append(card)
    p.blind.append(False)
    gold = take_gold(s, p)
    if s._events is not QUIET:
        ev(s, "reserve", seat, card=CARDS[card].id, level=level, source=FLAT_CODES[6 * level + action.slot - 7],
           blind=False,
           gold=gold)
    recover(s, seat, level, action.slot)
    s.steps = end_steps(s, refill=True)


def locate(s: SplendorState, seat: int, p: Player, level: int, slot: int) -> int:
    if level == 0:
        if not 1 <= slot <= len(p.reserved):
            raise _illegal("B-8", f"You have no reserved card r{slot}.", "err.no_reserved", code=f"r{slot}")
        return p.reserved[slot - 1]
    card = card_at(s, level, slot)
    if blocked(s, seat, level, slot):
        raise _illegal("S-2", "An opponent's stronghold is on that card.", "err.blocked", slot=f"{level}.{slot}")
    return card


def buy(s: SplendorState, seat: int, p: Player, action: Buy, *, conquest: bool = False) -> None:
    c = locate(s, seat, p, action.level, action.slot)
    card = CARDS[c]
    check_acquirable(p, card)
    steps = s.steps if conquest else end_steps(s, refill=True)
    if card.effect == "discard_2":
        if action.payment is not None and any(action.payment):
            raise _illegal("O-2", "That card is paid by discarding cards, not with tokens.", "err.discard_cost")
        discards = discard_options(p, card)
        s.steps = steps
        if len(discards) > 1:
            s.pending = Pending("discard", seat, tuple(discards), (action.level, action.slot, int(conquest)))
            return
        acquire(s, seat, p, action.level, action.slot, None, discards[0], conquest=conquest)
        return
    if action.payment is not None:
        if not valid_payment(p, card, action.payment, s.config.rules_version):
            raise _illegal("B-8", "That payment doesn't match the card's cost.", "err.bad_payment",
                           paid=payment_code(action.payment))
        pay = action.payment
    else:
        pay = default_payment(p, card, s.config.rules_version)
        if p.goldcards or (p.tokens[GOLD] > pay[GOLD] and (pay[0] or pay[1] or pay[2] or pay[3] or pay[4])):
            # Several payments exist, except with gold tokens alone (no Orient gold card) when the default
            # spends no coloured token or every gold token (a gold could replace a coloured token otherwise).
            # Equivalent mutants: a weaker test here (``or`` for an ``and``) only enumerates payments that turn
            # out to be one (len(options) == 1 below): this is a shortcut, not a rule.
            options = payments(p, card, s.config.rules_version)
            if len(options) > 1:
                s.steps = steps
                s.pending = Pending("pay", seat, tuple(Pay(o) for o in options),
                                    (action.level, action.slot, int(conquest)))
                return
    s.steps = steps
    acquire(s, seat, p, action.level, action.slot, pay, None, conquest=conquest)


def check_acquirable(p: Player, card: Card) -> None:
    if can_acquire(p, card):
        return
    if card.effect == "discard_2":
        raise _illegal("O-2", f"You need 2 {color_name(card.discard_color or 0)} cards to discard for that card.",
                       "err.discard_need", color=LETTERS[card.discard_color or 0])
    if card.bonus == BONUS_JOKER and not has_bonus_card(p):
        raise _illegal("O-2", "A joker card needs one of your cards with a bonus to sit on.", "err.joker_need")
    raise _illegal("B-8", "You can't afford that card.", "err.cannot_afford", card=card.id,
                   short=shortfall(p, card) - p.tokens[GOLD] - 2 * p.goldcards)


# -- decisions
def decide(s: SplendorState, seat: int, pending: Pending[Action], action: Action) -> None:
    kind = pending.kind
    p = s.players[seat]
    if kind == "pay" and isinstance(action, Pay) and action not in pending.options:
        raise _illegal("B-8", "That payment doesn't match the card's cost.", "err.bad_payment",
                       paid=payment_code(action.payment))
    if kind == "conquest" and isinstance(action, Conquer) and action.accept and action.payment is not None:
        level, slot = pending.data
        card = CARDS[s.rows[level - 1][slot - 1]]
        if card.effect == "discard_2" or not valid_payment(p, card, action.payment,
                                                                s.config.rules_version):
            raise _illegal("B-8", "That payment doesn't match the card's cost.", "err.bad_payment",
                           paid=payment_code(action.payment))
    elif not offered(action, pending.options):
        raise _illegal(PENDING_RULE[kind], f"Now you must {PENDING_WHAT[kind]}.", f"err.pending.{kind}",
                       action=str(action))
    s.pending = None
    if kind == "return":
        assert isinstance(action, Return)
        return_tokens(s, seat, p, action)
    elif kind == "noble":
        assert isinstance(action, ChooseNoble)
        visit(s, seat, p, action.position - 1)
    elif kind == "pay":
        assert isinstance(action, Pay)
        level, slot, conquest = pending.data
        acquire(s, seat, p, level, slot, action.payment, None, conquest=bool(conquest))
    elif kind == "discard":
        assert isinstance(action, Discard)
        level, slot, conquest = pending.data
        acquire(s, seat, p, level, slot, None, action, conquest=bool(conquest))
    elif kind == "joker":
        assert isinstance(action, JokerColor)
        set_joker(s, seat, p, pending.data[0], action.color)
    elif kind == "free":
        assert isinstance(action, FreeCard)
        acquire(s, seat, p, action.level, action.slot, None, None, free=True)
    elif kind == "reserve_noble":
        assert isinstance(action, ChooseNoble)
        reserve_noble(s, seat, p, action.position - 1)
    elif kind == "stronghold":
        assert isinstance(action, Stronghold)
        stronghold(s, seat, p, action)
    elif kind == "conquest":
        assert isinstance(action, Conquer)
        if action.accept:
            level, slot = pending.data
            s.conquest_used = True
            buy(s, seat, p, Buy(level, slot, action.payment), conquest=True)
        else:
            ev(s, "conquest_declined", seat)


PENDING_RULE = {"return": "B-6", "noble": "B-11", "pay": "B-8", "discard": "O-2", "joker": "O-2", "free": "O-2",
                 "reserve_noble": "O-2", "stronghold": "S-3", "conquest": "S-6"}


PENDING_WHAT = {
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


def offered(action: Action, options: tuple[Action, ...]) -> bool:
    """Membership by identity first: options and legal_actions share the same objects."""
    for o in options:
        if o is action:
            return True
    return action in options
