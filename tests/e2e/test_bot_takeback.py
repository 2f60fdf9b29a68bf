"""A board prepared before a take-back never acts on the board after it (issue 27 §1), through the real client.

The reproduction: A plays ``/take``; B opens the composer and previews ``reserve 1.1``; A presses Undo, then
reserves 1.1 (the slot refills with another card); B presses the old Confirm.  The log is back at the same
length, so only a board identity that never repeats tells the two boards apart.
"""

from __future__ import annotations

from pathlib import Path

import pytest

import engine
from bot.client import SplendorBot
from bot.text import action_label
from tests.e2e.bot_helpers import board_messages, send_move, two_players
from tests.e2e.conftest import ClientRunner
from tests.e2e.fakediscord import FakeChannel, FakeDiscord, FakeMessage, FakeUser

pytestmark = pytest.mark.e2e


def _button(msg: FakeMessage, verb: str) -> str:
    return next(c for c in msg.custom_ids() if c.split(":")[3] == verb)


async def _started(fake: FakeDiscord, start_client: ClientRunner, tmp_path: Path, ruleset: str = "base"
                   ) -> tuple[SplendorBot, FakeChannel, int, FakeUser, FakeUser]:
    return await two_players(fake, start_client, tmp_path / "g.sqlite3", ruleset)


async def _preview(fake: FakeDiscord, user: FakeUser, board: FakeMessage, verb: str, value: str | None
                   ) -> FakeMessage:
    """Open the composer on ``board`` and preview ``value`` (None: the first choice); the preview message."""
    menu = await (await fake.click(user, board, _button(board, verb))).wait_original()
    select = next(c for c in menu.all_components() if c.get("type") == 3)
    values = [o["value"] for o in select["options"]]
    choice = values[0] if value is None else value
    assert choice in values, (choice, values)
    await (await fake.select(user, menu, select["custom_id"], [choice])).accepted()
    await fake.wait_until(lambda: menu if menu.attachments else None, what="the preview")
    if "do" not in [c.split(":")[3] for c in menu.custom_ids()]:  # a payment to choose first
        select = next(c for c in menu.all_components() if c.get("type") == 3)
        await (await fake.select(user, menu, select["custom_id"], [select["options"][0]["value"]])).accepted()
        await fake.wait_until(lambda: "do" in [c.split(":")[3] for c in menu.custom_ids()], what="the preview")
    return menu


async def _undo_and_replay(fake: FakeDiscord, thread: FakeChannel, a: FakeUser, note: FakeMessage, code: str,
                           ruleset: str) -> None:
    boards = len(board_messages(fake, thread))
    await (await fake.click(a, note, _button(note, "undo"))).accepted()
    await fake.wait_until(lambda: len(board_messages(fake, thread)) == boards + 1, what="the board after the undo")
    replay = (await (await send_move(fake, a, thread, code, ruleset=ruleset)).wait_followups(1))[0]
    assert replay.content.startswith("Played"), replay.content
    await fake.wait_until(lambda: len(board_messages(fake, thread)) == boards + 2, what="the board after the replay")


def _board_number(msg: FakeMessage) -> int:
    """The board identity its items carry (``spl:<game>:<board>:<verb>``)."""
    (number,) = {int(c.split(":")[2]) for c in msg.custom_ids()}
    return number


def _refused_as_stale(reply: FakeMessage, current: int) -> None:
    assert reply.ephemeral and "out of date" in reply.content, reply.content
    assert reply.attachment("table.png") and _board_number(reply) == current  # the current board, working


