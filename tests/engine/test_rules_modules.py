"""One test (or a few) per Orient (O-n) and Strongholds (S-n) rule, plus the S-6 worked
example and the combination notes of seed 001."""

from __future__ import annotations

import pytest

from engine import IllegalAction, apply, view_for
from engine.splendor.rules import CARDS
from engine.splendor.state import EMPTY

from .splendor_helpers import card, codes, game, give_card, give_tokens, grant_bonus, play, put_on_table

W, U, G, R, K = range(5)


def refused(state, code: str) -> IllegalAction:
    with pytest.raises(IllegalAction) as info:
        apply(state, state.to_act, state.rules.parse_action(code))
    return info.value


def kinds(state, since: int = 0) -> list[str]:
    return [e.kind for e in state.events()[since:]]


# ---------------------------------------------------------------- Orient


def test_o1_setup_rows_of_four_plus_two_and_refill_from_own_deck():
    state = game("orient")
    assert all(len(row) == 6 for row in state.rows)
    assert all(CARDS[c].orient for row in state.rows for c in row[4:])
    assert not any(CARDS[c].orient for row in state.rows for c in row[:4])
    assert [len(d) for d in state.odecks] == [8, 8, 8]
    top = state.odecks[0][-1]
    state = play(state, "reserve 1.5")
    assert state.rows[0][4] == top  # refilled from the Orient deck, not the base deck
    state = play(state, "reserve o2")  # blind reserve from an Orient deck
    assert CARDS[state.players[1].reserved[0]].orient and state.players[1].blind == [True]
    assert view_for(state, 0).seats[1].reserved[0].card is None
    assert view_for(state, 0).seats[1].reserved[0].orient
    assert refused(game("base"), "reserve o1").rule == "O-1"


def test_o2_gold_card_gives_two_virtual_gold_then_leaves_the_game():
    # rules version 1: a payment may spend tokens while a virtual gold lapses (version 2: test_rulings.py)
    state = game("orient", rules_version=1)
    put_on_table(state, "O1-01", 1, 5)  # gold card, cost 3 white
    give_tokens(state, 0, "www")
    state = play(state, "buy 1.5", "take wug")
    p = state.players[0]
    assert p.goldcards == 1 and p.bonus == [0, 0, 0, 0, 0] and card("O1-01") in p.cards
    # a card costing 4 black, paid with 3 black tokens and the gold card (one virtual gold is lost)
    four_black = next(c.id for c in CARDS if not c.orient and c.level == 1 and c.cost[K] == 4)
    put_on_table(state, four_black, 1, 1)
    give_tokens(state, 0, "kkk")
    state = play(state, "buy 1.1")
    # two ways: 3 black + the gold card (one virtual gold lost), or 2 black + the gold card
    assert state.pending_kind == "pay" and codes(state) == ["pay kkk gc1", "pay kk gc1"]
    state = play(state, "pay kkk gc1")
    p = state.players[0]
    assert p.goldcards == 0 and card("O1-01") in state.discarded and card("O1-01") not in p.cards
    assert p.tokens == [0, 0, 0, 0, 0, 0]
    assert [e.params.get("paid") for e in state.events() if e.kind == "buy"][-1] == "kkk gc1"
    state.rules.check_invariants(state)


def test_o2_gold_card_is_a_payment_choice():
    state = game("orient", rules_version=1)  # version 2 drops "kkk gc1": test_rulings.py
    give_card(state, 0, "O1-02")
    four_black = next(c.id for c in CARDS if not c.orient and c.level == 1 and c.cost[K] == 4)
    put_on_table(state, four_black, 1, 1)
    give_tokens(state, 0, "kkkko")
    state = play(state, "buy 1.1")
    assert state.pending_kind == "pay"
    # default first (B-8 ruling: coloured tokens first), then more gold; gold tokens are never overpaid
    assert codes(state) == ["pay kkkk", "pay kkko", "pay kkk gc1", "pay kk gc1", "pay ko gc1"]
    state = play(state, "pay kk gc1")
    assert state.players[0].tokens == [0, 0, 0, 0, 2, 1] and state.players[0].goldcards == 0
    assert refused(game("orient"), "buy 1.1 pay gc1").rule == "B-8"


