"""The fake's world: users, guilds, roles, members, channels, threads, messages, attachments.

Plain mutable dataclasses that the REST handlers change and the tests read. ``to_payload``
methods produce over-complete Discord JSON shapes (API v10), the way real Discord sends them.
"""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

# How long a test waits for the bot to do something before failing: a bound on hangs, not a speed goal.
# Generous, because on a loaded 2-core machine one board render can take seconds (an e2e run once
# timed out at 5 s under load 25).
WAIT = 30.0

JSON = dict[str, Any]

DISCORD_EPOCH_MS = 1_420_070_400_000

# Permission bits (https://discord.com/developers/docs/topics/permissions).
CREATE_INSTANT_INVITE = 1 << 0
ADMINISTRATOR = 1 << 3
MANAGE_CHANNELS = 1 << 4
ADD_REACTIONS = 1 << 6
VIEW_CHANNEL = 1 << 10
SEND_MESSAGES = 1 << 11
MANAGE_MESSAGES = 1 << 13
EMBED_LINKS = 1 << 14
ATTACH_FILES = 1 << 15
READ_MESSAGE_HISTORY = 1 << 16
MENTION_EVERYONE = 1 << 17
USE_EXTERNAL_EMOJIS = 1 << 18
USE_APPLICATION_COMMANDS = 1 << 31
MANAGE_THREADS = 1 << 34
CREATE_PUBLIC_THREADS = 1 << 35
CREATE_PRIVATE_THREADS = 1 << 36
SEND_MESSAGES_IN_THREADS = 1 << 38
ALL_PERMISSIONS = (1 << 51) - 1

EVERYONE_PERMISSIONS = (
    CREATE_INSTANT_INVITE
    | ADD_REACTIONS
    | VIEW_CHANNEL
    | SEND_MESSAGES
    | EMBED_LINKS
    | ATTACH_FILES
    | READ_MESSAGE_HISTORY
    | USE_EXTERNAL_EMOJIS
    | USE_APPLICATION_COMMANDS
    | CREATE_PUBLIC_THREADS
    | CREATE_PRIVATE_THREADS
    | SEND_MESSAGES_IN_THREADS
)
MODERATOR_PERMISSIONS = MANAGE_THREADS | MANAGE_MESSAGES
BOT_PERMISSIONS = EVERYONE_PERMISSIONS | MANAGE_THREADS | MANAGE_MESSAGES | MANAGE_CHANNELS

# Channel types.
GUILD_TEXT = 0
DM = 1
PUBLIC_THREAD = 11
PRIVATE_THREAD = 12
THREAD_TYPES = (10, PUBLIC_THREAD, PRIVATE_THREAD)

# Message flags.
FLAG_SUPPRESS_EMBEDS = 1 << 2
FLAG_EPHEMERAL = 1 << 6
FLAG_LOADING = 1 << 7
FLAG_SUPPRESS_NOTIFICATIONS = 1 << 12
FLAG_COMPONENTS_V2 = 1 << 15

_MENTION_RE = re.compile(r"<@!?(\d{15,21})>")
_EVERYONE_RE = re.compile(r"@(?:everyone|here)")
_ROLE_RE = re.compile(r"<@&(\d+)>")


@dataclass(frozen=True)
class Pings:
    """Whom a message notifies: what its content mentions, filtered by its ``allowed_mentions``."""

    everyone: bool
    roles: frozenset[int]
    users: frozenset[int]


def pings_of(content: str, allowed: JSON | None) -> Pings:
    """Discord's rule: without ``allowed_mentions`` every mention in the content notifies (``@everyone``/``@here``,
    roles, users); with it, only the kinds in ``parse`` and the ids listed.  Permissions are not considered: the
    answer is what happens for a bot with Mention Everyone (which Administrator includes)."""
    everyone = bool(_EVERYONE_RE.search(content))
    roles = {int(r) for r in _ROLE_RE.findall(content)}
    users = {int(u) for u in _MENTION_RE.findall(content)}
    if allowed is None:
        return Pings(everyone, frozenset(roles), frozenset(users))
    parse = set(allowed.get("parse") or [])
    return Pings(
        everyone and "everyone" in parse,
        frozenset(roles if "roles" in parse else roles & {int(r) for r in allowed.get("roles") or []}),
        frozenset(users if "users" in parse else users & {int(u) for u in allowed.get("users") or []}),
    )


def iso(dt: datetime | None = None) -> str:
    """An ISO-8601 timestamp as Discord writes it."""
    return (dt or datetime.now(UTC)).isoformat()


def snowflake_time(snowflake: int) -> datetime:
    return datetime.fromtimestamp(((snowflake >> 22) + DISCORD_EPOCH_MS) / 1000, tz=UTC)


