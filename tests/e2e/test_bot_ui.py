"""Buttons, the composer, autocomplete, the private hand, languages, refusals and restarts, through the real bot."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import engine
from bot.client import SplendorBot
from tests.e2e.bot_helpers import board_messages, join_and_start, make_bot, new_game, send_move
from tests.e2e.conftest import ClientRunner
from tests.e2e.fakediscord import FakeChannel, FakeDiscord, FakeMessage, FakeUser

pytestmark = pytest.mark.e2e


async def _started(fake: FakeDiscord, start_client: ClientRunner, tmp_path: Path, ruleset: str = "base",
                   target: int | None = None) -> tuple[SplendorBot, FakeChannel, FakeMessage, dict[int, FakeUser]]:
    bot = await start_client(make_bot(fake, tmp_path / "g.sqlite3"))
    alice, bob = fake.user("alice"), fake.user("bob")
    thread, lobby, _ = await new_game(fake, alice, ruleset, 2, target=target)
    board = await join_and_start(fake, thread, lobby, alice, [bob])
    return bot, thread, board, {alice.id: alice, bob.id: bob}


async def _to_act(bot: SplendorBot, thread: FakeChannel, users: dict[int, FakeUser]) -> tuple[FakeUser, FakeUser]:
    game = await bot.service.game_for_channel(thread.id)
    assert game is not None and game.to_act_user is not None
    mover = users[game.to_act_user]
    other = next(u for uid, u in users.items() if uid != mover.id)
    return mover, other


def _button(msg: FakeMessage, verb: str) -> str:
    return next(c for c in msg.custom_ids() if c.split(":")[3] == verb)


async def test_composer_take_preview_confirm(fake_discord: FakeDiscord, start_client: ClientRunner,
                                             tmp_path: Path) -> None:
    fake = fake_discord
    bot, thread, board, users = await _started(fake, start_client, tmp_path)
    mover, _ = await _to_act(bot, thread, users)
    assert f"<@{mover.id}>" in board.content and board.pinged_ids == [mover.id]

    opened = await fake.click(mover, board, _button(board, "take"))
    menu = await opened.wait_original()
    assert menu.ephemeral
    (select,) = [c for c in menu.all_components() if c.get("type") == 3]
    values = [o["value"] for o in select["options"]]
    game = await bot.service.game_for_channel(thread.id)
    assert game is not None
    state = await bot.service.state(game.game_id)
    assert values == [str(a) for a in engine.legal_actions(state) if str(a).startswith("take")]
    assert select["options"][0]["label"].startswith("Take white, blue")

    picked = await fake.select(mover, menu, select["custom_id"], ["take wug"])
    assert (await picked.accepted()).type == 6  # deferred update, then the preview is edited in
    preview = await fake.wait_until(lambda: menu if menu.attachments else None, what="the preview image")
    assert preview.attachment("preview.png").data.startswith(b"\x89PNG")
    assert "Preview" in preview.content and "white, blue, green" in preview.content
    assert len(board_messages(fake, thread)) == 1  # nothing played yet

    confirm = await fake.click(mover, preview, _button(preview, "do"))
    await confirm.accepted()
    await fake.wait_until(lambda: len(board_messages(fake, thread)) == 2, what="the new board")
    await fake.wait_until(lambda: menu.content.startswith("Played: Take white, blue, green"), what="the done note")
    assert [c.split(":")[3] for c in menu.custom_ids()] == ["undo"] and menu.attachments == []  # only Undo
    new_board = board_messages(fake, thread)[-1]
    assert new_board.content.splitlines()[0].endswith("took white, blue, green")
    state = await bot.service.state(game.game_id)
    assert [str(a) for _, a in state.history()] == ["take wug"]


async def test_composer_cancel_plays_nothing(fake_discord: FakeDiscord, start_client: ClientRunner,
                                             tmp_path: Path) -> None:
    fake = fake_discord
    bot, thread, board, users = await _started(fake, start_client, tmp_path)
    mover, _ = await _to_act(bot, thread, users)
    opened = await fake.click(mover, board, _button(board, "reserve"))
    menu = await opened.wait_original()
    select = next(c for c in menu.all_components() if c.get("type") == 3)
    assert any(o["value"] == "reserve d1" and "deck" in o["label"] for o in select["options"])
    await (await fake.select(mover, menu, select["custom_id"], ["reserve 1.1"])).accepted()
    await fake.wait_until(lambda: menu if menu.attachments else None, what="the preview")
    await (await fake.click(mover, menu, _button(menu, "cancel"))).accepted()
    await fake.wait_until(lambda: menu.content == "Cancelled.", what="the cancel")
    game = await bot.service.game_for_channel(thread.id)
    assert game is not None and game.version == 0


async def test_autocomplete_lists_only_legal_choices(fake_discord: FakeDiscord, start_client: ClientRunner,
                                                     tmp_path: Path) -> None:
    fake = fake_discord
    bot, thread, _, users = await _started(fake, start_client, tmp_path)
    mover, other = await _to_act(bot, thread, users)
    takes = await fake.autocomplete(mover, thread, "take", "gems", "")
    assert len(takes) == 15 and {"name": "Take white, blue, green", "value": "wug #0"} in takes
    reds = await fake.autocomplete(mover, thread, "take", "gems", "red")
    assert reds and all("red" in c["name"] for c in reds)
    reserves = await fake.autocomplete(mover, thread, "reserve", "card", "")
    assert any(c["value"] == "2.3 #0" and c["name"].startswith("Reserve 2.3 — ") and "cost" in c["name"]
               for c in reserves)  # the value carries the board it was offered on (#0)
    es = await fake.autocomplete(mover, thread, "reserve", "card", "", locale="es-ES")
    assert any(c["value"] == "2.3 #0" and "coste" in c["name"] for c in es)
    assert await fake.autocomplete(mover, thread, "buy", "card", "") == []  # nothing affordable at the start
    waiting = await fake.autocomplete(other, thread, "take", "gems", "")
    assert len(waiting) == 1 and "not your turn" in waiting[0]["name"]


async def test_hand_is_private(fake_discord: FakeDiscord, start_client: ClientRunner, tmp_path: Path) -> None:
    fake = fake_discord
    bot, thread, _, users = await _started(fake, start_client, tmp_path)
    mover, other = await _to_act(bot, thread, users)
    handle = await send_move(fake, mover, thread, "reserve d2")
    await handle.wait_followups(1)
    latest = board_messages(fake, thread)[-1]
    assert "reserved a level-2 card from the deck" in latest.content  # redacted for everyone
    game = await bot.service.game_for_channel(thread.id)
    assert game is not None
    state = await bot.service.state(game.game_id)
    secret = engine.view_for(state, game.seat_of(mover.id)).seats[game.seat_of(mover.id)].reserved[0].card
    assert secret is not None and secret.id not in latest.content

    hand = await fake.slash(mover, thread, "splendor hand")
    reply = (await hand.wait_followups(1))[0]
    assert reply.ephemeral and reply.attachment("hand.png").data.startswith(b"\x89PNG")
    assert "Your hand" in reply.content and "r1" in reply.content
    clicked = await fake.click(other, latest, _button(latest, "hand"))
    other_reply = (await clicked.wait_followups(1))[0]
    assert other_reply.ephemeral and other_reply.attachment("hand.png")
    assert secret.id not in other_reply.content
    assert all(m.visible_to is None for m in board_messages(fake, thread))  # boards are public
    spectator = await fake.slash(fake.user("carol"), thread, "splendor hand")
    assert "not a player" in (await spectator.wait_original()).content
    table = await fake.slash(fake.user("carol"), thread, "splendor table")
    assert (await table.wait_followups(1))[0].attachment("table.png")


async def test_replies_in_spanish_and_portuguese(fake_discord: FakeDiscord, start_client: ClientRunner,
                                                 tmp_path: Path) -> None:
    fake = fake_discord
    bot, thread, _, users = await _started(fake, start_client, tmp_path)
    mover, other = await _to_act(bot, thread, users)
    refused = await fake.slash(mover, thread, "take", {"gems": "wwu"}, locale="es-ES")
    assert (await refused.wait_followups(1))[0].content.startswith("Toma tres colores distintos o dos del mismo color.")
    waiting = await fake.slash(other, thread, "take", {"gems": "wug"}, locale="pt-BR")
    assert (await waiting.wait_followups(1))[0].content.startswith("Não é a sua vez")
    rules = await fake.slash(other, thread, "splendor rules", locale="pt-BR")
    assert "na sua vez" in (await rules.wait_original()).content
    played = await fake.slash(mover, thread, "take", {"gems": "wug"}, locale="es-ES")
    assert (await played.wait_followups(1))[0].content.splitlines()[0] == "Jugado: Tomar blanco, azul, verde"

    (splendor,) = [c for c in fake.commands_for(fake.guild) if c["name"] == "splendor"]
    names = {o["name"]: o for o in splendor["options"]}
    assert names["new"]["name_localizations"]["es-ES"] == "nueva"
    assert names["new"]["name_localizations"]["pt-BR"] == "nova"
    take = next(c for c in fake.commands_for(fake.guild) if c["name"] == "take")
    assert take["name_localizations"] == {"es-ES": "tomar", "es-419": "tomar", "pt-BR": "pegar"}

    settings = await fake.slash(mover, thread, "player settings", {"language": "es"})
    assert (await settings.wait_original()).content.startswith("Idioma: Español")
    override = await fake.slash(mover, thread, "take", {"gems": "wug"}, locale="en-US")  # now other's turn
    assert (await override.wait_followups(1))[0].content.startswith("No es tu turno")


async def test_illegal_and_out_of_turn_moves_are_refused(fake_discord: FakeDiscord, start_client: ClientRunner,
                                                         tmp_path: Path) -> None:
    fake = fake_discord
    bot, thread, board, users = await _started(fake, start_client, tmp_path)
    mover, other = await _to_act(bot, thread, users)
    illegal = await fake.slash(mover, thread, "buy", {"card": "3.1"})
    reply = (await illegal.wait_followups(1))[0]
    assert reply.ephemeral and "afford" in reply.content
    out_of_turn = await fake.slash(other, thread, "take", {"gems": "wug"})
    reply = (await out_of_turn.wait_followups(1))[0]
    assert reply.ephemeral and reply.content.startswith("It is not your turn")
    click = await fake.click(other, board, _button(board, "take"))
    assert "not your turn" in (await click.wait_original()).content
    stranger = await fake.click(fake.user("carol"), board, _button(board, "buy"))
    assert "not a player" in (await stranger.wait_original()).content
    garbage = await fake.slash(mover, thread, "choose", {"option": "fly away"})
    assert (await garbage.wait_followups(1))[0].ephemeral
    game = await bot.service.game_for_channel(thread.id)
    assert game is not None and game.version == 0 and len(board_messages(fake, thread)) == 1


async def test_decision_menu_appears_and_answers(fake_discord: FakeDiscord, start_client: ClientRunner,
                                                 tmp_path: Path) -> None:
    fake = fake_discord
    bot, thread, _, users = await _started(fake, start_client, tmp_path)
    for _ in range(20):
        game = await bot.service.game_for_channel(thread.id)
        assert game is not None
        state = await bot.service.state(game.game_id)
        if state.pending_kind is not None:
            break
        codes = [str(a) for a in engine.legal_actions(state)]
        code = next((c for c in codes if c.startswith("take") and len(c.split()[1]) == 3), codes[0])
        await (await send_move(fake, users[game.to_act_user or 0], thread, code)).wait_followups(1)
        await fake.wait_until(lambda v=game.version: len(board_messages(fake, thread)) >= v + 2, what="board")
    assert state.pending is not None and state.pending.kind == "return"
    board = board_messages(fake, thread)[-1]
    decider = users[game.to_act_user or 0]
    assert re.search(r"return \d+ tokens? \(you may keep 10\)", board.content)  # how many, in words
    menu = next(c for c in board.all_components() if c.get("type") == 3)
    option = menu["options"][0]
    assert option["label"].startswith("Return ")
    others = [u for u in users.values() if u.id != decider.id]
    refused = await fake.select(others[0], board, menu["custom_id"], [option["value"]])
    assert "not your turn" in (await refused.wait_followups(1))[0].content
    chosen = await fake.select(decider, board, menu["custom_id"], [option["value"]])
    assert (await chosen.wait_followups(1))[0].content.startswith("Played: Return")
    after = await bot.service.game_for_channel(thread.id)
    assert after is not None and after.version == game.version + 1


async def test_restart_keeps_old_buttons_working(fake_discord: FakeDiscord, start_client: ClientRunner,
                                                 tmp_path: Path) -> None:
    fake = fake_discord
    bot, thread, first_board, users = await _started(fake, start_client, tmp_path)
    mover, _ = await _to_act(bot, thread, users)
    await (await send_move(fake, mover, thread, "take wug")).wait_followups(1)
    await fake.wait_until(lambda: len(board_messages(fake, thread)) == 2, what="the second board")
    current = board_messages(fake, thread)[-1]

    bot2 = await start_client.restart(bot, make_bot(fake, tmp_path / "g.sqlite3"))
    await fake.wait_until(lambda: len(fake.gateway.live_sessions) == 1, what="the old connection to end")
    # display names were stored: images name the players before anyone interacts again
    assert {uid: bot2.names.get(uid) for uid in users} == {uid: bot.names[uid] for uid in users}
    assert all(bot2.names.get(uid) for uid in users)
    mover, _ = await _to_act(bot2, thread, users)
    opened = await fake.click(mover, current, _button(current, "take"))
    menu = await opened.wait_original()
    select = next(c for c in menu.all_components() if c.get("type") == 3)
    await (await fake.select(mover, menu, select["custom_id"], [select["options"][0]["value"]])).accepted()
    await fake.wait_until(lambda: menu if menu.attachments else None, what="the preview after the restart")
    await (await fake.click(mover, menu, _button(menu, "do"))).accepted()
    await fake.wait_until(lambda: len(board_messages(fake, thread)) == 3, what="the board after the restart")

    stale = await fake.click(mover, first_board, _button(first_board, "take"))
    reply = (await stale.wait_followups(1))[0]
    assert reply.ephemeral and "out of date" in reply.content
    assert reply.attachment("table.png") and reply.custom_ids()
    assert all(c.split(":")[2] == "2" for c in reply.custom_ids())  # the buttons of the current board


async def test_confirm_on_a_stale_preview_shows_the_current_board(fake_discord: FakeDiscord,
                                                                   start_client: ClientRunner, tmp_path: Path) -> None:
    """The service refuses an old preview's Confirm (StaleBoard); the UI answers with the current board."""
    fake = fake_discord
    bot, thread, board, users = await _started(fake, start_client, tmp_path)
    mover, _ = await _to_act(bot, thread, users)
    menu = await (await fake.click(mover, board, _button(board, "take"))).wait_original()
    select = next(c for c in menu.all_components() if c.get("type") == 3)
    await (await fake.select(mover, menu, select["custom_id"], ["take wug"])).accepted()
    await fake.wait_until(lambda: menu if menu.attachments else None, what="the preview")
    await (await send_move(fake, mover, thread, "take wrk")).wait_followups(1)  # the board moves on meanwhile

    stale = await fake.click(mover, menu, _button(menu, "do"))
    reply = (await stale.wait_followups(1))[0]
    assert reply.ephemeral and "out of date" in reply.content
    assert reply.attachment("table.png") and reply.custom_ids()
    assert all(c.split(":")[2] == "1" for c in reply.custom_ids())  # the buttons of the current board
    game = await bot.service.game_for_channel(thread.id)
    assert game is not None
    state = await bot.service.state(game.game_id)
    assert [str(a) for _, a in state.history()] == ["take wrk"]


