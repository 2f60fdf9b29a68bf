"""The rulings sharpened in docs/rules.md, one test per rule ID, plus the rules versions.

B-14 and O-2 changed under rules version 2 (``GameConfig.rules_version``); version 1 (a
config stored without the key) keeps the old behaviour so stored games replay unchanged.
The other rulings (B-15, S-5, S-6, P-5, P-7, P-7b, P-9) only pin what the engine does.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace
from pathlib import Path

import pytest

import engine
from engine import RULES_VERSION, BadSetup, GameConfig, IllegalAction, apply, legal_actions, new_game, replay
from engine.rng import Rng
from engine.spectacle.cards import NOBLE_CODE, card_from_code
from engine.spectacle.rules import RULES as SPECTACLE
from engine.spectacle.state import SpectacleState
from engine.splendor.rules import CARDS, NOBLES
from engine.splendor.state import SplendorState

from .spectacle.test_spectacle_rules import legal_codes as sp_codes
from .spectacle.test_spectacle_rules import play as sp_play
from .spectacle.test_spectacle_rules import refuse
from .spectacle.test_spectacle_rules import tableau as sp_tableau
from .splendor_helpers import card, codes, game, give_card, give_tokens, grant_bonus, noble_index, play, put_on_table

W, U, G, R, K = range(5)
GOLDEN = Path(__file__).parent / "golden"


def refused(state: SplendorState, code: str) -> IllegalAction:
    with pytest.raises(IllegalAction) as info:
        apply(state, state.to_act, state.rules.parse_action(code))
    return info.value


def kinds(state: SplendorState, since: int = 0) -> list[str]:
    return [e.kind for e in state.events()[since:]]


def one_colour_card(color: int, n: int) -> str:
    """A base level-1 card that costs exactly ``n`` gems of ``color`` and nothing else."""
    return next(c.id for c in CARDS if not c.orient and c.level == 1 and c.cost[color] == n and sum(c.cost) == n)


def meet(state: SplendorState, seat: int, noble_id: str) -> None:
    for color, n in enumerate(NOBLES[noble_index(noble_id)].requirement):
        grant_bonus(state, seat, color, n)


def empty_table(state: SplendorState) -> None:
    """Every face-up card back into its deck: nothing on the table to buy or reserve."""
    for lv in range(3):
        state.decks[lv][:0] = [c for c in state.rows[lv] if c >= 0]
        state.rows[lv] = [-1] * len(state.rows[lv])


def reserve_sevens(state: SplendorState, seat: int, cards: list[int]) -> None:
    """Three blind-reserved level-3 cards (7 of one colour: unaffordable here): no reserve left either."""
    p = state.players[seat]
    p.reserved, p.blind = cards, [True] * 3
    for c in cards:
        state.decks[2].remove(c)


def last_white_then_stuck(rules_version: int) -> SplendorState:
    """2 players; seat 0 can only take the bank's last token, then nobody can do anything but pass."""
    state = game(rules_version=rules_version)
    empty_table(state)
    give_tokens(state, 0, "wwwuuuugg")  # 9: the last white makes 10
    give_tokens(state, 1, "ggrrrrkkkk")
    sevens = [c.index for c in CARDS if c.level == 3 and not c.orient and max(c.cost) == 7]
    reserve_sevens(state, 0, sevens[:3])
    reserve_sevens(state, 1, sevens[3:6])
    return state


# ---------------------------------------------------------------- B-14 (changed in version 2)


def test_B14_everyone_passed_game_ends_at_once():
    state = last_white_then_stuck(RULES_VERSION)
    assert codes(state) == ["take w"]
    state = play(state, "take w")
    assert codes(state) == ["pass"] and state.to_act == 1
    state = play(state, "pass")  # seat 1 passes first
    assert not state.is_over and codes(state) == ["pass"]
    state = play(state, "pass")  # seat 0: every player has now passed in succession
    assert state.is_over and state.to_act is None and legal_actions(state) == []
    assert state.turn == 3  # the round is not played out: seat 1 is not made to pass again
    assert kinds(state)[-3:] == ["pass", "pass", "game_over"]
    assert state.winners() == (0, 1)  # B-13: 0 points and 0 cards each, a shared victory
    state.rules.check_invariants(state)


