"""Which address keys the web pages' rate limit behind a reverse proxy (``--trust-proxy``): the entry the proxy
appended to ``X-Forwarded-For`` (the last one), never the client's own first entry, which anyone can write."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from aiohttp.test_utils import TestClient, TestServer

from bot.store import SqliteStore
from bot.web import Site, WebConfig, make_app

PROXY_SAW = "203.0.113.7"  # the address the proxy appends: the visitor's real one


@pytest.fixture
async def store(tmp_path: Path) -> AsyncIterator[SqliteStore]:
    store = await SqliteStore.open(tmp_path / "web.sqlite3")
    yield store
    await store.close()


async def _client(store: SqliteStore, *, trust: bool) -> TestClient[Any, Any]:
    client = TestClient(TestServer(make_app(Site(store), WebConfig(rate=0.001, burst=1, trust_forwarded=trust))))
    await client.start_server()
    return client


async def _status(client: TestClient[Any, Any], forwarded: str) -> int:
    response = await client.get("/", headers={"X-Forwarded-For": forwarded})
    await response.read()
    return response.status


async def test_a_new_first_entry_does_not_get_around_the_limit(store: SqliteStore) -> None:
    client = await _client(store, trust=True)
    try:
        assert await _status(client, f"198.51.100.1, {PROXY_SAW}") == 200
        # the visitor writes a different address of their own each time: the proxy's entry is the same
        for own in ("198.51.100.2", "10.0.0.1", "unknown"):
            assert await _status(client, f"{own}, {PROXY_SAW}") == 429, own
        # a chain of proxies: still the last entry, whatever comes before it
        assert await _status(client, f"198.51.100.3, 192.0.2.50, {PROXY_SAW}") == 429
    finally:
        await client.close()


async def test_another_visitor_behind_the_same_proxy_is_not_limited_for_the_first(store: SqliteStore) -> None:
    client = await _client(store, trust=True)
    try:
        assert await _status(client, f"198.51.100.1, {PROXY_SAW}") == 200
        # the same first entry (the one a visitor could copy) from another real address: a separate budget
        assert await _status(client, "198.51.100.1, 203.0.113.8") == 200
        assert await _status(client, " 203.0.113.9 ") == 200  # one entry: it is the proxy's, spaces trimmed
        assert await _status(client, "203.0.113.9") == 429
    finally:
        await client.close()


async def test_without_trust_the_header_is_ignored(store: SqliteStore) -> None:
    client = await _client(store, trust=False)
    try:
        assert await _status(client, f"198.51.100.1, {PROXY_SAW}") == 200
        assert await _status(client, "198.51.100.1, 203.0.113.8") == 429  # the connection's address: the same
    finally:
        await client.close()
