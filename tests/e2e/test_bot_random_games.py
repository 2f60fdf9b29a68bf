"""Whole games of uniformly random legal moves through the real slash commands.

Random picks reach every kind of decision (returns, payments, nobles, Orient effects,
strongholds, Spectacle powers) through ``/choose``; every move must be accepted and
post a new board, and nothing may ever end in the apology for an unexpected error.
(A stress run of 48 such games, three rulesets and 16 seeds, passed the same way.)
"""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest

import engine
from bot import Settings, create_bot
from engine.rng import Rng
from tests.e2e.bot_helpers import FAKE_TOKEN, board_messages, join_and_start, new_game, send_move
from tests.e2e.conftest import ClientRunner
from tests.e2e.fakediscord import FakeDiscord

pytestmark = pytest.mark.e2e

APOLOGY = "something went wrong"


@pytest.mark.parametrize(("ruleset", "players"), [("base", 3), ("orient+strongholds", 2), ("spectacle", 2),
                                                  ("spectacle", 4)])
async def test_random_legal_moves_through_the_commands(fake_discord: FakeDiscord, start_client: ClientRunner,
                                                       tmp_path: Path, ruleset: str, players: int) -> None:
    fake = fake_discord
    settings = Settings(discord_token=FAKE_TOKEN, database_path=tmp_path / "g.sqlite3", dev_guild_id=fake.guild.id)
    seeds = itertools.count(4)
    bot = await start_client(create_bot(settings, guild_ready_timeout=0.05, background_interval=3600,
                                        seed_source=lambda: next(seeds)))
    users = [fake.user(n) for n in ("alice", "bob", "carol", "owner")[:players]]
    thread, lobby, _ = await new_game(fake, users[0], ruleset, players, target=None if ruleset == "spectacle" else 6)
    await join_and_start(fake, thread, lobby, users[0], users[1:])
    by_id = {u.id: u for u in users}
    rng = Rng(players * 7 + len(ruleset))
    decisions = 0
    for _ in range(3000):
        game = await bot.service.game_for_channel(thread.id)
        assert game is not None
        if game.status != "active":
            break
        state = await bot.service.state(game.game_id)
        decisions += state.pending_kind is not None
        codes = [str(a) for a in engine.legal_actions(state)]
        code = codes[rng.below(len(codes))]
        boards = len(board_messages(fake, thread))
        handle = await send_move(fake, by_id[game.to_act_user or 0], thread, code, ruleset=game.ruleset)
        reply = (await handle.wait_followups(1))[0]
        assert "Played" in reply.content, (code, reply.content)
        await fake.wait_until(lambda b=boards: len(board_messages(fake, thread)) > b, what="the next board")
    else:
        raise AssertionError("the game did not end")
    assert game.status == "over" and await bot.service.verify(game.game_id)
    assert decisions > 0
    assert not any(APOLOGY in m.text() for m in fake.messages_in(thread, include_ephemeral=True))
