"""Actions and events describe themselves as language-free data; the text layer words every one of them.

Seeded random play-outs of every ruleset: each legal action (from the view of the seat to act) and
each event (from every seat and a spectator) must give a description, and that description must
read in en, es and pt with no raw key and no ``{placeholder}`` left.
"""

from __future__ import annotations

import ast
import random
import re
from pathlib import Path

import pytest

import engine
from bot.text import description_text, turn_line
from engine import Description, GameConfig, HiddenCard

LANGS = ("en", "es", "pt")
NAMES = ["Ana", "Bo", ""]  # an empty name falls back to "Player 3"
ROOT = Path(__file__).resolve().parents[2]
RULESETS = [name for name in engine.ruleset_names() if name != "count"]  # "count" is a test-only ruleset
LEFTOVER = re.compile(r"\{[a-z_]*\}|\bbot\.(ev|label)\.")


def _check(d: Description, *, label: bool, where: str) -> None:
    assert isinstance(d, Description), where
    for lang in LANGS:
        found = description_text(d, NAMES, lang, label=label)
        assert found is not None, (where, d.verb, lang, "no sentence for this verb")
        text, _ = found
        assert text and not LEFTOVER.search(text), (where, lang, text)
        if not label:
            icons = description_text(d, NAMES, lang, icons=True)
            assert icons is not None and not LEFTOVER.search(icons[0]), (where, lang, icons)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_every_action_and_event_of_random_games_reads_in_every_language(ruleset: str) -> None:
    verbs: set[tuple[str, str, int | None]] = set()
    for seed, players in ((1, 2), (2, 3)):
        state = engine.new_game(GameConfig(ruleset, players=players, seed=seed))
        rng = random.Random(seed)
        while not state.is_over:
            seat = state.to_act
            assert seat is not None
            view = engine.view_for(state, seat)
            actions = engine.legal_actions(state)
            for action in actions:
                d = view.describe(action)
                if ("action", d.verb, None) not in verbs:  # every verb in every language; the rest in English only
                    _check(d, label=True, where=f"{ruleset} {action}")
                    verbs.add(("action", d.verb, None))
                else:
                    text = description_text(d, NAMES, "en", label=True)
                    assert text is not None and not LEFTOVER.search(text[0]), (ruleset, str(action))
            transition = engine.apply(state, seat, rng.choice(list(actions)))
            state = transition.state
            for viewer in (None, *range(players)):
                after = engine.view_for(state, viewer)
                for event in transition.events:
                    d = after.describe_event(event)
                    if d.verb.startswith("stronghold_"):  # named by its card, readable once the slot is refilled
                        assert d.cards and not any(isinstance(c, HiddenCard) for c in d.cards), (ruleset, event)
                    if ("event", d.verb, viewer) not in verbs:
                        _check(d, label=False, where=f"{ruleset} {event.kind} for {viewer}")
                        verbs.add(("event", d.verb, viewer))
                assert not LEFTOVER.search(turn_line(after, transition.events, NAMES, "pt"))
    seen = {verb for _, verb, _ in verbs}
    assert {"game_over", "refill"} <= seen and len(seen) >= 12, sorted(seen)


@pytest.mark.parametrize(("ruleset", "code"), [("base", "reserve d2"), ("orient", "reserve o1"),
                                               ("spectacle", "res deck")])
def test_a_blind_reserve_stays_hidden_from_everyone_else(ruleset: str, code: str) -> None:
    state = engine.new_game(GameConfig(ruleset, players=3, seed=4))
    transition = engine.apply(state, 0, engine.parse_action(state, code))
    reserve = next(e for e in transition.events if e.kind == "reserve")
    secret = str(reserve.params["card"])
    for viewer in (None, 1, 2):
        d = engine.view_for(transition.state, viewer).describe_event(reserve)
        assert isinstance(d.cards[0], HiddenCard) and secret not in repr(d), (viewer, d)
        for lang in LANGS:
            found = description_text(d, NAMES, lang)
            assert found is not None and secret not in found[0]
    own = engine.view_for(transition.state, 0).describe_event(reserve)
    assert not isinstance(own.cards[0], HiddenCard) and secret in repr(own)


def test_describing_an_action_needs_the_table_it_names() -> None:
    state = engine.new_game(GameConfig("base", players=2, seed=7))
    view = engine.view_for(state, 0)
    d = view.describe(engine.parse_action(state, "buy 1.3"))
    assert d.verb == "buy" and d.places == ("1.3",) and d.cards == (view.rows[0].slots[2].card,)
    with pytest.raises(engine.InvalidAction):
        view.describe(engine.find_ruleset("spectacle").parse_action("take 1"))


def test_the_text_layer_neither_parses_codes_nor_branches_on_a_ruleset_name() -> None:
    names = {name for name in engine.ruleset_names()} | {"splendor"}
    for path in (ROOT / "bot" / "text.py", ROOT / "bot" / "render" / "splendor.py",
                 ROOT / "bot" / "render" / "spectacle.py", ROOT / "bot" / "local.py"):
        tree = ast.parse(path.read_text("utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Compare):
                literals = [c.value for c in (node.left, *node.comparators) if isinstance(c, ast.Constant)]
                assert not names & set(literals), (path.name, node.lineno)
            if isinstance(node, ast.Call) and getattr(node.func, "attr", "") == "split":
                assert path.name != "text.py", (path.name, node.lineno, "text.py must not split codes")
