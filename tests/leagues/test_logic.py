"""League logic without I/O: ratings against OpenSkill's values, points, standings, pairing, matchmaking."""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta
from itertools import combinations

import pytest

from bot.leagues.matchmaking import QueuePolicy, Waiting, match, window
from bot.leagues.pairing import meetings, pair, pair_round, table_sizes
from bot.leagues.rating import SIGMA, Rating, RatingPolicy, display_value, rate, soft_reset
from bot.leagues.standings import GameResult, placement_points, standings

T0 = datetime(2026, 1, 1, tzinfo=UTC)
NEW = Rating()


def close(got: list[Rating], want: list[tuple[float, float]]) -> None:
    assert [(r.mu, r.sigma) for r in got] == [pytest.approx(w, abs=1e-6) for w in want]


# -- ratings: reference values printed by openskill 6.2.0 PlackettLuce() with default parameters
def test_two_players_match_openskill() -> None:
    close(rate([NEW, NEW], [1, 2], T0), [(27.635389, 8.065901), (22.364611, 8.065901)])


def test_three_players_match_openskill() -> None:
    close(rate([NEW, NEW, NEW], [1, 2, 3], T0),
          [(27.869049, 8.205243), (25.717262, 8.058224), (21.413689, 8.058224)])


def test_four_players_with_earlier_ratings_match_openskill() -> None:
    players = [Rating(30, 5), Rating(25, 6), Rating(20, 7), NEW]
    close(rate(players, [2, 1, 4, 3], T0),
          [(30.352777, 4.963181), (26.725762, 5.970067), (17.40974, 6.824106), (24.362381, 7.926673)])


def test_shared_victory_is_a_tie_in_openskill() -> None:
    got = rate([NEW] * 4, [1, 1, 3, 4], T0)
    close(got, [(25.931751, 8.263572), (25.931751, 8.263572), (25.931751, 8.169063), (22.204747, 8.169063)])
    assert got[0] == got[1]


def test_resignation_ranks_last_as_openskill_rates_it() -> None:
    # the resigned member (index 0, the strongest) is ranked last; values printed by openskill 6.2.0
    close(rate([Rating(28, 4), NEW, NEW], [3, 1, 2], T0),
          [(26.961852, 3.980028), (28.333626, 8.158869), (26.170719, 7.951671)])


def test_rate_counts_games_and_dates() -> None:
    out = rate([NEW, NEW], [2, 1], T0)
    assert [r.games for r in out] == [1, 1] and all(r.last_played == T0 for r in out)
    with pytest.raises(ValueError):
        rate([NEW], [1], T0)


def test_inactivity_raises_sigma_never_mu() -> None:
    r = Rating(30.0, 3.0, 10, T0)
    policy = RatingPolicy(grace_days=7, decay_per_day=0.3)
    assert r.decayed(T0 + timedelta(days=7), policy) == r
    later = r.decayed(T0 + timedelta(days=40), policy)
    assert later.mu == 30.0 and later.sigma > 3.0
    assert r.decayed(T0 + timedelta(days=100_000), policy).sigma == SIGMA
    # the decay happens before a game is rated: a rested player moves more
    rested = rate([r, NEW], [1, 2], T0 + timedelta(days=60))[0]
    fresh = rate([r, NEW], [1, 2], T0 + timedelta(days=1))[0]
    assert rested.mu - 30.0 > fresh.mu - 30.0


def test_display_is_conservative_and_provisional_until_sigma_drops() -> None:
    assert NEW.display == 1000 and NEW.provisional()
    assert display_value(25.0, 0.0) == 1500
    assert not Rating(25.0, 5.0).provisional()
    assert Rating(25.0, 5.0).display == 1200


def test_soft_reset_pulls_toward_the_start() -> None:
    r = soft_reset(Rating(35.0, 3.0, 20, T0), 0.5)
    assert r.mu == pytest.approx(30.0) and r.sigma == pytest.approx((SIGMA + 3.0) / 2) and r.games == 20


