"""FakeDiscord: the world, its lifecycle, message/thread operations and the test-side driving API."""

from __future__ import annotations

import asyncio
import logging
import re
import secrets
import socket
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar

from aiohttp import web

from .gateway import Gateway
from .interactions import (
    APPLICATION_COMMAND,
    AUTOCOMPLETE,
    AUTOCOMPLETE_RESULT,
    CHANNEL_MESSAGE,
    DEFERRED_CHANNEL_MESSAGE,
    DEFERRED_UPDATE_MESSAGE,
    MESSAGE_COMPONENT,
    MODAL,
    MODAL_SUBMIT,
    UPDATE_MESSAGE,
    CallbackRecord,
    InteractionHandle,
    option_type_for,
)
from .models import (
    ADMINISTRATOR,
    BOT_PERMISSIONS,
    DM,
    EVERYONE_PERMISSIONS,
    FLAG_EPHEMERAL,
    FLAG_LOADING,
    FLAG_SUPPRESS_EMBEDS,
    FLAG_SUPPRESS_NOTIFICATIONS,
    GUILD_TEXT,
    JSON,
    MANAGE_THREADS,
    MODERATOR_PERMISSIONS,
    PUBLIC_THREAD,
    WAIT,
    FakeAttachment,
    FakeChannel,
    FakeGuild,
    FakeMember,
    FakeMessage,
    FakeRole,
    FakeUser,
    SnowflakeGenerator,
    iso,
)
from .validation import ApiError, ClientRefusal, check_option_value, validate_message

log = logging.getLogger(__name__)

T = TypeVar("T")

FAKE_TOKEN = "fake-token"
ATTACHMENT_SIZE_LIMIT = 25 * 1024 * 1024
#: How long Discord remembers a message's nonce for ``enforce_nonce`` ("the past few minutes").
NONCE_WINDOW_S = 300.0
#: Routes whose body is a message: channel posts and edits, followups and their edits.
_MESSAGE_ROUTE = re.compile(r"^/(channels/\d+/messages(/\d+)?|webhooks/\d+/[^/]+(/messages/[^/]+)?)$")

#: Discord's limit on an attachment's description (its alt text).
ATTACHMENT_DESCRIPTION_MAX = 1024


@dataclass
class RawFile:
    """A file part of a multipart request (``files[index]``)."""

    index: int
    filename: str
    content_type: str | None
    data: bytes


@dataclass
class Fault:
    """A refusal or failure the fake answers instead of Discord's normal answer (:meth:`FakeDiscord.fail`)."""

    method: str
    path: re.Pattern[str]
    status: int
    code: int
    message: str
    times: int = 1
    retry_after: float | None = None
    after_create: bool = False  # the request takes effect, then fails: a response lost on the way back

    def payload(self) -> JSON:
        data: JSON = {"message": self.message, "code": self.code}
        if self.retry_after is not None:
            data.update(retry_after=self.retry_after, **{"global": False})
        return data

    def headers(self) -> dict[str, str]:
        if self.status != 429:
            return {}
        # Discord's rate limit answers come through its proxy (discord.py waits and retries only with ``Via``).
        return {"Via": "1.1 google", "Retry-After": str(self.retry_after or 1), "X-RateLimit-Scope": "user"}


@dataclass
class RecordedRequest:
    method: str
    path: str  # without the /api/v10 prefix
    query: dict[str, str]
    json: Any = None
    files: list[RawFile] = field(default_factory=list)
    status: int = 0
    response: Any = None


