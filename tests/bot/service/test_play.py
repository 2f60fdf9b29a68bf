"""Playing through the service on the base ruleset: stale boards, retries, turn order, concurrency, restarts,
snapshots."""

from __future__ import annotations

import asyncio
from datetime import timedelta
from pathlib import Path

import pytest

import engine
from bot.service import DuplicateRequest, GameService, NotActive, NotSeated, NotYourTurn, Outcome, StaleBoard
from bot.store import GameUpdate, Snapshot, SqliteStore
from engine.errors import IllegalAction, InvalidAction
from tests.bot.service.conftest import FakeClock, OpenStore
from tests.bot.service.conftest import base_game as started_game
from tests.bot.service.conftest import minimal_code as _minimal


async def _first(service: GameService, gid: int) -> tuple[int, int]:
    info = await service.game(gid)
    assert info.to_act_user is not None
    other = next(u for u in info.user_ids if u != info.to_act_user)
    return info.to_act_user, other


async def test_stale_button_is_refused_and_never_applied(service: GameService) -> None:
    gid = await started_game(service)
    first, second = await _first(service, gid)
    code = await _minimal(service, gid)
    await service.play(gid, first, code, expected_version=0, request_id="a")
    # The second player clicks a button rendered at version 0.
    with pytest.raises(StaleBoard) as err:
        await service.play(gid, second, code, expected_version=0, request_id="b")
    assert err.value.params == {"expected": 0, "current": 1}
    assert "out of date" in err.value.message("en") and "desactualizado" in err.value.message("es")
    assert [a.code for a in await service.actions(gid)] == [code]


async def test_same_request_twice_has_its_effect_once(service: GameService) -> None:
    gid = await started_game(service)
    first, _ = await _first(service, gid)
    one = await service.play(gid, first, "take rr", expected_version=0, request_id="int-1")
    two = await service.play(gid, first, "take rr", expected_version=0, request_id="int-1")
    assert not one.duplicate and two.duplicate
    assert two.version == one.version == 1 and two.applied == one.applied
    assert two.notifications == ()
    assert len(await service.actions(gid)) == 1
    with pytest.raises(DuplicateRequest):  # the same id from someone else is not a retry
        await service.play(gid, 999, "take rr", expected_version=0, request_id="int-1")


async def test_only_seated_players_and_only_the_one_to_decide(service: GameService) -> None:
    gid = await started_game(service)
    first, second = await _first(service, gid)
    with pytest.raises(NotSeated):
        await service.play(gid, 555, "take wug", expected_version=0, request_id="x")
    with pytest.raises(NotYourTurn) as err:
        await service.play(gid, second, "take wug", expected_version=0, request_id="y")
    assert err.value.params == {"to_act": first}
    with pytest.raises(InvalidAction):
        await service.play(gid, first, "take wuzz", expected_version=0, request_id="z")
    with pytest.raises(IllegalAction) as too_many:  # five colours: readable, refused by B-4
        await service.play(gid, first, "take wugrk", expected_version=0, request_id="v")
    assert too_many.value.rule == "B-4"
    with pytest.raises(IllegalAction):  # three of one colour (B-4)
        await service.play(gid, first, "take www", expected_version=0, request_id="w")
    assert await service.actions(gid) == [] and (await service.game(gid)).version == 0


@pytest.mark.parametrize("same_id", [False, True])
async def test_hundred_concurrent_submissions_for_one_turn_apply_once(service: GameService, same_id: bool) -> None:
    gid = await started_game(service)
    first, _ = await _first(service, gid)
    code = await _minimal(service, gid)

    async def submit(i: int) -> Outcome | Exception:
        try:
            rid = "same" if same_id else f"r{i}"
            return await service.play(gid, first, code, expected_version=0, request_id=rid)
        except StaleBoard as exc:
            return exc

    results = await asyncio.gather(*(submit(i) for i in range(100)))
    applied = [r for r in results if isinstance(r, Outcome) and not r.duplicate]
    assert len(applied) == 1
    if same_id:
        assert sum(1 for r in results if isinstance(r, Outcome) and r.duplicate) == 99
    else:
        assert sum(1 for r in results if isinstance(r, StaleBoard)) == 99
    assert [a.seq for a in await service.actions(gid)] == [1]
    assert (await service.game(gid)).version == 1


async def test_games_advance_in_parallel_and_each_in_order(service: GameService) -> None:
    gids = [await started_game(service, (10 * i + 1, 10 * i + 2), channel=i) for i in range(1, 6)]

    async def run(gid: int) -> int:
        info = await service.game(gid)
        for n in range(6):
            code = await _minimal(service, gid)
            info = (await service.play(gid, info.to_act_user or 0, code, expected_version=info.version,
                                       request_id=f"{gid}-{n}")).game
        return info.version

    assert await asyncio.gather(*(run(g) for g in gids)) == [6] * 5
    for gid in gids:
        assert [a.seq for a in await service.actions(gid)] == list(range(1, 7))
        assert await service.verify(gid)