def noble_then_stuck(rules_version: int) -> SplendorState:
    """2 players who can only pass; seat 0's first pass brings noble N1."""
    state = game(nobles=["N1", "N6", "N10"], rules_version=rules_version)
    empty_table(state)
    meet(state, 0, "N1")  # white, blue and green bonuses: seat 0 is visited at its first pass
    give_tokens(state, 0, "wwwwuuuugg")
    give_tokens(state, 1, "ggrrrrkkkk")
    red_black = [c.index for c in CARDS if c.level == 3 and not c.orient and 7 in (c.cost[R], c.cost[K])]
    others = [c.index for c in CARDS if c.level == 3 and not c.orient and max(c.cost) == 7 and c.index not in red_black]
    reserve_sevens(state, 0, red_black[:3])
    reserve_sevens(state, 1, others[:3])
    return state


def test_B14_a_noble_visit_on_a_pass_restarts_the_run_of_passes():
    state = play(noble_then_stuck(RULES_VERSION), "pass")
    assert kinds(state) == ["pass", "noble"]  # the pass was a turn, and something changed
    state = play(state, "pass")
    assert not state.is_over  # two passes in a row, but one of them brought a noble
    state = play(state, "pass")
    assert state.is_over and state.turn == 3 and state.winners() == (0,)


def test_B14_version1_still_plays_the_round_out():
    state = play(last_white_then_stuck(1), "take w", "pass", "pass")
    assert not state.is_over and state.final_round and state.to_act == 1
    assert codes(state) == ["pass"]  # the forced pass of the old ruling
    state = play(state, "pass")
    assert state.is_over and state.turn == 4 and state.winners() == (0, 1)


def test_B14_version1_a_noble_visit_on_a_pass_does_not_restart_the_run_of_passes():
    """docs/rules.md, rules versions: under version 1 the pass that brought a noble still counts."""
    state = play(noble_then_stuck(1), "pass")
    assert kinds(state) == ["pass", "noble"] and state.passes == 1  # version 2 would have restarted it at 0
    state = play(state, "pass")  # the second pass in a row: the round is played out, and seat 1 ends it
    assert state.is_over and state.turn == 2 and state.winners() == (0,)


# ---------------------------------------------------------------- O-2 gold cards (changed in version 2)


def gold_card_position(rules_version: int, tokens: str, *, gold_cards: Sequence[str] = ("O1-02",),
                       cost: int = 4) -> SplendorState:
    state = game("orient", rules_version=rules_version)
    for gc in gold_cards:
        give_card(state, 0, gc)
    put_on_table(state, one_colour_card(K, cost), 1, 1)
    if tokens:
        give_tokens(state, 0, tokens)
    return state


