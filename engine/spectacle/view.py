"""Per-seat views of a Spectacle game (seed 004, rules P-1 .. P-10).

A view holds exactly what one viewer may know: never the draw deck's order, never
another player's blind reserve (only that it is a card back).  Renderers and
messages receive these, never a state.  All values are plain immutable data.

Codes printed on the table are the codes a player types:

* cards ``"ah"``, ``"7h"``, ``"10s"`` (value ``a``/``2``..``10``, suit letter);
* nobles ``"jh"``, ``"qd"``, ``"ks"``;
* grid positions ``"a1"`` .. ``"c3"`` (row letter, column digit);
* stacks ``"1"`` .. ``"6"``;
* cards in hand ``"r1"`` .. ``"r3"``.

Suits are letters in the order :data:`SUITS` (clubs, diamonds, hearts, spades);
every per-suit tuple follows that order.  Chips are their values (1, 2, 5, 10).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.core import Action, Description, Event, FaceUp, PendingView, PublicInfo, describer

SUITS: tuple[str, ...] = ("c", "d", "h", "s")
SUIT_NAMES: tuple[str, ...] = ("clubs", "diamonds", "hearts", "spades")
CHIP_VALUES: tuple[int, ...] = (1, 2, 5, 10)
CHIP_COLORS: tuple[str, ...] = ("white", "yellow", "red", "blue")  # P-1, same order as CHIP_VALUES
STACK_CAPACITY = 4  # P-3
MAX_CHIPS = 5  # P-6
MAX_RESERVED = 3  # P-4
TARGET_VP = 5  # P-9
NOBLE_RANKS: tuple[str, ...] = ("j", "q", "k")
NOBLE_THRESHOLDS: tuple[int, ...] = (13, 14, 15)  # P-7, same order as NOBLE_RANKS
NOBLE_POWERS: tuple[str, ...] = ("destroy", "free", "swap")  # P-7, same order as NOBLE_RANKS

# Pending decisions (``PendingView.kind``): ``"pay"`` (which chips pay for the card being bought,
# P-5; params ``card``, ``from``, ``price``: card and price are None, and the options withheld, for
# other viewers when the card is the buyer's blind reserve), ``"place"`` (where paid chips go, P-5;
# params ``chips``), ``"return"`` (chips above 5, P-6), ``"noble"`` (which qualifying noble, P-7),
# ``"discard"`` (which bonus cards pay for the noble, P-7; params ``noble``, ``threshold``),
# ``"destroy"`` / ``"free"`` / ``"swap"`` (Jack / Queen / King powers, P-7).

__all__ = [
    "CardView",
    "ClaimView",
    "GridSlotView",
    "HandCardView",
    "NobleView",
    "PendingView",
    "SeatView",
    "StackView",
    "TableView",
]


@dataclass(frozen=True, slots=True)
class CardView:
    """A development card (ace to 10)."""

    code: str  # "7h", "ah", "10s"
    value: int  # 1 (ace) .. 10; also its price before bonuses (P-5)
    suit: str  # a letter of SUITS


@dataclass(frozen=True, slots=True)
class NobleView:
    """A face card (P-7)."""

    code: str  # "jh", "qd", "ks"
    rank: str  # "j", "q" or "k"
    suit: str  # a letter of SUITS
    threshold: int  # 13 (J), 14 (Q), 15 (K): bonus values of its suit needed
    power: str  # "destroy" (J), "free" (Q), "swap" (K)


@dataclass(frozen=True, slots=True)
class GridSlotView:
    code: str  # "a1" .. "c3"
    card: CardView | None  # None: empty (the draw deck ran out)


@dataclass(frozen=True, slots=True)
class StackView:
    """One chip stack slot (P-3): chips top first; taken from the top, returned to the bottom."""

    code: str  # "1" .. "6"
    chips: tuple[int, ...]  # chip values, top first (chips[0] is what `take` gets)
    capacity: int = STACK_CAPACITY

    @property
    def room(self) -> int:
        return self.capacity - len(self.chips)

    @property
    def top(self) -> int | None:
        return self.chips[0] if self.chips else None


@dataclass(frozen=True, slots=True)
class HandCardView:
    """A reserved card.  ``card`` is None for another player's blind reserve."""

    code: str  # "r1" .. "r3"
    card: CardView | None
    blind: bool  # reserved from the top of the draw deck


