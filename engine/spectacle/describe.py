"""Spectacle actions and events as language-free :class:`~engine.core.Description` values.

Registered with :func:`engine.core.register_describer` for :class:`engine.spectacle.view.TableView`, whose
``describe`` / ``describe_event`` call it (the view does not import this module: no cycle).  It reads
only what that view holds, so another player's blind reserve stays a
:class:`~engine.core.HiddenCard`.  Computed only when asked, never while a game is played.

Verbs (one sentence each in the text layer):

* actions: ``take_chips``, ``reserve``, ``reserve_top``, ``buy``, ``buy_pay``, ``pay``,
  ``claim_set``, ``claim_run``, ``put``, ``put_auto``, ``return_chip``, ``return_auto``, ``noble``,
  ``discard``, ``destroy``, ``free``, ``swap``;
* events: ``take_chips``, ``reserve``, ``reserve_blind``, ``buy``/``buy_nopay``, ``put`` (which stack each paid
  chip went under: part of the turn's story),
  ``return_chip``, ``noble``, ``discard`` (the noble first, then the cards), ``power_none``,
  ``destroy``, ``free``, ``swap``, ``claim_set``/``claim_run``, ``end_vp``, ``end_deck``,
  ``game_over``, ``refill`` (minor); an unknown kind keeps its kind as verb.
"""

from __future__ import annotations

from typing import Any

from engine.core import Chips, Description, Event, HiddenCard, register_describer
from engine.spectacle.actions import (
    DECK_REF,
    GRID_REF,
    HAND_REF,
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
    own,
)
from engine.spectacle.cards import CARD_CODE, CARD_VIEW, GRID_CODE, NOBLE_CODE, NOBLE_VIEW
from engine.spectacle.view import TableView

_CARD_BY_CODE = {code: CARD_VIEW[c] for c, code in enumerate(CARD_CODE)}
_NOBLE_BY_CODE = {code: NOBLE_VIEW[n] for n, code in enumerate(NOBLE_CODE)}


def _origin(place: str) -> str:
    """Where a Spectacle place points: a hand card (``r1``), the deck, or a grid position (``b2``)."""
    if place == "deck":
        return "deck"
    if place.startswith("r"):
        return "hand"
    return "table" if place else ""


def _actor(view: TableView) -> int | None:
    return view.pending.seat if view.pending is not None else view.to_act


def _ref(view: TableView, seat: int | None, ref: int) -> tuple[object, tuple[str, ...]]:
    """(card as the viewer sees it, places) for a card named by id, grid position or hand slot."""
    if ref < GRID_REF:
        return CARD_VIEW[ref], ()
    if ref < HAND_REF:
        pos = ref - GRID_REF
        card = view.grid[pos].card if pos < len(view.grid) else None
        return (card if card is not None else HiddenCard()), (GRID_CODE[pos],)
    if ref < DECK_REF:
        code = f"r{ref - HAND_REF + 1}"
        if seat is not None and 0 <= seat < len(view.seats):
            for h in view.seats[seat].hand:
                if h.code == code:
                    return (h.card if h.card is not None else HiddenCard()), (code,)
        return HiddenCard(), (code,)
    return HiddenCard(), ("deck",)


def _owner(view: TableView, card: int) -> tuple[int, ...]:
    code = CARD_CODE[card]
    for s in view.seats:
        if any(c.code == code for suit in s.tableau for c in suit):
            return (s.seat,)
    return ()


