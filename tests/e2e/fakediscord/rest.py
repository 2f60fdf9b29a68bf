"""REST routes under /api/v10 (plus /gateway and /attachments) and the recording middleware."""

from __future__ import annotations

import asyncio
import json
import logging
import re
from collections.abc import Awaitable, Callable
from typing import Any

from aiohttp import web

from .interactions import ALLOWED_CALLBACKS, CallbackRecord
from .models import GUILD_TEXT, JSON, PRIVATE_THREAD, PUBLIC_THREAD, FakeAttachment, FakeChannel
from .server import FakeDiscord, RawFile, RecordedRequest
from .validation import ApiError, validate_commands

log = logging.getLogger(__name__)

API = "/api/v10"
Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]
_UNAUTHENTICATED = re.compile(rf"^{API}/(webhooks|interactions)/")


def json_response(data: Any, status: int = 200) -> web.Response:
    # Exactly "application/json": discord.py compares the header verbatim (no charset).
    return web.Response(status=status, body=json.dumps(data).encode(), headers={"Content-Type": "application/json"})


class Rest:
    def __init__(self, fake: FakeDiscord) -> None:
        self.fake = fake
        self._records: dict[int, RecordedRequest] = {}  # id(request) -> record, while it is handled

    def record(self, request: web.Request) -> RecordedRequest:
        return self._records[id(request)]

    # ------------------------------------------------------------------ plumbing
    @web.middleware
    async def middleware(self, request: web.Request, handler: Handler) -> web.StreamResponse:
        if request.path.startswith("/gateway"):
            return await handler(request)
        path = request.path.removeprefix(API)
        record = RecordedRequest(request.method, path, dict(request.query))
        self._records[id(request)] = record
        self.fake.requests.append(record)
        fault = None
        try:
            if (
                request.match_info.get("tail") is None  # unknown routes are recorded as such, not as 401
                and request.path.startswith(API)
                and not _UNAUTHENTICATED.match(request.path)
                and request.headers.get("Authorization") != f"Bot {self.fake.token}"
            ):
                raise ApiError(401, 0, "401: Unauthorized")
            fault = self.fake.take_fault(request.method, path)
            if fault is not None and not fault.after_create:
                raise ApiError(fault.status, fault.code, fault.message)
            response = await handler(request)
            if fault is not None:  # it took effect; the answer is lost
                raise ApiError(fault.status, fault.code, fault.message)
        except ApiError as exc:
            log.info("fake discord: %s %s -> %s %s", request.method, path, exc.status, exc.code)
            record.response = exc.to_payload()
            response = json_response(record.response, exc.status)
            if fault is not None and exc.code == fault.code and exc.status == fault.status:
                record.response = fault.payload()
                response = json_response(record.response, exc.status)
                response.headers.update(fault.headers())
        finally:
            self._records.pop(id(request), None)
        record.status = response.status
        self.fake.notify()
        return response

    async def body(self, request: web.Request) -> tuple[Any, list[RawFile]]:
        """The JSON body, or the multipart payload_json plus files[n] parts."""
        record = self.record(request)
        files: list[RawFile] = []
        payload: Any = None
        if request.content_type.startswith("multipart/"):
            reader = await request.multipart()
            while (part := await reader.next()) is not None:
                name = getattr(part, "name", None) or ""
                if name == "payload_json":
                    payload = json.loads(await part.text())  # type: ignore[union-attr]
                elif name.startswith("files[") or name == "file":
                    index = int(name[6:-1]) if name.startswith("files[") else 0
                    data = await part.read()  # type: ignore[union-attr]
                    ctype = part.headers.get("Content-Type")
                    files.append(RawFile(index, getattr(part, "filename", None) or f"file{index}", ctype, bytes(data)))
                else:
                    self.fake.unexpected.append(f"multipart part {name!r} on {request.path}")
                    log.error("fake discord: unexpected multipart part %r", name)
        elif request.can_read_body:
            if request.content_type != "application/json":
                raise ApiError(
                    400, 50109, f"The request body contains invalid JSON (Content-Type {request.content_type})"
                )
            payload = json.loads(await request.text())
        record.json = payload
        record.files = files
        return payload, files

    def ok(self, request: web.Request, data: Any, status: int = 200) -> web.Response:
        self.record(request).response = data
        return json_response(data, status)

    @staticmethod
    def no_content() -> web.Response:
        return web.Response(status=204)

    def app_id(self, request: web.Request) -> None:
        if int(request.match_info["app_id"]) != self.fake.application_id:
            raise ApiError(404, 10002, "Unknown Application")

    # ------------------------------------------------------------------ login / gateway
    async def users_me(self, request: web.Request) -> web.Response:
        data = self.fake.bot_user.to_payload()
        data.update(verified=True, mfa_enabled=False, email=None, locale="en-US")
        return self.ok(request, data)

    async def application_me(self, request: web.Request) -> web.Response:
        fake = self.fake
        return self.ok(
            request,
            {
                "id": str(fake.application_id),
                "name": "Splendor",
                "icon": None,
                "description": "",
                "rpc_origins": [],
                "bot_public": True,
                "bot_require_code_grant": False,
                "bot": fake.bot_user.to_payload(),
                "terms_of_service_url": None,
                "privacy_policy_url": None,
                "owner": fake.users[fake.guild.owner_id].to_payload() if fake.guilds else fake.bot_user.to_payload(),
                "verify_key": "0" * 64,
                "team": None,
                "guild_id": None,
                "flags": 0,
                "tags": [],
                "install_params": None,
                "custom_install_url": None,
                "integration_types_config": {},
                "interactions_endpoint_url": None,
                "redirect_uris": [],
                "approximate_guild_count": len(fake.guilds),
            },
        )

    async def gateway_info(self, request: web.Request) -> web.Response:
        data: JSON = {"url": self.fake.gateway_url}
        if request.path.endswith("/bot"):
            data.update(
                shards=1,
                session_start_limit={"total": 1000, "remaining": 999, "reset_after": 0, "max_concurrency": 1},
            )
        return self.ok(request, data)

    # ------------------------------------------------------------------ application commands
    def _scope(self, request: web.Request) -> int | None:
        self.app_id(request)
        gid = request.match_info.get("guild_id")
        if gid is None:
            return None
        if int(gid) not in self.fake.guilds:
            raise ApiError(404, 10004, "Unknown Guild")
        return int(gid)

    def _stored_command(self, scope: int | None, payload: JSON) -> JSON:
        ctype = int(payload.get("type", 1))
        key = (scope, ctype, str(payload["name"]))
        cmd_id = self.fake._command_ids.setdefault(key, self.fake.snowflake())
        command: JSON = {
            "type": 1,
            "description": "",
            "options": [],
            "name_localizations": None,
            "description_localizations": None,
            "default_member_permissions": None,
            "dm_permission": True,
            "nsfw": False,
            "integration_types": [0],
            "contexts": None,
            **payload,
            "id": str(cmd_id),
            "application_id": str(self.fake.application_id),
            "version": str(self.fake.snowflake()),
        }
        if scope is not None:
            command["guild_id"] = str(scope)
        return command

    async def commands_get(self, request: web.Request) -> web.Response:
        return self.ok(request, self.fake.commands.get(self._scope(request), []))

    async def commands_put(self, request: web.Request) -> web.Response:
        scope = self._scope(request)
        payload, _ = await self.body(request)
        self.fake.command_syncs.append((scope, payload))
        validate_commands(payload)
        self.fake.activities.check_overwrite(scope, payload)
        stored = [self._stored_command(scope, c) for c in payload]
        self.fake.commands[scope] = stored
        return self.ok(request, stored)

    async def commands_post(self, request: web.Request) -> web.Response:
        scope = self._scope(request)
        payload, _ = await self.body(request)
        validate_commands([payload])
        stored = self._stored_command(scope, payload)
        current = [c for c in self.fake.commands.get(scope, []) if c["id"] != stored["id"]]
        self.fake.commands[scope] = [*current, stored]
        return self.ok(request, stored, 201)

    async def command_delete(self, request: web.Request) -> web.Response:
        scope = self._scope(request)
        cmd_id = request.match_info["command_id"]
        current = self.fake.commands.get(scope, [])
        if not any(c["id"] == cmd_id for c in current):
            raise ApiError(404, 10063, "Unknown application command")
        self.fake.commands[scope] = [c for c in current if c["id"] != cmd_id]
        return self.no_content()

    # ------------------------------------------------------------------ channels and messages
    def _channel(self, request: web.Request) -> FakeChannel:
        return self.fake.get_channel(int(request.match_info["channel_id"]))

    async def channel_get(self, request: web.Request) -> web.Response:
        return self.ok(request, self.fake.channel_payload(self._channel(request)))

    async def channel_patch(self, request: web.Request) -> web.Response:
        channel = self._channel(request)
        payload, _ = await self.body(request)
        payload = payload or {}
        if "name" in payload:
            channel.name = str(payload["name"])
        if "topic" in payload and not channel.is_thread:
            channel.topic = payload["topic"]
        for key in ("archived", "locked", "invitable"):
            if key in payload and channel.is_thread:
                setattr(channel, key, bool(payload[key]))
        if "auto_archive_duration" in payload and channel.is_thread:
            channel.auto_archive_duration = int(payload["auto_archive_duration"])
        data = self.fake.channel_payload(channel)
        await self.fake.dispatch("THREAD_UPDATE" if channel.is_thread else "CHANNEL_UPDATE", data)
        return self.ok(request, data)

    async def channel_delete(self, request: web.Request) -> web.Response:
        channel = self._channel(request)
        if channel.is_dm:
            raise ApiError(400, 50003, "Cannot execute action on a DM channel")
        channel.deleted = True
        data = self.fake.channel_payload(channel)
        if channel.is_thread:
            await self.fake.dispatch(
                "THREAD_DELETE",
                {
                    "id": str(channel.id),
                    "guild_id": str(channel.guild_id),
                    "parent_id": str(channel.parent_id),
                    "type": channel.type,
                },
            )
        else:
            await self.fake.dispatch("CHANNEL_DELETE", data)
        return self.ok(request, data)

    async def messages_get(self, request: web.Request) -> web.Response:
        channel = self._channel(request)
        limit = int(request.query.get("limit", "50"))
        messages = list(reversed(self.fake.messages_in(channel)))  # newest first
        if "before" in request.query:
            messages = [m for m in messages if m.id < int(request.query["before"])]
        if "after" in request.query:  # Discord: the `limit` messages right after it (still newest first)
            messages = [m for m in messages if m.id > int(request.query["after"])][-limit:]
        return self.ok(request, [self.fake.message_payload(m) for m in messages[:limit]])

    async def message_post(self, request: web.Request) -> web.Response:
        channel = self._channel(request)
        payload, files = await self.body(request)
        msg = await self.fake.create_message(channel, self.fake.bot_user, payload or {}, files)
        return self.ok(request, self.fake.message_payload(msg))

    async def message_get(self, request: web.Request) -> web.Response:
        msg = self.fake.get_message(int(request.match_info["channel_id"]), int(request.match_info["message_id"]))
        if msg.ephemeral:
            raise ApiError(404, 10008, "Unknown Message")
        return self.ok(request, self.fake.message_payload(msg))

    async def message_patch(self, request: web.Request) -> web.Response:
        msg = self.fake.get_message(int(request.match_info["channel_id"]), int(request.match_info["message_id"]))
        payload, files = await self.body(request)
        if msg.author.id != self.fake.bot_user.id or msg.ephemeral:
            raise ApiError(403, 50005, "Cannot edit a message authored by another user")
        await self.fake.edit_message(msg, payload or {}, files)
        return self.ok(request, self.fake.message_payload(msg))

    async def message_delete(self, request: web.Request) -> web.Response:
        msg = self.fake.get_message(int(request.match_info["channel_id"]), int(request.match_info["message_id"]))
        await self.fake.delete_message(msg)
        return self.no_content()

    async def reaction_put(self, request: web.Request) -> web.Response:
        msg = self.fake.get_message(int(request.match_info["channel_id"]), int(request.match_info["message_id"]))
        self.fake.reactions.append((msg.id, request.match_info["emoji"], self.fake.bot_user.id))
        return self.no_content()

    async def reaction_delete(self, request: web.Request) -> web.Response:
        msg = self.fake.get_message(int(request.match_info["channel_id"]), int(request.match_info["message_id"]))
        entry = (msg.id, request.match_info["emoji"], self.fake.bot_user.id)
        if entry in self.fake.reactions:
            self.fake.reactions.remove(entry)
        return self.no_content()

    async def typing(self, request: web.Request) -> web.Response:
        self._channel(request)
        return self.no_content()

    # ------------------------------------------------------------------ threads
    async def thread_post(self, request: web.Request) -> web.Response:
        parent = self._channel(request)
        payload, _ = await self.body(request)
        payload = payload or {}
        thread_type = int(payload.get("type") or PRIVATE_THREAD)
        if thread_type not in (PUBLIC_THREAD, PRIVATE_THREAD):
            raise ApiError(400, 50035, "Invalid Form Body", {"type": {"_errors": [{"code": "x", "message": "type"}]}})
        thread = await self.fake.create_thread(
            parent,
            str(payload.get("name", "")),
            owner=self.fake.bot_user,
            thread_type=thread_type,
            auto_archive_duration=int(payload.get("auto_archive_duration") or 1440),
            invitable=bool(payload.get("invitable", True)),
        )
        return self.ok(request, self.fake.channel_payload(thread), 201)

    async def thread_from_message(self, request: web.Request) -> web.Response:
        parent = self._channel(request)
        msg = self.fake.get_message(parent.id, int(request.match_info["message_id"]))
        payload, _ = await self.body(request)
        payload = payload or {}
        thread = await self.fake.create_thread(
            parent,
            str(payload.get("name", "")),
            owner=self.fake.bot_user,
            thread_type=PUBLIC_THREAD,
            from_message=msg,
            auto_archive_duration=int(payload.get("auto_archive_duration") or 1440),
        )
        return self.ok(request, self.fake.channel_payload(thread), 201)

    def _thread_user(self, request: web.Request) -> tuple[FakeChannel, int]:
        thread = self._channel(request)
        if not thread.is_thread:
            raise ApiError(400, 50024, "Cannot execute action on this channel type")
        raw = request.match_info.get("user_id", "@me")
        return thread, self.fake.bot_user.id if raw == "@me" else int(raw)

    async def thread_member_put(self, request: web.Request) -> web.Response:
        thread, user_id = self._thread_user(request)
        user = self.fake.users.get(user_id)
        if user is None:
            raise ApiError(404, 10013, "Unknown User")
        await self.fake.add_thread_member(thread, user)
        return self.no_content()

    async def thread_member_delete(self, request: web.Request) -> web.Response:
        thread, user_id = self._thread_user(request)
        await self.fake.remove_thread_member(thread, user_id)
        return self.no_content()

    async def thread_member_get(self, request: web.Request) -> web.Response:
        thread, user_id = self._thread_user(request)
        if user_id not in thread.member_ids:
            raise ApiError(404, 10007, "Unknown Member")
        return self.ok(request, self.fake.thread_member_payload(thread, user_id))

    async def thread_members_list(self, request: web.Request) -> web.Response:
        thread = self._channel(request)
        return self.ok(request, [self.fake.thread_member_payload(thread, u) for u in thread.member_ids])

    # ------------------------------------------------------------------ users, guilds, DMs
    async def user_get(self, request: web.Request) -> web.Response:
        user = self.fake.users.get(int(request.match_info["user_id"]))
        if user is None:
            raise ApiError(404, 10013, "Unknown User")
        return self.ok(request, user.to_payload())

    async def dm_create(self, request: web.Request) -> web.Response:
        payload, _ = await self.body(request)
        user = self.fake.users.get(int((payload or {}).get("recipient_id", 0)))
        if user is None:
            raise ApiError(404, 10013, "Unknown User")
        if user.bot:
            raise ApiError(400, 50007, "Cannot send messages to this user")
        channel = self.fake.open_dm(user)
        return self.ok(request, self.fake.channel_payload(channel))

    def _guild(self, request: web.Request) -> Any:
        guild = self.fake.guilds.get(int(request.match_info["guild_id"]))
        if guild is None:
            raise ApiError(404, 10004, "Unknown Guild")
        return guild

    async def guild_get(self, request: web.Request) -> web.Response:
        guild = self._guild(request)
        data = self.fake.guild_payload(guild)
        data.update(approximate_member_count=len(guild.members), approximate_presence_count=0)
        return self.ok(request, data)

    async def guild_channels(self, request: web.Request) -> web.Response:
        guild = self._guild(request)
        channels = [self.fake.channels[c] for c in guild.channel_ids if not self.fake.channels[c].deleted]
        return self.ok(request, [self.fake.channel_payload(c) for c in channels if c.type == GUILD_TEXT])

    async def guild_member(self, request: web.Request) -> web.Response:
        guild = self._guild(request)
        user = self.fake.users.get(int(request.match_info["user_id"]))
        if user is None:
            raise ApiError(404, 10007, "Unknown Member")
        return self.ok(request, self.fake.member_payload(guild, user))

    def _member_role(self, request: web.Request) -> tuple[Any, int]:
        """The member and role of ``/guilds/{g}/members/{u}/roles/{r}`` (no GUILD_MEMBER_UPDATE is sent: the bot
        runs without the members intent, as in production)."""
        guild = self._guild(request)
        member = guild.members.get(int(request.match_info["user_id"]))
        if member is None:
            raise ApiError(404, 10007, "Unknown Member")
        role_id = int(request.match_info["role_id"])
        if all(r.id != role_id for r in guild.roles):
            raise ApiError(404, 10011, "Unknown Role")
        return member, role_id

    async def member_role_put(self, request: web.Request) -> web.Response:
        member, role_id = self._member_role(request)
        if role_id not in member.role_ids:
            member.role_ids.append(role_id)
        return self.no_content()

    async def member_role_delete(self, request: web.Request) -> web.Response:
        member, role_id = self._member_role(request)
        if role_id in member.role_ids:
            member.role_ids.remove(role_id)
        return self.no_content()

    # ------------------------------------------------------------------ interactions and webhooks
    async def interaction_callback(self, request: web.Request) -> web.StreamResponse:
        fake = self.fake
        now = asyncio.get_running_loop().time()
        payload, files = await self.body(request)
        payload = payload or {}
        handle = fake._by_token.get(request.match_info["token"])
        if handle is None or str(handle.id) != request.match_info["interaction_id"]:
            raise ApiError(404, 10062, "Unknown interaction")
        record = CallbackRecord(
            type=int(payload.get("type", 0)),
            data=payload.get("data") or {},
            files=[FakeAttachment(0, f.filename, f.data, f.content_type) for f in files],
            seconds=now - handle.dispatched_at,
        )
        handle.callbacks.append(record)
        try:
            if record.seconds > fake.callback_deadline:
                raise ApiError(404, 10062, "Unknown interaction")
            if handle.response is not None:
                raise ApiError(400, 40060, "Interaction has already been acknowledged.")
            if record.type not in ALLOWED_CALLBACKS.get(handle.type, ()):
                raise ApiError(
                    400,
                    50035,
                    "Invalid Form Body",
                    {
                        "type": {
                            "_errors": [
                                {
                                    "code": "INTERACTION_CALLBACK_TYPE_INVALID",
                                    "message": f"callback {record.type} not allowed for interaction type {handle.type}",
                                }
                            ]
                        }
                    },
                )
            result = await fake.apply_callback(handle, record, files)
        except ApiError as exc:
            record.status, record.error_code = exc.status, exc.code
            fake.notify()
            raise
        handle.response = record
        fake.notify()
        if request.query.get("with_response", "").lower() in ("1", "true"):
            return self.ok(request, result)
        return self.no_content()

    async def webhook_execute(self, request: web.Request) -> web.Response:
        self.app_id(request)
        handle = self.fake.handle_for_token(request.match_info["token"])
        payload, files = await self.body(request)
        msg = await self.fake.create_followup(handle, payload or {}, files)
        if request.query.get("wait", "").lower() in ("1", "true"):
            return self.ok(request, self.fake.message_payload(msg))
        return self.no_content()

    async def webhook_message_get(self, request: web.Request) -> web.Response:
        self.app_id(request)
        handle = self.fake.handle_for_token(request.match_info["token"])
        msg = self.fake.webhook_message(handle, request.match_info["message_id"])
        return self.ok(request, self.fake.message_payload(msg))

    async def webhook_message_patch(self, request: web.Request) -> web.Response:
        self.app_id(request)
        handle = self.fake.handle_for_token(request.match_info["token"])
        payload, files = await self.body(request)
        msg = self.fake.webhook_message(handle, request.match_info["message_id"])
        await self.fake.edit_message(msg, payload or {}, files)
        return self.ok(request, self.fake.message_payload(msg))

    async def webhook_message_delete(self, request: web.Request) -> web.Response:
        self.app_id(request)
        handle = self.fake.handle_for_token(request.match_info["token"])
        msg = self.fake.webhook_message(handle, request.match_info["message_id"])
        await self.fake.delete_message(msg)
        return self.no_content()

    # ------------------------------------------------------------------ attachments (CDN stand-in)
    async def attachment_get(self, request: web.Request) -> web.Response:
        att_id = int(request.match_info["attachment_id"])
        for msg in self.fake.messages.values():
            for att in msg.attachments:
                if att.id == att_id:
                    self.record(request).response = {"bytes": att.size}
                    return web.Response(body=att.data, content_type=att.content_type or "application/octet-stream")
        raise ApiError(404, 0, "404: Not Found")

    async def unknown(self, request: web.Request) -> web.Response:
        record = self.record(request)
        if request.can_read_body:
            raw = await request.read()
            record.json = raw[:2000].decode("utf-8", "replace")
        self.fake.unknown_requests.append(record)
        log.error("fake discord: UNKNOWN ROUTE %s %s (query %s)", request.method, request.path, dict(request.query))
        raise ApiError(404, 0, f"404: Not Found (fake discord has no route {request.method} {request.path})")


