"""The service's hooks: what runs after a commit, who plays a turn no person is asked for, what the scheduler scans,
what closes with the service.  They are registered, in order, in one place: ``GameService.__init__``
(:mod:`bot.service.service`); nothing else adds one.

* **After-commit listeners** run, in registration order, once a running game's change is durable (like Django's
  ``transaction.on_commit``).  They only schedule work (wake a loop, queue a review); they never write.  One that
  raises is logged and counted (:attr:`ServiceHooks.failures`, exported as ``splendor_hook_failures_total``) and
  the others still run: the move is committed, and the player is never told otherwise.
* **Turn sources** are asked in order, for a game, for the move to play next without a person (a computer's, then
  a plan's); the first that plays one wins.  An error is the scheduler's (:mod:`bot.service.scheduler`: logged,
  the game is looked at again on the next wake-up or scan).
* **Scans** run in order when the scheduler starts, every ``rescan`` seconds, and when a vacation hands turns to a
  computer: they find work left by a restart.  One that raises is logged and counted; the next still runs.
* **Closers** run in order when the service closes (``close_computers``); one that raises is logged and counted.
"""

from __future__ import annotations

import logging
from collections import Counter
from collections.abc import Awaitable, Callable, Sequence

from bot.service.types import Outcome

log = logging.getLogger(__name__)

#: Posts a move played without a person (the bot refreshes the game's board); ``None``: nothing is posted.
OnOutcome = Callable[[Outcome], Awaitable[None]] | None
Listener = Callable[[Outcome], None]
TurnSource = Callable[[int], Awaitable[Outcome | None]]
Scan = Callable[[OnOutcome], Awaitable[None]]
Closer = Callable[[], None]

KINDS = ("after_commit", "turn_source", "scan", "closer")


class ServiceHooks:
    """Ordered hooks, each with a name (for logs, metrics and :meth:`order`)."""

    def __init__(self) -> None:
        self._listeners: list[tuple[str, Listener]] = []
        self._sources: list[tuple[str, TurnSource]] = []
        self._scans: list[tuple[str, Scan]] = []
        self._closers: list[tuple[str, Closer]] = []
        #: Hooks that raised, by ``"kind:name"`` (a listener, scan or closer; read by the bot's metrics).
        self.failures: Counter[str] = Counter()
        self._sealed = False

    # ------------------------------------------------------------------ registering
    def after_commit(self, name: str, listener: Listener) -> None:
        self._listeners.append((self._fresh(name, self._listeners), listener))

    def turn_source(self, name: str, source: TurnSource) -> None:
        self._sources.append((self._fresh(name, self._sources), source))

    def periodic_scan(self, name: str, scan: Scan) -> None:
        self._scans.append((self._fresh(name, self._scans), scan))

    def closer(self, name: str, close: Closer) -> None:
        self._closers.append((self._fresh(name, self._closers), close))

    def seal(self) -> None:
        """No hook is registered after this (``GameService.__init__`` seals its hooks once they are wired)."""
        self._sealed = True

    def _fresh(self, name: str, registered: Sequence[tuple[str, object]]) -> str:
        if self._sealed:
            raise RuntimeError(f"hook {name!r}: the service's hooks are registered in GameService.__init__ only")
        if any(n == name for n, _ in registered):
            raise ValueError(f"hook {name!r} is registered twice")
        return name

    def order(self) -> dict[str, tuple[str, ...]]:
        """The hooks' names by kind, in the order they run."""
        lists: tuple[Sequence[tuple[str, object]], ...] = (self._listeners, self._sources, self._scans, self._closers)
        return {kind: tuple(n for n, _ in hooks) for kind, hooks in zip(KINDS, lists, strict=True)}

    # ------------------------------------------------------------------ running
    def committed(self, outcome: Outcome) -> None:
        """Every listener, in order, after ``outcome`` committed; a failure is logged and counted, never raised."""
        for name, listener in self._listeners:
            try:
                listener(outcome)
            except Exception:
                self._failed("after_commit", name, "after-commit listener %r failed (game %s at version %s); the move "
                             "stands", outcome.game_id, outcome.version)

    async def next_turn(self, game_id: int) -> Outcome | None:
        """The move the first turn source plays in ``game_id`` (``None``: no source had one to play)."""
        for _, source in self._sources:
            outcome = await source(game_id)
            if outcome is not None:
                return outcome
        return None

    async def scan(self, on_outcome: OnOutcome = None) -> None:
        """Every scan, in order; a failure is logged and counted and the next scan runs."""
        for name, scan in self._scans:
            try:
                await scan(on_outcome)
            except Exception:
                self._failed("scan", name, "scan for computer turns failed (scan %r); the next scan runs")

    def close(self) -> None:
        """Every closer, in order; a failure is logged and counted and the next closer runs."""
        for name, close in self._closers:
            try:
                close()
            except Exception:
                self._failed("closer", name, "closer %r failed; the next closer runs")

    def _failed(self, kind: str, name: str, message: str, *args: object) -> None:
        self.failures[f"{kind}:{name}"] += 1
        log.exception(message, name, *args)


__all__ = ["KINDS", "Closer", "Listener", "OnOutcome", "Scan", "ServiceHooks", "TurnSource"]