def describe_action(view: TableView, action: object) -> Description:
    a = own(action)
    seat = _actor(view)
    if isinstance(a, Take):
        chips = tuple(top for i in a.stacks if i < len(view.stacks) and (top := view.stacks[i].top) is not None)
        return Description("take_chips", seat, tokens=Chips(chips), places=tuple(str(i + 1) for i in a.stacks))
    if isinstance(a, Reserve):
        if a.ref == DECK_REF:
            return Description("reserve_top", seat, cards=(HiddenCard(),), places=("deck",), origin="deck")
        card, places = _ref(view, seat, a.ref)
        return Description("reserve", seat, cards=(card,), places=places, origin="table")
    if isinstance(a, Buy):
        card, places = _ref(view, seat, a.ref)
        origin = _origin(places[0] if places else "")
        if a.pay is None:
            return Description("buy", seat, cards=(card,), places=places, origin=origin)
        return Description("buy_pay", seat, cards=(card,), places=places, tokens=Chips(a.pay), origin=origin)
    if isinstance(a, Pay):
        return Description("pay", seat, tokens=Chips(a.chips))
    if isinstance(a, Claim):
        return Description(f"claim_{a.kind}", seat, cards=tuple(CARD_VIEW[c] for c in a.cards))
    if isinstance(a, Place | Return):
        verb = "put" if isinstance(a, Place) else "return"
        if a.chip == 0:
            return Description(f"{verb}_auto", seat)
        return Description("put" if verb == "put" else "return_chip", seat, tokens=Chips((a.chip,)),
                           places=(str(a.stack + 1),))
    if isinstance(a, ChooseNoble):
        return Description("noble", seat, cards=(NOBLE_VIEW[a.noble],))
    if isinstance(a, Discard):
        return Description("discard", seat, cards=tuple(CARD_VIEW[c] for c in a.cards))
    if isinstance(a, Destroy):
        return Description("destroy", seat, cards=(CARD_VIEW[a.card],), seats=_owner(view, a.card))
    if isinstance(a, FreeCard):
        card, places = _ref(view, seat, a.ref)
        return Description("free", seat, cards=(card,), places=places)
    assert isinstance(a, Swap)
    return Description("swap", seat, cards=(CARD_VIEW[a.mine], CARD_VIEW[a.theirs]), seats=_owner(view, a.theirs))


def _card(code: object) -> object:
    return _CARD_BY_CODE.get(str(code), HiddenCard()) if code is not None else HiddenCard()


def _noble(code: object) -> object:
    return _NOBLE_BY_CODE.get(str(code), HiddenCard())


def _seat(value: object) -> tuple[int, ...]:
    return (value,) if isinstance(value, int) else ()


def _ints(values: Any) -> tuple[int, ...]:
    return tuple(int(v) for v in values or ())


def describe_event(view: TableView, event: Event) -> Description:
    e = event.redacted_for(view.viewer)
    p = dict(e.params)
    kind, seat = e.kind, e.seat
    if kind == "take":
        return Description("take_chips", seat, tokens=Chips(_ints(p.get("chips"))),
                           places=tuple(str(s) for s in p.get("stacks", ())))
    if kind == "reserve":
        source = str(p.get("from", ""))
        verb = "reserve_blind" if source == "deck" else "reserve"
        return Description(verb, seat, cards=(_card(p.get("card")),), places=(source,), origin=_origin(source),
                           reveals=source == "deck")
    if kind == "buy":
        pay = Chips(_ints(p.get("pay")))
        source = str(p.get("from", ""))
        return Description("buy" if pay else "buy_nopay", seat, cards=(_card(p.get("card")),),
                           places=(source,), tokens=pay, origin=_origin(source))
    if kind in ("place", "return"):
        return Description("put" if kind == "place" else "return_chip", seat, tokens=Chips(_ints([p.get("chip", 0)])),
                           places=(str(p.get("stack", "")),))
    if kind == "noble":
        return Description("noble", seat, cards=(_noble(p.get("noble")),))
    if kind == "discard":
        return Description("discard", seat, cards=(_noble(p.get("noble")), *(_card(c) for c in p.get("cards", ()))))
    if kind == "power":
        power = str(p.get("power", "none"))
        if power == "destroy":
            return Description("destroy", seat, cards=(_card(p.get("card")),), seats=_seat(p.get("owner")))
        if power == "free":
            source = str(p.get("from", ""))
            return Description("free", seat, cards=(_card(p.get("card")),), places=(source,), origin=_origin(source))
        if power == "swap":
            return Description("swap", seat, cards=(_card(p.get("mine")), _card(p.get("theirs"))),
                               seats=_seat(p.get("owner")))
        return Description("power_none", seat, cards=(_noble(p.get("noble")),))
    if kind == "claim":
        return Description(f"claim_{p.get('kind', 'set')}", seat, cards=tuple(_card(c) for c in p.get("cards", ())))
    if kind == "end_triggered":
        if p.get("reason") == "vp":
            vp = p.get("vp")
            return Description("end_vp", seat, amount=vp if isinstance(vp, int) else None)
        return Description("end_deck", seat)
    if kind == "game_over":
        return Description("game_over", seat, seats=_ints(p.get("winners")))
    if kind == "refill":
        return Description("refill", seat, cards=(_card(p.get("card")),), places=(str(p.get("pos", "")),), minor=True,
                           origin="deck", reveals=True)
    return Description(kind, seat)


register_describer(TableView, describe_action, describe_event)
