"""The seam between the engine and the bot, checked the same way for every registered ruleset.

No ruleset is named here: the suite runs over :func:`engine.ruleset_names` (the rulesets the engine
package registers; see :func:`tests.hidden.shipped_rulesets`), for every player count from 2 to 4 the
ruleset allows, with seeded random play-outs that reach the decisions.  In every state:

* the public board's buttons (:func:`bot.ui.board.turn_buttons`) show a pending decision's menu, or a
  ``decide`` button when the spectator may not see the options, and disable the main actions;
* every legal action has a label (:func:`bot.text.action_label`) in en, es and pt with no catalogue key
  or ``{placeholder}`` left in it, and the turn's events render (:func:`bot.text.turn_line`) likewise,
  for every viewer, naming no card that viewer may not know;
* a preview (:func:`engine.preview`) shows the mover nothing their own view hides: neither a deck card
  (the refill, the card a blind reserve draws) nor another seat's blind reserve, and its
  ``last_events`` name nothing a spectator may not know;
* every seat's view hides what it must, and JSON round trips and replays give the same state.

Each ruleset must also meet at least two kinds of pending decision, so the checks above are exercised.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from datetime import timedelta

import discord
import pytest

import engine
from bot.service.types import GameInfo, PlayerInfo
from bot.text import action_label, event_text, ordered_options, turn_line
from bot.ui.board import turn_buttons
from engine import GameConfig, GameState
from engine.rng import Rng
from tests.hidden import assert_view_hides, card_ids_in, hidden_from, leaks_in_text, shipped_rulesets

LANGS = ("en", "es", "pt")
NAMES = ("Ana", "Bruno", "Carla", "Davi")
#: A catalogue key left untranslated, or a template placeholder left unfilled.
RAW = re.compile(r"\b(?:bot|render|service|local)\.[a-z0-9_]+|\{[A-Za-z0-9_]*\}")
RULESETS = shipped_rulesets()


def player_counts(ruleset: str) -> list[int]:
    rules = engine.find_ruleset(ruleset)
    return [n for n in range(max(2, rules.min_players), min(4, rules.max_players) + 1)]


def game_info(state: GameState) -> GameInfo:
    players = tuple(PlayerInfo(user_id=100 + s, seat=s, status="active") for s in range(state.config.players))
    return GameInfo(game_id=1, channel_id=2, guild_id=3, creator_id=100, ruleset=state.config.ruleset,
                    max_players=state.config.players, options={}, turn_timer=timedelta(hours=24),
                    timeout_policy="skip", max_expiries=3, ranked=False, status="active", version=state.version,
                    to_act_seat=state.to_act, players=players)


def components(view: discord.ui.View) -> tuple[list[discord.ui.Button[discord.ui.View]],
                                               list[discord.ui.Select[discord.ui.View]]]:
    buttons: list[discord.ui.Button[discord.ui.View]] = []
    selects: list[discord.ui.Select[discord.ui.View]] = []
    for child in view.children:
        item = getattr(child, "item", child)  # a DynamicItem wraps the real component
        if isinstance(item, discord.ui.Button):
            buttons.append(item)
        elif isinstance(item, discord.ui.Select):
            selects.append(item)
    return buttons, selects


def verb_of(custom_id: str | None) -> str:
    return (custom_id or "").split(":")[3]


def assert_clean(text: str, what: str) -> None:
    assert text, f"{what}: empty"
    raw = RAW.search(text)
    assert raw is None, f"{what}: raw catalogue text {raw.group(0)!r} in {text!r}"


# ------------------------------------------------------------------ the checks of one state
def check_buttons(state: GameState, ruleset: str) -> str | None:
    """The public board's buttons; returns the pending kind (None on a main action)."""
    families = engine.find_ruleset(ruleset).families
    for lang in LANGS:
        buttons, selects = components(turn_buttons(game_info(state), state, lang))
        main = [b for b in buttons if verb_of(b.custom_id) in families]
        assert [verb_of(b.custom_id) for b in main] == list(families)
        for item in [*buttons, *selects]:
            for text in (getattr(item, "label", None), getattr(item, "placeholder", None)):
                if text:
                    assert_clean(text, f"{ruleset} component")
        pending = engine.view_for(state, None).pending
        decide = [b for b in buttons if verb_of(b.custom_id) == "decide"]
        if pending is None:
            assert not selects and not decide and all(not b.disabled for b in main)
            continue
        assert all(b.disabled for b in main), f"{ruleset}: main actions enabled during {pending.kind}"
        if pending.hidden:
            assert decide and not selects, f"{ruleset}: hidden {pending.kind} options must be offered privately"
            assert pending.options == () and pending.default is None
        else:
            assert len(selects) == 1 and not decide, f"{ruleset}: no menu for {pending.kind}"
            values = [o.value for o in selects[0].options]
            spectator = engine.view_for(state, None)
            assert values == ordered_options(spectator, pending.options)[:25]  # the engine's options, in one order
            assert sorted(ordered_options(spectator, pending.options)) == sorted(pending.options)
            for option in selects[0].options:
                assert_clean(option.label, f"{ruleset} {pending.kind} option {option.value!r} ({lang})")
        # the decider's own view lists exactly the legal answers
        own = engine.view_for(state, pending.seat).pending
        assert own is not None and not own.hidden and own.kind == pending.kind
        assert set(own.options) == {str(a) for a in engine.legal_actions(state)}
    pending = engine.view_for(state, None).pending
    return None if pending is None else pending.kind


