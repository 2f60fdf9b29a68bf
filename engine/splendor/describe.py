"""Splendor actions and events as language-free :class:`~engine.core.Description` values.

Registered with :func:`engine.core.register_describer` for :class:`engine.splendor.view.TableView`, whose
``describe`` / ``describe_event`` call it (the view does not import this module: no cycle).  It reads
only what that view holds and the public card catalogue, so a card the viewer may not see stays a
:class:`~engine.core.HiddenCard`.  Nothing here runs while a game is played; descriptions are
computed only when a message, a menu or an image asks for one.

Verbs (one sentence each in the text layer):

* actions: ``take``, ``reserve``, ``reserve_deck``, ``reserve_orient_deck``, ``buy``, ``buy_pay``,
  ``pay``, ``return``, ``noble``, ``joker``, ``free``, ``discard``, ``hold``, ``move``, ``remove``,
  ``conquer``, ``conquer_pay``, ``skip``, ``pass``;
* events: ``take``, ``reserve``/``reserve_gold``, ``reserve_blind``/``reserve_blind_gold``,
  ``buy``/``buy_nopay``, ``conquer``/``conquer_nopay``, ``free``, ``return``, ``noble``,
  ``reserve_noble``, ``joker``, ``stronghold_place``/``_move``/``_remove``, ``recover``,
  ``conquest_declined``, ``pass``, ``final_round``, ``game_over``, ``refill`` (minor); an unknown
  kind keeps its kind as verb.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from engine.core import Description, Event, Gems, HiddenCard, register_describer
from engine.splendor.actions import (
    LETTERS,
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
    own,
    slot_code,
    tokens_code,
)
from engine.splendor.catalog import catalog
from engine.splendor.project import card_view
from engine.splendor.view import CardView, NobleView, TableView


@cache
def card_by_id(card_id: str) -> CardView | None:
    """The public face of a catalogue card (the same values the views hold), ``None`` if unknown."""
    index = catalog().by_id.get(card_id.lower())
    return None if index is None else card_view(index)


@cache
def noble_by_id(noble_id: str, position: int) -> NobleView | None:
    cat = catalog()
    index = cat.noble_by_id.get(noble_id.lower())
    if index is None:
        return None
    noble = cat.nobles[index]
    return NobleView(str(position), noble.id, noble.points, noble.requirement)


def _gems(payment: Payment | tuple[int, ...]) -> Gems:
    return Gems(tokens_code(payment), payment[6] if len(payment) > 6 else 0)


def _paid(code: object) -> Gems:
    """An event's ``paid`` text (``"rro gc1"``) as gems."""
    letters, gold_cards = "", 0
    for word in str(code or "").split():
        if word.startswith("gc") and word[2:].isdigit():
            gold_cards += int(word[2:])
        elif word != "-":
            letters += word
    return Gems(letters, gold_cards)


def _origin(place: str) -> str:
    """Where a slot code points: a reserved card (``r2``), a deck (``d3``, ``o1``) or the table (``1.3``)."""
    if place.startswith("r"):
        return "hand"
    if place[:1] in ("d", "o"):
        return "deck"
    return "table" if place else ""


def _actor(view: TableView) -> int | None:
    return view.pending.seat if view.pending is not None else view.to_act


def _slot_card(view: TableView, level: int, slot: int) -> object:
    code = f"{level}.{slot}"
    for row in view.rows:
        for s in row.slots:
            if s.code == code:
                return s.card if s.card is not None else HiddenCard(level)
    return HiddenCard(level)


def _hand_card(view: TableView, seat: int | None, slot: int) -> object:
    if seat is not None and 0 <= seat < len(view.seats):
        for r in view.seats[seat].reserved:
            if r.code == f"r{slot}":
                return r.card if r.card is not None else HiddenCard(r.level)
    return HiddenCard()


def _card_at(view: TableView, seat: int | None, level: int, slot: int) -> object:
    return _hand_card(view, seat, slot) if level == 0 else _slot_card(view, level, slot)


