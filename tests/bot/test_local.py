"""Local console mode: games typed at the prompt, through the real service and SQLite (issue 15, point by point).

Every test drives :func:`bot.local.main` with a scripted ``read`` (what a person would type, then
random legal move numbers) and collects what the console writes.
"""

from __future__ import annotations

import asyncio
import re
from collections import Counter
from itertools import pairwise
from pathlib import Path

import pytest

from bot.local import main
from bot.store.records import ActionRow
from bot.store.sqlite import SqliteStore
from engine import find_ruleset
from engine.rng import Rng


class Player:
    """Answers every prompt with the script first, then a random legal move number."""

    def __init__(self, seed: int, script: list[str] | None = None, *, limit: int = 3000) -> None:
        self.rng = Rng(seed)
        self.script = list(script or [])
        self.prompts: list[str] = []
        self.limit = limit

    def __call__(self, prompt: str) -> str:
        self.prompts.append(prompt)
        if self.script:
            step = self.script.pop(0)
            if isinstance(step, BaseException):
                raise step
            return step
        if len(self.prompts) > self.limit:
            return "quit"
        n = int(re.search(r"\((\d+) ", prompt).group(1))
        return str(self.rng.below(n) + 1)


async def _actions(db: Path, game_id: int) -> list[ActionRow]:
    store = await SqliteStore.open(db)
    try:
        async with store.reading() as tx:
            return await tx.actions(game_id)
    finally:
        await store.close()


def play(tmp_path: Path, args: list[str], player: Player) -> tuple[int, str]:
    out: list[str] = []
    code = main([*args, "--db", str(tmp_path / "g.sqlite3"), "--out", str(tmp_path / "img")], read=player,
                write=out.append)
    return code, "\n".join(out)


@pytest.mark.parametrize(("ruleset", "players", "lang"), [("base", 2, "en"), ("orient+strongholds", 3, "es"),
                                                          ("spectacle", 2, "pt")])
