"""The websocket gateway: HELLO, heartbeats, IDENTIFY → READY → GUILD_CREATE, RESUME, dispatch.

TEXT frames only (discord.py parses uncompressed TEXT frames whatever ``compress`` it asked for).
Every connected, identified session receives every dispatch, as with several real sessions.
"""

from __future__ import annotations

import asyncio
import json
import logging
import secrets
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from aiohttp import WSMsgType, web

from .models import JSON

if TYPE_CHECKING:
    from .server import FakeDiscord

log = logging.getLogger(__name__)

DISPATCH, HEARTBEAT, IDENTIFY, PRESENCE, VOICE, RESUME, RECONNECT, REQUEST_MEMBERS, INVALID_SESSION, HELLO, ACK = (
    0,
    1,
    2,
    3,
    4,
    6,
    7,
    8,
    9,
    10,
    11,
)


@dataclass(eq=False)
class GatewaySession:
    session_id: str
    intents: int
    ws: web.WebSocketResponse | None = None
    seq: int = 0
    buffer: list[JSON] = field(default_factory=list)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    identified: bool = True
    resumes: int = 0

    @property
    def connected(self) -> bool:
        return self.ws is not None and not self.ws.closed

    async def dispatch(self, event: str, data: Any) -> None:
        async with self.lock:
            self.seq += 1
            frame = {"op": DISPATCH, "t": event, "s": self.seq, "d": data}
            self.buffer.append(frame)
            if self.connected:
                assert self.ws is not None
                try:
                    await self.ws.send_str(json.dumps(frame))
                except ConnectionError:  # the client went away mid-send; the frame stays buffered
                    log.debug("gateway send failed for session %s", self.session_id)

    async def send_raw(self, frame: JSON) -> None:
        async with self.lock:
            if self.connected:
                assert self.ws is not None
                await self.ws.send_str(json.dumps(frame))


class Gateway:
    def __init__(self, fake: FakeDiscord) -> None:
        self.fake = fake
        self.sessions: dict[str, GatewaySession] = {}
        self.received: list[JSON] = []  # every frame clients sent (heartbeats excluded)
        self.identifies = 0
        self.heartbeat_interval_ms = 41_250
        self._sockets: set[web.WebSocketResponse] = set()

    @property
    def live_sessions(self) -> list[GatewaySession]:
        return [s for s in self.sessions.values() if s.connected]

    async def dispatch(self, event: str, data: Any) -> None:
        for session in list(self.sessions.values()):
            await session.dispatch(event, data)
        self.fake.notify()

    async def handle(self, request: web.Request) -> web.StreamResponse:
        ws = web.WebSocketResponse(max_msg_size=0, autoping=True)
        await ws.prepare(request)
        self._sockets.add(ws)
        session: GatewaySession | None = None
        try:
            await ws.send_str(json.dumps({"op": HELLO, "d": {"heartbeat_interval": self.heartbeat_interval_ms}}))
            async for msg in ws:
                if msg.type != WSMsgType.TEXT:
                    if msg.type == WSMsgType.ERROR:
                        break
                    log.error("fake gateway: unexpected frame type %s", msg.type)
                    continue
                frame = json.loads(msg.data)
                op = frame.get("op")
                if op == HEARTBEAT:
                    await ws.send_str(json.dumps({"op": ACK}))
                    continue
                self.received.append(frame)
                if op == IDENTIFY:
                    session = await self._identify(ws, frame["d"])
                elif op == RESUME:
                    session = await self._resume(ws, frame["d"])
                elif op == REQUEST_MEMBERS:
                    await self._members_chunk(session, frame["d"])
                elif op in (PRESENCE, VOICE):
                    pass
                else:
                    log.error("fake gateway: unknown op %s: %s", op, frame)
                    self.fake.unexpected.append(f"gateway op {op}")
        finally:
            self._sockets.discard(ws)
            if session is not None and session.ws is ws:
                session.ws = None
                # A 1000/1001 close ends the session; anything else may be resumed. (discord.py's
                # client.close() with aiohttp 3.14 actually closes with 4000, as seen by real Discord too.)
                if ws.close_code in (1000, 1001):
                    self.sessions.pop(session.session_id, None)
            self.fake.notify()
        return ws

    async def _identify(self, ws: web.WebSocketResponse, data: JSON) -> GatewaySession | None:
        if data.get("token") != self.fake.token:
            await ws.close(code=4004, message=b"Authentication failed.")
            return None
        self.identifies += 1
        session = GatewaySession(session_id=secrets.token_hex(16), intents=int(data.get("intents", 0)), ws=ws)
        self.sessions[session.session_id] = session
        fake = self.fake
        ready = {
            "v": 10,
            "user": fake.bot_user.to_payload(),
            "guilds": [{"id": str(g.id), "unavailable": True} for g in fake.guilds.values()],
            "session_id": session.session_id,
            "resume_gateway_url": fake.gateway_url,
            "session_type": "normal",
            "application": {"id": str(fake.application_id), "flags": 0},
            "private_channels": [],
            "relationships": [],
            "presences": [],
            "guild_join_requests": [],
            "geo_ordered_rtc_regions": [],
            "user_settings": {},
            "auth": {},
            "_trace": ["fake-discord"],
        }
        shard = data.get("shard")
        if shard is not None:
            ready["shard"] = shard
        await session.dispatch("READY", ready)
        for guild in fake.guilds.values():
            await session.dispatch("GUILD_CREATE", fake.guild_create_payload(guild))
        fake.notify()
        return session

    async def _resume(self, ws: web.WebSocketResponse, data: JSON) -> GatewaySession | None:
        session = self.sessions.get(str(data.get("session_id")))
        if session is None or data.get("token") != self.fake.token:
            await ws.send_str(json.dumps({"op": INVALID_SESSION, "d": False}))
            return None
        after = int(data.get("seq") or 0)
        async with session.lock:
            session.ws = ws
            session.resumes += 1
            for frame in session.buffer:
                if frame["s"] > after:
                    await ws.send_str(json.dumps(frame))
        await session.dispatch("RESUMED", {"_trace": ["fake-discord"]})
        self.fake.notify()
        return session

    async def _members_chunk(self, session: GatewaySession | None, data: JSON) -> None:
        if session is None:
            return
        guild = self.fake.guilds.get(int(data["guild_id"]))
        if guild is None:
            return
        chunk = {
            "guild_id": str(guild.id),
            "members": [m.to_payload() for m in guild.members.values()],
            "chunk_index": 0,
            "chunk_count": 1,
            "not_found": [],
            "presences": [],
        }
        if data.get("nonce") is not None:
            chunk["nonce"] = data["nonce"]
        await session.dispatch("GUILD_MEMBERS_CHUNK", chunk)

    async def request_reconnect(self) -> None:
        """Send op 7 RECONNECT to every live session; the clients reconnect and RESUME."""
        for session in self.live_sessions:
            await session.send_raw({"op": RECONNECT, "d": None})

    async def close_all(self) -> None:
        for ws in list(self._sockets):
            await ws.close(code=1001, message=b"fake discord shutting down")
