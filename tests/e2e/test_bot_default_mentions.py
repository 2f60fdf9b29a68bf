"""The client's default allowed mentions is none (issue 27 §2): a message that does not say whom it pings pings
nobody, even when its text holds a user's mention: a refusal that echoes what the user typed, or any post the bot
makes without its own setting.  Only posts that name their pings (a turn's board, a league's table) notify."""

from __future__ import annotations

from pathlib import Path

import discord
import pytest

import engine
from tests.e2e.bot_helpers import reply_of, two_players
from tests.e2e.conftest import ClientRunner
from tests.e2e.fakediscord import FakeDiscord

pytestmark = pytest.mark.e2e

#: The command that queues a move for one's next turn, with its free-text card condition (echoed when refused).
PLAN = ("splendor plan", "move", "if_card")


async def test_a_reply_echoing_a_mention_without_its_own_setting_pings_nobody(
        fake_discord: FakeDiscord, start_client: ClientRunner, tmp_path: Path) -> None:
    fake = fake_discord
    bot, thread, gid, first, waiting = await two_players(fake, start_client, tmp_path / "m.sqlite3")
    state = await bot.service.state(gid)
    assert state is not None and state.to_act is not None
    turn = engine.turn_for(state, 1 - state.to_act)
    assert turn is not None
    take = next(str(a) for a in engine.legal_actions(turn) if a.family == "take")
    command, move, if_card = PLAN
    echoed = f"<@{first.id}>"
    reply = await reply_of(await fake.slash(waiting, thread, command, {move: take, if_card: echoed}))
    assert echoed in reply.content  # the refusal quotes the card the user named: a mention
    assert reply.mention_ids == [first.id] and reply.pinged_ids == []
    assert reply.allowed_mentions is not None and reply.allowed_mentions.get("parse") == []

    # any post of the bot's own without a setting: the client's default applies
    channel = bot.get_channel(thread.id)
    assert isinstance(channel, discord.Thread)
    sent = await channel.send(f"{echoed} <@{waiting.id}> @everyone")
    posted = fake.messages[sent.id]
    assert posted.pinged_ids == [] and not posted.pings.everyone and not sent.mention_everyone
