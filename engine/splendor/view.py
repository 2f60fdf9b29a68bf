"""Per-seat views of a Splendor game (base, Orient, Strongholds).

A view holds exactly what one viewer may know: never a deck's order, never another
player's blind reserve (only its level).  Renderers and messages get these, never
a state.  All values are plain immutable data.

Colours are letters in the order ``COLORS`` (white, blue, green, red, black);
token tuples have a sixth entry, gold.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.core import Action, Description, Event, FaceUp, PendingView, PublicInfo, describer

COLORS: tuple[str, ...] = ("w", "u", "g", "r", "k")
GOLD = "o"
TOKEN_LETTERS: tuple[str, ...] = (*COLORS, GOLD)

__all__ = ["CardView", "NobleView", "OwnedCardView", "PendingView", "PlayerView", "ReservedView", "RowView",
           "SlotView", "TableView"]


@dataclass(frozen=True, slots=True)
class CardView:
    id: str  # stable public id: "1-07" (base), "O2-03" (Orient)
    level: int
    bonus: str | None  # a colour letter; "gold" for the Orient gold card; "joker" for joker cards
    points: int
    cost: tuple[int, int, int, int, int]
    effect: str | None = None  # Orient effect key (data/orient_cards.csv), None for base cards
    discard_color: str | None = None  # discard_2 cards: the colour to discard


@dataclass(frozen=True, slots=True)
class SlotView:
    code: str  # what a player types: "2.3" (slots 1-4 base, 5-6 Orient)
    level: int
    card: CardView | None  # None: empty slot (deck exhausted)
    orient: bool = False
    strongholds: tuple[int, ...] = ()  # owner seat of each stronghold on this card


@dataclass(frozen=True, slots=True)
class RowView:
    level: int
    slots: tuple[SlotView, ...]
    deck: int  # cards left in the base deck of this level
    orient_deck: int | None = None  # cards left in the Orient deck (None without Orient)


@dataclass(frozen=True, slots=True)
class NobleView:
    code: str  # "1".."5": what a player types for `noble N`
    id: str  # stable id "N3"
    points: int
    requirement: tuple[int, int, int, int, int]
    reserved_by: int | None = None  # Orient: seat that reserved it


@dataclass(frozen=True, slots=True)
class OwnedCardView:
    card: CardView
    color: str | None  # bonus colour it gives (a joker's chosen colour; None for a gold card)
    bonus: int  # bonuses it gives (2 for a double bonus card)


@dataclass(frozen=True, slots=True)
class ReservedView:
    code: str  # "r1".."r3"
    level: int
    blind: bool  # reserved from a deck
    card: CardView | None  # None when hidden from this viewer (another player's blind reserve)
    orient: bool = False


@dataclass(frozen=True, slots=True)
class PlayerView:
    seat: int
    points: int
    tokens: tuple[int, int, int, int, int, int]  # w u g r k gold
    bonuses: tuple[int, int, int, int, int]
    cards: tuple[OwnedCardView, ...]
    reserved: tuple[ReservedView, ...]
    nobles: tuple[NobleView, ...]
    reserved_nobles: tuple[NobleView, ...] = ()
    strongholds_left: int | None = None  # None without the Strongholds module
    card_count: int = 0  # cards in the tableau (tie-break, B-13 / O-6)

    @property
    def score(self) -> int:
        return self.points

    @property
    def token_total(self) -> int:
        return sum(self.tokens)


@dataclass(frozen=True, slots=True)
class TableView:
    ruleset: str
    players: int
    viewer: int | None  # seat of the viewer, None for a spectator
    version: int  # actions applied so far
    turn: int  # main turns played so far (1 per player per round)
    to_act: int | None
    rows: tuple[RowView, ...]  # level 1, 2, 3
    nobles: tuple[NobleView, ...]  # nobles on the table
    bank: tuple[int, int, int, int, int, int]
    seats: tuple[PlayerView, ...]
    pending: PendingView | None
    last_events: tuple[Event, ...]  # the events of the last action, redacted for the viewer
    last_seat: int | None  # who made the last action
    final_round: bool  # someone reached the target; the round is being finished (B-12)
    is_over: bool
    winners: tuple[int, ...]
    orient: bool = False
    strongholds: bool = False
    affordable: tuple[str, ...] = ()  # for the viewer: codes of the cards they can buy now ("1.3", "r2")
    buyable: tuple[str, ...] = ()  # for the seat to act, among the cards this view shows (see core.TableView)
    target: int = 15
    # What the viewer may know as a searchable state (computer players); only for the seat to act.
    public: PublicInfo | None = field(default=None, compare=False, repr=False)

    def seat(self, seat: int) -> PlayerView:
        return self.seats[seat]

    @property
    def standings(self) -> tuple[int, ...]:
        """Seats from first to last: most points, then fewest cards (B-13, O-6), then seat order."""
        return tuple(p.seat for p in sorted(self.seats, key=lambda p: (-p.points, p.card_count, p.seat)))

    def face_up(self) -> tuple[FaceUp, ...]:
        return tuple(FaceUp(slot.code, slot.card.id, slot.card) for row in self.rows for slot in row.slots
                     if slot.card is not None)

    def describe(self, action: Action) -> Description:
        """``action`` as this viewer may know it (a card they may not see stays hidden)."""
        return describer(self)[0](self, action)

    def describe_event(self, event: Event) -> Description:
        """``event``, redacted for this viewer, as language-free data."""
        return describer(self)[1](self, event)
