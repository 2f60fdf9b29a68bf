"""Playing: one action (``play``) and the one writer every state change of a running game goes through."""

from __future__ import annotations

import json
from dataclasses import dataclass, field, replace
from datetime import datetime
from typing import Any

import engine
from bot.service import errors as E
from bot.service.bots import is_bot
from bot.service.clock import new_timer, spend_bank, turn_span
from bot.service.core import LoadedGame, ServiceCore
from bot.service.notify import BOARD_KIND, BOARD_USER, note_for, public
from bot.service.types import Applied, Outcome, from_plan
from bot.store import (
    ActionRow,
    ActionSource,
    DuplicateRequestId,
    GameEnd,
    GameRow,
    GameStart,
    GameUpdate,
    NewNotification,
    SeatRow,
    Snapshot,
    StoreConflict,
    TimerRow,
    WritePlan,
)
from engine.core import Event, GameState

MAX_AUTO_STEPS = 10_000


@dataclass(slots=True)
class Change:
    """One change of a game for :meth:`PlayMixin._commit` to finish and write.

    ``old``: the game as loaded; ``new``: its seats and engine state after the change.
    ``rows``/``events``: the actions taken and what they did; ``actor``: who acted (not
    told it is their turn); ``changed_seats``: users whose seat rows to write;
    ``notes``: ``(user id, kind, params)`` notifications; ``start``: the game starts
    (always snapshotted); ``board``: the board of this change is posted durably (a computer's move: a
    ``board`` outbox row is written with it, see :data:`BOARD_KIND`).
    """

    old: LoadedGame
    new: LoadedGame
    now: datetime
    rows: list[ActionRow] = field(default_factory=list)
    events: tuple[Event, ...] = ()
    actor: int | None = None
    changed_seats: set[int] = field(default_factory=set)
    notes: list[tuple[int, str, dict[str, Any]]] = field(default_factory=list)
    start: GameStart | None = None
    board: bool = False


def check_running(g: LoadedGame) -> None:
    if g.row.status == "lobby":
        raise E.NotStarted(game_id=g.row.game_id)
    if g.row.status != "active":
        raise E.GameFinished(game_id=g.row.game_id)


def computer_finishes(row: GameRow, seat: SeatRow) -> bool:
    """A removed player's seat in a game whose expired turns go to a computer (timeout policy ``"ai"``) is
    finished by a medium computer (the player's placement stays last) instead of minimal moves."""
    return seat.status == "removed" and row.timeout_policy == "ai"


def computer_plays(row: GameRow, seat: SeatRow) -> bool:
    """A computer plays this seat's turns: a computer player, or a removed player's seat it finishes."""
    return is_bot(seat.user_id) or computer_finishes(row, seat)


def seat_of(g: LoadedGame, user_id: int, *, finishing: bool = False) -> SeatRow:
    """The user's seat, if they may act (``finishing``: also a seat a computer finishes for a removed player)."""
    seat = g.seats.get(user_id)
    if seat is None or seat.seat is None:
        raise E.NotSeated(game_id=g.row.game_id)
    if seat.status != "active" and not (finishing and computer_finishes(g.row, seat)):
        raise E.NotActive(game_id=g.row.game_id, status=seat.status)
    return seat


def check_board(g: LoadedGame, expected_version: int | None, expected_board: int | None) -> E.StaleBoard | None:
    """Why a move or take-back decided at ``expected_version`` / on board ``expected_board`` is out of date
    (``None``: it is not).  The board identity never repeats; the version does after a take-back."""
    if expected_version is None and expected_board is None:
        raise ValueError("a move names the board or the version it was decided on")
    if expected_board is not None and expected_board != g.board:
        return E.StaleBoard(expected=expected_board, current=g.board)
    if expected_version is not None and expected_version != g.row.version:
        return E.StaleBoard(expected=expected_version, current=g.row.version)
    return None


def position(state: GameState) -> tuple[int, list[tuple[int, str]]]:
    """What identifies a position of a game: its version and last move (only the last move can be taken back)."""
    return state.version, state.history()[-1:]


def not_your_turn(g: LoadedGame, state: GameState) -> E.NotYourTurn:
    """The refusal for acting out of turn, naming who must play now."""
    return E.not_your_turn(g.by_seat()[state.to_act].user_id if state.to_act is not None else None)