def test_O2_no_token_spent_while_virtual_gold_lapses():
    # 4 black to pay, 3 black tokens and a gold card: "kkk gc1" would spend a token and lose a virtual gold
    state = gold_card_position(RULES_VERSION, "kkk")
    p, c = state.players[0], CARDS[state.rows[0][0]]
    assert state.rules.payments(p, c) == [(0, 0, 0, 0, 2, 0, 1)] == [state.rules.default_payment(p, c)]
    assert "buy 1.1" in codes(state)  # still affordable: only the wasteful payment is gone
    assert refused(state, "buy 1.1 pay kkk gc1").key == "err.bad_payment"
    after = play(state, "buy 1.1")  # the one payment left is made without asking (B-15)
    assert after.pending_kind is None and after.to_act == 1
    assert after.players[0].tokens == [0, 0, 0, 0, 1, 0] and after.players[0].goldcards == 0
    assert [e.params["paid"] for e in after.events() if e.kind == "buy"] == ["kk gc1"]
    after.rules.check_invariants(after)
    # with a gold token as well: the choice no longer lists "kkk gc1"
    state = gold_card_position(RULES_VERSION, "kkkko")
    state = play(state, "buy 1.1")
    assert state.pending_kind == "pay"
    assert codes(state) == ["pay kkkk", "pay kkko", "pay kk gc1", "pay ko gc1"]
    assert refused(state, "pay kkk gc1").rule == "B-8"
    # a virtual gold may lapse when no token is spent: 3 to pay with two gold cards and nothing else
    state = gold_card_position(RULES_VERSION, "", gold_cards=("O1-01", "O1-02"), cost=3)
    p, c = state.players[0], CARDS[state.rows[0][0]]
    assert state.rules.payments(p, c) == [(0, 0, 0, 0, 0, 0, 2)]
    # ...but then the token is kept: 4 to pay, one black token and two gold cards
    state = gold_card_position(RULES_VERSION, "k", gold_cards=("O1-01", "O1-02"))
    p, c = state.players[0], CARDS[state.rows[0][0]]
    assert state.rules.payments(p, c, 1) == [(0, 0, 0, 0, 1, 0, 2), (0, 0, 0, 0, 0, 0, 2)]
    assert state.rules.payments(p, c) == [(0, 0, 0, 0, 0, 0, 2)] == [state.rules.default_payment(p, c)]
    # each discarded gold card covers at least one gem: 3 to pay is never two cards plus a token
    state = gold_card_position(RULES_VERSION, "kk", gold_cards=("O1-01", "O1-02"), cost=3)
    p, c = state.players[0], CARDS[state.rows[0][0]]
    # ("kk gc1" would waste a virtual gold; "kk gc2" or "k gc2" are never offered in any version)
    assert state.rules.payments(p, c, 1) == [(0, 0, 0, 0, 2, 0, 1), (0, 0, 0, 0, 1, 0, 1), (0, 0, 0, 0, 0, 0, 2)]
    assert state.rules.payments(p, c) == [(0, 0, 0, 0, 1, 0, 1), (0, 0, 0, 0, 0, 0, 2)]
    assert refused(state, "buy 1.1 pay k gc2").rule == "B-8"


def test_O2_the_default_payment_keeps_back_a_token_of_the_last_colour_paid():
    """B-8 with gold cards: 1 white and 1 black token pay 2 of a 3-gem card; the gold card's 2 virtual gold
    would cover 1 gem.  Version 2 keeps back the black token (the last colour paid) for the second virtual gold;
    version 1 spends both tokens and lets it lapse."""
    target = next(c.id for c in CARDS if not c.orient and c.level == 1 and sum(c.cost) == 3 and c.cost[W] >= 1
                  and c.cost[K] >= 1 and c.cost[W] + c.cost[K] == 3)
    for version, paid in ((RULES_VERSION, (1, 0, 0, 0, 0, 0, 1)), (1, (1, 0, 0, 0, 1, 0, 1))):
        state = game("orient", rules_version=version)
        give_card(state, 0, "O1-02")
        put_on_table(state, target, 1, 1)
        give_tokens(state, 0, "wk")
        p, c = state.players[0], CARDS[state.rows[0][0]]
        assert state.rules.default_payment(p, c, version) == paid == state.rules.payments(p, c, version)[0]


def test_O2_payments_in_random_positions_for_both_versions():
    rules = new_game(GameConfig("orient", 2)).rules
    checked = dropped = 0
    for seed in range(4):
        state = new_game(GameConfig("orient", 2, seed))
        rng = Rng(seed)
        while not state.is_over:
            p = state.players[state.to_act]
            for c in [*p.reserved, *(x for row in state.rows for x in row if x >= 0)]:
                card_ = CARDS[c]
                if card_.effect == "discard_2" or not rules.can_acquire(p, card_):
                    continue
                old, new = rules.payments(p, card_, 1), rules.payments(p, card_, 2)
                assert new and set(new) <= set(old)  # the same cards stay affordable
                for pay in new:
                    tokens, covered = sum(pay[:6]), 2 * pay[6]
                    needed = sum(rules.effective_cost(p, card_))
                    assert tokens + covered >= needed
                    assert tokens + covered == needed or tokens == 0  # O-2: nothing spent while gold lapses
                    assert covered - 1 <= needed - tokens  # every gold card covers a gem
                dropped += len(old) - len(new)
                for version, options in ((1, old), (2, new)):
                    assert rules.default_payment(p, card_, version) == options[0]
                checked += 1
            acts = legal_actions(state)
            state = apply(state, state.to_act, acts[rng.below(len(acts))]).state
    assert checked > 300 and dropped > 0