def check_labels(state: GameState, ruleset: str) -> None:
    seat = state.to_act
    assert seat is not None
    mine = engine.view_for(state, seat)
    spectator = engine.view_for(state, None)
    actions = engine.legal_actions(state)
    codes = list(dict.fromkeys([*(str(a) for a in actions), *(str(a.head) for a in actions)]))
    public = spectator.pending.options if spectator.pending is not None else ()
    for lang in LANGS:
        for code in codes:
            assert_clean(action_label(mine, code, lang), f"{ruleset} label of {code!r} ({lang})")
        for code in public:  # the public decision menu labels its options from the spectator's view
            label = action_label(spectator, code, lang)
            assert_clean(label, f"{ruleset} public label of {code!r} ({lang})")
            leaked = leaks_in_text(label, hidden_from(state, None))
            assert not leaked, f"{ruleset}: public label {label!r} names hidden cards {leaked}"


def check_events(before: GameState, after: GameState, events: tuple[engine.Event, ...], ruleset: str) -> None:
    """The turn's events render for every viewer, in every language, naming nothing hidden from that viewer."""
    players = after.config.players
    names = NAMES[:players]
    for viewer in [None, *range(players)]:
        hidden = hidden_from(after, viewer)
        view = engine.view_for(after, viewer)
        for lang in LANGS:
            line = turn_line(view, events, names, lang)
            if line:
                assert_clean(line, f"{ruleset} turn line ({lang}, viewer {viewer})")
            leaked = leaks_in_text(line, hidden)
            assert not leaked, f"{ruleset}: turn line {line!r} names {leaked} to viewer {viewer}"
            for event in events:
                text = event_text(view, event, names, lang)
                if text is not None:
                    assert_clean(text, f"{ruleset} event {event.kind} ({lang})")
        assert not card_ids_in([e.redacted_for(viewer) for e in events]) & hidden, "a redacted event leaks"


def check_previews(state: GameState, actions: list[engine.Action], ruleset: str) -> None:
    seat = state.to_act
    assert seat is not None
    hidden = hidden_from(state, seat)  # before the move: the refills and a blind reserve's card are in here
    version = state.version
    for action in actions:
        after = engine.preview(state, seat, action)
        assert after.viewer == seat
        leaked = card_ids_in(after) & hidden
        assert not leaked, f"{ruleset}: preview of {action} shows seat {seat} hidden cards {sorted(leaked)}"
        # what the move itself reveals (buying one's own blind reserve) may be told; nothing still hidden may
        played = engine.apply(state, seat, action).state
        told = card_ids_in(after.last_events) & hidden_from(played, None)
        assert not told, f"{ruleset}: preview events of {action} are not a spectator's: {sorted(told)}"
    assert state.version == version, "preview changed the state"