def test_o2_joker_needs_a_bonus_card_and_takes_a_chosen_colour():
    state = game("orient")
    put_on_table(state, "O1-06", 1, 5)  # joker, cost 3 white 2 red
    give_tokens(state, 0, "wwwrr")
    err = refused(state, "buy 1.5")
    assert err.rule == "O-2"
    assert "buy 1.5" not in codes(state)
    grant_bonus(state, 0, W)
    grant_bonus(state, 0, R)
    state = play(state, "buy 1.5")
    assert state.pending_kind == "joker" and codes(state) == ["joker w", "joker r"]
    state = play(state, "joker r")
    p = state.players[0]
    assert p.joker == {card("O1-06"): R} and p.bonus[R] == 2
    assert view_for(state, 1).seats[0].cards[-1].color == "r"
    joker = [e.params for e in state.events() if e.kind == "joker"]
    assert joker == [{"card": "O1-06", "color": "r"}]  # the log tells the table which colour


def test_o2_joker_plus_free_level1_card_whose_effect_applies():
    state = game("orient")
    put_on_table(state, "O2-01", 2, 5)  # joker + free level-1 card, cost 4w 3u 1k
    put_on_table(state, "O1-07", 1, 5)  # a joker on level 1, taken for free
    grant_bonus(state, 0, W, 4)
    grant_bonus(state, 0, U, 3)
    grant_bonus(state, 0, K, 1)
    state = play(state, "buy 2.5")
    assert state.pending_kind == "joker"
    state = play(state, "joker u")
    assert state.pending_kind == "free"
    assert all(c.startswith("free 1.") for c in codes(state))  # Ruling O-4: level 2 takes from level 1
    state = play(state, "free 1.5")
    assert state.pending_kind == "joker"  # the free card's own effect
    state = play(state, "joker k")
    p = state.players[0]
    assert p.joker == {card("O2-01"): U, card("O1-07"): K}
    assert state.to_act == 1
    assert kinds(state).count("refill") == 2  # both emptied slots refilled after the effects


def test_o2_reserve_noble_only_the_reserver_can_be_visited():
    state = game("orient", nobles=["N1", "N6", "N10"])
    put_on_table(state, "O2-03", 2, 5)  # noble reservation, cost 2u 2g 2r 2k
    give_tokens(state, 0, "uuggrrkk")
    state = play(state, "buy 2.5")
    assert state.pending_kind == "reserve_noble" and codes(state) == ["noble 1", "noble 2", "noble 3"]
    state = play(state, "noble 1")  # N1: 3 white, 3 blue, 3 green
    assert state.players[0].rnobles == [0] and state.noble_at[0] == 0
    view = view_for(state, None)
    assert view.seats[0].reserved_nobles[0].id == "N1" and view.seats[0].reserved_nobles[0].reserved_by == 0
    assert [n.reserved_by for n in view.nobles if n.id == "N1"] == [0]
    # the opponent meets N1 but cannot be visited by it
    for color in (W, U, G):
        grant_bonus(state, 1, color, 3)
    state = play(state, "take rkw")
    assert state.players[1].nobles == []
    # the reserver can
    for color in (U, G):
        grant_bonus(state, 0, color, 3)
    grant_bonus(state, 0, W, 2)
    state = play(state, "take rkw")
    assert state.players[0].nobles == [0] and state.players[0].rnobles == []


def test_o2_double_bonus_counts_twice_as_bonus_once_as_card():
    state = game("orient")
    put_on_table(state, "O2-06", 2, 5)  # double bonus white, cost 4u 3g
    give_tokens(state, 0, "uuuuggg")
    state = play(state, "buy 2.5")
    p = state.players[0]
    assert p.bonus[W] == 2 and len(p.cards) == 1
    assert view_for(state, 0).seats[0].cards[0].bonus == 2


def test_o2_free_level2_card_effect_applies():
    state = game("orient")
    put_on_table(state, "O3-01", 3, 5)  # free level-2 card, cost 1w 6u 3g
    put_on_table(state, "O2-07", 2, 5)  # double bonus blue, taken for free
    grant_bonus(state, 0, U, 6)
    grant_bonus(state, 0, G, 3)
    give_tokens(state, 0, "w")
    state = play(state, "buy 3.5")
    assert state.pending_kind == "free" and all(c.startswith("free 2.") for c in codes(state))  # Ruling O-4
    state = play(state, "free 2.5")
    p = state.players[0]
    assert card("O2-07") in p.cards and p.bonus[U] == 6 + 2
    free_events = [e for e in state.events() if e.kind == "free"]
    assert free_events[0].params["card"] == "O2-07" and "paid" not in free_events[0].params


