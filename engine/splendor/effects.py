"""What Splendor actions and decisions do to the state: acquiring cards, nobles, jokers, strongholds."""

from __future__ import annotations

from typing import Any

from engine.core import QUIET, Event
from engine.splendor.actions import (
    GOLD,
    LETTERS,
    Discard,
    Payment,
    Return,
    Stronghold,
    payment_code,
    tokens_code,
)
from engine.splendor.catalog import BONUS_GOLD, BONUS_JOKER
from engine.splendor.state import EMPTY, Player, SplendorState
from engine.splendor.tables import (
    BCOUNT,
    CARDS,
    CAT,
    FLAT_CODES,
    NOBLES,
    SLOT_OF,
    ST_FREE,
    ST_HOLD,
    ST_JOKER,
    ST_RNOBLE,
    ev,
)


def return_tokens(s: SplendorState, seat: int, p: Player, action: Return) -> None:
    """B-6: tokens back to the bank."""
    returned, tokens, bank = action.tokens, p.tokens, s.bank
    for i in range(6):
        if returned[i]:
            tokens[i] -= returned[i]
            bank[i] += returned[i]
    if s._events is not QUIET:
        ev(s, "return", seat, tokens=tokens_code(returned))


def take_gold(s: SplendorState, p: Player) -> bool:
    if s.bank[GOLD] > 0:  # B-7: no gold left, the reserve still happens
        s.bank[GOLD] -= 1
        p.tokens[GOLD] += 1
        return True
    return False


def acquire(s: SplendorState, seat: int, p: Player, level: int, slot: int, pay: Payment | None,
             discard: Discard | None, *, conquest: bool = False, free: bool = False) -> None:
    """Move a card into the tableau; push its effects, the S-3 placement and the refill."""
    if level == 0:
        c = p.reserved.pop(slot - 1)
        p.blind.pop(slot - 1)
    else:
        row = s.rows[level - 1]
        c = row[slot - 1]
        row[slot - 1] = EMPTY
    card = CARDS[c]
    if pay is not None:
        bank, tokens = s.bank, p.tokens
        for i in range(6):
            if pay[i]:
                tokens[i] -= pay[i]
                bank[i] += pay[i]
        if pay[6]:
            discard_gold_cards(s, p, pay[6])
    if discard is not None:
        for cid in discard.cards:
            discard_card(s, p, CAT.by_id[cid.lower()])
    p.cards.append(c)
    p.points += card.points
    bonus = card.bonus
    if bonus >= 0:
        p.bonus[bonus] += BCOUNT[c]
    elif bonus == BONUS_GOLD:
        p.goldcards += 1
    if s._events is not QUIET:  # events-off mode: no parameters to build
        kind = "free" if free else ("conquer" if conquest else "buy")
        params: dict[str, Any] = {"card": card.id,
                                  "source": f"r{slot}" if level == 0 else FLAT_CODES[6 * level + slot - 7]}
        if not free:
            params["paid"] = payment_code(pay) if pay is not None and any(pay) else ""
        if discard is not None:
            params["discarded"] = list(discard.cards)
        s._events.append(Event(kind, seat, params))
    guarded = s.rules.strongholds
    if level != 0 and guarded:
        recover(s, seat, level, slot)  # S-4
    # Pushed in reverse: effects resolve first, then S-3; the refill is already below (O-2, S-3, B-9).
    if not free and guarded:
        s.steps.append((ST_HOLD,))
    effect = card.effect
    if effect is None and bonus != BONUS_JOKER:
        return
    if effect == "reserve_noble":
        s.steps.append((ST_RNOBLE,))
    elif effect == "free_l2":
        s.steps.append((ST_FREE, 2))
    elif effect == "joker_free_l1":
        s.steps.append((ST_FREE, 1))
    if card.bonus == BONUS_JOKER:
        s.steps.append((ST_JOKER, c))


