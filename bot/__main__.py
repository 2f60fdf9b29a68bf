"""``python -m bot``: run the Discord bot (settings from the environment / ``.env``).
``python -m bot --local``: play in this console instead (see :mod:`bot.local`).

A deployment names its own paths on the command line (``--database``, ``--health-file``, ``--log-format``):
the command line wins over the environment and ``.env``, so an environment file an operator copies cannot
undo the deployment by accident (a setting it overrides is logged as a warning).

One argparse entry (:func:`build_parser`) reads the command line and dispatches; ``--help`` answers
before any setting is read, so it works without a token.  Subcommands (``python -m bot NAME ...``)
attach to the parser returned by :func:`build_parser` with ``add_subparsers``.

Exit status: 0 after a clean stop, 2 for bad settings or a token Discord refuses,
3 when the database cannot be used (one sentence on stderr naming the path and the cause).
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import os
import sys
import threading
import time
from collections.abc import Sequence
from typing import TYPE_CHECKING

from bot import local
from bot.admin import COMMANDS as ADMIN_COMMANDS

if TYPE_CHECKING:
    from bot.config import Settings

#: The slash commands the bot registers (tests/e2e/test_command_tree.py checks this list against the tree).
DISCORD_COMMANDS = """\
Discord commands (in a server's channels; names translated for Spanish and Portuguese users):
  on your turn  /take /reserve /buy /claim /choose
  /splendor     a game: new join leave addbot removebot hint start abort kick resign
                rematch undo status table hand log rules (also lists every command) move plan
  /player       you: settings block unblock blocks stats review
  /server       the server, for Manage Server: defaults
  /league       leagues: create info list join leave queue unqueue standings web history
                export void settle rebuild roles, season end
Moved in this release (README, "Commands"): /splendor settings, block, unblock, blocks, review
are now /player ...; /stats is /player stats; /splendor defaults is /server defaults."""

BOT_HELP = """\
{commands}

Discord bot mode (no --local): settings come from the environment or from .env
in the current folder (copy .env.example); every one is SPLENDOR_<NAME>. The
options --database, --health-file and --log-format win over them:
{settings}
A missing or malformed token, a token Discord refuses, or no network stops the
bot with one sentence saying what to check."""

#: Bot-mode options of a deployment: the setting each one replaces.
DEPLOYMENT_OPTIONS = {"database": "database", "health_file": "health_file", "log_format": "log_format"}

#: Exit status when the database cannot be used (bad file, read-only, damaged, held by another bot).
EXIT_DATABASE = 3


def _settings_help() -> str:
    from bot.config import Settings

    rows = []
    for name, field in Settings.model_fields.items():
        rows.append(f"  SPLENDOR_{name.upper():<24} {field.description or ''}")
    return "\n".join(rows)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m bot",
        description="Splendor for Discord: run the Discord bot, or play a game in this console with --local. "
                    "Operator commands: python -m bot {backup,restore,check,health,migrate,web} --help "
                    "(docs/operators.md, docs/postgresql.md).",
        epilog=BOT_HELP.format(commands=DISCORD_COMMANDS, settings=_settings_help()),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--local", action="store_true",
                        help="play in this console (no Discord, no token): you against a computer by default, "
                             "or several people at one keyboard (local mode, below)")
    deployment = parser.add_argument_group(
        "deployment (bot mode; these win over the environment and .env)",
        "The systemd unit and the Docker image pass them, so an environment file cannot move the database "
        "or the heartbeat by accident.")
    deployment.add_argument("--database", default=None, metavar="PATH|URL",
                            help="the SQLite file, or a database URL (instead of SPLENDOR_DATABASE_URL/_PATH)")
    deployment.add_argument("--health-file", default=None, metavar="FILE",
                            help="the heartbeat file `python -m bot health` reads (instead of SPLENDOR_HEALTH_FILE)")
    deployment.add_argument("--log-format", default=None, choices=("text", "json"),
                            help="text, or json: one JSON object per line (instead of SPLENDOR_LOG_FORMAT)")
    local.add_arguments(parser.add_argument_group(
        "local mode (with --local)",
        "A new game each time unless --resume; --list shows the unfinished ones. Examples:\n"
        "  python -m bot --local --names Alice,Bob\n"
        "  python -m bot --local --ruleset orient+strongholds --players 3 --lang es\n"
        "  python -m bot --local --list\n"
        "  python -m bot --local --resume 2",
    ))
    return parser


def local_only_options(parser: argparse.ArgumentParser, args: argparse.Namespace) -> list[str]:
    """Local-mode options given without ``--local`` (they would be silently ignored)."""
    given = []
    for action in parser._actions:
        if action.dest in ("help", "local", *DEPLOYMENT_OPTIONS) or not action.option_strings:
            continue
        if getattr(args, action.dest, None) != action.default:
            given.append(action.option_strings[0])
    return given


def main(argv: Sequence[str] | None = None) -> int:
    given = list(sys.argv[1:] if argv is None else argv)
    if given[:1] == ["web"]:  # python -m bot web [--demo]: the read-only web pages (bot/web)
        from bot.web import cli

        return cli.main(given[1:])
    if given[:1] == ["migrate"]:  # python -m bot migrate --from sqlite:///FILE --to postgresql://...
        from bot import migrate

        return migrate.main(given[1:])
    if given and given[0] in ADMIN_COMMANDS:  # operator commands: backup, restore, check, health (bot/admin.py)
        from bot import admin, pgadmin

        return admin.main(given, postgres=pgadmin.run)
    parser = build_parser()
    args = parser.parse_args(given)
    if args.local:
        deployment = [f"--{name.replace('_', '-')}" for name in DEPLOYMENT_OPTIONS if getattr(args, name) is not None]
        if deployment:
            parser.error(f"{deployment[0]} is a bot-mode option: local games use --db.")
        return local.play(args)
    stray = local_only_options(parser, args)
    if stray:
        parser.error(f"{stray[0]} is a local-mode option: add --local to play in the console.")
    return run_bot(command_line_settings(args))


def command_line_settings(args: argparse.Namespace) -> dict[str, object]:
    """The settings the command line gives (they win over the environment and ``.env``).

    ``--database`` is a path or a URL: either way it replaces both SPLENDOR_DATABASE_URL and _PATH."""
    given: dict[str, object] = {}
    if args.database is not None:
        if "://" in args.database:
            given["database_url"] = args.database
        else:
            given["database_url"] = ""
            given["database_path"] = args.database
    if args.health_file is not None:
        given["health_file"] = args.health_file
    if args.log_format is not None:
        given["log_format"] = args.log_format
    return given


def overridden(given: dict[str, object], environ: dict[str, str] | None = None) -> list[str]:
    """Environment variables the command line overrides with another value, as ``NAME=value`` (for a warning)."""
    env = dict(os.environ if environ is None else environ)
    out = []
    for name, value in given.items():
        variable = f"SPLENDOR_{name.upper()}"
        if env.get(variable, "").strip() not in ("", str(value)):
            out.append(f"{variable}={env[variable]}")
    return out


def run_bot(given: dict[str, object] | None = None) -> int:
    """Start the Discord bot; every way it can fail to start is one sentence on stderr and exit code 2.

    ``given``: settings from the command line, winning over the environment and ``.env``."""
    import aiohttp
    import discord
    from pydantic import ValidationError

    from bot.client import create_bot, open_store
    from bot.config import Settings, describe_validation_error
    from bot.logs import configure_logging
    from bot.store import StoreUnavailable

    given = given or {}
    try:
        settings = Settings(**given)  # type: ignore[arg-type]  # pydantic-settings: keyword values win
    except ValidationError as error:
        print(describe_validation_error(error), file=sys.stderr)
        return 2
    problem = settings.token_problem() or settings.web_play_problem()
    if problem:
        print(problem, file=sys.stderr)
        return 2
    configure_logging(settings)  # text or JSON lines (SPLENDOR_LOG_FORMAT, bot/logs.py)
    quiet_voice_warnings()
    log = logging.getLogger("bot")
    for ignored in overridden(given):
        log.warning("%s from the environment is ignored: the command line says otherwise", ignored)

    async def run() -> None:
        # The database is opened (and checked) before logging in: a refusal exits at once, offline.
        store = await open_store(settings)
        log.info("database: %s; heartbeat file: %s", describe_database(settings.store_url),
                 settings.health_file or "none")
        # A first heartbeat at once: the file is there (and writable) before Discord answers.
        beat(settings, "connecting", "not connected to Discord yet")
        async with create_bot(settings, store=store) as bot:
            await bot.start(settings.discord_token.get_secret_value())

    try:
        asyncio.run(run())
    except KeyboardInterrupt:
        return 0
    except StoreUnavailable as exc:
        return stop(settings, str(exc), EXIT_DATABASE)
    except discord.LoginFailure:
        return stop(settings, "Discord refused the token in SPLENDOR_DISCORD_TOKEN: reset it in the developer portal "
                    "(Bot > Reset Token) and update .env.")
    except discord.PrivilegedIntentsRequired:
        return stop(settings, "Discord refused a privileged intent; this bot needs none, check the application "
                    "settings.")
    except (aiohttp.ClientError, OSError, discord.GatewayNotFound, discord.HTTPException) as error:
        return stop(settings, f"Could not reach Discord ({type(error).__name__}): check this machine's network "
                    "connection, proxy and firewall (discord.com must be reachable over HTTPS); the token was not "
                    "checked.")
    return 0


def describe_database(url: str) -> str:
    """The database for a log line: a SQLite file's absolute path, a PostgreSQL URL without its password."""
    from bot.admin import redacted
    from bot.store.url import parse_database_url

    target = parse_database_url(url)
    return str(target.path.absolute()) if target.path is not None else redacted(url)


def beat(settings: Settings, status: str, detail: str) -> None:
    """Write the heartbeat file (when one is set) outside the running bot: starting, or stopped for ``detail``."""
    from bot.admin import write_health

    if settings.health_file is None:
        return
    try:
        write_health(settings.health_file, {"at": time.time(), "pid": os.getpid(), "status": status,
                                            "detail": detail})
    except OSError as exc:
        logging.getLogger("bot").error("cannot write the heartbeat file %s (%s)", settings.health_file.absolute(),
                                       exc.strerror)


def stop(settings: Settings, sentence: str, code: int = 2) -> int:
    """A failed start: the sentence on stderr (and in the heartbeat, for ``python -m bot health``)."""
    print(sentence, file=sys.stderr)
    beat(settings, "stopped", sentence)
    return code


def exit_now(code: int) -> None:
    """Exit with ``code`` even if a library left a worker thread running (a supervisor must see the exit)."""
    if code and threading.active_count() > 1:
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(code)
    sys.exit(code)


def quiet_voice_warnings() -> None:
    """The bot uses no voice: discord.py's warnings that PyNaCl / davey are missing only alarm a newcomer."""
    import discord

    for flag in ("warn_nacl", "warn_dave"):
        if hasattr(discord.VoiceClient, flag):
            setattr(discord.VoiceClient, flag, False)


def run_main() -> int:
    """``main``, where a reader that stops early (``python -m bot check | head``) ends the output quietly:
    Python would print a BrokenPipeError traceback, then another one when it flushes stdout at exit."""
    try:
        code = main()
        sys.stdout.flush()
    except BrokenPipeError:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())  # nothing is left to flush at exit
        return 1
    return code


if __name__ == "__main__":
    exit_now(run_main())
