"""Computer players in the service: seats, turns played once (even across a restart), takeovers, hints."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
from collections.abc import AsyncIterator, Callable
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path

import pytest

import engine
from bot.service import (
    AlreadyStarted,
    BadOption,
    ComputerThinking,
    GameService,
    HintsOff,
    LobbyFull,
    NoComputersHere,
    NotAllowed,
    NotYourTurn,
    Outcome,
    ServiceSettings,
)
from bot.service.bots import bot_level, bot_user_id, is_bot
from bot.service.pools import PoolThinker
from bot.store import SqliteStore
from engine import TableView, ai
from tests.bot.service import agents
from tests.bot.service.conftest import FakeClock, minimal_code, outbox
from tests.bot.service.watchdog import killed_after

HOST, GUEST = 101, 102


class Scripted:
    """A thinker that answers at once with the easy agent's move, seed 0 (``answers``: what it answered)."""

    def __init__(self) -> None:
        self.calls: list[tuple[int | None, str, float]] = []
        self.answers: list[str] = []

    async def think(self, view: TableView, *, level: str, seed: int, budget: float) -> str:
        self.calls.append((view.viewer, level, budget))
        self.answers.append(str(ai.choose(view, level="easy", seed=0)))
        return self.answers[-1]

    async def warm(self) -> None:
        return None

    def close(self) -> None:
        return None


class Blocking(Scripted):
    """Thinks until released (``gate``); ``started`` is set when a search begins."""

    def __init__(self) -> None:
        super().__init__()
        self.started = asyncio.Event()
        self.gate = asyncio.Event()

    async def think(self, view: TableView, *, level: str, seed: int, budget: float) -> str:
        self.started.set()
        await self.gate.wait()
        return await super().think(view, level=level, seed=seed, budget=budget)


class Broken(Scripted):
    def __init__(self, answer: str | None = None) -> None:
        super().__init__()
        self.answer = answer

    async def think(self, view: TableView, *, level: str, seed: int, budget: float) -> str:
        await super().think(view, level=level, seed=seed, budget=budget)
        if self.answer is None:
            raise RuntimeError("the search crashed")
        return self.answer


@pytest.fixture
def settings() -> ServiceSettings:
    return ServiceSettings(computer_delay=0.0, computer_workers=0, computer_budgets={"medium": 0.25, "hard": 1.5})


@pytest.fixture
def scripted(service: GameService) -> Scripted:
    thinker = Scripted()
    service.use_thinker(thinker)
    return thinker


async def lobby(service: GameService, *, players: int = 3, channel: int = 9000, **kw: object) -> int:
    opts = {"ruleset": "base", "players": players, "seed": 42, "turn_timer": "12h", **kw}
    info = await service.create_game(channel_id=channel, creator_id=HOST, **opts)  # type: ignore[arg-type]
    return info.game_id


def idle(*services: GameService) -> bool:
    """No computer turn is due or being played by these services' runners: nothing more is posted until a
    commit or a rescan wakes them (a condition to wait for instead of sleeping and hoping)."""
    return all(s.scheduler.idle() for s in services)


async def wait_for(predicate: Callable[[], object], what: str) -> None:
    for _ in range(500):
        if predicate():
            return
        await asyncio.sleep(0.01)
    raise AssertionError(f"timed out waiting for {what}")


@pytest.fixture
async def runner(service: GameService) -> AsyncIterator[list[Outcome]]:
    """The service's computer scheduler running; yields the outcomes it posted."""
    posted: list[Outcome] = []

    async def post(outcome: Outcome) -> None:
        posted.append(outcome)

    stop = asyncio.Event()
    task = asyncio.create_task(service.run_computers(post, stop=stop, rescan=3600))
    yield posted
    stop.set()
    await asyncio.wait_for(task, 5)


def test_computer_ids_never_look_like_discord_ids() -> None:
    ids = {bot_user_id(level, n) for level in ("random", "easy", "medium", "hard") for n in range(1, 100)}
    assert len(ids) == 4 * 99 and all(is_bot(i) and i < 0 for i in ids)
    assert bot_level(bot_user_id("hard", 3)) == "hard" and bot_level(bot_user_id("random", 99)) == "random"
    assert bot_level(123456789012345678) is None and not is_bot(123456789012345678)