async def _advance(service: GameService, gid: int, moves: int, tag: str) -> list[tuple[int, str]]:
    done = []
    for n in range(moves):
        info = await service.game(gid)
        if info.status != "active":
            break
        state = await service.state(gid)
        legal = engine.legal_actions(state)
        code = str(legal[(7 * n) % len(legal)])  # varied but deterministic moves
        out = await service.play(gid, info.to_act_user or 0, code, expected_version=info.version,
                                 request_id=f"{tag}{n}")
        done.append((out.version, code))
    return done


async def test_restart_mid_game_continues_identically(open_store: OpenStore, tmp_path: Path) -> None:
    clock = FakeClock()
    # One service plays 5 moves, is dropped (a restart), a new process-like service continues.
    store = await open_store()
    service = GameService(store, clock)
    gid = await started_game(service, (1, 2, 3))
    await _advance(service, gid, 5, "a")
    await store.close()
    store = await open_store()
    service = GameService(store, clock)
    await _advance(service, gid, 30, "b")
    restarted = await service.state(gid)
    assert await service.verify(gid)
    await store.close()
    # The same game played without a restart ends in the same state.
    store = await SqliteStore.open(tmp_path / "other.sqlite3")
    service = GameService(store, clock)
    gid2 = await started_game(service, (1, 2, 3))
    await _advance(service, gid2, 5, "a")
    await _advance(service, gid2, 30, "b")
    straight = await service.state(gid2)
    await store.close()
    assert restarted.rules.state_to_json(restarted) == straight.rules.state_to_json(straight)
    assert restarted.history() == straight.history() and restarted.version > 5


async def test_snapshot_equals_the_replayed_log(service: GameService, store: SqliteStore) -> None:
    gid = await started_game(service, (1, 2))
    await _advance(service, gid, 40, "s")
    async with store.reading() as tx:
        row = await tx.game(gid)
    every = service.settings.snapshot_every
    assert row is not None and row.snapshot_version is not None and 0 < row.snapshot_version < 40
    assert (row.snapshot_version + gid % every) % every == 0  # staggered by game id
    assert await service.verify(gid)
    # A cold service (no cache) loads snapshot + tail to the same state.
    cold = GameService(store, service.clock)
    state = await cold.state(gid)
    warm = await service.state(gid)
    assert state.rules.state_to_json(state) == warm.rules.state_to_json(warm)


async def test_a_broken_snapshot_is_only_a_cache(service: GameService, store: SqliteStore) -> None:
    gid = await started_game(service, (1, 2))
    await _advance(service, gid, 20, "s")
    async with store.transaction() as tx:
        row = await tx.game(gid)
        assert row is not None and row.snapshot_version is not None
        await tx.update_game(gid, GameUpdate(snapshot=Snapshot('{"format": 999}', row.snapshot_version)))
    cold = GameService(store, service.clock)
    state = await cold.state(gid)
    assert state.version == 20 and await cold.verify(gid)


async def test_a_removed_players_seat_is_left_to_a_computer_when_expired_turns_go_to_one(
        service: GameService, clock: FakeClock) -> None:
    """Timeout policy "ai": a seat removed for its expired turns is not played by minimal moves but finished by a
    computer, which may play it although the seat is no longer active; the player may not."""
    gid: int | None = None

    class Thinker:
        async def think(self, view: engine.TableView, *, level: str, seed: int, budget: float) -> str:
            assert gid is not None
            state = await service.state(gid)
            assert state is not None and view.viewer == state.to_act
            return str(engine.default_action(state))

        async def warm(self) -> None:
            return None

        def close(self) -> None:
            return None

    service.use_thinker(Thinker())
    gid = await started_game(service, (101, 102, 103), timeout_policy="ai", max_expiries=1)
    gone = (await service.game(gid)).to_act_user
    clock.advance(hours=13)
    [expired] = await service.run_due_timers()
    assert [p.status for p in expired.game.players if p.user_id == gone] == ["removed"]
    assert expired.game.to_act_user == gone and expired.game.version == 0  # no minimal move was played for it
    with pytest.raises(NotActive):
        await service.play(gid, gone or 0, await _minimal(service, gid), expected_version=0, request_id="late")
    [finished] = await service.play_computers(gid)
    assert [(a.source, a.user_id, a.seq) for a in finished.applied] == [("ai", gone, 1)]
    assert finished.game.to_act_user != gone


async def test_the_start_time_is_stored_with_the_start(service: GameService, clock: FakeClock) -> None:
    info = await service.create_game(channel_id=9000, creator_id=101, ruleset="base", players=2)
    await service.join(info.game_id, 102)
    started = clock.advance(minutes=5)
    await service.start(info.game_id, 101)
    async with service.store.reading() as tx:
        row = await tx.game(info.game_id)
    assert row is not None and (row.created_at, row.started_at) == (started - timedelta(minutes=5), started)
