"""Who is at the other end of a web request that may write (issue 44): the one type every playing route asks for.

A read-only visitor has no :class:`Visitor`; the pages they see are today's.  A visitor who signed in with Discord
(:mod:`bot.web.auth`), a demo visitor (``/play/demo``) and a player inside the Discord Activity (``/activity/``)
each get one, from :data:`VISITOR_KEY`'s function, and every write they make carries :attr:`Visitor.csrf`.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Literal

from aiohttp import web

VisitorKind = Literal["discord", "demo", "activity"]


@dataclass(frozen=True, slots=True)
class Visitor:
    user_id: int  # a Discord user id (a demo visitor: the demo's own id for their seat)
    name: str
    lang: str  # the language their replies are in
    session_id: str  # opaque; never shown in a page (the cookie or the Activity's header carries it)
    csrf: str  # the token every POST of this session must carry
    kind: VisitorKind
    game_id: int | None = None  # a session bound to one game (an Activity instance verified with Discord), else None


#: ``await request.app[VISITOR_KEY](request)``: the visitor of a request, or None (not signed in, expired, revoked).
VISITOR_KEY: web.AppKey[Callable[[web.Request], Awaitable[Visitor | None]]] = web.AppKey("visitor")