async def test_add_bot_seats_a_computer_and_marks_the_game(service: GameService) -> None:
    gid = await lobby(service)
    info = await service.add_bot(gid, HOST, "hard")
    info = await service.add_bot(gid, HOST, "easy")
    levels = [p.bot_level for p in info.players]
    assert levels == [None, "hard", "easy"] and info.has_bots
    assert len({p.user_id for p in info.players}) == 3
    stored = await service.game(gid)
    assert stored.has_bots and [p.is_bot for p in stored.players] == [False, True, True]
    info = await service.remove_bot(gid, HOST)
    assert [p.bot_level for p in info.players] == [None, "hard"]


async def test_add_bot_refusals(service: GameService) -> None:
    gid = await lobby(service, players=2)
    await service.join(gid, GUEST)
    with pytest.raises(NotAllowed):
        await service.add_bot(gid, GUEST, "easy")  # not the host
    with pytest.raises(LobbyFull):
        await service.add_bot(gid, HOST, "easy")  # full table
    with pytest.raises(BadOption):
        await service.add_bot(gid, HOST, "grandmaster")
    ranked = await lobby(service, channel=9001, ranked=True)
    with pytest.raises(NoComputersHere):
        await service.add_bot(ranked, HOST, "easy")  # ranked games are rated: no computers
    await service.start(gid, HOST)
    with pytest.raises(AlreadyStarted):
        await service.add_bot(gid, HOST, "easy")  # game started


async def test_the_computer_moves_right_after_the_person(
    service: GameService, scripted: Scripted, runner: list[Outcome]
) -> None:
    gid = await lobby(service, players=2)
    await service.add_bot(gid, HOST, "hard")
    out = await service.start(gid, HOST)
    while out.to_act_user != HOST:  # the seat order is drawn: the computer may start
        await wait_for(lambda: runner and runner[-1].to_act_user == HOST, "the computer's opening move")
        out = runner[-1]
    before = len(runner)
    out = await service.play(gid, HOST, await minimal_code(service, gid), expected_version=out.version,
                             request_id="h1")
    assert is_bot(out.to_act_user or 0)
    assert out.game.deadline is None  # no turn clock for a computer
    await wait_for(lambda: len(runner) > before, "the computer's move")
    move = runner[-1]
    assert [(a.source, a.code) for a in move.applied] == [("ai", scripted.answers[-1])]
    assert move.to_act_user == HOST and move.version == out.version + 1
    assert scripted.calls[-1] == (move.applied[0].seat, "hard", 1.5)  # its own seat's view, level and budget
    assert not [n for n in await outbox(service) if is_bot(n.user_id)]  # computers are never notified


async def test_a_game_of_one_person_and_computers_plays_to_the_end(service: GameService, scripted: Scripted) -> None:
    gid = await lobby(service, players=3)
    await service.add_bot(gid, HOST, "easy")
    await service.add_bot(gid, HOST, "random")
    info = (await service.start(gid, HOST)).game
    for _ in range(400):
        await service.play_computers(gid)
        info = await service.game(gid)
        if info.status != "active":
            break
        assert info.to_act_user == HOST
        code = str(engine.default_action(await service.state(gid)))  # type: ignore[arg-type]
        await service.play(gid, HOST, code, expected_version=info.version, request_id=f"v{info.version}")
    assert info.status == "over" and await service.verify(gid)
    sources = {a.source for a in await service.actions(gid)}
    assert sources == {"player", "ai"}


async def test_a_crashing_or_illegal_computer_falls_back_to_a_legal_move(service: GameService,
                                                                         caplog: pytest.LogCaptureFixture) -> None:
    """Never silently: every fallback is logged as an error and counted by reason (the metrics export the counts)."""
    # A crash; a code that cannot be read; a readable move that is not legal (no card is free at the start).
    assert service.computer_fallbacks == {}
    for channel, thinker in ((9000, Broken()), (9001, Broken("add:99")), (9002, Broken("buy 1.1"))):
        service.use_thinker(thinker)
        gid = await lobby(service, players=2, channel=channel)
        await service.add_bot(gid, HOST, "medium")
        await service.start(gid, HOST)
        info = await service.game(gid)
        if info.to_act_user == HOST:
            await service.play(gid, HOST, await minimal_code(service, gid), expected_version=info.version,
                               request_id="x")
        fallback = await minimal_code(service, gid)
        out = await service.computer_turn(gid)
        assert out is not None and [(a.source, a.code) for a in out.applied] == [("ai", fallback)]
        assert thinker.calls and await service.verify(gid)
    assert service.computer_fallbacks == {"worker": 1, "illegal": 2}
    failed = [r for r in caplog.records if "playing a fallback move" in r.getMessage()]
    assert [r.levelname for r in failed] == ["ERROR"] * 3


