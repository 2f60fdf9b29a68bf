"""What an operator sees of a running bot: its heartbeat, its Prometheus metrics and its JSON log lines,
with a move played through the real slash command against the fake Discord."""

from __future__ import annotations

import asyncio
import io
import itertools
import json
import logging
import os
import signal
import socket
import sqlite3
import urllib.request
from pathlib import Path

import pytest

from bot import admin
from bot.client import create_bot
from bot.config import Settings
from bot.logs import ContextFilter, JsonFormatter
from bot.store.schema import MIGRATIONS, SCHEMA_VERSION
from tests.e2e.bot_helpers import board_messages, join_and_start, make_bot, new_game, pick_move, send_move
from tests.e2e.conftest import ClientRunner
from tests.e2e.fakediscord import FAKE_TOKEN, FakeDiscord

pytestmark = pytest.mark.e2e


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def scrape(port: int) -> str:
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics", timeout=10) as response:
        return str(response.read().decode())


async def test_heartbeat_metrics_and_json_logs_of_a_running_bot(fake_discord: FakeDiscord,
                                                                 start_client: ClientRunner, tmp_path: Path) -> None:
    fake = fake_discord
    port = free_port()
    beat = tmp_path / "health.json"
    settings = Settings(discord_token=FAKE_TOKEN, database_path=tmp_path / "g.sqlite3", dev_guild_id=fake.guild.id,
                        metrics_port=port, health_file=beat, health_interval_s=1, render_workers=1,
                        log_format="json")
    out = io.StringIO()
    handler = logging.StreamHandler(out)
    handler.addFilter(ContextFilter())
    handler.setFormatter(JsonFormatter())
    logging.getLogger().addHandler(handler)
    old_level = logging.getLogger("bot").level
    logging.getLogger("bot").setLevel(logging.DEBUG)
    seeds = itertools.count(1)
    try:
        bot = await start_client(create_bot(settings, guild_ready_timeout=0.05, background_interval=3600,
                                            seed_source=lambda: next(seeds)))
        assert bot.render_pool is not None and bot.render_pool.workers == 1
        alice, bob = fake.user("alice"), fake.user("bob")
        thread, lobby, _ = await new_game(fake, alice, "base", 2)
        await join_and_start(fake, thread, lobby, alice, [bob])
        game = await bot.service.game_for_channel(thread.id)
        assert game is not None and game.to_act_user is not None
        boards = len(board_messages(fake, thread))
        mover = alice if game.to_act_user == alice.id else bob
        handle = await send_move(fake, mover, thread, pick_move(await bot.service.state(game.game_id)))
        await handle.wait_followups(1)
        await fake.wait_until(lambda: len(board_messages(fake, thread)) > boards, what="the next board")
        assert bot.monitor is not None
        await bot.monitor.beat()
        ok, message = admin.read_health(beat, 30)
        assert ok, message
        metrics = scrape(port)
        logging.getLogger("bot.test").info("after the move")  # this test's own task: no interaction context
    finally:
        logging.getLogger().removeHandler(handler)
        logging.getLogger("bot").setLevel(old_level)
    assert 'splendor_moves_total{source="player"} 1.0' in metrics
    assert "splendor_move_seconds_count 1.0" in metrics
    assert 'splendor_games{status="active"} 1.0' in metrics
    assert "splendor_render_seconds_count" in metrics and "splendor_render_seconds_count 0.0" not in metrics
    await start_client.stop(bot)
    assert admin.read_health(beat, 30)[1].startswith("stopping")
    lines = [json.loads(line) for line in out.getvalue().splitlines()]
    assert lines, "the bot logged nothing"
    assert all({"ts", "level", "logger", "msg", "game", "guild", "shard"} <= set(x) for x in lines)
    assert lines[-1]["msg"] == "after the move" and lines[-1]["game"] is None
    seen = [x for x in lines if x["msg"].startswith("interaction ")]
    assert seen and all(x["guild"] == fake.guild.id and x["shard"] == 0 for x in seen)
    assert any(x["game"] == game.game_id for x in seen)  # the lobby buttons carry the game


async def test_an_old_database_is_copied_before_the_bot_migrates_it(fake_discord: FakeDiscord,
                                                                    start_client: ClientRunner,
                                                                    tmp_path: Path) -> None:
    path = tmp_path / "splendor.sqlite3"
    with sqlite3.connect(path) as conn:  # as the previous release left it
        for step in MIGRATIONS[:SCHEMA_VERSION - 1]:
            conn.executescript(step.sqlite)
        conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION - 1}")
    bot = await start_client(make_bot(fake_discord, path))
    (copy,) = tmp_path.glob(f"splendor.pre-v{SCHEMA_VERSION - 1}-*.sqlite3")
    with admin.read_only(copy) as conn:
        assert admin.schema_version(conn) == SCHEMA_VERSION - 1
    await start_client.stop(bot)
    with admin.read_only(path) as conn:
        assert admin.schema_version(conn) == SCHEMA_VERSION


async def test_sigterm_closes_the_bot_cleanly(fake_discord: FakeDiscord, start_client: ClientRunner,
                                              tmp_path: Path) -> None:
    beat = tmp_path / "health.json"
    settings = Settings(discord_token=FAKE_TOKEN, database_path=tmp_path / "g.sqlite3",
                        dev_guild_id=fake_discord.guild.id, health_file=beat, render_workers=0)
    bot = await start_client(create_bot(settings, guild_ready_timeout=0.05, background_interval=3600))
    assert signal.getsignal(signal.SIGTERM) is not signal.SIG_DFL  # else the signal below would kill pytest
    os.kill(os.getpid(), signal.SIGTERM)
    for _ in range(200):
        if bot.is_closed() and bot.store is None:
            break
        await asyncio.sleep(0.05)
    assert bot.is_closed() and bot.store is None  # closed, and the store with it (WAL checkpointed)
    assert admin.read_health(beat, 60)[1].startswith("stopping")
    assert signal.getsignal(signal.SIGTERM) is signal.SIG_DFL  # the handler goes with the bot
