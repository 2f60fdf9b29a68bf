"""Fixtures for end-to-end tests: a fake Discord per test and real discord.py clients connected to it."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from typing import TypeVar

import discord
import pytest

from tests.e2e.fakediscord import FAKE_TOKEN, FakeDiscord

CLIENT_START_TIMEOUT = 30.0  # a readiness limit, not a speed check: a loaded machine starts the bot slowly

ClientT = TypeVar("ClientT", bound=discord.Client)


@contextlib.asynccontextmanager
async def running_fake(monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[FakeDiscord]:
    """A started FakeDiscord; discord.py's REST base and gateway URL point at it while ``monkeypatch`` holds.

    On exit it fails the test if any request hit a route the fake does not know.
    """
    fake = FakeDiscord()
    await fake.start()
    monkeypatch.setattr(discord.http.Route, "BASE", fake.api_base)
    default_gateway = discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY
    monkeypatch.setattr(discord.gateway.DiscordWebSocket, "DEFAULT_GATEWAY", type(default_gateway)(fake.gateway_url))
    try:
        yield fake
    finally:
        await fake.stop()
    unknown = [f"{r.method} {r.path}" for r in fake.unknown_requests]
    assert not unknown, f"requests to routes the fake Discord does not know: {unknown}"
    assert not fake.unexpected, f"unexpected protocol traffic: {fake.unexpected}"


@pytest.fixture
async def fake_discord(monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[FakeDiscord]:
    """A started FakeDiscord for one test (see :func:`running_fake`)."""
    async with running_fake(monkeypatch) as fake:
        yield fake


class ClientRunner:
    """Starts discord.py clients against the fake and closes them at teardown.

    ``await start_client(bot)`` starts ``bot`` (build it with ``guild_ready_timeout=0.05``) and waits
    until it is ready; ``await start_client.stop(bot)`` closes one; ``await start_client.restart(old, new)``
    closes ``old`` and starts ``new`` against the same fake state.
    """

    def __init__(self, fake: FakeDiscord) -> None:
        self.fake = fake
        self.tasks: dict[discord.Client, asyncio.Task[None]] = {}

    async def __call__(self, client: ClientT, *, token: str = FAKE_TOKEN) -> ClientT:
        task = asyncio.create_task(client.start(token), name=f"fake-discord-client-{id(client)}")
        self.tasks[client] = task
        ready = asyncio.create_task(client.wait_until_ready())
        done, _ = await asyncio.wait({task, ready}, timeout=CLIENT_START_TIMEOUT, return_when=asyncio.FIRST_COMPLETED)
        if ready not in done:
            ready.cancel()
            if task in done:
                task.result()  # re-raise the start failure
            raise TimeoutError(f"{client!r} was not ready within {CLIENT_START_TIMEOUT}s")
        return client

    async def stop(self, client: discord.Client) -> None:
        task = self.tasks.pop(client, None)
        await client.close()
        if task is not None:
            with contextlib.suppress(asyncio.CancelledError):
                await asyncio.wait_for(task, CLIENT_START_TIMEOUT)

    async def restart(self, old: discord.Client, new: ClientT) -> ClientT:
        await self.stop(old)
        return await self(new)

    async def close_all(self) -> None:
        for client in list(self.tasks):
            await self.stop(client)


@pytest.fixture
async def start_client(fake_discord: FakeDiscord) -> AsyncIterator[ClientRunner]:
    runner = ClientRunner(fake_discord)
    try:
        yield runner
    finally:
        await runner.close_all()