def discard_gold_cards(s: SplendorState, p: Player, count: int) -> None:
    gold_cards = sorted((c for c in p.cards if CARDS[c].bonus == BONUS_GOLD), key=lambda c: CARDS[c].id)
    for c in gold_cards[:count]:
        discard_card(s, p, c)


def discard_card(s: SplendorState, p: Player, c: int) -> None:
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


def recover(s: SplendorState, seat: int, level: int, slot: int) -> None:
    """S-4: a player who acquires or reserves a card carrying their strongholds takes them back."""
    if not s.rules.strongholds:
        return
    count = s.hcnt[level - 1][slot - 1]
    if count:
        s.players[seat].supply += count
        s.hcnt[level - 1][slot - 1] = 0
        s.hown[level - 1][slot - 1] = EMPTY
        if s._events is not QUIET:
            ev(s, "recover", seat, slot=f"{level}.{slot}", count=count)


def visit(s: SplendorState, seat: int, p: Player, pos: int) -> None:
    if s.config.rules_version >= 2:
        s.passes = 0  # B-14: a noble visit on a pass breaks the run of passes (on any other turn it is 0)
    if pos in p.rnobles:
        p.rnobles.remove(pos)
    s.noble_at[pos] = seat
    p.nobles.append(pos)
    noble = NOBLES[s.nobles[pos]]
    p.points += noble.points
    if s._events is not QUIET:
        ev(s, "noble", seat, noble=noble.id, position=pos + 1)


def set_joker(s: SplendorState, seat: int, p: Player, c: int, color: int) -> None:
    p.joker[c] = color
    p.bonus[color] += 1
    if s._events is not QUIET:
        ev(s, "joker", seat, card=CARDS[c].id, color=LETTERS[color])


def reserve_noble(s: SplendorState, seat: int, p: Player, pos: int) -> None:
    s.noble_at[pos] = seat
    p.rnobles.append(pos)
    if s._events is not QUIET:
        ev(s, "reserve_noble", seat, noble=NOBLES[s.nobles[pos]].id, position=pos + 1)


def stronghold(s: SplendorState, seat: int, p: Player, action: Stronghold) -> None:
    """S-3; the event names the card under the stronghold (and, for a move, the one it left), so the log
    stays readable once those slots are refilled."""
    lv, sl = slot_of(action.dst)
    hown, hcnt = s.hown, s.hcnt
    quiet = s._events is QUIET
    if action.remove:
        owner = hown[lv - 1][sl - 1]
        hcnt[lv - 1][sl - 1] = 0
        hown[lv - 1][sl - 1] = EMPTY
        s.players[owner].supply += 1
        if not quiet:
            ev(s, "stronghold", seat, op="remove", dst=action.dst, owner=owner, card=CARDS[s.rows[lv - 1][sl - 1]].id)
        return
    extra: dict[str, Any] = {}
    if action.src is not None:
        slv, ssl = slot_of(action.src)
        hcnt[slv - 1][ssl - 1] -= 1
        if hcnt[slv - 1][ssl - 1] == 0:
            hown[slv - 1][ssl - 1] = EMPTY
        if not quiet:
            extra["src_card"] = CARDS[s.rows[slv - 1][ssl - 1]].id
    else:
        p.supply -= 1
    hown[lv - 1][sl - 1] = seat
    hcnt[lv - 1][sl - 1] += 1
    if not quiet:
        ev(s, "stronghold", seat, op="move" if action.src else "place", src=action.src, dst=action.dst,
           owner=seat, card=CARDS[s.rows[lv - 1][sl - 1]].id, **extra)


def slot_of(code: str) -> tuple[int, int]:
    """``"2.3"`` -> ``(2, 3)`` (a table lookup for the codes the engine builds)."""
    found = SLOT_OF.get(code)
    if found is not None:
        return found
    lv, sl = (int(x) for x in code.split("."))
    return lv, sl
