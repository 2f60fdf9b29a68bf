"""Local mode: play whole games in a console, no Discord at all.

``python -m bot --local [--ruleset base] [--players 2] [--names Ana,Bruno] [--lang es]`` starts a new
game every time; ``--list`` lists the unfinished ones and ``--resume GAME_ID`` continues one.

With no options a newcomer plays one medium computer player; ``--bots N --level L`` seats computer
players (their turns are played by the service, as in Discord), and with ``--players`` or ``--names``
alone one person types the moves of every seat in turn, with the same action codes as the slash commands
(``take wug``, ``buy 1.3``, ``/reserve d2``...).  The games go through the real game service and a
real SQLite file, exactly as in Discord.  After every turn the console prints the last turn and a
compact text board (:mod:`bot.textboard`) as the seat to play sees it, and writes the table image
to ``latest.png`` in the output folder (``--images all`` keeps one per turn, ``none`` writes none).

Console commands besides moves: ``?`` (``help``) lists the legal moves, numbered (type the number to
play one), and these words: ``board`` prints the board again, ``hand`` writes the private hand image,
``log`` prints the moves so far, ``quit`` (or Ctrl-D, or Ctrl-C) leaves: the game is saved after every
move.  Each has its Spanish and Portuguese word too (``tablero``/``tabuleiro``, ``mano``/``mão``,
``registro``/``historial``/``histórico``, ``salir``/``sair``).  A move the console cannot read is
answered with what a move looks like (the colour letters) and ``?``.

Each local game is its own "channel" (``1``, ``2``...) with its own players, whose names are
stored as the users' names, so a resumed game keeps them.  Options are checked before anything
starts; a refusal is one sentence naming the valid range or choices.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import signal
import sys
import textwrap
import threading
import uuid
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from types import FrameType
from typing import Any

import engine
from bot.computer_text import computer_name
from bot.computer_worker import review_game as make_review_json
from bot.i18n import LANGS, lang_of, t
from bot.render import recap_png, render_hand, render_table
from bot.review_text import review_lines
from bot.service import GameService, ServiceError
from bot.service.bots import LEVELS as COMPUTER_LEVELS
from bot.service.bots import is_bot
from bot.service.reviews import ReviewNotOver, in_daemon_thread
from bot.service.types import GameInfo, ServiceSettings
from bot.store.sqlite import SqliteStore
from bot.text import action_label, error_text, log_lines, ruleset_label, turn_line
from bot.textboard import WIDTH, pending_text, text_board
from engine import GameState

DEFAULT_NAMES = ("Ana", "Bruno", "Carla", "Diego")
#: Local game ``k`` plays in channel ``k``; its players are users ``k * USERS_PER_GAME + 1 + i``.
USERS_PER_GAME = 10_000
#: Games begun before local games had channels of their own: all in channel 1, users 1001, 1002...
LEGACY_FIRST_USER = 1001
TARGET_RANGE = (3, 30)  # as /splendor new's target option
SEED_MAX = 2**63 - 1
IMAGES = ("latest", "all", "none")
DEFAULT_LEVEL = "medium"  # issue 12: a newcomer meets a medium computer

InputFn = Callable[[str], str]
OutputFn = Callable[[str], None]

#: Refusals whose Discord wording names a slash command, worded for the console instead.
CONSOLE_REFUSALS = {"err.pending": "local.refusal.pending"}
QUIT_WORDS = frozenset({"quit", "exit", "salir", "sair", "q"})
HELP_WORDS = frozenset({"?", "help", "ayuda", "ajuda", "legal"})
BOARD_WORDS = frozenset({"board", "tablero", "mesa", "tabuleiro", "b"})
HAND_WORDS = frozenset({"hand", "mano", "mão", "mao"})
LOG_WORDS = frozenset({"log", "registro", "historial", "histórico", "historico"})


def local_user(channel: int, index: int) -> int:
    """The user id of the ``index``-th player (0-based, joining order) of the local game in ``channel``."""
    return channel * USERS_PER_GAME + 1 + index


# ------------------------------------------------------------------ options
def add_arguments(parser: argparse.ArgumentParser | argparse._ArgumentGroup) -> None:
    """The local-mode options (shared by ``python -m bot --help`` and ``python -m bot --local``).

    Setup options default to ``None`` so that the checks can tell what was given.
    """
    parser.add_argument("--ruleset", default=None, metavar="NAME",
                        help="base, orient, strongholds, orient+strongholds or spectacle (default base)")
    parser.add_argument("--players", type=int, default=None, metavar="N",
                        help="number of players, computers included (default: one per --names plus --bots, else 2)")
    parser.add_argument("--names", default=None, metavar="A,B,...",
                        help="comma-separated names of the people playing, in joining order (default Ana,Bruno,...)")
    parser.add_argument("--bots", type=int, default=None, metavar="N",
                        help="computer players among the seats (default: 1 when neither --players nor --names is "
                             "given, so a newcomer plays a real game at once; else 0: every seat typed here)")
    parser.add_argument("--level", default=None, choices=COMPUTER_LEVELS,
                        help="strength of the computer players (default medium)")
    parser.add_argument("--target", type=int, default=None, metavar="POINTS",
                        help=f"points to win, {TARGET_RANGE[0]} to {TARGET_RANGE[1]} (Splendor rulesets; default 15)")
    parser.add_argument("--seed", type=int, default=None, help="seed of the shuffle (default: random)")
    parser.add_argument("--lang", default=None, choices=LANGS,
                        help="language of the console and images (default en; a resumed game keeps its own)")
    parser.add_argument("--list", action="store_true", help="list the unfinished games and exit")
    parser.add_argument("--resume", type=int, default=None, metavar="GAME_ID", help="continue an unfinished game")
    parser.add_argument("--review", type=int, default=None, metavar="GAME_ID",
                        help="print the review of a finished game: accuracy and biggest swings per player")
    parser.add_argument("--db", default="local-games.sqlite3", metavar="FILE",
                        help="SQLite file of the local games (created if missing; default %(default)s)")
    parser.add_argument("--out", default="local-tables", metavar="DIR",
                        help="folder for the table images (default %(default)s)")
    parser.add_argument("--images", default="latest", choices=IMAGES,
                        help="latest: the newest table, hand and final images (default); all: also one per "
                             "turn; none: no images")


SETUP_OPTIONS = ("ruleset", "players", "names", "target", "seed", "bots", "level")


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m bot --local", description=__doc__.splitlines()[0])
    add_arguments(parser)
    return parser


def given_options(args: argparse.Namespace) -> list[str]:
    """The setup options given on the command line (``--ruleset``...)."""
    return [f"--{name}" for name in SETUP_OPTIONS if getattr(args, name, None) is not None]


def split_names(text: str) -> list[str]:
    return [n.strip() for n in text.split(",")]


def option_problem(args: argparse.Namespace) -> str | None:
    """One sentence saying what is wrong with the options, or ``None``; nothing has started yet.

    Fills in the defaults of a new game (``ruleset``, ``players``, ``names``) when they are fine.
    """
    lang = lang_of(args.lang)
    given = given_options(args)
    if args.list or args.resume is not None or args.review is not None:
        if given:
            key = "local.err.list_setup" if args.list else \
                "local.err.resume_setup" if args.resume is not None else "local.err.review_setup"
            return t(key, lang, option=given[0])
        if args.list and args.resume is not None:
            return t("local.err.list_setup", lang, option="--resume")
        if args.review is not None and (args.list or args.resume is not None):
            return t("local.err.list_setup", lang, option="--review")
        return None
    name = args.ruleset or "base"
    try:
        rules = engine.find_ruleset(name)
    except engine.UnknownRuleset:
        return t("local.err.ruleset", lang, value=name, choices=", ".join(engine.ruleset_names()))
    names = split_names(args.names) if args.names is not None else None
    bots = args.bots if args.bots is not None else 0 if args.players is not None or names else 1
    players = args.players if args.players is not None else len(names) + bots if names else 2
    if not rules.min_players <= players <= rules.max_players:
        if args.players is None:  # counted from --names and --bots: name what the user typed, and the way out
            key = "local.err.names_few" if players < rules.min_players else "local.err.names_many"
            return t(key, lang, ruleset=rules.name, value=players, min=rules.min_players, max=rules.max_players,
                     count=len(names or ()), missing=rules.min_players - players,
                     example=",".join([*(names or ()), DEFAULT_NAMES[1] if DEFAULT_NAMES[1] not in (names or ())
                                       else DEFAULT_NAMES[0]]))
        return t("local.err.players", lang, ruleset=rules.name, value=players, min=rules.min_players,
                 max=rules.max_players)
    if not 0 <= bots < players:  # a game can be all computers but one
        return t("local.err.bots", lang, value=bots, max=players - 1)
    if args.level is not None and not bots:
        return t("local.err.level_without_bots", lang)
    people = players - bots
    if names is None:
        names = [*DEFAULT_NAMES, *(t("local.player_n", lang, n=i + 1) for i in range(4, people))][:people]
    if len(names) != people:
        return t("local.names_count", lang, count=people)
    if any(not n for n in names) or len({n.casefold() for n in names}) != len(names):
        return t("local.err.names", lang, value=args.names)
    if args.target is not None:
        if "target" not in rules.option_names:
            return t("local.err.target_none", lang, ruleset=rules.name)
        if not TARGET_RANGE[0] <= args.target <= TARGET_RANGE[1]:
            return t("local.err.target_range", lang, value=args.target, min=TARGET_RANGE[0], max=TARGET_RANGE[1])
    if args.seed is not None and not 0 <= args.seed <= SEED_MAX:
        return t("local.err.seed", lang, max=SEED_MAX)
    args.ruleset, args.players, args.names = rules.name, players, ",".join(names)
    args.bots, args.level = bots, args.level or DEFAULT_LEVEL
    return None


# ------------------------------------------------------------------ the console
def fit(text: str) -> list[str]:
    """``text``'s lines wrapped at 80 columns (a long word, such as a path, stays whole)."""
    out: list[str] = []
    for line in text.split("\n"):
        if len(line) <= WIDTH:
            out.append(line)
        else:
            out += textwrap.wrap(line, WIDTH, subsequent_indent="    ", break_long_words=False,
                                 break_on_hyphens=False)
    return out


