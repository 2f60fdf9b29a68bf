"""Errors a store raises that its callers react to (the same for every backend)."""

from __future__ import annotations

from collections.abc import Iterable


class StoreError(Exception):
    """A write the store refused; nothing of it was applied."""


class StoreConflict(StoreError):
    """A guarded write found the row changed (another writer got there first)."""


class DuplicateRequestId(StoreError):
    """An action carries a request id the game's log already holds (a retried request)."""

    def __init__(self, message: str, *, request_id: str | None = None) -> None:
        super().__init__(message)
        self.request_id = request_id

    def naming(self, request_ids: Iterable[str | None]) -> DuplicateRequestId:
        """This refusal naming the request id, when the refused writes carried exactly one."""
        ids = {r for r in request_ids if r is not None}
        return DuplicateRequestId(str(self), request_id=ids.pop() if len(ids) == 1 else None)


class StoreUnavailable(Exception):
    """The store cannot be opened (or used) safely: one sentence naming the database, the cause and the way out.

    Not a :class:`StoreError` (nothing was refused: the bot must not start).
    """

    def __init__(self, where: str, cause: str, way_out: str = "") -> None:
        self.where = where
        self.cause = cause
        self.way_out = way_out
        tail = f"; {way_out}" if way_out else ""
        super().__init__(f"Cannot use the database {where}: {cause}{tail}.")


class DatabaseInUse(StoreUnavailable):
    """Another process holds the database's instance lock (``pid``: its process id, if known)."""

    def __init__(self, where: str, pid: int | None) -> None:
        self.pid = pid
        holder = f" (pid {pid})" if pid is not None else ""
        super().__init__(
            where,
            f"another bot is already using this database{holder}",
            "stop that process first; two bots on one database send every notification twice",
        )


class DatabaseDamaged(StoreUnavailable):
    """The integrity check found damage; ``problems`` lists what it reported."""

    def __init__(self, where: str, problems: list[str], damaged: list[str]) -> None:
        self.problems = problems
        self.damaged = damaged
        parts = f" in {', '.join(damaged)}" if damaged else ""
        first = problems[0] if problems else "malformed"
        super().__init__(
            where,
            f"it is damaged{parts} (PRAGMA quick_check: {len(problems)} problem(s), first: {first})",
            "restore the latest good backup to that path (python -m bot restore BACKUP) before starting the bot",
        )