async def test_restart_in_the_middle_of_thinking_plays_the_turn_exactly_once(db_path: Path, clock: FakeClock) -> None:
    settings = ServiceSettings(computer_delay=0.0, computer_workers=0)
    store = await SqliteStore.open(db_path)
    first = GameService(store, clock, settings)
    slow = Blocking()
    first.use_thinker(slow)
    gid = await lobby(first, players=2)
    await first.add_bot(gid, HOST, "hard")
    await first.start(gid, HOST)
    info = await first.game(gid)
    if info.to_act_user == HOST:
        info = (await first.play(gid, HOST, await minimal_code(first, gid), expected_version=info.version,
                                 request_id="h")).game
    version = info.version
    stop = asyncio.Event()
    task = asyncio.create_task(first.run_computers(stop=stop, rescan=3600))
    await asyncio.wait_for(slow.started.wait(), 5)
    task.cancel()  # the bot stops while the computer thinks
    with pytest.raises(asyncio.CancelledError):
        await task
    await store.close()

    store = await SqliteStore.open(db_path)
    try:
        again = GameService(store, clock, settings)
        assert (await again.game(gid)).version == version  # nothing was written while thinking
        twin = GameService(store, clock, settings)  # a second runner thinking the same turn at the same time
        gates = [Blocking(), Blocking()]
        again.use_thinker(gates[0])
        twin.use_thinker(gates[1])
        posted: list[Outcome] = []

        async def post(outcome: Outcome) -> None:
            posted.append(outcome)

        stop = asyncio.Event()
        tasks = [asyncio.create_task(s.run_computers(post, stop=stop, rescan=3600)) for s in (again, twin)]
        await asyncio.wait_for(asyncio.gather(*(g.started.wait() for g in gates)), 5)  # resumed at start
        for g in gates:
            g.gate.set()
        # Both runners scanned at start (their searches began from it); once neither has a turn due or in play, the
        # loser's commit was refused and nothing more can be posted: a second post would already be here.
        await wait_for(lambda: posted and idle(again, twin), "the resumed computer move, and both runners idle")
        stop.set()
        await asyncio.gather(*tasks)
        log = await again.actions(gid)
        assert len(posted) == 1 and [a.seq for a in log] == list(range(1, version + 2))
        assert log[-1].source == "ai" and log[-1].request_id == f"ai:{version}"
        assert await again.verify(gid)
    finally:
        await store.close()


async def test_an_expired_turn_is_played_by_a_medium_computer(
    service: GameService, clock: FakeClock, scripted: Scripted
) -> None:
    gid = await lobby(service, players=2, timeout_policy="ai")
    await service.join(gid, GUEST)
    out = await service.start(gid, HOST)
    late = out.to_act_user
    assert late is not None
    clock.advance(hours=13)
    [expired] = await service.run_due_timers()
    assert [(a.source, a.user_id, a.code) for a in expired.applied] == [("ai", late, scripted.answers[0])]
    assert scripted.calls == [(expired.applied[0].seat, "medium", 0.25)]
    assert [p.expiries for p in expired.game.players if p.user_id == late] == [1]
    assert [n.kind for n in await outbox(service) if n.user_id == late][-1] == "taken_over"


async def test_a_vacation_played_by_a_computer(service: GameService, scripted: Scripted, runner: list[Outcome]) -> None:
    gid = await lobby(service, players=2)
    await service.join(gid, GUEST)
    out = await service.start(gid, HOST)
    away = out.to_act_user
    assert away is not None
    settings = await service.start_vacation(away, 3, computer=True)
    assert settings.vacation_computer
    await wait_for(lambda: runner, "the computer playing the vacationing player's turn")
    assert [(a.source, a.user_id) for a in runner[0].applied] == [("ai", away)]
    assert scripted.calls[0][1] == "medium"
    assert not (await service.end_vacation(away)).vacation_computer