@dataclass
class Session:
    """What an interruption needs to say: the game being played, once there is one."""

    lang: str
    game_id: int | None = None

    def stopped(self) -> str:
        if self.game_id is None:
            return t("local.stopped", self.lang)
        return t("local.interrupted", self.lang, game_id=self.game_id)


class Console:
    """The read-eval-print loop over one game of the service."""

    def __init__(self, service: GameService, game_id: int, names: Sequence[str], lang: str, out_dir: Path,
                 read: InputFn, write: OutputFn, *, images: str = "latest") -> None:
        self.service = service
        self.game_id = game_id
        self.names = list(names)  # by seat
        self.lang = lang
        self.out_dir = out_dir
        self.read = read
        self._write = write
        self.images = images

    def write(self, text: str) -> None:
        for line in fit(text):
            self._write(line)

    def say(self, key: str, **params: Any) -> None:
        self.write(t(key, self.lang, **params))

    def _image(self, name: str, png: bytes) -> Path:
        self.out_dir.mkdir(parents=True, exist_ok=True)
        path = self.out_dir / name
        path.write_bytes(png)
        return path

    async def table_image(self, state: GameState, *, final: bool = False) -> Path | None:
        """``latest.png`` (and the per-turn image with ``--images all``; the final image at the end)."""
        if self.images == "none":
            return None
        view = engine.view_for(state, None if final else state.to_act)
        png = await asyncio.to_thread(render_table, view, names=self.names, lang=self.lang)
        self._image("latest.png", png)
        if self.images == "all":
            self._image(f"game{self.game_id}-v{state.version:04d}.png", png)
        if final:
            return self._image(f"game{self.game_id}-final.png", png)
        return self.out_dir / "latest.png"

    async def show(self, state: GameState) -> None:
        view = engine.view_for(state, state.to_act)
        line = turn_line(view, view.last_events, self.names, self.lang)  # the whole turn so far
        if line:  # nothing to tell (a decision still pending): no empty line
            self.say("local.last", line=line)
        self.board(state)
        await self.table_image(state)

    def tell_turn(self, state: GameState) -> None:
        """The whole turn that ``state`` ends (or continues), as one ``Last turn:`` line; nothing when it is empty."""
        view = engine.view_for(state, None)
        line = turn_line(view, view.last_events, self.names, self.lang)
        if line:
            self.say("local.last", line=line)

    async def computers_play(self) -> None:
        """The computer players' turns until a person is to act; each finished one told once, but the last
        (shown next with the board, as any last turn); a decision inside a turn is told with its turn."""
        outcomes = await self.service.play_computers(self.game_id)
        for outcome in outcomes[:-1]:
            if outcome.state is not None and outcome.state.pending_kind is None:
                self.tell_turn(outcome.state)

    def board(self, state: GameState) -> None:
        for line in text_board(engine.view_for(state, state.to_act), self.names, self.lang):
            self.write(line)

    def prompt(self, state: GameState, count: int) -> str:
        seat = state.to_act
        assert seat is not None
        what = pending_text(engine.view_for(state, seat), self.names, self.lang)
        if what is None:
            return t("local.prompt", self.lang, name=self.names[seat], count=count)
        return t("local.prompt_decide", self.lang, what=what, count=count)

    async def run(self) -> int:
        shown_version = -1
        while True:
            game = await self.service.game(self.game_id)
            state = await self.service.state(self.game_id)
            if game.status in ("over", "aborted") or state is None or state.is_over:
                if state is not None and shown_version != state.version:
                    self.tell_turn(state)
                await self.final(game, state)
                return 0
            if game.to_act_user is not None and is_bot(game.to_act_user):
                if shown_version != state.version:  # the turn a person just finished, before the computers answer
                    self.tell_turn(state)
                    shown_version = state.version
                await self.computers_play()
                continue
            if shown_version != state.version:
                await self.show(state)
                shown_version = state.version
            legal = engine.legal_actions(state)
            try:
                line = self.read(self.prompt(state, len(legal))).strip()
            except EOFError:
                self.write("")
                self.say("local.bye", game_id=self.game_id)
                return 0
            except KeyboardInterrupt:
                self.write("")
                self.say("local.interrupted", game_id=self.game_id)
                return 130
            if line:
                await self.command(line, game, state, legal)
            if line.lower() in QUIT_WORDS:
                return 0

    async def command(self, line: str, game: GameInfo, state: GameState, legal: Sequence[engine.Action]) -> None:
        seat = state.to_act
        assert seat is not None
        word = line.lower()
        if word in QUIT_WORDS:
            self.say("local.bye", game_id=self.game_id)
        elif word in HELP_WORDS:
            view = engine.view_for(state, seat)
            for i, action in enumerate(legal, 1):
                line = f"  {i:>3}. {action!s:<22} {action_label(view, action, self.lang)}"
                for part in textwrap.wrap(line, WIDTH, subsequent_indent=" " * 31, break_long_words=False):
                    self._write(part)
            self.say("local.help.words")  # board, hand, log, quit: in the player's language
        elif word in BOARD_WORDS:
            self.board(state)
        elif word in HAND_WORDS:
            if self.images == "none":
                self.say("local.no_images")
                return
            view = engine.view_for(state, seat)
            png = await asyncio.to_thread(render_hand, view, names=self.names, lang=self.lang)
            path = self._image(f"game{self.game_id}-hand.png", png)
            self.say("local.hand_image", name=self.names[seat], path=str(path))
        elif word in LOG_WORDS:
            for entry in log_lines(state, seat, self.names, self.lang):  # as players read it, never action codes
                self.write("  " + entry)
        else:
            await self.play(line, game, state, legal)

    async def play(self, line: str, game: GameInfo, state: GameState, legal: Sequence[engine.Action]) -> None:
        code = line.lstrip("/")
        if code.isascii() and code.isdigit():
            k = int(code) if len(code) <= 4 else 0
            if not 1 <= k <= len(legal):
                self.say("local.bad_number", n=len(legal))
                return
            code = str(legal[k - 1])
        user_id = game.to_act_user
        assert user_id is not None
        try:
            await self.service.play(self.game_id, user_id, code, expected_version=state.version,
                                    request_id=uuid.uuid4().hex)
        except (engine.EngineError, ServiceError) as exc:
            key = CONSOLE_REFUSALS.get(exc.key) if isinstance(exc, engine.EngineError) else None
            if isinstance(exc, engine.EngineError) and exc.key == "err.syntax":  # how a move looks, and `?`
                family = engine.find_ruleset(game.ruleset).game
                self.write("  " + t(f"local.refusal.syntax.{family}", self.lang, text=exc.params.get("text", line),
                                    examples=t(f"bot.examples.{family}", self.lang)))
                return
            self.write("  " + (t(key, self.lang) if key else error_text(exc, self.lang)))

    async def final(self, game: GameInfo, state: GameState | None) -> None:
        if state is None or game.status == "aborted":
            self.say("local.aborted")
            return
        view = engine.view_for(state, None)
        for line in text_board(view, self.names, self.lang):
            self.write(line)
        self.say("local.over")
        for place, seat in enumerate(view.standings, 1):  # the ruleset's tie-breaks (B-13, P-10), as on the image
            mark = " *" if seat in view.winners else ""
            self.write(f"  {place}. {self.names[seat]:<16} {view.seats[seat].score:>3}{mark}")
        path = await self.table_image(state, final=True)
        if path is not None:
            self.say("local.final_image", path=str(path))
            png = await asyncio.to_thread(recap_png, state, self.names, self.lang)
            self.say("local.recap_image", path=str(self._image(f"game{self.game_id}-recap.png", png)))
        self.say("local.review_hint", game_id=self.game_id)