def test_o2_discard_cost_jokers_first_and_nobles_kept():
    state = game("orient")
    put_on_table(state, "O3-06", 3, 5)  # discard 2 black cards, white bonus, 3 points
    grant_bonus(state, 0, K)  # a plain black card (0 points)
    level2_black = next(c.id for c in CARDS if not c.orient and c.level == 2 and c.bonus == K and c.points == 2)
    give_card(state, 0, level2_black)
    give_card(state, 0, "O1-07")  # a joker...
    state.players[0].joker[card("O1-07")] = K  # ...that took black
    state.players[0].bonus[K] += 1
    state.noble_at[0] = 0  # a noble won earlier
    state.players[0].nobles.append(0)
    state.players[0].points += 3
    state.rules.check_invariants(state)
    state = play(state, "buy 3.5")
    assert state.pending_kind == "discard"
    options = codes(state)
    assert len(options) == 2 and all("O1-07" in o for o in options)  # the joker goes first
    state = play(state, options[0])  # cheapest first: keeps the 2-point card
    p = state.players[0]
    assert card("O1-07") in state.discarded and p.joker == {}
    assert card(level2_black) in p.cards and p.bonus[K] == 1
    assert p.nobles == [0] and p.points == 3 + 2 + 3
    state.rules.check_invariants(state)
    # too few cards of the colour: illegal
    state = game("orient")
    put_on_table(state, "O3-06", 3, 5)
    grant_bonus(state, 0, K)
    assert refused(state, "buy 3.5").rule == "O-2"


def test_o3_free_card_gives_no_stronghold_placement():
    state = game("orient+strongholds")
    put_on_table(state, "O3-01", 3, 5)
    grant_bonus(state, 0, U, 6)
    grant_bonus(state, 0, G, 3)
    give_tokens(state, 0, "w")
    state = play(state, "buy 3.5")
    assert state.pending_kind == "free"
    state = play(state, codes(state)[0])
    assert state.pending_kind == "stronghold"
    state = play(state, codes(state)[0])
    assert state.to_act == 1 and kinds(state).count("stronghold") == 1


def test_o4_free_rows_level3_takes_from_level2():
    # (the level-2 joker + free card taking from level 1 is checked in its own test above)
    state = game("orient")
    put_on_table(state, "O3-02", 3, 5)  # free level 2, cost 1u 6g 3r
    grant_bonus(state, 0, G, 6)
    grant_bonus(state, 0, R, 3)
    give_tokens(state, 0, "u")
    state = play(state, "buy 3.5")
    assert {c.split()[1].split(".")[0] for c in codes(state)} == {"2"}
    assert len(codes(state)) == 6


def test_o6_tie_break_counts_tableau_without_discarded_cards():
    state = game("orient")
    put_on_table(state, "O3-06", 3, 5)
    grant_bonus(state, 0, K, 2)
    grant_bonus(state, 1, U, 2)
    state = play(state, "buy 3.5")  # 2 discarded, 1 gained: 1 card left vs 2
    state.players[0].points = state.players[1].points = 15
    state = play(state, "take wug")
    assert state.is_over and state.winners() == (0,)


# ---------------------------------------------------------------- Strongholds


def test_s1_three_strongholds_each():
    state = game("strongholds", players=3)
    assert [p.supply for p in state.players] == [3, 3, 3]
    assert view_for(state, None).seats[2].strongholds_left == 3
    assert view_for(game(), None).seats[0].strongholds_left is None


def three_of_one(color: int, *, skip: tuple[str, ...] = ()) -> str:
    """A level-1 card that costs exactly 3 gems of ``color``."""
    return next(c.id for c in CARDS if not c.orient and c.level == 1 and c.cost[color] == 3 and sum(c.cost) == 3
                and c.id not in skip)


