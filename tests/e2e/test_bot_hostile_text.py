"""Hostile user text through every command that echoes it (issue 27 §2, §3): nothing the bot sends can ping
@everyone, @here or a role, and Discord refuses nothing it sends (content, embeds and components within limits).

The sweep sends what a stale command registration or a crafted request could (``fake.client_checks = False``):
the bot's own guard, not only the options' ``max_length``, must keep every message within Discord's limits.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from bot.client import SplendorBot
from tests.e2e.bot_helpers import board_messages, make_bot, new_game
from tests.e2e.conftest import ClientRunner
from tests.e2e.fakediscord import ClientRefusal, FakeChannel, FakeDiscord, FakeUser, InteractionHandle, pings_of

pytestmark = pytest.mark.e2e

LONG = ("@everyone @here " * 400)[:6000]


def hostile(role_id: int) -> list[str]:
    return [
        "@everyone",
        "@here",
        f"<@&{role_id}>",
        "# @everyone **bold** __u__ ||spoiler|| `code` > [link](https://example.com)",
        "\u200b@everyone\u200b @\u200bhere",
        "\u202e@here\u202c \u2067<@&1>\u2069",
        LONG,
    ]


def _refused(fake: FakeDiscord, handle: InteractionHandle) -> bool | None:
    """Discord refused one of the bot's answers to the interaction."""
    refused = any(not c.ok for c in handle.callbacks)
    return refused or any(handle.token in r.path and r.status >= 400 for r in fake.requests) or None


def _finished(fake: FakeDiscord, handle: InteractionHandle) -> bool | None:
    """The interaction was answered (a message, a filled defer) or Discord refused the bot's answer."""
    if _refused(fake, handle):
        return True
    record = handle.response
    if record is None:
        return None
    if record.type == 5:
        return bool(handle.followup_ids) or None
    return True


async def run(fake: FakeDiscord, user: FakeUser, channel: FakeChannel, command: str,
              options: dict[str, Any]) -> InteractionHandle:
    handle = await fake.slash(user, channel, command, options)
    await fake.wait_until(lambda: _finished(fake, handle), what=f"an answer to /{command} {list(options)}")
    return handle


def assert_nothing_pings_or_is_refused(fake: FakeDiscord) -> None:
    bodies = fake.message_bodies()
    assert bodies
    problems: list[str] = []
    for request, body in bodies:
        content = str(body.get("content") or "")
        where = f"{request.method} {request.path.split('/')[1]} {content[:60]!r}"
        pings = pings_of(content, body.get("allowed_mentions"))
        if request.status >= 400:
            problems.append(f"refused {request.status} ({len(content)} chars): {where}")
        if pings.everyone or pings.roles:
            problems.append(f"pings everyone={pings.everyone} roles={sorted(pings.roles)}: {where}")
    refused = [f"{r.method} {r.path} {r.status}" for r in fake.requests if r.status >= 400]
    assert not problems and not refused, "\n".join([f"{len(problems)} problems", *problems, *refused])


async def _league_game(fake: FakeDiscord, bot: SplendorBot, alice: FakeUser, bob: FakeUser) -> tuple[int, FakeChannel]:
    general = fake.channel("general")
    await run(fake, alice, general, "league create", {"name": "Spring", "seats": 2, "turn_timer": "none"})
    await run(fake, bob, general, "league join", {"league": "Spring"})
    before = len(fake.threads_of(general))
    await run(fake, alice, general, "league queue", {"league": "Spring"})
    await run(fake, bob, general, "league queue", {"league": "Spring"})
    thread = await fake.wait_until(lambda: fake.threads_of(general)[before:] and fake.threads_of(general)[before],
                                   what="the league game's thread")
    await fake.wait_until(lambda: board_messages(fake, thread), what="the league game's first board")
    game = await bot.service.game_for_channel(thread.id)
    assert game is not None
    return game.game_id, thread


