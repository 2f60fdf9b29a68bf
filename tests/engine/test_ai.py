"""Computer players (issue 12): levels, determinization, hidden information, complete games.

Every search here runs on an iteration budget and no clock, so the tests are deterministic.
"""

from __future__ import annotations

import json
import pickle

import pytest

import engine
from engine import GameConfig, GameState, new_game, view_for
from engine.ai import AGENTS, DEFAULT_BUDGET, LEVELS, choose
from engine.rng import Rng
from tests.hidden import blind_reserves, hidden_from, shipped_rulesets

RULESETS = shipped_rulesets()


def players_of(ruleset: str) -> list[int]:
    rules = engine.find_ruleset(ruleset)
    return list(range(rules.min_players, rules.max_players + 1))


def play(state: GameState, levels: list[str], seed: int, iterations: int, max_actions: int = 1500) -> int:
    """Play to the end with one level per seat; returns the actions played."""
    done = 0
    while not state.is_over:
        assert done < max_actions, f"stuck after {done} actions"
        seat = state.to_act
        assert seat is not None
        action = choose(view_for(state, seat), level=levels[seat], seed=seed + done, iterations=iterations)
        assert action in state.legal_actions()
        state.apply_in_place(seat, action)
        done += 1
    state.check_invariants()
    return done


def test_the_published_interface() -> None:
    assert LEVELS == ("random", "easy", "medium", "hard")
    assert DEFAULT_BUDGET == {"random": 0.0, "easy": 0.0, "medium": 0.5, "hard": 2.0}
    assert set(LEVELS) <= set(AGENTS)
    state = new_game(GameConfig("base", 2, 3))
    with pytest.raises(ValueError):
        choose(view_for(state, 0), level="grandmaster", seed=1)
    with pytest.raises(ValueError):  # not this seat's turn
        choose(view_for(state, 1), level="easy", seed=1)
    with pytest.raises(ValueError):  # a spectator has no seat to play
        choose(view_for(state, None), level="easy", seed=1)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_every_level_finishes_a_game(ruleset: str) -> None:
    for players in players_of(ruleset):
        levels = [LEVELS[(players + i) % len(LEVELS)] for i in range(players)]
        assert play(new_game(GameConfig(ruleset, players, 11 + players)), levels, seed=players, iterations=8) > 0


def reach(ruleset: str, players: int, seed: int, *, blind_by: int, viewer: int) -> GameState:
    """A random game where ``blind_by`` holds a blind reserve, at ``viewer``'s turn (a main action)."""
    for attempt in range(50):
        rng = Rng(seed + attempt)
        state = new_game(GameConfig(ruleset, players, seed + attempt))
        while not state.is_over:
            seat = state.to_act
            assert seat is not None
            acts = state.legal_actions()
            blinds = [a for a in acts if state.view_for(seat).describe(a).verb == "reserve_blind"]
            action = blinds[0] if seat == blind_by and blinds else acts[rng.below(len(acts))]
            state.apply_in_place(seat, action)
            if (blind_reserves(state, blind_by) and state.to_act == viewer and state.pending_kind is None
                    and state.turn >= 2 * players):
                return state
    raise AssertionError("no blind reserve reached")


def swap_hidden(state: GameState, seat: int) -> GameState:
    """The same game with the cards ``seat`` may not see dealt again (decks and others' blind reserves)."""
    other = state.copy()
    other.redeal(seat, Rng(12345))
    assert hidden_from(other, seat) == hidden_from(state, seat)
    assert other.to_json() != state.to_json(), "the hidden cards did not move"
    return other


@pytest.mark.parametrize("ruleset", RULESETS)
def test_choice_does_not_depend_on_hidden_cards(ruleset: str) -> None:
    state = reach(ruleset, 2, 5, blind_by=1, viewer=0)
    other = swap_hidden(state, 0)
    mine, theirs = view_for(state, 0), view_for(other, 0)
    assert mine.public is not None and theirs.public is not None
    assert mine.public.to_json() == theirs.public.to_json()  # the seat's knowledge, hidden cards canonical
    for level in LEVELS:
        a = choose(mine, level=level, seed=7, iterations=60)
        b = choose(theirs, level=level, seed=7, iterations=60)
        assert a == b, f"{level} chose {a} or {b} depending on hidden cards"