def test_O2_version1_still_accepts_a_lapsing_payment():
    state = gold_card_position(1, "kkk")
    state = play(state, "buy 1.1")
    assert state.pending_kind == "pay" and codes(state) == ["pay kkk gc1", "pay kk gc1"]
    state = play(gold_card_position(1, "kkk"), "buy 1.1 pay kkk gc1")
    assert state.players[0].tokens == [0] * 6 and card("O1-02") in state.discarded


# ---------------------------------------------------------------- the rules version itself


def test_rules_version_in_the_config_and_its_json():
    assert RULES_VERSION == 2
    config = GameConfig("base", 2, 5)
    assert config.rules_version == RULES_VERSION
    assert config.to_json()["rules_version"] == RULES_VERSION
    assert GameConfig.from_json(config.to_json()) == config
    old = GameConfig("orient", 3, 11, rules_version=1)
    assert GameConfig.from_json(old.to_json()) == old
    data = config.to_json()
    del data["rules_version"]  # stored before versions existed
    assert GameConfig.from_json(data).rules_version == 1
    # the field is last: positional construction is unchanged
    assert GameConfig("base", 2, 5, {}, None) == config
    with pytest.raises(BadSetup):
        new_game(GameConfig("base", 2, rules_version=RULES_VERSION + 1))
    with pytest.raises(BadSetup):
        new_game(GameConfig("base", 2, rules_version=0))


@pytest.mark.parametrize("version", [1, 2])
@pytest.mark.parametrize("name", ["splendor", "oriente+fortalezas", "poker"])
def test_rules_version_kept_by_new_game_snapshots_and_replay(name: str, version: int):
    state = new_game(GameConfig(name, 2, 3, rules_version=version))
    assert state.config.rules_version == version and state.config.ruleset != name  # canonical name
    rng = Rng(version)
    for _ in range(30):
        if state.is_over:
            break
        acts = legal_actions(state)
        state = apply(state, state.to_act, acts[rng.below(len(acts))]).state
    snap = engine.to_json(state)
    assert snap["config"]["rules_version"] == version
    back = engine.from_json(json.loads(json.dumps(snap)), verify=True)
    assert back.config.rules_version == version and engine.to_json(back) == snap
    again = replay(back.config, state.history())
    assert again.config.rules_version == version and engine.to_json(again) == snap


def test_rules_version_missing_key_loads_as_1_and_replays_as_before():
    # orient_3p_seed11 was recorded before rule versions; it pays "uuurk gc1" (a lapsing virtual gold)
    data = json.loads((GOLDEN / "orient_3p_seed11.json").read_text())
    assert "rules_version" not in data["config"]
    config = GameConfig.from_json(data["config"])
    assert config.rules_version == 1
    actions = [(int(line.split(" ", 1)[0]), line.split(" ", 1)[1]) for line in data["actions"]]
    state = replay(config, actions)
    assert state.is_over and list(state.scores()) == data["scores"] and state.turn == data["turns"]
    snap = engine.to_json(state)
    del snap["config"]["rules_version"]  # a snapshot stored before the change
    back = engine.from_json(snap, verify=True)
    assert back.config.rules_version == 1 and back == state
    with pytest.raises(IllegalAction):  # the same log breaks O-2 as sharpened
        replay(replace(config, rules_version=2), actions)


# ---------------------------------------------------------------- B-15, S-5, S-6 (pinned)