class SnowflakeGenerator:
    """Time-based, strictly increasing snowflakes: ``(ms since 2015) << 22 | counter``."""

    def __init__(self) -> None:
        self._last = 0

    def __call__(self) -> int:
        now_ms = int(time.time() * 1000) - DISCORD_EPOCH_MS
        candidate = now_ms << 22
        self._last = max(candidate, self._last + 1)
        return self._last


@dataclass(eq=False)
class FakeUser:
    id: int
    username: str
    global_name: str | None = None
    bot: bool = False
    locale: str = "en-US"
    #: The user does not accept direct messages from the bot: a post in their DM channel is refused
    #: (403, code 50007), as Discord does when DMs from server members are off or the bot is blocked.
    dms_closed: bool = False

    @property
    def mention(self) -> str:
        return f"<@{self.id}>"

    def to_payload(self) -> JSON:
        data: JSON = {
            "id": str(self.id),
            "username": self.username,
            "discriminator": "0",
            "global_name": self.global_name or self.username,
            "avatar": None,
            "avatar_decoration_data": None,
            "banner": None,
            "accent_color": None,
            "public_flags": 0,
            "flags": 0,
            "primary_guild": None,
            "collectibles": None,
        }
        if self.bot:
            data["bot"] = True
        return data

    def __repr__(self) -> str:
        return f"<FakeUser {self.username} id={self.id}>"


@dataclass(eq=False)
class FakeRole:
    id: int
    name: str
    permissions: int
    position: int = 0

    def to_payload(self) -> JSON:
        return {
            "id": str(self.id),
            "name": self.name,
            "description": None,
            "color": 0,
            "colors": {"primary_color": 0, "secondary_color": None, "tertiary_color": None},
            "hoist": False,
            "icon": None,
            "unicode_emoji": None,
            "position": self.position,
            "permissions": str(self.permissions),
            "managed": False,
            "mentionable": False,
            "flags": 0,
        }


@dataclass(eq=False)
class FakeMember:
    user: FakeUser
    role_ids: list[int] = field(default_factory=list)
    nick: str | None = None
    joined_at: str = field(default_factory=iso)

    def to_payload(self, permissions: int | None = None) -> JSON:
        data: JSON = {
            "user": self.user.to_payload(),
            "roles": [str(r) for r in self.role_ids],
            "nick": self.nick,
            "avatar": None,
            "banner": None,
            "joined_at": self.joined_at,
            "premium_since": None,
            "deaf": False,
            "mute": False,
            "flags": 0,
            "pending": False,
            "communication_disabled_until": None,
        }
        if permissions is not None:
            data["permissions"] = str(permissions)
        return data


@dataclass(eq=False)
class FakeChannel:
    """A guild text channel, a thread (``parent_id`` set) or a DM channel."""

    id: int
    type: int
    name: str | None = None
    guild_id: int | None = None
    parent_id: int | None = None
    owner_id: int | None = None
    position: int = 0
    topic: str | None = None
    recipient_ids: list[int] = field(default_factory=list)
    # Thread state.
    archived: bool = False
    locked: bool = False
    invitable: bool = True
    auto_archive_duration: int = 1440
    member_ids: list[int] = field(default_factory=list)
    created_at: str = field(default_factory=iso)
    message_count: int = 0
    last_message_id: int | None = None
    deleted: bool = False
    #: Users a channel permission overwrite keeps from posting here (403, code 50013 Missing Permissions).
    send_denied: list[int] = field(default_factory=list)

    @property
    def is_thread(self) -> bool:
        return self.type in THREAD_TYPES

    @property
    def is_dm(self) -> bool:
        return self.type == DM

    @property
    def mention(self) -> str:
        return f"<#{self.id}>"

    def __repr__(self) -> str:
        return f"<FakeChannel {self.name or 'dm'} id={self.id} type={self.type}>"


@dataclass(eq=False)
class FakeGuild:
    id: int
    name: str
    owner_id: int
    roles: list[FakeRole] = field(default_factory=list)
    members: dict[int, FakeMember] = field(default_factory=dict)
    channel_ids: list[int] = field(default_factory=list)
    preferred_locale: str = "en-US"
    joined_at: str = field(default_factory=iso)

    @property
    def everyone(self) -> FakeRole:
        return self.roles[0]

    def role(self, name: str) -> FakeRole:
        for role in self.roles:
            if role.name == name:
                return role
        raise LookupError(f"no role {name!r} in guild {self.name!r}")

    def permissions_of(self, user_id: int) -> int:
        """Guild-level permissions (channel overwrites are not modelled)."""
        if user_id == self.owner_id:
            return ALL_PERMISSIONS
        member = self.members.get(user_id)
        if member is None:
            return 0
        value = self.everyone.permissions
        for role in self.roles:
            if role.id in member.role_ids:
                value |= role.permissions
        return ALL_PERMISSIONS if value & ADMINISTRATOR else value


