"""Small things players hit (issue 27 §4): the lobby post follows ``/splendor addbot`` and ``removebot``;
``removebot`` with no computer seated says so; every option of ``/league`` and ``/player stats`` is described in the
three languages; every ``league`` option completes league names."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from bot.computer_text import computer_name
from tests.e2e.bot_helpers import make_bot, new_game
from tests.e2e.conftest import ClientRunner
from tests.e2e.fakediscord import FakeDiscord

pytestmark = pytest.mark.e2e


async def test_the_lobby_post_follows_addbot_and_removebot(fake_discord: FakeDiscord, start_client: ClientRunner,
                                                           tmp_path: Path) -> None:
    fake = fake_discord
    bot = await start_client(make_bot(fake, tmp_path / "b.sqlite3"))
    alice = fake.user("alice")
    thread, lobby, _ = await new_game(fake, alice, players=3)
    handle = await fake.slash(alice, thread, "splendor addbot", {"level": "easy"})
    await handle.wait_original()
    game = await bot.service.game_for_channel(thread.id)
    assert game is not None
    [computer] = [p.user_id for p in game.players if p.user_id != alice.id]
    name = computer_name(computer, "en")
    assert name
    await fake.wait_until(lambda: (name in lobby.content and "(2/3)" in lobby.content) or None,
                          what="the lobby post listing the computer")
    handle = await fake.slash(alice, thread, "splendor removebot", {})
    await handle.wait_original()
    await fake.wait_until(lambda: name not in lobby.content or None, what="the lobby post without the computer")

    handle = await fake.slash(alice, thread, "splendor removebot", {})  # none left
    refusal = await handle.wait_original()
    assert refusal.ephemeral and "not a player" not in refusal.content
    assert "computer" in refusal.content.lower(), refusal.content
    handle = await fake.slash(alice, thread, "splendor removebot", {}, locale="es-ES")
    spanish = await handle.wait_original()
    assert spanish.ephemeral and spanish.content != refusal.content and "computadora" in spanish.content.lower()


def _options(commands: list[dict[str, Any]], *names: str) -> list[tuple[str, dict[str, Any]]]:
    def walk(options: list[dict[str, Any]], path: str) -> list[tuple[str, dict[str, Any]]]:
        out = []
        for option in options:
            where = f"{path} {option['name']}"
            out += walk(option.get("options") or [], where) if option["type"] in (1, 2) else [(where, option)]
        return out

    return [x for c in commands if c["name"] in names for x in walk(c.get("options") or [], c["name"])]


async def test_league_and_stats_options_are_described_in_every_language(
    fake_discord: FakeDiscord, start_client: ClientRunner, tmp_path: Path
) -> None:
    fake = fake_discord
    await start_client(make_bot(fake, tmp_path / "o.sqlite3"))
    options = _options(fake.commands[fake.guild.id], "league", "player")
    assert len(options) >= 35
    placeholder = [where for where, o in options if o["description"] in ("…", "...", "-")]
    assert not placeholder, placeholder
    for where, option in options:
        localized = option.get("description_localizations") or {}
        for locale in ("es-ES", "es-419", "pt-BR"):
            assert localized.get(locale) not in (None, "…", option["description"]), (where, locale, localized)


async def test_every_league_option_completes_league_names(fake_discord: FakeDiscord, start_client: ClientRunner,
                                                          tmp_path: Path) -> None:
    fake = fake_discord
    await start_client(make_bot(fake, tmp_path / "a.sqlite3"))
    general, alice = fake.channel("general"), fake.user("alice")
    created = await fake.slash(alice, general, "league create", {"name": "Spring", "seats": 2})
    await created.wait_original()
    leagues = [(where, o) for where, o in _options(fake.commands[fake.guild.id], "league", "player")
               if where.endswith(" league")]
    assert len(leagues) >= 14
    assert not [where for where, o in leagues if not o.get("autocomplete")]
    choices = await fake.autocomplete(alice, general, "league season end", "league", "spr")
    assert [c["value"] for c in choices] == ["Spring"]
    choices = await fake.autocomplete(alice, general, "player stats", "league", "")
    assert [c["value"] for c in choices] == ["Spring"]
