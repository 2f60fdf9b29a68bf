"""The console's text board: 80 columns, every ruleset, three languages, only what the viewer may know."""

from __future__ import annotations

import re

import pytest

import engine
from bot.textboard import WIDTH, text_board
from engine import GameConfig, GameState
from engine.rng import Rng
from tests.hidden import blind_reserves, hidden_from, leaks_in_text, shipped_rulesets

NAMES = ["Alexandrina-Sofia", "Bo", "Carla", "Diego"]  # one name longer than the name column
HIDDEN_WORDS = {"en": ("(hidden)", "face down"), "es": ("(oculta)", "boca abajo"),
                "pt": ("(oculta)", "virada para baixo")}


def positions(ruleset: str, seed: int) -> list[GameState]:
    """A seeded random game with the most players, sampled every few moves up to its end."""
    rules = engine.find_ruleset(ruleset)
    state = engine.new_game(GameConfig(ruleset, players=rules.max_players, seed=seed))
    rng = Rng(seed)
    out = [state]
    while not state.is_over and state.version < 400:
        legal = engine.legal_actions(state)
        blind = [a for a in legal if "d" in str(a).split(" ")[-1] or str(a).endswith("deck")]
        pick = blind[0] if blind and rng.below(4) == 0 else legal[rng.below(len(legal))]  # some blind reserves
        seat = state.to_act
        assert seat is not None
        state = engine.apply(state, seat, pick).state
        if state.version % 17 == 0 or state.is_over:
            out.append(state)
    return out


@pytest.mark.parametrize("ruleset", shipped_rulesets())
def test_the_board_fits_80_columns_and_hides_what_the_viewer_may_not_know(ruleset):
    blind_seen = 0
    for i, state in enumerate(positions(ruleset, 5)):
        lang = ("en", "es", "pt")[i % 3]
        for viewer in (None, *range(state.config.players)):
            lines = text_board(engine.view_for(state, viewer), NAMES, lang)
            assert lines and all(len(line) <= WIDTH for line in lines), [ln for ln in lines if len(ln) > WIDTH]
            text = "\n".join(lines)
            assert not leaks_in_text(text, hidden_from(state, viewer))
            others_blind = sum(len(blind_reserves(state, s)) for s in range(state.config.players) if s != viewer)
            if others_blind:
                blind_seen += 1
                assert any(word in text for word in HIDDEN_WORDS[lang])
            for seat in range(state.config.players):
                assert f" {seat + 1} {NAMES[seat][:11]}" in text
    assert blind_seen, "the sampled games should include another player's blind reserve"


@pytest.mark.parametrize("ruleset", shipped_rulesets())
def test_the_board_says_whose_turn_and_marks_them(ruleset):
    state = positions(ruleset, 2)[0]
    lines = text_board(engine.view_for(state, state.to_act), NAMES, "en")
    assert lines[0].startswith("== Turn 1 · ")
    assert f"{NAMES[state.to_act][:11]}" in lines[0]
    assert [line for line in lines if line.startswith(">")] == [
        line for line in lines if line.startswith(f"> {state.to_act + 1} ")]


def test_a_view_of_no_known_kind_is_refused():
    with pytest.raises(TypeError):
        text_board(object(), NAMES, "en")  # type: ignore[arg-type]


@pytest.mark.parametrize("ruleset", shipped_rulesets())
def test_plus_marks_exactly_what_the_viewer_can_buy(ruleset):
    for state in positions(ruleset, 3)[:6]:
        seat = state.to_act
        if seat is None:
            continue
        view = engine.view_for(state, seat)
        text = "\n".join(text_board(view, NAMES, "en"))
        marked = len(re.findall(r"[^\s(]\+(?=\s|$)", text))  # "1.3+", "r2+", "7♥+" (not Orient's "joker + I")
        assert marked == len(view.affordable)
        assert ("can buy it now" in text) == bool(view.affordable)


@pytest.mark.parametrize(("lang", "word"), [("en", "gold card"), ("es", "carta de oro"), ("pt", "carta de ouro")])
def test_an_orient_gold_card_is_named_whole_on_the_board(lang, word):
    state = engine.new_game(GameConfig("orient", 2, seed=5))  # 1.5 and 1.6 are gold cards (seed 5)
    view = engine.view_for(state, 0)
    assert sum(s.card is not None and s.card.bonus == "gold" for r in view.rows for s in r.slots) >= 1
    text = "\n".join(text_board(view, NAMES, lang))
    assert re.search(rf"\b1\.\d\+?\s+{word}\s", text), text  # never clipped to "gold car" / "carta de"


@pytest.mark.parametrize("ruleset", shipped_rulesets())
def test_an_images_alt_text_says_whose_turn_and_the_scores_first_fits_discord_and_hides_every_hidden_card(ruleset):
    """The public posts' alt text (``alt_text`` of the spectator's view): within Discord's 1,024 characters at four
    players with long names; whose turn it is, then every player's score; the same text after every hidden card
    is dealt again (so it cannot name one)."""
    from bot.textboard import ALT_MAX, alt_text

    for i, state in enumerate(positions(ruleset, 7)):
        lang = ("en", "es", "pt")[i % 3]
        alt = alt_text(engine.view_for(state, None), NAMES, lang, title="Title")
        assert 0 < len(alt) <= ALT_MAX
        lines = alt.splitlines()
        assert lines[0] == "Title"
        raw = text_board(engine.view_for(state, None), NAMES, lang)
        board = [" ".join(line.split()) for line in raw]
        assert lines[1] == " ".join(raw[0].strip("= ").split())
        seats = [" ".join(line.split()) for line in raw if re.match(r"^[>* ] \d+ ", line)]  # "> 1 Name  3pt ..."
        assert len(seats) == state.config.players
        table = lines.index(board[1]) if board[1] in lines else len(lines)  # the bank or grid: after the players
        assert all(lines.index(line) < table for line in seats[:state.config.players])
        assert not leaks_in_text(alt, hidden_from(state, None))
        other = state.copy()
        other.redeal(None, Rng(100 + i))  # type: ignore[arg-type]  # None: what a spectator may not see
        assert alt_text(engine.view_for(other, None), NAMES, lang, title="Title") == alt
    assert len(alt_text(engine.view_for(state, None), NAMES, "en", limit=200)) <= 200


@pytest.mark.parametrize("ruleset", ["base", "orient+strongholds"])
def test_the_alt_text_names_one_face_up_card_a_line(ruleset):
    """A screen reader reads the alt text line by line, and its spaces are squeezed: two cards on a line (the
    console's two columns) would run together ("1.1 red w2 r2 1.2 red 1pt w4").  Every face-up card's code starts
    a line of its own, and no line holds two."""
    from bot.textboard import alt_text

    state = positions(ruleset, 1)[0]
    view = engine.view_for(state, None)
    lines = alt_text(view, NAMES, "en", title="Title", limit=10_000).splitlines()
    codes = [slot.code for row in view.rows for slot in row.slots if slot.card is not None]
    assert codes and all(sum(line.startswith(f"{code} ") for line in lines) == 1 for code in codes)
    assert not any(re.search(r"\b\d\.\d+ .*\b\d\.\d+ ", line) for line in lines if re.match(r"^\d\.\d", line))
    assert any("  " in line and re.search(r"\d\.\d.*\d\.\d", line) for line in text_board(view, NAMES, "en"))