async def test_lobby_permissions_abort_and_kick(fake_discord: FakeDiscord, start_client: ClientRunner,
                                                tmp_path: Path) -> None:
    fake = fake_discord
    bot = await start_client(make_bot(fake, tmp_path / "g.sqlite3"))
    bob, carol, alice = fake.user("bob"), fake.user("carol"), fake.user("alice")
    thread, lobby, created = await new_game(fake, bob, "spectacle", 3)
    assert f"<#{thread.id}>" in (await created.wait_original()).content
    await (await fake.click(carol, lobby, lobby.custom_ids()[0])).accepted()
    await fake.wait_until(lambda: f"<@{carol.id}>" in lobby.content, what="carol in the lobby")
    not_creator = await fake.click(carol, lobby, next(c for c in lobby.custom_ids() if c.endswith(":start")))
    refusal = await not_creator.wait_original()  # answered before anything public
    assert refusal.ephemeral and "creator" in refusal.content
    kick = await fake.slash(carol, thread, "splendor kick", {"member": bob})
    assert "creator" in (await kick.wait_original()).content
    kicked = await fake.slash(alice, thread, "splendor kick", {"member": carol})  # alice can manage threads
    await kicked.wait_original()
    game = await bot.service.game_for_channel(thread.id)
    assert game is not None and game.user_ids == (bob.id,)
    aborted = await fake.slash(alice, thread, "splendor abort")
    assert "stopped" in (await aborted.wait_original()).content
    game = await bot.service.game_for_channel(thread.id)
    assert game is not None and game.status == "aborted"


