"""Bounds on the computer players' searches that keep their results: a greedy play-out that comes back to a position
replays its loop instead of searching it again, and the review's look-ahead deals no further determinization once
it has weighed its budget of positions (a count, never a clock)."""

from __future__ import annotations

from engine import GameConfig, GameState, new_game, view_for
from engine.ai import choose
from engine.ai.heuristics import LOOK, near_end
from engine.ai.search import END_LIMIT, END_ROUNDS, greedy_playout, one_ply, pick_lookahead
from engine.rng import Rng
from engine.splendor.state import SplendorState


def never() -> bool:
    return False


def played_in_full(state: GameState, seat: int, rounds: int, limit: int) -> int:
    """The greedy play-out without its loop replay (as it was): every choice weighed."""
    seen = work = 0
    for _ in range(limit):
        if state.is_over:
            return work
        actor = state.to_act
        assert actor is not None
        if actor == seat and state.pending_kind is None:
            seen += 1
            if seen >= rounds:
                return work
        acts = state.legal_actions()
        if len(acts) > 1:
            scores = one_ply(state, acts, actor, LOOK)
            state.apply_in_place(actor, acts[scores.index(max(scores))])
            work += len(acts)
        else:
            state.apply_in_place(actor, acts[0])
    return work


def late_positions(ruleset: str, seeds: range) -> list[SplendorState]:
    """Positions of easy self-play games once the end is near (10 of 15 points), at a seat's main action."""
    out = []
    for seed in seeds:
        state = new_game(GameConfig(ruleset, 2, seed))
        while not state.is_over:
            seat = state.to_act
            assert seat is not None
            if near_end(state) and state.pending_kind is None and state.turn % 3 == 0:
                assert isinstance(state, SplendorState)
                out.append(state.copy())
            state.apply_in_place(seat, choose(view_for(state, seat), level="easy", seed=state.version))
    return out


def test_a_play_out_that_loops_ends_where_playing_every_choice_would() -> None:
    """Late in Orient and Strongholds games the greedy players can trade tokens back and forth until the play-out's
    limit (reviews of hard's games; not these easy ones): the play-out then replays the loop, and wherever it stops
    it is in the same position as played in full (turn counter included)."""
    for state in late_positions("orient+strongholds", range(3)) + late_positions("base", range(2)):
        state.set_quiet()
        full, fast = state.copy(), state.copy()
        work = played_in_full(full, 0, END_ROUNDS, END_LIMIT)
        cheap = greedy_playout(fast, 0, END_ROUNDS, END_LIMIT, LOOK)
        assert fast.position_key() == full.position_key() and fast.turn == full.turn
        assert cheap <= work


def test_the_look_ahead_deals_no_further_determinization_past_its_budget() -> None:
    """``budget``: once the positions weighed reach it, no determinization is dealt after the current one (the
    first always runs in full); a budget it does not reach changes nothing."""
    for seed in range(4):
        state = new_game(GameConfig("base", 2, seed))
        for _ in range(10):
            seat = state.to_act
            assert seat is not None
            state.apply_in_place(seat, choose(view_for(state, seat), level="easy", seed=state.version))
        public = view_for(state, state.to_act).public
        assert public is not None
        one = pick_lookahead(public, Rng(seed), never, 8)  # one determinization of the eight candidates
        assert pick_lookahead(public, Rng(seed), never, 24, budget=1) == one
        unbounded = pick_lookahead(public, Rng(seed), never, 24)
        assert pick_lookahead(public, Rng(seed), never, 24, budget=10**9) == unbounded