class ConsoleReviewer:
    """Reviews in a thread of this process and tells the console how far it got, each tenth of the game: the
    console has nothing else to do meanwhile, and a review takes up to a minute on a busy machine."""

    def __init__(self, write: OutputFn, lang: str) -> None:
        self.write, self.lang = write, lang

    async def review(self, config: engine.GameConfig, history: list[tuple[int, str]],
                     seed: int) -> tuple[str, str, float]:
        loop = asyncio.get_running_loop()
        shown = 0

        def progress(done: int, total: int) -> None:  # in the review's thread
            nonlocal shown
            tenth = done * 10 // max(1, total)
            if shown < tenth < 10:
                shown = tenth
                loop.call_soon_threadsafe(self.write, t("local.review_progress", self.lang, percent=tenth * 10))

        return await in_daemon_thread(make_review_json, config, history, seed, progress)

    def close(self) -> None:
        return None


async def review_game(service: GameService, game_id: int, lang_arg: str | None, write: OutputFn) -> int:
    """``--review GAME_ID``: the review of a finished game (:mod:`bot.review_text`), in its language."""
    lang = lang_of(lang_arg)
    try:
        game = await service.game(game_id)
    except ServiceError:
        write(t("local.review_missing", lang, game_id=game_id))
        return 2
    if lang_arg is None and game.lang:
        lang = lang_of(game.lang)
    try:
        answer = await service.game_review(game_id)  # made once, then stored (the bot's /player review reads it)
    except ReviewNotOver:
        write(t("local.review_unfinished", lang, game_id=game_id))
        return 2
    if answer.review is None:
        write(t("local.review_working", lang, game_id=game_id))
        service.use_reviewer(ConsoleReviewer(write, lang))
        await service.make_review(game_id)
        answer = await service.game_review(game_id)
    result = answer.review
    if result is None:
        write(t("review.failed", lang))
        return 1
    history = list(answer.history)
    names = await seat_names(service, game, lang)
    people = {p.seat for p in game.players if p.seat is not None and not is_bot(p.user_id)}
    for line in review_lines(answer.config, history, result, names, lang, you=people):  # computers named, not "you"
        for part in fit(line):
            write(part)
    return 0