async def test_hostile_text_pings_nobody_and_every_reply_fits(fake_discord: FakeDiscord,
                                                             start_client: ClientRunner, tmp_path: Path) -> None:
    fake = fake_discord
    role = fake.add_role(fake.guild, "Champions", 0)
    mallory = fake.add_user("mallory")
    fake.add_member(fake.guild, mallory)
    texts = hostile(role.id)
    mallory.global_name = texts[3]  # a display name with a heading, markdown and @everyone
    bot = await start_client(make_bot(fake, tmp_path / "h.sqlite3"))
    fake.client_checks = False
    general = fake.channel("general")
    alice, bob = fake.user("alice"), fake.user("bob")
    game_id, table_thread = await _league_game(fake, bot, alice, bob)

    for text in texts:
        await run(fake, alice, general, "league create", {"name": text, "seats": 2})
        for command in ("league info", "league join", "league standings", "league history", "player stats"):
            await run(fake, bob, general, command, {"league": text})
        await run(fake, alice, general, "league settle", {"league": text, "game": game_id, "reason": text})
        posts = len(fake.messages_in(table_thread))
        void = await run(fake, alice, general, "league void", {"league": "Spring", "game": game_id, "reason": text})
        await fake.wait_until(lambda n=posts, h=void: len(fake.messages_in(table_thread)) > n or _refused(fake, h),
                              what="the void's post in the game thread")
        await run(fake, alice, general, "league settle", {"league": "Spring", "game": game_id, "reason": text,
                                                          "order": f"{alice.mention} {bob.mention} {text}"})
        await run(fake, bob, general, "player settings", {"quiet_hours": text})
        await run(fake, bob, general, "player settings", {"timezone": text})

    # a display name: the game's thread, lobby, boards and stats show it
    thread, lobby, _ = await new_game(fake, mallory)
    await run(fake, bob, thread, "splendor join", {})
    await run(fake, mallory, thread, "splendor start", {})
    await fake.wait_until(lambda: board_messages(fake, thread), what="the first board")
    for text in texts:
        await run(fake, mallory, thread, "take", {"gems": text})
    await run(fake, bob, general, "player stats", {"member": mallory})
    await run(fake, mallory, general, "league join", {"league": "Spring"})
    assert lobby.content
    assert_nothing_pings_or_is_refused(fake)


async def test_every_free_text_option_declares_max_length(fake_discord: FakeDiscord, start_client: ClientRunner,
                                                          tmp_path: Path) -> None:
    """Discord's client then stops long input before it is sent (and the fake refuses to send it)."""
    fake = fake_discord
    await start_client(make_bot(fake, tmp_path / "m.sqlite3"))
    commands = fake.commands[fake.guild.id]

    def free_text(options: list[dict[str, Any]], path: str) -> list[tuple[str, dict[str, Any]]]:
        out = []
        for option in options:
            where = f"{path} {option['name']}"
            if option["type"] in (1, 2):
                out += free_text(option.get("options") or [], where)
            elif option["type"] == 3 and not option.get("choices"):
                out.append((where, option))
        return out

    found = [x for command in commands for x in free_text(command.get("options") or [], command["name"])]
    assert len(found) >= 20
    missing = [where for where, option in found if not option.get("max_length")]
    assert not missing, missing
    assert all(option["max_length"] <= 1000 for _, option in found)
    with pytest.raises(ClientRefusal):
        await fake.slash(fake.user("bob"), fake.channel("general"), "league info", {"league": "x" * 6000})


async def test_refusals_after_a_defer_stay_private(fake_discord: FakeDiscord, start_client: ClientRunner,
                                                   tmp_path: Path) -> None:
    """Discord shows the first followup after a public defer to everyone, whatever its flags: a command that may
    refuse looks up first (or defers privately).  ``/league standings season:99`` refuses, privately."""
    fake = fake_discord
    await start_client(make_bot(fake, tmp_path / "d.sqlite3"))
    general, alice, bob = fake.channel("general"), fake.user("alice"), fake.user("bob")
    await run(fake, alice, general, "league create", {"name": "Spring", "seats": 2})
    for command, options in (("player stats", {"league": "Nowhere"}),
                             ("league standings", {"league": "Nowhere"}),
                             ("league standings", {"league": "Spring", "season": 99}),
                             ("league history", {"league": "Nowhere"}),
                             ("league void", {"league": "Nowhere", "game": 1, "reason": "r"}),
                             ("league season end", {"league": "Nowhere"})):
        handle = await run(fake, bob, general, command, options)
        assert handle.response is not None and handle.response.ok
        if handle.response.type == 5:  # a defer must be private when a refusal may follow
            assert handle.response.ephemeral, (command, options)
        shown = [m for m in [handle.original, *handle.followups] if m is not None]
        assert shown and all(m.ephemeral for m in shown), (command, options, [m.content for m in shown])
        assert not [a for m in shown for a in m.attachments], (command, options)
    season = (await run(fake, bob, general, "league standings", {"league": "Spring", "season": 99})).original
    assert season is not None and "99" in season.content
    assert all(not m.content or "Nowhere" not in m.content for m in fake.messages_in(general))
