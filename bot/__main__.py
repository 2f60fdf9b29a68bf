"""``python -m bot``: run the bot from the environment / ``.env``.  ``python -m bot --local``: the console mode."""

from __future__ import annotations

import logging
import sys

from pydantic import ValidationError


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

    from bot.client import create_bot
    from bot.config import Settings, describe_validation_error

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
    bot = create_bot(settings)
    try:
        bot.run(settings.discord_token.get_secret_value(), log_handler=None)
    except discord.LoginFailure:
        print("Discord refused the token in SPLENDOR_DISCORD_TOKEN: reset it in the developer portal "
              "(Bot > Reset Token) and update .env.", file=sys.stderr)
        return 2
    except discord.PrivilegedIntentsRequired:
        print("Discord refused a privileged intent; this bot needs none, check the application settings.",
              file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
