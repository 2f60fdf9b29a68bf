"""Spectacle rule tests: one (or more) per rule ID of docs/rules.md (P-1 .. P-10), then the
situations of the seed-004 comment thread as scenarios.

Scenario states come from an explicit setup (``config.setup``) plus bonus cards / hand
cards moved out of the box, so every state still satisfies ``check_invariants``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace

import pytest

import engine
from engine.core import GameConfig, find_ruleset
from engine.errors import BadSetup, GameOver, IllegalAction, NotYourTurn
from engine.spectacle.actions import DECK_REF, Buy, Claim, Pay, Place, Reserve, Return, Take, parse_action
from engine.spectacle.cards import CARD_CODE, N_CARDS, NOBLE_CODE, card_from_code
from engine.spectacle.rules import RULES
from engine.spectacle.state import SpectacleState

GRID = ("2c", "3c", "4c", "2d", "3d", "4d", "2s", "3s", "4s")
DECK = ("5c", "6c", "7c", "8c")


def _take_out(s: SpectacleState, code: str) -> int:
    """Remove a card from the box or the deck (never the grid) to place it elsewhere."""
    c = card_from_code(code)
    if c in s.box:
        s.box.remove(c)
    else:
        s.deck.remove(c)
    return c


def make(
    players: int = 2,
    *,
    grid: Sequence[str] = GRID,
    deck: Sequence[str] = DECK,
    nobles: Sequence[str] = ("jh", "qd", "ks"),
    stacks: Sequence[Sequence[int]] | None = None,
    chips: Sequence[Sequence[int]] | None = None,
    tableau: Mapping[int, Iterable[str]] | None = None,
    hand: Mapping[int, Iterable[str]] | None = None,
    blind: bool = False,
) -> SpectacleState:
    setup: dict[str, object] = {"deck": [*grid, *deck], "nobles": list(nobles)}
    if stacks is not None:
        setup["stacks"] = [list(st) for st in stacks]
    if chips is not None:
        setup["chips"] = [list(c) for c in chips]
    s = RULES.new_game(GameConfig("spectacle", players, seed=0, setup=setup))
    for seat, codes in (tableau or {}).items():
        for code in codes:
            c = _take_out(s, code)
            s.tab[seat][c // 10] |= 1 << (c % 10)
    for seat, codes in (hand or {}).items():
        for code in codes:
            c = _take_out(s, code)
            s.hand[seat].append(c)
            s.hand_blind[seat].append(blind)
    RULES.check_invariants(s)
    return s


def play(s: SpectacleState, *codes: str) -> list[engine.Event]:
    events: list[engine.Event] = []
    for code in codes:
        events.extend(RULES.apply_in_place(s, s.current, parse_action(code)))
        RULES.check_invariants(s)
    return events


def legal_codes(s: SpectacleState) -> set[str]:
    return {str(a) for a in RULES.legal_actions(s)}


def tableau(s: SpectacleState, seat: int) -> set[str]:
    return {CARD_CODE[c] for c in range(N_CARDS) if s.tab[seat][c // 10] >> (c % 10) & 1}


def refuse(s: SpectacleState, code: str, rule: str) -> IllegalAction:
    before = RULES.state_to_json(s)
    with pytest.raises(IllegalAction) as info:
        RULES.apply_in_place(s, s.current, parse_action(code))
    assert info.value.rule == rule, info.value
    assert info.value.key.startswith("err.")
    assert RULES.state_to_json(s) == before, "a refused action must not change the state"
    return info.value


# --- P-1 components ----------------------------------------------------------------------


def test_p1_components_forty_development_cards_twelve_nobles_four_chip_values() -> None:
    s = RULES.new_game(GameConfig("spectacle", 2, seed=3))
    cards = [c for c in s.grid if c >= 0] + s.deck
    assert sorted(cards) == list(range(40))
    codes = {CARD_CODE[c] for c in cards}
    assert {"ac", "10c", "ad", "10d", "ah", "10h", "as", "10s"} <= codes
    assert not any(code[0] in "jqk" for code in codes)
    view = RULES.view_for(s, None)
    assert {n.rank for n in view.nobles} <= {"j", "q", "k"}
    assert {(n.rank, n.threshold, n.power) for n in (*view.nobles,)} <= {
        ("j", 13, "destroy"),
        ("q", 14, "free"),
        ("k", 15, "swap"),
    }
    assert {v for st in view.stacks for v in st.chips} == {1, 2, 5, 10}
    from engine.spectacle.cards import CARD_VIEW

    assert CARD_VIEW[card_from_code("ah")].value == 1  # an ace is worth 1
    assert CARD_VIEW[card_from_code("10s")].value == 10


# --- P-2 setup ----------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "stacks", "nobles"), [(2, 4, 3), (3, 5, 4), (4, 6, 5)])
def test_p2_setup_stacks_nobles_grid_and_starting_chip(players: int, stacks: int, nobles: int) -> None:
    s = RULES.new_game(GameConfig("spectacle", players, seed=11))
    view = RULES.view_for(s, None)
    assert len(view.grid) == 9 and all(g.card is not None for g in view.grid)
    assert view.deck == 40 - 9
    assert [st.chips for st in view.stacks] == [(1, 2, 5, 10)] * stacks
    assert len(view.nobles) == nobles
    assert [seat.chips for seat in view.seats] == [(5,)] * players
    assert s.to_act == 0 and s.pending_kind is None and s.version == 0


def test_p2_setup_is_seeded_and_explicit_setup_is_respected() -> None:
    a = RULES.state_to_json(RULES.new_game(GameConfig("spectacle", 2, seed=5)))
    b = RULES.state_to_json(RULES.new_game(GameConfig("spectacle", 2, seed=5)))
    c = RULES.state_to_json(RULES.new_game(GameConfig("spectacle", 2, seed=6)))
    assert a == b and a != c
    s = make(nobles=("qs", "kh", "jd"))
    assert [g for g in RULES.state_to_json(s)["grid"]] == list(GRID)
    assert RULES.state_to_json(s)["deck"] == list(DECK)
    assert [n.code for n in RULES.view_for(s, 0).nobles] == ["qs", "kh", "jd"]


def test_p2_player_count_and_bad_setup_refused() -> None:
    for n in (1, 5):
        with pytest.raises(BadSetup):
            RULES.new_game(GameConfig("spectacle", n))
    with pytest.raises(BadSetup):
        RULES.new_game(GameConfig("spectacle", 2, setup={"deck": ["7h", "7h"]}))
    with pytest.raises(BadSetup):
        RULES.new_game(GameConfig("spectacle", 2, setup={"deck": ["zz"]}))


# --- P-3 stack slots ----------------------------------------------------------------------


def test_p3_emptied_slot_stays_and_returned_chips_go_to_the_bottom() -> None:
    s = make(stacks=[[10], [1, 2, 5, 10], [1, 2, 5, 10], [1, 2, 5, 10]], chips=[[], [5]])
    play(s, "take 1")  # seat 0 empties slot 1
    assert s.stacks[0] == [] and len(s.stacks) == 4
    play(s, "take 2")  # seat 1
    play(s, "buy 2c 10")  # seat 0 pays 10 for a 2: overpay, no change (P-5)
    assert s.pending_kind == "place"
    assert "put 10 1" in legal_codes(s)
    play(s, "put 10 1")  # the empty slot starts again
    assert RULES.view_for(s, None).stacks[0].chips == (10,)
    play(s, "take 3")  # seat 1 takes the 1 of slot 3
    play(s, "take 3")  # seat 0 takes the 2 of slot 3
    play(s, "buy 3c 5 > 3")  # seat 1 puts its 5 under slot 3: bottom, below the 5 and 10 already there
    assert RULES.view_for(s, None).stacks[2].chips == (5, 10, 5)


def test_p3_slots_hold_at_most_four_and_exist_only_up_to_players_plus_two() -> None:
    s = make()
    refuse(s, "take 5", "P-3")
    play(s, "take 1")
    play(s, "take 2")
    assert s.current == 0 and s.chips[0] == [1, 0, 1, 0]
    e = refuse(s, "buy 3d 5>3", "P-5")  # slot 3 still holds 4 chips
    assert e.key == "err.stack_full"
    assert all(len(st) <= 4 for st in s.stacks)


# --- P-4 actions ----------------------------------------------------------------------------


def test_p4_take_one_chip_from_the_top() -> None:
    s = make()
    events = play(s, "take 2")
    assert s.chips[0] == [1, 0, 1, 0] and s.stacks[1] == [1, 2, 3]
    assert events[0].kind == "take" and events[0].params["chips"] == [1]
    assert s.current == 1 and s.turn == 1  # one action per turn


def test_p4_take_two_chips_of_the_same_value_from_two_stacks() -> None:
    s = make(stacks=[[10, 1], [10], [5], [2]], chips=[[], []])
    assert "take 1 2" in legal_codes(s)
    assert "take 1 3" not in legal_codes(s)
    e = refuse(s, "take 1 3", "P-4")
    assert e.key == "err.take2_mismatch"
    refuse(s, "take 1 1", "P-4")
    play(s, "take 1 2")
    assert s.chips[0] == [0, 0, 0, 2] and s.stacks[0] == [0] and s.stacks[1] == []


def test_p4_take_is_one_stack_or_two_different_stacks_in_order() -> None:
    s = make()
    for bad, key in (((), "take_count"), ((0, 1, 2), "take_count"), ((1, 0), "take_order"), ((1, 1), "same_stack")):
        before = RULES.state_to_json(s)
        with pytest.raises(IllegalAction) as info:
            RULES.apply_in_place(s, 0, Take(bad))
        assert info.value.rule == "P-4" and info.value.key == f"err.{key}"
        assert RULES.state_to_json(s) == before
    assert Take((1, 0)) not in RULES.legal_actions(s) and Take((0, 1)) in RULES.legal_actions(s)


def test_p4_reserve_from_the_grid_refills_it() -> None:
    s = make()
    events = play(s, "reserve b1")
    assert s.hand[0] == [card_from_code("2d")] and s.grid[3] == card_from_code("5c")
    assert [e.kind for e in events] == ["reserve", "refill"]
    assert s.score(0) == -1  # P-9


def test_p4_blind_reserve_is_seen_only_by_its_owner() -> None:
    s = make()
    events = play(s, "reserve deck")
    assert s.hand[0] == [card_from_code("5c")] and s.hand_blind[0] == [True]
    assert events[0].redacted_for(1).params.get("card") is None
    assert events[0].redacted_for(0).params["card"] == "5c"
    assert RULES.view_for(s, 1).seats[0].hand[0].card is None
    assert RULES.view_for(s, None).seats[0].hand[0].card is None
    assert RULES.view_for(s, 0).seats[0].hand[0].card is not None
    assert RULES.view_for(s, 0).seats[0].hand[0].blind


def test_p4_at_most_three_reserved_and_no_reserve_from_an_empty_deck() -> None:
    s = make(hand={0: ["9h", "9d", "9s"]})
    assert not any(isinstance(a, Reserve) for a in RULES.legal_actions(s))
    e = refuse(s, "reserve a1", "P-4")
    assert e.key == "err.hand_full"
    s = make(deck=())
    assert "reserve deck" not in legal_codes(s)
    refuse(s, "reserve deck", "P-4")


def test_p4_main_action_during_a_pending_decision_is_refused() -> None:
    s = make(stacks=[[1, 2], [1, 2], [1, 2, 5, 10], [1, 2, 5, 10]], chips=[[5], [5]])
    play(s, "buy 4c 5")
    assert s.pending_kind == "place"
    e = refuse(s, "take 3", "P-5")
    assert e.key == "err.pending"
    play(s, "put 5 2")
    assert s.pending_kind is None and s.current == 1


# --- P-5 purchase -------------------------------------------------------------------------


def test_p5_price_is_value_minus_same_suit_bonuses() -> None:
    s = make(tableau={0: ["ac", "9c"]}, stacks=[[], [1, 2, 5, 10], [1, 2, 5, 10], [1, 2, 5, 10]], chips=[[2], [5, 10]])
    assert "buy 4c" in legal_codes(s)  # 4 - 2 clubs = 2: the held 2-chip pays
    assert "buy 2c" in legal_codes(s)  # 2 - 2 = 0: no chips
    assert "buy 4d" not in legal_codes(s)  # diamonds: full price 4
    events = play(s, "buy 2c")
    assert events[0].params["price"] == 0 and events[0].params["pay"] == []
    assert "2c" in tableau(s, 0)


def test_p5_overpay_without_change_and_unneeded_chips_refused() -> None:
    s = make(stacks=[[], [], [1, 2, 5, 10], [1, 2, 5, 10]], chips=[[10, 5, 1], [5]])
    assert "buy 3c" in legal_codes(s)
    step = RULES.apply(s, 0, parse_action("buy 3c")).state
    assert step.pending_kind == "pay"
    assert {"pay 5", "pay 10"} <= legal_codes(step)  # overpaying with one chip is fine
    assert "pay 10 5" not in legal_codes(step)
    e = refuse(step, "pay 10 5", "P-5")
    assert e.key == "err.overpaid"
    e = refuse(s, "buy 3c 10 5", "P-5")
    assert e.key == "err.overpaid"
    e = refuse(s, "buy 4s 1", "P-5")
    assert e.key == "err.underpaid"
    e = refuse(s, "buy 4s 2", "P-5")
    assert e.key == "err.chips_not_held"
    play(s, "buy 3c 10 > 1")
    assert s.chips[0] == [1, 0, 1, 0]  # no change given
    assert s.stacks[0] == [3]


def test_p5_payment_default_placement_and_pending_place() -> None:
    s = make(stacks=[[1], [2], [1, 2, 5, 10], [1, 2, 5, 10]], chips=[[2, 1], [5]])
    events = play(s, "buy 3d")  # default payment: 2 + 1 = 3 exactly
    assert events[0].params["pay"] == [2, 1]
    assert s.pending_kind == "place" and s.to_act == 0
    assert legal_codes(s) == {"put 2 1", "put 2 2", "put 1 1", "put 1 2", "put auto"}
    view = RULES.view_for(s, 1)
    assert view.pending is not None and view.pending.kind == "place" and view.pending.default == "put auto"
    e = refuse(s, "put 5 1", "P-5")
    assert e.key == "err.not_in_transit"
    assert refuse(s, "put 2 5", "P-3").key == "err.no_stack"  # four stacks
    e = refuse(s, "put 2 3", "P-5")  # stack 3 already holds 4 chips
    assert e.key == "err.stack_full" and dict(e.params) == {"stack": 3}
    with pytest.raises(IllegalAction):  # not a chip value (a code can never say this): refused, no crash
        RULES.apply(s, 0, Place(3, 0))
    play(s, "put 1 2")
    assert s.stacks[1] == [1, 0]
    assert s.pending_kind == "place"
    play(s, "put auto")  # the 2 goes under the slot with the most room: slot 1 (3 free)
    assert s.stacks[0] == [0, 1]
    assert s.pending_kind is None and s.current == 1


def test_p5_full_stacks_forbid_paying_with_chips_but_not_a_free_card() -> None:
    s = make(tableau={0: ["ac", "ad"]})
    assert not any(isinstance(a, Buy) and a.pay for a in RULES.legal_actions(s))
    e = refuse(s, "buy 4s 5", "P-5")
    assert e.key == "err.no_room"
    e = refuse(s, "buy 4s", "P-5")
    assert e.key == "err.no_room"
    assert "buy 2c" not in legal_codes(s)  # 2 - 1 club = 1: one chip, no room
    s = make(tableau={0: ["ac", "9c"]})
    assert "buy 2c" in legal_codes(s)  # 2 - 2 = 0: no chip to place
    play(s, "buy 2c")
    assert "2c" in tableau(s, 0)


def test_p5_buy_from_hand_and_grid_refill() -> None:
    s = make(hand={0: ["9h"]}, tableau={0: ["ah", "2h", "3h", "4h", "5h", "6h", "7h", "8h", "10h"]})
    with pytest.raises(IllegalAction) as info:  # built in code (no code reads so): the deck's top is never bought
        RULES.apply_in_place(s, 0, Buy(DECK_REF))
    assert (info.value.rule, info.value.key) == ("P-4", "err.buy_deck")
    play(s, "buy r1")
    assert s.hand[0] == [] and "9h" in tableau(s, 0)
    s = make(tableau={0: ["ac", "9c"]})
    events = play(s, "buy a1")
    assert [e.kind for e in events] == ["buy", "refill"]
    assert CARD_CODE[s.grid[0]] == "5c"


def test_p5_inline_placement_is_validated() -> None:
    s = make(stacks=[[1, 2, 5], [1, 2, 5, 10], [1, 2, 5, 10], [1, 2, 5, 10]], chips=[[5], [5]])
    refuse(s, "buy 4d 5>2", "P-5")
    assert refuse(s, "buy 4d 5>6", "P-3").key == "err.no_stack"
    for pay, place in ((None, (0,)), ((5,), (0, 1))):  # built in code (a typed code always pairs them)
        with pytest.raises(IllegalAction) as info:
            RULES.apply_in_place(s, 0, Buy(card_from_code("4d"), pay, place))
        assert (info.value.rule, info.value.key) == ("P-5", "err.place_count")
    play(s, "buy 4d 5>1")
    assert s.stacks[0] == [0, 1, 2, 2] and s.pending_kind is None and s.current == 1


def test_p5_buy_is_listed_once_per_card_and_the_payment_is_a_pending_choice() -> None:
    s = make(stacks=[[], [], [1, 2, 5, 10], [1, 2, 5, 10]], chips=[[10, 5, 1], [5]])
    buys = [str(a) for a in RULES.legal_actions(s) if isinstance(a, Buy)]
    assert len(buys) == len(set(buys)) and "buy 3c" in buys  # one menu entry per card
    assert all(len(code.split()) == 2 for code in buys)  # no payment variants in the main menu
    mine, theirs = RULES.view_for(s, 0), RULES.view_for(s, 1)
    assert "3c" in mine.affordable and mine.affordable == mine.buyable == theirs.buyable
    assert theirs.affordable == ()  # what the player to act can afford is theirs to see
    events = play(s, "buy 3c")
    assert RULES.view_for(s, 0).affordable == ()  # a pending payment: no purchase menu
    assert events == [] and s.pending_kind == "pay" and s.to_act == 0
    assert legal_codes(s) == {"pay 5", "pay 10"}  # {1}: too little; {10, 5}: the 5 is not needed
    assert str(RULES.default_action(s)) == "pay 5"  # Ruling (P-5): smallest total, then fewest chips
    view = RULES.view_for(s, 1)
    assert view.pending is not None and view.pending.kind == "pay"
    assert dict(view.pending.params) == {"card": "3c", "from": "a2", "price": 3}
    assert set(view.pending.options) == {"pay 5", "pay 10"} and view.pending.default == "pay 5"
    assert "3c" not in tableau(s, 0) and card_from_code("3c") in s.grid  # nothing moved yet
    e = refuse(s, "take 3", "P-5")
    assert e.key == "err.pending"
    assert refuse(s, "pay 10 5", "P-5").key == "err.overpaid"
    assert refuse(s, "pay 2", "P-5").key == "err.chips_not_held"
    assert refuse(s, "pay 1", "P-5").key == "err.underpaid"
    events = play(s, "pay 10")
    assert [e.kind for e in events][:2] == ["buy", "refill"] and events[0].params["pay"] == [10]
    assert "3c" in tableau(s, 0) and s.chips[0] == [1, 0, 1, 0]  # overpaid, no change
    assert s.pending_kind == "place"  # two empty slots: where the 10 goes is still a choice


def test_p5_no_pay_decision_when_one_payment_is_possible() -> None:
    s = make(stacks=[[], [1, 2, 5, 10], [1, 2, 5, 10], [1, 2, 5, 10]], chips=[[5, 1], [5]])
    events = play(s, "buy 4d")  # price 4: only the 5 pays it ({5, 1}: the 1 is not needed)
    assert events[0].kind == "buy" and events[0].params["pay"] == [5]
    assert s.pending_kind is None and s.current == 1  # one slot with room: placed at once
    assert s.stacks[0] == [2]


def test_p5_payment_shortcut_equals_buy_then_pay() -> None:
    base = make(stacks=[[], [], [1, 2, 5, 10], [1, 2, 5, 10]], chips=[[10, 5, 1], [5]])
    two = base.copy()
    play(two, "buy 3c", "pay 10", "put 10 2")
    one = base.copy()
    play(one, "buy 3c 10>2")
    a, b = RULES.state_to_json(one), RULES.state_to_json(two)
    # same events; inline placement reports the place before the refill, and in one action
    assert sorted(map(str, a.pop("events"))) == sorted(map(str, b.pop("events")))
    del a["last_events"], b["last_events"]
    assert a.pop("actions") == [[0, "buy 3c 10>2"]] and b.pop("actions") == [
        [0, "buy 3c"],
        [0, "pay 10"],
        [0, "put 10 2"],
    ]
    assert a == b
    refuse(base, "buy 3c 10 5", "P-5")  # a shortcut is checked like the decision it stands for


def test_p5_pay_decision_keeps_a_blind_reserve_hidden_until_bought() -> None:
    s = make(stacks=[[], [], [1, 2, 5, 10], [1, 2, 5, 10]], chips=[[10, 5, 1], [5]], hand={0: ["3h"]}, blind=True)
    play(s, "buy r1")
    assert s.pending_kind == "pay"
    other = RULES.view_for(s, 1).pending
    assert other is not None and dict(other.params) == {"card": None, "from": "r1", "price": None}
    assert other.options == () and other.default is None  # the payments would narrow the card down
    mine = RULES.view_for(s, 0).pending
    assert mine is not None and dict(mine.params)["card"] == "3h" and set(mine.options) == {"pay 5", "pay 10"}
    assert RULES.view_for(s, None).seats[0].hand[0].card is None
    events = play(s, "pay 5")
    assert events[0].params["card"] == "3h" and events[0].params["from"] == "r1"  # public once bought


def test_p5_pay_decision_survives_json_replay_and_apply() -> None:
    s = make(stacks=[[], [1, 2, 5, 10], [1, 2, 5, 10], [1, 2, 5, 10]], chips=[[5, 2, 1], [5]])
    before = RULES.state_to_json(s)
    t = RULES.apply(s, 0, parse_action("buy 2c"))
    assert RULES.state_to_json(s) == before  # apply never mutates its argument
    assert t.state.pending_kind == "pay" and legal_codes(t.state) == {"pay 2", "pay 5"}
    data = RULES.state_to_json(t.state)
    assert data["phase"] == "pay" and data["buying"] == "a1"
    back = RULES.state_from_json(s.config, data)
    assert RULES.state_to_json(back) == data
    RULES.check_invariants(back)
    again = engine.replay(t.state.config, t.state.history())
    assert RULES.state_to_json(again) == data
    old = RULES.state_to_json(s)
    del old["buying"]  # snapshots made before the pay decision existed
    assert RULES.state_from_json(s.config, old).pending is None


# --- P-6 chip limit ----------------------------------------------------------------------------


def test_p6_more_than_five_chips_must_be_returned_by_choice() -> None:
    s = make(stacks=[[10], [10], [], [1, 2, 5, 10]], chips=[[5, 5, 2, 1], [5]])
    play(s, "take 1 2")
    assert s.pending_kind == "return" and sum(s.chips[0]) == 6
    codes = legal_codes(s)
    assert "return 10 1" in codes and "return 1 3" in codes and "return auto" in codes
    assert "return 10 4" not in codes  # slot 4 is full
    refuse(s, "return 10 4", "P-6")
    before = RULES.state_to_json(s)
    with pytest.raises(IllegalAction) as info:  # built in code, not parsed: there is no 3-chip, and the
        RULES.apply_in_place(s, 0, Return(3, 0))  # 2-chip held is not given back instead
    assert info.value.rule == "P-6" and RULES.state_to_json(s) == before
    refuse(s, "take 4", "P-6")
    play(s, "return 10 3")  # giving back a chip just taken is allowed
    assert sum(s.chips[0]) == 5 and s.stacks[2] == [3] and s.current == 1


def test_a_move_may_be_given_as_its_code() -> None:
    s, t = make(), make()
    assert RULES.apply_in_place(s, 0, "take 1") == RULES.apply_in_place(t, 0, parse_action("take 1"))
    assert RULES.state_to_json(s) == RULES.state_to_json(t) and s.stacks[0] != make().stacks[0]


def test_p6_the_default_return_asked_for_or_played_at_a_timeout_gives_back_the_lowest_chips() -> None:
    for default in (False, True):  # asked for, or what a timeout plays (the decision's default)
        s = make(stacks=[[10], [10], [], [1, 2, 5]], chips=[[5, 5, 2, 1, 1], [5]])
        play(s, "take 1 2")
        events = play(s, str(RULES.default_action(s)) if default else "return auto")
        assert s.chips[0] == [0, 1, 2, 2]  # both 1s went back
        stacks = RULES.view_for(s, None).stacks
        assert stacks[0].chips == (1,) and stacks[1].chips == (1,)  # each under the slot with the most room
        assert [(e.kind, e.seat, dict(e.params)) for e in events if e.kind == "return" or e.seat == 0][:2] == [
            ("return", 0, {"chip": 1, "stack": 1}), ("return", 0, {"chip": 1, "stack": 2})]


# --- P-7 nobles ---------------------------------------------------------------------------------


def test_p7_noble_needs_the_suit_total_and_discards_the_default_cards() -> None:
    s = make(nobles=("jh", "qd", "ks"), tableau={0: ["9h", "3h"], 1: ["8s"]})
    play(s, "take 1")  # 12 < 13: no noble
    assert s.won[0] == []
    play(s, "take 2")
    s2 = make(nobles=("jh", "qd", "ks"), tableau={0: ["9h", "4h", "3h", "ah"], 1: ["8s"]})
    play(s2, "take 1")
    assert [NOBLE_CODE[x] for x in s2.won[0]] == ["jh"]
    assert "jh" not in [n.code for n in RULES.view_for(s2, 0).nobles]
    # minimal sets reaching 13: {9,4} and {9,3,a}; same total, the default has fewer cards
    assert s2.pending_kind == "discard" and legal_codes(s2) == {"discard 4h 9h", "discard ah 3h 9h"}
    assert str(RULES.default_action(s2)) == "discard 4h 9h"
    events = play(s2, str(RULES.default_action(s2)))
    discard = next(e for e in events if e.kind == "discard")
    assert discard.params["cards"] == ["4h", "9h"]
    assert tableau(s2, 0) == {"ah", "3h"}
    assert s2.score(0) == 1
    # the Jack's only target (8s) was destroyed at once
    assert any(e.kind == "power" and e.params["power"] == "destroy" for e in events)
    assert tableau(s2, 1) == set()


@pytest.mark.parametrize(("noble", "below", "at"), [
    ("jh", ["9h", "3h"], ["9h", "4h"]),  # Jack: 13
    ("qd", ["8d", "5d"], ["9d", "5d"]),  # Queen: 14
    ("ks", ["9s", "5s"], ["9s", "6s"]),  # King: 15
])
def test_p7_each_noble_comes_at_its_threshold_and_not_one_below(noble: str, below: list[str], at: list[str]) -> None:
    s = make(nobles=(noble,), tableau={0: below})
    play(s, "take 1")
    assert s.won[0] == [] and s.pending_kind is None
    s = make(nobles=(noble,), tableau={0: at})
    play(s, "take 1")
    assert [NOBLE_CODE[x] for x in s.won[0]] == [noble]


def test_p7_discard_is_a_choice_when_several_minimal_sets_exist() -> None:
    s = make(nobles=("kh",), tableau={0: ["10h", "5h", "9h", "6h"]})
    play(s, "take 1")
    assert s.pending_kind == "discard"
    codes = legal_codes(s)
    # {5,6,9}: the 5 is not needed
    assert codes == {"discard 5h 10h", "discard 6h 9h", "discard 6h 10h", "discard 9h 10h"}
    pending = RULES.view_for(s, 1).pending
    assert pending is not None and dict(pending.params) == {"noble": "kh", "threshold": 15}
    assert RULES.default_action(s) == parse_action("discard 6h 9h")  # total 15, 2 cards, keeps the 10
    refuse(s, "discard 5h 9h", "P-7")  # 14 < 15
    refuse(s, "discard 5h 9h 10h", "P-7")  # the 5 is not needed
    play(s, "discard 6h 10h")
    assert tableau(s, 0) == {"5h", "9h"}


def test_p7_several_qualifying_nobles_one_per_turn_chosen_by_the_player() -> None:
    s = make(nobles=("jh", "qh", "ks"), tableau={0: ["10h", "4h"]})
    play(s, "take 1")
    assert s.pending_kind == "noble" and legal_codes(s) == {"noble jh", "noble qh"}
    pending = RULES.view_for(s, 1).pending  # what the table shows of the choice
    assert pending is not None and dict(pending.params) == {"nobles": ("jh", "qh")}
    e = refuse(s, "noble ks", "P-7")
    assert (e.key, dict(e.params)) == ("err.noble_not_option", {"noble": "ks"})
    play(s, "noble qh")
    assert [NOBLE_CODE[x] for x in s.won[0]] == ["qh"]
    assert s.pending_kind == "free"  # the Queen's power
    play(s, "free b2")
    assert "3d" in tableau(s, 0) and CARD_CODE[s.grid[4]] == "5c"
    assert s.current == 1 and len(s.won[0]) == 1  # at most one noble per turn


def test_p7_jack_destroys_an_opponent_bonus_card() -> None:
    s = make(nobles=("jd",), tableau={0: ["9d", "5d"], 1: ["5s", "7c"]})
    play(s, "take 1")
    assert s.pending_kind == "destroy" and legal_codes(s) == {"kill 5s", "kill 7c"}
    refuse(s, "kill 9d", "P-7")
    play(s, "kill 7c")
    assert tableau(s, 1) == {"5s"} and card_from_code("7c") in s.discard


def test_p7_king_swaps_one_of_yours_with_one_of_theirs() -> None:
    s = make(nobles=("ks",), tableau={0: ["10s", "5s", "9c"], 1: ["9h", "8d"]})
    play(s, "take 1")
    assert s.pending_kind == "swap"
    assert legal_codes(s) == {"swap 9c 9h", "swap 9c 8d"}  # the spades went to the King
    refuse(s, "swap 9h 9c", "P-7")
    events = play(s, "swap 9c 9h")
    assert tableau(s, 0) == {"9h"} and tableau(s, 1) == {"9c", "8d"}
    assert [e.seat for e in events if e.kind == "power"] == [0]  # the log says who swapped


def test_p7_power_without_target_does_nothing() -> None:
    s = make(nobles=("jh",), tableau={0: ["10h", "3h"]})
    events = play(s, "take 1")
    power = next(e for e in events if e.kind == "power")
    assert power.params["power"] == "none"
    assert s.current == 1 and s.score(0) == 1


# --- P-8 sets and runs ----------------------------------------------------------------------------


def test_p8_set_of_three_or_four_values_and_run_of_consecutive_suit() -> None:
    s = make(nobles=("kc",), tableau={0: ["7c", "7d", "7h", "7s", "4h", "5h", "6h"]})
    codes = legal_codes(s)
    assert {"set 7c 7d 7h 7s", "set 7c 7d 7h", "set 7d 7h 7s", "run 4h 5h 6h", "run 4h 5h 6h 7h"} <= codes
    assert "run 5h 6h 7h" in codes
    events = play(s, "set 7c 7d 7s")
    assert events[0].params == {"kind": "set", "cards": ["7c", "7d", "7s"], "kept": "7c"}
    assert s.score(0) == 1 and tableau(s, 0) == {"7h", "4h", "5h", "6h"}
    assert card_from_code("7d") in s.discard and card_from_code("7c") not in s.discard
    claim = RULES.view_for(s, 1).seats[0].claims[0]
    assert claim.kind == "set" and claim.kept.code == "7c"
    assert RULES.view_for(s, 1).discarded == 2  # 7d and 7s went to the discard pile
    assert [c.code for c in claim.cards] == ["7c", "7d", "7s"]  # every card of the claim, as it was claimed


def test_p8_invalid_claims_refused() -> None:
    s = make(tableau={0: ["4h", "5h", "7h", "7c", "8d"]})
    refuse(s, "run 4h 5h 7h", "P-8")  # not consecutive
    e = refuse(s, "set 7h 7c 7d", "P-8")  # 7d is not hers
    assert (e.key, dict(e.params)) == ("err.not_in_tableau", {"card": "7d"})  # the message names the card
    refuse(s, "claim 7h 7c 8d", "P-8")
    assert not any(isinstance(a, Claim) for a in RULES.legal_actions(s))
    s = make(tableau={0: ["10h", "ah", "2h", "9h"]})
    refuse(s, "run 9h 10h ah", "P-8")  # no wrap-around


# --- P-9 end ----------------------------------------------------------------------------------


def _with_vp(s: SpectacleState, seat: int, claims: Sequence[Sequence[str]]) -> None:
    for cl in claims:
        cards = tuple(_take_out(s, c) for c in cl)
        s.claims[seat].append(cards)
        s.discard.extend(cards[1:])
    RULES.check_invariants(s)


def test_p9_five_vp_ends_at_the_end_of_the_round() -> None:
    s = make(players=3, tableau={1: ["7c", "7d", "7h"]})
    _with_vp(s, 1, [("ac", "ad", "ah"), ("2h", "5h", "6h"), ("9c", "9d", "9h"), ("10c", "10d", "10h")])
    play(s, "take 1")
    events = play(s, "set 7c 7d 7h")  # seat 1 reaches 5 VP
    assert s.end_reason == "vp" and any(e.kind == "end_triggered" for e in events)
    assert not s.is_over and RULES.view_for(s, 0).final_round and RULES.view_for(s, 0).is_over is False
    events = play(s, "take 2")  # seat 2 finishes the round
    assert s.is_over and s.to_act is None and s.winners() == (1,)
    assert all(RULES.view_for(s, seat).is_over is True for seat in (None, 0, 1, 2))  # every viewer is told
    assert events[-1].kind == "game_over"
    with pytest.raises(GameOver):
        RULES.apply_in_place(s, 0, parse_action("take 1"))
    assert RULES.legal_actions(s) == []


def test_p9_reserved_cards_count_minus_one_also_for_the_five_vp_check() -> None:
    s = make(tableau={0: ["7c", "7d", "7h"]}, hand={0: ["9s"]})
    _with_vp(s, 0, [("ac", "ad", "ah"), ("2h", "5h", "6h"), ("9c", "9d", "9h")])
    assert s.score(0) == 2
    play(s, "set 7c 7d 7h")  # 4 VP - 1 reserved = 3
    assert s.score(0) == 3 and s.end_reason is None
    s = make(tableau={0: ["7c", "7d", "7h"]})
    _with_vp(s, 0, [("ac", "ad", "ah"), ("2h", "5h", "6h"), ("9c", "9d", "9h"), ("10c", "10d", "10h")])
    play(s, "set 7c 7d 7h")
    assert s.score(0) == 5 and s.end_reason == "vp"


def test_p9_revealing_the_last_deck_card_ends_the_round() -> None:
    s = make(deck=("5c",), tableau={0: ["ac", "ad"]})
    events = play(s, "reserve a1")  # refill reveals the last card
    assert [e.kind for e in events][:3] == ["reserve", "refill", "end_triggered"]
    assert s.end_reason == "deck" and not s.is_over
    play(s, "take 1")
    assert s.is_over


def test_p9_blind_reserve_of_the_last_card_also_ends_the_round() -> None:
    s = make(deck=("5c",))
    play(s, "take 1")
    play(s, "reserve deck")
    assert s.end_reason == "deck" and s.is_over  # seat 1 closed the round


# --- P-10 winner ------------------------------------------------------------------------------


def test_p10_most_vp_then_fewer_nobles_then_shared() -> None:
    s = make(players=3)
    s.won[0] = [0]
    s.nobles = [x for x in s.nobles if x != 0]
    _with_vp(s, 1, [("ac", "ad", "ah")])
    s.over = True
    s.end_reason = "deck"
    assert s.scores() == (1, 1, 0)
    assert s.winners() == (1,)  # tie on VP: seat 1 has fewer nobles
    _with_vp(s, 2, [("5d", "5h", "5s"), ("6h", "7h", "8h")])
    assert s.winners() == (2,)  # most VP wins outright
    s.won[0] = []
    s.nobles.append(0)
    _with_vp(s, 0, [("9c", "9d", "9h")])
    _with_vp(s, 1, [("10c", "10d", "10h")])
    assert s.scores() == (1, 2, 2) and s.winners() == (1, 2)  # still tied: shared victory


# --- interface ---------------------------------------------------------------------------------


def test_registry_aliases_and_turn_errors() -> None:
    assert find_ruleset("poker") is RULES and find_ruleset("Espectaculo") is RULES
    s = engine.new_game(GameConfig("poker", 2, seed=1))
    assert s.config.ruleset == "spectacle"
    with pytest.raises(NotYourTurn):
        engine.apply(s, 1, parse_action("take 1"))


def test_apply_does_not_mutate_and_replay_matches() -> None:
    s = engine.new_game(GameConfig("spectacle", 2, seed=9))
    before = RULES.state_to_json(s)
    t = engine.apply(s, 0, parse_action("reserve deck"))
    assert RULES.state_to_json(s) == before
    assert t.state.version == 1 and t.events[0].kind == "reserve"
    again = engine.replay(s.config, t.state.history())
    assert RULES.state_to_json(again) == RULES.state_to_json(t.state)
    back = engine.from_json(engine.to_json(t.state), verify=True)
    assert RULES.state_to_json(back) == RULES.state_to_json(t.state)


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("TAKE  1, 3", "take 1 3"),
        ("take 31", "take 1 3"),
        ("t 4", "take 4"),
        ("coger 2", "take 2"),
        ("reserve deck", "reserve deck"),
        ("Reservar mazo", "reserve deck"),
        ("res B2", "reserve b2"),
        ("buy ts", "buy 10s"),
        ("comprar 10 de picas 5 2", "buy 10s 5 2"),
        ("buy 7 hearts 2>3 5>1", "buy 7h 5>1 2>3"),
        ("comprar 7 corazones", "buy 7h"),
        ("buy 7 copas", "buy 7h"),
        ("buy as", "buy as"),
        ("buy as de diamantes", "buy ad"),
        ("buy 3 ouros", "buy 3d"),
        ("buy 3 paus", "buy 3c"),
        ("buy 3 tréboles", "buy 3c"),
        ("buy 3 espadas", "buy 3s"),
        ("buy r2", "buy r2"),
        ("serie 7h 7c 7d", "set 7c 7d 7h"),
        ("escalera 6h 4h 5h", "run 4h 5h 6h"),
        ("put 5 2", "put 5 2"),
        ("place auto", "put auto"),
        ("devolver 10 1", "return 10 1"),
        ("noble jota de copas", "noble jh"),
        ("noble K S", "noble ks"),
        ("disc 9h 4h", "discard 4h 9h"),
        ("ret auto", "return auto"),
        ("res deck", "reserve deck"),
        ("destroy 7h", "kill 7h"),
        ("queen a3", "free a3"),
        ("swap 3d 7h", "swap 3d 7h"),
    ],
)
def test_parse_is_forgiving_and_canonical_codes_round_trip(text: str, code: str) -> None:
    action = parse_action(text)
    assert str(action) == code
    assert parse_action(code) == action


@pytest.mark.parametrize("text", ["", "fly 3", "take", "take 1 2 3", "take 9", "buy 11h", "buy 7x", "put 3 1", "noble"])
def test_parse_refuses_unreadable_text(text: str) -> None:
    with pytest.raises(engine.InvalidAction):
        parse_action(text)


# --- scenarios from the seed-004 comment thread ---------------------------------------------------


def test_scenario_comment_7_the_starting_five_chip_is_extra() -> None:
    for players in (2, 3, 4):
        s = RULES.new_game(GameConfig("spectacle", players, seed=2))
        held = sum(sum(c) for c in s.chips)
        assert sum(len(st) for st in s.stacks) == 4 * (players + 2)
        assert held == players and s.chips[0] == [0, 0, 1, 0]


def test_scenario_comment_8_first_player_cannot_buy_while_every_stack_is_full() -> None:
    s = RULES.new_game(GameConfig("spectacle", 2, seed=4))
    assert not any(isinstance(a, Buy) for a in RULES.legal_actions(s))  # nothing costs 0 yet
    five = next(c for c in s.grid if c >= 0 and c % 10 <= 4)  # a card of value <= 5
    e = refuse(s, f"buy {CARD_CODE[five]} 5", "P-5")
    assert e.key == "err.no_room"
    play(s, "take 1")  # now stack 1 has room
    assert any(isinstance(a, Buy) for a in RULES.legal_actions(s))
    play(s, f"buy {CARD_CODE[five]} 5")
    assert s.stacks[0][-1] == 2  # the 5 went under the only slot with room
    assert s.current == 0 and CARD_CODE[five] in tableau(s, 1)


def test_scenario_comment_7_no_change_is_given() -> None:
    s = make(stacks=[[1, 2, 5], [1, 2, 5, 10], [1, 2, 5, 10], [1, 2, 5, 10]], chips=[[10], [5]])
    play(s, "buy 2c 10")
    assert s.chips[0] == [0, 0, 0, 0] and s.stacks[0][-1] == 3


def test_scenario_comment_6_taking_two_tens() -> None:
    s = make(stacks=[[10, 1], [10, 2], [1, 2, 5, 10], [1, 2, 5, 10]], chips=[[5], [5]])
    play(s, "take 1 2")
    assert s.chips[0] == [0, 0, 1, 2]


def test_scenario_chips_just_taken_may_be_returned() -> None:
    s = make(stacks=[[10], [10], [], []], chips=[[5, 5, 5, 1, 1], [5]])
    play(s, "take 1 2")
    play(s, "return 10 1", "return 10 2")
    assert s.chips[0] == [2, 0, 3, 0] and s.stacks[0] == [3] and s.stacks[1] == [3]


def test_not_your_turn_and_illegal_pending_code_in_main_phase() -> None:
    s = make()
    with pytest.raises(NotYourTurn):
        RULES.apply_in_place(s, 1, Take((0,)))
    refuse(s, "put 5 1", "P-4")
    assert isinstance(RULES.default_action(s), Take)
    assert RULES.default_action(s) in RULES.legal_actions(s)
    assert parse_action("put auto") == Place(0) and str(Place(0)) == "put auto"
    refuse(s, str(Place(0)), "P-4")  # the default placement is no main-phase move either
    assert Place(0) not in RULES.legal_actions(s)


def test_p5_payment_refusals_carry_what_the_message_says() -> None:
    """The player's sentence is built from the refusal's key and parameters (bot.engine.*): both must be right."""
    s = make(stacks=[[], [], [1, 2, 5, 10], [1, 2, 5, 10]], chips=[[10, 5, 1], [5]])
    e = refuse(s, "buy 3c 10 5", "P-5")
    assert (e.key, dict(e.params)) == ("err.overpaid", {"card": "3c", "price": 3, "paid": 15})
    e = refuse(s, "buy 4s 1", "P-5")
    assert (e.key, dict(e.params)) == ("err.underpaid", {"card": "4s", "price": 4, "paid": 1})
    e = refuse(s, "buy 4s 2", "P-5")
    assert (e.key, dict(e.params)) == ("err.chips_not_held", {"pay": [2]})
    poor = make(stacks=[[], [], [1, 2, 5, 10], [1, 2, 5, 10]], chips=[[1], [5]])
    e = refuse(poor, "buy 4s", "P-5")
    assert (e.key, dict(e.params)) == ("err.chips_short", {"card": "4s", "price": 4, "chips": 1})


def test_p7_queen_offers_every_grid_card_the_ace_of_clubs_too() -> None:
    s = make(grid=("ac", *GRID[1:]), nobles=("qh",), tableau={0: ["10h", "4h"]})
    play(s, "take 1")
    assert s.pending_kind == "free"
    assert len(legal_codes(s)) == len(GRID)  # every face-up card, the first card of the deck (ac) included
    play(s, "free a1")
    assert "ac" in tableau(s, 0)


def test_p3_an_emptied_grid_position_is_refused_by_name() -> None:
    s = make(deck=())
    play(s, "reserve a1")  # nothing left to refill a1 with
    for code in ("reserve a1", "buy a1"):
        e = refuse(s, code, "P-4")
        assert (e.key, dict(e.params)) == ("err.grid_empty", {"pos": "a1"})


def test_p4_an_empty_stack_is_refused_citing_the_rule() -> None:
    s = make(stacks=[[], [1, 2, 5, 10], [1, 2, 5, 10], [1, 2, 5, 10]])
    e = refuse(s, "take 1", "P-4")  # players read "(P-4)" after the sentence
    assert (e.key, dict(e.params)) == ("err.stack_empty", {"stack": 1})


def test_a_preview_is_the_movers_own_view_after_the_move_but_what_the_deck_gives() -> None:
    """P-4, P-5: previewing a move shows the mover's hand and seats as they will be (a reserved card in hand, a
    bought one gone); only what the move draws from the deck stays hidden: the grid's refills and the card a
    blind reserve takes."""
    from engine.rng import Rng

    seen_reserve = seen_blind = 0
    for seed in range(6):
        state = engine.new_game(GameConfig("spectacle", 2, seed))
        picker = Rng(seed)
        while not state.is_over and state.version < 60:
            seat = state.to_act
            assert seat is not None
            actions = engine.legal_actions(state)
            buys = [a for a in actions if a.family == "buy"][:3]
            for action in [*(a for a in actions if a.family == "reserve"), *buys]:
                after = engine.preview(state, seat, action)
                real = engine.view_for(engine.apply(state, seat, action).state, seat)
                mine, theirs = after.seats[seat], real.seats[seat]
                assert len(mine.hand) == len(theirs.hand)
                for shown, held in zip(mine.hand, theirs.hand, strict=True):
                    assert shown == held or (shown.blind and shown.card is None and replace(shown, card=held.card)
                                             == held), action
                seen_blind += any(h.card is None for h in mine.hand)
                seen_reserve += action.family == "reserve" and len(mine.hand) > len(state.hand[seat])
                assert [replace(s, hand=()) for s in after.seats] == [replace(s, hand=()) for s in real.seats]
            state = engine.apply(state, seat, actions[picker.below(len(actions))]).state
    assert seen_reserve and seen_blind


def test_a_place_decision_names_the_chips_still_to_place() -> None:
    """P-5: the chips paid are placed one at a time; the decision says which are left, highest first, and offers
    to place exactly those."""
    from engine.rng import Rng

    checked = 0
    for seed in range(4):
        state = engine.new_game(GameConfig("spectacle", 2, seed))
        picker = Rng(seed)
        expected: tuple[int, ...] | None = None  # what the move before leaves to place
        while not state.is_over and state.version < 120:
            seat = state.to_act
            assert seat is not None
            pending = engine.view_for(state, seat).pending
            chips: tuple[int, ...] = ()
            if pending is not None and pending.kind == "place":
                chips = tuple(dict(pending.params)["chips"])
                assert list(chips) == sorted(chips, reverse=True) and chips
                assert {int(o.split()[1]) for o in pending.options if o != "put auto"} == set(chips)
                assert expected is None or chips == expected
                checked += 1
            actions = engine.legal_actions(state)
            action = str(actions[picker.below(len(actions))])
            expected = None
            if action.startswith("pay "):
                expected = tuple(sorted((int(v) for v in action.split()[1:]), reverse=True))
            elif chips and action != "put auto":
                rest = list(chips)
                rest.remove(int(action.split()[1]))
                expected = tuple(rest)
            state = engine.apply(state, seat, engine.parse_action(state, action)).state
    assert checked > 10


def test_a_blind_reserve_is_buyable_in_its_owners_view_only() -> None:
    """P-4, P-5: the owner knows the card they reserved blind and may buy it; the others' views say neither
    which card it is nor that it can be bought.  Only the seat to act gets a searchable public state."""
    s = make(stacks=[[1, 2], [1, 2], [1, 2, 5, 10], [1, 2, 5, 10]], chips=[[5], [5]], hand={0: ["2h"]}, blind=True)
    assert s.to_act == 0 and "buy 2h" in [str(a) for a in RULES.legal_actions(s)]
    mine, theirs, spectator = (RULES.view_for(s, seat) for seat in (0, 1, None))
    assert "2h" in mine.buyable and mine.affordable == mine.buyable
    assert theirs.buyable == spectator.buyable == tuple(c for c in mine.buyable if c != "2h")
    assert theirs.affordable == spectator.affordable == ()
    assert mine.public is not None and mine.public.seat == 0
    assert theirs.public is None and spectator.public is None


def test_p5_a_payment_built_in_code_must_be_one_the_decision_offers() -> None:
    s = make(stacks=[[], [], [1, 2, 5, 10], [1, 2, 5, 10]], chips=[[10, 5, 2, 1], [5]])
    play(s, "buy 3c")
    assert legal_codes(s) == {"pay 10", "pay 5", "pay 2 1"}
    with pytest.raises(IllegalAction) as info:  # the right chips, not in the order the decision lists them
        RULES.apply_in_place(s, 0, Pay((1, 2)))
    assert (info.value.rule, info.value.key) == ("P-5", "err.bad_payment")
    assert dict(info.value.params) == {"pay": [1, 2]}
    play(s, "pay 1 2")  # typed, the same chips are read in the listed order
    assert "3c" in tableau(s, 0)


def test_p4_a_card_not_on_the_grid_is_refused_naming_it() -> None:
    assert refuse(make(), "reserve 5c", "P-4").key == "err.not_on_grid"  # 5c is in the deck


def test_claim_reads_the_kind_the_rules_reference_writes_after_it() -> None:
    """``claim set 7c 7d 7h`` (how docs/rules.md words P-claims) is the same claim as ``set 7c 7d 7h``."""
    assert parse_action("claim set 7c 7d 7h") == parse_action("set 7c 7d 7h") == parse_action("claim 7h 7c 7d")
    assert parse_action("claim run 4h 5h 6h") == parse_action("run 4h 5h 6h")
    assert parse_action("reclamar serie 7c 7d 7h") == parse_action("set 7c 7d 7h")