@dataclass(frozen=True, slots=True)
class ClaimView:
    """A set or run claimed (P-8): 1 VP, kept face down; the other cards were discarded."""

    kind: str  # "set" or "run"
    cards: tuple[CardView, ...]  # every card of the claim, as shown when it was claimed
    kept: CardView  # the card kept face down as the VP


@dataclass(frozen=True, slots=True)
class SeatView:
    seat: int
    vp: int  # nobles + claims - cards in hand (P-9); may be negative
    chips: tuple[int, ...]  # chip values held, highest first (public, P-6)
    tableau: tuple[tuple[CardView, ...], ...]  # bonus cards per suit (order SUITS), lowest value first
    suit_totals: tuple[int, int, int, int]  # sum of bonus card values per suit (noble thresholds, P-7)
    hand: tuple[HandCardView, ...]  # reserved cards (own: face up; others': face up unless blind)
    claims: tuple[ClaimView, ...]
    nobles: tuple[NobleView, ...]  # nobles won (face down, 1 VP each, tie-break P-10)

    @property
    def score(self) -> int:
        return self.vp

    @property
    def chip_total(self) -> int:
        return sum(self.chips)

    @property
    def chip_count(self) -> int:
        return len(self.chips)

    @property
    def hand_count(self) -> int:
        return len(self.hand)

    def bonus_count(self, suit: str) -> int:
        return len(self.tableau[SUITS.index(suit)])


@dataclass(frozen=True, slots=True)
class TableView:
    ruleset: str  # "spectacle"
    players: int
    viewer: int | None  # seat of the viewer, None for a spectator
    version: int  # actions applied so far
    turn: int  # main turns completed so far
    to_act: int | None
    grid: tuple[GridSlotView, ...]  # 9 slots, a1 a2 a3 b1 .. c3
    deck: int  # cards left in the draw deck (order hidden)
    stacks: tuple[StackView, ...]  # players + 2 slots
    nobles: tuple[NobleView, ...]  # nobles still on the table
    seats: tuple[SeatView, ...]
    pending: PendingView | None
    last_events: tuple[Event, ...]  # the events of the last action, redacted for the viewer
    last_seat: int | None  # who made the last action
    final_round: bool  # the end was triggered (P-9); the round is being finished
    end_reason: str | None  # "vp" or "deck" once triggered
    is_over: bool
    winners: tuple[int, ...]
    discarded: int = 0  # development cards out of the game (noble payments, claims, destroyed)
    affordable: tuple[str, ...] = ()  # for the viewer on their main action: card codes they can buy now
    buyable: tuple[str, ...] = ()  # for the seat to act, among the cards this view shows (see core.TableView)
    target: int = TARGET_VP
    # What the viewer may know as a searchable state (computer players); only for the seat to act.
    public: PublicInfo | None = field(default=None, compare=False, repr=False)

    def seat(self, seat: int) -> SeatView:
        return self.seats[seat]

    @property
    def standings(self) -> tuple[int, ...]:
        """Seats from first to last: most VP, then fewest nobles (P-10), then seat order."""
        return tuple(p.seat for p in sorted(self.seats, key=lambda p: (-p.vp, len(p.nobles), p.seat)))

    def face_up(self) -> tuple[FaceUp, ...]:
        return tuple(FaceUp(slot.code, slot.card.code, slot.card) for slot in self.grid if slot.card is not None)

    def describe(self, action: Action) -> Description:
        """``action`` as this viewer may know it (a card they may not see stays hidden)."""
        return describer(self)[0](self, action)

    def describe_event(self, event: Event) -> Description:
        """``event``, redacted for this viewer, as language-free data."""
        return describer(self)[1](self, event)
