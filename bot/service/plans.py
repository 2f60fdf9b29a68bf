"""Plans (issue 33, ruling B-18 in docs/rules.md): moves a player queues for their next turn while waiting.

A plan is a main move, optionally with a condition "this card is still face up".  The card a move names on the
table (``buy 1.3``) is the card itself: if it leaves the table the plan is cancelled, never played on the card
that replaced it.  At the start of the author's turn (after the move before it committed: a person's, a
timeout's, a computer's) the first of their plans whose condition holds and which is legal, and ends the turn by
itself (no decision left to make), is played as their own move (source ``player``; its request id starts with
``plan:``, which the board and the log show as "played from a plan"); all their plans are then dropped.

Firing runs in the computer players' scheduler (:meth:`ComputerMixin.run_computers`): a commit in a game with plans
wakes it, and its scan finds those left by a restart.  It holds the game's lock, and its request id is the board
it was decided on (which never repeats), so a late click, a take-back or a second runner cannot make a plan play
twice or on another position.  The plans are deleted before the move is written: a crash in between loses them
and the player is asked as usual.  Nothing here knows a ruleset; cards are the engine's face-up cards.
"""

from __future__ import annotations

import logging
import zlib
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import replace

import engine
from bot.service import errors as E
from bot.service.computer import ComputerMixin
from bot.service.core import LoadedGame
from bot.service.play import Change, check_running, seat_of
from bot.service.types import PLAN_REQUEST, Outcome, from_plan
from bot.store import ActionRow, PlanRow

log = logging.getLogger(__name__)

#: Plans a player may queue at once.
MAX_PLANS = 3


def face_up(state: engine.GameState) -> dict[str, str]:
    """Card id by place of the cards face up on the table (the same for every viewer)."""
    return {f.place: f.card_id for f in engine.view_for(state, None).face_up()}


def target_of(view: engine.TableView, action: engine.Action) -> tuple[str, str] | None:
    """``(card id, place)`` of the face-up card ``action`` names, if it names one."""
    cards = {f.place: f.card_id for f in view.face_up()}
    for place in view.describe(action).places:
        if place in cards:
            return cards[place], place
    return None


def plan_key(plan: PlanRow) -> str:
    """A plan's identity for a Cancel button: its slot and a digest of what it is (slots are numbered again when a
    plan is added after one was cancelled)."""
    digest = zlib.crc32(f"{plan.code}|{plan.cond}|{plan.made_at}|{plan.created_at.isoformat()}".encode())
    return f"{plan.slot}-{digest:08x}"


def _ends_turn(after: engine.GameState, seat: int) -> bool:
    """The move left ``seat`` no decision of its own to make (a plan cannot answer one)."""
    return not (after.to_act == seat and after.pending_kind is not None)