async def test_hint_suggests_a_move_and_is_logged(service: GameService, scripted: Scripted) -> None:
    gid = await lobby(service, players=2)
    await service.join(gid, GUEST)
    out = await service.start(gid, HOST)
    player = out.to_act_user
    other = GUEST if player == HOST else HOST
    assert player is not None
    with pytest.raises(NotYourTurn):
        await service.hint(gid, other)
    hint = await service.hint(gid, player)
    assert hint.code == scripted.answers[-1] and hint.view.viewer == hint.seat
    assert hint.after.version == hint.view.version + 1
    assert (await service.game(gid)).version == out.version  # a hint plays nothing
    [row] = await service.hints(gid)
    assert (row.user_id, row.version, row.code) == (player, out.version, scripted.answers[-1])

    ranked = await lobby(service, players=2, channel=9001, ranked=True)
    await service.join(ranked, GUEST)
    out = await service.start(ranked, HOST)
    with pytest.raises(HintsOff):
        await service.hint(ranked, out.to_act_user or 0)


async def test_only_computers_left_ends_the_game(service: GameService, scripted: Scripted) -> None:
    gid = await lobby(service, players=3)
    await service.add_bot(gid, HOST, "easy")
    await service.add_bot(gid, HOST, "easy")
    await service.start(gid, HOST)
    out = await service.resign(gid, HOST)
    assert out.is_over and out.game.end_reason == "forfeit"
    assert [p.place for p in out.game.players if p.user_id == HOST] == [3]


async def test_a_lobby_left_to_computers_closes(service: GameService) -> None:
    gid = await lobby(service, players=3)
    await service.add_bot(gid, HOST, "easy")
    info = await service.leave(gid, HOST)
    assert info.status == "aborted"


async def test_worker_processes_think_and_survive_crashes_and_overruns() -> None:
    view = engine.view_for(engine.new_game(engine.GameConfig("base", players=2, seed=3)), 0)
    good = PoolThinker(workers=1, grace=10.0, target=agents.where)
    try:
        pid, seat, level, seed = (await good.think(view, level="hard", seed=7, budget=0.0)).split()
        assert int(pid) != os.getpid() and (seat, level, seed) == ("0", "hard", "7")  # thought elsewhere
    finally:
        good.close()
    for target, error, grace in ((agents.crash, BrokenProcessPool, 30.0), (agents.hang, TimeoutError, 1.0)):
        thinker = PoolThinker(workers=1, grace=grace, target=target)
        try:
            await thinker.warm()  # so that starting the workers on a loaded machine is not part of the time
            with pytest.raises(error):
                await thinker.think(view, level="easy", seed=1, budget=0.0)
            thinker.target = agents.where  # the broken or stuck pool was replaced: thinking works again
            assert (await thinker.think(view, level="easy", seed=1, budget=30.0)).split()[1] == "0"
        finally:
            thinker.close()


async def test_an_overrun_search_fails_only_its_own_game(tmp_path: Path) -> None:
    """A search that overruns its budget falls back alone: another game's search running in the same pool at
    that moment still gives its move, and the pool is not restarted when the late search ends after all."""
    view = engine.view_for(engine.new_game(engine.GameConfig("base", players=2, seed=3)), 0)
    thinker = PoolThinker(workers=2, grace=2.0, target=agents.wait_for_file)
    go = tmp_path / "go"
    try:
        await thinker.warm()
        pool = thinker._pool
        late = asyncio.ensure_future(thinker.think(view, level=f"wait:{go}", seed=1, budget=0.0))
        other = asyncio.ensure_future(thinker.think(view, level=f"wait:{go}", seed=2, budget=60.0))
        with pytest.raises(TimeoutError):
            await late  # over its budget + grace: this game falls back
        go.touch()  # both searches end now, the other game's only after the overrun was given up
        assert (await other).split()[1:] == ["0", "wait", "2"]
        assert (await thinker.think(view, level=f"wait:{go}", seed=3, budget=60.0)).split()[3] == "3"
        assert pool is not None and thinker._pool is pool  # the same worker processes throughout
    finally:
        thinker.close()