def test_a_whole_game_in_the_console(tmp_path, ruleset, players, lang):
    player = Player(7, ["?", "hand", "take", "buy 9.9", "0", "log", "board"])
    code, text = play(tmp_path, ["--ruleset", ruleset, "--players", str(players), "--lang", lang, "--seed", "3"],
                      player)
    assert code == 0
    assert len(player.prompts) < 3000, "the game should end"
    final = {"en": "Final standings", "es": "Clasificación final", "pt": "Classificação final"}[lang]
    assert final in text
    # the final standings: one line per player, places 1..n, winners marked first (not the header's "(* winner)")
    standings = re.findall(r"^  (\d)\. \S.*? +-?\d+( \*)?$", text.rsplit(final, 1)[1], re.M)
    assert [int(place) for place, _ in standings] == list(range(1, players + 1))
    marks = [bool(mark) for _, mark in standings]
    assert marks[0] and marks == sorted(marks, reverse=True)
    # the '?' listing: every legal move of the first turn, numbered 1..n, each a code the ruleset reads and a label
    n = int(re.search(r"\((\d+) ", player.prompts[0]).group(1))
    listing = re.findall(r"^  ([ \d]{2}\d)\. (.{22}) (\S.*)$", text, re.M)[:n]  # number, code (22 wide), label
    assert [int(number) for number, _, _ in listing] == list(range(1, n + 1))
    rules = find_ruleset(ruleset)
    codes = [code.rstrip() for _, code, _ in listing]
    assert [str(rules.parse_action(code)) for code in codes] == codes and len(set(codes)) == n
    assert all(label.strip() and label != code for code, (_, _, label) in zip(codes, listing, strict=True))
    # the default keeps the latest images and the final one, not one per turn
    images = sorted(p.name for p in (tmp_path / "img").iterdir())
    assert images == ["game1-final.png", "game1-hand.png", "game1-recap.png", "latest.png"]
    assert (tmp_path / "img" / "latest.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert (tmp_path / "img" / "game1-recap.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert "game1-recap.png" in text  # and the console says where it is


# ------------------------------------------------------------------ new games, --list, --resume, names
def test_quit_then_a_new_game_then_list_and_resume_keep_the_names(tmp_path):
    code, text = play(tmp_path, ["--seed", "1", "--names", "Alice,Bob", "--images", "none"],
                      Player(1, ["take wug", "quit"]))
    assert code == 0 and "--resume 1" in text.splitlines()[-1]
    # the README's next example starts a second game in the same database (no "channel already has a game")
    code, text = play(tmp_path, ["--ruleset", "spectacle", "--names", "Carla,Diego,Eva", "--images", "none"],
                      Player(2, [EOFError()]))
    assert code == 0 and "Game 2 (Spectacle) started" in text and "--resume 2" in text
    code, text = play(tmp_path, ["--list"], Player(3))
    assert code == 0
    assert re.search(r"#1 +Splendor: (Alice, Bob|Bob, Alice) · turn 2 · (Alice|Bob) to play", text)
    assert re.search(r"#2 +Spectacle: .*Carla.* · turn 1", text)
    resumed = Player(4, ["log", "quit"])
    code, text = play(tmp_path, ["--resume", "1", "--images", "none"], resumed)
    assert code == 0
    assert re.search(r"^  (Alice|Bob) took white, blue, green$", text, re.M)  # the log keeps the move and who played it
    assert "Ana" not in text and "Bruno" not in text
    assert re.match(r"(Alice|Bob) to play", resumed.prompts[0])


def test_a_resumed_game_ends_with_the_same_names(tmp_path):
    play(tmp_path, ["--seed", "4", "--names", "Alice,Bob", "--images", "none"], Player(1, ["take wug", "quit"]))
    code, text = play(tmp_path, ["--resume", "1", "--images", "none"], Player(5))
    assert code == 0
    standings = text.rsplit("Final standings", 1)[1]
    assert {"Alice", "Bob"} <= set(re.findall(r"\d\. (\w+)", standings))
    assert re.search(r"winner: (Alice|Bob)", text)


def test_finished_games_are_not_listed_and_resume_of_a_missing_game_says_so(tmp_path):
    play(tmp_path, ["--seed", "4", "--images", "none"], Player(5))
    assert "No unfinished games" in play(tmp_path, ["--list"], Player(1))[1]
    code, text = play(tmp_path, ["--resume", "9"], Player(1))
    assert code == 2 and len(text.splitlines()) == 1 and "9" in text


# ------------------------------------------------------------------ the text board
@pytest.mark.parametrize(("ruleset", "lang", "words"), [
    ("base", "en", ["Bank:", "Nobles:", "Level 3", "tokens", "bonuses", "to play"]),
    ("orient+strongholds", "es", ["Banco:", "Nobles:", "Nivel 3", "mazo de Oriente", "fichas", "bonos", "juega"]),
    ("spectacle", "pt", ["Grade", "Pilhas", "Nobres:", "fichas", "vez de"]),
])
def test_the_text_board_follows_every_turn_and_answers_board(tmp_path, ruleset, lang, words):
    player = Player(3, ["1", "2", "board", "quit"])
    code, text = play(tmp_path, ["--ruleset", ruleset, "--lang", lang, "--seed", "2", "--images", "none"], player)
    assert code == 0
    for word in words:
        assert word in text
    boards = [line for line in text.splitlines() if line.startswith("== ")]
    assert len(boards) >= 4  # the start, after each of the two moves, and on `board`
    assert max(len(line) for line in text.splitlines() if str(tmp_path) not in line) <= 80


# ------------------------------------------------------------------ final standings
def test_final_standings_follow_the_tie_break(tmp_path):
    """Seed 86: Alice plays second; both reach 15 and Alice wins on fewer cards (B-13): she is listed first."""
    code, text = play(tmp_path, ["--seed", "86", "--names", "Alice,Bob", "--images", "none"], Player(86))
    assert code == 0
    assert re.search(r"^\* 2 Alice +15pt", text, re.M)  # second in seat order on the final board
    standings = text.rsplit("Final standings", 1)[1].splitlines()[1:3]
    assert re.match(r"\s+1\. Alice +15 \*$", standings[0])
    assert re.match(r"\s+2\. Bob +15$", standings[1])
    assert "winner: Alice" in text


# ------------------------------------------------------------------ options are checked before anything starts
@pytest.mark.parametrize(("args", "expected"), [
    (["--players", "9"], "base is played by 2 to 4 players; --players 9 is out of range."),
    (["--players", "1"], "base is played by 2 to 4 players; --players 1 is out of range."),
    (["--ruleset", "spectacle", "--players", "9"], "spectacle is played by 2 to "),
    (["--ruleset", "chess"], "Unknown ruleset 'chess': choose one of base, "),  # + test-only rulesets
    (["--ruleset", "spectacle", "--target", "10"], "--target does not apply to spectacle"),
    (["--target", "99"], "--target must be from 3 to 30 points (got 99)."),
    (["--names", "Ana,ana"], "Every player needs a name of their own"),
    (["--names", "Ana,"], "Every player needs a name of their own"),
    (["--players", "3", "--names", "A,B"], "Give exactly 3 names with --names (comma-separated)."),
    (["--resume", "1", "--players", "3"], "--players does not apply with --resume"),
    (["--list", "--ruleset", "orient"], "--list only lists the games; drop --ruleset."),
    (["--seed", "-1"], "--seed must be a whole number from 0 to"),
    (["--players", "9", "--lang", "es"], "base se juega de 2 a 4 jugadores; --players 9 está fuera de rango."),
])
def test_a_bad_option_is_one_sentence_before_anything_starts(tmp_path, args, expected):
    player = Player(1)
    code, text = play(tmp_path, args, player)
    assert code == 2
    assert text.startswith(expected) and "\n" not in text
    assert player.prompts == []  # no name asked, no game created
    assert not (tmp_path / "g.sqlite3").exists()


def test_an_unknown_language_lists_the_choices(tmp_path, capsys):
    with pytest.raises(SystemExit) as exit_:
        play(tmp_path, ["--lang", "xx"], Player(1))
    assert exit_.value.code == 2
    assert "invalid choice: 'xx' (choose from en, es, pt)" in capsys.readouterr().err.replace("'en', 'es', 'pt'",
                                                                                             "en, es, pt")


def test_names_alone_set_the_number_of_players_and_target_applies(tmp_path):
    code, text = play(tmp_path, ["--names", "A,B,C", "--target", "5", "--images", "none"], Player(1, ["quit"]))
    assert code == 0 and "5 points to win" in text and re.search(r"^[ >] \d C ", text, re.M)


# ------------------------------------------------------------------ Ctrl-C, images, refusals
def test_ctrl_c_stops_at_once_and_says_the_game_is_saved(tmp_path):
    player = Player(1, ["take wug", KeyboardInterrupt(), "take rr"])
    code, text = play(tmp_path, ["--seed", "1", "--images", "none"], player)
    assert code == 130
    assert text.splitlines()[-1] == "Stopped. The game is saved: continue it with --resume 1."
    assert len(player.prompts) == 2  # the line after Ctrl-C is never read, let alone played
    _, log = play(tmp_path, ["--resume", "1", "--images", "none"], Player(1, ["log", "quit"]))
    assert "Ana took white, blue, green" in log and "2 red" not in log


def test_images_all_keeps_every_turn_and_hand_names_its_file(tmp_path):
    code, text = play(tmp_path, ["--seed", "1", "--bots", "0", "--images", "all"],
                      Player(1, ["take wug", "hand", "quit"]))
    assert code == 0
    assert re.search(r"Hand image of \w+ \(private\):\s+\S*game1-hand\.png", text)
    names = sorted(p.name for p in (tmp_path / "img").iterdir())
    assert names == ["game1-hand.png", "game1-v0000.png", "game1-v0001.png", "latest.png"]


def test_local_files_are_ignored_by_git():
    ignored = (Path(__file__).resolve().parents[2] / ".gitignore").read_text().splitlines()
    assert "/local-tables/" in ignored and "*.sqlite3" in ignored


@pytest.mark.parametrize(("ruleset", "code"), [("base", "pay ww"), ("orient", "return w"), ("spectacle", "pay 5")])
def test_a_decision_typed_when_none_is_pending_says_so_without_slash_commands(tmp_path, ruleset, code):
    _, text = play(tmp_path, ["--ruleset", ruleset, "--seed", "1", "--images", "none"], Player(1, [code, "quit"]))
    assert f"Nobody asked for `{code}` now; choose your action for this turn." in text
    assert "/choose" not in text


def test_a_main_move_while_a_decision_is_pending_points_to_the_choices_not_slash_commands(tmp_path):
    rng = Rng(4)
    typed: list[str] = []

    def read(prompt: str) -> str:
        if typed and typed[-1] == "take 1":
            typed.append("quit")
        elif re.search(r"^\w+: .* choices?, \? to list\) > $", prompt):  # "Bob: choose how to pay (3 choices..."
            typed.append("take 1")
        elif len(typed) > 2000:
            typed.append("quit")
        else:
            typed.append(str(rng.below(int(re.search(r"\((\d+) ", prompt).group(1))) + 1))
        return typed[-1]

    out: list[str] = []
    main(["--ruleset", "spectacle", "--seed", "4", "--images", "none", "--db", str(tmp_path / "g.sqlite3")],
         read=read, write=out.append)
    assert "take 1" in typed
    assert "  First answer the pending decision: type ? to list the choices." in out
    assert not any("/choose" in line for line in out)


@pytest.mark.parametrize("ruleset", ["base", "orient+strongholds", "spectacle"])
def test_a_5000_digit_number_typed_is_one_sentence_and_the_game_goes_on(tmp_path, ruleset):
    long = "1" * 5000
    player = Player(1, [f"buy {long}.1", f"reserve {long}.1", f"noble {long}", f"free {long}", f"take {long}",
                        "1", "quit"])
    code, text = play(tmp_path, ["--ruleset", ruleset, "--seed", "1", "--images", "none"], player)
    assert code == 0 and "Traceback" not in text and long not in text
    refusals = [line for line in text.splitlines() if line.startswith("  ") and ("read" in line or "1111" in line)]
    assert len(refusals) >= 5
    assert "Last turn:" in text  # the move typed after them was played


def test_a_resumed_game_keeps_its_language_unless_told_otherwise(tmp_path):
    play(tmp_path, ["--seed", "1", "--lang", "es", "--images", "none"], Player(1, ["quit"]))
    resumed = Player(1, ["quit"])
    code, text = play(tmp_path, ["--resume", "1", "--images", "none"], resumed)
    assert code == 0 and resumed.prompts[0].startswith("Juega ") and "¡Hasta luego!" in text
    again = Player(1, ["quit"])
    play(tmp_path, ["--resume", "1", "--lang", "pt", "--images", "none"], again)
    assert again.prompts[0].startswith("Vez de ")


# ------------------------------------------------------------------ computer players (issue 12)
def test_with_no_options_a_newcomer_plays_against_a_medium_computer(tmp_path):
    code, _ = play(tmp_path, ["--seed", "5", "--images", "none"], Player(1, ["quit"]))
    assert code == 0
    code, listing = play(tmp_path, ["--list"], Player(1))
    assert code == 0 and re.search(r"Ana, Bot \(medium\)|Bot \(medium\), Ana", listing)


def test_a_whole_game_against_two_easy_computers_in_spanish(tmp_path):
    player = Player(3)
    code, text = play(tmp_path, ["--players", "3", "--bots", "2", "--level", "easy", "--seed", "4", "--lang", "es",
                                 "--images", "none"], player)
    assert code == 0
    final = text.rsplit("Clasificación final", 1)[1]
    assert "Bot (fácil)" in final and "Bot 2 (fácil)" in final
    assert "Ana" in final and "Bruno" not in final  # one person, two computers
    # only the person's turns are prompted: one prompt per move the person played (each a legal number), none
    # for the computers' moves
    sources = Counter(row.source for row in asyncio.run(_actions(tmp_path / "g.sqlite3", 1)))
    assert sources["ai"] > 0 and len(player.prompts) == sources["player"]


@pytest.mark.parametrize(("args", "expected"), [
    (["--players", "2", "--bots", "2"], "--bots 2"),
    (["--players", "3", "--level", "hard"], "--level"),
    (["--bots", "-1"], "--bots -1"),
])
def test_computer_options_are_checked_before_anything_starts(tmp_path, args, expected):
    code, text = play(tmp_path, args, Player(1))
    assert code == 2 and expected in text and not (tmp_path / "g.sqlite3").exists()


def test_an_empty_move_in_spectacle_suggests_a_spectacle_move(tmp_path):
    code, text = play(tmp_path, ["--ruleset", "spectacle", "--names", "Ana,Bo", "--lang", "pt", "--seed", "3",
                                 "--images", "none"], Player(1, [",", "quit"]))
    assert code == 0 and "`take 1 3`" in text.split("Turno 1")[-1] and "wug" not in text, text


@pytest.mark.parametrize(("ruleset", "lang"), [("strongholds", "es"), ("spectacle", "en")])
def test_the_log_tells_moves_in_words_not_codes(tmp_path, ruleset, lang):
    player = Player(5, [str(n) for n in (16, 1, 1, 2, 1, 3, 1, 1)] + ["log", "quit"])
    code, text = play(tmp_path, ["--ruleset", ruleset, "--names", "Ana,Bo", "--lang", lang, "--seed", "2",
                                 "--images", "none"], player)
    assert code == 0
    lines = text.split("\n")
    start = max(i for i, line in enumerate(lines) if line.startswith("== "))  # after the last board: the log
    told = [line for line in lines[start:] if line.startswith(("  Ana ", "  Bo "))]
    assert len(told) >= 4, lines[start:]
    codes = re.compile(r"\b(take|reserve|buy|hold|move|remove|return|pay|put) [a-z0-9]", re.I)
    assert not any(codes.search(line) or re.search(r"\b\d-\d\d\b", line) for line in told), told


@pytest.mark.parametrize(("lang", "shown"), [("en", "Splendor + Orient + Strongholds"),
                                             ("es", "Splendor + Oriente + Fortalezas"),
                                             ("pt", "Splendor + Oriente + Fortalezas")])
def test_the_welcome_and_the_list_name_the_ruleset_as_players_read_it(tmp_path, lang, shown):
    args = ["--ruleset", "orient+strongholds", "--names", "Ana,Bo", "--lang", lang, "--images", "none"]
    _, welcome = play(tmp_path, args, Player(1, ["quit"]))
    _, listed = play(tmp_path, ["--list", "--lang", lang], Player(1, []))
    assert shown in welcome.split("\n")[0] and shown in listed and "orient+strongholds" not in welcome + listed


def test_against_a_computer_every_turn_is_told_once_and_whole(tmp_path):
    rng = Rng(4)
    out: list[str] = []
    answered = 0

    def read(prompt: str) -> str:
        nonlocal answered
        out.append("PROMPT")
        answered += 1
        if answered > 40:
            return "quit"
        return str(rng.below(int(re.search(r"\((\d+) ", prompt).group(1))) + 1)

    main(["--ruleset", "strongholds", "--names", "Ana", "--bots", "1", "--level", "random", "--seed", "4",
          "--images", "none", "--db", str(tmp_path / "g.sqlite3"), "--out", str(tmp_path / "img")],
         read=read, write=out.append)
    told = [line for line in out if line == "PROMPT" or line.startswith("Last turn:")]
    answers = [i for i, line in enumerate(told) if line == "PROMPT"][:-1]
    assert len(answers) >= 30
    for i in answers:  # what Ana just did is told before anything a computer does next (a payment asked first)
        after = next(line for line in told[i + 1:] if line != "PROMPT")
        assert after.startswith("Last turn: Ana"), told[i - 1: i + 3]
    for a, b in pairwise(told):  # a computer's turn is not told twice (once cut short)
        assert "PROMPT" in (a, b) or not b.startswith(a), (a, b)


def test_list_with_resume_is_refused_in_one_sentence(tmp_path):
    code, out = play(tmp_path, ["--list", "--resume", "1"], Player(1))
    assert (code, out) == (2, "--list only lists the games; drop --resume.")
    assert not (tmp_path / "g.sqlite3").exists()


def test_hand_without_images_points_to_the_board(tmp_path):
    code, out = play(tmp_path, ["--seed", "1", "--bots", "0", "--images", "none"], Player(1, ["hand", "quit"]))
    assert code == 0
    assert "  No images with --images none; the board above shows the reserved cards." in out.splitlines()
    assert not (tmp_path / "img").exists()


def test_ctrl_c_before_the_game_exists_says_nothing_was_saved(tmp_path):
    """Ctrl-C while the console is still printing the setup: exit 130, and no game to resume is promised."""
    out: list[str] = []

    def write(line: str) -> None:
        if not out:
            out.append(line)
            raise KeyboardInterrupt
        out.append(line)

    code = main(["--seed", "1", "--bots", "0", "--images", "none", "--db", str(tmp_path / "g.sqlite3")],
                read=Player(1), write=write)
    assert code == 130
    assert out[-1] == "Stopped before the game started; nothing was saved."


def test_an_empty_line_asks_again_and_plays_nothing(tmp_path):
    player = Player(1, ["", "  ", "quit"])
    code, out = play(tmp_path, ["--seed", "1", "--bots", "0", "--images", "none"], player)
    assert code == 0 and len(player.prompts) == 3
    assert len(set(player.prompts)) == 1 and out.count("== Turn 1 ·") == 1  # the same turn, the board shown once
    assert asyncio.run(_actions(tmp_path / "g.sqlite3", 1)) == []


#: The console's own words, as each language's help lists them (and as typed in that language).
HELP = {"en": ("Also: board (the board again), hand (your hand as an image), log (the moves so far), "
               "quit (leave; the game is saved)."),
        "es": ("También: tablero (el tablero otra vez), mano (tu mano en una imagen), registro (las jugadas hasta "
               "ahora), salir (dejar la partida; queda guardada)."),
        "pt": ("Também: tabuleiro (o tabuleiro de novo), mão (sua mão em uma imagem), registro (as jogadas até "
               "agora), sair (deixar a partida; ela fica salva).")}


@pytest.mark.parametrize("lang", ["en", "es", "pt"])
def test_help_lists_the_moves_and_the_console_words(tmp_path, lang):
    """``help`` (and ``?``, ``ayuda``, ``ajuda``) lists the legal moves, then board, hand, log and quit."""
    word = {"en": "help", "es": "ayuda", "pt": "ajuda"}[lang]
    player = Player(1, [word, "quit"])
    code, text = play(tmp_path, ["--lang", lang, "--seed", "3", "--bots", "0", "--players", "2"], player)
    assert code == 0
    n = int(re.search(r"\((\d+) ", player.prompts[0]).group(1))
    listing = re.findall(r"^  ([ \d]{2}\d)\. ", text, re.M)
    assert [int(number) for number in listing] == list(range(1, n + 1))
    assert HELP[lang] in " ".join(text.split())


@pytest.mark.parametrize(("lang", "words"), [("en", ["log", "board", "hand"]),
                                             ("es", ["registro", "historial", "tablero", "mano"]),
                                             ("pt", ["registro", "histórico", "tabuleiro", "mão"])])
def test_the_console_words_of_each_language_are_understood(tmp_path, lang, words):
    player = Player(2, ["1", "2", *words, "quit"])
    code, text = play(tmp_path, ["--lang", lang, "--seed", "3", "--bots", "0", "--players", "2"], player)
    assert code == 0
    refused = {"en": "I can't read", "es": "No entiendo", "pt": "Não entendi"}[lang]
    assert refused not in text
    assert text.count("Hand image of" if lang == "en" else "(privad") == 1
    assert len(player.prompts) == len(words) + 3  # nothing played by the words: one prompt each


@pytest.mark.parametrize(("lang", "ruleset", "expected"), [
    ("en", "base", "I can't read “xyz”. A move looks like `take wug`, `reserve 2.3` or `buy 1.1`; gem colours: "
                   "w white, u blue, g green, r red, k black. Type ? for every legal move."),
    ("es", "base", "No entiendo «xyz». Una jugada se escribe como `take wug`, `reserve 2.3` o `buy 1.1`; colores "
                   "de las gemas: w blanco, u azul, g verde, r rojo, k negro. Escribe ? para ver todas las jugadas "
                   "legales."),
    ("pt", "base", "Não entendi «xyz». Uma jogada se escreve como `take wug`, `reserve 2.3` ou `buy 1.1`; cores "
                   "das gemas: w branco, u azul, g verde, r vermelho, k preto. Digite ? para ver todas as jogadas "
                   "válidas."),
    ("en", "spectacle", "I can't read “xyz”. A move looks like `take 1 3`, `reserve 7h` or `buy 7h`. Type ? for "
                        "every legal move."),
])
def test_an_unreadable_move_says_how_moves_look(tmp_path, lang, ruleset, expected):
    player = Player(3, ["xyz", "quit"])
    code, text = play(tmp_path, ["--lang", lang, "--ruleset", ruleset, "--seed", "3", "--bots", "0"], player)
    assert code == 0
    assert "  " + expected in text.split("\n") or expected in " ".join(text.split())


@pytest.mark.parametrize(("args", "expected"), [
    (["--names", "Zoe"], "base is played by 2 to 4 players and --names gives 1: add --bots 1 to play against the "
                         "computer, or another name (--names Zoe,Bruno)."),
    (["--names", "Bruno", "--lang", "es"], "base se juega de 2 a 4 jugadores y --names da 1: añade --bots 1 para "
                                           "jugar contra la computadora, u otro nombre (--names Bruno,Ana)."),
    (["--names", "A,B,C,D", "--bots", "1"], "base is played by 2 to 4 players; --names and --bots add up to 5: "
                                            "give fewer."),
])
def test_too_few_or_too_many_names_say_what_to_add_not_an_option_never_typed(tmp_path, args, expected):
    player = Player(1)
    code, text = play(tmp_path, args, player)
    assert (code, text) == (2, expected)
    assert "--players" not in text and player.prompts == []


@pytest.mark.parametrize(("lang", "expected"), [
    ("en", "  Take three different colours, or two of the same colour. (B-4)"),
    ("pt", "  Pegue três cores diferentes ou duas da mesma cor. (B-4)"),
])
def test_taking_four_colours_is_refused_citing_its_rule_as_every_other_refusal(tmp_path, lang, expected):
    player = Player(1, ["take wugr", "take wwww", "take wug", "quit"])
    code, text = play(tmp_path, ["--seed", "1", "--images", "none", "--bots", "0", "--lang", lang], player)
    assert code == 0
    assert text.split("\n").count(expected) == 2
    assert "wugr”" not in text  # not the "I can't read" of a typo
    assert asyncio.run(_actions(tmp_path / "g.sqlite3", 1))[0].code == "take wug"  # the refusals played nothing