class PlansMixin(ComputerMixin):
    #: Games where someone may have a plan (``None``: not read from the store yet).
    _plan_index: set[int] | None = None

    # ------------------------------------------------------------------ making and cancelling
    async def add_plan(self, game_id: int, user_id: int, code: str, *, cond: str | None = None) -> list[PlanRow]:
        """Queue ``code`` for ``user_id``'s next turn, played if ``cond`` (a card id or the place of a face-up card)
        is still face up then; returns their plans in order.

        Refusals: ``NotStarted``/``GameFinished``, ``NotSeated``/``NotActive``, ``PlanOnYourTurn``,
        ``PlanDecisionPending``, ``TooManyPlans``, ``PlanNotAMove``, ``PlanAsksDecision``, ``PlanCardNotFaceUp``,
        engine errors (the move is not legal for them in this position)."""
        async with self._locks.hold(game_id):
            g = await self._load(game_id)
            check_running(g)
            seat = seat_of(g, user_id)
            state = g.state
            assert state is not None and seat.seat is not None
            if state.pending_kind is not None:
                raise E.PlanDecisionPending(game_id=game_id)
            if state.to_act == seat.seat:
                raise E.PlanOnYourTurn(game_id=game_id)
            async with self.store.reading() as tx:
                mine = await tx.plans(game_id, user_id)
            if len(mine) >= MAX_PLANS:
                raise E.TooManyPlans(count=MAX_PLANS)
            turn = engine.turn_for(state, seat.seat)
            assert turn is not None
            action = engine.parse_action(turn, code)
            if action.family == "choose":
                raise E.PlanNotAMove(code=code)
            after = engine.apply(turn, seat.seat, action).state
            if not _ends_turn(after, seat.seat):
                raise E.PlanAsksDecision(code=str(action))
            view = engine.view_for(state, seat.seat)
            cards = {f.place: f.card_id for f in view.face_up()}
            wanted: str | None = None
            if cond:
                wanted = cards.get(cond.strip(), cond.strip())
                if wanted not in cards.values():
                    raise E.PlanCardNotFaceUp(card=cond)
            target = target_of(view, action)
            now = self._now()
            kept = [replace(p, slot=i) for i, p in enumerate(mine)]
            plan = PlanRow(game_id, user_id, len(kept), str(action), g.row.version, now,
                           target[0] if target else None, target[1] if target else None, wanted)
            async with self.store.transaction() as tx:
                if kept != mine:  # a plan in the middle was cancelled: number them again, in order
                    await tx.delete_plans(game_id, user_id)
                    for p in kept:
                        await tx.add_plan(p)
                await tx.add_plan(plan)
            if self._plan_index is not None:
                self._plan_index.add(game_id)
            return [*kept, plan]

    async def plans(self, game_id: int, user_id: int) -> list[PlanRow]:
        """``user_id``'s plans in this game, in the order they are tried (only they may be shown them)."""
        async with self.store.reading() as tx:
            return await tx.plans(game_id, user_id)

    async def cancel_plan(self, game_id: int, user_id: int, which: int | str | None = None) -> list[PlanRow]:
        """Cancel ``user_id``'s plan ``which``: its slot, or its :func:`plan_key` (a button made before the plans
        were numbered again cancels nothing else); ``None``: all of them.  Returns those left.  ``PlanNotFound``."""
        async with self._locks.hold(game_id), self.store.transaction() as tx:
            mine = await tx.plans(game_id, user_id)
            gone = [p for p in mine if which is None or p.slot == which or plan_key(p) == which]
            if which is not None and not gone:
                raise E.PlanNotFound(game_id=game_id)
            await tx.delete_plans(game_id, user_id, [p.slot for p in gone])
        return [p for p in mine if p not in gone]

    # ------------------------------------------------------------------ firing
    def _wake_planned(self, outcome: Outcome) -> None:
        """After-commit listener: a game where someone may have a plan wakes the scheduler (a plan is a turn source
        asked after the computers: :meth:`plan_turn`)."""
        index = self._plan_index
        if (index is None and not outcome.is_over) or (index is not None and outcome.game_id in index):
            self.scheduler.wake(outcome.game_id)

    async def _scan_plans(self, on_outcome: Callable[[Outcome], Awaitable[None]] | None = None) -> None:
        """Scan: the games with plans (those left by a restart are tried again)."""
        async with self.store.reading() as tx:
            planned = await tx.planned_games()
        self._plan_index = set(planned) | (self._plan_index or set())
        for game_id in planned:
            self.scheduler.wake(game_id)

    async def plan_turn(self, game_id: int) -> Outcome | None:
        """Cancel the game's plans whose card left the table or whose author no longer plays, and if the seat to act
        begins a turn with plans, play the first that holds (``None``: nothing played)."""
        if self._plan_index is None:
            async with self.store.reading() as tx:
                self._plan_index = set(await tx.planned_games())
        if game_id not in self._plan_index:
            return None
        async with self._locks.hold(game_id):
            g = await self._load(game_id)
            state = g.state
            if g.row.status != "active" or state is None:  # over: its plans can never be played
                async with self.store.transaction() as tx:
                    await tx.delete_plans(game_id)
                self._plan_index.discard(game_id)
                return None
            async with self.store.reading() as tx:
                plans = await tx.plans(game_id)
            if not plans:
                self._plan_index.discard(game_id)
                return None
            cards = face_up(state)
            gone = [p for p in plans if (s := g.seats.get(p.user_id)) is None or s.status != "active"
                    or (p.target is not None and (p.place is None or cards.get(p.place) != p.target))]
            seat_no = state.to_act
            author = g.by_seat()[seat_no].user_id if seat_no is not None and state.pending_kind is None else None
            theirs = [p for p in plans if p.user_id == author]
            chosen = self._first_holding([p for p in theirs if p not in gone], g, cards) if theirs else None
            drop = {(p.user_id, p.slot) for p in [*gone, *theirs]}
            if drop:
                async with self.store.transaction() as tx:
                    for user in sorted({u for u, _ in drop}):
                        await tx.delete_plans(game_id, user, [s for u, s in drop if u == user])
                if len(drop) == len(plans):
                    self._plan_index.discard(game_id)
            if chosen is None or author is None or seat_no is None:
                return None
            plan, action, tr = chosen
            now = self._now()
            row = ActionRow(game_id, g.row.version + 1, seat_no, str(action), author, "player", now,
                            f"{PLAN_REQUEST}{g.board}")
            new = LoadedGame(g.row, g.seats, tr.state, g.timer, g.takebacks)
            log.info("game %s: seat %s's plan %s played at version %s", game_id, seat_no, plan.slot, g.row.version)
            return await self._commit(Change(g, new, now, [row], tr.events, actor=author, board=True))

    @staticmethod
    def _first_holding(plans: Sequence[PlanRow], g: LoadedGame, cards: dict[str, str]
                       ) -> tuple[PlanRow, engine.Action, engine.Transition] | None:
        state = g.state
        assert state is not None and state.to_act is not None
        seat = state.to_act
        for plan in plans:
            if plan.cond is not None and plan.cond not in cards.values():
                continue
            try:
                action = engine.parse_action(state, plan.code)
                tr = engine.apply(state, seat, action)
            except engine.EngineError:
                continue
            if _ends_turn(tr.state, seat):
                return plan, action, tr
        return None


__all__ = ["MAX_PLANS", "PLAN_REQUEST", "PlansMixin", "face_up", "from_plan", "plan_key", "target_of"]
