"""The exact search at the end of a game (engine.ai.exact, issue 41): the bound on what a base Splendor seat can
score in one turn, and the proof it gives that no seat still to play can catch up."""

from __future__ import annotations

import pytest

from engine import GameConfig, new_game
from engine.ai.exact import BUDGET, forced_result, sure_gain, turn_reach
from engine.splendor.state import EMPTY, SplendorState
from engine.splendor.tables import CARDS, shortfall
from tests.engine.test_winprob import _easy_game


@pytest.mark.parametrize("players", [2, 3, 4])
def test_no_base_turn_scores_more_than_its_reach(players: int) -> None:
    """turn_reach, taken at any point of a round before a seat's turn, bounds the points that turn scores (the
    card bought, revealed by the turns before it or not, and the noble); it is sometimes reached exactly."""
    tight = checked = 0
    for seed in (1, 2, 3):
        end = _easy_game("base", players, seed)
        pos = new_game(end.config)
        assert isinstance(pos, SplendorState)
        reach: dict[int, list[int]] = {}  # seat -> the bounds taken so far this round, before its turn
        for seat, code in end.history():
            turn, start = pos.turn, pos.scores()[seat]
            if pos.pending is None:  # a turn starts: every seat still to play this round is bounded now
                if seat == 0:
                    reach = {}
                for j in range(seat, players):
                    bound = turn_reach(pos, j)
                    assert bound is not None
                    reach.setdefault(j, []).append(bound)
                first = start
            pos.apply_in_place(seat, pos.rules.parse_action(code))
            if pos.is_over or pos.turn != turn:  # the seat's turn is over
                gain = pos.scores()[seat] - first
                assert all(gain <= b for b in reach[seat]), (seed, turn, gain, reach[seat])
                tight += gain > 0 and gain == min(reach[seat])
                checked += 1
    assert checked > 100 and tight > 0


def test_a_card_sure_to_be_there_is_there_when_the_seats_turn_comes() -> None:
    """sure_gain, taken at any point of a round before a seat's turn, is at most the points of a card the seat
    can buy when its turn comes (the turns before it took a card each at most); it is sometimes positive."""
    promised = checked = 0
    for seed in (1, 2, 3):
        end = _easy_game("base", 4, seed)
        pos = new_game(end.config)
        assert isinstance(pos, SplendorState)
        sure: dict[int, list[int]] = {}
        for seat, code in end.history():
            if pos.pending is None:
                if seat == 0:
                    sure = {}
                for j in range(seat, 4):
                    sure.setdefault(j, []).append(sure_gain(pos, j, j - seat))
                p = pos.players[seat]
                buyable = [CARDS[c].points for c in (*p.reserved, *(c for row in pos.rows for c in row))
                           if c != EMPTY and shortfall(p, CARDS[c]) <= p.tokens[5]]
                assert all(gain <= max(buyable, default=0) for gain in sure[seat]), (seed, pos.turn, seat)
                promised += max(sure[seat]) > 0
                checked += 1
            pos.apply_in_place(seat, pos.rules.parse_action(code))
    assert checked > 100 and promised > 10


def test_only_base_splendor_has_a_cheap_reach() -> None:
    """Orient's free cards and Strongholds' conquests can score more in a turn: no bound, the search decides."""
    for ruleset in ("orient", "strongholds", "orient+strongholds"):
        pos = new_game(GameConfig(ruleset, 2, 1))
        assert isinstance(pos, SplendorState)
        assert turn_reach(pos, 0) is None and turn_reach(pos, 1) is None
    base = new_game(GameConfig("base", 2, 1))
    assert isinstance(base, SplendorState)
    assert turn_reach(base, 0) == 0  # nothing to pay with at the start


