"""One test (or a few) per base rule, named after its ID in docs/rules.md."""

from __future__ import annotations

import pytest

from engine import (
    GameConfig,
    GameOver,
    IllegalAction,
    InvalidAction,
    NotYourTurn,
    apply,
    legal_actions,
    new_game,
    view_for,
)
from engine.splendor.rules import CARDS, NOBLES

from .splendor_helpers import (
    card,
    codes,
    find_card,
    game,
    give_card,
    give_tokens,
    grant_bonus,
    noble_index,
    play,
    put_on_table,
)


def refused(state, code: str, seat: int | None = None) -> IllegalAction:
    with pytest.raises(IllegalAction) as info:
        apply(state, state.to_act if seat is None else seat, state.rules.parse_action(code))
    return info.value


def test_b1_components():
    levels = [sum(1 for c in CARDS if c.level == lv and not c.orient) for lv in (1, 2, 3)]
    assert levels == [40, 30, 20]
    assert len(NOBLES) == 10 and all(n.points == 3 for n in NOBLES)
    state = game(players=4)
    assert state.bank == [7, 7, 7, 7, 7, 5]


@pytest.mark.parametrize(("players", "per_color"), [(2, 4), (3, 5), (4, 7)])
def test_b2_setup(players, per_color):
    state = game(players=players, seed=11)
    assert state.bank == [per_color] * 5 + [5]
    assert all(len(row) == 4 and all(c >= 0 for c in row) for row in state.rows)
    assert [len(d) for d in state.decks] == [36, 26, 16]
    assert len(state.nobles) == players + 1
    # Shuffles come from the seed: same seed, same table; another seed, another table.
    assert game(players=players, seed=11).rows == state.rows
    assert game(players=players, seed=12).rows != state.rows


def test_b2_explicit_setup():
    state = game(decks={"1": ["1-05", "1-01"], "3": ["3-20"]}, nobles=["N4", "N2", "N9"])
    assert CARDS[state.rows[0][0]].id == "1-05" and CARDS[state.rows[0][1]].id == "1-01"
    assert CARDS[state.rows[2][0]].id == "3-20"
    assert [NOBLES[n].id for n in state.nobles] == ["N4", "N2", "N9"]


def test_b3_turn_order():
    state = game(players=3)
    assert state.to_act == 0
    state = play(state, "take wug")
    assert state.to_act == 1
    state = play(state, "take wug", "take rkw")
    assert state.to_act == 0 and state.turn == 3
    with pytest.raises(NotYourTurn):
        apply(state, 2, state.rules.parse_action("take wug"))


def test_b4_actions_and_take_two_needs_four():
    state = game()
    assert {"take wug", "take rr", "reserve 1.1", "reserve d3"} <= set(codes(state))
    state = play(state, "take rr")
    assert state.players[0].tokens[3] == 2 and state.bank[3] == 2
    err = refused(state, "take rr")
    assert err.rule == "B-4" and "at least 4" in err.reason
    assert "take rr" not in codes(state)
    assert refused(state, "take wwu").rule == "B-4"


@pytest.mark.parametrize("players", [2, 3, 4])
def test_b4_take_two_needs_four_exactly_at_the_threshold(players):
    """Four of a colour in the bank allows two of it; three does not, whatever the table size."""
    for left in (3, 4):
        state = game(players=players)
        give_tokens(state, 1, "r" * (state.bank[3] - left))
        assert state.bank[3] == left
        assert ("take rr" in codes(state)) == (left >= 4)
        if left >= 4:
            after = play(state, "take rr")
            assert after.bank[3] == left - 2 and after.players[0].tokens[3] == 2
        else:
            assert refused(state, "take rr").rule == "B-4"


def test_b4_refusals_name_their_catalogue_sentence_and_colour():
    """Players read the catalogue sentence of a refusal's key, filled with its parameters (bot/text.py)."""
    state = game()
    err = refused(state, "take wwu")  # a colour twice in a take of three
    assert (err.rule, err.key, dict(err.params)) == ("B-4", "err.take_mixed", {})
    state.bank[1] = 0  # no blue left
    state.players[1].tokens[1] = 7
    err = refused(state, "take wug")
    assert (err.rule, err.key, dict(err.params)) == ("B-4", "err.bank_empty", {"color": "u"})


def test_b5_fewer_than_three_colors():
    state = game()
    state.bank[:5] = [0, 0, 3, 2, 0]  # only green and red left
    state.players[1].tokens[:5] = [4, 4, 1, 2, 4]
    assert [c for c in codes(state) if c.startswith("take")] == ["take gr"]
    state.bank[:5] = [0, 0, 0, 2, 0]
    state.players[1].tokens[:5] = [4, 4, 4, 2, 4]
    assert [c for c in codes(state) if c.startswith("take")] == ["take r"]
    state = game()
    assert refused(state, "take wu").rule == "B-5"
    with pytest.raises(InvalidAction):
        state.rules.parse_action("take wo")


