"""Errors a store raises that its callers react to (the same for every backend)."""

from __future__ import annotations


class StoreError(Exception):
    """A write the store refused; nothing of it was applied."""


class StoreConflict(StoreError):
    """A guarded write found the row changed (another writer got there first)."""


class DuplicateRequestId(StoreError):
    """An action carries a request id the game's log already holds (a retried request)."""

    def __init__(self, message: str, *, request_id: str | None = None) -> None:
        super().__init__(message)
        self.request_id = request_id
