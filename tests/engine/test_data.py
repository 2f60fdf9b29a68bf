"""The packaged CSVs still satisfy the invariants listed in engine/data/SOURCES.md."""

from __future__ import annotations

from collections import Counter

from engine.splendor.catalog import BONUS_GOLD, BONUS_JOKER, catalog

CAT = catalog()
BASE = [c for c in CAT.cards if not c.orient]
ORIENT = [c for c in CAT.cards if c.orient]


def test_base_cards_counts_per_level_and_colour():
    assert len(BASE) == 90
    assert Counter(c.level for c in BASE) == {1: 40, 2: 30, 3: 20}
    per = Counter((c.level, c.bonus) for c in BASE)
    assert all(per[(lv, col)] == n for lv, n in ((1, 8), (2, 6), (3, 4)) for col in range(5))


def test_base_points_per_level_and_equal_demand():
    points = {lv: sum(c.points for c in BASE if c.level == lv) for lv in (1, 2, 3)}
    assert points == {1: 5, 2: 55, 3: 80}
    for lv in (1, 2, 3):
        demand = {sum(c.cost[i] for c in BASE if c.level == lv) for i in range(5)}
        assert len(demand) == 1
    assert len({(c.level, c.bonus, c.points, c.cost) for c in BASE}) == 90


def test_nobles():
    assert len(CAT.nobles) == 10 and all(n.points == 3 for n in CAT.nobles)
    shapes = Counter(tuple(sorted((x for x in n.requirement if x), reverse=True)) for n in CAT.nobles)
    assert shapes == {(4, 4): 5, (3, 3, 3): 5}


def test_orient_cards():
    assert len(ORIENT) == 30 and Counter(c.level for c in ORIENT) == {1: 10, 2: 10, 3: 10}
    effects = Counter((c.level, c.effect) for c in ORIENT)
    assert effects == {(1, "double_gold"): 5, (1, "joker"): 5, (2, "joker_free_l1"): 2, (2, "reserve_noble"): 3,
                       (2, "double_bonus"): 5, (3, "free_l2"): 5, (3, "discard_2"): 5}
    assert all((c.bonus == BONUS_GOLD) == (c.effect == "double_gold") for c in ORIENT)
    assert all((c.bonus == BONUS_JOKER) == (c.effect in ("joker", "joker_free_l1")) for c in ORIENT)
    discard = [c for c in ORIENT if c.effect == "discard_2"]
    assert all(sum(c.cost) == 0 and c.discard_color is not None and c.discard_color != c.bonus for c in discard)
    assert sorted(c.discard_color for c in discard) == [0, 1, 2, 3, 4]


def test_card_ids_are_unique_and_stable():
    ids = [c.id for c in CAT.cards]
    assert len(set(ids)) == 120
    assert ids[0] == "1-01" and ids[40] == "2-01" and ids[90] == "O1-01"
