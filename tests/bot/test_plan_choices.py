"""What ``/splendor plan`` offers and lists (issue 33, bot.ui.plans): a buy that would ask how to pay is offered
only with each payment spelled out (a plan cannot answer a decision later), the first look shows every kind of
move, typing filters moves and cards, and a plan's list says when a player has none or its card is gone."""

from __future__ import annotations

from datetime import UTC, datetime

import engine
from bot.store import PlanRow
from bot.ui.plans import card_choices, card_label, move_choices, plan_line, plans_text
from tests.bot.test_review_edges import _random_game

PAYING_AT = 6  # base, seed 1: the seat to act can buy 1.3 with white and black, or with gold for some of it


def _plan(code: str, cond: str | None = None) -> PlanRow:
    return PlanRow(1, 2, 0, code, 1, datetime(2026, 1, 1, tzinfo=UTC), None, None, cond)


def test_a_buy_that_asks_how_to_pay_is_offered_with_each_payment() -> None:
    state = _random_game("base", 1, stop=PAYING_AT)
    seat = state.to_act
    assert seat is not None
    assert engine.apply(state, seat, engine.parse_action(state, "buy 1.3")).state.pending_kind is not None
    buys = move_choices(state, seat, "en", "buy 1.3")
    codes = [code for _, code in buys]
    assert len(codes) >= 2 and "buy 1.3" not in codes and all(c.startswith("buy 1.3 pay ") for c in codes)
    for label, code in buys:
        assert "Pay" in label
        after = engine.apply(state, seat, engine.parse_action(state, code)).state
        assert not (after.to_act == seat and after.pending_kind is not None)  # each ends the turn by itself
    gold = move_choices(state, seat, "en", "gold")
    assert gold and all("o" in code.split(" pay ")[1] for _, code in gold)  # filtered by the label too


def test_the_first_look_shows_every_kind_of_move_within_the_limit() -> None:
    state = _random_game("base", 1, stop=PAYING_AT)
    seat = state.to_act
    assert seat is not None
    first = move_choices(state, seat, "en", limit=6)
    assert len(first) == 6
    kinds = [engine.parse_action(state, code).family for _, code in first[:3]]
    assert sorted(kinds) == ["buy", "reserve", "take"]
    assert len(move_choices(state, seat, "en")) == 25
    assert move_choices(state, seat, "en", "no such move") == []


def test_no_move_is_offered_while_a_decision_is_pending() -> None:
    state = _random_game("base", 1, stop=PAYING_AT)
    seat = state.to_act
    assert seat is not None
    pending = engine.apply(state, seat, engine.parse_action(state, "buy 1.3")).state
    assert move_choices(pending, 1 - seat, "en") == [] and move_choices(pending, seat, "en") == []


def test_cards_are_offered_by_place_and_filtered_by_what_was_typed() -> None:
    view = engine.view_for(_random_game("base", 1, stop=PAYING_AT), 0)
    cards = card_choices(view, "en")
    face_up = view.face_up()
    assert [card for _, card in cards] == [f.card_id for f in face_up][:25]
    place = face_up[0].place
    only = card_choices(view, "en", place + ":")
    assert only and all(label.startswith(place + ":") for label, _ in only)
    assert card_choices(view, "en", limit=2) == cards[:2]


def test_the_list_says_when_there_are_no_plans_and_names_a_card_that_left() -> None:
    view = engine.view_for(_random_game("base", 1, stop=PAYING_AT), 0)
    assert plans_text(view, [], "en") == "You have no plans for your next turn."
    card = view.face_up()[0]
    assert card_label(view, card.card_id, "en").startswith(f"{card.place}: ")
    assert card_label(view, "gone-card", "en") == "gone-card"  # no longer face up: its id
    line = plan_line(view, _plan("take wug", cond=card.card_id), 1, "en")
    assert line.startswith("1. ") and "if this card is still face up" in line and card.place in line
    listed = plans_text(view, [_plan("take wug"), _plan("take wug", cond="gone-card")], "en")
    assert listed.splitlines()[1].startswith("1. ") and listed.endswith("gone-card")