# ------------------------------------------------------------------ games of the local database
async def local_games(service: GameService) -> list[GameInfo]:
    """The latest game of every local channel (1, 2, ... up to the first unused one)."""
    games: list[GameInfo] = []
    channel = 1
    while (game := await service.game_for_channel(channel)) is not None:
        games.append(game)
        channel += 1
    return games


async def seat_names(service: GameService, game: GameInfo, lang: str) -> list[str]:
    """Display names by engine seat: the names stored for the game's players, else "Player n"."""
    known = await service.known_names()
    names = [t("local.player_n", lang, n=i + 1) for i in range(len(game.players))]
    for p in game.players:
        name = computer_name(p.user_id, lang) or known.get(p.user_id)
        if p.seat is not None and name:
            names[p.seat] = name
    return names


async def list_games(service: GameService, db: str, lang: str, write: OutputFn) -> int:
    unfinished = [g for g in await local_games(service) if g.status == "active"]
    if not unfinished:
        write(t("local.list.none", lang, db=db))
        return 0
    write(t("local.list.header", lang, db=db))
    for game in unfinished:
        names = await seat_names(service, game, lang)
        state = await service.state(game.game_id)
        turn = 0 if state is None else state.turn + 1
        to_act = names[game.to_act_seat] if game.to_act_seat is not None else "—"
        write(t("local.list.row", lang, game_id=game.game_id, ruleset=ruleset_label(game.ruleset, lang),
                names=", ".join(names), turn=turn, name=to_act))
    write(t("local.list.footer", lang))
    return 0