async def test_the_real_worker_plays_the_engines_move(db_path: Path, clock: FakeClock,
                                                     caplog: pytest.LogCaptureFixture) -> None:
    """The default thinker (a worker process running ``engine.ai``) on a real ruleset: a legal computer move,
    the agent's own (no fallback)."""
    store = await SqliteStore.open(db_path)
    service = GameService(store, clock, ServiceSettings(computer_delay=0.0, computer_workers=1,
                                                        computer_budgets={"hard": 0.05}))
    try:
        info = await service.create_game(channel_id=1, creator_id=HOST, ruleset="base", players=2, seed=5,
                                         turn_timer=None)
        await service.add_bot(info.game_id, HOST, "hard")
        await service.start(info.game_id, HOST)
        state = await service.state(info.game_id)
        assert state is not None
        if (await service.game(info.game_id)).to_act_user == HOST:
            await service.play(info.game_id, HOST, str(engine.legal_actions(state)[0]), expected_version=0,
                               request_id="h")
        out = await service.computer_turn(info.game_id)
        assert out is not None and out.applied[0].source == "ai" and await service.verify(info.game_id)
        assert "fallback" not in caplog.text
    finally:
        service.close_computers()
        await store.close()


async def test_a_bot_killed_while_its_computer_thinks_plays_that_turn_once_after_restart(
    db_path: Path, clock: FakeClock
) -> None:
    """SIGKILL in the middle of a search (twice), then a restarted service: the turn is played exactly once."""
    root = Path(__file__).resolve().parents[3]
    versions = []
    for _ in range(2):
        proc = subprocess.Popen([sys.executable, "-m", "tests.bot.service.computer_writer", str(db_path)],
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=root, text=True,
                                env={**os.environ, "PYTHONPATH": str(root)})
        assert proc.stdout is not None and proc.stderr is not None
        try:
            with killed_after([proc]):
                line = proc.stdout.readline()
            assert line.startswith("THINKING "), proc.stderr.read()
            versions.append(int(line.split()[1]))
            proc.send_signal(signal.SIGKILL)
        finally:
            proc.kill()
            proc.wait()
            proc.stdout.close()
            proc.stderr.close()
    assert versions[0] == versions[1]  # the second run resumed the same pending turn
    store = await SqliteStore.open(db_path)
    try:
        service = GameService(store, clock, ServiceSettings(computer_delay=0.0))
        service.use_thinker(Scripted())
        game = await service.game_for_channel(1)
        assert game is not None and game.version == versions[0]  # nothing written while thinking
        posted: list[Outcome] = []

        async def post(outcome: Outcome) -> None:
            posted.append(outcome)

        stop = asyncio.Event()
        task = asyncio.create_task(service.run_computers(post, stop=stop, rescan=3600))
        await wait_for(lambda: posted, "the resumed computer move")
        stop.set()
        await task
        log = await service.actions(game.game_id)
        assert [a.seq for a in log] == list(range(1, versions[0] + 2)) and len(posted) == 1
        assert [(a.source, a.request_id) for a in log if a.source == "ai"] == [("ai", f"ai:{versions[0]}")]
    finally:
        await store.close()


async def test_a_removed_players_seat_is_finished_by_a_computer_and_stays_last(
    service: GameService, clock: FakeClock, scripted: Scripted
) -> None:
    gid = await lobby(service, players=3, timeout_policy="ai", max_expiries=1)
    await service.join(gid, GUEST)
    await service.join(gid, 103)
    out = await service.start(gid, HOST)
    gone = out.to_act_user
    clock.advance(hours=13)
    [expired] = await service.run_due_timers()
    assert [p.status for p in expired.game.players if p.user_id == gone] == ["removed"]
    assert expired.game.to_act_user == gone and expired.game.deadline is None  # no clock: a computer finishes it
    [finished] = await service.play_computers(gid)
    assert [(a.source, a.user_id) for a in finished.applied] == [("ai", gone)]
    info = finished.game
    for _ in range(400):
        if info.status != "active":
            break
        if info.to_act_user == gone:
            info = (await service.play_computers(gid))[-1].game
            continue
        code = str(engine.default_action(await service.state(gid)))  # type: ignore[arg-type]
        info = (await service.play(gid, info.to_act_user or 0, code, expected_version=info.version,
                                   request_id=f"v{info.version}")).game
    assert info.status == "over" and [p.place for p in info.players if p.user_id == gone] == [3]
    assert {a.source for a in await service.actions(gid) if a.user_id == gone} == {"ai"}


def test_levels_and_default_budgets_match_the_engines_agents() -> None:
    from bot.service.bots import LEVELS
    from bot.service.types import DEFAULT_COMPUTER_BUDGETS
    from engine import ai

    assert LEVELS == ai.LEVELS and DEFAULT_COMPUTER_BUDGETS == ai.DEFAULT_BUDGET