def test_s2_occupied_card_only_for_its_owner():
    state = game("strongholds")
    blocked, free = three_of_one(U), three_of_one(G)
    put_on_table(state, blocked, 1, 1)
    put_on_table(state, free, 1, 2)
    state.hown[0][0], state.hcnt[0][0] = 1, 1
    state.players[1].supply = 2
    give_tokens(state, 0, "uuuggg")
    options = codes(state)
    assert "buy 1.1" not in options and "reserve 1.1" not in options
    assert "buy 1.2" in options and "reserve 1.2" in options
    assert refused(state, "buy 1.1").rule == "S-2"
    assert refused(state, "reserve 1.1").rule == "S-2"
    assert view_for(state, 0).rows[0].slots[0].strongholds == (1,)
    # the owner may
    state = play(state, "take wrk")
    give_tokens(state, 1, "u")
    assert "reserve 1.1" in codes(state)


def test_s3_after_each_acquisition_place_move_or_remove():
    state = game("strongholds")
    state.hown[1][0], state.hcnt[1][0] = 1, 1  # a lone opponent stronghold on 2.1
    state.players[1].supply = 2
    state.hown[2][3], state.hcnt[2][3] = 0, 1  # one of ours on 3.4
    state.players[0].supply = 2
    cid = CARDS[state.rows[0][1]].id
    give_tokens(state, 0, "".join("wugrk"[i] * n for i, n in enumerate(CARDS[card(cid)].cost)))
    state = play(state, "buy 1.2")
    assert state.pending_kind == "stronghold"
    options = set(codes(state))
    assert "hold 1.1" in options and "hold 3.4" in options  # supply, stacking on our own
    assert "move 3.4 1.1" in options and "remove 2.1" in options
    placed = play(state, "hold 1.1")
    under = {f"{lv + 1}.{sl + 1}": CARDS[state.rows[lv][sl]].id for lv, sl in ((0, 0), (2, 3))}
    # the event names the card under the stronghold (and the one it left): the log stays readable after refills
    assert [(e.params["op"], e.params["card"]) for e in placed.events() if e.kind == "stronghold"] == [
        ("place", under["1.1"])]
    moved = play(state, "move 3.4 1.1")
    [event] = [e for e in moved.events() if e.kind == "stronghold"]
    assert (event.params["op"], event.params["src"], event.params["dst"]) == ("move", "3.4", "1.1")
    assert (event.params["card"], event.params["src_card"]) == (under["1.1"], under["3.4"])
    assert "hold 2.1" not in options and "hold 1.2" not in options  # opponent's card; the empty slot
    with pytest.raises(IllegalAction):
        play(state, "take wug")
    state = play(state, "remove 2.1")
    assert state.hown[1][0] == -1 and state.players[1].supply == 3
    assert state.rows[0][1] != -1  # refilled after the placement


def test_s3_nothing_possible_nothing_happens():
    state = game("strongholds")
    state.players[0].supply = 0
    state.players[1].supply = 3
    # all three of ours on the card we buy: recovered (S-4), then placed from the supply
    state.hown[0][0], state.hcnt[0][0] = 0, 3
    cid = CARDS[state.rows[0][0]].id
    give_tokens(state, 0, "".join("wugrk"[i] * n for i, n in enumerate(CARDS[card(cid)].cost)))
    state = play(state, "buy 1.1")
    assert state.players[0].supply == 3 and state.pending_kind == "stronghold"


def test_s4_recovery_on_reserve():
    state = game("strongholds")
    state.hown[1][2], state.hcnt[1][2] = 0, 2
    state.players[0].supply = 1
    state = play(state, "reserve 2.3")
    assert state.players[0].supply == 3 and state.hcnt[1][2] == 0
    assert "recover" in kinds(state)


def test_s5_free_card_blocked_by_opponent_stronghold():
    state = game("orient+strongholds")
    put_on_table(state, "O3-01", 3, 5)
    for sl in range(3):
        state.hown[1][sl], state.hcnt[1][sl] = 1, 1  # the opponent's three strongholds on 2.1, 2.2, 2.3
    state.players[1].supply = 0
    grant_bonus(state, 0, U, 6)
    grant_bonus(state, 0, G, 3)
    give_tokens(state, 0, "w")
    state = play(state, "buy 3.5")
    assert state.pending_kind == "free"
    assert codes(state) == ["free 2.4", "free 2.5", "free 2.6"]


