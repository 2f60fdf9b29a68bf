"""``python -m bot``: run the Discord bot (settings from the environment / ``.env``).
``python -m bot --local``: play in this console instead (see :mod:`bot.local`).

One argparse entry (:func:`build_parser`) reads the command line and dispatches; ``--help`` answers
before any setting is read, so it works without a token.  Subcommands (``python -m bot NAME ...``)
attach to the parser returned by :func:`build_parser` with ``add_subparsers``.

Exit status: 0 after a clean stop, 2 for bad settings or a token Discord refuses,
3 when the database cannot be used (one sentence on stderr naming the path and the cause).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
import threading
from collections.abc import Sequence

from bot import local
from bot.admin import COMMANDS as ADMIN_COMMANDS

BOT_HELP = """\
Discord bot mode (no --local): settings come from the environment or from .env
in the current folder (copy .env.example); every one is SPLENDOR_<NAME>:
{settings}
A missing or malformed token, a token Discord refuses, or no network stops the
bot with one sentence saying what to check."""

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
                    "Operator commands: python -m bot {backup,restore,check,health} --help (docs/operators.md).",
        epilog=BOT_HELP.format(settings=_settings_help()),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--local", action="store_true",
                        help="play in this console (no Discord, no token): every seat types its moves")
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
        if action.dest in ("help", "local") or not action.option_strings:
            continue
        if getattr(args, action.dest, None) != action.default:
            given.append(action.option_strings[0])
    return given


def main(argv: Sequence[str] | None = None) -> int:
    given = list(sys.argv[1:] if argv is None else argv)
    if given[:1] == ["migrate"]:  # python -m bot migrate --from sqlite:///FILE --to postgresql://...
        from bot import migrate

        return migrate.main(given[1:])
    if given and given[0] in ADMIN_COMMANDS:  # operator commands: backup, restore, check, health (bot/admin.py)
        from bot import admin

        return admin.main(given)
    parser = build_parser()
    args = parser.parse_args(given)
    if args.local:
        return local.play(args)
    stray = local_only_options(parser, args)
    if stray:
        parser.error(f"{stray[0]} is a local-mode option: add --local to play in the console.")
    return run_bot()


def run_bot() -> int:
    """Start the Discord bot; every way it can fail to start is one sentence on stderr and exit code 2."""
    import aiohttp
    import discord
    from pydantic import ValidationError

    from bot.client import create_bot, open_store
    from bot.config import Settings, describe_validation_error
    from bot.logs import configure_logging
    from bot.store import StoreUnavailable

    try:
        settings = Settings()
    except ValidationError as error:
        print(describe_validation_error(error), file=sys.stderr)
        return 2
    problem = settings.token_problem()
    if problem:
        print(problem, file=sys.stderr)
        return 2
    configure_logging(settings)  # text or JSON lines (SPLENDOR_LOG_FORMAT, bot/logs.py)
    quiet_voice_warnings()

    async def run() -> None:
        # The database is opened (and checked) before logging in: a refusal exits at once, offline.
        store = await open_store(settings)
        async with create_bot(settings, store=store) as bot:
            await bot.start(settings.discord_token.get_secret_value())

    try:
        asyncio.run(run())
    except KeyboardInterrupt:
        return 0
    except StoreUnavailable as exc:
        print(exc, file=sys.stderr)
        return EXIT_DATABASE
    except discord.LoginFailure:
        print("Discord refused the token in SPLENDOR_DISCORD_TOKEN: reset it in the developer portal "
              "(Bot > Reset Token) and update .env.", file=sys.stderr)
        return 2
    except discord.PrivilegedIntentsRequired:
        print("Discord refused a privileged intent; this bot needs none, check the application settings.",
              file=sys.stderr)
        return 2
    except (aiohttp.ClientError, OSError, discord.GatewayNotFound, discord.HTTPException) as error:
        print(f"Could not reach Discord ({type(error).__name__}): check this machine's network connection, "
              "proxy and firewall (discord.com must be reachable over HTTPS); the token was not checked.",
              file=sys.stderr)
        return 2
    return 0


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


if __name__ == "__main__":
    exit_now(main())