async def test_playing_while_a_computer_is_to_act_is_refused_without_a_mention(service: GameService) -> None:
    gid = await lobby(service, players=2)
    await service.add_bot(gid, HOST, "easy")
    info = (await service.start(gid, HOST)).game
    if info.to_act_user == HOST:
        info = (await service.play(gid, HOST, await minimal_code(service, gid), expected_version=info.version,
                                   request_id="a")).game
    with pytest.raises(ComputerThinking) as refused:
        await service.play(gid, HOST, "take wug", expected_version=info.version, request_id="b")
    assert isinstance(refused.value, NotYourTurn) and "<@" not in refused.value.message("en")
    assert refused.value.message("es").startswith("No es tu turno")


@pytest.mark.parametrize("ruleset", ["base", "orient", "strongholds", "orient+strongholds", "spectacle"])
async def test_computers_play_every_ruleset_through_the_service(service: GameService, ruleset: str,
                                                                caplog: pytest.LogCaptureFixture) -> None:
    info = await service.create_game(channel_id=1, creator_id=HOST, ruleset=ruleset, players=3, seed=8,
                                     turn_timer=None)
    await service.add_bot(info.game_id, HOST, "easy")
    await service.add_bot(info.game_id, HOST, "random")
    info = (await service.start(info.game_id, HOST)).game
    for _ in range(15):
        await service.play_computers(info.game_id)
        info = await service.game(info.game_id)
        state = await service.state(info.game_id)
        assert state is not None and info.to_act_user == HOST
        info = (await service.play(info.game_id, HOST, str(engine.default_action(state)),
                                   expected_version=info.version, request_id=f"v{info.version}")).game
    computer = [a for a in await service.actions(info.game_id) if a.source == "ai"]
    assert len(computer) >= 15 and {a.user_id for a in computer} == {bot_user_id("easy", 1), bot_user_id("random", 2)}
    assert await service.verify(info.game_id) and "fallback" not in caplog.text


def test_a_worker_process_imports_only_the_engine() -> None:
    code = ("import sys, bot.computer_worker; "
            "print(sorted(m for m in ('bot.service', 'bot.store', 'aiosqlite', 'discord', 'PIL') if m in sys.modules))")
    root = Path(__file__).resolve().parents[3]
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=root, check=True)
    assert out.stdout.strip() == "[]"


class RandomAgent(Blocking):
    """Blocks until released, then answers with the engine's random agent (a legal move of any ruleset)."""

    async def think(self, view: TableView, *, level: str, seed: int, budget: float) -> str:
        self.calls.append((view.viewer, level, budget))
        self.started.set()
        await self.gate.wait()
        return str(ai.choose(view, level="random", seed=seed))


async def test_a_move_taken_back_while_the_computer_thinks_is_not_answered_with_a_stale_move(
    service: GameService, runner: list[Outcome]
) -> None:
    thinker = RandomAgent()
    thinker.gate.set()
    service.use_thinker(thinker)
    info = await service.create_game(channel_id=1, creator_id=HOST, ruleset="base", players=2, seed=3, turn_timer=None)
    await service.add_bot(info.game_id, HOST, "hard")
    gid = info.game_id
    info = (await service.start(gid, HOST)).game
    if info.to_act_user != HOST:
        await wait_for(lambda: runner, "the computer's opening move")
        info = runner[-1].game
    thinker.gate.clear()
    thinker.started.clear()
    calls = len(thinker.calls)
    first = await service.play(gid, HOST, "take wug", expected_version=info.version, request_id="first")
    await asyncio.wait_for(thinker.started.wait(), 5)  # the computer thinks about "take wug"
    back = await service.take_back(gid, HOST, expected_version=first.version)
    again = await service.play(gid, HOST, "take wrk", expected_version=back.version, request_id="again")
    assert again.version == first.version  # same version, another position
    before = len(runner)
    thinker.gate.set()
    await wait_for(lambda: len(runner) > before, "the computer's answer to the new position")
    log = await service.actions(gid)
    assert [a.code for a in log[again.version - 1:again.version]] == ["take wrk"]
    assert [a.source for a in log[again.version:]] == ["ai"] * (len(log) - again.version) and len(log) > again.version
    assert len(thinker.calls) - calls >= 2  # the answer to "take wug" was dropped; the new position was thought
    assert await service.verify(gid)
