from __future__ import annotations

import itertools
from collections.abc import AsyncIterator, Awaitable, Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

import engine
from bot.service import GameService, ServiceSettings
from bot.store import GameStore, OutboxRow, SqliteStore
from tests.bot.service import countgame  # registers the toy "count" ruleset (only test_lifecycle's draw plays it)

assert countgame.RULES.name == "count"

T0 = datetime(2026, 3, 2, 12, 0, tzinfo=UTC)


class FakeClock:
    """An injected clock: ``clock()`` is the time, ``clock.advance(...)`` moves it."""

    def __init__(self, start: datetime = T0) -> None:
        self.now = start

    def __call__(self) -> datetime:
        return self.now

    def advance(self, **kw: float) -> datetime:
        self.now += timedelta(**kw)
        return self.now


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "games.sqlite3"


#: The backends every store-level and service-level test runs on (PostgreSQL: a server the suite starts).
BACKENDS = ("sqlite", "postgres")
_schemas = itertools.count(1)  # schema names of this session (databases: tests/conftest.py)
OpenStore = Callable[[], Awaitable[GameStore]]


@pytest.fixture(params=BACKENDS)
def backend(request: pytest.FixtureRequest) -> str:
    return str(request.param)


@pytest.fixture
def open_store(backend: str, db_path: Path, request: pytest.FixtureRequest) -> OpenStore:
    """Opens a store on this test's data (again after a close: a restart): its SQLite file, or its own
    PostgreSQL schema (``t<n>``) on the session's server."""
    if backend == "sqlite":
        async def open_sqlite() -> GameStore:
            return await SqliteStore.open(db_path)
        return open_sqlite
    from bot.store.postgres import PostgresStore

    url = request.getfixturevalue("pg_url")
    schema = f"t{next(_schemas)}"

    async def open_pg() -> GameStore:
        return await PostgresStore.open(url, schema=schema, min_size=1, max_size=4)
    return open_pg


@pytest.fixture
async def store(open_store: OpenStore) -> AsyncIterator[GameStore]:
    s = await open_store()
    yield s
    await s.close()


@pytest.fixture
def settings() -> ServiceSettings:
    return ServiceSettings(notify_min_interval=timedelta(minutes=15), reminder_lead=timedelta(hours=2))


@pytest.fixture
def service(store: GameStore, clock: FakeClock, settings: ServiceSettings) -> GameService:
    return GameService(store, clock, settings)


async def started_game(
    service: GameService, users: tuple[int, ...] = (101, 102), *, channel: int = 9000, **kw: object
) -> int:
    """A started base game with ``users`` (the first creates it)."""
    opts = {"ruleset": "base", "players": len(users), "seed": 42, "turn_timer": "12h", **kw}
    info = await service.create_game(channel_id=channel, creator_id=users[0], **opts)  # type: ignore[arg-type]
    for u in users[1:]:
        await service.join(info.game_id, u)
    await service.start(info.game_id, users[0])
    return info.game_id


async def base_game(service: GameService, users: tuple[int, ...] = (101, 102), **kw: object) -> int:
    """A started base game (the toy ruleset's codes would hide a real ruleset's parsing and refusals)."""
    return await started_game(service, users, ruleset="base", **kw)


async def minimal_code(service: GameService, gid: int) -> str:
    """The engine's minimal move for whoever acts in game ``gid``, as a code."""
    state = await service.state(gid)
    assert state is not None
    return str(engine.default_action(state))


async def legal_codes(service: GameService, gid: int) -> list[str]:
    """Every legal move for whoever acts in game ``gid``, as codes (the engine's order)."""
    state = await service.state(gid)
    assert state is not None
    return [str(a) for a in engine.legal_actions(state)]


async def outbox(service: GameService, kind: str | None = None) -> list[OutboxRow]:
    """Every outbox row (optionally of one kind)."""
    async with service.store.reading() as tx:
        rows = await tx.notifications()
    return [r for r in rows if kind is None or r.kind == kind]
