"""Web sessions (issue 44, schema step 18, table ``web_sessions``; bot/web/auth.py reads and writes through these
methods only).

A session is what a visitor who signed in with Discord (or a player inside the Discord Activity) holds: a random
token in their cookie (or the Activity's ``Authorization`` header).  Only the token's SHA-256 is stored, so a copy
of the database opens no session.  A session ends at ``expires_at`` (absolute), when it has not been used for the
idle time its reader allows (``seen_at``, written at most every few minutes), or when revoked (``revoked_at``:
signing out, or "sign out everywhere" for every session of a user).  Ended sessions are deleted after a while
(:meth:`SessionWriter.purge_web_sessions`).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Literal

from bot.store.statements import Statements, converter

SessionKind = Literal["discord", "demo", "activity"]


@dataclass(frozen=True, slots=True)
class WebSession:
    session_id: str  # the row's key (random; not the token)
    user_id: int
    name: str
    lang: str
    kind: SessionKind
    game_id: int | None  # a session bound to one game (a verified Activity instance), else None
    csrf: str
    created_at: datetime
    seen_at: datetime
    expires_at: datetime
    revoked_at: datetime | None


_COLUMNS = ("session_id, user_id, name, lang, kind, game_id, csrf, created_at, seen_at, expires_at, revoked_at")
web_session_row = converter(WebSession)


class SessionReader(Statements):
    """The sessions' reads (part of :class:`bot.store.queries.StoreReader`)."""

    __slots__ = ()

    async def web_session(self, token_hash: str) -> WebSession | None:
        """The session whose token hashes to ``token_hash`` (ended or not: the caller judges)."""
        return await self._first(web_session_row, f"SELECT {_COLUMNS} FROM web_sessions WHERE token_hash = ?",
                                 (token_hash,))

    async def user_web_sessions(self, user_id: int) -> list[WebSession]:
        """Every session of a user still in the table, oldest first."""
        return await self._all(web_session_row, f"SELECT {_COLUMNS} FROM web_sessions WHERE user_id = ?"
                                                " ORDER BY created_at, session_id", (user_id,))


class SessionWriter(SessionReader):
    """The sessions' writes (part of :class:`bot.store.queries.StoreWriter`)."""

    __slots__ = ()

    async def open_web_session(self, session: WebSession, token_hash: str) -> None:
        await self._exec(f"INSERT INTO web_sessions ({_COLUMNS}, token_hash)"
                         " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                         (session.session_id, session.user_id, session.name, session.lang, session.kind,
                          session.game_id, session.csrf, self._t(session.created_at), self._t(session.seen_at),
                          self._t(session.expires_at),
                          None if session.revoked_at is None else self._t(session.revoked_at), token_hash))

    async def touch_web_session(self, session_id: str, now: datetime) -> None:
        """The session was used at ``now`` (its idle time starts again)."""
        await self._exec("UPDATE web_sessions SET seen_at = ? WHERE session_id = ? AND revoked_at IS NULL",
                         (self._t(now), session_id))

    async def revoke_web_session(self, session_id: str, now: datetime) -> bool:
        """End one session; False if it was already ended."""
        return await self._exec("UPDATE web_sessions SET revoked_at = ? WHERE session_id = ? AND revoked_at IS NULL",
                                (self._t(now), session_id)) > 0

    async def revoke_user_web_sessions(self, user_id: int, now: datetime) -> int:
        """End every session of a user (signing out everywhere); how many were still open."""
        return await self._exec("UPDATE web_sessions SET revoked_at = ? WHERE user_id = ? AND revoked_at IS NULL",
                                (self._t(now), user_id))

    async def purge_web_sessions(self, before: datetime) -> int:
        """Delete the sessions that expired or were revoked before ``before``; how many."""
        t = self._t(before)
        return await self._exec("DELETE FROM web_sessions WHERE expires_at < ? OR revoked_at < ?", (t, t))


__all__ = ["SessionKind", "SessionReader", "SessionWriter", "WebSession"]