def test_a_determinization_keeps_what_the_seat_knows() -> None:
    state = reach("orient+strongholds", 3, 9, blind_by=1, viewer=0)
    view = view_for(state, 0)
    assert view.public is not None
    for k in range(5):
        dealt = view.public.determinize(Rng(k))
        dealt.check_invariants()
        assert view_for(dealt, 0).seats == view.seats  # own cards, tableaux, tokens: as the seat sees them
        assert hidden_from(dealt, 0) == hidden_from(state, 0)  # the same unseen cards, somewhere else
        assert [str(a) for a in dealt.legal_actions()] == [str(a) for a in state.legal_actions()]


# no_cover: more seeds of a test that runs measured above; the tracer would make it ~5x slower in CI
@pytest.mark.slow
@pytest.mark.no_cover
@pytest.mark.parametrize("ruleset", RULESETS)
def test_every_level_finishes_many_games(ruleset: str) -> None:
    for seed in range(4):
        for players in players_of(ruleset):
            levels = [LEVELS[(seed + i) % len(LEVELS)] for i in range(players)]
            play(new_game(GameConfig(ruleset, players, 100 + seed)), levels, seed=seed, iterations=4)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_events_off_mode_plays_the_same_game(ruleset: str) -> None:
    loud = new_game(GameConfig(ruleset, 3 if ruleset != "spectacle" else 2, 4))
    quiet = loud.copy()
    quiet.set_quiet()
    rng = Rng(8)
    while not loud.is_over:
        seat = loud.to_act
        assert seat is not None
        acts = loud.legal_actions()
        assert [str(a) for a in quiet.legal_actions()] == [str(a) for a in acts]
        action = acts[rng.below(len(acts))]
        loud.apply_in_place(seat, action)
        assert quiet.apply_in_place(seat, action) == ()
        assert quiet.copy().to_act == quiet.to_act
    assert quiet.is_over and quiet.scores() == loud.scores() and quiet.winners() == loud.winners()
    assert loud.events() and not quiet.events() and not quiet.history()


def test_only_the_seat_to_act_gets_its_public_state() -> None:
    state = reach("base", 2, 3, blind_by=1, viewer=0)
    assert view_for(state, 1).public is None
    assert view_for(state, None).public is None
    action = state.legal_actions()[0]
    assert engine.preview(state, 0, action).public is None  # a preview would show the refill otherwise
    public = view_for(state, 0).public
    assert public is not None
    canonical = public.canonical()
    assert canonical.config.seed == 0 and canonical.config.setup is None  # they would tell the deck order
    assert canonical.history() == [] and list(canonical.events()) == []


def test_search_is_anytime_and_reproducible() -> None:
    state = reach("orient+strongholds", 2, 21, blind_by=1, viewer=0)
    view = view_for(state, 0)
    for level in LEVELS:
        # a deadline already passed: one iteration, still a legal move
        assert choose(view, level=level, seed=3, deadline=lambda: True) in state.legal_actions()
        assert choose(view, level=level, seed=3, iterations=30) == choose(view, level=level, seed=3, iterations=30)
    for level in ("greedy1", "uct", "ismcts", "rollout", "look"):
        assert choose(view, level=level, seed=3, iterations=10) in state.legal_actions()


