"""The command tree as the bot registers it (issue 40): room in every group, every command within 4,000 characters.

Discord takes at most 25 subcommands per command and 8,000 characters per command (name, descriptions and values of
the command, its options and their choices, each field at its longest localization); a registration over either
limit fails with a 400 and then no command registers at all.  The bot keeps every group at 20 subcommands or fewer
(room for the next ones) and every command at 4,000 characters or fewer (the limit until 2024, which many libraries
still enforce).  The sizes are computed from the payload discord.py sent to the fake Discord, translations included.

``pytest tests/e2e/test_command_tree.py --log-cli-level=INFO`` shows the tree: each command's subcommands and size.
"""

from __future__ import annotations

import logging
import re
from pathlib import Path
from typing import Any

import discord
import pytest

from bot.__main__ import DISCORD_COMMANDS, build_parser
from bot.exts import MOVED
from tests.e2e.bot_helpers import join_and_start, make_bot, new_game, reply_of
from tests.e2e.conftest import ClientRunner
from tests.e2e.fakediscord import FakeDiscord
from tests.e2e.fakediscord.validation import command_size

pytestmark = pytest.mark.e2e
log = logging.getLogger(__name__)

MAX_SUBCOMMANDS = 20
MAX_SIZE = 4000
LOCALES = ("es-ES", "es-419", "pt-BR")
SUBCOMMAND, GROUP = 1, 2
#: The turn actions stay top-level commands (typed on every turn).
TURN_ACTIONS = {"take", "reserve", "buy", "claim", "choose"}
#: The custom ids of the buttons and menus of the last release's boards and lobbies (bot/ui/buttons.py as shipped
#: before issue 40): they are on messages already posted, so they must keep routing.
LAST_RELEASE_IDS = re.compile(
    r"spl:[0-9]+:[0-9]+:((join|leave|start|take|reserve|buy|claim|decide|hand|do|cancel|undo|rematch|unplan)"
    r"(:.+)?|pick:[a-z]+)")


def subcommands(item: dict[str, Any]) -> list[dict[str, Any]]:
    return [o for o in item.get("options") or [] if o.get("type") in (SUBCOMMAND, GROUP)]


def tree_problems(payload: list[dict[str, Any]]) -> list[str]:
    """What breaks the tree's rules: a group over 20 subcommands, a command over 4,000 characters."""
    problems = []
    for command in payload:
        groups = [command, *(g for g in subcommands(command) if g.get("type") == GROUP)]
        problems += [f"/{command['name']} {g['name'] if g is not command else ''}: {len(subcommands(g))} subcommands"
                     for g in groups if len(subcommands(g)) > MAX_SUBCOMMANDS]
        if command_size(command) > MAX_SIZE:
            problems.append(f"/{command['name']}: {command_size(command)} characters")
    return problems


def tree_report(payload: list[dict[str, Any]]) -> str:
    """One line per top-level command: its subcommands (count and names) and its size in characters."""
    lines = []
    for command in payload:
        subs = subcommands(command)
        names = " ".join(s["name"] + (f" ({' '.join(x['name'] for x in subcommands(s))})" if s["type"] == GROUP
                                      else "") for s in subs)
        lines.append(f"/{command['name']:<9} {len(subs):>2} subcommands {command_size(command):>5} characters  {names}")
    return "\n".join(lines)


