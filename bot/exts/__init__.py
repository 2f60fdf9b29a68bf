"""The slash commands, grouped by noun so that every group has room (issue 40):

* ``/splendor ...``: a game's life, from ``new`` to ``rematch``, and what a player looks at during it (games.py,
  threads.py for ``move``, plans.py for ``plan``);
* ``/player ...``: a player's own settings, blocks, stats and game reviews (settings.py, social.py, leagues.py's
  ``stats``, review.py);
* ``/server ...``: the server's defaults, for members with Manage Server (defaults.py);
* ``/league ...``: community leagues (leagues.py);
* the turn actions as top-level commands: ``/take``, ``/reserve``, ``/buy``, ``/claim``, ``/choose`` (play.py).

Discord allows 25 subcommands in a command and 8,000 characters per command (4,000 until 2024, and many libraries
still hold to that); tests/e2e/test_command_tree.py keeps every group at most 20 and every command at most 4,000.
"""

from __future__ import annotations

import discord
from discord import app_commands

from bot.exts import defaults, games, leagues, plans, play, review, settings, social, threads
from bot.exts._common import in_servers
from bot.i18n import t
from bot.translator import L
from bot.ui.context import BotContext

#: The commands of the last release that moved (issue 40): the old path -> the catalogue keys of the new one.
MOVED: dict[str, tuple[str, str]] = {
    "splendor settings": ("player", "settings"), "splendor block": ("player", "block"),
    "splendor unblock": ("player", "unblock"), "splendor blocks": ("player", "blocks"),
    "splendor review": ("player", "review"), "stats": ("player", "stats"), "splendor defaults": ("server", "defaults"),
}


def moved_to(error: app_commands.CommandNotFound, lang: str) -> str | None:
    """Where a command of the last release went (a Discord that has not refreshed its list yet may still send
    one), named as ``lang``'s readers see it; None for any other unknown command."""
    found = MOVED.get(" ".join([*error.parents, error.name]))
    return None if found is None else "/" + " ".join(t(f"bot.cmd.{key}.name", lang) for key in found)


def player_group() -> app_commands.Group:
    """``/player``: what is the user's own, whatever the game."""
    return app_commands.Group(name=L("player", "player.name"),
                              description=L("Your settings, blocks, stats and game reviews", "player.desc"),
                              allowed_contexts=in_servers())


def server_group() -> app_commands.Group:
    """``/server``: the server's settings.  Discord shows it only to members with Manage Server (a server may
    change that in its Integrations settings; the commands check the permission again)."""
    return app_commands.Group(name=L("server", "server.name"),
                              description=L("This server's settings for Splendor (Manage Server)", "server.desc"),
                              allowed_contexts=in_servers(),
                              default_permissions=discord.Permissions(manage_guild=True))


async def setup_all(bot: BotContext, tree: app_commands.CommandTree[discord.Client]) -> None:
    game = games.SplendorGroup(bot)
    threads.add_to(game)
    plans.add_to(game)
    tree.add_command(game)
    play.add_to(tree)
    player = player_group()
    settings.add_to(player, bot)
    social.add_to(player, bot)
    player.add_command(leagues.stats)
    review.add_to(player, bot)
    server = server_group()
    defaults.add_to(server, bot)
    await leagues.setup(bot, tree)
    tree.add_command(player)
    tree.add_command(server)


__all__ = ["MOVED", "moved_to", "player_group", "server_group", "setup_all"]