class FakeDiscord:
    """A local Discord: REST under ``/api/v10`` and a websocket gateway, on 127.0.0.1.

    The default world (``default_world=True``) is one guild "Splendor Test" with text channels
    ``general`` and ``games`` and users ``alice`` (Moderator role: manage threads/messages),
    ``bob``, ``carol`` (plain members) and ``owner`` (the guild owner), plus the bot.
    """

    def __init__(self, *, token: str = FAKE_TOKEN, callback_deadline: float = 3.0, default_world: bool = True) -> None:
        self.token = token
        self.callback_deadline = callback_deadline
        self.snowflake = SnowflakeGenerator()
        self.application_id = self.snowflake()
        self.bot_user = FakeUser(self.application_id, "splendor-bot", "Splendor", bot=True)
        self.users: dict[int, FakeUser] = {self.bot_user.id: self.bot_user}
        self.guilds: dict[int, FakeGuild] = {}
        self.channels: dict[int, FakeChannel] = {}
        self.messages: dict[int, FakeMessage] = {}
        #: ``enforce_nonce``: (author id, nonce) -> (message id, when), for NONCE_WINDOW_S
        self.nonces: dict[tuple[int, str], tuple[int, float]] = {}
        self.nonce_hits = 0  # messages not created again because their nonce was seen (tests count them)
        self.commands: dict[int | None, list[JSON]] = {}  # guild id (None = global) -> last synced commands
        self.command_syncs: list[tuple[int | None, list[JSON]]] = []  # every PUT payload, as sent
        self.interactions: list[InteractionHandle] = []
        self.requests: list[RecordedRequest] = []
        self.unknown_requests: list[RecordedRequest] = []
        # What Discord's client checks before it sends a command (an option's min/max length and value): False
        # lets a test send what only a stale command registration or a crafted request would.
        self.client_checks = True
        self.unexpected: list[str] = []  # other protocol surprises (unknown gateway ops, bad multipart parts)
        self.reactions: list[tuple[int, str, int]] = []  # (message id, emoji, user id)
        self.faults: list[Fault] = []  # pending injected failures (:meth:`fail`)
        self.gateway = Gateway(self)
        self._by_token: dict[str, InteractionHandle] = {}
        self._command_ids: dict[tuple[int | None, int, str], int] = {}
        self._changed = asyncio.Event()
        self._runner: web.AppRunner | None = None
        self.port = 0
        if default_world:
            self._build_default_world()

    # ------------------------------------------------------------------ world building
    def _build_default_world(self) -> None:
        owner = self.add_user("owner")
        guild = self.add_guild("Splendor Test", owner=owner)
        moderator = self.add_role(guild, "Moderator", MODERATOR_PERMISSIONS)
        bot_role = self.add_role(guild, "Splendor", BOT_PERMISSIONS)
        self.add_member(guild, self.bot_user, roles=[bot_role])
        self.add_member(guild, self.add_user("alice"), roles=[moderator])
        for name in ("bob", "carol"):
            self.add_member(guild, self.add_user(name))
        self.add_text_channel(guild, "general")
        self.add_text_channel(guild, "games")

    def add_user(self, username: str, *, locale: str = "en-US", bot: bool = False) -> FakeUser:
        user = FakeUser(self.snowflake(), username, username.capitalize(), bot=bot, locale=locale)
        self.users[user.id] = user
        return user

    def add_guild(self, name: str, *, owner: FakeUser, locale: str = "en-US") -> FakeGuild:
        gid = self.snowflake()
        guild = FakeGuild(gid, name, owner.id, preferred_locale=locale)
        guild.roles.append(FakeRole(gid, "@everyone", EVERYONE_PERMISSIONS, 0))
        guild.members[owner.id] = FakeMember(owner)
        self.guilds[gid] = guild
        return guild

    def add_role(self, guild: FakeGuild, name: str, permissions: int) -> FakeRole:
        role = FakeRole(self.snowflake(), name, permissions, position=len(guild.roles))
        guild.roles.append(role)
        return role

    def add_member(self, guild: FakeGuild, user: FakeUser, *, roles: Sequence[FakeRole] = ()) -> FakeMember:
        member = FakeMember(user, [r.id for r in roles])
        guild.members[user.id] = member
        return member

    def add_text_channel(self, guild: FakeGuild, name: str) -> FakeChannel:
        channel = FakeChannel(self.snowflake(), GUILD_TEXT, name, guild.id, position=len(guild.channel_ids))
        self.channels[channel.id] = channel
        guild.channel_ids.append(channel.id)
        return channel

    def fail(self, method: str, path: str, status: int, code: int = 0, message: str = "", *, times: int = 1,
             retry_after: float | None = None, after_create: bool = False) -> Fault:
        """Answer the next ``times`` ``method`` requests whose path (without ``/api/v10``) matches the regular
        expression ``path`` with ``status`` (Discord's JSON error body, ``code``).  ``429`` carries ``retry_after``
        and the ``Via`` header of Discord's proxy (so discord.py waits and retries, as against Discord);
        ``after_create``: the request takes effect first, then the answer is the failure (a lost response)."""
        fault = Fault(method.upper(), re.compile(path), status, code, message or f"{status}: injected failure",
                      times, retry_after, after_create)
        self.faults.append(fault)
        return fault

    def take_fault(self, method: str, path: str) -> Fault | None:
        """The injected failure for this request, if any (counted down)."""
        for fault in self.faults:
            if fault.times > 0 and fault.method == method and fault.path.search(path):
                fault.times -= 1
                if fault.times == 0:
                    self.faults.remove(fault)
                return fault
        return None

    # ------------------------------------------------------------------ lookups
    @property
    def guild(self) -> FakeGuild:
        """The first guild (the default world's only guild)."""
        return next(iter(self.guilds.values()))

    def user(self, username: str) -> FakeUser:
        for user in self.users.values():
            if user.username == username:
                return user
        raise LookupError(f"no user {username!r}")

    def channel(self, name: str) -> FakeChannel:
        """A text channel or thread by name (the newest one if several threads share it)."""
        for channel in reversed(list(self.channels.values())):
            if channel.name == name and not channel.deleted:
                return channel
        raise LookupError(f"no channel {name!r}")

    def get_channel(self, channel_id: int) -> FakeChannel:
        channel = self.channels.get(int(channel_id))
        if channel is None or channel.deleted:
            raise ApiError(404, 10003, "Unknown Channel")
        return channel

    def get_message(self, channel_id: int, message_id: int) -> FakeMessage:
        msg = self.messages.get(int(message_id))
        if msg is None or msg.deleted or msg.channel_id != int(channel_id):
            raise ApiError(404, 10008, "Unknown Message")
        return msg

    def messages_in(self, channel: FakeChannel | int, *, include_ephemeral: bool = False) -> list[FakeMessage]:
        """Live messages of a channel or thread, oldest first (ephemeral ones only on request)."""
        cid = channel if isinstance(channel, int) else channel.id
        return [
            m
            for m in self.messages.values()
            if m.channel_id == cid and not m.deleted and (include_ephemeral or not m.ephemeral)
        ]

    def last_message(self, channel: FakeChannel | int) -> FakeMessage:
        messages = self.messages_in(channel)
        if not messages:
            raise LookupError(f"no messages in {channel}")
        return messages[-1]

    def threads_of(self, channel: FakeChannel | int) -> list[FakeChannel]:
        cid = channel if isinstance(channel, int) else channel.id
        return [c for c in self.channels.values() if c.parent_id == cid and not c.deleted]

    def dm_channel(self, user: FakeUser) -> FakeChannel | None:
        for channel in self.channels.values():
            if channel.type == DM and channel.recipient_ids == [user.id]:
                return channel
        return None

    def open_dm(self, user: FakeUser) -> FakeChannel:
        """The DM channel between the bot and ``user`` (created on first use, like POST /users/@me/channels)."""
        channel = self.dm_channel(user)
        if channel is None:
            channel = FakeChannel(self.snowflake(), DM, recipient_ids=[user.id])
            self.channels[channel.id] = channel
        return channel

    def commands_for(self, guild: FakeGuild | None = None) -> list[JSON]:
        """The last synced commands, global (``guild=None``) or for one guild, with fake ids."""
        return self.commands.get(guild.id if guild else None, [])

    # ------------------------------------------------------------------ payloads
    def guild_of(self, channel: FakeChannel) -> FakeGuild | None:
        return self.guilds.get(channel.guild_id) if channel.guild_id else None

    def channel_payload(self, channel: FakeChannel, *, with_member: bool = True) -> JSON:
        if channel.type == DM:
            return {
                "id": str(channel.id),
                "type": DM,
                "last_message_id": str(channel.last_message_id) if channel.last_message_id else None,
                "flags": 0,
                "recipients": [self.users[u].to_payload() for u in channel.recipient_ids],
            }
        data: JSON = {
            "id": str(channel.id),
            "type": channel.type,
            "guild_id": str(channel.guild_id),
            "name": channel.name,
            "last_message_id": str(channel.last_message_id) if channel.last_message_id else None,
            "rate_limit_per_user": 0,
            "flags": 0,
            "nsfw": False,
        }
        if channel.is_thread:
            data.update(
                parent_id=str(channel.parent_id),
                owner_id=str(channel.owner_id),
                message_count=channel.message_count,
                total_message_sent=channel.message_count,
                member_count=min(len(channel.member_ids), 50),
                applied_tags=[],
                thread_metadata={
                    "archived": channel.archived,
                    "auto_archive_duration": channel.auto_archive_duration,
                    "archive_timestamp": channel.created_at,
                    "locked": channel.locked,
                    "invitable": channel.invitable,
                    "create_timestamp": channel.created_at,
                },
            )
            if with_member and self.bot_user.id in channel.member_ids:
                data["member"] = self.thread_member_payload(channel, self.bot_user.id, with_ids=True)
        else:
            data.update(
                position=channel.position,
                permission_overwrites=[],
                parent_id=None,
                topic=channel.topic,
                default_auto_archive_duration=1440,
                default_thread_rate_limit_per_user=0,
            )
        return data

    def thread_member_payload(self, thread: FakeChannel, user_id: int, *, with_ids: bool = True) -> JSON:
        data: JSON = {"join_timestamp": thread.created_at, "flags": 1}
        if with_ids:
            data.update(id=str(thread.id), user_id=str(user_id))
        return data

    def member_payload(self, guild: FakeGuild, user: FakeUser, *, with_permissions: bool = False) -> JSON:
        member = guild.members.get(user.id)
        if member is None:
            raise ApiError(404, 10007, "Unknown Member")
        return member.to_payload(guild.permissions_of(user.id) if with_permissions else None)

    def guild_payload(self, guild: FakeGuild) -> JSON:
        return {
            "id": str(guild.id),
            "name": guild.name,
            "icon": None,
            "splash": None,
            "discovery_splash": None,
            "banner": None,
            "description": None,
            "owner_id": str(guild.owner_id),
            "afk_channel_id": None,
            "afk_timeout": 300,
            "verification_level": 0,
            "default_message_notifications": 0,
            "explicit_content_filter": 0,
            "mfa_level": 0,
            "nsfw_level": 0,
            "premium_tier": 0,
            "premium_subscription_count": 0,
            "premium_progress_bar_enabled": False,
            "system_channel_id": None,
            "system_channel_flags": 0,
            "rules_channel_id": None,
            "public_updates_channel_id": None,
            "safety_alerts_channel_id": None,
            "vanity_url_code": None,
            "preferred_locale": guild.preferred_locale,
            "max_members": 500000,
            "max_video_channel_users": 25,
            "roles": [r.to_payload() for r in guild.roles],
            "emojis": [],
            "stickers": [],
            "features": [],
            "application_id": None,
            "incidents_data": None,
        }

    def guild_create_payload(self, guild: FakeGuild) -> JSON:
        channels = [self.channels[c] for c in guild.channel_ids if not self.channels[c].deleted]
        threads = [
            c
            for c in self.channels.values()
            if c.guild_id == guild.id and c.is_thread and not c.deleted and not c.archived
        ]
        data = self.guild_payload(guild)
        data.update(
            unavailable=False,
            large=False,
            lazy=True,
            joined_at=guild.joined_at,
            member_count=len(guild.members),
            members=[m.to_payload() for m in guild.members.values()],
            channels=[self.channel_payload(c) for c in channels],
            threads=[self.channel_payload(t) for t in threads],
            voice_states=[],
            presences=[],
            stage_instances=[],
            guild_scheduled_events=[],
            soundboard_sounds=[],
            embedded_activities=[],
        )
        return data

    def message_payload(self, msg: FakeMessage, *, gateway: bool = False) -> JSON:
        data: JSON = {
            "id": str(msg.id),
            "channel_id": str(msg.channel_id),
            "type": msg.type,
            "content": msg.content,
            "author": msg.author.to_payload(),
            "attachments": [a.to_payload() for a in msg.attachments],
            "embeds": msg.embeds,
            "components": msg.components,
            "mentions": [self.users[u].to_payload() for u in msg.mention_ids if u in self.users],
            "mention_roles": [str(r) for r in sorted(msg.pings.roles)],
            "mention_everyone": msg.pings.everyone,
            "pinned": False,
            "tts": msg.tts,
            "flags": msg.flags,
            "timestamp": msg.timestamp,
            "edited_timestamp": msg.edited_timestamp,
        }
        if msg.nonce is not None:
            data["nonce"] = msg.nonce
        if msg.webhook_id is not None:
            data["webhook_id"] = str(msg.webhook_id)
        if msg.application_id is not None:
            data["application_id"] = str(msg.application_id)
        if msg.interaction_metadata is not None:
            data["interaction_metadata"] = msg.interaction_metadata
        if msg.interaction is not None:
            data["interaction"] = msg.interaction
        if msg.message_reference is not None:
            data["message_reference"] = msg.message_reference
        if msg.thread_id is not None and msg.thread_id in self.channels:
            data["thread"] = self.channel_payload(self.channels[msg.thread_id])
        channel = self.channels.get(msg.channel_id)
        if channel is not None and channel.is_thread:
            data["position"] = max(channel.message_count - 1, 0)
        if gateway and msg.guild_id is not None:
            data["guild_id"] = str(msg.guild_id)
            guild = self.guilds[msg.guild_id]
            member = guild.members.get(msg.author.id)
            if member is not None and msg.webhook_id is None:
                member_data = member.to_payload()
                member_data.pop("user")
                data["member"] = member_data
        return data

    # ------------------------------------------------------------------ lifecycle
    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def api_base(self) -> str:
        return f"{self.base_url}/api/v10"

    @property
    def gateway_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/gateway"

    async def start(self) -> None:
        from .oauth import install as install_oauth
        from .rest import build_app

        app = build_app(self)
        self.oauth = install_oauth(self, app)  # OAuth2 (the web sign-in): /oauth2/authorize, /oauth2/token, @me
        self._runner = web.AppRunner(app, handle_signals=False, access_log=None)
        await self._runner.setup()
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.bind(("127.0.0.1", 0))
        self.port = sock.getsockname()[1]
        await web.SockSite(self._runner, sock).start()

    async def stop(self) -> None:
        await self.gateway.close_all()
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    async def __aenter__(self) -> FakeDiscord:
        await self.start()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.stop()

    # ------------------------------------------------------------------ waiting
    def notify(self) -> None:
        """Wake every ``wait_until`` (called after each state change)."""
        self._changed.set()
        self._changed = asyncio.Event()

    async def wait_until(self, predicate: Callable[[], T | None], timeout: float = WAIT, what: str = "condition") -> T:
        """Return ``predicate()`` as soon as it is truthy; TimeoutError after ``timeout`` seconds."""
        loop = asyncio.get_running_loop()
        end = loop.time() + timeout
        while True:
            result = predicate()
            if result:
                return result
            remaining = end - loop.time()
            if remaining <= 0:
                recent = [f"{r.method} {r.path} -> {r.status}" for r in self.requests[-8:]]
                raise TimeoutError(
                    f"fake discord: timed out after {timeout}s waiting for {what}; last requests: {recent}"
                )
            event = self._changed
            try:
                await asyncio.wait_for(event.wait(), remaining)
            except TimeoutError:
                continue

    async def wait_for_message(
        self, channel: FakeChannel | int, predicate: Callable[[FakeMessage], bool] | None = None, timeout: float = WAIT
    ) -> FakeMessage:
        """The newest live message in ``channel`` matching ``predicate`` (waits for it)."""

        def find() -> FakeMessage | None:
            for msg in reversed(self.messages_in(channel, include_ephemeral=True)):
                if predicate is None or predicate(msg):
                    return msg
            return None

        return await self.wait_until(find, timeout, f"a message in {channel}")

    async def wait_for_thread(self, parent: FakeChannel, name: str | None = None, timeout: float = WAIT) -> FakeChannel:
        def find() -> FakeChannel | None:
            for thread in reversed(self.threads_of(parent)):
                if name is None or thread.name == name:
                    return thread
            return None

        return await self.wait_until(find, timeout, f"thread {name!r} under {parent}")

    # ------------------------------------------------------------------ gateway helpers
    async def dispatch(self, event: str, data: Any) -> None:
        """Send a raw gateway DISPATCH to every identified session."""
        await self.gateway.dispatch(event, data)

    async def reconnect_clients(self, timeout: float = WAIT) -> None:
        """Send op 7 RECONNECT; return when every session has resumed."""
        before = {s.session_id: s.resumes for s in self.gateway.live_sessions}
        await self.gateway.request_reconnect()

        def resumed() -> bool:
            sessions = self.gateway.sessions
            return all(
                sid in sessions and sessions[sid].resumes > n and sessions[sid].connected for sid, n in before.items()
            )

        await self.wait_until(resumed, timeout, "clients to resume")

    # ------------------------------------------------------------------ message operations
    def _attachments(
        self, channel_id: int, specs: list[JSON] | None, files: list[RawFile], existing: list[FakeAttachment]
    ) -> list[FakeAttachment]:
        by_index = {f.index: f for f in files}
        result: list[FakeAttachment] = []
        if specs is None:
            specs = [{"id": f.index} for f in files]
            specs = [*({"id": str(a.id)} for a in existing), *specs]
        for spec in specs:
            raw_id = spec.get("id")
            old = next((a for a in existing if str(a.id) == str(raw_id)), None)
            if old is not None:
                result.append(old)
                continue
            raw = by_index.get(int(raw_id)) if raw_id is not None and str(raw_id).isdigit() else None
            if raw is None:
                raise ApiError(
                    400,
                    50035,
                    "Invalid Form Body",
                    {
                        "attachments": {
                            "_errors": [{"code": "ATTACHMENT_NOT_FOUND", "message": f"Unknown attachment {raw_id!r}"}]
                        }
                    },
                )
            description = spec.get("description")
            if description is not None and not 0 < len(str(description)) <= ATTACHMENT_DESCRIPTION_MAX:
                raise ApiError(400, 50035, "Invalid Form Body", {"attachments": {str(raw_id): {"description": {
                    "_errors": [{"code": "BASE_TYPE_BAD_LENGTH",
                                 "message": f"Must be between 1 and {ATTACHMENT_DESCRIPTION_MAX} in length."}]}}}})
            att_id = self.snowflake()
            filename = str(spec.get("filename") or raw.filename)
            result.append(
                FakeAttachment(
                    att_id,
                    filename,
                    raw.data,
                    raw.content_type,
                    spec.get("description"),
                    f"{self.base_url}/attachments/{channel_id}/{att_id}/{filename}",
                )
            )
        return result

    async def create_message(
        self,
        channel: FakeChannel,
        author: FakeUser,
        data: JSON,
        files: Sequence[RawFile] = (),
        *,
        interaction: InteractionHandle | None = None,
        message_type: int = 0,
        loading: bool = False,
    ) -> FakeMessage:
        """Validate and store a message, then dispatch MESSAGE_CREATE (never for ephemeral ones).

        With ``enforce_nonce`` and a nonce this author used within NONCE_WINDOW_S, the message created then is
        returned and nothing new is created or dispatched (Discord's duplicate protection)."""
        validate_message(data, has_files=bool(files), allow_empty=loading)
        nonce_key = None
        if data.get("enforce_nonce") and data.get("nonce") is not None:
            nonce_key = (author.id, str(data["nonce"]))
            seen = self.nonces.get(nonce_key)
            if seen is not None and time.monotonic() - seen[1] < NONCE_WINDOW_S and seen[0] in self.messages:
                self.nonce_hits += 1
                return self.messages[seen[0]]
        flags = int(data.get("flags") or 0)
        allowed_flags = FLAG_SUPPRESS_EMBEDS | FLAG_SUPPRESS_NOTIFICATIONS | (1 << 15)
        if interaction is not None:
            allowed_flags |= FLAG_EPHEMERAL
        if flags & ~allowed_flags:
            raise ApiError(
                400,
                50035,
                "Invalid Form Body",
                {"flags": {"_errors": [{"code": "MESSAGE_FLAGS_INVALID", "message": f"Invalid flags {flags}"}]}},
            )
        if loading:
            flags |= FLAG_LOADING
        if interaction is None:  # an interaction's answer is not a post of the bot's (its permissions do not apply)
            self._check_can_post(channel, author)
        if channel.is_thread and channel.archived:
            channel.archived = False  # a post reopens an archived thread that is not locked
            await self.gateway.dispatch("THREAD_UPDATE", self.channel_payload(channel))
        msg_id = self.snowflake()
        msg = FakeMessage(
            id=msg_id,
            channel_id=channel.id,
            author=author,
            content=str(data.get("content") or ""),
            embeds=list(data.get("embeds") or []),
            components=list(data.get("components") or []),
            flags=flags,
            type=message_type,
            guild_id=channel.guild_id,
            allowed_mentions=data.get("allowed_mentions"),
            message_reference=data.get("message_reference"),
            tts=bool(data.get("tts", False)),
            nonce=data.get("nonce"),
        )
        msg.attachments = self._attachments(channel.id, data.get("attachments"), list(files), [])
        if interaction is not None:
            self._stamp(msg, interaction)
            if msg.ephemeral:
                msg.visible_to = interaction.user.id
                for att in msg.attachments:
                    att.ephemeral = True
        self.messages[msg.id] = msg
        if nonce_key is not None:
            self.nonces[nonce_key] = (msg.id, time.monotonic())
        if not msg.ephemeral:
            channel.last_message_id = msg.id
            if channel.is_thread:
                channel.message_count += 1
            await self.gateway.dispatch("MESSAGE_CREATE", self.message_payload(msg, gateway=True))
        self.notify()
        return msg

    def _check_can_post(self, channel: FakeChannel, author: FakeUser) -> None:
        """Refuse a post as Discord does: a DM to a user whose DMs are closed (403, 50007); an archived and
        locked thread (400, 50083); a locked thread for an author without Manage Threads (403, 160005); a
        channel whose overwrite denies the author (403, 50013)."""
        if channel.is_dm:
            if author.id == self.bot_user.id and any(self.users[u].dms_closed for u in channel.recipient_ids
                                                     if u in self.users):
                raise ApiError(403, 50007, "Cannot send messages to this user")
            return
        if author.id in channel.send_denied or (
            channel.is_thread and channel.parent_id is not None
            and author.id in self.channels[channel.parent_id].send_denied
        ):
            raise ApiError(403, 50013, "Missing Permissions")
        if channel.is_thread and channel.locked:
            if channel.archived:
                raise ApiError(400, 50083, "Thread is archived")
            guild = self.guild_of(channel)
            if guild is None or not guild.permissions_of(author.id) & (MANAGE_THREADS | ADMINISTRATOR):
                raise ApiError(403, 160005, "Thread is locked")

    def _stamp(self, msg: FakeMessage, handle: InteractionHandle) -> None:
        """Stamp interaction_metadata and the deprecated interaction, as real Discord does."""
        owners = {"0": str(handle.channel.guild_id)} if handle.channel.guild_id else {"1": str(handle.user.id)}
        metadata: JSON = {
            "id": str(handle.id),
            "type": handle.type,
            "user": handle.user.to_payload(),
            "authorizing_integration_owners": owners,
        }
        if handle.type == APPLICATION_COMMAND:
            metadata["name"] = handle.name
        if handle.message is not None:
            metadata["interacted_message_id"] = str(handle.message.id)
        if handle.original_id is not None:
            metadata["original_response_message_id"] = str(handle.original_id)
        msg.interaction_metadata = metadata
        msg.interaction = {
            "id": str(handle.id),
            "type": handle.type,
            "name": handle.name,
            "user": handle.user.to_payload(),
        }
        msg.webhook_id = self.application_id
        msg.application_id = self.application_id

    async def edit_message(self, msg: FakeMessage, data: JSON, files: Sequence[RawFile] = ()) -> FakeMessage:
        """Apply a PATCH body (absent fields stay), clear LOADING, dispatch MESSAGE_UPDATE."""
        merged = {
            "content": data.get("content", msg.content),
            "embeds": data.get("embeds", msg.embeds),
            "components": data.get("components", msg.components),
            "flags": msg.flags & ~(FLAG_LOADING | FLAG_EPHEMERAL),
        }
        if "flags" in data and data["flags"] is not None:
            merged["flags"] = int(data["flags"]) & ~FLAG_EPHEMERAL
        validate_message(merged, has_files=bool(files) or bool(msg.attachments))
        if "attachments" in data or files:
            msg.attachments = self._attachments(msg.channel_id, data.get("attachments"), list(files), msg.attachments)
        msg.content = str(merged["content"] or "")
        msg.embeds = list(merged["embeds"] or [])
        msg.components = list(merged["components"] or [])
        msg.flags = int(merged["flags"]) | (msg.flags & FLAG_EPHEMERAL)
        if "allowed_mentions" in data:
            msg.allowed_mentions = data["allowed_mentions"]
        msg.edited_timestamp = iso()
        msg.edits += 1
        if not msg.ephemeral:
            await self.gateway.dispatch("MESSAGE_UPDATE", self.message_payload(msg, gateway=True))
        self.notify()
        return msg

    async def delete_message(self, msg: FakeMessage) -> None:
        msg.deleted = True
        if not msg.ephemeral:
            payload: JSON = {"id": str(msg.id), "channel_id": str(msg.channel_id)}
            if msg.guild_id:
                payload["guild_id"] = str(msg.guild_id)
            await self.gateway.dispatch("MESSAGE_DELETE", payload)
        self.notify()

    async def create_thread(
        self,
        parent: FakeChannel,
        name: str,
        *,
        owner: FakeUser,
        thread_type: int = PUBLIC_THREAD,
        from_message: FakeMessage | None = None,
        auto_archive_duration: int = 1440,
        invitable: bool = True,
    ) -> FakeChannel:
        """Create a thread, dispatch THREAD_CREATE and THREAD_MEMBERS_UPDATE (the owner joins)."""
        if parent.type != GUILD_TEXT:
            raise ApiError(400, 50024, "Cannot execute action on this channel type")
        if not 1 <= len(name) <= 100:
            raise ApiError(
                400,
                50035,
                "Invalid Form Body",
                {
                    "name": {
                        "_errors": [{"code": "BASE_TYPE_BAD_LENGTH", "message": "Must be between 1 and 100 in length."}]
                    }
                },
            )
        thread_id = from_message.id if from_message is not None else self.snowflake()
        if thread_id in self.channels:
            raise ApiError(400, 160004, "A thread has already been created for this message")
        thread = FakeChannel(
            thread_id,
            thread_type,
            name,
            parent.guild_id,
            parent_id=parent.id,
            owner_id=owner.id,
            invitable=invitable,
            auto_archive_duration=auto_archive_duration,
            member_ids=[owner.id],
        )
        self.channels[thread.id] = thread
        if from_message is not None:
            from_message.thread_id = thread.id
        payload = self.channel_payload(thread)
        payload["newly_created"] = True
        await self.gateway.dispatch("THREAD_CREATE", payload)
        await self.gateway.dispatch(
            "THREAD_MEMBERS_UPDATE",
            {
                "id": str(thread.id),
                "guild_id": str(thread.guild_id),
                "member_count": len(thread.member_ids),
                "added_members": [self.thread_member_payload(thread, owner.id)],
            },
        )
        self.notify()
        return thread

    async def update_thread(self, thread: FakeChannel, *, archived: bool | None = None,
                            locked: bool | None = None) -> None:
        """A moderator (or Discord's auto-archive) changes a thread: THREAD_UPDATE is dispatched.  An archived
        thread is left out of GUILD_CREATE (and so of a restarted client's cache) but stays fetchable by id."""
        if archived is not None:
            thread.archived = archived
        if locked is not None:
            thread.locked = locked
        await self.gateway.dispatch("THREAD_UPDATE", self.channel_payload(thread))
        self.notify()

    async def delete_thread(self, thread: FakeChannel) -> None:
        """A moderator deletes a thread: THREAD_DELETE; from then on it answers 404 (code 10003)."""
        thread.deleted = True
        await self.gateway.dispatch("THREAD_DELETE", {"id": str(thread.id), "guild_id": str(thread.guild_id),
                                                      "parent_id": str(thread.parent_id), "type": thread.type})
        self.notify()

    async def add_thread_member(self, thread: FakeChannel, user: FakeUser) -> None:
        if user.id in thread.member_ids:
            return
        thread.member_ids.append(user.id)
        guild = self.guilds[thread.guild_id] if thread.guild_id else None
        added = self.thread_member_payload(thread, user.id)
        if guild is not None and user.id in guild.members:
            added["member"] = guild.members[user.id].to_payload()
        await self.gateway.dispatch(
            "THREAD_MEMBERS_UPDATE",
            {
                "id": str(thread.id),
                "guild_id": str(thread.guild_id),
                "member_count": len(thread.member_ids),
                "added_members": [added],
            },
        )
        self.notify()

    async def remove_thread_member(self, thread: FakeChannel, user_id: int) -> None:
        if user_id not in thread.member_ids:
            return
        thread.member_ids.remove(user_id)
        await self.gateway.dispatch(
            "THREAD_MEMBERS_UPDATE",
            {
                "id": str(thread.id),
                "guild_id": str(thread.guild_id),
                "member_count": len(thread.member_ids),
                "removed_member_ids": [str(user_id)],
            },
        )
        self.notify()

    async def post_message(self, user: FakeUser, channel: FakeChannel, content: str, **extra: Any) -> FakeMessage:
        """A human posts a message (dispatches MESSAGE_CREATE)."""
        return await self.create_message(channel, user, {"content": content, **extra})

    # ------------------------------------------------------------------ interactions: dispatch
    def _interaction_base(
        self, itype: int, user: FakeUser, channel: FakeChannel, locale: str | None, guild_locale: str | None
    ) -> tuple[int, str, JSON]:
        iid = self.snowflake()
        token = f"itoken-{iid}-{secrets.token_hex(12)}"
        payload: JSON = {
            "id": str(iid),
            "application_id": str(self.application_id),
            "type": itype,
            "token": token,
            "version": 1,
            "locale": locale or user.locale,
            "entitlements": [],
            "entitlement_sku_ids": [],
            "attachment_size_limit": ATTACHMENT_SIZE_LIMIT,
            "channel_id": str(channel.id),
            "channel": self.channel_payload(channel, with_member=False),
        }
        guild = self.guild_of(channel)
        if guild is not None:
            payload.update(
                guild_id=str(guild.id),
                guild_locale=guild_locale or guild.preferred_locale,
                guild={"id": str(guild.id), "locale": guild.preferred_locale, "features": []},
                member=self.member_payload(guild, user, with_permissions=True),
                app_permissions=str(guild.permissions_of(self.bot_user.id)),
                authorizing_integration_owners={"0": str(guild.id)},
                context=0,
            )
        else:
            payload.update(
                user=user.to_payload(),
                app_permissions=str(EVERYONE_PERMISSIONS),
                authorizing_integration_owners={"0": str(user.id)},
                context=1,
            )
        return iid, token, payload

    async def _dispatch_interaction(self, handle: InteractionHandle) -> InteractionHandle:
        if not self.gateway.live_sessions:
            raise RuntimeError("fake discord: no bot is connected to the gateway; start a client first")
        self.interactions.append(handle)
        self._by_token[handle.token] = handle
        handle.dispatched_at = asyncio.get_running_loop().time()
        await self.gateway.dispatch("INTERACTION_CREATE", handle.payload)
        return handle

    def _find_command(self, name: str, guild_id: int | None) -> tuple[JSON | None, int | None]:
        if guild_id is not None:
            for cmd in self.commands.get(guild_id, []):
                if cmd["name"] == name and cmd.get("type", 1) == 1:
                    return cmd, guild_id
        for cmd in self.commands.get(None, []):
            if cmd["name"] == name and cmd.get("type", 1) == 1:
                return cmd, None
        return None, None

    def _check_member_permissions(self, user: FakeUser, channel: FakeChannel, name: str) -> None:
        """Discord's client does not offer a command to a member without its ``default_member_permissions`` (a
        server may open it to more members in its Integrations settings: set ``client_checks`` False for that)."""
        definition, _ = self._find_command(name, channel.guild_id)
        guild = self.guild_of(channel)
        required = definition.get("default_member_permissions") if definition else None
        if not self.client_checks or guild is None or required is None:
            return
        if guild.permissions_of(user.id) & int(required) != int(required):
            raise ClientRefusal(f"/{name} needs permissions {required}: Discord does not offer it to {user.username}")

    def _build_options(
        self, definitions: list[JSON] | None, options: Mapping[str, Any] | Sequence[JSON] | None, resolved: JSON
    ) -> list[JSON]:
        if options is None:
            return []
        if not isinstance(options, Mapping):
            return [dict(o) for o in options]
        defs = {d["name"]: d for d in definitions or []}
        result: list[JSON] = []
        for name, value in options.items():
            definition = defs.get(name)
            otype = int(definition["type"]) if definition else option_type_for(value)
            if definition is not None and self.client_checks:
                check_option_value(definition, value)
            if isinstance(value, FakeUser):
                resolved.setdefault("users", {})[str(value.id)] = value.to_payload()
                guild = next((g for g in self.guilds.values() if value.id in g.members), None)
                if guild is not None:
                    member = guild.members[value.id].to_payload(guild.permissions_of(value.id))
                    member.pop("user")
                    resolved.setdefault("members", {})[str(value.id)] = member
                value = str(value.id)
            elif isinstance(value, FakeChannel):
                channel_data = self.channel_payload(value, with_member=False)
                channel_data["permissions"] = str(EVERYONE_PERMISSIONS)
                resolved.setdefault("channels", {})[str(value.id)] = channel_data
                value = str(value.id)
            result.append({"name": name, "type": otype, "value": value})
        return result

    def _command_data(
        self,
        channel: FakeChannel,
        command: str,
        options: Mapping[str, Any] | Sequence[JSON] | None,
        subcommand: str | None,
        group: str | None,
    ) -> tuple[JSON, str, list[JSON]]:
        parts = command.split()
        name = parts[0]
        if len(parts) == 2:
            subcommand = parts[1]
        elif len(parts) == 3:
            group, subcommand = parts[1], parts[2]
        elif len(parts) > 3:
            raise ValueError(f"bad command path {command!r}")
        if group is not None and subcommand is None:
            raise ValueError("a subcommand group needs a subcommand")
        definition, synced_guild = self._find_command(name, channel.guild_id)
        level_defs: list[JSON] | None = definition.get("options") if definition else None
        for part in (group, subcommand):
            if part is not None and level_defs is not None:
                nxt = next((o for o in level_defs if o["name"] == part), None)
                level_defs = nxt.get("options") if nxt else None
        resolved: JSON = {}
        leaf = self._build_options(level_defs, options, resolved)
        top: list[JSON] = leaf
        if subcommand is not None:
            top = [{"name": subcommand, "type": 1, "options": leaf}]
            if group is not None:
                top = [{"name": group, "type": 2, "options": top}]
        data: JSON = {
            "id": str(definition["id"]) if definition else str(self.snowflake()),
            "name": name,
            "type": 1,
            "options": top,
        }
        if synced_guild is not None:
            data["guild_id"] = str(synced_guild)
        if resolved:
            data["resolved"] = resolved
        full_name = " ".join(p for p in (name, group, subcommand) if p)
        return data, full_name, leaf

    async def slash(
        self,
        user: FakeUser,
        channel: FakeChannel,
        command: str,
        options: Mapping[str, Any] | Sequence[JSON] | None = None,
        *,
        subcommand: str | None = None,
        group: str | None = None,
        locale: str | None = None,
        guild_locale: str | None = None,
    ) -> InteractionHandle:
        """Dispatch a chat-input command. ``command`` may be a path: "splendor new" / "splendor admin reset"."""
        self._check_member_permissions(user, channel, command.split()[0])
        iid, token, payload = self._interaction_base(APPLICATION_COMMAND, user, channel, locale, guild_locale)
        data, full_name, _ = self._command_data(channel, command, options, subcommand, group)
        payload["data"] = data
        handle = InteractionHandle(
            self, iid, token, APPLICATION_COMMAND, user, channel, payload["locale"], payload, name=full_name
        )
        return await self._dispatch_interaction(handle)

    async def autocomplete(
        self,
        user: FakeUser,
        channel: FakeChannel,
        command: str,
        focused: str,
        value: str | int | float,
        options: Mapping[str, Any] | None = None,
        *,
        subcommand: str | None = None,
        group: str | None = None,
        locale: str | None = None,
        timeout: float = WAIT,
    ) -> list[JSON]:
        """Dispatch an autocomplete for option ``focused`` typed as ``value``; return the bot's choices."""
        handle = await self.autocomplete_handle(
            user, channel, command, focused, value, options, subcommand=subcommand, group=group, locale=locale
        )
        record = await handle.accepted(timeout)
        if record.type != AUTOCOMPLETE_RESULT or handle.choices is None:
            raise AssertionError(f"autocomplete answered with callback type {record.type}")
        return handle.choices

    async def autocomplete_handle(
        self,
        user: FakeUser,
        channel: FakeChannel,
        command: str,
        focused: str,
        value: str | int | float,
        options: Mapping[str, Any] | None = None,
        *,
        subcommand: str | None = None,
        group: str | None = None,
        locale: str | None = None,
    ) -> InteractionHandle:
        iid, token, payload = self._interaction_base(AUTOCOMPLETE, user, channel, locale, None)
        data, full_name, leaf = self._command_data(channel, command, options, subcommand, group)
        definition, _ = self._find_command(full_name.split()[0], channel.guild_id)
        otype = 3 if isinstance(value, str) else option_type_for(value)
        if definition is not None:
            defs: list[JSON] = definition.get("options") or []
            for part in full_name.split()[1:]:
                defs = next((o.get("options") or [] for o in defs if o["name"] == part), [])
            found = next((o for o in defs if o["name"] == focused), None)
            if found is not None:
                otype = int(found["type"])
        leaf.append({"name": focused, "type": otype, "value": value, "focused": True})
        payload["data"] = data
        handle = InteractionHandle(
            self, iid, token, AUTOCOMPLETE, user, channel, payload["locale"], payload, name=full_name
        )
        return await self._dispatch_interaction(handle)

    def _resolve_message(self, message: FakeMessage | int) -> FakeMessage:
        msg = self.messages.get(message) if isinstance(message, int) else message
        if msg is None or msg.deleted:
            raise LookupError(f"fake discord: message {message!r} does not exist (or was deleted)")
        return msg

    async def _component(
        self, user: FakeUser, message: FakeMessage | int, custom_id: str, data: JSON, locale: str | None
    ) -> InteractionHandle:
        msg = self._resolve_message(message)
        if msg.visible_to is not None and msg.visible_to != user.id:
            raise AssertionError(f"{user} cannot see ephemeral message {msg.id}")
        channel = self.channels[msg.channel_id]
        iid, token, payload = self._interaction_base(MESSAGE_COMPONENT, user, channel, locale, None)
        payload["message"] = self.message_payload(msg, gateway=False)
        payload["data"] = {"custom_id": custom_id, **data}
        handle = InteractionHandle(
            self, iid, token, MESSAGE_COMPONENT, user, channel, payload["locale"], payload, name=custom_id, message=msg
        )
        return await self._dispatch_interaction(handle)

    async def click(
        self, user: FakeUser, message: FakeMessage | int, custom_id: str, *, locale: str | None = None
    ) -> InteractionHandle:
        """Click the button ``custom_id`` on ``message`` (it must exist there and be enabled)."""
        msg = self._resolve_message(message)
        comp = msg.component(custom_id)
        if comp.get("type") != 2:
            raise AssertionError(f"{custom_id!r} is not a button: {comp}")
        if comp.get("disabled"):
            raise AssertionError(f"button {custom_id!r} is disabled")
        extra: JSON = {"component_type": 2}
        if "id" in comp:
            extra["id"] = comp["id"]
        return await self._component(user, msg, custom_id, extra, locale)

    async def select(
        self,
        user: FakeUser,
        message: FakeMessage | int,
        custom_id: str,
        values: Sequence[str | FakeUser],
        *,
        locale: str | None = None,
    ) -> InteractionHandle:
        """Choose ``values`` in the select menu ``custom_id`` (string values, or users for a user select)."""
        msg = self._resolve_message(message)
        comp = msg.component(custom_id)
        ctype = int(comp.get("type", 0))
        if ctype not in (3, 5, 6, 7, 8):
            raise AssertionError(f"{custom_id!r} is not a select menu: {comp}")
        if comp.get("disabled"):
            raise AssertionError(f"select {custom_id!r} is disabled")
        low, high = int(comp.get("min_values", 1)), int(comp.get("max_values", 1))
        if not low <= len(values) <= high:
            raise AssertionError(f"select {custom_id!r} takes {low}..{high} values, got {len(values)}")
        resolved: JSON = {}
        raw_values: list[str] = []
        for value in values:
            if isinstance(value, FakeUser):
                resolved.setdefault("users", {})[str(value.id)] = value.to_payload()
                raw_values.append(str(value.id))
            else:
                raw_values.append(str(value))
        if ctype == 3:
            allowed = {o["value"] for o in comp.get("options") or []}
            unknown = [v for v in raw_values if v not in allowed]
            if unknown:
                raise AssertionError(f"values {unknown} are not options of {custom_id!r}: {sorted(allowed)}")
        extra: JSON = {"component_type": ctype, "values": raw_values}
        if resolved:
            extra["resolved"] = resolved
        return await self._component(user, msg, custom_id, extra, locale)

    async def submit_modal(
        self,
        user: FakeUser,
        opened_by: InteractionHandle,
        values: Mapping[str, str | Sequence[str]],
        *,
        locale: str | None = None,
    ) -> InteractionHandle:
        """Submit the modal that ``opened_by``'s response (callback type 9) showed, with ``values`` by custom_id."""
        modal = opened_by.modal
        if modal is None:
            raise AssertionError(f"{opened_by} did not open a modal")
        remaining = dict(values)

        def submitted(comp: JSON) -> JSON:
            cid = comp.get("custom_id")
            out: JSON = {"type": comp.get("type"), "custom_id": cid}
            if "id" in comp:
                out["id"] = comp["id"]
            if comp.get("type") == 4:
                value = remaining.pop(cid, None) if cid else None
                if value is None:
                    if comp.get("required", True):
                        raise AssertionError(f"required input {cid!r} of modal {modal.get('custom_id')!r} not given")
                    value = comp.get("value") or ""
                out["value"] = value
            else:
                chosen = remaining.pop(cid, []) if cid else []
                out["values"] = [chosen] if isinstance(chosen, str) else list(chosen)
            return out

        components: list[JSON] = []
        for top in modal.get("components") or []:
            if top.get("type") == 1:
                components.append({"type": 1, "components": [submitted(c) for c in top.get("components") or []]})
            elif top.get("type") == 18:
                label: JSON = {"type": 18, "component": submitted(top["component"])}
                if "id" in top:
                    label["id"] = top["id"]
                components.append(label)
            elif "id" in top:
                components.append({"type": top.get("type"), "id": top["id"]})
        if remaining:
            raise AssertionError(f"modal {modal.get('custom_id')!r} has no inputs {sorted(remaining)}")
        channel = opened_by.channel
        iid, token, payload = self._interaction_base(MODAL_SUBMIT, user, channel, locale, None)
        payload["data"] = {"custom_id": modal["custom_id"], "components": components}
        if opened_by.message is not None:
            payload["message"] = self.message_payload(opened_by.message)
        handle = InteractionHandle(
            self,
            iid,
            token,
            MODAL_SUBMIT,
            user,
            channel,
            payload["locale"],
            payload,
            name=str(modal["custom_id"]),
            message=opened_by.message,
        )
        return await self._dispatch_interaction(handle)

    # ------------------------------------------------------------------ interactions: responses
    def handle_for_token(self, token: str) -> InteractionHandle:
        handle = self._by_token.get(token)
        if handle is None:
            raise ApiError(404, 10015, "Unknown Webhook")
        return handle

    async def apply_callback(self, handle: InteractionHandle, record: CallbackRecord, files: list[RawFile]) -> JSON:
        """Carry out an accepted initial response; return the ``with_response`` body."""
        data = record.data
        message: FakeMessage | None = None
        if record.type in (CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE):
            message = await self.create_message(
                handle.channel,
                self.bot_user,
                data,
                files,
                interaction=handle,
                message_type=20 if handle.type == APPLICATION_COMMAND else 0,
                loading=record.type == DEFERRED_CHANNEL_MESSAGE,
            )
            handle.original_id = message.id
        elif record.type == DEFERRED_UPDATE_MESSAGE:
            if handle.message is not None:
                handle.original_id = handle.message.id
        elif record.type == UPDATE_MESSAGE:
            if handle.message is None:
                raise ApiError(400, 50035, "Invalid Form Body")
            message = await self.edit_message(handle.message, data, files)
            handle.original_id = message.id
        elif record.type == AUTOCOMPLETE_RESULT:
            choices = list(data.get("choices") or [])
            if len(choices) > 25 or any(not 1 <= len(str(c.get("name", ""))) <= 100 for c in choices):
                raise ApiError(
                    400,
                    50035,
                    "Invalid Form Body",
                    {
                        "choices": {
                            "_errors": [
                                {"code": "BASE_TYPE_BAD_LENGTH", "message": "25 choices max, names 1-100 chars"}
                            ]
                        }
                    },
                )
            handle.choices = choices
        elif record.type == MODAL:
            title = str(data.get("title") or "")
            if (
                not data.get("custom_id")
                or not 1 <= len(title) <= 45
                or not 1 <= len(data.get("components") or []) <= 5
            ):
                raise ApiError(
                    400,
                    50035,
                    "Invalid Form Body",
                    {
                        "_errors": [
                            {
                                "code": "MODAL_INVALID",
                                "message": "custom_id, title (1-45) and 1-5 components are required",
                            }
                        ]
                    },
                )
            handle.modal = data
        info: JSON = {"id": str(handle.id), "type": handle.type}
        resource: JSON = {"type": record.type}
        if message is not None:
            info.update(
                response_message_id=str(message.id),
                response_message_loading=message.loading,
                response_message_ephemeral=message.ephemeral,
            )
            resource["message"] = self.message_payload(message)
        return {"interaction": info, "resource": resource}

    async def create_followup(self, handle: InteractionHandle, data: JSON, files: list[RawFile]) -> FakeMessage:
        """POST /webhooks/{app}/{token}: the first followup after a type-5 defer fills the loading message."""
        original = handle.original
        if handle.response is None:
            raise ApiError(404, 10015, "Unknown Webhook")
        if original is not None and original.loading and not handle.followup_ids:
            edit = dict(data)
            edit.pop("flags", None)
            message = await self.edit_message(original, edit, files)
        else:
            flags = int(data.get("flags") or 0)
            message = await self.create_message(
                handle.channel, self.bot_user, {**data, "flags": flags}, files, interaction=handle
            )
        handle.followup_ids.append(message.id)
        self.notify()
        return message

    def webhook_message(self, handle: InteractionHandle, message_id: str) -> FakeMessage:
        if message_id == "@original":
            msg = handle.original
        elif int(message_id) == handle.original_id or int(message_id) in handle.followup_ids:
            msg = self.messages.get(int(message_id))
        else:
            msg = None
        if msg is None or msg.deleted:
            raise ApiError(404, 10008, "Unknown Message")
        return msg

    def message_bodies(self) -> list[tuple[RecordedRequest, JSON]]:
        """Every message body the bot sent, accepted or refused: channel posts and edits, interaction responses
        (their ``data``), followups and their edits, in order."""
        out: list[tuple[RecordedRequest, JSON]] = []
        for request in self.requests:
            body = request.json
            if not isinstance(body, dict) or request.method not in ("POST", "PATCH"):
                continue
            if request.path.startswith("/interactions/") and request.path.endswith("/callback"):
                if isinstance(body.get("data"), dict) and body.get("type") in (CHANNEL_MESSAGE, UPDATE_MESSAGE):
                    out.append((request, body["data"]))
            elif _MESSAGE_ROUTE.match(request.path):
                out.append((request, body))
        return out

    # ------------------------------------------------------------------ statistics
    @staticmethod
    def ack_stats(handles: Sequence[InteractionHandle]) -> AckStats:
        times = sorted(h.ack_seconds for h in handles if h.ack_seconds is not None)
        if not times:
            return AckStats(0, 0.0, 0.0, 0.0)
        p95 = times[min(len(times) - 1, round(0.95 * (len(times) - 1)))]
        return AckStats(len(times), times[len(times) // 2], p95, times[-1])


@dataclass(frozen=True)
class AckStats:
    count: int
    median: float
    p95: float
    max: float
