"""The slash commands one by one, through the real bot and the fake Discord (issue 18: the paths no game played).

One bot serves the whole module (a start-up costs more than these tests); each test opens its own games in
new threads, so they do not depend on one another.  Faults (a store that fails, an interaction answered too
late) are injected per test and undone after it.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator
from dataclasses import dataclass

import pytest
import pytest_asyncio

import engine
from bot.client import SplendorBot
from bot.exts.leagues import bot_runner
from bot.exts.play import payments, unmarked
from tests.e2e.bot_helpers import board_messages, join_and_start, lobby_button, make_bot, new_game, pick_move
from tests.e2e.bot_helpers import reply_of as _reply
from tests.e2e.conftest import ClientRunner, running_fake
from tests.e2e.fakediscord import FakeChannel, FakeDiscord, FakeMessage, FakeRole, FakeUser
from tests.e2e.fakediscord.models import PUBLIC_THREAD

pytestmark = [pytest.mark.e2e, pytest.mark.asyncio(loop_scope="module")]

GUILD_FORUM = 15


@dataclass
class World:
    fake: FakeDiscord
    bot: SplendorBot
    forum_post: FakeChannel  # a thread of a forum channel: no text channel to open a game thread in
    champion: FakeRole  # a rank role for a league


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def world(tmp_path_factory: pytest.TempPathFactory) -> AsyncIterator[World]:
    with pytest.MonkeyPatch.context() as mp:
        async with running_fake(mp) as fake:
            guild = fake.guild
            forum = FakeChannel(fake.snowflake(), GUILD_FORUM, "forum", guild.id, position=len(guild.channel_ids))
            fake.channels[forum.id] = forum
            guild.channel_ids.append(forum.id)
            post = FakeChannel(fake.snowflake(), PUBLIC_THREAD, "a post", guild.id, parent_id=forum.id,
                               owner_id=fake.user("alice").id, member_ids=[fake.user("alice").id])
            fake.channels[post.id] = post
            champion = fake.add_role(guild, "Champion", 0)
            fake.add_member(guild, fake.add_user("dave"))
            fake.add_text_channel(guild, "news")
            runner = ClientRunner(fake)
            # computers think in a thread of the bot: no worker process outlives a test in this module's bot
            bot = await runner(make_bot(fake, tmp_path_factory.mktemp("commands") / "g.sqlite3", computer_workers=0))
            await asyncio.to_thread(int)  # the loop's worker thread (images), started before the first test
            try:
                yield World(fake, bot, post, champion)
            finally:
                await runner.close_all()


async def _seated(bot: SplendorBot, thread: FakeChannel) -> list[int]:
    game = await bot.service.game_for_channel(thread.id)
    assert game is not None
    return [p.user_id for p in game.players]


# ------------------------------------------------------------------ games.py: the lobby by slash command
async def test_join_leave_kick_and_start_by_command(world: World) -> None:
    fake, bot = world.fake, world.bot
    alice, bob, carol = fake.user("alice"), fake.user("bob"), fake.user("carol")
    thread, lobby, _ = await new_game(fake, alice, "base", 3)
    posts = len(fake.messages_in(thread))

    status = await _reply(await fake.slash(bob, thread, "splendor status"))
    assert status.ephemeral and "waiting for players" in status.content
    for command in ("splendor table", "splendor log"):
        early = await _reply(await fake.slash(bob, thread, command, locale="es-ES"))
        assert early.ephemeral and "no ha empezado" in early.content, early.content

    joined = await _reply(await fake.slash(bob, thread, "splendor join"))
    assert not joined.ephemeral and joined.content == f"{bob.mention} joined (2/3)."
    await fake.wait_until(lambda: bob.id in thread.member_ids, what="bob added to the thread")
    await fake.wait_until(lambda: bob.mention in lobby.content, what="the lobby post listing bob")
    assert lobby_button(lobby, "start")  # still open
    left = await _reply(await fake.slash(bob, thread, "splendor leave"))
    assert not left.ephemeral and left.content == f"{bob.mention} left (1/3)."
    assert await _seated(bot, thread) == [alice.id]
    await fake.wait_until(lambda: bob.mention not in lobby.content, what="the lobby post without bob")
    stranger = await _reply(await fake.slash(carol, thread, "splendor leave"))
    assert stranger.ephemeral and "not a player" in stranger.content
    not_seated = await _reply(await fake.slash(alice, thread, "splendor kick", {"member": carol}))
    assert not_seated.ephemeral and "not a player" in not_seated.content
    assert len(fake.messages_in(thread)) == posts + 2  # the refusals said nothing in public

    await _reply(await fake.slash(bob, thread, "splendor join"))
    spanish = await _reply(await fake.slash(carol, thread, "splendor join", locale="es-ES"))
    assert spanish.content == f"{carol.mention} joined (3/3)."  # public: the game's language, not carol's
    kicked = await _reply(await fake.slash(alice, thread, "splendor kick", {"member": carol}))
    assert not kicked.ephemeral and kicked.content == f"{carol.mention} was removed from the game."
    assert await _seated(bot, thread) == [alice.id, bob.id]
    await fake.wait_until(lambda: carol.mention not in lobby.content, what="the lobby post without carol")

    started = await _reply(await fake.slash(alice, thread, "splendor start"))
    game = await bot.service.game_for_channel(thread.id)
    assert game is not None and game.status == "active"
    assert not started.ephemeral and started.content == f"Game #{game.game_id} has started."
    await fake.wait_until(lambda: board_messages(fake, thread), what="the first board")
    assert lobby.custom_ids() == []  # as after the Start button: the lobby post lost its buttons

    empty = await _reply(await fake.slash(carol, thread, "splendor log"))
    assert empty.ephemeral and empty.content == "Nothing has happened yet."
    status = await _reply(await fake.slash(carol, thread, "splendor status", locale="pt-BR"))
    assert status.ephemeral and f"Partida #{game.game_id}" in status.content
    assert all(f"{p.seat + 1}. <@{p.user_id}>: 0 (jogando)" in status.content for p in game.players
               if p.seat is not None)

    # a kick once the game runs resigns the player: with one player left, the game ends on a public board
    boards = len(board_messages(fake, thread))
    gone = await _reply(await fake.slash(alice, thread, "splendor kick", {"member": bob}))
    assert not gone.ephemeral and gone.content == f"{bob.mention} was removed from the game."
    await fake.wait_until(lambda: len(board_messages(fake, thread)) > boards, what="the board after the kick")
    game = await bot.service.game_for_channel(thread.id)
    assert game is not None and game.status == "over"
    assert {p.user_id: p.status for p in game.players}[bob.id] == "resigned"


async def test_a_deleted_lobby_post_does_not_stop_the_lobby(world: World) -> None:
    fake, bot = world.fake, world.bot
    alice, bob = fake.user("alice"), fake.user("bob")
    thread, lobby, _ = await new_game(fake, alice, "base", 2)
    await fake.delete_message(lobby)  # a moderator removed it
    joined = await _reply(await fake.slash(bob, thread, "splendor join"))
    assert joined.content == f"{bob.mention} joined (2/2)."
    started = await _reply(await fake.slash(alice, thread, "splendor start"))
    assert not started.ephemeral and "has started" in started.content
    await fake.wait_until(lambda: board_messages(fake, thread), what="the first board")
    assert sorted(await _seated(bot, thread)) == sorted([alice.id, bob.id])  # seat order is drawn at the start


async def test_settings_notifications_and_the_end_of_a_vacation(world: World) -> None:
    fake, bot = world.fake, world.bot
    dave = fake.user("dave")
    reply = await _reply(await fake.slash(dave, fake.channel("general"), "player settings",
                                          {"notify": "dm", "vacation_days": 0}))
    assert reply.ephemeral and "Notifications: direct message" in reply.content and "Vacation: none" in reply.content
    assert (await bot.service.user_settings(dave.id)).notify == "dm"


async def test_rules_follow_the_game_of_the_channel(world: World) -> None:
    fake = world.fake
    alice = fake.user("alice")
    general = await _reply(await fake.slash(alice, fake.channel("general"), "splendor rules"))
    assert general.ephemeral and "Spectacle" not in general.content
    for command in ("splendor status", "splendor hand", "splendor join"):  # the game commands need a game here
        nothing = await _reply(await fake.slash(alice, fake.channel("general"), command, locale="pt-BR"))
        assert nothing.ephemeral and nothing.content == "Não há nenhuma partida neste canal."
    thread, _, _ = await new_game(fake, alice, "spectacle", 2)
    spectacle = await _reply(await fake.slash(alice, thread, "splendor rules"))
    assert spectacle.ephemeral and spectacle.content != general.content


# ------------------------------------------------------------------ games.py /splendor new: where and when it fails
async def test_a_new_game_needs_a_text_channel(world: World) -> None:
    fake, bot = world.fake, world.bot
    alice = fake.user("alice")
    threads = len(fake.channels)
    refused = await _reply(await fake.slash(alice, world.forum_post, "splendor new", {"players": 2},
                                            locale="es-ES"))
    assert refused.ephemeral and refused.content.startswith("Usa este comando en un canal de texto")
    league = await _reply(await fake.slash(alice, world.forum_post, "league create", {"name": "Forum"}))
    assert league.ephemeral and league.content.startswith("Use this command in a text channel")
    assert len(fake.channels) == threads  # no thread was opened
    assert await bot.service.game_for_channel(world.forum_post.id) is None


async def test_a_failed_creation_deletes_its_thread_and_apologises(world: World, monkeypatch: pytest.MonkeyPatch,
                                                                   caplog: pytest.LogCaptureFixture) -> None:
    fake, bot = world.fake, world.bot
    carol = fake.user("carol")
    general = fake.channel("general")

    async def broken(**_: object) -> None:
        raise OSError("disk I/O error")

    monkeypatch.setattr(bot.service, "create_game", broken)
    before_channels, before_posts = set(fake.channels), len(fake.messages_in(general))
    caplog.set_level(logging.ERROR, logger="bot.errors")
    handle = await fake.slash(carol, general, "splendor new", {"players": 2}, locale="pt-BR")
    [reply] = await handle.wait_followups(1)
    assert reply.ephemeral and reply.content.startswith("Desculpe, algo deu errado")
    [thread] = [c for i, c in fake.channels.items() if i not in before_channels]
    assert thread.parent_id == general.id and thread.deleted  # the thread was opened, then removed again
    assert len(fake.messages_in(general)) == before_posts  # nothing public
    assert any("unexpected error" in r.getMessage() and r.exc_info and isinstance(r.exc_info[1], OSError)
               for r in caplog.records)


# ------------------------------------------------------------------ bot/errors.py: who can still be answered
async def test_an_expired_interaction_is_logged_and_never_answered(world: World, monkeypatch: pytest.MonkeyPatch,
                                                                   caplog: pytest.LogCaptureFixture) -> None:
    fake, bot = world.fake, world.bot
    alice = fake.user("alice")
    thread, _, _ = await new_game(fake, alice, "base", 2)
    caplog.set_level(logging.WARNING, logger="bot.errors")
    monkeypatch.setattr(fake, "callback_deadline", 0.0)  # every answer now comes too late (Discord's 3 s)

    def logged(text: str) -> bool:
        return any(text in r.getMessage() for r in caplog.records)

    late = await fake.slash(alice, thread, "splendor status")
    await fake.wait_until(lambda: logged("interaction expired before the answer"), what="the expiry logged")
    assert [c.error_code for c in late.callbacks] == [10062]  # one try: an expired interaction is not retried
    refused = await fake.slash(alice, thread, "splendor table")  # a refusal (not started) that comes too late
    await fake.wait_until(lambda: logged("could not report an error to user"), what="the lost refusal logged")
    assert [c.error_code for c in refused.callbacks] == [10062] and refused.followups == []
    game = await bot.service.game_for_channel(thread.id)
    assert game is not None and game.status == "lobby"  # nothing changed


# ------------------------------------------------------------------ play.py: the autocompletes
async def _spectacle_with_a_choice_of_payment(world: World) -> tuple[FakeChannel, FakeUser, FakeUser, str,
                                                                     list[tuple[str, str]]]:
    """A Spectacle game where the player to act can buy a card in more than one way (moves made through the
    service: the autocompletes are what is tested)."""
    fake, bot = world.fake, world.bot
    alice, bob = fake.user("alice"), fake.user("bob")
    thread, lobby, _ = await new_game(fake, alice, "spectacle", 2)
    await join_and_start(fake, thread, lobby, alice, [bob])
    users = {alice.id: alice, bob.id: bob}
    for _ in range(40):
        game = await bot.service.game_for_channel(thread.id)
        assert game is not None and game.to_act_user is not None
        state = await bot.service.state(game.game_id)
        seat = game.seat_of(game.to_act_user)
        assert state is not None and seat is not None
        for action in engine.legal_actions(state):
            ways = payments(state, seat, str(action), "en") if action.family == "buy" else []
            if len(ways) > 1:
                mover = users[game.to_act_user]
                other = next(u for u in users.values() if u is not mover)
                return thread, mover, other, str(action).split(" ", 1)[1], ways
        await bot.service.play(game.game_id, game.to_act_user, pick_move(state), expected_version=game.version,
                               request_id=f"setup-{game.game_id}-{game.version}")
    raise AssertionError("no card with a choice of payment came up")


async def test_payment_and_choose_autocompletes_offer_the_buyers_choices(world: World) -> None:
    fake, bot = world.fake, world.bot
    thread, mover, other, card, ways = await _spectacle_with_a_choice_of_payment(world)

    offered = await fake.autocomplete(mover, thread, "buy", "payment", "", {"card": card})
    assert [(c["value"], c["name"]) for c in offered] == ways
    assert all(c["name"].startswith("Pay ") for c in offered)
    spanish = await fake.autocomplete(mover, thread, "buy", "payment", "", {"card": card}, locale="es-ES")
    assert [c["value"] for c in spanish] == [v for v, _ in ways] and spanish[0]["name"].startswith("Pagar ")
    narrowed = await fake.autocomplete(mover, thread, "buy", "payment", ways[-1][0], {"card": card})
    assert ways[-1][0] in [c["value"] for c in narrowed] and len(narrowed) < len(ways)
    assert await fake.autocomplete(mover, thread, "buy", "payment", "", {"card": "zz"}) == []  # no such card
    waiting = await fake.autocomplete(other, thread, "buy", "payment", "", {"card": card})
    assert len(waiting) == 1 and "not your turn" in waiting[0]["name"]
    claims = await fake.autocomplete(mover, thread, "claim", "cards", "")
    game = await bot.service.game_for_channel(thread.id)
    assert game is not None
    state = await bot.service.state(game.game_id)
    assert state is not None
    assert [unmarked(c["value"]) for c in claims] == [
        (str(a), game.board) for a in engine.legal_actions(state) if a.family == "claim"][:25]
    nothing = await fake.autocomplete(mover, thread, "choose", "option", "", locale="es-ES")
    assert nothing == [{"name": "Ahora no hay nada que decidir.", "value": "-"}]

    # buying without a payment asks for it; /choose then offers the same ways, as decisions
    handle = await fake.slash(mover, thread, "buy", {"card": card})
    assert (await handle.wait_followups(1))[0].ephemeral
    decisions = await fake.autocomplete(mover, thread, "choose", "option", "")
    assert [c["name"] for c in decisions] == [label for _, label in ways]
    assert all(c["value"].startswith("pay ") for c in decisions)
    typed = await fake.autocomplete(mover, thread, "choose", "option", f"pay {ways[-1][0]}")
    board_id = (await bot.service.game(game.game_id)).board
    assert [c["value"] for c in typed] == [f"pay {ways[-1][0]} #{board_id}"]  # narrowed to what is typed
    assert await fake.autocomplete(other, thread, "choose", "option", "") == [
        {"name": "It is not your turn (or there is no game here).", "value": "-"}]

    chosen = decisions[-1]["value"]
    played = await fake.slash(mover, thread, "choose", {"option": chosen})
    assert (await played.wait_followups(1))[0].content.startswith("Played: ")
    state = await bot.service.state(game.game_id)
    assert state is not None and [str(a) for _, a in state.history()][-1] == unmarked(chosen)[0]


async def test_a_typed_payment_is_played_as_chosen(world: World) -> None:
    fake, bot = world.fake, world.bot
    thread, mover, _, card, ways = await _spectacle_with_a_choice_of_payment(world)
    game = await bot.service.game_for_channel(thread.id)
    assert game is not None
    value = ways[-1][0]
    played = await fake.slash(mover, thread, "buy", {"card": card, "payment": value})
    assert (await played.wait_followups(1))[0].content.startswith("Played: ")
    state = await bot.service.state(game.game_id)
    assert state is not None
    assert [str(a) for _, a in state.history()][game.version:] == [f"buy {card} {value}"]


# ------------------------------------------------------------------ leagues.py: members' and organizers' commands
async def test_league_commands_of_members_and_organizers(world: World) -> None:
    fake, bot = world.fake, world.bot
    alice, bob, carol = fake.user("alice"), fake.user("bob"), fake.user("carol")
    general, games = fake.channel("general"), fake.channel("games")
    moderator = next(r for r in fake.guild.roles if r.name == "Moderator")  # alice's role

    async def say(user: FakeUser, command: str, options: dict[str, object] | None = None) -> FakeMessage:
        return await _reply(await fake.slash(user, general, command, options or {}))

    created = await say(bob, "league create", {"name": "Summer", "seats": 2, "format": "rounds", "round_days": 7.0,
                                               "turn_timer": "none", "start_hours": 0.0, "announcements": games,
                                               "organizer_role": str(moderator.id)})
    assert not created.ephemeral and created.content.startswith("League **Summer** created")
    info = await say(carol, "league info", {"league": "Summer"})
    assert info.ephemeral and "Rounds of 7 days" in info.content and f"<@&{moderator.id}>" in info.content
    for user in (alice, carol):
        await say(user, "league join", {"league": "Summer"})
    listed = await say(carol, "league list")
    assert listed.ephemeral and "**Summer**: Splendor, rounds, 3 members" in listed.content
    assert await fake.autocomplete(carol, general, "league info", "league", "SUM") == [
        {"name": "Summer", "value": "Summer"}]
    assert await fake.autocomplete(carol, general, "league info", "league", "winter") == []
    out = await say(carol, "league unqueue", {"league": "Summer"})
    assert out.ephemeral and out.content.startswith("You sit out the next rounds of Summer")
    back = await say(carol, "league queue", {"league": "Summer"})
    assert back.ephemeral and back.content == "You take part in the next rounds of Summer."
    await say(carol, "league unqueue", {"league": "Summer"})  # carol sits the first round out
    dave = fake.user("dave")
    await say(dave, "league join", {"league": "Summer"})
    left = await say(dave, "league leave", {"league": "Summer"})
    assert left.ephemeral and left.content == "You left Summer."

    tick = await bot_runner(bot).tick()  # round 1: alice against bob, in a thread of the league's channel
    [opened] = tick.opened
    assert [sorted(t.members) for t in opened.tables] == [sorted([alice.id, bob.id])] and opened.byes == (carol.id,)
    announced = await fake.wait_for_message(games, lambda m: "round 1 starts" in m.content)  # announcements
    assert f"Sitting out: {carol.mention}" in announced.content
    thread = await fake.wait_for_thread(general)
    game = await bot.service.game_for_channel(thread.id)
    assert game is not None and game.status == "active"

    refused = await say(carol, "league settle", {"league": "Summer", "game": game.game_id, "reason": "no-show"})
    assert refused.ephemeral and "Only the organizers" in refused.content
    settled = await say(alice, "league settle", {"league": "Summer", "game": game.game_id, "reason": "no-show",
                                                 "order": f"<@{bob.id}> <@{alice.id}>"})
    assert settled.ephemeral and settled.content.startswith("Result set:")
    assert f"1. <@{bob.id}>, 2. <@{alice.id}>" in settled.content
    await fake.wait_for_message(thread, lambda m: m.content.startswith(f"{alice.mention} settled this game"))
    assert (await bot.service.game(game.game_id)).status == "aborted"

    roles = await say(alice, "league roles", {"league": "Summer", "role": str(world.champion.id), "top": 1})
    assert roles.ephemeral and roles.content == f"<@&{world.champion.id}>: places 1 to 1"
    # one game each: everyone is still provisional, so nobody earns the role yet
    assert all(world.champion.id not in m.role_ids for m in fake.guild.members.values())

    voided = await say(bob, "league void", {"league": "Summer", "game": game.game_id, "reason": "mistake"})
    assert voided.ephemeral and voided.content == f"Game #{game.game_id} no longer counts (mistake)."
    await fake.wait_for_message(thread, lambda m: m.content == f"{bob.mention} voided this game for the league: "
                                                               "mistake")
    history = await say(carol, "league history", {"league": "Summer"})
    assert history.ephemeral and history.content == f"#{game.game_id}: void (mistake) · <#{thread.id}>"
    not_organizer = await say(carol, "league rebuild", {"league": "Summer"})
    assert not_organizer.ephemeral and "Only the organizers" in not_organizer.content
    rebuilt = await say(alice, "league rebuild", {"league": "Summer"})
    assert rebuilt.ephemeral and rebuilt.content.startswith("Ratings rebuilt from the results: ")

    # /player stats without a league: the user's league (alice is in Summer); of someone in none: no rating chart
    handle = await fake.slash(alice, general, "player stats")
    [own] = await handle.wait_followups(1)
    assert not own.ephemeral and own.content.startswith("**Alice**") and own.attachment("rating.png")
    handle = await fake.slash(alice, general, "player stats", {"member": fake.user("owner"), "ruleset": "spectacle"})
    [theirs] = await handle.wait_followups(1)
    assert theirs.content.startswith("**Owner**") and "0 finished games" in theirs.content
    assert theirs.attachments == [] and "Rating in" not in theirs.content


async def test_a_league_goes_on_when_its_announcements_channel_is_gone(world: World) -> None:
    fake, bot = world.fake, world.bot
    alice, bob = fake.user("alice"), fake.user("bob")
    general, news = fake.channel("general"), fake.channel("news")
    await _reply(await fake.slash(alice, general, "league create", {
        "name": "Winter", "seats": 2, "format": "rounds", "round_days": 7.0, "turn_timer": "none",
        "start_hours": 0.0, "announcements": news}))
    await _reply(await fake.slash(bob, general, "league join", {"league": "Winter"}))
    news.deleted = True  # an admin deleted the announcements channel
    await fake.dispatch("CHANNEL_DELETE", fake.channel_payload(news))
    for _ in range(500):  # the bot handles the event on its own time (the fake is not told)
        if bot.get_channel(news.id) is None:
            break
        await asyncio.sleep(0.01)
    assert bot.get_channel(news.id) is None

    [opened] = (await bot_runner(bot).tick()).opened  # the round opens all the same, its game too
    assert [sorted(t.members) for t in opened.tables] == [sorted([alice.id, bob.id])]
    thread = await fake.wait_until(lambda: next((t for t in fake.threads_of(general)
                                                 if (t.name or "").startswith("Winter: ")), None),
                                   what="the round's game thread")
    await fake.wait_for_message(thread, lambda m: "League game of **Winter**" in m.content)
    assert fake.messages_in(news) == []