def build_app(fake: FakeDiscord) -> web.Application:
    rest = Rest(fake)
    app = web.Application(middlewares=[rest.middleware], client_max_size=64 * 1024 * 1024)
    r = app.router
    r.add_get("/gateway", fake.gateway.handle)
    r.add_get("/attachments/{channel_id}/{attachment_id}/{filename}", rest.attachment_get)
    routes: list[tuple[str, str, Handler]] = [
        ("GET", "/users/@me", rest.users_me),
        ("POST", "/users/@me/channels", rest.dm_create),
        ("GET", "/users/{user_id}", rest.user_get),
        ("GET", "/oauth2/applications/@me", rest.application_me),
        ("GET", "/gateway", rest.gateway_info),
        ("GET", "/gateway/bot", rest.gateway_info),
        ("GET", "/applications/{app_id}/commands", rest.commands_get),
        ("PUT", "/applications/{app_id}/commands", rest.commands_put),
        ("POST", "/applications/{app_id}/commands", rest.commands_post),
        ("DELETE", "/applications/{app_id}/commands/{command_id}", rest.command_delete),
        ("GET", "/applications/{app_id}/guilds/{guild_id}/commands", rest.commands_get),
        ("PUT", "/applications/{app_id}/guilds/{guild_id}/commands", rest.commands_put),
        ("POST", "/applications/{app_id}/guilds/{guild_id}/commands", rest.commands_post),
        ("DELETE", "/applications/{app_id}/guilds/{guild_id}/commands/{command_id}", rest.command_delete),
        ("GET", "/channels/{channel_id}", rest.channel_get),
        ("PATCH", "/channels/{channel_id}", rest.channel_patch),
        ("DELETE", "/channels/{channel_id}", rest.channel_delete),
        ("GET", "/channels/{channel_id}/messages", rest.messages_get),
        ("POST", "/channels/{channel_id}/messages", rest.message_post),
        ("GET", "/channels/{channel_id}/messages/{message_id}", rest.message_get),
        ("PATCH", "/channels/{channel_id}/messages/{message_id}", rest.message_patch),
        ("DELETE", "/channels/{channel_id}/messages/{message_id}", rest.message_delete),
        ("PUT", "/channels/{channel_id}/messages/{message_id}/reactions/{emoji}/@me", rest.reaction_put),
        ("DELETE", "/channels/{channel_id}/messages/{message_id}/reactions/{emoji}/@me", rest.reaction_delete),
        ("POST", "/channels/{channel_id}/typing", rest.typing),
        ("POST", "/channels/{channel_id}/threads", rest.thread_post),
        ("POST", "/channels/{channel_id}/messages/{message_id}/threads", rest.thread_from_message),
        ("GET", "/channels/{channel_id}/thread-members", rest.thread_members_list),
        ("PUT", "/channels/{channel_id}/thread-members/@me", rest.thread_member_put),
        ("DELETE", "/channels/{channel_id}/thread-members/@me", rest.thread_member_delete),
        ("GET", "/channels/{channel_id}/thread-members/{user_id}", rest.thread_member_get),
        ("PUT", "/channels/{channel_id}/thread-members/{user_id}", rest.thread_member_put),
        ("DELETE", "/channels/{channel_id}/thread-members/{user_id}", rest.thread_member_delete),
        ("GET", "/guilds/{guild_id}", rest.guild_get),
        ("GET", "/guilds/{guild_id}/channels", rest.guild_channels),
        ("GET", "/guilds/{guild_id}/members/{user_id}", rest.guild_member),
        ("PUT", "/guilds/{guild_id}/members/{user_id}/roles/{role_id}", rest.member_role_put),
        ("DELETE", "/guilds/{guild_id}/members/{user_id}/roles/{role_id}", rest.member_role_delete),
        ("POST", "/interactions/{interaction_id}/{token}/callback", rest.interaction_callback),
        ("POST", "/webhooks/{app_id}/{token}", rest.webhook_execute),
        ("GET", "/webhooks/{app_id}/{token}/messages/{message_id}", rest.webhook_message_get),
        ("PATCH", "/webhooks/{app_id}/{token}/messages/{message_id}", rest.webhook_message_patch),
        ("DELETE", "/webhooks/{app_id}/{token}/messages/{message_id}", rest.webhook_message_delete),
    ]
    for method, path, handler in routes:
        r.add_route(method, API + path, handler)
    fake.activities.add_routes(r, rest, API)
    r.add_route("*", "/{tail:.*}", rest.unknown)
    return app