def test_B15_strongholds_refill_after_conquest_in_table_order():
    state = game("strongholds")
    b = one_colour_card(G, 3)
    put_on_table(state, b, 1, 2)
    state.hown[0][1], state.hcnt[0][1] = 0, 3  # all three of seat 0's strongholds on 1.2
    state.players[0].supply = 0
    give_tokens(state, 0, "ggg")
    give_tokens(state, 1, "ooooo")  # no gold left: the reserve brings none, so one way to pay
    state = play(state, "reserve 2.1")  # (1) the action empties 2.1 first...
    assert state.pending_kind == "conquest" and state.rows[1][0] == -1  # ...not refilled before (2)
    state = play(state, "conquer")
    assert state.pending_kind == "stronghold"  # a single payment: made without a "pay" decision
    assert card(b) in state.players[0].cards and state.rows[0][1] == -1 and state.rows[1][0] == -1
    start = len(state.events())
    state = play(state, "hold 3.1")
    refills = [e.params["slot"] for e in state.events()[start:] if e.kind == "refill"]
    assert refills == ["1.2", "2.1"]  # (3) every emptied slot, in table order, after the conquest
    assert state.to_act == 1 and -1 not in state.rows[0] + state.rows[1]
    state.rules.check_invariants(state)


def test_S5_free_card_with_own_strongholds_returns_them():
    state = game("orient+strongholds")
    put_on_table(state, "O3-01", 3, 5)  # free card from level 2; cost 1w 6u 3g
    state.hown[1][0], state.hcnt[1][0] = 0, 2  # two of seat 0's own strongholds on 2.1
    state.players[0].supply = 1
    state.hown[1][1], state.hcnt[1][1] = 1, 1  # an opponent's on 2.2
    state.players[1].supply = 2
    own = state.rows[1][0]
    grant_bonus(state, 0, U, 6)
    grant_bonus(state, 0, G, 3)
    give_tokens(state, 0, "w")
    state = play(state, "buy 3.5")
    assert state.pending_kind == "free"
    assert "free 2.1" in codes(state) and "free 2.2" not in codes(state)
    assert refused(state, "free 2.2").rule == "O-2"
    state = play(state, "free 2.1")
    p = state.players[0]
    assert own in p.cards and p.supply == 3 and state.hcnt[1][0] == 0  # back to the supply (S-4)
    assert kinds(state)[-2:] == ["free", "recover"]
    assert state.pending_kind == "stronghold"  # S-3 for the purchase only, not for the free card (O-3)
    state = play(state, codes(state)[0])
    state.rules.check_invariants(state)


def test_S6_conquest_before_token_limit_and_noble_only_when_payable():
    def position(tokens: str) -> SplendorState:
        state = game("strongholds", nobles=["N1", "N6", "N10"])
        put_on_table(state, "1-18", 1, 2)  # green bonus, costs 3 red
        state.hown[0][1], state.hcnt[0][1] = 0, 3
        state.players[0].supply = 0
        grant_bonus(state, 0, W, 3)
        grant_bonus(state, 0, U, 3)
        grant_bonus(state, 0, G, 2)  # N1 (3w 3u 3g) needs the conquered green card
        give_tokens(state, 0, tokens)
        return state

    state = play(position("rrrkkkkw"), "take wug")
    assert state.pending_kind == "conquest" and codes(state) == ["skip", "conquer"]
    assert sum(state.players[0].tokens) == 11 and state.players[0].nobles == []  # before B-6 and B-11
    start = len(state.events())
    done = play(state, "conquer")
    done = play(done, codes(done)[0])  # S-3 for the conquest
    turn = kinds(done, start)
    assert "return" not in turn  # the conquest paid 3 red first: 8 tokens, nothing to give back
    assert turn.index("conquer") < turn.index("noble") and done.players[0].nobles == [0]
    assert done.to_act == 1
    declined = play(state, "skip")
    assert declined.pending_kind == "return"  # without it: 11 tokens, and no noble
    declined = play(declined, codes(declined)[0])
    assert declined.players[0].nobles == [] and declined.to_act == 1
    # not offered when the card cannot be paid for
    state = play(position("kkkkuuww"), "take wug")
    assert state.pending_kind == "return"  # 11 tokens, no red: no conquest offered first


