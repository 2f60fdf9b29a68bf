"""What one viewer may know of a Spectacle game: ``view_for`` and ``preview`` (views are in ``view.py``)."""

from __future__ import annotations

from dataclasses import replace

from engine.core import PublicInfo
from engine.spectacle.actions import (
    GRID_REF,
    HAND_REF,
    Action,
    Buy,
)
from engine.spectacle.apply import apply_in_place
from engine.spectacle.cards import (
    CARD_CODE,
    CARD_VALUE,
    CARD_VIEW,
    GRID_CODE,
    MASK_SUM,
    NOBLE_CODE,
    NOBLE_THRESHOLD,
    NOBLE_VIEW,
    mask_cards,
)
from engine.spectacle.moves import buying_card, default_action, main_actions, price_of
from engine.spectacle.state import SpectacleState
from engine.spectacle.view import (
    CHIP_VALUES,
    MAX_CHIPS,
    ClaimView,
    GridSlotView,
    HandCardView,
    PendingView,
    SeatView,
    StackView,
    TableView,
)


def view_for(state: SpectacleState, seat: int | None) -> TableView:
    s = state
    seats = []
    for p in range(s.n):
        hand = tuple(
            HandCardView(
                f"r{i + 1}",
                CARD_VIEW[c] if (not blind or seat == p) else None,
                blind,
            )
            for i, (c, blind) in enumerate(zip(s.hand[p], s.hand_blind[p], strict=True))
        )
        held = s.chips[p]
        chips = tuple(CHIP_VALUES[k] for k in (3, 2, 1, 0) for _ in range(held[k]))
        tableau = tuple(tuple(CARD_VIEW[c] for c in mask_cards(suit, s.tab[p][suit])) for suit in range(4))
        totals = (
            MASK_SUM[s.tab[p][0]],
            MASK_SUM[s.tab[p][1]],
            MASK_SUM[s.tab[p][2]],
            MASK_SUM[s.tab[p][3]],
        )
        claims = tuple(
            ClaimView(
                "set" if len({CARD_VALUE[c] for c in cl}) == 1 else "run",
                tuple(CARD_VIEW[c] for c in cl),
                CARD_VIEW[cl[0]],
            )
            for cl in s.claims[p]
        )
        seats.append(
            SeatView(
                seat=p,
                vp=s.score(p),
                chips=chips,
                tableau=tableau,
                suit_totals=totals,
                hand=hand,
                claims=claims,
                nobles=tuple(NOBLE_VIEW[x] for x in s.won[p]),
            )
        )
    pending = None
    decision = s.pending
    if decision is not None:
        kind = decision.kind
        params: tuple[tuple[str, object], ...] = ()
        options: tuple[str, ...] | None = None
        if kind == "pay":
            ref = decision.data[0]
            card = buying_card(s, ref)
            origin = GRID_CODE[ref - GRID_REF] if ref < HAND_REF else f"r{ref - HAND_REF + 1}"
            if ref >= HAND_REF and s.hand_blind[s.current][ref - HAND_REF] and seat != s.current:
                # a blind reserve stays hidden until the purchase is made; so do its price and the
                # payments offered, which would narrow it down
                params = (("card", None), ("from", origin), ("price", None))
                options = ()
            else:
                params = (("card", CARD_CODE[card]), ("from", origin), ("price", price_of(s, card)))
        elif kind == "place":
            params = (("chips", tuple(CHIP_VALUES[k] for k in (3, 2, 1, 0) for _ in range(s.transit[k]))),)
        elif kind == "return":
            params = (("excess", sum(s.chips[s.current]) - MAX_CHIPS),)
        elif kind == "noble":
            params = (("nobles", tuple(NOBLE_CODE[x] for x in decision.data)),)
        else:
            noble = decision.data[0]
            params = (("noble", NOBLE_CODE[noble]), ("threshold", NOBLE_THRESHOLD[noble]))
        pending = PendingView(
            kind=kind,
            seat=decision.seat,
            options=tuple(str(a) for a in decision.options) if options is None else options,
            params=params,
            default=str(default_action(s)) if options is None else None,
            hidden=options is not None,
        )
    affordable: tuple[str, ...] = ()
    buyable: tuple[str, ...] = ()
    if decision is None and not s.over:
        cur = s.current
        unseen = set() if seat == cur else {c for c, b in zip(s.hand[cur], s.hand_blind[cur], strict=True) if b}
        buyable = tuple(dict.fromkeys(CARD_CODE[a.ref] for a in main_actions(s) if type(a) is Buy
                                      and a.ref not in unseen))
        if seat == cur:
            affordable = buyable
    last_seat = s._actions[-1][0] if s._actions else None
    return TableView(
        ruleset=s.rules.name,
        players=s.n,
        viewer=seat,
        version=s.version,
        turn=s.turn,
        to_act=s.to_act,
        grid=tuple(GridSlotView(GRID_CODE[i], CARD_VIEW[c] if c >= 0 else None) for i, c in enumerate(s.grid)),
        deck=len(s.deck),
        stacks=tuple(StackView(str(i + 1), tuple(CHIP_VALUES[k] for k in st)) for i, st in enumerate(s.stacks)),
        nobles=tuple(NOBLE_VIEW[x] for x in s.nobles),
        seats=tuple(seats),
        pending=pending,
        last_events=tuple(e.redacted_for(seat) for e in s._last_events),
        last_seat=last_seat,
        final_round=s.end_reason is not None and not s.over,
        end_reason=s.end_reason,
        is_over=s.over,
        winners=s.winners(),
        discarded=len(s.discard),
        affordable=affordable,
        buyable=buyable,
        public=PublicInfo(s.public_copy(seat), seat) if seat is not None and seat == s.to_act else None,
    )


def preview(state: SpectacleState, seat: int, action: Action) -> TableView:
    """``seat``'s table after ``action`` with the grid refills and a blind reserve's card still hidden."""
    kept = len(state.hand[seat])
    after = state.copy()
    events = apply_in_place(after, seat, action)
    view = view_for(after, seat)
    refilled = {str(e.params.get("pos")) for e in events if e.kind == "refill"}
    grid = tuple(replace(g, card=None) if g.code in refilled else g for g in view.grid)
    me = view.seats[seat]
    hand = tuple(replace(h, card=None) if i >= kept and h.blind else h for i, h in enumerate(me.hand))
    seats = tuple(replace(p, hand=hand) if p.seat == seat else p for p in view.seats)
    visible = tuple(e.redacted_for(None) for e in events if e.kind != "refill")
    # Equivalent mutant (kept measured for the other fields): dropping ``affordable=()`` changes nothing, as
    # after ``seat``'s move either another seat is to act or a decision is pending, and view_for then lists none.
    return replace(view, grid=grid, seats=seats, last_events=visible, affordable=(), buyable=(), public=None)