def results(state: GameState, seats: dict[int, SeatRow], ending: str) -> dict[int, tuple[int, int, str]]:
    """``(score, place, result)`` by user id of a game that ended (``finished`` or ``forfeit``)."""
    scores = state.scores()
    active = {s.user_id for s in seats.values() if s.status == "active"}
    winners = set(state.winners()) if ending == "finished" else {
        s.seat for s in seats.values() if s.user_id in active}

    def key(s: SeatRow) -> tuple[int, int, int]:
        assert s.seat is not None
        return (s.user_id not in active, s.seat not in winners, -int(scores[s.seat]))

    placed = [s for s in seats.values() if s.seat is not None]
    out: dict[int, tuple[int, int, str]] = {}
    for s in placed:
        assert s.seat is not None
        place = 1 + sum(1 for o in placed if key(o) < key(s))
        won = s.seat in winners and s.user_id in active
        result = ("draw" if len(winners) > 1 else "win") if won else "loss"
        out[s.user_id] = (int(scores[s.seat]), place, result)
    return out


class PlayMixin(ServiceCore):
    async def play(self, game_id: int, user_id: int, code: str, *, expected_version: int | None = None,
                   expected_board: int | None = None, request_id: str) -> Outcome:
        """Apply ``code`` for ``user_id``, decided on board ``expected_board`` (:attr:`GameInfo.board
        <bot.service.GameInfo.board>`, what a person saw) or at ``expected_version`` (the log's length; a program
        that takes nothing back).  At least one of them is given.

        Refusals: ``GameNotFound``, ``NotStarted``, ``StaleBoard`` (an old button, or one prepared before a
        take-back), ``GameFinished``, ``NotSeated``/``NotActive``, ``NotYourTurn``, engine errors
        (``InvalidAction``, ``IllegalAction``).  A request id seen before returns the
        outcome with ``duplicate=True`` and changes nothing.
        """
        return await self._play(game_id, user_id, code, expected_version=expected_version,
                                expected_board=expected_board, request_id=request_id)

    async def _play(self, game_id: int, user_id: int, code: str, *, expected_version: int | None,
                    request_id: str, expected_board: int | None = None, source: ActionSource = "player",
                    decided_on: GameState | None = None) -> Outcome:
        """:meth:`play`, logged with ``source`` (``"ai"``: a computer decided the move).

        ``decided_on``: the position the move was chosen in; a different one at the same version (a move
        taken back and another played) refuses it as ``StaleBoard``.
        """
        async with self._locks.hold(game_id):
            g = await self._load(game_id)
            if g.row.status == "lobby":
                raise E.NotStarted(game_id=game_id)
            state = g.state
            assert state is not None
            stale = check_board(g, expected_version, expected_board)
            if stale is not None:
                async with self.store.reading() as tx:
                    earlier = await tx.action_by_request(game_id, request_id)
                if earlier is not None:
                    if earlier.user_id != user_id:
                        raise E.DuplicateRequest(request_id=request_id)
                    applied = Applied(earlier.seq, earlier.seat, earlier.user_id, earlier.code, earlier.source,
                                      from_plan(earlier.request_id))
                    return Outcome(self._info(g), state, (applied,), duplicate=True)
                if g.row.status != "active":
                    raise E.GameFinished(game_id=game_id)
                raise stale
            check_running(g)
            if decided_on is not None and decided_on is not state and position(decided_on) != position(state):
                raise E.StaleBoard(expected=g.row.version, current=g.row.version)
            seat = seat_of(g, user_id, finishing=source == "ai")
            if state.to_act != seat.seat:
                raise not_your_turn(g, state)
            assert seat.seat is not None
            action = engine.parse_action(state, code)
            tr = engine.apply(state, seat.seat, action)
            now = self._now()
            row = ActionRow(game_id, g.row.version + 1, seat.seat, str(action), user_id, source, now, request_id)
            new = LoadedGame(g.row, g.seats, tr.state, g.timer, g.takebacks)
            return await self._commit(Change(g, new, now, [row], tr.events, actor=user_id, board=source == "ai"))

    async def _commit(self, change: Change) -> Outcome:
        """Finish a change (minimal moves for absent seats, game end, clock, notifications) and write it atomically.

        Called with the game's lock held.  The cache is replaced only after the store committed.
        """
        old, new, now = change.old, change.new, change.now
        game_id = old.row.game_id
        state = new.state
        assert state is not None, "only a started game is committed"
        seats = dict(new.seats)
        changed = set(change.changed_seats)
        all_events = list(change.events)
        rows = list(change.rows)
        by_seat = {s.seat: s for s in seats.values() if s.seat is not None}
        active = [s for s in seats.values() if s.status == "active"]
        # Computers alone do not go on playing: with no person left the game ends as a forfeit.
        playing = len(active) > 1 and any(not is_bot(s.user_id) for s in active)
        # Seats that resigned or were removed play deterministic minimal moves.
        steps = 0
        while ((seat_no := state.to_act) is not None and playing and by_seat[seat_no].status != "active"
               and not computer_finishes(new.row, by_seat[seat_no])):
            steps += 1
            if steps > MAX_AUTO_STEPS:
                raise RuntimeError(f"game {game_id}: absent seats never stop playing")
            action = engine.default_action(state)
            tr = engine.apply(state, seat_no, action)
            rows.append(ActionRow(game_id, state.version + 1, seat_no, str(action), None, "auto", now))
            all_events.extend(tr.events)
            state = tr.state
        version = state.version
        users = await self._user_rows(seats)
        notes: list[NewNotification] = []
        for uid, kind, params in change.notes:
            note = note_for(users[uid], kind, new.row, now, params, version=version)
            if note is not None:
                notes.append(note)
        ending = "finished" if state.is_over else "forfeit" if not playing else None
        timer: TimerRow | None = None
        end: GameEnd | None = None
        to_act: int | None = None
        if ending is not None:
            for uid, (score, place, result) in results(state, seats, ending).items():
                seats[uid] = replace(seats[uid], final_score=score, place=place, result=result)
                changed.add(uid)
                note = note_for(users[uid], "game_over", new.row, now,
                                {"reason": ending, "score": score, "count": score, "place": place,
                                 "result": result})
                if note is not None:
                    notes.append(note)
            end = GameEnd("over", ending, now)
        else:
            to_act = state.to_act
            assert to_act is not None, "a game that is not over has a seat to act"
            next_user = by_seat[to_act].user_id
            same_turn = old.timer is not None and old.timer.seat == to_act and all(r.seat == to_act for r in rows)
            computer = computer_plays(new.row, by_seat[to_act])
            if old.timer is not None and not same_turn and new.row.bank_initial_s is not None:
                # the clock leaves a seat: its bank is what was left plus the increment (written with the move)
                holder = old.timer.user_id
                seats[holder] = spend_bank(new.row, seats[holder], old.timer, now, users[holder])
                by_seat[old.timer.seat] = seats[holder]
                changed.add(holder)
            span = turn_span(new.row, by_seat[to_act])
            if span is not None and not computer:  # a computer plays at once
                if same_turn and old.timer is not None:
                    timer = replace(old.timer, version=version)
                else:
                    timer = new_timer(game_id, version, to_act, users[next_user], now, span,
                                      self.settings.reminder_lead)
            new_turn = not same_turn and (rows or old.row.status == "lobby")
            if new_turn and next_user != change.actor and by_seat[to_act].status == "active":
                params = {"pending": state.pending_kind,
                          "deadline": None if timer is None or timer.due_at is None else timer.due_at.isoformat()}
                note = note_for(users[next_user], "your_turn", new.row, now, params, version=version)
                if note is not None:
                    notes.append(note)
        # Snapshots are staggered by game id so that games started together do not all serialize at once.
        every, shift = self.settings.snapshot_every, game_id % self.settings.snapshot_every
        snapshot: Snapshot | None = None
        if change.start is not None or end is not None or (
            (version + shift) // every != (old.row.version + shift) // every
        ):
            snapshot = Snapshot(json.dumps(engine.to_json(state), separators=(",", ":")), version)
        update = GameUpdate(version=version, to_act=to_act, start=change.start, end=end, snapshot=snapshot)
        outbox = notes
        if change.board:
            outbox = [*notes, NewNotification(BOARD_USER, BOARD_KIND, now, game_id, new.row.channel_id, version,
                                              {"from": old.row.version})]
        plan = WritePlan(
            game_id, old.row.version, now, update, rows, [seats[uid] for uid in changed],
            timer, timer is None and (old.timer is not None or end is not None), outbox,
        )
        try:
            await self._writer.submit(plan)
        except StoreConflict:
            self._forget(game_id)
            raise E.StaleBoard(expected=old.row.version, current=-1) from None
        except DuplicateRequestId as exc:
            self._forget(game_id)
            raise E.DuplicateRequest(request_id=exc.request_id) from None
        except BaseException:
            self._forget(game_id)
            raise
        done = LoadedGame(update.applied_to(new.row), seats, state, timer, new.takebacks)
        self._remember(done)
        applied = tuple(Applied(r.seq, r.seat, r.user_id, r.code, r.source, from_plan(r.request_id)) for r in rows)
        outcome = Outcome(self._info(done), state, applied, tuple(all_events), tuple(public(n) for n in notes))
        self.hooks.committed(outcome)  # the after-commit listeners (bot.service.service); they never raise
        return outcome