# ---------------------------------------------------------------- Spectacle (pinned)

GRID = ("2c", "3c", "4c", "2d", "3d", "4d", "2s", "3s", "4s")


def spectacle(
    *,
    deck: Sequence[str] = ("5c", "6c", "7c", "8c"),
    nobles: Sequence[str] = ("jh", "qd", "ks"),
    stacks: Sequence[Sequence[int]] | None = None,
    chips: Sequence[Sequence[int]] | None = None,
    tableau: Mapping[int, Iterable[str]] | None = None,
) -> SpectacleState:
    setup: dict[str, object] = {"deck": [*GRID, *deck], "nobles": list(nobles)}
    if stacks is not None:
        setup["stacks"] = [list(st) for st in stacks]
    if chips is not None:
        setup["chips"] = [list(c) for c in chips]
    s = SPECTACLE.new_game(GameConfig("spectacle", 2, seed=0, setup=setup))
    for seat, cards in (tableau or {}).items():
        for code in cards:
            c = card_from_code(code)
            (s.box if c in s.box else s.deck).remove(c)
            s.tab[seat][c // 10] |= 1 << (c % 10)
    SPECTACLE.check_invariants(s)
    return s


def test_P5_minimal_payments_and_every_chip_placeable():
    s = spectacle(stacks=[[], [], [1, 2, 5, 10], [1, 2, 5, 10]], chips=[[10, 5, 1], [5]])
    sp_play(s, "buy 3c")  # price 3
    assert s.pending_kind == "pay" and sp_codes(s) == {"pay 5", "pay 10"}
    refuse(s, "pay 10 5", "P-5")  # the 5 is not needed
    refuse(s, "pay 5 1", "P-5")  # nor is the 1
    assert refuse(s, "pay 1", "P-5").key == "err.underpaid"
    # room for one chip only: a price of 3 paid with 2 + 1 cannot be placed, so it cannot be bought
    s = spectacle(stacks=[[1, 2, 5], [1, 2, 5, 10], [1, 2, 5, 10], [1, 2, 5, 10]], chips=[[2, 1], [5]])
    assert "buy 3c" not in sp_codes(s)
    assert refuse(s, "buy 3c 2 1", "P-5").key == "err.no_room"
    assert "buy 2c" in sp_codes(s)  # one 2-chip fits
    s = spectacle(stacks=[[1, 2, 5], [1, 2, 5, 10], [1, 2, 5, 10], [1, 2, 5, 10]], chips=[[5, 2, 1], [5]])
    events = sp_play(s, "buy 3c")  # 5 or 2 + 1; only the 5 can be placed, so it is paid without asking
    assert events[0].params["pay"] == [5] and "3c" in sp_tableau(s, 0) and s.current == 1
    # every stack full: nothing with chips, but a price of 0 needs none
    s = spectacle(tableau={0: ["ac", "9c"]})
    assert "buy 2c" in sp_codes(s) and "buy 3c" not in sp_codes(s)


def test_P7_minimal_discards_one_noble_per_turn_compulsory_power_after_discard():
    # minimal discards: {5,6,9} reaches 15 but the 5 is not needed
    s = spectacle(nobles=("kh",), tableau={0: ["10h", "5h", "9h", "6h"]})
    sp_play(s, "take 1")
    assert s.pending_kind == "discard"
    assert sp_codes(s) == {"discard 5h 10h", "discard 6h 9h", "discard 6h 10h", "discard 9h 10h"}
    refuse(s, "discard 5h 9h 10h", "P-7")
    # one noble per player per turn, even when another still qualifies after the discard
    s = spectacle(nobles=("jh", "qh"), tableau={0: ["10h", "9h", "5h", "4h"]})
    sp_play(s, "take 1")
    assert s.pending_kind == "noble" and sp_codes(s) == {"noble jh", "noble qh"}
    sp_play(s, "noble jh")
    assert s.pending_kind == "discard" and "discard 4h 9h" in sp_codes(s)
    sp_play(s, "discard 4h 9h")  # 10h + 5h = 15 left: the Queen (14) still qualifies...
    assert s.current == 1 and [NOBLE_CODE[x] for x in s.won[0]] == ["jh"]  # ...but not this turn
    sp_play(s, "take 1")
    sp_play(s, "take 1")  # seat 0's next turn: now the Queen
    assert [NOBLE_CODE[x] for x in s.won[0]] == ["jh", "qh"]
    # the Queen's power has targets (the grid): it must be used, there is no way to decline
    assert s.pending_kind == "free" and sp_codes(s) and all(c.startswith("free ") for c in sp_codes(s))
    refuse(s, "take 1", "P-7")
    # the King's cards are discarded before the swap: they cannot be swapped away
    s = spectacle(nobles=("ks",), tableau={0: ["10s", "5s", "9c"], 1: ["9h", "8d"]})
    sp_play(s, "take 1")
    assert s.pending_kind == "swap" and sp_codes(s) == {"swap 9c 9h", "swap 9c 8d"}
    refuse(s, "swap 10s 9h", "P-7")


def test_P7b_end_of_turn_order():
    # seat 1 (last in the round) takes a chip: 6 chips, a Queen, a free card that draws the last deck card
    s = spectacle(deck=("5c",), nobles=("qh",), chips=[[5], [5, 5, 2, 1, 1]], tableau={1: ["10h", "4h"]})
    sp_play(s, "take 1")  # seat 0 takes the 1 of stack 1
    events = sp_play(s, "take 1")  # seat 1 takes its 2: six chips
    assert s.pending_kind == "return" and s.won[1] == []  # (2) chips above 5 before (3) the noble
    events += sp_play(s, "return 5 1")
    assert s.pending_kind == "free" and [NOBLE_CODE[x] for x in s.won[1]] == ["qh"]
    assert sp_tableau(s, 1) == set()  # the noble's cards went before its power
    events += sp_play(s, "free a1")
    assert [e.kind for e in events] == ["take", "return", "noble", "discard", "power", "refill", "end_triggered",
                                        "game_over"]  # (4) the end check comes last
    assert s.is_over and s.end_reason == "deck"


def test_P9_blind_reserve_of_the_last_deck_card_ends_the_game():
    s = spectacle(deck=("5c",))
    events = sp_play(s, "reserve deck")  # seat 0 draws the last card face down
    assert [e.kind for e in events][:2] == ["reserve", "end_triggered"] and s.end_reason == "deck"
    assert events[1].params == {"reason": "deck"}  # the announcement says why the game ends
    assert not s.is_over and s.current == 1  # the round is finished
    assert "reserve deck" not in sp_codes(s)
    sp_play(s, "take 1")
    assert s.is_over and s.winners() == (1,)  # seat 0's reserved card counts -1 VP


def test_B13_P10_standings_follow_the_tie_breaks() -> None:
    """The view's standings (image results, console) rank by the ruleset's tie-break, not by score alone."""
    from dataclasses import replace

    import engine
    from engine import GameConfig

    base = engine.view_for(engine.new_game(GameConfig("base", 3, 1)), None)
    a, b, c = base.seats
    tied = replace(base, seats=(replace(a, points=15, card_count=9), replace(b, points=15, card_count=7),
                                replace(c, points=16, card_count=12)))
    assert tied.standings == (2, 1, 0)  # 16 first; of the two on 15, fewer cards (B-13)
    spec = engine.view_for(engine.new_game(GameConfig("spectacle", 2, 1)), None)
    x, y = spec.seats
    noble = engine.view_for(engine.new_game(GameConfig("spectacle", 2, 1)), None).nobles[0]
    tied2 = replace(spec, seats=(replace(x, vp=3, nobles=(noble,)), replace(y, vp=3, nobles=())))
    assert tied2.standings == (1, 0)  # equal VP: fewer nobles wins (P-10)
