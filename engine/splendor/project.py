"""What one viewer may know of a Splendor game: ``view_for`` and ``preview`` (views are in ``view.py``)."""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache

from engine.core import Event, PublicInfo
from engine.errors import InvalidAction
from engine.splendor import view as V
from engine.splendor.actions import (
    GOLD,
    LETTERS,
    Action,
)
from engine.splendor.apply import apply_in_place
from engine.splendor.catalog import BONUS_GOLD, BONUS_JOKER, Card
from engine.splendor.moves import default_action
from engine.splendor.state import EMPTY, Player, SplendorState
from engine.splendor.tables import (
    BASE_SLOTS,
    CARDS,
    COST,
    GATE,
    MAX_RESERVED,
    MAX_TOKENS,
    NOBLES,
    ORIENT_SLOTS,
    blocked,
    can_acquire,
)


def view_for(s: SplendorState, seat: int | None) -> V.TableView:
    if seat is not None and not 0 <= seat < s.n:
        raise InvalidAction(f"There is no seat {seat}.", key="err.no_seat", params={"seat": seat})
    rules, views = s.rules, CARD_VIEWS  # locals: this runs for every post, preview and computer turn
    strongholds, slot_view = rules.strongholds, V.SlotView
    rows = []
    for lv in range(3):
        row, codes, hcnt, hown = s.rows[lv], SLOT_CODES[lv], s.hcnt[lv], s.hown[lv]
        slots = []
        for sl in range(rules.slots):
            c = row[sl]
            holds: tuple[int, ...] = ()
            if strongholds and hcnt[sl]:
                holds = (hown[sl],) * hcnt[sl]
            slots.append(slot_view(codes[sl], lv + 1, views[c] if c != EMPTY else None, sl >= BASE_SLOTS, holds))
        rows.append(V.RowView(lv + 1, tuple(slots), len(s.decks[lv]),
                              len(s.odecks[lv]) if rules.orient else None))
    reserved_by = {pos: i for i, p in enumerate(s.players) for pos in p.rnobles}
    nobles = tuple(noble_view(pos, n, reserved_by.get(pos)) for pos, n in enumerate(s.nobles)
                   if s.noble_at[pos] == EMPTY or pos in reserved_by)
    seats = []
    reserved_view, owned_view = V.ReservedView, V.OwnedCardView
    for i, p in enumerate(s.players):
        reserved = tuple(
            reserved_view(HAND_CODES[k], CARDS[c].level, p.blind[k],
                          views[c] if (not p.blind[k] or seat == i) else None, CARDS[c].orient)
            for k, c in enumerate(p.reserved)
        )
        owned = []
        for c in p.cards:
            card = CARDS[c]
            if card.bonus >= 0:
                owned.append(owned_view(views[c], LETTERS[card.bonus], card.bonus_count))
            else:
                owned.append(owned_view(views[c], owned_color(p, c), 1 if c in p.joker else 0))
        seats.append(V.PlayerView(
            seat=i, points=p.points, tokens=t6(p.tokens), bonuses=t5(p.bonus), cards=tuple(owned), reserved=reserved,
            nobles=tuple(noble_view(pos, s.nobles[pos], None) for pos in p.nobles),
            reserved_nobles=tuple(noble_view(pos, s.nobles[pos], i) for pos in p.rnobles),
            strongholds_left=p.supply if strongholds else None, card_count=len(p.cards)))
    pending = None
    if s.pending is not None:
        params: tuple[tuple[str, object], ...] = ()
        if s.pending.kind == "return":  # how many tokens must go back (B-6)
            params = (("count", sum(s.players[s.pending.seat].tokens) - MAX_TOKENS),)
        pending = V.PendingView(s.pending.kind, s.pending.seat, tuple(str(o) for o in s.pending.options),
                                params=params, default=str(default_action(s)))
    affordable = () if seat is None else buyable_codes(s, seat, shown_to=seat)
    buyable: tuple[str, ...] = ()
    if s.pending is None and not s.over and s.to_act is not None:
        buyable = affordable if s.to_act == seat else buyable_codes(s, s.to_act, shown_to=seat)
    last_seat, last_events = last_turn(s, seat)
    return V.TableView(
        ruleset=s.rules.name, players=s.n, viewer=seat, version=s.version, turn=s.turn, to_act=s.to_act,
        rows=tuple(rows), nobles=nobles, bank=t6(s.bank), seats=tuple(seats), pending=pending,
        last_events=last_events, last_seat=last_seat, final_round=s.final_round, is_over=s.over,
        winners=s.winners(), orient=s.rules.orient, strongholds=s.rules.strongholds, affordable=affordable,
        buyable=buyable,
        target=s.target, public=public_info(s, seat))


def public_info(s: SplendorState, seat: int | None) -> PublicInfo | None:
    """The viewer's searchable knowledge (core.PublicInfo), for the seat to act only."""
    if seat is None or seat != s.to_act:
        return None
    return PublicInfo(s.public_copy(seat), seat)