@pytest.mark.parametrize(("keep", "mu", "sigma"), [
    (0.8, 25.0 + 10.0 * 0.8, SIGMA - (SIGMA - 3.0) * 0.8),  # keep 80 % of the distance from the start
    (0.2, 25.0 + 10.0 * 0.2, SIGMA - (SIGMA - 3.0) * 0.2),
    (1.0, 35.0, 3.0),  # keep everything
    (0.0, 25.0, SIGMA),  # a fresh start
    (1.7, 35.0, 3.0),  # clamped
])
def test_soft_reset_keeps_the_share_it_is_told(keep: float, mu: float, sigma: float) -> None:
    """``keep`` is the share of the distance from the starting rating that stays (not ``1 - keep``: at 0.5 both
    agree, so every other test of a season's end would miss that)."""
    r = soft_reset(Rating(35.0, 3.0, 20, T0), keep)
    assert (r.mu, r.sigma) == (pytest.approx(mu), pytest.approx(sigma))
    assert (r.games, r.last_played) == (20, T0)


# -- points and standings
def test_points_by_place_and_shared_places() -> None:
    assert placement_points([1, 2, 3, 4]) == [5, 3, 1, 0]
    assert placement_points([1, 1, 3, 4]) == [4, 4, 1, 0]
    assert placement_points([2, 1]) == [0, 3]
    assert placement_points([1, 2, 2]) == [4, 1, 1]
    assert placement_points([1, 2], {2: [2, 1]}) == [2, 1]


def test_standings_points_then_opponents_points() -> None:
    games = [
        GameResult(1, (1, 2, 3), (1, 2, 3)),  # 1: 4, 2: 2, 3: 0
        GameResult(2, (3, 4, 5), (1, 2, 3)),  # 3: 4, 4: 2, 5: 0
    ]
    lines = standings([1, 2, 3, 4, 5], games)
    # 1 and 3 have 4 points; 1's opponents average (2 + 4) / 2 = 3; 3's: (4 + 2) / 2 + (2 + 0) / 2 = 4
    assert [ln.user_id for ln in lines] == [3, 1, 2, 4, 5]
    assert [lines[0].points, lines[0].opponents_points, lines[1].opponents_points] == [4, 4, 3]
    assert [ln.rank for ln in lines] == [1, 2, 3, 4, 5] and lines[0].games == 2 and lines[0].wins == 1


def test_standings_average_placement_before_head_to_head() -> None:
    zero = {3: [0.0, 0.0, 0.0], 2: [0.0, 0.0]}
    games = [GameResult(1, (1, 2, 3), (3, 1, 2)), GameResult(2, (1, 3), (1, 2))]
    lines = standings([1, 2, 3], games, custom_points=zero)
    # all 0 points: average places 2: 1.0, 1: 2.0, 3: 2.0; then 1 and 3 head-to-head (1-1): rating/user id
    assert [ln.user_id for ln in lines] == [2, 1, 3]
    assert [ln.average_place for ln in lines] == [1.0, 2.0, 2.0]


def test_standings_head_to_head_then_rating() -> None:
    games = [GameResult(1, (1, 2), (2, 1)), GameResult(2, (1, 2), (1, 2)), GameResult(3, (1, 2), (2, 1))]
    lines = standings([1, 2], games)
    assert [ln.user_id for ln in lines] == [2, 1]
    # equal everything: head-to-head even, then rating
    even = [GameResult(1, (1, 2), (1, 2)), GameResult(2, (1, 2), (2, 1))]
    lines = standings([1, 2], even, rating=lambda uid: (1100 if uid == 2 else 1050, False))
    assert [ln.user_id for ln in lines] == [2, 1] and lines[0].head_to_head == 0


def test_head_to_head_decides_between_members_tied_on_everything_before_it() -> None:
    """2 and 1 tie on points (all 0 here), opponents' points and average place (1.5); 2 beat 1 in their game,
    so 2 is above 1, although 1 would come first on rating (equal) and user id."""
    zero = {2: [0.0, 0.0]}
    games = [
        GameResult(1, (2, 1), (1, 2)),  # 2 beats 1
        GameResult(2, (3, 2), (1, 2)),  # 3 beats 2
        GameResult(3, (1, 3), (1, 2)),  # 1 beats 3
        GameResult(4, (3, 4), (1, 2)),  # 3 beats 4: 3 has the best average place
    ]
    lines = standings([1, 2, 3, 4], games, custom_points=zero)
    assert [ln.user_id for ln in lines] == [3, 2, 1, 4]
    assert [ln.average_place for ln in lines] == [pytest.approx(4 / 3), 1.5, 1.5, 2.0]
    assert [(ln.user_id, ln.head_to_head) for ln in lines[1:3]] == [(2, 1), (1, -1)]
    # with default points too: 2 and 1 have 3 points, opponents' points 6 each, average place 1.5
    lines = standings([1, 2, 3, 4], games)
    assert [ln.user_id for ln in lines] == [3, 2, 1, 4]
    assert lines[1].points == lines[2].points and lines[1].opponents_points == lines[2].opponents_points