async def new_game(service: GameService, args: argparse.Namespace) -> GameInfo:
    channel = len(await local_games(service)) + 1
    names = split_names(args.names)
    options: dict[str, Any] = {} if args.target is None else {"target": args.target}
    seed = args.seed if args.seed is not None else uuid.uuid4().int & 0xFFFFFFFF
    users = [local_user(channel, i) for i in range(len(names))]
    for user, name in zip(users, names, strict=True):
        await service.set_name(user, name)
    game = await service.create_game(channel_id=channel, creator_id=users[0], ruleset=args.ruleset,
                                     players=args.players, options=options, turn_timer=None, seed=seed,
                                     lang=lang_of(args.lang))
    for user in users[1:]:
        await service.join(game.game_id, user)
    for _ in range(args.bots):
        await service.add_bot(game.game_id, users[0], args.level)
    await service.start(game.game_id, users[0])
    return await service.game(game.game_id)


async def run(args: argparse.Namespace, read: InputFn, write: OutputFn, session: Session | None = None) -> int:
    """Play (or list) with options that :func:`option_problem` accepted."""
    lang = lang_of(args.lang)
    session = session or Session(lang)
    store = await SqliteStore.open(args.db)
    try:
        # No pause before a computer answers: the console tells the turns in order anyway.
        service = GameService(store, clock=lambda: datetime.now(UTC), settings=ServiceSettings(computer_delay=0))
        if args.list:
            return await list_games(service, args.db, lang, write)
        if args.review is not None:
            return await review_game(service, args.review, args.lang, write)
        if args.resume is not None:
            game = await service.game(args.resume)
            if args.lang is None and game.lang:  # the language the game was started in
                lang = session.lang = lang_of(game.lang)
        else:
            game = await new_game(service, args)
            examples = t(f"bot.examples.{engine.find_ruleset(game.ruleset).game}", lang)
            welcome = t("local.welcome", lang, game_id=game.game_id, ruleset=ruleset_label(game.ruleset, lang),
                        db=args.db, examples=examples)
            if args.images != "none":
                welcome += "\n" + t("local.images", lang, path=str(Path(args.out) / "latest.png"))
            for line in fit(welcome):
                write(line)
        session.game_id = game.game_id
        names = await seat_names(service, game, lang)
        console = Console(service, game.game_id, names, lang, Path(args.out), read, write, images=args.images)
        try:
            return await console.run()
        finally:
            service.close_computers()
    finally:
        await store.close()