def test_b6_token_limit_return_choice():
    state = game()
    give_tokens(state, 0, "wwuugrrk")  # 8 held + 3 taken = 11
    state = play(state, "take wug")
    assert state.pending_kind == "return" and state.to_act == 0
    options = codes(state)
    assert "return w" in options and "return k" in options and len(options) == 5
    err = refused(state, "take wug")
    assert err.rule == "B-6"
    state = play(state, "return k")
    assert sum(state.players[0].tokens) == 10 and state.to_act == 1


def test_b7_reserve_limit_gold_and_blind():
    state = game()
    state = play(state, "reserve 1.1", "take wug", "reserve d2", "take wug", "reserve 3.4", "take wug")
    p = state.players[0]
    assert len(p.reserved) == 3 and p.tokens[5] == 3 and p.blind == [False, True, False]
    err = refused(state, "reserve 2.2")
    assert err.rule == "B-7" and err.reason == "You already hold 3 reserved cards."
    assert not any(c.startswith("reserve") for c in codes(state))
    # the blind reserve is hidden from the opponent and spectators, visible to its owner
    assert view_for(state, 1).seats[0].reserved[1].card is None
    assert view_for(state, None).seats[0].reserved[1].card is None
    assert view_for(state, 0).seats[0].reserved[1].card is not None
    assert view_for(state, 1).seats[0].reserved[1].level == 2
    # with no gold left the reserve still happens, without gold
    state = game()
    state.bank[5] = 0
    state.players[1].tokens[5] = 5
    state = play(state, "reserve 1.2")
    assert state.players[0].tokens[5] == 0 and len(state.players[0].reserved) == 1
    # reserving from an empty deck is illegal
    state = game()
    state.players[1].reserved, state.decks[2] = [], []
    assert refused(state, "reserve d3").rule == "B-7"


def test_b8_purchase_cost_bonuses_and_gold():
    state = game()
    cid = find_card(1, bonus=0, points=0)  # a level-1 white card
    put_on_table(state, cid, 1, 1)
    cost = CARDS[card(cid)].cost
    need = "".join("wugrk"[i] * n for i, n in enumerate(cost))
    assert refused(state, "buy 1.1").rule == "B-8"
    give_tokens(state, 0, need)
    state = play(state, "buy 1.1")
    p = state.players[0]
    assert p.cards == [card(cid)] and sum(p.tokens) == 0 and p.bonus[0] == 1
    assert state.bank[:5] == [4, 4, 4, 4, 4]
    [bought] = [e for e in state.events() if e.kind == "buy"]
    assert (bought.params["card"], bought.params["source"]) == (cid, "1.1")  # a row-1 card is not "r1"
    state = game()  # and one bought from the hand says where it came from
    state.players[0].reserved, state.players[0].blind = [card(cid)], [False]
    give_tokens(state, 0, need)
    [bought] = [e for e in play(state, "buy r1").events() if e.kind == "buy"]
    assert (bought.params["card"], bought.params["source"]) == (cid, "r1")


def test_b5_the_takes_a_bank_allows_computed_afresh():
    """B-4, B-5, computed by ``compute_takes`` itself: ``take_options`` caches its answer per bank, and a cache
    filled before a change (as under mutmut, whose workers fork from a warm process) would hide it."""
    from engine.splendor.moves import RETURN_CACHE, compute_takes, return_options

    RETURN_CACHE.clear()  # the return options are cached too

    full = [str(t) for t in compute_takes([4, 4, 4, 4, 4])]
    assert len(full) == 15 and full[-5:] == ["take ww", "take uu", "take gg", "take rr", "take kk"]
    assert [str(t) for t in compute_takes([3, 3, 3, 0, 0])] == ["take wug"]  # 3 left: no two of a colour
    assert [str(t) for t in compute_takes([0, 2, 0, 4, 0])] == ["take ur", "take rr"]  # two colours left
    assert [str(t) for t in compute_takes([0, 0, 0, 1, 0])] == ["take r"]
    assert compute_takes([0, 0, 0, 0, 0]) == []
    # B-6: the default return (listed first) gives back the colours held most, gold last
    [first, *_] = return_options([1, 4, 0, 3, 2, 1], 2)
    assert first.tokens == (0, 2, 0, 0, 0, 0)
    [first, *_] = return_options([0, 0, 0, 1, 2, 3], 2)
    assert first.tokens == (0, 0, 0, 0, 2, 0)


