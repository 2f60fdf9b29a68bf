"""Local console mode: whole games typed at the prompt, through the real service and SQLite."""

from __future__ import annotations

import re

import pytest

from bot.local import main
from engine.rng import Rng


class Player:
    """Answers every prompt with a random legal move number, sometimes a typed command."""

    def __init__(self, seed: int, script: list[str] | None = None) -> None:
        self.rng = Rng(seed)
        self.script = list(script or [])
        self.prompts: list[str] = []

    def __call__(self, prompt: str) -> str:
        self.prompts.append(prompt)
        if self.script:
            return self.script.pop(0)
        if len(self.prompts) > 3000:
            return "quit"
        n = int(re.search(r"\((\d+) ", prompt).group(1))
        return str(self.rng.below(n) + 1)


@pytest.mark.parametrize(("ruleset", "players", "lang"), [("base", 2, "en"), ("orient+strongholds", 3, "es"),
                                                          ("spectacle", 2, "pt")])
def test_a_whole_game_in_the_console(tmp_path, ruleset, players, lang):
    out: list[str] = []
    player = Player(7, ["?", "hand", "take", "buy 9.9", "0", "log"])
    code = main(["--ruleset", ruleset, "--players", str(players), "--lang", lang, "--seed", "3",
                 "--db", str(tmp_path / "g.sqlite3"), "--out", str(tmp_path / "img")], read=player, write=out.append)
    text = "\n".join(out)
    assert code == 0
    assert len(player.prompts) < 3000, "the game should end"
    final = {"en": "Game over", "es": "Fin de la partida", "pt": "Fim de jogo"}[lang]
    assert final in text
    assert "*" in text.rsplit(final, 1)[1]  # a winner is marked in the final scores
    assert {"en": "Scores: ", "es": "Puntos: ", "pt": "Pontos: "}[lang] in text  # followable without images
    images = sorted((tmp_path / "img").glob("game1-v*.png"))
    assert len(images) > 20 and (tmp_path / "img" / "latest.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert list((tmp_path / "img").glob("game1-hand-seat*.png"))
    # the '?' listing printed numbered moves with readable labels, 'take' alone was refused readably
    assert re.search(r"^\s+1\. \S", text, re.M)
    assert "1.1" in text or re.search("[♠♣♥♦]", text)  # a slot, or a card as players see it


def test_quit_and_resume(tmp_path):
    db, img = str(tmp_path / "g.sqlite3"), str(tmp_path / "img")
    out: list[str] = []
    assert main(["--seed", "1", "--db", db, "--out", img], read=Player(1, ["take wug", "quit"]),
                write=out.append) == 0
    assert "--resume 1" in out[-1]
    out2: list[str] = []
    second = Player(2, ["log", "quit"])
    assert main(["--resume", "1", "--db", db, "--out", img], read=second, write=out2.append) == 0
    assert any("take wug" in line for line in out2)  # the log shows the move made before quitting
    assert "(" in second.prompts[0]


def test_bad_setup_is_one_clear_sentence(tmp_path):
    out: list[str] = []
    code = main(["--players", "3", "--names", "A,B", "--db", str(tmp_path / "g.sqlite3"), "--out", str(tmp_path)],
                read=Player(1), write=out.append)
    assert code == 2 and out == ["Give exactly 3 names with --names (comma-separated)."]
