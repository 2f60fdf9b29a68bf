"""What players read of a turn (issue 13): cards as they see them, decisions in words, rule IDs, whole turns.

Every check runs in English, Spanish and Portuguese and refuses raw keys, internal card ids and the
engine's own names of decisions.
"""

from __future__ import annotations

import random
import re

import pytest

import engine
from bot.board_text import automatic_lines, turn_text
from bot.service import Applied
from bot.text import action_label, decision_text, error_text, ordered_options, turn_line
from engine import GameConfig

LANGS = ("en", "es", "pt")
NAMES = ["Ana", "Bo"]
RAW = re.compile(r"\{[a-z_]*\}|\bbot\.[a-z_.]+|_|\b[0-9O]\d?-\d\d\b")  # keys, placeholders, ids, engine names


def _first(state: engine.GameState, prefix: str) -> engine.Action:
    return next(a for a in engine.legal_actions(state) if str(a).startswith(prefix))


@pytest.mark.parametrize("lang", LANGS)
def test_a_bought_card_is_told_as_players_see_it_and_stays_readable(lang: str) -> None:
    state = engine.new_game(GameConfig("base", 2, seed=3))
    view = engine.view_for(state, 0)
    card = view.rows[0].slots[0].card
    assert card is not None
    reserve = action_label(view, "reserve 1.1", lang)
    buy = action_label(view, "buy 1.1", lang)
    assert reserve != buy and reserve.split()[0] != buy.split()[0]  # a verb tells them apart
    after = engine.apply(state, 0, engine.parse_action(state, "reserve 1.1"))
    line = turn_line(engine.view_for(after.state, None), after.events, NAMES, lang)
    level_word = {"en": "level 1", "es": "nivel 1", "pt": "nível 1"}[lang]
    assert level_word in line and card.id not in line and "1.1" not in line, line
    cost = [f"{n} " for n in card.cost if n]
    assert all(c in line for c in cost), (line, card.cost)  # the cost is in the sentence
    assert not RAW.search(line.replace(card.id, "")), line


@pytest.mark.parametrize("ruleset", ["base", "orient+strongholds", "spectacle"])
def test_every_decision_is_asked_in_words_in_every_language(ruleset: str) -> None:
    kinds: set[str] = set()
    for seed in (1, 2, 3):
        state = engine.new_game(GameConfig(ruleset, 2, seed=seed))
        rng = random.Random(seed)
        while not state.is_over and state.version < 400:
            view = engine.view_for(state, state.to_act)
            for action in engine.legal_actions(state)[:30]:  # menus never show an internal card id
                label = action_label(view, action, "es")
                assert not RAW.search(label), (ruleset, str(action), label)
            if view.pending is not None and view.pending.kind not in kinds:
                kinds.add(view.pending.kind)
                for lang in LANGS:
                    text = decision_text(view, lang)
                    assert text and text != view.pending.kind and not RAW.search(text), (ruleset, lang, text)
                    if view.pending.kind == "return":
                        assert re.search(r"\d", text), text  # says how many
            state = engine.apply(state, state.to_act or 0, rng.choice(engine.legal_actions(state))).state
    assert "return" in kinds or ruleset == "spectacle", kinds


def test_the_return_prompt_counts_and_its_options_keep_one_order() -> None:
    state = engine.new_game(GameConfig("base", 2, seed=5))
    rng = random.Random(1)
    while True:  # play takes only, until someone must give tokens back
        takes = [a for a in engine.legal_actions(state) if str(a).startswith(("take", "return"))]
        state = engine.apply(state, state.to_act or 0, rng.choice(takes)).state
        if state.pending_kind == "return":
            break
    view = engine.view_for(state, None)
    assert view.pending is not None
    excess = dict(view.pending.params)["count"]
    assert isinstance(excess, int) and excess >= 1
    assert str(excess) in decision_text(view, "en") and "10" in decision_text(view, "en")
    ordered = ordered_options(view, view.pending.options)
    assert sorted(ordered) == sorted(view.pending.options)
    assert ordered == ordered_options(view, list(reversed(view.pending.options)))  # the order is fixed
    colours = "wugrko"
    keys = [[colours.index(c) for c in code.split()[1]] for code in ordered]
    assert keys == sorted(keys)  # white first, gold last


@pytest.mark.parametrize("lang", LANGS)
def test_a_refusal_cites_its_rule(lang: str) -> None:
    state = engine.new_game(GameConfig("base", 2, seed=3))
    with pytest.raises(engine.IllegalAction) as refused:
        engine.apply(state, 0, engine.parse_action(state, "take wwu"))
    assert refused.value.rule
    assert error_text(refused.value, lang).endswith(f"({refused.value.rule})")


def test_a_spectacle_turn_is_told_whole_not_its_last_sub_step() -> None:
    state = engine.new_game(GameConfig("spectacle", 2, seed=11))
    rng = random.Random(2)
    told = 0
    for _ in range(300):
        if state.is_over:
            break
        seat = state.to_act or 0
        before_kind = state.pending_kind
        tr = engine.apply(state, seat, rng.choice(engine.legal_actions(state)))
        state = tr.state
        if before_kind == "place" and tr.events:  # a chip put back after a purchase
            view = engine.view_for(state, None)
            for lang, bought, put in (("en", "bought", "under stack"), ("es", "compró", "bajo la pila"),
                                      ("pt", "comprou", "sob a pilha")):
                line = turn_text(view, tr.events, NAMES, lang)
                assert bought in line and put in line and not RAW.search(line), line  # where each chip went too
            told += 1
    assert told, "no purchase with chips to place was played"