def test_b8_gold_replaces_any_gem_and_payment_choice():
    state = game()
    cid = find_card(1, bonus=0, points=0)
    put_on_table(state, cid, 1, 1)
    cost = CARDS[card(cid)].cost
    first = next(i for i in range(5) if cost[i])
    need = "".join("wugrk"[i] * n for i, n in enumerate(cost))
    short = need.replace("wugrk"[first], "", 1)  # one gem missing
    give_tokens(state, 0, short + "o")
    # the choice does not matter: gold covers exactly what is missing
    after = play(state, "buy 1.1")
    assert after.players[0].tokens == [0] * 6 and after.pending_kind is None
    # with a spare gold the player chooses how to pay, colored first by default (B-8 ruling)
    state = game()
    put_on_table(state, cid, 1, 1)
    give_tokens(state, 0, need + "o")
    state = play(state, "buy 1.1")
    assert state.pending_kind == "pay"
    options = codes(state)
    assert options[0] == f"pay {''.join(sorted(need, key='wugrko'.index))}"
    assert len(options) >= 2 and all("o" in o.split()[1] for o in options[1:])
    err = refused(state, "pay o")  # not one of the payments offered: refused, naming what was offered to pay
    assert (err.rule, err.key, dict(err.params)) == ("B-8", "err.bad_payment", {"paid": "o"})
    spent_gold = play(state, options[1])
    assert spent_gold.players[0].tokens[5] == 0
    # an explicit payment in one action
    state = game()
    put_on_table(state, cid, 1, 1)
    give_tokens(state, 0, need + "o")
    explicit = options[1].replace("pay", "buy 1.1 pay")
    assert play(state, explicit).players[0].tokens[5] == 0
    assert refused(state, "buy 1.1 pay o").rule == "B-8"


def test_b9_refill_from_same_level_and_empty_deck():
    state = game()
    top = state.decks[1][-1]
    state = play(state, "reserve 2.3")
    assert state.rows[1][2] == top
    state.decks[1] = []
    state = play(state, "reserve 2.1")
    assert state.rows[1][0] == -1
    assert view_for(state, 0).rows[1].slots[0].card is None
    assert refused(state, "reserve 2.1").rule == "B-9"


def test_b10_bonuses_make_cards_cheaper_even_free():
    state = game()
    cid = find_card(1, bonus=0, points=0)
    cost = CARDS[card(cid)].cost
    put_on_table(state, cid, 1, 1)
    # enough bonus cards of each needed colour make the card free
    for i, n in enumerate(cost):
        grant_bonus(state, 0, i, n)
    assert "buy 1.1" in codes(state)
    before = state.players[0].tokens[:]
    state = play(state, "buy 1.1")
    assert state.players[0].tokens == before


def _meet(state, seat: int, noble_id: str) -> None:
    req = NOBLES[noble_index(noble_id)].requirement
    for color, n in enumerate(req):
        grant_bonus(state, seat, color, n)


def test_b11_noble_visit_automatic_and_choice():
    state = game(nobles=["N1", "N6", "N10"])  # N1 3w3u3g, N6 4w4u
    _meet(state, 0, "N1")
    state = play(state, "take rkw")
    assert state.players[0].nobles == [0] and state.players[0].points >= 3
    assert state.noble_at[0] == 0
    # two nobles qualify: the player chooses one, and only one per turn
    state = game(nobles=["N1", "N6", "N10"])
    _meet(state, 0, "N6")
    grant_bonus(state, 0, 2, 3)
    state = play(state, "take rkw")
    assert state.pending_kind == "noble" and codes(state) == ["noble 1", "noble 2"]
    state = play(state, "noble 2")
    assert state.players[0].nobles == [1] and state.to_act == 1
    # the other one comes at the end of a later turn
    state = play(state, "take wug", "take rkw")
    assert state.players[0].nobles == [1, 0]


def test_b12_round_is_completed():
    state = game(players=3)
    state.players[1].points = 14
    big = find_card(1, points=1)
    give_card(state, 1, big)
    state.players[1].points = 15
    state = play(state, "take wug")
    assert not state.final_round
    state = play(state, "take wug")  # seat 1 ends its turn with 15
    assert state.final_round and not state.is_over and state.to_act == 2
    state = play(state, "take wug")
    assert state.is_over and state.winners() == (1,)
    with pytest.raises(GameOver):
        apply(state, 0, state.rules.parse_action("take wug"))
    assert legal_actions(state) == []


