"""Computer players in the service: seating them, thinking off the event loop, playing their turns once.

* **Seats.** ``add_bot(game_id, host, level)`` seats a computer in a lobby (host or manager only; never
  in a ranked game).  Its user id is negative and says its level (:mod:`bot.service.bots`), so the
  game's record itself marks it as a game with computers (``GameInfo.has_bots``).
* **Thinking.** A computer sees only its seat's view (``engine.view_for(state, seat)``), which is
  pickled to a worker process (:class:`bot.service.pools.PoolThinker`) running ``engine.ai.choose`` with the level's
  budget from the settings.  A crash, a timeout (budget + grace) or an illegal answer is logged as an error,
  counted (``computer_fallbacks``, the metric ``splendor_computer_fallbacks``) and falls back to
  ``engine.default_action`` (else the first legal action): a computer turn never blocks a game.
* **Exactly once.** The move is decided on version ``v`` without the game's lock and committed through
  the ordinary version-guarded ``play`` with request id ``ai:v``: a second runner (or the same turn
  thought again after a restart) is refused as stale or as a duplicate, and nothing is written
  before the commit, so a restart in the middle of thinking simply thinks again.
* **Posting.** A computer's move is committed with a ``board`` outbox row (``play.Change.board``); the
  runner posts the board (``on_outcome``, with the row's nonce) and then marks the row delivered.  A board
  not posted because the bot stopped in between is posted at the next start, before any computer plays
  on (:meth:`ComputerMixin.post_pending_boards`); posted twice (stopped after the post, before the mark),
  it carries the same nonce and Discord keeps one message.
* **Scheduling.** Every commit after which a computer is to act wakes the per-game scheduler
  (:mod:`bot.service.scheduler`; its after-commit listener, turn source and scan are wired in
  ``GameService.__init__``), which :meth:`ComputerMixin.run_computers` runs (started by ``run_background``); it
  also scans the store at start and every ``rescan`` seconds (``StoreReader.computer_turns``): turns that were
  pending when the bot stopped are played after a restart.  Tools without the background loop (local mode) call
  :meth:`ComputerMixin.play_computers`.
* **Taking over.** A vacationing user who opted in (``start_vacation(..., computer=True)``) has their
  turns played by a medium computer; the turn-timer policy ``"ai"`` does the same for an expired turn
  (:mod:`bot.service.timers`) and, once a player is removed for missed turns, finishes their seat (their
  placement stays last; see ``play.computer_finishes``).
* **Hints.** ``hint(game_id, user)`` suggests the user's move (unranked games only) and logs it.

Local mode, for example (one person against two computers)::

    info = await service.create_game(channel_id=0, creator_id=HUMAN, ruleset="base", players=3, turn_timer=None)
    await service.add_bot(info.game_id, HUMAN, "hard")
    await service.add_bot(info.game_id, HUMAN, "medium")
    await service.start(info.game_id, HUMAN)
    for outcome in await service.play_computers(info.game_id):  # computers before the person's first turn
        show(outcome)
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from dataclasses import replace

import engine
from bot.service import errors as E
from bot.service.bots import HINT_LEVEL, LEVELS, TAKEOVER_LEVEL, bot_level, bot_number, bot_user_id, is_bot
from bot.service.core import LoadedGame, _replay
from bot.service.lobby import check_lobby
from bot.service.play import PlayMixin, check_running, computer_finishes, not_your_turn, seat_of
from bot.service.pools import PoolThinker, Thinker, ThreadThinker
from bot.service.scheduler import TurnScheduler
from bot.service.types import DEFAULT_COMPUTER_BUDGETS, Applied, GameInfo, Hint, Outcome, from_plan
from bot.store import GameRow, HintRow, OutboxRow
from engine.core import Action, GameState

log = logging.getLogger(__name__)

_SEED_MASK = (1 << 62) - 1


def move_seed(game_seed: int, version: int, seat: int) -> int:
    """The agent's seed for one decision: from the game's stored seed, so a game stays reproducible."""
    return (game_seed * 1_000_003 + version * 7919 + seat) & _SEED_MASK


def fallback_action(state: GameState) -> Action:
    """A legal move when the computer cannot give one: the minimal move, else the first legal action."""
    try:
        return engine.default_action(state)
    except engine.EngineError:
        return engine.legal_actions(state)[0]


def board_nonce(row: OutboxRow) -> str:
    """The nonce a computer move's board is posted with: its ``board`` row's id (within Discord's 25 characters)."""
    return f"splendor-b{row.id}"


def failure_reason(exc: BaseException) -> str:
    """Why a computer gave no move: ``timeout`` (budget + grace ran out), ``illegal`` (an answer the game does not
    allow) or ``worker`` (the worker crashed or could not receive the view)."""
    if isinstance(exc, TimeoutError):
        return "timeout"
    if isinstance(exc, ValueError | engine.EngineError):
        return "illegal"
    return "worker"


def computers_allowed(row: GameRow) -> bool:
    """Computers and hints stay out of rated play: ranked games (league games are created ranked)."""
    return not row.ranked


class ComputerMixin(PlayMixin):
    _thinker: Thinker | None = None
    #: Plays the turns no person is asked for (made and wired by ``GameService.__init__``).
    scheduler: TurnScheduler
    #: Fallback moves played since start, by :func:`failure_reason` (metrics: ``splendor_computer_fallbacks``;
    #: made by ``GameService.__init__``).
    computer_fallbacks: dict[str, int]

    # ------------------------------------------------------------------ thinking
    @property
    def thinker(self) -> Thinker:
        if self._thinker is None:
            s = self.settings
            self._thinker = PoolThinker(s.computer_workers, s.computer_grace) if s.computer_workers > 0 \
                else ThreadThinker(s.computer_grace)
        return self._thinker

    def use_thinker(self, thinker: Thinker) -> None:
        """Think with ``thinker`` from now on (tests inject slow, crashing or scripted ones)."""
        self._thinker = thinker

    def _close_thinker(self) -> None:
        """Closer: stop the computer players' worker processes."""
        if self._thinker is not None:
            self._thinker.close()

    def computer_budget(self, level: str) -> float:
        budgets = self.settings.computer_budgets
        return float(budgets.get(level, DEFAULT_COMPUTER_BUDGETS.get(level, 0.0)))

    async def _decide(self, state: GameState, seat: int, level: str, seed: int) -> Action:
        """``seat``'s move chosen by a ``level`` computer from its view; a legal fallback on any failure."""
        view = engine.view_for(state, seat)
        try:
            code = await self.thinker.think(view, level=level, seed=seed, budget=self.computer_budget(level))
            action = engine.parse_action(state, code)
            if str(action) not in {str(a) for a in engine.legal_actions(state)}:
                raise ValueError(f"illegal computer move {code!r}")
            return action
        except Exception as exc:  # a crash, a timeout, an illegal answer: the game goes on anyway, logged and counted
            reason = failure_reason(exc)
            counts = self.computer_fallbacks
            counts[reason] = counts.get(reason, 0) + 1
            log.error("computer (%s) failed at version %s (%s), playing a fallback move: %r", level, state.version,
                      reason, exc)
            return fallback_action(state)

    async def _computer_level(self, g: LoadedGame, seat: int) -> str | None:
        """The level of the computer playing ``seat`` now: a computer seat's, or medium for a user on a vacation
        they asked a computer to play; ``None`` when a person plays it."""
        row = g.by_seat().get(seat)
        if row is None:
            return None
        if computer_finishes(g.row, row):
            return TAKEOVER_LEVEL
        if row.status != "active":
            return None
        level = bot_level(row.user_id)
        if level is not None:
            return level
        user = (await self._user_rows([row.user_id]))[row.user_id]
        if user.vacation_computer and user.vacation_until is not None and user.vacation_until > self._now():
            return TAKEOVER_LEVEL
        return None

    # ------------------------------------------------------------------ seats
    async def add_bot(self, game_id: int, user_id: int, level: str, *, is_manager: bool = False) -> GameInfo:
        """Seat a ``level`` computer in a lobby (its creator or a server manager; never a ranked game)."""
        if level not in LEVELS:
            raise E.BadOption(name="level", value=level)
        async with self._locks.hold(game_id):
            g = await self._load(game_id)
            check_lobby(g.row)
            if user_id != g.row.creator_id and not is_manager:
                raise E.NotAllowed(action="addbot")
            if not computers_allowed(g.row):
                raise E.NoComputersHere(game_id=game_id)
            if len(g.seats) >= g.row.max_players:
                raise E.LobbyFull(count=g.row.max_players)
            number = 1 + max((bot_number(uid) for uid in g.seats if is_bot(uid)), default=0)
            return await self._seat(g, bot_user_id(level, number))

    async def remove_bot(self, game_id: int, user_id: int, *, is_manager: bool = False) -> GameInfo:
        """Take the computer seated last out of a lobby (its creator or a server manager)."""
        async with self._locks.hold(game_id):
            g = await self._load(game_id)
            check_lobby(g.row)
            if user_id != g.row.creator_id and not is_manager:
                raise E.NotAllowed(action="removebot")
            bots = sorted((s for s in g.seats.values() if is_bot(s.user_id)), key=lambda s: s.join_order)
            if not bots:
                raise E.NoComputerSeated(game_id=game_id)
            self._forget(game_id)
            async with self.store.transaction() as tx:
                await tx.remove_seat(game_id, bots[-1].user_id)
            return self._info(await self._load(game_id))

    # ------------------------------------------------------------------ playing
    async def computer_turn(self, game_id: int) -> Outcome | None:
        """Play one computer move if a computer is to act now (``None``: nothing to do, or someone else
        committed this turn first).  Thinking happens without the game's lock; the commit is version-guarded."""
        async with self._locks.hold(game_id):
            g = await self._load(game_id)
            state = g.state
            if g.row.status != "active" or state is None or state.to_act is None:
                return None
            seat = state.to_act
            level = await self._computer_level(g, seat)
            if level is None:
                return None
            version, user_id, seed = g.row.version, g.by_seat()[seat].user_id, g.row.seed
        action = await self._decide(state, seat, level, move_seed(seed, version, seat))
        wait = self.settings.computer_delay - self.scheduler.since_commit(game_id)
        if wait > 0:
            await asyncio.sleep(wait)
        try:
            outcome = await self._play(game_id, user_id, str(action), expected_version=version,
                                       request_id=f"ai:{version}", source="ai", decided_on=state)
        except (E.StaleBoard, E.DuplicateRequest, E.GameFinished, E.NotYourTurn, E.NotActive, E.NotSeated):
            return None  # the turn was played meanwhile (another runner, a move taken back, the person back)
        return None if outcome.duplicate else outcome

    async def play_computers(self, game_id: int, *, limit: int = 10_000) -> list[Outcome]:
        """Every computer move due now, one after another, until a person is to act or the game ends.

        The caller shows the outcomes, so their boards count as posted."""
        out: list[Outcome] = []
        while len(out) < limit and (outcome := await self.computer_turn(game_id)) is not None:
            out.append(outcome)
        if out:
            async with self.store.reading() as tx:
                rows = await tx.board_posts(game_id)
            await self._boards_posted([r.id for r in rows if r.game_version in {o.version for o in out}])
        return out

    # ------------------------------------------------------------------ posting the boards
    async def _boards_posted(self, ids: list[int], *, dropped: bool = False) -> None:
        if ids:
            async with self.store.transaction() as tx:
                await tx.mark_delivered(ids, self._now(), dropped=dropped)

    async def _post_board(self, outcome: Outcome, on_outcome: Callable[[Outcome], Awaitable[None]] | None) -> None:
        """Post a computer move's board (``on_outcome``) with its ``board`` row's nonce, then mark the row."""
        async with self.store.reading() as tx:
            rows = [r for r in await tx.board_posts(outcome.game_id) if r.game_version == outcome.version]
        if on_outcome is not None:
            nonce = board_nonce(rows[0]) if rows else None
            await on_outcome(replace(outcome, post_nonce=nonce))
        await self._boards_posted([r.id for r in rows])

    async def _board_outcome(self, row: OutboxRow) -> Outcome | None:
        """The outcome of the computer move ``row`` stands for, rebuilt from the log (``None``: the game moved on
        since, and its later board shows the table)."""
        assert row.game_id is not None and row.game_version is not None
        g = await self._load(row.game_id)
        if g.row.version != row.game_version or g.state is None or g.row.config_json is None:
            return None
        start = int(row.params.get("from", row.game_version - 1))
        log_rows = [a for a in await self.actions(row.game_id) if a.seq <= row.game_version]
        events: list[engine.Event] = []
        applied: list[Applied] = []

        def moved(index: int, _seat: int, _action: Action, _state: GameState, step: tuple[engine.Event, ...]) -> None:
            a = log_rows[index]
            if a.seq > start:
                events.extend(step)
                applied.append(Applied(a.seq, a.seat, a.user_id, a.code, a.source, from_plan(a.request_id)))

        _replay(g.row.config_json, log_rows, after=moved)
        return Outcome(self._info(g), g.state, tuple(applied), tuple(events), post_nonce=board_nonce(row))

    async def post_pending_boards(self, on_outcome: Callable[[Outcome], Awaitable[None]] | None = None, *,
                                  skip: set[int] | frozenset[int] = frozenset()) -> int:
        """Post the boards of computer moves committed but never posted (the bot stopped in between); games in
        ``skip`` (being played now) wait.  A board whose game moved on is dropped.  Returns how many were posted."""
        async with self.store.reading() as tx:
            rows = [r for r in await tx.board_posts() if r.game_id not in skip]
        posted = 0
        for row in rows:
            try:
                outcome = await self._board_outcome(row)
                if outcome is None:
                    log.info("game %s moved on before the board of version %s was posted", row.game_id,
                             row.game_version)
                    await self._boards_posted([row.id], dropped=True)
                    continue
                if on_outcome is not None:
                    await on_outcome(outcome)
                await self._boards_posted([row.id])
                posted += 1
            except Exception:
                log.exception("posting the pending board of game %s failed", row.game_id)
        return posted

    # ------------------------------------------------------------------ scheduling
    def wake_computers(self, game_id: int) -> None:
        """Look at ``game_id`` soon: a computer may be to act (:meth:`run_computers` plays it)."""
        self.scheduler.wake(game_id)

    def _wake_computer_to_act(self, outcome: Outcome) -> None:
        """After-commit listener: wake the scheduler when a computer plays the next turn (a computer seat, a
        removed player's seat it finishes, a user on a vacation handed to a computer)."""
        user = outcome.to_act_user
        if user is None or outcome.is_over:
            return
        cached = self._users.get(user)
        finishing = outcome.game.timeout_policy == "ai" and any(
            p.user_id == user and p.status == "removed" for p in outcome.game.players)
        if is_bot(user) or finishing or (cached is not None and cached.vacation_computer):
            self.scheduler.wake(outcome.game_id)

    async def _scan_computer_turns(self, on_outcome: Callable[[Outcome], Awaitable[None]] | None = None) -> None:
        """Scan: post the boards the bot could not post before it stopped (first, before the computers play on),
        then wake the games where a computer is to act."""
        await self.post_pending_boards(on_outcome, skip=self.scheduler.driving)
        async with self.store.reading() as tx:
            found = await tx.computer_turns(self._now())
        for game_id in found:
            self.scheduler.wake(game_id)

    async def run_computers(
        self,
        on_outcome: Callable[[Outcome], Awaitable[None]] | None = None,
        *,
        stop: asyncio.Event,
        rescan: float = 30.0,
    ) -> None:
        """Play computer turns (and plans) as they fall due until ``stop`` is set (``run_background`` starts this):
        the scheduler (:mod:`bot.service.scheduler`) with this service's turn sources and scans.

        At start every pending computer turn is found in the store (those interrupted by a restart), then
        each game is played when a commit wakes it; the store is scanned again every ``rescan`` seconds.
        Games are played in parallel, each game's moves in order; ``on_outcome`` posts each move.
        """
        await self.scheduler.run(on_outcome, stop=stop, rescan=rescan, post=self._post_board,
                                 warm=lambda: self.thinker.warm())

    # ------------------------------------------------------------------ hints
    async def hint(self, game_id: int, user_id: int) -> Hint:
        """Suggest ``user_id``'s move (their turn, an unranked game outside leagues) and log that a hint was used."""
        async with self._locks.hold(game_id):
            g = await self._load(game_id)
            check_running(g)
            seat = seat_of(g, user_id)
            if not computers_allowed(g.row):
                raise E.HintsOff(game_id=game_id)
            state = g.state
            assert state is not None and seat.seat is not None
            if state.to_act != seat.seat:
                raise not_your_turn(g, state)
            version, number = g.row.version, seat.seat
            info = self._info(g)
        action = await self._decide(state, number, HINT_LEVEL, move_seed(g.row.seed, version, number) ^ 0x41)
        hint = Hint(info, number, action, engine.view_for(state, number), engine.preview(state, number, action))
        async with self.store.transaction() as tx:
            await tx.add_hint(HintRow(game_id, version, number, user_id, str(action), self._now()))
        return hint

    async def hints(self, game_id: int) -> list[HintRow]:
        """The hints given in a game (who asked, at which version, what was suggested)."""
        async with self.store.reading() as tx:
            return await tx.hints(game_id)


__all__ = [
    "ComputerMixin",
    "PoolThinker",
    "Thinker",
    "ThreadThinker",
    "board_nonce",
    "computers_allowed",
    "fallback_action",
    "move_seed",
]