@pytest.mark.parametrize("lang", LANGS)
def test_a_turn_played_by_the_timer_says_so(lang: str) -> None:
    applied = [Applied(5, 1, 2, "take wug", "timeout"), Applied(6, 0, None, "pass", "auto")]
    lines = automatic_lines(applied, NAMES, lang)
    assert len(lines) == 2 and "Bo" in lines[0] and "Ana" in lines[1]
    assert lines[0] != lines[1] and not any(RAW.search(x) for x in lines)
    assert automatic_lines([Applied(1, 0, 1, "take wug", "player")], NAMES, lang) == []


def _stronghold_events() -> dict[str, tuple[engine.Event, engine.TableView]]:
    """The first place, move and remove of seeded Strongholds games, each with the table right after it."""
    found: dict[str, tuple[engine.Event, engine.TableView]] = {}
    state = engine.new_game(GameConfig("strongholds", 2, seed=1))
    rng = random.Random(1)
    while not state.is_over and len(found) < 3:
        tr = engine.apply(state, state.to_act or 0, rng.choice(engine.legal_actions(state)))
        for event in tr.events:
            if event.kind == "stronghold":
                found.setdefault(str(dict(event.params)["op"]), (event, engine.view_for(tr.state, None)))
        state = tr.state
    assert sorted(found) == ["move", "place", "remove"], sorted(found)
    return found


@pytest.mark.parametrize("lang", LANGS)
def test_a_stronghold_is_told_by_the_card_it_stands_on_not_its_slot(lang: str) -> None:
    level_word = {"en": "level", "es": "nivel", "pt": "nível"}[lang]
    for op, (event, view) in _stronghold_events().items():
        params = dict(event.params)
        slots = [str(params[k]) for k in ("src", "dst") if params.get(k)]
        ids = [str(params[k]) for k in ("src_card", "card") if params.get(k)]
        assert len(ids) == len(slots), params  # the engine names the card under every slot it touches
        line = turn_line(view, [event], NAMES, lang)
        assert line.count(level_word) == len(ids), (op, line)  # each card as players see it, with its cost
        assert not any(s in line for s in slots) and not any(i in line for i in ids), (op, line)
        assert not RAW.search(line), (op, line)
        if op == "remove":
            assert "Ana" in line and "Bo" in line, line  # who removed whose


@pytest.mark.parametrize("lang", LANGS)
def test_a_stronghold_stored_before_events_named_cards_still_reads(lang: str) -> None:
    view = engine.view_for(engine.new_game(GameConfig("strongholds", 2, seed=1)), None)
    old = [engine.Event("stronghold", 0, {"op": "place", "src": None, "dst": "3.4", "owner": 0}),
           engine.Event("stronghold", 1, {"op": "move", "src": "1.2", "dst": "2.1", "owner": 1}),
           engine.Event("stronghold", 0, {"op": "remove", "dst": "2.1", "owner": 1}),
           engine.Event("recover", 1, {"slot": "1.2", "count": 2})]
    hidden_level = {"en": "level-{}", "es": "nivel {}", "pt": "nível {}"}[lang]
    lines = [turn_line(view, [e], NAMES, lang) for e in old]
    assert hidden_level.format(3) in lines[0] and "3.4" not in lines[0], lines
    assert hidden_level.format(1) in lines[1] and hidden_level.format(2) in lines[1], lines
    assert all(line and not RAW.search(line) and not re.search(r"\d\.\d", line) for line in lines), lines


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize(("ruleset", "foreign"), [("base", "take 1 3"), ("spectacle", "wug")])
def test_an_empty_move_suggests_a_move_of_its_own_game(ruleset: str, foreign: str, lang: str) -> None:
    rules = engine.find_ruleset(ruleset)
    state = engine.new_game(GameConfig(ruleset, 2, seed=4))
    assert rules.parse_action(rules.example) in engine.legal_actions(state)  # a move a newcomer can play at once
    for typed in ("", " , ; "):
        with pytest.raises(engine.InvalidAction) as refused:
            rules.parse_action(typed)
        text = error_text(refused.value, lang)
        assert f"`{rules.example}`" in text and foreign not in text and not RAW.search(text), text


@pytest.mark.parametrize("lang", LANGS)
def test_stronghold_choices_show_the_card_under_their_target(lang: str) -> None:
    level_word = {"en": "(level", "es": "(nivel", "pt": "(nível"}[lang]
    verbs: set[str] = set()
    state = engine.new_game(GameConfig("strongholds", 2, seed=1))
    rng = random.Random(1)
    while not state.is_over and len(verbs) < 3:
        if state.pending_kind == "stronghold":
            view = engine.view_for(state, state.to_act)
            for action in engine.legal_actions(state):
                label = action_label(view, action, lang)
                target = str(action).split()[-1]
                assert target in label and level_word in label and len(label) <= 100, label
                assert not RAW.search(label), label
                verbs.add(str(action).split()[0])
        state = engine.apply(state, state.to_act or 0, rng.choice(engine.legal_actions(state))).state
    assert verbs == {"hold", "move", "remove"}, verbs
