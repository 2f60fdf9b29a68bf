"""Server defaults through the real bot (issue 33): ``/server defaults`` (Manage Server) sets what ``/splendor new``
uses when the creator leaves an option out, and the one channel games may be created in; refusals are private."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

import pytest

from tests.e2e.bot_helpers import make_bot, reply_of
from tests.e2e.conftest import ClientRunner
from tests.e2e.fakediscord import ClientRefusal, FakeChannel, FakeDiscord

pytestmark = pytest.mark.e2e


async def test_server_defaults_shape_new_games(fake_discord: FakeDiscord, start_client: ClientRunner,
                                               tmp_path: Path) -> None:
    fake = fake_discord
    bot = await start_client(make_bot(fake, tmp_path / "defaults.sqlite3"))
    owner, alice, bob = fake.user("owner"), fake.user("alice"), fake.user("bob")
    general, games = fake.channel("general"), fake.channel("games")

    with pytest.raises(ClientRefusal):  # /server is offered to Manage Server only (default_member_permissions)
        await fake.slash(bob, general, "server defaults", {"ruleset": "spectacle"})
    fake.client_checks = False  # a server that opened /server to every member in its Integrations settings
    refused = await reply_of(await fake.slash(bob, general, "server defaults", {"ruleset": "spectacle"}))
    fake.client_checks = True
    assert refused.ephemeral and "Manage Server" in refused.content
    assert (await bot.service.server_defaults(fake.guild.id)).ruleset is None

    options = {"ruleset": "spectacle", "turn_timer": "72h", "language": "es", "on_timeout": "ai", "channel": games}
    shown = await reply_of(await fake.slash(owner, general, "server defaults", options))
    assert shown.ephemeral and "Spectacle" in shown.content and "72h" in shown.content
    assert f"<#{games.id}>" in shown.content and shown.allowed_mentions is not None

    elsewhere = await reply_of(await fake.slash(alice, general, "splendor new", {}))
    assert elsewhere.ephemeral and f"<#{games.id}>" in elsewhere.content
    assert fake.threads_of(general) == []

    async def created(options: dict[str, object]) -> FakeChannel:
        before = len(fake.threads_of(games))
        handle = await fake.slash(alice, games, "splendor new", options)
        await handle.wait_followups(1)
        return await fake.wait_until(lambda: fake.threads_of(games)[before:] and fake.threads_of(games)[before],
                                     what="the game thread")

    thread = await created({})
    game = await bot.service.game_for_channel(thread.id)
    assert game is not None
    assert (game.ruleset, game.turn_timer, game.timeout_policy, game.lang) == (
        "spectacle", timedelta(hours=72), "ai", "es")
    mine = await created({"ruleset": "base", "turn_timer": "12h", "language": "en", "on_timeout": "skip"})
    game = await bot.service.game_for_channel(mine.id)
    assert game is not None
    assert (game.ruleset, game.turn_timer, game.timeout_policy, game.lang) == (
        "base", timedelta(hours=12), "skip", "en")

    cleared = await reply_of(await fake.slash(owner, general, "server defaults", {"reset": True}))
    assert cleared.ephemeral and "any channel" in cleared.content
    assert (await bot.service.server_defaults(fake.guild.id)).channel_id is None


async def test_league_create_takes_the_server_defaults_and_says_which(fake_discord: FakeDiscord,
                                                                      start_client: ClientRunner,
                                                                      tmp_path: Path) -> None:
    from bot.exts.leagues import bot_runner

    fake = fake_discord
    bot = await start_client(make_bot(fake, tmp_path / "league-defaults.sqlite3"))
    owner, alice = fake.user("owner"), fake.user("alice")
    general, games = fake.channel("general"), fake.channel("games")
    options = {"ruleset": "spectacle", "turn_timer": "72h", "language": "es", "on_timeout": "ai", "channel": games}
    await reply_of(await fake.slash(owner, general, "server defaults", options))

    elsewhere = await reply_of(await fake.slash(alice, general, "league create", {"name": "Spring", "seats": 2}))
    assert elsewhere.ephemeral and f"<#{games.id}>" in elsewhere.content and "league" in elsewhere.content
    assert await bot_runner(bot).leagues.list_leagues(fake.guild.id) == []

    created = await reply_of(await fake.slash(alice, games, "league create", {"name": "Spring", "seats": 2}))
    assert not created.ephemeral
    assert created.content.splitlines()[1:] == [
        "De los valores por defecto del servidor (/servidor predeterminados): reglas Espectáculo, "
        "tiempo por turno 72h, mensajes en Español.",
        "El valor del servidor de que la computadora juegue un turno agotado no se aplica a las partidas de liga: "
        "ese turno se salta."]
    [(spring, _)] = await bot_runner(bot).leagues.list_leagues(fake.guild.id)
    assert (spring.ruleset, spring.turn_timer_s, spring.settings["lang"]) == ("spectacle", 72 * 3600, "es")

    chosen = await reply_of(await fake.slash(alice, games, "league create", {
        "name": "Summer", "seats": 2, "ruleset": "base", "turn_timer": "12h"}))
    assert "mensajes en Español" in chosen.content and "Espectáculo" not in chosen.content and "72h" not in \
        chosen.content
    summer = next(lg for lg, _ in await bot_runner(bot).leagues.list_leagues(fake.guild.id) if lg.name == "Summer")
    assert (summer.ruleset, summer.turn_timer_s) == ("base", 12 * 3600)