def test_provisional_members_are_kept_off_the_top() -> None:
    games = [GameResult(1, (1, 2), (1, 2))]
    lines = standings([1, 2], games, rating=lambda uid: (1000, uid == 1))
    assert [ln.user_id for ln in lines] == [2, 1] and lines[1].provisional


# -- pairing
@pytest.mark.parametrize(("n", "size", "want"), [
    (1, 4, []), (2, 4, [2]), (5, 4, [3, 2]), (6, 4, [3, 3]), (7, 4, [4, 3]), (8, 4, [4, 4]), (9, 4, [3, 3, 3]),
    (3, 2, [3]), (5, 2, [3, 2]), (4, 3, [2, 2]), (7, 3, [3, 2, 2]),
])
def test_table_sizes(n: int, size: int, want: list[int]) -> None:
    assert table_sizes(n, size) == want


def test_tables_fill_from_the_top_and_rotate_first_seat() -> None:
    rnd = pair_round(list(range(1, 9)), 4, first_seats={1: 2, 2: 1})
    assert [set(t) for t in rnd.tables] == [{1, 2, 3, 4}, {5, 6, 7, 8}]
    assert rnd.tables[0][0] == 3 and rnd.tables[0][-1] == 1  # who sat first most sits last


@pytest.mark.parametrize("passes", [1, 2, 3, 8])
def test_a_swap_that_does_not_lower_the_repeats_is_not_made(passes: int) -> None:
    """Everyone met everyone once: every swap leaves the repeat cost as it is, so the tables stay as the
    standings fill them (a swap only for an equal cost would reorder the leaders' table)."""
    players = list(range(1, 13))
    met = meetings([tuple(players)])
    rnd = pair_round(players, 4, met=met, max_passes=passes)
    assert [sorted(t) for t in rnd.tables] == [[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12]]


def test_swaps_avoid_repeats_between_neighbouring_tables() -> None:
    met = meetings([(1, 2, 3, 4)])
    rnd = pair_round(list(range(1, 9)), 4, met=met)
    assert all(sum(met.get(pair(a, b), 0) for a, b in combinations(t, 2)) <= 2 for t in rnd.tables)
    cost = sum(met.get(pair(a, b), 0) for t in rnd.tables for a, b in combinations(t, 2))
    assert cost < 6


def _random_round(seed: int) -> None:
    rng = random.Random(seed)
    n = rng.randint(0, 40)
    size = rng.randint(2, 4)
    members = list(range(100, 100 + n))
    rng.shuffle(members)
    opted = {m for m in members if rng.random() < 0.1}
    history = [tuple(rng.sample(members, min(len(members), size))) for _ in range(rng.randint(0, 30))] if n else []
    met = meetings(history)
    kw = {"met": met, "opted_out": opted, "ties": [tuple(members)], "seed": seed}
    rnd = pair_round(members, size, **kw)  # type: ignore[arg-type]
    seated = [m for t in rnd.tables for m in t]
    active = [m for m in members if m not in opted]
    # everyone seated exactly once, or a bye by the policy
    assert len(seated) == len(set(seated))
    assert sorted(seated + list(rnd.byes)) == sorted(members)
    assert set(rnd.byes) == (opted if len(active) >= 2 else set(members))
    assert all(2 <= len(t) <= max(size, 3) for t in rnd.tables)
    # deterministic for a seed
    assert pair_round(members, size, **kw) == rnd  # type: ignore[arg-type]
    # repeats minimized: no worse than plain top-down filling
    def cost(tables: tuple[tuple[int, ...], ...]) -> int:
        return sum(met.get(pair(a, b), 0) ** 2 for t in tables for a, b in combinations(t, 2))
    plain = pair_round(members, size, opted_out=opted, ties=[tuple(members)], seed=seed, max_passes=0)
    assert cost(rnd.tables) <= cost(plain.tables)


def test_pairing_properties_over_many_random_leagues() -> None:
    for seed in range(300):
        _random_round(seed)


