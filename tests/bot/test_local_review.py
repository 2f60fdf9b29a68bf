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
    code, text = play(tmp_path, ["--seed", "7", "--names", "Alice", "--bots", "1", "--level", "easy", "--images",
                                 "none"], Player(7))
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
    # each player's block: its header (accuracy and verdict counts), then its swings; the person is spoken to
    # ("left you"), the computer named ("left Bot (easy)"), and only real mistakes are told, at most three
    swing = r"^  turn (\d+): (.+) left {} a (\d+)% chance to win; (.+) would have given (\d+)%\.$"
    header = r"^(Alice|Bot \(easy\)): accuracy \d+%, (\d+) inaccurac\w+, (\d+) mistakes?, (\d+) blunders?\.$"
    blocks: dict[str, tuple[int, list[tuple[str, ...]]]] = {}
    current = ""
    for line in whole:
        if m := re.match(header, line):
            current = m.group(1)
            blocks[current] = (sum(int(x) for x in m.groups()[1:]), [])
        elif current and (m := re.match(swing.format("you" if current == "Alice" else r"Bot \(easy\)"), line)):
            blocks[current][1].append(m.groups())
        else:
            assert not line.startswith("  turn "), line  # a swing in the wrong person, or in another's block
    assert set(blocks) == {"Alice", "Bot (easy)"}
    for verdicts, told in blocks.values():
        assert len(told) == min(3, verdicts)
    swings = blocks["Alice"][1] + blocks["Bot (easy)"][1]
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


def test_swings_are_only_real_mistakes_biggest_first() -> None:
    """A move that lost less than an inaccuracy's threshold (75 % against 77 %) is no swing: it has no verdict."""
    from bot.review_text import swings
    from engine.ai import GameReview, MoveReview
    from engine.ai.reviewing import verdict

    def move(index: int, seat: int, drop: float) -> MoveReview:
        return MoveReview(index, index, seat, ("x",), 5, (0.5, 0.5), (0.5, 0.5), "y", (0.5, 0.5), drop, verdict(drop),
                          90.0)

    moves = (move(0, 0, 0.02), move(1, 0, 0.3), move(2, 0, 0.05), move(3, 0, 0.049), move(4, 0, 0.12),
             move(5, 0, 0.06), move(6, 1, 0.04))
    review = GameReview("base", 2, moves, (90.0, 90.0), ((2, 1, 1), (0, 0, 0)), (1.0, 0.0))
    assert [m.index for m in swings(review, 0)] == [1, 4, 5]
    assert [m.index for m in swings(review, 0, 9)] == [1, 4, 5, 2]
    assert swings(review, 1) == []
