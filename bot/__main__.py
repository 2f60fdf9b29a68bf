"""``python -m bot``: run the bot from the environment / ``.env``.  ``python -m bot --local``: the console mode.

Exit status: 0 after a clean stop, 2 for bad settings or a token Discord refuses,
3 when the database cannot be used (one sentence on stderr naming the path and the cause).
"""

from __future__ import annotations

import asyncio
import logging
import os
import sys
import threading

from pydantic import ValidationError

#: Exit status when the database cannot be used (bad file, read-only, damaged, held by another bot).
EXIT_DATABASE = 3


def main(argv: list[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if args[:1] == ["migrate"]:
        from bot import migrate

        return migrate.main(args[1:])
    if "--local" in args:
        from bot import local  # written by another module owner; imported lazily

        args.remove("--local")
        return int(local.main(args) or 0)

    import discord

    from bot.client import create_bot, open_store
    from bot.config import Settings, describe_validation_error
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
    logging.basicConfig(level=settings.log_level_number,
                        format="%(asctime)s %(levelname)s %(name)s: %(message)s")

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
    return 0


def exit_now(code: int) -> None:
    """Exit with ``code`` even if a library left a worker thread running (a supervisor must see the exit)."""
    if code and threading.active_count() > 1:
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(code)
    sys.exit(code)


if __name__ == "__main__":
    exit_now(main())