def describe_action(view: TableView, action: object) -> Description:
    a = own(action)
    seat = _actor(view)
    if isinstance(a, Take):
        return Description("take", seat, tokens=Gems("".join(LETTERS[c] for c in a.colors)))
    if isinstance(a, Reserve):
        if a.slot <= 0:
            verb = "reserve_deck" if a.slot == 0 else "reserve_orient_deck"
            code = f"{'d' if a.slot == 0 else 'o'}{a.level}"
            return Description(verb, seat, cards=(HiddenCard(a.level),), places=(code,), amount=a.level,
                               origin="deck")
        return Description("reserve", seat, cards=(_slot_card(view, a.level, a.slot),),
                           places=(slot_code(a.level, a.slot),), origin="table")
    if isinstance(a, Buy):
        card = _card_at(view, seat, a.level, a.slot)
        place = slot_code(a.level, a.slot)
        origin = _origin(place)
        if a.payment is None:
            return Description("buy", seat, cards=(card,), places=(place,), origin=origin)
        return Description("buy_pay", seat, cards=(card,), places=(place,), tokens=_gems(a.payment), origin=origin)
    if isinstance(a, Pay):
        return Description("pay", seat, tokens=_gems(a.payment))
    if isinstance(a, Return):
        return Description("return", seat, tokens=Gems(tokens_code(a.tokens)))
    if isinstance(a, ChooseNoble):
        noble = next((n for n in view.nobles if n.code == str(a.position)), None)
        return Description("noble", seat, cards=(noble if noble is not None else HiddenCard(),),
                           places=(str(a.position),))
    if isinstance(a, JokerColor):
        return Description("joker", seat, color=LETTERS[a.color])
    if isinstance(a, FreeCard):
        return Description("free", seat, cards=(_slot_card(view, a.level, a.slot),),
                           places=(slot_code(a.level, a.slot),), origin="table")
    if isinstance(a, Discard):
        cards = tuple(c if (c := card_by_id(i)) is not None else HiddenCard() for i in a.cards)
        return Description("discard", seat, cards=cards, places=a.cards)
    if isinstance(a, Stronghold):  # with the card under each slot it names, as the menus show it
        places = (a.dst,) if a.src is None or a.remove else (a.src, a.dst)
        under = tuple(_slot_card(view, *(int(x) for x in place.split("."))) for place in places)
        verb = "remove" if a.remove else "hold" if a.src is None else "move"
        return Description(verb, seat, cards=under, places=places)
    if isinstance(a, Conquer):
        if not a.accept:
            return Description("skip", seat)
        if a.payment is None:
            return Description("conquer", seat)
        return Description("conquer_pay", seat, tokens=_gems(a.payment))
    assert isinstance(a, Pass)
    return Description("pass", seat)


def _level(place: str) -> int | None:
    """The level of a table slot code (``"2.3"`` → 2), ``None`` for anything else."""
    head = place.partition(".")[0]
    return int(head) if place.count(".") == 1 and head in ("1", "2", "3") else None


def _event_card(p: dict[str, Any], level: int | None = None) -> object:
    card_id = p.get("card")
    card = card_by_id(str(card_id)) if card_id is not None else None
    return card if card is not None else HiddenCard(level)


def describe_event(view: TableView, event: Event) -> Description:
    e = event.redacted_for(view.viewer)
    p = dict(e.params)
    kind, seat = e.kind, e.seat
    if kind == "take":
        return Description("take", seat, tokens=Gems(str(p.get("tokens", ""))))
    if kind == "reserve":
        level = p.get("level") if isinstance(p.get("level"), int) else None
        gold = Gems("o") if p.get("gold") else None
        blind = bool(p.get("blind"))
        verb = "reserve_blind" if blind else "reserve"
        source = str(p.get("source", ""))
        return Description(verb + ("_gold" if gold else ""), seat, cards=(_event_card(p, level),),
                           places=(source,), tokens=gold, amount=level, origin=_origin(source), reveals=blind)
    if kind in ("buy", "conquer", "free"):
        card = _event_card(p)
        extra = tuple(c if (c := card_by_id(str(i))) is not None else HiddenCard() for i in p.get("discarded", ()))
        source = str(p.get("source", ""))
        place, origin = (source,), _origin(source)
        if kind == "free":
            return Description("free", seat, cards=(card, *extra), places=place, origin=origin)
        paid = _paid(p.get("paid"))
        return Description(kind if paid else f"{kind}_nopay", seat, cards=(card, *extra), places=place, tokens=paid,
                           origin=origin)
    if kind == "return":
        return Description("return", seat, tokens=Gems(str(p.get("tokens", ""))))
    if kind in ("noble", "reserve_noble"):
        position = int(p.get("position", 0) or 0)
        noble = noble_by_id(str(p.get("noble", "")), position)
        return Description(kind, seat, cards=(noble if noble is not None else HiddenCard(),), places=(str(position),))
    if kind == "joker":
        return Description("joker", seat, cards=(_event_card(p),), color=str(p.get("color", "")))
    if kind == "stronghold":
        op = str(p.get("op", "place"))
        places = (str(p["src"]), str(p["dst"])) if op == "move" and p.get("src") else (str(p.get("dst", "")),)
        # The card under the stronghold (a move: the card it left first); a log stored before events named
        # their cards gets a card of the slot's level, never the slot code (unreadable once refilled).
        keys = ("src_card", "card") if len(places) == 2 else ("card",)
        cards = tuple(_event_card({"card": p.get(k)}, _level(place)) for k, place in zip(keys, places, strict=True))
        owner = p.get("owner")
        return Description(f"stronghold_{op}", seat, cards=cards, places=places,
                           seats=(owner,) if isinstance(owner, int) else ())
    if kind == "recover":
        return Description("recover", seat, places=(str(p.get("slot", "")),), amount=int(p.get("count", 1) or 1))
    if kind == "final_round":
        points = p.get("points")
        return Description("final_round", seat, amount=points if isinstance(points, int) else None)
    if kind == "game_over":
        return Description("game_over", seat, seats=tuple(int(w) for w in p.get("winners", ())))
    if kind == "refill":
        return Description("refill", seat, cards=(_event_card(p),), places=(str(p.get("slot", "")),), minor=True,
                           origin="deck", reveals=True)
    return Description(kind, seat)  # "pass", "conquest_declined" and any kind added later


register_describer(TableView, describe_action, describe_event)
