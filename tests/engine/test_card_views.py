"""What a seat's view says of a face-up card is the card as printed (B-1, O-2): read from the data
files here, not from the engine's catalogue, so a field the projection drops or shifts fails."""

from __future__ import annotations

import csv
from pathlib import Path

from engine import GameConfig, apply, new_game, preview, view_for

DATA = Path(__file__).resolve().parents[2] / "engine" / "data"
LETTER = {"white": "w", "blue": "u", "green": "g", "red": "r", "black": "k"}


def _printed(name: str, prefix: str) -> dict[str, tuple[object, ...]]:
    cards: dict[str, tuple[object, ...]] = {}
    numbers = [0, 0, 0]
    with open(DATA / name, newline="") as f:
        for row in csv.DictReader(f):
            level = int(row["level"])
            numbers[level - 1] += 1
            bonus = LETTER.get(row["bonus"], row["bonus"])
            cost = tuple(int(row[c]) for c in ("white", "blue", "green", "red", "black"))
            cards[f"{prefix}{level}-{numbers[level - 1]:02d}"] = (
                level, bonus, int(row["points"]), cost, row.get("effect") or None,
                LETTER[row["discard_color"]] if row.get("discard_color") else None)
    return cards


def test_face_up_cards_are_shown_as_printed() -> None:
    printed = _printed("splendor_cards.csv", "") | _printed("orient_cards.csv", "O")
    shown: set[str] = set()
    for seed in range(12):
        view = view_for(new_game(GameConfig("orient", 2, seed)), 0)
        for row in view.rows:
            for slot in row.slots:
                c = slot.card
                assert c is not None
                assert (c.level, c.bonus, c.points, c.cost, c.effect, c.discard_color) == printed[c.id], c.id
                shown.add(c.id)
    effects = {printed[i][4] for i in shown}
    assert {None, "double_gold", "joker"} <= effects and len(shown) > 80


def test_every_card_of_the_catalogue_is_projected_as_printed() -> None:
    """The views above are built once, when the engine is imported (``CARD_VIEWS``); this builds each card's view
    again, so a projection that loses a field fails even where it runs only at import (as under mutmut)."""
    from engine.splendor.project import CARD_VIEWS, make_card_view
    from engine.splendor.tables import CARDS

    printed = _printed("splendor_cards.csv", "") | _printed("orient_cards.csv", "O")
    views = [make_card_view(card) for card in CARDS]
    assert views == list(CARD_VIEWS) and len(views) == len(printed)
    assert [c.id for c in CARDS] == sorted(c.id for c in CARDS)  # in id order (moves.discard_options relies on it)
    for c in views:
        assert (c.level, c.bonus, c.points, c.cost, c.effect, c.discard_color) == printed[c.id], c.id


def test_a_preview_hides_only_the_slot_the_move_refills() -> None:
    """B-7, B-9: previewing a reserve from the table hides the card that will refill its slot, nothing else."""
    state = new_game(GameConfig("orient", 2, 5))
    before = {s.code: s.card for row in view_for(state, 0).rows for s in row.slots}
    after = {s.code: s.card for row in preview(state, 0, state.rules.parse_action("reserve 2.3")).rows
             for s in row.slots}
    assert after.pop("2.3") is None and before.pop("2.3") is not None
    assert after == before and all(card is not None for card in after.values())


def test_a_preview_is_the_movers_own_view_after_the_move_but_what_the_deck_gives() -> None:
    """B-7, B-9: previewing a move shows every seat as it will be (the mover's new reserve in their hand, the
    others' reserves as before); only what the deck gives stays hidden: refills and a blind reserve's card."""
    from engine.rng import Rng

    others_reserved = blind = 0
    for seed in range(3):
        state = new_game(GameConfig("orient", 2, seed))
        picker = Rng(seed)
        while not state.is_over and state.version < 40:
            seat = state.to_act
            assert seat is not None
            actions = state.rules.legal_actions(state)
            for action in [a for a in actions if a.family in ("reserve", "buy")][::3]:
                after = preview(state, seat, action)
                real = view_for(apply(state, seat, action).state, seat)
                for shown, held in zip(after.seats, real.seats, strict=True):
                    if shown.seat != seat:
                        assert shown == held, action
                        others_reserved += bool(held.reserved)
                        continue
                    for card, kept in zip(shown.reserved, held.reserved, strict=True):
                        assert card == kept or (card.blind and card.card is None), action
                    blind += any(r.card is None for r in shown.reserved)
            state = apply(state, seat, actions[picker.below(len(actions))]).state
    assert others_reserved and blind


def test_a_view_lists_what_can_be_bought_owned_colours_and_orient_decks() -> None:
    """B-8, B-10, O-1: the seat to act's view offers exactly the cards its legal purchases name; each owned card
    gives the colour its bonus says (a joker the colour it took, a gold card none); only Orient has its decks."""
    from engine.rng import Rng

    letters = {0: "w", 1: "u", 2: "g", 3: "r", 4: "k"}
    bought = set()
    for ruleset in ("base", "orient"):
        for seed in range(2):
            state = new_game(GameConfig(ruleset, 2, seed))
            picker = Rng(seed)
            while not state.is_over and state.version < 80:
                seat = state.to_act
                assert seat is not None
                view = view_for(state, seat)
                assert all((row.orient_deck is None) == (ruleset == "base") for row in view.rows)
                actions = state.rules.legal_actions(state)
                if view.pending is not None:  # what a timeout would play is one of the options (B-14)
                    assert view.pending.default in view.pending.options
                if view.pending is None:
                    buys = {str(a).split()[1] for a in actions if a.family == "buy"}
                    assert set(view.affordable) == buys
                    assert set(view_for(state, None).buyable) <= buys  # (less another's blind reserve)
                assert view.public is not None and view.public.seat == seat
                known = view.public.canonical()  # the seat to act's searchable knowledge keeps its own reserves
                assert known.players[seat].reserved == state.players[seat].reserved  # type: ignore[attr-defined]
                for shown in view.seats:
                    for i, letter in letters.items():  # B-10: the bonuses are those the owned cards give
                        assert sum(o.bonus for o in shown.cards if o.color == letter) == shown.bonuses[i]
                    for owned in shown.cards:
                        printed = owned.card.bonus
                        if printed in letters.values():
                            assert owned.color == printed
                        elif printed == "gold":
                            assert owned.color is None
                        bought.add(printed)
                buys_first = [a for a in actions if a.family == "buy"]
                pick = buys_first or actions
                state = apply(state, seat, pick[picker.below(len(pick))]).state
    assert {"w", "u", "g", "r", "k"} <= bought