async def test_settings_quiet_hours_and_time_zone(fake_discord: FakeDiscord, start_client: ClientRunner,
                                                  tmp_path: Path) -> None:
    fake = fake_discord
    bot = await start_client(make_bot(fake, tmp_path / "g.sqlite3"))
    bob = fake.user("bob")
    channel = fake.channel("general")
    ok = await fake.slash(bob, channel, "player settings", {"quiet_hours": "23-7", "timezone": "Europe/Madrid"})
    reply = await ok.wait_original()
    assert reply.ephemeral and "Quiet hours: 23:00–07:00 (Europe/Madrid)" in reply.content
    settings = await bot.service.user_settings(bob.id)
    assert settings.quiet_hours == (23, 7) and settings.tz == "Europe/Madrid"
    bad = await fake.slash(bob, channel, "player settings", {"quiet_hours": "25-3"}, locale="es-ES")
    refusal = (await bad.wait_original()).content
    assert "quiet_hours" in refusal or "horas" in refusal.lower()
    assert (await bot.service.user_settings(bob.id)).quiet_hours == (23, 7)  # unchanged
    off = await fake.slash(bob, channel, "player settings", {"quiet_hours": "off"}, locale="pt-BR")
    assert "Horas de silêncio: nenhuma" in (await off.wait_original()).content
    assert (await bot.service.user_settings(bob.id)).quiet_hours is None


def test_parse_quiet_hours() -> None:
    from bot.exts.settings import parse_quiet_hours
    from bot.service import BadOption

    assert parse_quiet_hours("23-7") == (23, 7)
    assert parse_quiet_hours(" 22h - 6h ") == (22, 6)
    assert parse_quiet_hours("off") is None
    with pytest.raises(BadOption):
        parse_quiet_hours("late")