def test_pairing_seed_changes_round_one_order() -> None:
    members = list(range(1, 13))
    a = pair_round(members, 4, ties=[tuple(members)], seed=1)
    b = pair_round(members, 4, ties=[tuple(members)], seed=2)
    assert a != b and a == pair_round(members, 4, ties=[tuple(members)], seed=1)


def test_repeat_minimisation_over_rounds() -> None:
    members = list(range(16))
    history: list[tuple[int, ...]] = []
    for r in range(3):
        rnd = pair_round(members, 4, met=meetings(history), ties=[tuple(members)], seed=r)
        history.extend(rnd.tables)
    met = meetings(history)
    assert max(met.values()) <= 2
    assert sum(1 for v in met.values() if v > 1) <= 6


# -- matchmaking
def test_queue_waits_for_a_full_table_then_seats_closest_ratings() -> None:
    q = [Waiting(1, 1000, T0), Waiting(2, 1500, T0), Waiting(3, 1020, T0 + timedelta(minutes=1))]
    assert match(q, 3, T0 + timedelta(minutes=2)) == []
    assert match(q[:1] + q[2:], 2, T0 + timedelta(minutes=2)) == [(1, 3)]


def test_window_widens_with_waiting() -> None:
    q = [Waiting(1, 1000, T0), Waiting(2, 1400, T0)]
    policy = QueuePolicy(base_window=100, widen_per_hour=50)
    assert match(q, 2, T0, policy) == []
    assert match(q, 2, T0 + timedelta(hours=7), policy) == [(1, 2)]
    assert window(timedelta(hours=100), policy) == policy.max_window


def test_immediate_rematch_avoided_until_waited() -> None:
    q = [Waiting(1, 1000, T0), Waiting(2, 1000, T0), Waiting(3, 1090, T0)]
    last = {1: frozenset({2}), 2: frozenset({1})}
    assert match(q, 2, T0, last_opponents=last) == [(1, 3)]
    assert match(q[:2], 2, T0, last_opponents=last) == []
    assert match(q[:2], 2, T0 + timedelta(hours=3), last_opponents=last) == [(1, 2)]


def test_a_blocked_pair_is_never_seated_together() -> None:
    q = [Waiting(1, 1000, T0), Waiting(2, 1000, T0), Waiting(3, 1000, T0), Waiting(4, 1000, T0)]
    blocks = {frozenset({1, 2}), frozenset({3, 4})}
    # not with the anchor, not with anyone already chosen, and not after a long wait (rematches would be)
    assert match(q[:2], 2, T0 + timedelta(days=30), blocks=blocks) == []
    assert match(q, 2, T0, blocks=blocks) == [(1, 3), (2, 4)]
    assert match(q[1:], 3, T0 + timedelta(days=30), blocks=blocks) == []
    assert match(q, 3, T0 + timedelta(days=30), blocks=blocks) == []  # every table of 3 holds a blocked pair


def test_smaller_table_after_a_long_wait() -> None:
    q = [Waiting(1, 1000, T0), Waiting(2, 1000, T0), Waiting(3, 1000, T0)]
    policy = QueuePolicy(smaller_after=timedelta(hours=6))
    assert match(q, 4, T0 + timedelta(hours=1), policy) == []
    assert match(q, 4, T0 + timedelta(hours=6), policy) == [(1, 2, 3)]


def test_matchmaking_never_seats_anyone_twice() -> None:
    rng = random.Random(7)
    for _ in range(200):
        q = [Waiting(i, rng.randint(800, 1600), T0 - timedelta(minutes=rng.randint(0, 2000))) for i in range(30)]
        q += q[:3]  # a duplicate row must not seat anyone twice
        tables = match(q, rng.randint(2, 4), T0, QueuePolicy(smaller_after=timedelta(hours=12)))
        seated = [m for t in tables for m in t]
        assert len(seated) == len(set(seated))


def test_rank_roles_go_to_the_narrowest_band_and_skip_provisional_members() -> None:
    from bot.leagues.standings import rank_role_members

    games = [GameResult(i, (1, 2, 3, 4), (1, 2, 3, 4)) for i in range(3)]
    lines = standings([1, 2, 3, 4, 5], games, rating=lambda uid: (1000, uid == 2))
    assert [ln.user_id for ln in lines] == [1, 3, 4, 5, 2]  # provisional last
    assert rank_role_members(lines, {77: 1, 88: 3}) == {77: {1}, 88: {3, 4}}  # 2 is provisional, 5 never played