def test_b13_tie_breaks():
    state = game(players=2)
    grant_bonus(state, 0, 0, 3)
    grant_bonus(state, 1, 1, 2)
    state.players[0].points = state.players[1].points = 15
    state = play(state, "take wug", "take wug")
    assert state.is_over and state.winners() == (1,)  # fewer development cards
    state = game(players=2)
    state.players[0].points = state.players[1].points = 15
    state = play(state, "take wug", "take wug")
    assert state.winners() == (0, 1)  # shared victory


def test_b14_pass_only_when_nothing_else():
    state = game()
    assert refused(state, "pass").rule == "B-14"
    # nothing to take, nothing affordable, 3 reserved cards: pass is the only action
    state.bank[:5] = [0, 0, 0, 0, 0]
    state.players[1].tokens[:5] = [4, 4, 4, 4, 4]
    state.players[0].reserved = [state.decks[0].pop(), state.decks[0].pop(), state.decks[0].pop()]
    state.players[0].blind = [True, True, True]
    assert codes(state) == ["pass"]
    state = play(state, "pass")
    assert state.to_act == 1


def test_b14_a_full_round_of_passes_ends_the_game():
    state = game()
    # every face-up card back into its deck: nothing on the table to buy or reserve
    for lv in range(3):
        state.decks[lv][:0] = [c for c in state.rows[lv] if c >= 0]
        state.rows[lv] = [-1] * 4
    give_tokens(state, 0, "wwwwuuuugg")
    give_tokens(state, 1, "ggrrrrkkkk")
    sevens = [c.index for c in CARDS if c.level == 3 and not c.orient and max(c.cost) == 7]
    for seat in (0, 1):  # three reserved cards each that cost 7 of one colour: unaffordable
        p = state.players[seat]
        p.reserved = sevens[seat * 3: seat * 3 + 3]
        p.blind = [True] * 3
        for c in p.reserved:
            state.decks[2].remove(c)
    assert codes(state) == ["pass"]
    state = play(state, "pass")
    assert codes(state) == ["pass"] and not state.is_over
    state = play(state, "pass")
    assert state.is_over and state.winners() == (0, 1)
    state.rules.check_invariants(state)


def test_b11_a_pass_is_a_turn_and_a_qualifying_noble_still_visits():
    state = game(nobles=["N1", "N6", "N10"])
    for lv in range(3):
        state.decks[lv][:0] = [c for c in state.rows[lv] if c >= 0]
        state.rows[lv] = [-1] * 4
    _meet(state, 0, "N1")
    _meet(state, 0, "N6")  # qualified for two nobles; one came earlier
    state.noble_at[1] = 0
    state.players[0].nobles.append(1)
    state.players[0].points += 3
    give_tokens(state, 0, "wwwwuuuugg")
    give_tokens(state, 1, "ggrrrrkkkk")
    # seat 0 has white, blue and green bonuses: give it cards that need 7 red or 7 black
    red_black = [c.index for c in CARDS if c.level == 3 and not c.orient and 7 in (c.cost[3], c.cost[4])]
    others = [c.index for c in CARDS if c.level == 3 and not c.orient and max(c.cost) == 7
              and c.index not in red_black]
    for seat, cards in ((0, red_black[:3]), (1, others[:3])):
        state.players[seat].reserved = cards
        state.players[seat].blind = [True] * 3
        for c in cards:
            state.decks[2].remove(c)
    assert codes(state) == ["pass"]
    state = play(state, "pass")
    assert state.players[0].nobles == [1, 0]
    assert [e.kind for e in state.events()] == ["pass", "noble"]


def test_b15_order_return_then_noble_then_end():
    state = game(nobles=["N1", "N6", "N10"])
    _meet(state, 0, "N1")
    give_tokens(state, 0, "rrrrkkkk")  # 8 held + 3 taken: one to return
    state = play(state, "take wug")
    assert state.pending_kind == "return"
    state = play(state, "return k")
    kinds = [e.kind for e in state.events()]
    assert kinds == ["take", "return", "noble"]  # B-15: (1) action, (3) tokens above 10, (4) noble


def test_errors_are_typed():
    state = new_game(GameConfig("splendor", 2, 3))
    assert state.config.ruleset == "base"
    with pytest.raises(InvalidAction):
        state.rules.parse_action("take blue-ish")
    with pytest.raises(InvalidAction):
        state.rules.parse_action("take bgr")  # 'b' is ambiguous
    with pytest.raises(NotYourTurn):
        apply(state, 1, state.rules.parse_action("take wug"))
    err = refused(state, "buy 3.1")
    assert err.rule == "B-8" and err.key == "err.cannot_afford"
