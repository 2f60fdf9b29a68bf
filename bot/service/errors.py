"""Refusals of the game service.

Every error carries ``key`` (an i18n key in ``bot/locales/service.*.json``) and
``params``; ``message(lang)`` gives the player-facing sentence.  Engine refusals
(:class:`engine.errors.EngineError`: illegal or unreadable actions) pass through the
service unchanged; the bot's one error reporter answers both families ephemerally.
"""

from __future__ import annotations

from typing import Any, ClassVar

from bot.i18n import ECHO_MAX, clip, t
from bot.service.bots import is_bot


class ServiceError(Exception):
    """Base of the service's refusals."""

    key: ClassVar[str] = "service.err.generic"

    def __init__(self, **params: Any) -> None:
        self.params: dict[str, Any] = params
        super().__init__(self.message("en"))

    def message(self, lang: str | None = "en") -> str:
        """The sentence in ``lang``; a typed value it quotes is cut to ``ECHO_MAX`` characters."""
        return t(self.key, lang, **{k: clip(v, ECHO_MAX) if isinstance(v, str) else v for k, v in self.params.items()})


class GameNotFound(ServiceError):
    key = "service.err.game_not_found"


class NoGameHere(ServiceError):
    key = "service.err.no_game_here"


class ChannelBusy(ServiceError):
    """The channel already has a lobby or a running game (one game per thread)."""

    key = "service.err.channel_busy"


class NotSeated(ServiceError):
    key = "service.err.not_seated"


class NoComputerSeated(ServiceError):
    """``removebot`` in a lobby where no computer player sits."""

    key = "service.err.no_computer"


class NotOpenToYou(ServiceError):
    """A lobby the user may not join: a rematch of a game they did not play, or a player who blocked them (or whom
    they blocked) sits there.  Says nothing more (a block is not announced)."""

    key = "service.err.not_open"


class CannotBlock(ServiceError):
    """Blocking oneself or a computer player."""

    key = "service.err.cannot_block"


class TooManyBlocks(ServiceError):
    key = "service.err.too_many_blocks"


class NotBlocked(ServiceError):
    key = "service.err.not_blocked"


class NotOver(ServiceError):
    """A rematch of a game that is not over (or was aborted)."""

    key = "service.err.not_over"


class NotActive(ServiceError):
    """The player resigned or was removed from this game."""

    key = "service.err.not_active"


class NotYourTurn(ServiceError):
    key = "service.err.not_your_turn"


class PlanOnYourTurn(ServiceError):
    """A plan is for a turn to come: the player to act plays now."""

    key = "plans.err.your_turn"


class PlanDecisionPending(ServiceError):
    """Plans are refused while a decision is pending in the game (it is decided turn by turn)."""

    key = "plans.err.pending"


class TooManyPlans(ServiceError):
    key = "plans.err.too_many"


class PlanNotAMove(ServiceError):
    """A plan is a main move (take, reserve, buy, claim), not the answer to a decision."""

    key = "plans.err.not_a_move"


class PlanAsksDecision(ServiceError):
    """The move would leave its player a decision to make (a payment, a noble, tokens to return...)."""

    key = "plans.err.asks_decision"


class PlanCardNotFaceUp(ServiceError):
    """The condition names no card face up on the table."""

    key = "plans.err.card_not_face_up"


class PlanNotFound(ServiceError):
    key = "plans.err.not_found"


class StaleBoard(ServiceError):
    """The action was decided on an older version of the board (an old button)."""

    key = "service.err.stale_board"


class DuplicateRequest(ServiceError):
    """A request id reused for a different request."""

    key = "service.err.duplicate_request"


class LobbyFull(ServiceError):
    key = "service.err.lobby_full"


class AlreadyStarted(ServiceError):
    key = "service.err.already_started"


class NotStarted(ServiceError):
    key = "service.err.not_started"


class GameFinished(ServiceError):
    key = "service.err.game_finished"


class NotAllowed(ServiceError):
    """Only the creator or a server manager may do this."""

    key = "service.err.not_allowed"


class ThreadWorks(ServiceError):
    """Only a game whose thread is locked, closed to the bot or deleted can be moved to a new thread."""

    key = "service.err.thread_works"


class TooFewPlayers(ServiceError):
    key = "service.err.too_few_players"


class BadOption(ServiceError):
    key = "service.err.bad_option"


class AlreadySeated(ServiceError):
    """``join`` by a player who already has a seat (the service treats it as a no-op; the bot refuses it)."""

    key = "service.err.already_seated"


class UndoNothing(ServiceError):
    """No move of this player can be taken back: the log's last move is someone else's or automatic."""

    key = "service.err.undo_nothing"


class UndoRevealed(ServiceError):
    """The last move revealed hidden information (a card drawn, a blind reserve): ruling B-16."""

    key = "service.err.undo_revealed"


class VacationRefused(ServiceError):
    key = "service.err.vacation_refused"


class AlreadyOnVacation(VacationRefused):
    key = "service.err.vacation_already"


class ComputerThinking(NotYourTurn):
    """Not your turn: a computer player is to act (it has no mention to show)."""

    key = "service.err.computer_thinking"


def not_your_turn(to_act: int | None) -> NotYourTurn:
    """The refusal for acting out of turn, naming who must play now (a computer player is not mentioned)."""
    return ComputerThinking() if to_act is not None and is_bot(to_act) else NotYourTurn(to_act=to_act)


class NoComputersHere(ServiceError):
    """Computer players may not sit in ranked (or league) games: those are rated."""

    key = "service.err.no_bots_ranked"


class HintsOff(ServiceError):
    """Hints are only for unranked games outside leagues."""

    key = "service.err.no_hints"


__all__ = [
    "AlreadyOnVacation",
    "AlreadySeated",
    "AlreadyStarted",
    "BadOption",
    "ChannelBusy",
    "ComputerThinking",
    "DuplicateRequest",
    "GameFinished",
    "GameNotFound",
    "HintsOff",
    "LobbyFull",
    "NoComputerSeated",
    "NoComputersHere",
    "NoGameHere",
    "NotActive",
    "NotAllowed",
    "NotSeated",
    "NotStarted",
    "NotYourTurn",
    "PlanAsksDecision",
    "PlanCardNotFaceUp",
    "PlanDecisionPending",
    "PlanNotAMove",
    "PlanNotFound",
    "PlanOnYourTurn",
    "ServiceError",
    "StaleBoard",
    "ThreadWorks",
    "TooFewPlayers",
    "TooManyPlans",
    "UndoNothing",
    "UndoRevealed",
    "VacationRefused",
    "not_your_turn",
]