def preview(s: SplendorState, seat: int, action: Action) -> V.TableView:
    """``seat``'s table after ``action`` with the refills and a blind reserve's card still hidden."""
    kept = len(s.players[seat].reserved)
    after = s.copy()
    events = apply_in_place(after, seat, action)
    view = view_for(after, seat)
    refilled = {str(e.params.get("slot")) for e in events if e.kind == "refill"}
    rows = tuple(
        replace(row, slots=tuple(replace(sl, card=None) if sl.code in refilled else sl for sl in row.slots))
        for row in view.rows
    )
    me = view.seats[seat]
    reserved = tuple(replace(r, card=None) if i >= kept and r.blind else r for i, r in enumerate(me.reserved))
    seats = tuple(replace(p, reserved=reserved) if p.seat == seat else p for p in view.seats)
    visible = tuple(e.redacted_for(None) for e in events if e.kind != "refill")
    return replace(view, rows=rows, seats=seats, last_events=visible, affordable=(), buyable=(), public=None)


#: Slot codes ("2.3") by level and slot, and reserved-card codes ("r1"): built once, not per view.
SLOT_CODES = tuple(tuple(f"{lv + 1}.{sl + 1}" for sl in range(BASE_SLOTS + ORIENT_SLOTS)) for lv in range(3))
HAND_CODES = tuple(f"r{k + 1}" for k in range(4 * MAX_RESERVED))  # more than any hand holds


def buyable_codes(s: SplendorState, seat: int, *, shown_to: int | None) -> tuple[str, ...]:
    """Codes of the cards ``seat`` can acquire now (table slots it may take, then its reserved cards), leaving
    out a blind reserve that ``shown_to`` does not see.  The shortfall is inlined colour by colour (a card gated
    by more than its cost goes through ``can_acquire``); ``main_actions`` tests the same on packed costs."""
    p = s.players[seat]
    b, t = p.bonus, p.tokens
    h0, h1, h2, h3, h4 = b[0] + t[0], b[1] + t[1], b[2] + t[2], b[3] + t[3], b[4] + t[4]
    gold = t[GOLD] + 2 * p.goldcards

    def affordable(c: int) -> bool:
        if GATE[c]:
            return can_acquire(p, CARDS[c])
        c0, c1, c2, c3, c4 = COST[c]
        return ((c0 - h0 if c0 > h0 else 0) + (c1 - h1 if c1 > h1 else 0) + (c2 - h2 if c2 > h2 else 0)
                + (c3 - h3 if c3 > h3 else 0) + (c4 - h4 if c4 > h4 else 0)) <= gold

    guarded = s.rules.strongholds
    codes = [SLOT_CODES[lv][sl] for lv in range(3) for sl, c in enumerate(s.rows[lv])
             if c != EMPTY and not (guarded and blocked(s, seat, lv + 1, sl + 1)) and affordable(c)]
    # Equivalent mutant: ``strict=False``, as a player's reserved and blind lists always have the same length
    # (invariants.py checks it after every move).
    codes += [HAND_CODES[k] for k, (c, blind) in enumerate(zip(p.reserved, p.blind, strict=True))
              if (shown_to == seat or not blind) and affordable(c)]
    return tuple(codes)


def last_turn(s: SplendorState, viewer: int | None) -> tuple[int | None, tuple[Event, ...]]:
    """The events of the most recent turn (all of it once finished, so far while deciding)."""
    if not s._actions:
        return None, ()
    return s._actions[-1][0], tuple(e.redacted_for(viewer) for e in s._events[s.turn_start:])


def card_view(c: int) -> V.CardView:
    return CARD_VIEWS[c]


def make_card_view(card: Card) -> V.CardView:
    bonus = {BONUS_GOLD: "gold", BONUS_JOKER: "joker"}.get(card.bonus) or LETTERS[card.bonus]
    return V.CardView(card.id, card.level, bonus, card.points, card.cost, card.effect,
                      None if card.discard_color is None else LETTERS[card.discard_color])


CARD_VIEWS = tuple(make_card_view(c) for c in CARDS)


def owned_color(p: Player, c: int) -> str | None:
    card = CARDS[c]
    if card.bonus >= 0:
        return LETTERS[card.bonus]
    if c in p.joker:
        return LETTERS[p.joker[c]]
    return None


@lru_cache(maxsize=1024)  # bounded: positions x nobles x seats
def noble_view(pos: int, n: int, reserved_by: int | None) -> V.NobleView:
    noble = NOBLES[n]
    return V.NobleView(str(pos + 1), noble.id, noble.points, noble.requirement, reserved_by)


def t6(x: list[int]) -> tuple[int, int, int, int, int, int]:
    return (x[0], x[1], x[2], x[3], x[4], x[5])


def t5(x: list[int]) -> tuple[int, int, int, int, int]:
    return (x[0], x[1], x[2], x[3], x[4])