@contextmanager
def interrupt_at_once() -> Iterator[None]:
    """Ctrl-C raises ``KeyboardInterrupt`` where the console is, even inside ``input()``.

    ``asyncio.run`` otherwise replaces the handler by one that only cancels the main task at its next
    ``await``: a prompt waiting in ``input()`` would read (and play) one more line before stopping.
    """
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def interrupt(signum: int, frame: FrameType | None) -> None:
        raise KeyboardInterrupt

    previous = signal.signal(signal.SIGINT, interrupt)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


def play(args: argparse.Namespace, *, read: InputFn = input, write: OutputFn = print) -> int:
    """Check the options, then play; exit code 2 for a refusal, 130 after Ctrl-C."""
    problem = option_problem(args)
    if problem is not None:
        write(problem)
        return 2
    session = Session(lang_of(args.lang))
    try:
        with interrupt_at_once():
            return asyncio.run(run(args, read, write, session))
    except (engine.EngineError, ServiceError) as exc:
        write(error_text(exc, args.lang))
        return 2
    except KeyboardInterrupt:
        write("")
        write(session.stopped())
        return 130
    except BrokenPipeError:  # the output went to a pipe that closed (`| head`): the game is saved, stop quietly
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1


def main(argv: Sequence[str] | None = None, *, read: InputFn = input, write: OutputFn = print) -> int:
    args = build_parser().parse_args(list(sys.argv[1:] if argv is None else argv))
    return play(args, read=read, write=write)


if __name__ == "__main__":
    raise SystemExit(main())