def check_views(state: GameState) -> None:
    for seat in [None, *range(state.config.players)]:
        assert_view_hides(engine.view_for(state, seat), state, seat)
        assert_view_hides(engine.log_for(state, seat), state, seat, "log")


def check_round_trip(state: GameState, *, verify: bool) -> None:
    """``==`` is not part of the GameState contract (Spectacle states compare by identity): compare ``to_json()``."""
    data = json.loads(json.dumps(engine.to_json(state)))
    assert engine.from_json(data).to_json() == state.to_json()
    if verify:
        assert engine.from_json(data, verify=True).to_json() == state.to_json()
        assert engine.replay(state.config, state.history()).to_json() == state.to_json()


# ------------------------------------------------------------------ play-outs
def play_out(ruleset: str, players: int, seed: int, *, deep: bool, max_steps: int) -> Counter[str]:
    """A seeded random game (up to ``max_steps`` actions) checked in every state; returns the pending kinds met."""
    state = engine.new_game(GameConfig(ruleset, players, seed))
    picker = Rng(seed * 31 + players)
    kinds: Counter[str] = Counter()
    steps = 0
    while not state.is_over and steps < max_steps:
        kind = check_buttons(state, ruleset)
        if kind is not None:
            kinds[kind] += 1
        check_labels(state, ruleset)
        actions = engine.legal_actions(state)
        assert actions, f"{ruleset}: no legal action before the end"
        if deep or kind is not None or steps % 3 == 0:
            sample = actions if deep or len(actions) <= 12 else [actions[picker.below(len(actions))]
                                                                  for _ in range(6)]
            reserves = [a for a in actions if a.family == "reserve"]  # blind reserves and refills, always
            check_previews(state, list(dict.fromkeys([*sample, *reserves])), ruleset)
        seat = state.to_act
        assert seat is not None
        transition = engine.apply(state, seat, actions[picker.below(len(actions))])
        check_events(state, transition.state, transition.events, ruleset)
        state = transition.state
        steps += 1
        if deep or steps % 5 == 0:
            check_views(state)
        check_round_trip(state, verify=steps % (10 if deep else 25) == 0)
    check_round_trip(state, verify=True)
    return kinds


@pytest.mark.parametrize("ruleset", RULESETS)
def test_conformance(ruleset: str) -> None:
    kinds: Counter[str] = Counter()
    for players in player_counts(ruleset):
        kinds += play_out(ruleset, players, 11 * players + 1, deep=False, max_steps=160)
    assert len(kinds) >= 2, f"{ruleset}: the play-outs met only {dict(kinds)}; the suite proves too little"


# no_cover: more seeds of a test that runs measured above; the tracer would make it ~5x slower in CI
@pytest.mark.slow
@pytest.mark.no_cover
@pytest.mark.parametrize("ruleset", RULESETS)
def test_conformance_long(ruleset: str) -> None:
    kinds: Counter[str] = Counter()
    for players in player_counts(ruleset):
        kinds += play_out(ruleset, players, 1000 + players, deep=True, max_steps=400)
    assert len(kinds) >= 2, f"{ruleset}: whole games met only {dict(kinds)}"


def test_the_suite_covers_every_shipped_ruleset() -> None:
    """Guard for the guard: the list comes from the registry, and test-only rulesets are not in it."""
    assert set(RULESETS) >= {name for name in engine.ruleset_names()
                             if type(engine.find_ruleset(name)).__module__.startswith("engine.")}
    assert len(RULESETS) >= 2
    assert all(player_counts(r) for r in RULESETS)


def test_the_checks_have_teeth() -> None:
    """A raw key, a placeholder, or a leaked card make the checks fail."""
    for bad in ("bot.label.take", "Take {gems}", "render.deck"):
        with pytest.raises(AssertionError):
            assert_clean(bad, "sample")
    state = engine.new_game(GameConfig(RULESETS[0], 2, 1))
    deck_card = next(iter(hidden_from(state, None)))
    with pytest.raises(AssertionError):
        assert_view_hides(("buy", deck_card), state, 0)