def test_s6_worked_example_buy_a_place_third_on_b_conquer_b_place_on_c():
    state = game("strongholds")
    a_id, b_id = three_of_one(U), three_of_one(G)
    put_on_table(state, a_id, 1, 1)  # A
    put_on_table(state, b_id, 1, 2)  # B, already carrying two of our strongholds
    a, b = CARDS[card(a_id)], CARDS[card(b_id)]
    state.hown[0][1], state.hcnt[0][1] = 0, 2
    state.players[0].supply = 1
    give_tokens(state, 0, "uuuggg")
    state = play(state, "buy 1.1")
    assert state.pending_kind == "stronghold"
    state = play(state, "hold 1.2")  # the third stronghold on B
    assert state.pending_kind == "conquest" and codes(state) == ["skip", "conquer"]
    assert state.rows[0][0] == -1  # seed 001's example: A's slot is refilled only at the end
    err = refused(state, "conquer pay ggu")  # B costs three green: a payment that does not match is refused
    assert (err.rule, err.key, dict(err.params)) == ("B-8", "err.bad_payment", {"paid": "ugg"})
    state = play(state, "conquer")
    p = state.players[0]
    assert a.index in p.cards and b.index in p.cards
    assert p.supply == 3  # recovered from B (S-4)
    assert state.pending_kind == "stronghold"  # the conquest is an acquisition: S-3 again
    assert "hold 1.1" not in codes(state) and "hold 1.2" not in codes(state)  # both slots still empty
    state = play(state, "hold 3.2")  # C
    assert state.hown[2][1] == 0 and state.to_act == 1
    assert state.rows[0][0] not in (-1, a.index) and state.rows[0][1] not in (-1, b.index)  # both refilled
    order = [k for k in kinds(state) if k in ("buy", "stronghold", "refill", "conquer", "recover")]
    assert order == ["buy", "stronghold", "conquer", "recover", "stronghold", "refill", "refill"]
    state.rules.check_invariants(state)


def test_s6_conquest_after_a_reserve_can_be_declined_once_per_turn():
    state = game("strongholds")
    b_id = three_of_one(G)
    put_on_table(state, b_id, 1, 2)
    state.hown[0][1], state.hcnt[0][1] = 0, 3
    state.players[0].supply = 0
    give_tokens(state, 0, "ggg")
    state = play(state, "reserve d1")
    assert state.pending_kind == "conquest"  # reserve, then purchase (S-6)
    state = play(state, "skip")
    assert state.to_act == 1 and card(b_id) not in state.players[0].cards
    # next turn the offer comes again (once per turn, not once per game)
    state = play(state, "take wur", "take rkw")
    assert state.pending_kind == "conquest"
    state = play(state, "conquer")
    assert state.pending_kind == "pay"  # the gold from the reserve makes the payment a choice
    state = play(state, codes(state)[0])
    assert card(b_id) in state.players[0].cards and state.players[0].tokens[5] == 1


def test_s6_a_declined_conquest_is_told_as_declined():
    """Declining Conquest (S-6) is a logged event the table reads ("... declined Conquest")."""
    state = game("strongholds")
    put_on_table(state, three_of_one(G), 1, 2)
    state.hown[0][1], state.hcnt[0][1] = 0, 3
    state.players[0].supply = 0
    give_tokens(state, 0, "ggg")
    state = play(state, "reserve d1")
    assert state.pending_kind == "conquest"
    since = len(state.events())
    state = play(state, "skip")
    declined = [e for e in state.events()[since:] if e.kind == "conquest_declined"]
    assert [e.seat for e in declined] == [0]


def test_s6_conquest_not_offered_when_unaffordable():
    state = game("strongholds")
    put_on_table(state, three_of_one(G), 1, 2)
    state.hown[0][1], state.hcnt[0][1] = 0, 3
    state.players[0].supply = 0
    state = play(state, "take wur")
    assert state.to_act == 1 and state.pending_kind is None


def test_b8_default_payment_is_the_first_option_and_wastes_no_gold():
    # review finding: with a gold card, the default used to spend a gold token for nothing
    state = game("orient")
    give_card(state, 0, "O1-02")
    four_black = next(c.id for c in CARDS if not c.orient and c.level == 1 and c.cost[K] == 4)
    put_on_table(state, four_black, 1, 1)
    give_tokens(state, 0, "ooo")
    p, c = state.players[0], CARDS[card(four_black)]
    assert state.rules.default_payment(p, c) == state.rules.payments(p, c)[0] == (0, 0, 0, 0, 0, 2, 1)
    state = play(state, "buy 1.1")  # the only way: 2 gold tokens and the gold card; one token is kept
    assert state.pending_kind is None and state.players[0].tokens == [0, 0, 0, 0, 0, 1]
    # an explicit payment that wastes a gold token is refused, as the decision never offers it
    state = game("orient")
    give_card(state, 0, "O1-02")
    put_on_table(state, four_black, 1, 1)
    give_tokens(state, 0, "kkkko")
    assert refused(state, "buy 1.1 pay kko gc1").rule == "B-8"


