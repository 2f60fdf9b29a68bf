"""Who hears what (issue 13): refusals are private, public posts speak the game's language, a misclick is undone.

Through the real discord.py client against the fake Discord; every refusal is checked for the
ephemeral flag, and the thread is checked for what it must not have received.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.client import SplendorBot
from tests.e2e.bot_helpers import board_messages, join_and_start, lobby_button, make_bot, new_game, send_move
from tests.e2e.bot_helpers import reply_of as _reply
from tests.e2e.conftest import ClientRunner
from tests.e2e.fakediscord import FakeChannel, FakeDiscord, FakeMessage, FakeUser

pytestmark = pytest.mark.e2e


def _button(msg: FakeMessage, verb: str) -> str:
    return next(c for c in msg.custom_ids() if c.split(":")[3] == verb)


def _public(fake: FakeDiscord, channel: FakeChannel) -> list[str]:
    return [m.content for m in fake.messages_in(channel)]  # ephemeral answers left out


def _labels(msg: FakeMessage) -> list[str]:
    return [str(b.get("label")) for b in msg.buttons()]


async def _started(fake: FakeDiscord, bot: SplendorBot, ruleset: str = "base", *, locale: str | None = None
                   ) -> tuple[FakeChannel, FakeMessage, dict[int, FakeUser]]:
    alice, bob = fake.user("alice"), fake.user("bob")
    thread, lobby, _ = await new_game(fake, alice, ruleset, 2, locale=locale)
    board = await join_and_start(fake, thread, lobby, alice, [bob])
    return thread, board, {alice.id: alice, bob.id: bob}


async def test_refusals_are_private(fake_discord: FakeDiscord, start_client: ClientRunner, tmp_path: Path) -> None:
    fake = fake_discord
    await start_client(make_bot(fake, tmp_path / "g.sqlite3"))
    bob, carol, alice, owner = fake.user("bob"), fake.user("carol"), fake.user("alice"), fake.user("owner")
    thread, lobby, created = await new_game(fake, bob, "base", 3)
    assert (await _reply(created)).ephemeral  # the creator's answer; the channel gets the public link
    assert any(f"<#{thread.id}>" in c for c in _public(fake, fake.channel("general")))
    posts = len(_public(fake, thread))  # the lobby post

    too_few = await fake.slash(bob, thread, "splendor start")
    reply = await _reply(too_few)
    assert reply.ephemeral and "At least 2 players" in reply.content
    seated = await fake.slash(bob, thread, "splendor join")
    reply = await _reply(seated)
    assert reply.ephemeral and "already" in reply.content
    again = await fake.click(bob, lobby, lobby_button(lobby, "join"))
    assert (await _reply(again)).ephemeral
    assert len(_public(fake, thread)) == posts  # nothing public so far
    await (await fake.click(carol, lobby, lobby_button(lobby, "join"))).accepted()
    await fake.wait_until(lambda: f"<@{carol.id}>" in lobby.content, what="carol in the lobby")
    not_creator = await fake.slash(carol, thread, "splendor start")
    reply = await _reply(not_creator)
    assert reply.ephemeral and "creator" in reply.content
    kick = await fake.slash(carol, thread, "splendor kick", {"member": bob})
    assert (await _reply(kick)).ephemeral
    stranger = await fake.slash(owner, thread, "splendor resign")
    assert (await _reply(stranger)).ephemeral
    assert not any("At least" in c or "Only the" in c or "not a player" in c for c in _public(fake, thread))

    await (await fake.click(alice, lobby, lobby_button(lobby, "join"))).accepted()
    await fake.wait_until(lambda: f"<@{alice.id}>" in lobby.content, what="alice in the lobby")
    started = await fake.slash(bob, thread, "splendor start")  # now it starts, publicly
    assert not (await _reply(started)).ephemeral
    board = await fake.wait_for_message(thread, lambda m: bool(m.attachments))
    resign = await fake.slash(carol, thread, "splendor resign")
    assert not (await _reply(resign)).ephemeral
    twice = await fake.slash(carol, thread, "splendor resign")
    reply = await _reply(twice)
    assert reply.ephemeral and "no longer playing" in reply.content
    take = await fake.click(carol, board, _button(board, "take"))
    reply = await _reply(take)
    assert reply.ephemeral and "no longer playing" in reply.content


async def test_public_posts_speak_the_game_language(fake_discord: FakeDiscord, start_client: ClientRunner,
                                                    tmp_path: Path) -> None:
    fake = fake_discord
    bot = await start_client(make_bot(fake, tmp_path / "g.sqlite3"))
    thread, board, users = await _started(fake, bot, locale="es-ES")  # the creator's Discord locale
    game = await bot.service.game_for_channel(thread.id)
    assert game is not None and game.lang == "es"
    assert _labels(board)[:3] == ["Tomar", "Reservar", "Comprar"]
    mover = users[game.to_act_user or 0]
    played = await send_move(fake, mover, thread, "take wug", locale="en-US")
    assert (await played.wait_followups(1))[0].content.startswith("Played: ")  # private: the user's language
    await fake.wait_until(lambda: len(board_messages(fake, thread)) == 2, what="the next board")
    assert "tomó blanco, azul, verde" in board_messages(fake, thread)[-1].content  # public: the game's

    # no supported creator locale: the server's preferred one; an explicit choice wins over both
    carol = fake.user("carol")
    parent = fake.channel("general")
    h = await fake.slash(carol, parent, "splendor new", {"players": 2, "turn_timer": "none"}, locale="fr",
                         guild_locale="pt-BR")
    await h.wait_followups(1)
    games = [g for g in await bot.service.games_for_user(carol.id)]
    assert games[-1].lang == "pt"
    h = await fake.slash(carol, parent, "splendor new", {"players": 2, "turn_timer": "none", "language": "en"},
                         locale="es-ES", guild_locale="pt-BR")
    await h.wait_followups(1)
    assert (await bot.service.games_for_user(carol.id))[-1].lang == "en"
    h = await fake.slash(carol, parent, "splendor new", {"players": 2, "turn_timer": "none"}, locale="fr",
                         guild_locale="ja")
    await h.wait_followups(1)
    games = await bot.service.games_for_user(carol.id)
    assert len(games) == 3 and games[-1].lang == bot.default_lang == "en"  # no language the bot speaks: its own


async def test_a_misclick_is_undone_until_it_revealed_a_card(fake_discord: FakeDiscord,
                                                            start_client: ClientRunner, tmp_path: Path) -> None:
    fake = fake_discord
    bot = await start_client(make_bot(fake, tmp_path / "g.sqlite3"))
    thread, _, users = await _started(fake, bot)
    game = await bot.service.game_for_channel(thread.id)
    assert game is not None
    mover = users[game.to_act_user or 0]
    played = await send_move(fake, mover, thread, "take wug")
    note = (await played.wait_followups(1))[0]
    assert note.ephemeral and "Undo" in _labels(note)
    await fake.wait_until(lambda: len(board_messages(fake, thread)) == 2, what="the next board")

    undo = await fake.click(mover, note, _button(note, "undo"))
    await undo.accepted()
    await fake.wait_until(lambda: len(board_messages(fake, thread)) == 3, what="the board after the undo")
    told = board_messages(fake, thread)[-1].content
    assert "took back" in told and "Take white, blue, green" in told
    game = await bot.service.game_for_channel(thread.id)
    assert game is not None and game.version == 0 and game.to_act_user == mover.id

    blind = await send_move(fake, mover, thread, "reserve d1")
    note = (await blind.wait_followups(1))[0]
    assert "Undo" not in _labels(note)  # it drew a card: no undo offered
    refused = await fake.slash(mover, thread, "splendor undo")
    reply = await _reply(refused)
    assert reply.ephemeral and "(B-16)" in reply.content
    game = await bot.service.game_for_channel(thread.id)
    assert game is not None and game.version == 1
