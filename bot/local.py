"""Local mode: play a whole game in a console, no Discord at all.

``python -m bot --local [--ruleset base] [--players 2] [--names Ana,Bruno] [--lang es]``

One person types the moves of every seat in turn, with the same action codes as the
slash commands (``take wug``, ``buy 1.3``, ``/reserve d2``...).  The game goes through
the real game service and a real SQLite file, exactly as in Discord; after every turn
the table image (as the seat to play sees it) is written to the output folder.

Console commands besides moves: ``?`` lists the legal moves, numbered (type the number
to play one), ``hand`` writes the private hand image, ``log`` prints the moves so far,
``quit`` leaves (the game stays in the database: ``--resume GAME_ID`` continues it).
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import uuid
from collections.abc import Callable, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import engine
from bot.i18n import lang_of, t
from bot.render import render_hand, render_table
from bot.service import GameService, ServiceError
from bot.service.types import GameInfo, ServiceSettings
from bot.store.sqlite import SqliteStore
from bot.text import action_label, decision_text, error_text, turn_line
from engine import GameState, TableView

DEFAULT_NAMES = ("Ana", "Bruno", "Carla", "Diego")
LOCAL_CHANNEL = 1  # the console is one "channel"
FIRST_USER = 1001

InputFn = Callable[[str], str]
OutputFn = Callable[[str], None]


class Console:
    """The read-eval-print loop over one game of the service."""

    def __init__(self, service: GameService, game_id: int, names: Sequence[str], lang: str, out_dir: Path,
                 read: InputFn, write: OutputFn) -> None:
        self.service = service
        self.game_id = game_id
        self.names = list(names)
        self.lang = lang
        self.out_dir = out_dir
        self.read = read
        self.write = write

    def say(self, key: str, **params: Any) -> None:
        self.write(t(key, self.lang, **params))

    async def info(self) -> GameInfo:
        return await self.service.game(self.game_id)

    def seat_names(self, game: GameInfo) -> list[str]:
        """Display names by engine seat (the seating is drawn from the seed at start)."""
        by_user = {FIRST_USER + i: name for i, name in enumerate(self.names)}
        out = [""] * len(game.players)
        for p in game.players:
            if p.seat is not None:
                out[p.seat] = by_user.get(p.user_id, t("local.player_n", self.lang, n=p.seat + 1))
        return out

    async def show(self, game: GameInfo, state: GameState) -> None:
        names = self.seat_names(game)
        seat = state.to_act
        view = engine.view_for(state, seat)
        png = await asyncio.to_thread(render_table, view, names=names, lang=self.lang)
        path = self.out_dir / f"game{self.game_id}-v{state.version:04d}.png"
        path.write_bytes(png)
        (self.out_dir / "latest.png").write_bytes(png)
        line = turn_line(view, view.last_events, names, self.lang)  # the whole turn so far
        if line:  # nothing to tell (a decision still pending): no empty line
            self.say("local.last", line=line)
        self.say("local.scores", scores=self.scores(view, names))
        self.say("local.image", path=str(path))

    def scores(self, view: TableView, names: Sequence[str]) -> str:
        """``Ana 7 · Bruno 12`` (points, or VP in Spectacle), in seat order."""
        return " · ".join(f"{names[s.seat]} {s.score}" for s in view.seats)

    async def run(self) -> int:
        shown_version = -1
        while True:
            game = await self.info()
            state = await self.service.state(self.game_id)
            if game.status in ("over", "aborted") or state is None or state.is_over:
                if state is not None and shown_version != state.version:
                    await self.show(game, state)
                self.final(game, state)
                return 0
            if shown_version != state.version:
                await self.show(game, state)
                shown_version = state.version
            names = self.seat_names(game)
            seat = state.to_act
            assert seat is not None  # the game is not over
            legal = engine.legal_actions(state)
            pending = state.pending_kind
            prompt_key = "local.prompt_decide" if pending else "local.prompt"
            asked = decision_text(engine.view_for(state, seat), self.lang) if pending else ""  # never the engine's name
            prompt = t(prompt_key, self.lang, name=names[seat], count=len(legal), kind=asked)
            try:
                line = self.read(prompt).strip()
            except EOFError:
                self.say("local.bye", game_id=self.game_id)
                return 0
            if not line:
                continue
            command = line.lower()
            if command in ("quit", "exit", "salir", "sair", "q"):
                self.say("local.bye", game_id=self.game_id)
                return 0
            if command in ("?", "help", "ayuda", "ajuda", "legal"):
                view = engine.view_for(state, seat)
                for i, action in enumerate(legal, 1):
                    code = str(action)
                    self.write(f"  {i:>3}. {code:<22} {action_label(view, action, self.lang)}")
                continue
            if command in ("hand", "mano", "mão", "mao"):
                view = engine.view_for(state, seat)
                png = await asyncio.to_thread(render_hand, view, names=names, lang=self.lang)
                path = self.out_dir / f"game{self.game_id}-hand-seat{seat + 1}.png"
                path.write_bytes(png)
                self.say("local.image", path=str(path))
                continue
            if command in ("log", "historial", "histórico"):
                for row in await self.service.actions(self.game_id):
                    self.write(f"  {row.seq:>4}  {names[row.seat]:<12} {row.code}")
                continue
            code = line.lstrip("/")
            if code.isdigit():
                k = int(code)
                if not 1 <= k <= len(legal):
                    self.say("local.bad_number", n=len(legal))
                    continue
                code = str(legal[k - 1])
            user_id = game.to_act_user
            assert user_id is not None
            try:
                await self.service.play(self.game_id, user_id, code, expected_version=state.version,
                                        request_id=uuid.uuid4().hex)
            except (engine.EngineError, ServiceError) as exc:
                self.write("  " + error_text(exc, self.lang))

    def final(self, game: GameInfo, state: GameState | None) -> None:
        names = self.seat_names(game)
        if state is None or game.status == "aborted":
            self.say("local.aborted")
            return
        view = engine.view_for(state, None)
        self.say("local.over")
        for seat in view.standings:  # the ruleset's tie-breaks (B-13, P-10), as on the image
            mark = " *" if seat in view.winners else ""
            self.write(f"  {names[seat]:<14} {view.seats[seat].score:>3}{mark}")


async def run(args: argparse.Namespace, read: InputFn, write: OutputFn) -> int:
    lang = lang_of(args.lang)
    out_dir = Path(args.out)
    out_dir.mkdir(parents=True, exist_ok=True)
    store = await SqliteStore.open(args.db)
    try:
        service = GameService(store, clock=lambda: datetime.now(UTC), settings=ServiceSettings())
        names = [n.strip() for n in args.names.split(",")] if args.names else list(DEFAULT_NAMES[: args.players])
        if args.resume is not None:
            game_id = int(args.resume)
            game = await service.game(game_id)
            if len(names) < len(game.players):
                names += [t("local.player_n", lang, n=i + 1) for i in range(len(names), len(game.players))]
        else:
            if len(names) != args.players:
                write(t("local.names_count", lang, count=args.players))
                return 2
            options: dict[str, Any] = {}
            if args.target is not None:
                options["target"] = args.target
            seed = args.seed if args.seed is not None else uuid.uuid4().int & 0xFFFFFFFF
            game = await service.create_game(channel_id=LOCAL_CHANNEL, creator_id=FIRST_USER, ruleset=args.ruleset,
                                             players=args.players, options=options, turn_timer=None, seed=seed)
            for i in range(1, args.players):
                await service.join(game.game_id, FIRST_USER + i)
            await service.start(game.game_id, FIRST_USER)
            game_id = game.game_id
            examples = t(f"bot.examples.{engine.find_ruleset(game.ruleset).game}", lang)
            write(t("local.welcome", lang, game_id=game_id, ruleset=game.ruleset, out=str(out_dir), db=str(args.db),
                    examples=examples))
        console = Console(service, game_id, names, lang, out_dir, read, write)
        return await console.run()
    finally:
        await store.close()


def parse_args(argv: Sequence[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m bot --local", description=__doc__.splitlines()[0])
    parser.add_argument("--ruleset", default="base", help="base, orient, strongholds, orient+strongholds, spectacle")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--names", default="", help="comma-separated player names, in joining order")
    parser.add_argument("--lang", default="en", help="en, es or pt")
    parser.add_argument("--db", default="local-games.sqlite3", help="SQLite file (created if missing)")
    parser.add_argument("--out", default="local-tables", help="folder for the table images")
    parser.add_argument("--seed", type=int, default=None)
    parser.add_argument("--target", type=int, default=None, help="points to win (Splendor; default 15)")
    parser.add_argument("--resume", type=int, default=None, metavar="GAME_ID")
    return parser.parse_args(list(argv))


def main(argv: Sequence[str] | None = None, *, read: InputFn = input, write: OutputFn = print) -> int:
    args = parse_args(sys.argv[1:] if argv is None else argv)
    try:
        return asyncio.run(run(args, read, write))
    except (engine.EngineError, ServiceError) as exc:
        write(error_text(exc, args.lang))
        return 2
    except KeyboardInterrupt:
        write("")
        return 130


if __name__ == "__main__":
    raise SystemExit(main())
