"""Taking back a misclick (ruling B-16): the log's last move, if it is the player's own and revealed nothing.

A game is its setup plus its action log, so an undo shortens the log: the last row moves to
``undone_actions`` (kept for the record, never replayed) and the game row goes back one version, both
in one transaction under the version guard.  The board's identity (version plus twice the take-backs) still
moves forward, so nothing prepared before the take-back acts on the board after it.  The engine says whether the
move revealed hidden information (:func:`engine.take_back`); nothing here knows any ruleset.
"""

from __future__ import annotations

import json
from dataclasses import replace

import engine
from bot.service import errors as E
from bot.service.clock import new_timer, turn_span
from bot.service.core import LoadedGame
from bot.service.play import PlayMixin, check_board, check_running, seat_of
from bot.service.types import Applied, Outcome
from bot.store import GameUpdate, Snapshot, TimerRow


class UndoMixin(PlayMixin):
    async def take_back(self, game_id: int, user_id: int, *, expected_version: int | None = None,
                        expected_board: int | None = None) -> Outcome:
        """Undo ``user_id``'s last move, decided on board ``expected_board`` (or at ``expected_version``; see
        :meth:`play`).  The game gets a new board identity (:attr:`GameInfo.board <bot.service.GameInfo.board>`):
        whatever was prepared on a board before, even at the same version later, is out of date.

        Allowed while the next player has not acted: the log's last row is this player's own move
        (not a timeout's or an absent seat's), the game is still running, and the move revealed no
        hidden information.  Refusals: ``StaleBoard``, ``NotStarted``/``GameFinished``,
        ``NotSeated``/``NotActive``, ``UndoNothing``, ``UndoRevealed``.  The outcome's ``applied`` is the
        move taken back and its ``state`` the game as it was before it.
        """
        async with self._locks.hold(game_id):
            g = await self._load(game_id)
            check_running(g)
            seat = seat_of(g, user_id)
            stale = check_board(g, expected_version, expected_board)
            if stale is not None:
                raise stale
            async with self.store.reading() as tx:
                rows = await tx.actions(game_id, after=g.row.version - 1)
            last = rows[-1] if rows else None
            if last is None or last.user_id != user_id or last.seat != seat.seat or last.source != "player":
                raise E.UndoNothing(game_id=game_id)
            assert g.state is not None
            before = engine.take_back(g.state)
            if before is None:
                raise E.UndoRevealed(game_id=game_id)
            now = self._now()
            to_act = before.to_act
            assert to_act is not None, "a move of a running game is taken back into a running game"
            timer: TimerRow | None = None
            seats = g.seats
            mover_seat = g.by_seat()[to_act]
            if g.timer is not None and g.timer.seat == to_act:
                timer = replace(g.timer, version=before.version)
            else:  # the clock had passed to the next player: the mover's turn starts again
                if g.row.bank_initial_s is not None and mover_seat.bank_undo_s is not None:
                    # with the bank it had left when it moved (the increment goes back; ruling B-17)
                    mover_seat = replace(mover_seat, bank_left_s=mover_seat.bank_undo_s, bank_undo_s=None)
                    seats = {**g.seats, mover_seat.user_id: mover_seat}
                span = turn_span(g.row, mover_seat)
                if span is not None:
                    mover = mover_seat.user_id
                    users = await self._user_rows([mover])
                    timer = new_timer(game_id, before.version, to_act, users[mover], now, span,
                                      self.settings.reminder_lead)
            snapshot = Snapshot(json.dumps(engine.to_json(before), separators=(",", ":")), before.version)
            update = GameUpdate(version=before.version, to_act=to_act, snapshot=snapshot)
            self._forget(game_id)
            async with self.store.transaction() as tx:
                await tx.update_game(game_id, update, expect_version=g.row.version)
                await tx.take_back_action(game_id, last.seq, now)
                if seats is not g.seats:
                    await tx.save_seats([mover_seat])
                await tx.delete_plans(game_id, user_id)  # made for a turn after the move taken back (B-18)
                if timer is not None:
                    await tx.set_timer(timer)
                elif g.timer is not None:
                    await tx.clear_timer(game_id)
            done = LoadedGame(update.applied_to(g.row), seats, before, timer, g.takebacks + 1)
            self._remember(done)
            applied = (Applied(last.seq, last.seat, last.user_id, last.code, last.source),)
            self.feed.touch(game_id)  # no commit hook runs for a take-back: the live pages are told here
            return Outcome(self._info(done), before, applied)