@dataclass(eq=False)
class FakeAttachment:
    id: int
    filename: str
    data: bytes
    content_type: str | None = None
    description: str | None = None
    url: str = ""
    ephemeral: bool = False

    @property
    def size(self) -> int:
        return len(self.data)

    def to_payload(self) -> JSON:
        payload: JSON = {
            "id": str(self.id),
            "filename": self.filename,
            "size": self.size,
            "url": self.url,
            "proxy_url": self.url,
            "content_type": self.content_type,
        }
        if self.description is not None:
            payload["description"] = self.description
        if self.ephemeral:
            payload["ephemeral"] = True
        return payload


def walk_components(components: list[JSON]) -> Iterator[JSON]:
    """Every component in a message, depth first (action rows, sections, containers, labels)."""
    for component in components:
        yield component
        yield from walk_components(component.get("components") or [])
        for key in ("accessory", "component"):
            child = component.get(key)
            if isinstance(child, dict):
                yield from walk_components([child])


@dataclass(eq=False)
class FakeMessage:
    id: int
    channel_id: int
    author: FakeUser
    content: str = ""
    embeds: list[JSON] = field(default_factory=list)
    components: list[JSON] = field(default_factory=list)
    attachments: list[FakeAttachment] = field(default_factory=list)
    flags: int = 0
    type: int = 0
    guild_id: int | None = None
    timestamp: str = field(default_factory=iso)
    edited_timestamp: str | None = None
    allowed_mentions: JSON | None = None
    message_reference: JSON | None = None
    interaction_metadata: JSON | None = None
    interaction: JSON | None = None
    webhook_id: int | None = None
    application_id: int | None = None
    tts: bool = False
    nonce: str | int | None = None
    thread_id: int | None = None
    visible_to: int | None = None  # ephemeral messages: the only user who sees them
    deleted: bool = False
    edits: int = 0

    # ----- reading helpers for tests -----
    @property
    def ephemeral(self) -> bool:
        return bool(self.flags & FLAG_EPHEMERAL)

    @property
    def loading(self) -> bool:
        return bool(self.flags & FLAG_LOADING)

    @property
    def mention_ids(self) -> list[int]:
        """User ids mentioned (``<@id>``) in the content, in order, without duplicates."""
        seen: list[int] = []
        for match in _MENTION_RE.finditer(self.content):
            uid = int(match.group(1))
            if uid not in seen:
                seen.append(uid)
        return seen

    @property
    def pings(self) -> Pings:
        return pings_of(self.content, self.allowed_mentions)

    @property
    def pinged_ids(self) -> list[int]:
        """The mentioned users that ``allowed_mentions`` lets Discord notify."""
        allowed = self.allowed_mentions
        if allowed is None:
            return self.mention_ids
        parse = allowed.get("parse") or []
        users = {int(u) for u in allowed.get("users") or []}
        return [u for u in self.mention_ids if "users" in parse or u in users]

    def all_components(self) -> list[JSON]:
        return list(walk_components(self.components))

    def custom_ids(self) -> list[str]:
        return [c["custom_id"] for c in self.all_components() if "custom_id" in c]

    def component(self, custom_id: str | None = None, *, label: str | None = None, prefix: str | None = None) -> JSON:
        """The first interactive component matching every given criterion (raises LookupError)."""
        for comp in self.all_components():
            cid = comp.get("custom_id")
            if cid is None:
                continue
            if custom_id is not None and cid != custom_id:
                continue
            if prefix is not None and not cid.startswith(prefix):
                continue
            if label is not None and comp.get("label") != label:
                continue
            return comp
        raise LookupError(
            f"no component custom_id={custom_id!r} label={label!r} prefix={prefix!r} in message {self.id}; "
            f"has {self.custom_ids()}"
        )

    def buttons(self) -> list[JSON]:
        return [c for c in self.all_components() if c.get("type") == 2]

    def text(self) -> str:
        """Content plus embed titles, descriptions and fields, for loose text assertions."""
        parts = [self.content]
        for embed in self.embeds:
            parts.extend(str(embed.get(k) or "") for k in ("title", "description"))
            for fld in embed.get("fields") or []:
                parts.extend((str(fld.get("name", "")), str(fld.get("value", ""))))
            footer = embed.get("footer") or {}
            parts.append(str(footer.get("text") or ""))
        for comp in self.all_components():
            if comp.get("type") == 10:  # text display (components v2)
                parts.append(str(comp.get("content") or ""))
        return "\n".join(p for p in parts if p)

    def attachment(self, filename: str) -> FakeAttachment:
        for att in self.attachments:
            if att.filename == filename:
                return att
        raise LookupError(
            f"no attachment {filename!r} in message {self.id}; has {[a.filename for a in self.attachments]}"
        )

    def __repr__(self) -> str:
        return (
            f"<FakeMessage id={self.id} channel={self.channel_id} author={self.author.username} {self.content[:40]!r}>"
        )