def test_b8_default_payment_matches_the_first_option_in_random_positions():
    from engine import GameConfig, legal_actions, new_game
    from engine.rng import Rng

    checked = 0
    for seed in range(6):
        state = new_game(GameConfig("orient", 2, seed))
        rng = Rng(seed)
        while not state.is_over:
            p = state.players[state.to_act]
            for c in [*p.reserved, *(x for row in state.rows for x in row if x >= 0)]:
                if state.rules.can_acquire(p, CARDS[c]) and CARDS[c].effect != "discard_2":
                    options = state.rules.payments(p, CARDS[c])
                    assert options[0] == state.rules.default_payment(p, CARDS[c])
                    assert len(set(options)) == len(options)
                    checked += 1
            acts = legal_actions(state)
            state = apply(state, state.to_act, acts[rng.below(len(acts))]).state
    assert checked > 500


def test_reserve_slot_out_of_range_is_refused():
    from engine.splendor.actions import Reserve

    state = game()
    with pytest.raises(IllegalAction):
        apply(state, 0, Reserve(1, -2))
    with pytest.raises(IllegalAction):
        apply(state, 0, Reserve(1, 5))


def test_o5_orient_cards_come_from_the_data_file():
    """Ruling O-5: the 30 cards are read from data/orient_cards.csv, never written in code."""
    import csv
    from importlib import resources

    rows = list(csv.DictReader((resources.files("engine") / "data" / "orient_cards.csv").read_text().splitlines()))
    orient = [c for c in CARDS if c.orient]
    assert len(rows) == len(orient) == 30
    for row, c in zip(rows, orient, strict=True):
        assert (int(row["level"]), row["effect"], int(row["points"])) == (c.level, c.effect, c.points)
        assert tuple(int(row[k]) for k in ("white", "blue", "green", "red", "black")) == c.cost
    state = game("orient", players=3, seed=8)
    assert {CARDS[c].id[:1] for row in state.rows for c in row[4:]} == {"O"}


def test_o2_reserve_noble_is_a_choice_between_two_and_automatic_with_one():
    state = game("orient", nobles=["N1", "N6", "N10"])
    state.noble_at[0], state.players[1].rnobles = 1, [0]  # N1 already reserved by the opponent
    put_on_table(state, "O2-03", 2, 5)  # noble reservation, cost 2u 2g 2r 2k
    give_tokens(state, 0, "uuggrrkk")
    two = play(state, "buy 2.5")
    assert two.pending_kind == "reserve_noble" and codes(two) == ["noble 2", "noble 3"]
    state.noble_at[1], state.players[1].rnobles = 1, [0, 1]  # and N6: one noble left, no question asked
    one = play(state, "buy 2.5")
    assert one.pending_kind != "reserve_noble" and one.players[0].rnobles == [2] and one.noble_at[2] == 0



def test_s3_a_single_possibility_is_carried_out_at_once():
    state = game("strongholds")
    state.hown[1][0], state.hcnt[1][0] = 1, 1  # a lone opponent stronghold on 2.1
    state.players[1].supply = 2
    state.hown[2][3], state.hcnt[2][3] = 0, 3  # all three of ours on 3.4
    state.players[0].supply = 0
    for lv, row in enumerate(state.rows):  # late game: the decks are out and the table nearly empty
        state.decks[lv] = []
        for sl in range(len(row)):
            if (lv, sl) not in ((1, 0), (2, 3), (0, 1)):
                row[sl] = EMPTY
    cid = CARDS[state.rows[0][1]].id
    give_tokens(state, 0, "".join("wugrk"[i] * n for i, n in enumerate(CARDS[card(cid)].cost)))
    state = play(state, "buy 1.2")  # S-3: only "remove 2.1" (no supply, and no other card to move ours to)
    assert state.pending_kind != "stronghold"
    assert state.hown[1][0] == -1 and state.players[1].supply == 3
