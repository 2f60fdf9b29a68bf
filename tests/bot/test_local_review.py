"""Local console mode: ``--review GAME_ID`` and the pointer to it at the end of a game (issue 32 §4)."""

from __future__ import annotations

import asyncio
import json
import re

import pytest

import engine
from bot.local import ConsoleReviewer
from engine.rng import Rng
from tests.bot.test_local import Player, play


def test_review_refuses_unfinished_and_missing_games_and_setup_options(tmp_path):
    play(tmp_path, ["--seed", "1", "--images", "none"], Player(1, ["take wug", "quit"]))
    code, text = play(tmp_path, ["--review", "1"], Player(1))
    assert code == 2 and text.splitlines() == ["Game 1 is not finished: reviews are for finished games only."]
    code, text = play(tmp_path, ["--review", "9", "--lang", "es"], Player(1))
    assert code == 2 and text.splitlines() == ["No hay ninguna partida 9 en esta base de datos."]
    code, text = play(tmp_path, ["--review", "1", "--ruleset", "spectacle"], Player(1))
    assert code == 2 and "--ruleset" in text and "--review" in text and len(text.splitlines()) == 1


@pytest.mark.slow
def test_a_finished_game_points_to_its_review_which_tells_each_players_swings(tmp_path):
    code, text = play(tmp_path, ["--seed", "6", "--names", "Alice", "--bots", "1", "--level", "easy", "--images",
                                 "none"], Player(6))
    assert code == 0 and text.splitlines()[-1] == "For a review of this game: python -m bot --local --review 1"
    code, text = play(tmp_path, ["--review", "1"], Player(1))
    assert code == 0
    lines = text.splitlines()
    assert lines[0] == "Reviewing game 1: every move is judged, which takes from a few seconds to a minute..."
    shown = [int(m[1]) for line in lines if (m := re.fullmatch(r"  reviewed (\d+)% of the game", line))]
    assert shown and shown == sorted(set(shown)) and lines[1:len(shown) + 1] == [
        f"  reviewed {p}% of the game" for p in shown]  # how far it got, before the review itself
    players = [line for line in lines if re.match(r"^(Alice|Bot \(easy\)): accuracy \d+%, \d+ inaccurac", line)]
    assert len(players) == 2
    whole: list[str] = []  # the console wraps long lines, continuing them indented by four spaces
    for line in lines:
        if line.startswith("    ") and whole:
            whole[-1] += " " + line.strip()
        else:
            whole.append(line)
    swings = [m.groups() for line in whole
              if (m := re.match(r"^  turn (\d+): (.+) left you a (\d+)% chance to win; (.+) would have given (\d+)%\.$",
                                line))]
    assert 1 <= len(swings) <= 6
    for _, played, after, best, kept in swings:
        assert int(kept) >= int(after) and played != best
        assert not re.fullmatch(r"(take|buy|reserve) \S+", played)  # moves in words, not codes
    code, spanish = play(tmp_path, ["--review", "1", "--lang", "es"], Player(1))
    assert code == 0 and "precisión" in spanish and "de probabilidad de ganar" in spanish
    assert "Analizando" not in spanish and "analizado" not in spanish  # made once and stored: read back


@pytest.mark.parametrize(("lang", "line"), [("en", "  reviewed {}% of the game"), ("pt", "  analisado {}% da partida")])
def test_a_review_in_the_console_tells_how_far_it_got(lang, line):
    """A review takes up to a minute on a busy machine: the console shows each tenth of the game judged."""
    state = engine.new_game(engine.GameConfig("base", players=2, seed=4))
    rng, history = Rng(2), []
    for _ in range(5):
        actions = engine.legal_actions(state)
        seat, action = state.to_act, actions[rng.below(len(actions))]
        history.append((seat, str(action)))
        state = engine.apply(state, seat, action).state
    out: list[str] = []
    text, _, _ = asyncio.run(ConsoleReviewer(out.append, lang).review(state.config, history, 1))
    assert json.loads(text)["moves"]  # the review itself, as the service stores it
    shown = [int(m[1]) for entry in out if (m := re.fullmatch(line.replace("{}", r"(\d+)"), entry))]
    assert len(shown) == len(out) >= 3 and shown == sorted(set(shown)) and max(shown) < 100