async def test_an_old_confirm_after_a_take_back_is_refused(fake_discord: FakeDiscord, start_client: ClientRunner,
                                                           tmp_path: Path) -> None:
    """The issue's reproduction, step by step: B never gets the card that refilled slot 1.1."""
    fake = fake_discord
    bot, thread, gid, a, b = await _started(fake, start_client, tmp_path)
    took = (await (await send_move(fake, a, thread, "take wug")).wait_followups(1))[0]
    await fake.wait_until(lambda: len(board_messages(fake, thread)) == 2, what="B's board")
    b_board = board_messages(fake, thread)[-1]
    preview = await _preview(fake, b, b_board, "reserve", "reserve 1.1")
    seat_b = (await bot.service.game(gid)).seat_of(b.id)
    card_b_saw = action_label(engine.view_for(await bot.service.state(gid), seat_b), "reserve 1.1", "en")
    assert card_b_saw.split(" — ", 1)[1] in preview.content  # "a blue card (level 1, …)": what B previewed

    await _undo_and_replay(fake, thread, a, took, "reserve 1.1", "base")
    after = await bot.service.game(gid)
    assert after.version == 1 and after.to_act_user == b.id  # the log is as long as when B previewed
    state = await bot.service.state(gid)
    assert action_label(engine.view_for(state, seat_b), "reserve 1.1", "en") != card_b_saw  # slot 1.1 refilled

    stale = await fake.click(b, preview, _button(preview, "do"))
    await fake.wait_until(lambda: stale.followups or preview.content.startswith("Played"), what="an answer")
    assert [str(x) for _, x in (await bot.service.state(gid)).history()] == ["reserve 1.1"], preview.content
    _refused_as_stale(stale.followups[0], _board_number(board_messages(fake, thread)[-1]))
    assert engine.to_json(await bot.service.state(gid)) == engine.to_json(state)  # B holds nothing new


async def test_an_old_board_menu_and_command_after_a_take_back_are_refused(
        fake_discord: FakeDiscord, start_client: ClientRunner, tmp_path: Path) -> None:
    """B's board buttons and a command whose value B picked from autocomplete before the take-back are refused;
    a value B types by hand acts on the board B sees now."""
    fake = fake_discord
    bot, thread, gid, a, b = await _started(fake, start_client, tmp_path)
    took = (await (await send_move(fake, a, thread, "take wug")).wait_followups(1))[0]
    await fake.wait_until(lambda: len(board_messages(fake, thread)) == 2, what="B's board")
    b_board = board_messages(fake, thread)[-1]
    opened = await (await fake.click(b, b_board, _button(b_board, "reserve"))).wait_original()  # B's menu
    menu = next(c for c in opened.all_components() if c.get("type") == 3)
    offered = await fake.autocomplete(b, thread, "reserve", "card", "1.1")
    (old_value,) = [c["value"] for c in offered if c["value"].startswith("1.1 ")]

    await _undo_and_replay(fake, thread, a, took, "take wrk", "base")
    current = _board_number(board_messages(fake, thread)[-1])
    assert current > _board_number(b_board)

    for handle in (await fake.click(b, b_board, _button(b_board, "take")),
                   await fake.select(b, opened, menu["custom_id"], ["reserve 1.1"]),
                   await fake.slash(b, thread, "reserve", {"card": old_value})):
        reply = (await handle.wait_followups(1))[0]
        _refused_as_stale(reply, current)
    assert [str(x) for _, x in (await bot.service.state(gid)).history()] == ["take wrk"]
    typed = await fake.slash(b, thread, "reserve", {"card": "1.1"})
    assert (await typed.wait_followups(1))[0].content.startswith("Played: Reserve 1.1")


@pytest.mark.parametrize("ruleset", ["orient", "strongholds", "orient+strongholds", "spectacle"])
async def test_an_old_preview_is_refused_after_a_take_back_in_every_ruleset(
        fake_discord: FakeDiscord, start_client: ClientRunner, tmp_path: Path, ruleset: str) -> None:
    fake = fake_discord
    bot, thread, gid, a, b = await _started(fake, start_client, tmp_path, ruleset)
    takes = [str(x) for x in engine.legal_actions(await bot.service.state(gid)) if x.family == "take"]
    took = (await (await send_move(fake, a, thread, takes[0], ruleset=ruleset)).wait_followups(1))[0]
    await fake.wait_until(lambda: len(board_messages(fake, thread)) == 2, what="B's board")
    preview = await _preview(fake, b, board_messages(fake, thread)[-1], "take", None)

    await _undo_and_replay(fake, thread, a, took, takes[-1], ruleset)
    stale = await fake.click(b, preview, _button(preview, "do"))
    await fake.wait_until(lambda: stale.followups or preview.content.startswith("Played"), what="an answer")
    assert [str(x) for _, x in (await bot.service.state(gid)).history()] == [takes[-1]], preview.content
    _refused_as_stale(stale.followups[0], _board_number(board_messages(fake, thread)[-1]))