def test_four_player_ends_are_decided_within_the_budget_and_as_without_the_bound() -> None:
    """At four players three seats may still play after the leader: the bound proves where none can catch up
    without trying their moves.  In the last rounds of easy games every result is the one the unbounded search
    finds with a large budget, and every position that search decides, the review's search (its budget and
    starting gate) decides too; without the bound some of them need more than the budget."""
    needed = decided = 0
    for seed in (1, 2, 4, 5):
        end = _easy_game("base", 4, seed)
        pos = new_game(end.config)
        for seat, code in end.history():
            if pos.pending_kind is None and pos.turn >= end.turn - 8:
                truth = forced_result(pos, 100_000, gate=False, bound=False)
                assert forced_result(pos, 100_000, gate=False) == truth, (seed, pos.turn)
                if truth is not None:
                    assert forced_result(pos) == truth, (seed, pos.turn)
                    needed += forced_result(pos, BUDGET, bound=False) is None
                    decided += 1
            pos.apply_in_place(seat, pos.rules.parse_action(code))
    assert decided > 4 and needed > 0


def test_the_better_move_near_the_end_is_the_winning_turn_with_its_decisions() -> None:
    """The review's better move, which the audit's referee plays out again (engine.ai.reviewing.better_line): a
    turn that wins whatever the other seat does, decisions included, where there is one; hard's main action
    where there is none."""
    from engine.ai.reviewing import better_line, judge_seed
    from engine.ai.winprob import public_info

    end = _easy_game("base", 2, 4)
    pos = new_game(end.config)
    for seat, code in end.history()[:63]:
        pos.apply_in_place(seat, pos.rules.parse_action(code))
    buy, take = pos.rules.parse_action("buy 2.2"), pos.rules.parse_action("take wgr")
    assert pos.scores() == (11, 11) and buy in pos.legal_actions() and take in pos.legal_actions()
    assert better_line(public_info(pos, 0), judge_seed(1, 63), take) == [buy]  # the win, not hard's choice
    early = new_game(end.config)
    assert better_line(public_info(early, early.to_act or 0), judge_seed(1, 0), take) == [take]


def test_orient_and_strongholds_ends_are_decided_as_without_the_bound() -> None:
    """With Orient or Strongholds the bound claims less (a whole turn's reach for a seat still to play, and only
    once the winner's own turn is over: a discard cost may lower its score); what it claims is what the search
    without it finds, and it proves some ends with fewer states."""
    decided = cheaper = 0
    for ruleset, players in (("orient+strongholds", 2), ("orient+strongholds", 4), ("orient", 3)):
        for seed in (1, 2, 3):
            end = _easy_game(ruleset, players, seed)
            pos = new_game(end.config)
            for seat, code in end.history():
                if pos.turn >= end.turn - 2 * players:
                    truth = forced_result(pos, 100_000, gate=False, bound=False)
                    assert forced_result(pos, 100_000, gate=False) == truth, (ruleset, players, seed, pos.turn)
                    if truth is not None:
                        decided += 1
                        cheaper += (forced_result(pos, 40, gate=False) is not None
                                    and forced_result(pos, 40, gate=False, bound=False) is None)
                pos.apply_in_place(seat, pos.rules.parse_action(code))
    assert decided > 20 and cheaper > 0


def test_a_table_card_no_seat_before_can_take_is_sure() -> None:
    """sure_gain counts a table card that the seats to play first can neither buy (with what they hold) nor
    reserve (three reserved already) as sure as a reserved one: the next-best card is not what it is sure of."""
    pos = new_game(GameConfig("base", 3, 3))
    assert isinstance(pos, SplendorState)
    table = [c for row in pos.rows for c in row if c != EMPTY]
    best = max(table, key=lambda c: CARDS[c].points)
    second = sorted((CARDS[c].points for c in table), reverse=True)[1]
    assert CARDS[best].points > second  # one best card (this seed's deal)
    me, first = pos.players[2], pos.players[1]
    me.tokens = [7, 7, 7, 7, 7, 0]  # seat 2 can pay for any card
    assert sure_gain(pos, 2, 1) == second  # seat 1 may reserve the best one first
    first.reserved = pos.decks[0][:3]
    assert sure_gain(pos, 2, 1) == CARDS[best].points  # it cannot reserve, nor pay for it
    first.tokens = [7, 7, 7, 7, 7, 0]
    assert sure_gain(pos, 2, 1) == second  # it can pay for it
    assert sure_gain(pos, 2, 2) <= second  # seat 0 may still reserve it