def _named_items(command: dict[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    out = [(f"/{command['name']}", command)]
    for sub in subcommands(command):
        out.append((f"/{command['name']} {sub['name']}", sub))
        out += [(f"/{command['name']} {sub['name']} {x['name']}", x) for x in subcommands(sub)]
    return out


def test_the_rules_catch_a_full_group_and_a_long_command() -> None:
    """The checks below would fail: 21 subcommands, or 4,001 characters counted at the longest localization."""
    sub = {"type": SUBCOMMAND, "name": "s", "description": "d"}
    full = {"name": "g", "description": "d", "options": [dict(sub, name=f"s{i}") for i in range(21)]}
    assert tree_problems([full]) == ["/g : 21 subcommands"]
    assert tree_problems([dict(full, options=full["options"][:20])]) == []
    nested = {"name": "g", "description": "d", "options": [{"type": GROUP, "name": "h", "description": "d",
                                                            "options": full["options"]}]}
    assert tree_problems([nested]) == ["/g h: 21 subcommands"]
    long = {"name": "x", "description": "d" * 100, "options": [
        {"type": 3, "name": "o", "description": "e", "choices": [{"name": "c", "value": "v" * 97}] * 38},
        {"type": 3, "name": "p", "description": "e", "description_localizations": {"pt-BR": "f" * 100}}]}
    assert command_size(long) == 1 + 100 + 2 + 38 * 98 + 1 + 100 == 3928
    longer = dict(long, description_localizations={"es-ES": "d" * 100}, name_localizations={"es-ES": "x" * 74})
    assert command_size(longer) == 4001 and tree_problems([longer]) == ["/x: 4001 characters"]


async def test_every_group_has_room_and_every_command_fits(fake_discord: FakeDiscord, start_client: ClientRunner,
                                                           tmp_path: Path) -> None:
    fake = fake_discord
    bot = await start_client(make_bot(fake, tmp_path / "t.sqlite3"))
    scope, payload = fake.command_syncs[-1]
    assert scope == fake.guild.id and payload == await bot.tree.payload(guild=discord.Object(fake.guild.id))
    log.info("the command tree as registered:\n%s", tree_report(payload))
    assert tree_problems(payload) == []
    by_name = {c["name"]: c for c in payload}
    assert set(by_name) == {"splendor", "player", "server", "league", *TURN_ACTIONS}
    assert all(not subcommands(by_name[a]) for a in TURN_ACTIONS)
    assert {s["name"] for s in subcommands(by_name["player"])} == {"settings", "block", "unblock", "blocks", "stats",
                                                                   "review"}
    assert [s["name"] for s in subcommands(by_name["server"])] == ["defaults"]
    # Discord shows /server to members with Manage Server only; the others are offered to everyone
    assert {c["name"]: c["default_member_permissions"] for c in payload} == {
        name: discord.Permissions(manage_guild=True).value if name == "server" else None for name in by_name}
    help_text = build_parser().format_help()
    assert DISCORD_COMMANDS in help_text
    listed = help_sections(DISCORD_COMMANDS)
    assert set(listed) == set(by_name), listed
    for command in payload:  # python -m bot --help lists every subcommand
        assert {x["name"] for _, x in _named_items(command)[1:]} <= listed[command["name"]], command["name"]
    for command in payload:  # contexts say where (servers only); the deprecated dm_permission is not sent
        assert command["contexts"] == [0] and "dm_permission" not in command, command["name"]
        for where, item in _named_items(command):  # every name and description in Spanish and Portuguese
            for key in ("name_localizations", "description_localizations"):
                assert set(item.get(key) or {}) >= set(LOCALES), (where, key)


def help_sections(text: str) -> dict[str, set[str]]:
    """``python -m bot --help``'s command list: each top-level command (``/take`` … for the turn actions) with the
    words of its lines."""
    sections: dict[str, set[str]] = {}
    current: list[str] = []
    for line in text.splitlines()[1:]:
        if line.startswith("  ") and not line.startswith("   "):  # a command's first line
            words = line.split()
            current = [words[0][1:]] if words[0].startswith("/") else [w[1:] for w in words if w.startswith("/")]
            for name in current:
                sections[name] = set()
        if line.startswith("  "):
            for name in current:
                sections[name] |= set(re.findall(r"[a-z_]+", line))
    return sections


async def test_the_help_lists_every_command_in_the_users_language(fake_discord: FakeDiscord,
                                                                  start_client: ClientRunner, tmp_path: Path) -> None:
    fake = fake_discord
    await start_client(make_bot(fake, tmp_path / "h.sqlite3"))
    _, payload = fake.command_syncs[-1]
    alice, general = fake.user("alice"), fake.channel("general")
    for locale, key in ((None, None), ("es-ES", "es-ES"), ("pt-BR", "pt-BR")):
        help_text = (await reply_of(await fake.slash(alice, general, "splendor rules", {}, locale=locale))).content
        assert len(help_text) < 2000, len(help_text)  # the whole list, never cut
        if key:  # the rules' examples name the turn actions as this reader's Discord does
            assert not re.search(r"`/(take|reserve|buy|claim|choose)\b", help_text), (locale, help_text)
        for command in payload:
            name = (command.get("name_localizations") or {}).get(key, command["name"]) if key else command["name"]
            assert f"`/{name}`" in help_text, (locale, name)
            for _, sub in _named_items(command)[1:]:
                sub_name = (sub.get("name_localizations") or {}).get(key, sub["name"]) if key else sub["name"]
                assert re.search(rf"[:,] (\S+ )?{re.escape(sub_name)}\b", help_text), (locale, sub_name)


async def test_buttons_of_boards_already_posted_still_route(fake_discord: FakeDiscord, start_client: ClientRunner,
                                                            tmp_path: Path) -> None:
    """The regrouping renamed no button: the ids the last release put on lobbies and boards are what the bot
    writes now, and a board posted by the last release (the same ids, on a message the bot did not post in this
    run) is answered."""
    fake = fake_discord
    bot = await start_client(make_bot(fake, tmp_path / "b.sqlite3"))
    alice, bob = fake.user("alice"), fake.user("bob")
    thread, lobby, _ = await new_game(fake, alice)
    ids = list(lobby.custom_ids())
    board = await join_and_start(fake, thread, lobby, alice, [bob])
    ids += board.custom_ids()
    assert ids and all(LAST_RELEASE_IDS.fullmatch(i) for i in ids), ids
    game = await bot.service.game_for_channel(thread.id)
    assert game is not None
    old = await fake.create_message(thread, fake.bot_user, {"content": "a board of the last release", "components": [
        {"type": 1, "components": [{"type": 2, "style": 2, "label": label, "custom_id": f"spl:{game.game_id}:"
                                    f"{game.board}:{verb}"} for verb, label in (("hand", "Hand"), ("take", "Take"))]}]})
    hand = await reply_of(await fake.click(bob, old, f"spl:{game.game_id}:{game.board}:hand"))
    assert hand.ephemeral and hand.attachments, hand.content
    mover = alice if game.to_act_user == alice.id else bob
    take = await reply_of(await fake.click(mover, old, f"spl:{game.game_id}:{game.board}:take"))
    assert take.ephemeral and any(c.get("type") == 3 for c in take.all_components()), take.content


async def test_a_command_of_the_last_release_says_where_it_went(fake_discord: FakeDiscord,
                                                                 start_client: ClientRunner, tmp_path: Path) -> None:
    """A Discord that has not refreshed its command list yet may still send an old command: the member is told the
    new one, in their language, privately."""
    fake = fake_discord
    await start_client(make_bot(fake, tmp_path / "m.sqlite3"))
    alice, general = fake.user("alice"), fake.channel("general")
    for old, locale, new in (("splendor settings", None, "/player settings"), ("stats", None, "/player stats"),
                             ("splendor review", "es-ES", "/jugador analisis"),
                             ("splendor defaults", "pt-BR", "/servidor padroes")):
        told = await reply_of(await fake.slash(alice, general, old, {}, locale=locale))
        assert told.ephemeral and told.content.endswith(f" {new}."), (old, told.content)
    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text()
    for before, keys in MOVED.items():  # the README's "Upgrading from the last release" table lists every move
        assert f"| `/{before}` | `/{' '.join(keys)}` |" in readme, before
