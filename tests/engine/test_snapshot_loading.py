"""Loading a snapshot checks it against the ruleset's tables (issue 27, point 5).

A snapshot that loads is a position every later move and view can work with: card ids are real cards in
places they can be, counts and seats are in range and of the right type, every list has its length, and a
stored decision offers what the position offers.  Anything else is refused on load with ``BadSetup``
naming the damaged part, never a raw ``IndexError``/``TypeError`` a move or a view raises later.

The first tests replay the damaged snapshots issue 27 found; the Hypothesis tests mutate mid-game
snapshots of every ruleset (cards, counts, seat lists, types) and play on from whatever loads.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from functools import cache
from typing import Any

import pytest
from hypothesis import event, given, settings
from hypothesis import strategies as st

import engine
from engine import BadSetup, EngineError, GameConfig, GameState
from engine.rng import Rng
from tests.engine.test_fuzz import paths, position  # seeded positions of every ruleset (and the CI profile)
from tests.hidden import shipped_rulesets

RULESETS = shipped_rulesets()
SPLENDOR = [r for r in RULESETS if engine.find_ruleset(r).game == "splendor"]
Snapshot = dict[str, Any]


def fresh(ruleset: str, players: int = 2) -> Snapshot:
    return json.loads(json.dumps(engine.to_json(engine.new_game(GameConfig(ruleset, players=players, seed=3)))))


def reach(ruleset: str, found: Callable[[GameState], bool]) -> Snapshot:
    """The first position of seeded random games where ``found`` holds (deterministic)."""
    for seed in range(60):
        state = engine.new_game(GameConfig(ruleset, players=2 + seed % 3, seed=seed))
        rng = Rng(seed)
        while not state.is_over:
            legal = engine.legal_actions(state)
            seat = state.to_act
            assert seat is not None
            state = engine.apply(state, seat, legal[rng.below(len(legal))]).state
            if found(state):
                return json.loads(json.dumps(engine.to_json(state)))
    raise LookupError(f"no such position in {ruleset}")


def pending(kind: str) -> Callable[[GameState], bool]:
    return lambda state: state.pending_kind == kind


def plays_on(state: GameState, *, plies: int = 12, seed: int = 0) -> None:
    """Every seat's view, every legal move (each move's result viewed by every seat), then a seeded random
    play-on: whatever raises here would have reached a player."""
    seats: list[int | None] = [None, *range(state.config.players)]
    for seat in seats:
        engine.view_for(state, seat)
    if state.is_over:
        return
    mover = state.to_act
    assert mover is not None
    for action in engine.legal_actions(state):
        after = engine.apply(state, mover, action).state
        engine.legal_actions(after)
        for seat in seats:
            engine.view_for(after, seat)
    rng = Rng(seed)
    for _ in range(plies):
        if state.is_over:
            break
        legal = engine.legal_actions(state)
        mover = state.to_act
        assert mover is not None
        state = engine.apply(state, mover, legal[rng.below(len(legal))]).state
        engine.view_for(state, mover)


def refused(data: Snapshot, part: str) -> BadSetup:
    """``data`` is refused on load, naming ``part`` (the check that fails on a snapshot the engine took)."""
    with pytest.raises(BadSetup) as caught:
        plays_on(engine.from_json(data))  # before issue 27: loads, then a move or a view raises IndexError...
    assert caught.value.key == "err.bad_snapshot"
    assert part in caught.value.reason, caught.value.reason
    return caught.value


# ------------------------------------------------------------------ the reproductions of issue 27
@pytest.mark.parametrize("card", [999, 2**63, -2, 91])
def test_a_card_id_that_is_no_card_of_the_deck_is_refused(card: int) -> None:
    data = fresh("base")
    data["state"]["decks"][2][-1] = card  # the top of the level-3 deck (91: an Orient card, not in a base game)
    refused(data, "decks")


@pytest.mark.parametrize("ruleset", ["base", "orient"])
def test_a_seat_list_cut_to_one_seat_is_refused(ruleset: str) -> None:
    data = fresh(ruleset)
    data["state"]["players"] = data["state"]["players"][:1]
    refused(data, "players")


@pytest.mark.parametrize("ruleset", ["orient", "orient+strongholds"])
def test_a_strongholds_table_cut_short_is_refused(ruleset: str) -> None:
    data = reach(ruleset, lambda state: state.turn > 10 and state.pending_kind is None)
    data["state"]["hown"][2] = data["state"]["hown"][2][:4]  # the level-3 Orient slots have no owner entry
    refused(data, "hown")


@pytest.mark.parametrize("ruleset", SPLENDOR)
def test_stored_noble_options_that_do_not_match_the_table_are_refused(ruleset: str) -> None:
    data = reach(ruleset, pending("noble"))
    options = data["state"]["pending"]["options"]
    data["state"]["pending"]["options"] = [options[0], "noble 9"]  # there is no ninth noble on the table
    refused(data, "pending")


@pytest.mark.parametrize("ruleset", SPLENDOR)
def test_stored_noble_options_the_player_does_not_qualify_for_are_refused(ruleset: str) -> None:
    data = reach(ruleset, pending("noble"))
    state = data["state"]
    offered = {int(o.split()[1]) for o in state["pending"]["options"]}
    others = [f"noble {pos}" for pos in range(1, len(state["nobles"]) + 1) if pos not in offered]
    state["pending"]["options"] = [*state["pending"]["options"], *others]
    refused(data, "pending")


@pytest.mark.parametrize("field", ["supply", "hcnt"])
def test_a_stronghold_count_stored_as_a_string_is_refused(field: str) -> None:
    data = reach("orient+strongholds", lambda state: state.turn > 6 and state.pending_kind is None
                 and engine.view_for(state, None).seats[0].strongholds_left == 2)
    state = data["state"]
    if field == "supply":
        state["players"][0]["supply"] = "2"
    else:
        row, slot = next((lv, sl) for lv, row in enumerate(state["hown"]) for sl, owner in enumerate(row)
                         if owner == 0)
        state["hcnt"][row][slot] = str(state["hcnt"][row][slot])
    refused(data, field)


#: The decisions each Splendor ruleset raises: its modules' own (O-2, S-3, S-6) beside the base game's.
DECISIONS = [(ruleset, kind) for ruleset in SPLENDOR for module, kinds in (
    ("", ("pay", "return")), ("orient", ("joker", "free", "discard", "reserve_noble")),
    ("strongholds", ("stronghold", "conquest"))) if not module or module in engine.find_ruleset(ruleset).modules
    for kind in kinds]


@pytest.mark.parametrize(("ruleset", "kind"), DECISIONS)
def test_a_stored_decision_must_be_what_the_position_offers(ruleset: str, kind: str) -> None:
    data = reach(ruleset, pending(kind))
    engine.from_json(data, verify=True)  # intact: loads
    data["state"]["pending"]["options"] = data["state"]["pending"]["options"][1:]  # one offered option lost
    refused(data, "pending")


@pytest.mark.parametrize("ruleset", SPLENDOR)
@pytest.mark.parametrize("damage", ["bool for an int", "float for an int", "a seat that does not exist",
                                    "a noble twice", "an unknown noble", "a reserved card that is no card",
                                    "steps left after the turn"])
def test_more_damage_is_refused(ruleset: str, damage: str) -> None:
    data = reach(ruleset, lambda state: state.turn > 8 and state.pending_kind is None)
    state = data["state"]
    part = {"bool for an int": "bank", "float for an int": "players", "a seat that does not exist": "noble_at",
            "a noble twice": "nobles", "an unknown noble": "nobles", "a reserved card that is no card": "players",
            "steps left after the turn": "steps"}[damage]
    if damage == "bool for an int":
        state["bank"][5] = True
    elif damage == "float for an int":
        state["players"][0]["tokens"][0] = 1.0
    elif damage == "a seat that does not exist":
        state["noble_at"][0] = 7
    elif damage == "a noble twice":
        state["nobles"][1] = state["nobles"][0]
    elif damage == "an unknown noble":
        state["nobles"][0] = 10
    elif damage == "a reserved card that is no card":
        state["players"][0]["reserved"] = [*state["players"][0]["reserved"][:2], 10**6]
        state["players"][0]["blind"] = [*state["players"][0]["blind"][:2], False]
    else:
        state["steps"] = [[0]]
    refused(data, part)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_intact_mid_game_snapshots_still_load_and_play_on(ruleset: str) -> None:
    for plies in PLIES:
        state = position(ruleset, plies, SEED)
        data = json.loads(json.dumps(engine.to_json(state)))
        loaded = engine.from_json(data)
        assert engine.to_json(loaded) == data
        plays_on(loaded)


# ------------------------------------------------------------------ mutations (Hypothesis)
PLIES = (0, 9, 30, 70)  # positions sampled per ruleset (seed 17): the start, early, middle, late
SEED = 17
@cache
def snapshot(ruleset: str, plies: int) -> str:
    return json.dumps(engine.to_json(position(ruleset, plies, SEED)))


#: Replacement values: other cards (real, of another deck, of no deck), counts out of range, other types.
values = st.one_of(
    st.integers(min_value=-3, max_value=130),
    st.sampled_from((999, 2**63, -(2**63), 10**30, True, False, None, 1.0, 2.5, "1", "2", "", "1-05", "O1-03",
                     "7h", "jh", "a1", "N3", [], [0], {}, {"kind": "noble"})),
).map(copy.deepcopy)  # a fresh list or dict each time: a later mutation must not change the strategy's own


@st.composite
def mutations(draw: st.DrawFn, snapshot_json: str) -> Snapshot:
    data: Snapshot = json.loads(snapshot_json)
    # every path into the state but its event log (presentation, not read by moves and views), and the seat count
    targets = [*(p for p in paths(data["state"], ("state",)) if p[1:2] != ("events",)), ("config", "players")]
    for _ in range(draw(st.integers(min_value=1, max_value=2))):
        where = draw(st.sampled_from(targets))
        parent: Any = data
        try:
            for key in where[:-1]:
                parent = parent[key]
            current = parent[where[-1]]
        except (KeyError, IndexError, TypeError):
            continue  # an earlier mutation removed it
        if not isinstance(parent, (dict, list)):
            continue  # an earlier mutation made a container text (a string indexes, but takes no assignment)
        key = where[-1]
        how = draw(st.sampled_from(("value", "value", "exchange", "exchange", "swap", "cut", "grow", "type")))
        if how == "exchange":  # two numbers anywhere in the state change places: totals stay, places change
            there = draw(st.sampled_from(targets))
            other: Any = data
            try:
                for k in there[:-1]:
                    other = other[k]
                if type(current) is int and type(other[there[-1]]) is int:
                    parent[key], other[there[-1]] = other[there[-1]], current
            except (KeyError, IndexError, TypeError):
                pass
        elif how == "value" or not isinstance(current, list):
            if how == "type" and isinstance(current, int) and not isinstance(current, bool):
                parent[key] = draw(st.sampled_from((str(current), float(current), current == 1, [current])))
            else:
                parent[key] = draw(values)
        elif how == "swap" and len(current) >= 2:  # two entries of one list change places (cards, seats)
            i = draw(st.integers(0, len(current) - 1))
            j = draw(st.integers(0, len(current) - 1))
            current[i], current[j] = current[j], current[i]
        elif how == "cut" and current:
            del current[draw(st.integers(0, len(current) - 1)):]
        elif how == "grow":
            current.append(copy.deepcopy(current[-1]) if current and draw(st.booleans()) else draw(values))
        else:
            parent[key] = draw(values)
    return data


def loads_or_refuses(data: Snapshot) -> None:
    """No raw exception: refused with an engine error, or loaded and playable for every seat and move."""
    try:
        state = engine.from_json(data)
    except EngineError as exc:
        event(f"refused: {exc.params.get('part', exc.key)}".split("[")[0])
        return
    event("loaded")
    plays_on(state, plies=6)


@pytest.mark.parametrize("ruleset", RULESETS)
@settings(max_examples=40)
@given(data=st.data(), plies=st.sampled_from(PLIES))
def test_mutated_mid_game_snapshots_load_playable_or_are_refused(ruleset: str, data: st.DataObject,
                                                                 plies: int) -> None:
    loads_or_refuses(data.draw(mutations(snapshot(ruleset, plies))))


# no_cover: more examples of the test above; the tracer would make it ~5x slower in CI
@pytest.mark.slow
@pytest.mark.no_cover
@pytest.mark.parametrize("ruleset", RULESETS)
@settings(max_examples=400, derandomize=False)
@given(data=st.data(), plies=st.sampled_from(PLIES))
def test_mutated_snapshots_long(ruleset: str, data: st.DataObject, plies: int) -> None:
    loads_or_refuses(data.draw(mutations(snapshot(ruleset, plies))))