def test_selfplay_reports_each_agent(capsys: pytest.CaptureFixture[str]) -> None:
    from engine.selfplay import main

    assert main(["--agents", "easy,random", "--games", "2", "--seed", "5", "--iterations", "2", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert set(out["agents"]) == {"easy", "random"}
    for row in out["agents"].values():
        assert row["games"] == 2
        low, high = row["ci95"]
        assert 0.0 <= low <= row["win_rate"] <= high <= 1.0
        assert isinstance(row["avg_points"], float | int)
    assert sum(row["wins"] for row in out["agents"].values()) == pytest.approx(2.0)


def test_a_view_travels_to_a_worker_process() -> None:
    """The service runs the search in a process pool: a pickled view gives the same choice."""
    state = reach("orient+strongholds", 3, 2, blind_by=1, viewer=0)
    view = view_for(state, 0)
    again = pickle.loads(pickle.dumps(view))
    assert choose(again, level="hard", seed=4, iterations=12) == choose(view, level="hard", seed=4, iterations=12)


def test_the_bandit_search_follows_its_simulations() -> None:
    """The root bandit plays the candidate its simulations rate best, whatever the one-ply prior says: a
    simulation that prefers the positions the heuristic likes least turns the search away from the prior's
    favourite."""
    from engine.ai.heuristics import values
    from engine.ai.search import CANDIDATES, bandit, one_ply

    state = reach("base", 2, 21, blind_by=1, viewer=0)
    public = view_for(state, 0).public
    assert public is not None
    acts = list(state.legal_actions())
    prior = one_ply(state, acts, 0)
    ranked = sorted(range(len(acts)), key=lambda k: -prior[k])[:CANDIDATES]
    favourite = acts[ranked[0]]

    def contrary(after: GameState, seat: int, rng: Rng) -> float:
        return 1.0 - values(after)[seat]

    picked = bandit(public, Rng(2), lambda: False, 200, contrary, prior_visits=0)
    assert picked in [acts[k] for k in ranked] and picked != favourite
    assert bandit(public, Rng(2), lambda: False, 200, lambda after, seat, rng: 0.5) == favourite  # no information

def test_easy_weighs_positions_with_the_plain_weights_and_the_searches_with_the_tuned() -> None:
    """``easy`` is the one-ply move of the hand-set weights; ``medium`` and ``hard`` search with the tuned
    ones.  On this position the two weightings prefer different moves, and easy follows the plain one."""
    from engine.ai.heuristics import PLAIN, TUNED
    from engine.ai.search import one_ply

    assert PLAIN != TUNED
    differ = 0
    for seed in range(30):
        view = view_for(reach("base", 2, seed, blind_by=1, viewer=0), 0)
        assert view.public is not None
        state = view.public.determinize(Rng(1))  # the determinization easy deals with seed 1
        acts = list(state.legal_actions())
        plain, tuned = one_ply(state, acts, 0, PLAIN), one_ply(state, acts, 0, TUNED)
        easy = choose(view, level="easy", seed=1)
        assert easy == acts[plain.index(max(plain))]
        differ += acts[tuned.index(max(tuned))] != easy
    assert differ > 0


def test_the_look_ahead_holds_a_candidate_to_the_opponents_worst_reply() -> None:
    """A candidate's worth in ``hard``'s look-ahead is at most what it is worth when the opponent answers
    greedily: the look-ahead takes the worst of the opponent's best replies, of which the greedy one is the
    first.  Worth is the seat's lead (``margin``) after its own best answer."""
    from engine.ai.heuristics import LOOK, margin
    from engine.ai.search import finish_turn, one_ply, reply_value

    checked = 0
    for seed in range(12):
        state = reach("base", 2, seed, blind_by=1, viewer=0)
        for action in state.legal_actions()[:6]:
            after = state.copy()
            after.apply_in_place(0, action)
            finish_turn(after, 0)
            if after.is_over or after.to_act != 1:
                continue
            acts = after.legal_actions()
            theirs = one_ply(after, acts, 1, LOOK)
            greedy = after.copy()
            greedy.apply_in_place(1, acts[theirs.index(max(theirs))])
            finish_turn(greedy, 1)
            if not greedy.is_over and greedy.to_act == 0:
                mine = greedy.legal_actions()
                ours = one_ply(greedy, mine, 0, LOOK)
                greedy.apply_in_place(0, mine[ours.index(max(ours))])
                finish_turn(greedy, 0)
            assert reply_value(after, 0) <= margin(greedy, 0) + 1e-12
            checked += 1
    assert checked > 30


def test_near_the_end_the_look_ahead_plays_each_line_out_to_the_end() -> None:
    """From 10 of 15 points on, a line of the look-ahead is played on greedily until the game ends, so a
    candidate's worth is a finished game's margin (a win, a loss or a shared win); before, it is a lead."""
    from engine.ai.heuristics import WIN_MARGIN, near_end
    from engine.ai.search import finish_turn, reply_value

    state = new_game(GameConfig("base", 2, 11))
    early = None
    while not (near_end(state) and state.to_act == 0 and state.pending_kind is None):
        seat = state.to_act
        assert seat is not None and not state.is_over
        if early is None and seat == 0 and state.pending_kind is None and state.turn >= 6:
            early = state.copy()
        state.apply_in_place(seat, choose(view_for(state, seat), level="easy", seed=state.version))
    assert early is not None and not near_end(early)
    assert max(p.points for p in state.players) >= 10  # type: ignore[attr-defined]
    for position, to_end in ((early, False), (state, True)):
        values = []
        for action in position.legal_actions()[:8]:
            after = position.copy()
            after.apply_in_place(0, action)
            finish_turn(after, 0)
            values.append(reply_value(after, 0, to_end))
        assert all(abs(v) >= WIN_MARGIN or v == 0.0 for v in values) == to_end, values


#: An orient+strongholds game (seed 960007, easy against hard@8) up to turn 53: hard, at 14 points and last to play
#: in the round, can end the game won by buying card 2.2, and kept playing on for nine
#: turns before the fix, every candidate's one-ply value being 1 in a game won anyway.
WON_ANYWAY = (
    "0:take wug;1:reserve 3.6;0:take wug;1:take ugr;0:take wug;1:reserve 1.3;0:take wrk;0:return ww;"
    "1:buy r2;1:hold 1.2;0:take wgr;0:return ggg;1:take wgk;0:take grk;0:return www;1:buy 1.3;"
    "1:hold 1.4;0:buy 2.5;0:noble 1;0:hold 1.1;1:reserve 3.6;0:take wug;1:buy 1.2;1:pay go;"
    "1:hold 1.3;0:take wug;1:take wgk;0:take wgr;0:return w;1:take wrk;0:take k;0:return u;"
    "1:reserve 3.6;0:reserve 3.5;0:return g;1:buy 2.3;1:hold 1.2;0:take wuk;0:return www;1:take wug;"
    "0:buy 2.2;0:hold 1.1;1:buy 1.5;1:move 1.2 2.2;0:reserve 3.5;1:take wuk;0:take wuk;1:buy 2.5;"
    "1:move 1.3 1.2;0:reserve 3.5;1:take wug;0:buy 1.3;0:pay ugrk;0:hold 1.1;1:buy 2.6;"
    "1:move 1.2 1.3;0:take wug;1:buy 1.5;1:joker k;1:move 1.3 1.2;0:take wug;0:return w;1:buy 1.6;"
    "1:joker w;1:move 1.2 2.3;0:buy 2.5;0:joker w;0:free 1.2;0:move 1.1 1.3;1:buy 2.6;1:noble 2;"
    "1:move 1.4 1.2;0:take wur;1:buy 2.2;1:hold 1.2;0:take wur;1:buy 1.2;1:hold 1.4;0:buy 1.6;"
    "0:joker u;0:move 1.1 1.2;1:buy 3.5;1:discard O2-04 O2-08;1:hold 1.4;0:take wur;0:return w;"
    "1:buy r1;1:discard 1-04 O1-10;1:move 1.4 2.4;0:take wrk;0:return www;1:take wuk;0:buy 1.2;"
    "0:hold 1.1"
)


def test_hard_closes_out_a_won_game_and_prefers_a_sooner_win() -> None:
    """Where a move ends the game won at once, ``hard`` plays it, on any seed; and a finished game's margin is a
    little larger the sooner it is won (a loss, the later)."""
    from engine.ai.heuristics import WIN_MARGIN, margin
    from engine.ai.search import finish_turn

    state = new_game(GameConfig("orient+strongholds", 2, 960007))
    for item in WON_ANYWAY.split(";"):
        seat, code = item.split(":")
        state.apply_in_place(int(seat), state.rules.parse_action(code))
    assert state.to_act == 1 and state.pending_kind is None and state.scores() == (3, 14)
    wins = []
    for a in state.legal_actions():
        after = state.copy()
        after.apply_in_place(1, a)
        finish_turn(after, 1)
        if after.is_over and after.winners() == (1,):
            wins.append(a)
            assert margin(after, 1) > WIN_MARGIN and margin(after, 0) < -WIN_MARGIN
    assert wins
    for seed in range(4):
        assert choose(view_for(state, 1), level="hard", seed=seed, iterations=8) in wins


def test_hard_plays_an_outright_win_at_three_and_four_players() -> None:
    """At three or four players too, near the end a purchase that ends the game won at once is what ``hard``
    plays (the last seat of a round at the target, ahead of everyone)."""
    from engine.ai.search import finish_turn

    closed = 0
    for players in (3, 4):
        for seed in range(1, 30):
            state = new_game(GameConfig("base", players, seed))
            while not state.is_over:
                seat = state.to_act
                assert seat is not None
                if seat == players - 1 and state.pending_kind is None:
                    wins = []
                    for a in state.legal_actions():
                        after = state.copy()
                        after.apply_in_place(seat, a)
                        finish_turn(after, seat)
                        if after.is_over and after.winners() == (seat,):
                            wins.append(a)
                    if wins:
                        assert choose(view_for(state, seat), level="hard", seed=seed, iterations=8) in wins
                        closed += 1
                        break
                state.apply_in_place(seat, choose(view_for(state, seat), level="easy", seed=seed))
    assert closed >= 4


def test_hard_looks_ahead_at_two_players_and_scores_win_chances_at_more() -> None:
    """At two players ``hard`` is the look-ahead, unchanged (its strength there is kept); at three and four
    it is the rollout search whose leaves are the seat's win probability, which picks other moves than the
    same search scoring the lead over the best opponent (``rollout1``, ``hard`` before)."""
    from engine.ai.search import pick_lookahead, pick_rollout1
    from engine.ai.winprob import pick_winprob

    two = view_for(reach("base", 2, 4, blind_by=1, viewer=0), 0)
    assert two.public is not None
    assert choose(two, level="hard", seed=5, iterations=30) == pick_lookahead(two.public, Rng(5), never, 30)
    differ = 0
    for players in (3, 4):
        for seed in range(4):
            view = view_for(reach("base", players, seed, blind_by=1, viewer=0), 0)
            assert view.public is not None
            hard = choose(view, level="hard", seed=5, iterations=30)
            assert hard == pick_winprob(view.public, Rng(5), never, 30)
            differ += hard != pick_rollout1(view.public, Rng(5), never, 30)
    assert differ > 0


def test_the_multi_player_search_scores_a_leaf_by_the_seats_win_probability() -> None:
    """``pick_winprob`` is the bandit over one-round greedy rollouts scored by the fitted model's probability
    for the searching seat: a simulation returning exactly that picks the same move."""
    from engine.ai.search import EXPLORE, bandit, greedy_playout
    from engine.ai.winprob import pick_winprob, probabilities

    def leaf(state: GameState, seat: int, rng: Rng) -> float:
        greedy_playout(state, seat, rounds=1)
        p = probabilities(state)
        assert abs(sum(p) - 1.0) < 1e-9 and len(p) == 4
        return p[seat]

    view = view_for(reach("base", 4, 9, blind_by=1, viewer=0), 0)
    assert view.public is not None
    assert pick_winprob(view.public, Rng(3), never, 40) == bandit(view.public, Rng(3), never, 40, leaf,
                                                                  prior_visits=0, explore=EXPLORE)


def never() -> bool:
    return False

