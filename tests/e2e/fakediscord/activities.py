"""Activities in the fake Discord (issue 44): an application's Activities switch, its Entry Point command, the
``LAUNCH_ACTIVITY`` callback and "Get Application Activity Instance".

What Discord refuses, the fake refuses:
- once Activities are on, Discord has made the app's Entry Point command (type ``PRIMARY_ENTRY_POINT``, 4) itself,
  and a bulk overwrite of the global commands that leaves it out is refused whole: 400, code 50240, and no
  command of the payload registers;
- ``LAUNCH_ACTIVITY`` (callback 12) from an app without Activities is refused (400, 50035, the callback type
  invalid for this app), and nothing is launched;
- an unknown instance is Discord's generic 404 (``{"message": "404: Not Found", "code": 0}``).

Tests make instances with :meth:`Activities.create_instance` (a channel and the connected users' ids) or launch
them through a button (:meth:`Activities.launch` makes one in the interaction's channel with its user).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from aiohttp import web

from .interactions import LAUNCH_ACTIVITY
from .models import JSON, FakeChannel
from .validation import ApiError

if TYPE_CHECKING:
    from .interactions import InteractionHandle
    from .rest import Rest
    from .server import FakeDiscord

PRIMARY_ENTRY_POINT = 4
DISCORD_LAUNCH_ACTIVITY = 2  # the Entry Point's handler: Discord opens the Activity itself
ENTRY_POINT_REMOVED = 50240
ENTRY_POINT_MESSAGE = "You cannot remove this app's Entry Point command in a bulk update operation"


@dataclass
class FakeInstance:
    instance_id: str
    launch_id: str
    channel_id: int
    guild_id: int | None
    users: list[int] = field(default_factory=list)

    def payload(self, application_id: int) -> JSON:
        location: JSON = {"id": f"gc-{self.guild_id}-{self.channel_id}" if self.guild_id else f"pc-{self.channel_id}",
                          "kind": "gc" if self.guild_id else "pc", "channel_id": str(self.channel_id)}
        if self.guild_id:
            location["guild_id"] = str(self.guild_id)
        return {"application_id": str(application_id), "instance_id": self.instance_id, "launch_id": self.launch_id,
                "location": location, "users": [str(u) for u in self.users]}


class Activities:
    """The application's Activities, as Discord keeps them."""

    def __init__(self, fake: FakeDiscord) -> None:
        self.fake = fake
        self.enabled = False
        self.instances: dict[str, FakeInstance] = {}
        self.launched: list[FakeInstance] = []  # instances made by LAUNCH_ACTIVITY callbacks, in order

    # ------------------------------------------------------------------ the test's side
    def enable(self) -> JSON:
        """Turn Activities on (the Developer Portal's switch): Discord makes the Entry Point command itself."""
        self.enabled = True
        existing = self.entry_point()
        if existing is not None:
            return existing
        from .rest import Rest

        command = Rest(self.fake)._stored_command(None, {
            "type": PRIMARY_ENTRY_POINT, "name": "launch", "description": "Launch an activity",
            "handler": DISCORD_LAUNCH_ACTIVITY, "integration_types": [0, 1], "contexts": [0, 1, 2]})
        self.fake.commands[None] = [*self.fake.commands.get(None, []), command]
        return command

    def entry_point(self) -> JSON | None:
        return next((c for c in self.fake.commands.get(None, []) if int(c.get("type", 1)) == PRIMARY_ENTRY_POINT),
                    None)

    def create_instance(self, channel: FakeChannel | int, users: Iterable[int]) -> FakeInstance:
        channel = channel if isinstance(channel, FakeChannel) else self.fake.get_channel(channel)
        guild = self.fake.guild_of(channel)
        instance = FakeInstance(f"i-{self.fake.snowflake()}-gc-{channel.id}", str(self.fake.snowflake()), channel.id,
                                guild.id if guild is not None else None, list(users))
        self.instances[instance.instance_id] = instance
        return instance

    # ------------------------------------------------------------------ what Discord checks
    def check_overwrite(self, scope: int | None, payload: list[JSON]) -> None:
        """An app has one Entry Point, a global one; a bulk overwrite of the global commands must keep it once
        Activities are on."""
        entries = [i for i, c in enumerate(payload) if int(c.get("type", 1)) == PRIMARY_ENTRY_POINT]
        if entries and (scope is not None or len(entries) > 1):
            raise ApiError(400, 50035, "Invalid Form Body", {str(entries[-1]): {"type": {"_errors": [{
                "code": "APPLICATION_COMMAND_PRIMARY_ENTRY_POINT_INVALID",
                "message": "An application can have one Entry Point command, a global one"}]}}})
        if scope is None and self.enabled and self.entry_point() is not None and not entries:
            raise ApiError(400, ENTRY_POINT_REMOVED, ENTRY_POINT_MESSAGE)

    def launch(self, handle: InteractionHandle) -> JSON:
        """A ``LAUNCH_ACTIVITY`` callback: an instance in the interaction's channel with its user (the ``resource``
        of the ``with_response`` body)."""
        if not self.enabled:
            raise ApiError(400, 50035, "Invalid Form Body", {"type": {"_errors": [{
                "code": "INTERACTION_CALLBACK_TYPE_INVALID",
                "message": "This application does not have Activities enabled"}]}})
        instance = self.create_instance(handle.channel, [handle.user.id])
        self.launched.append(instance)
        return {"type": LAUNCH_ACTIVITY, "activity_instance": {"id": instance.instance_id}}

    # ------------------------------------------------------------------ routes
    def add_routes(self, router: web.UrlDispatcher, rest: Rest, api: str) -> None:
        async def instance_get(request: web.Request) -> web.Response:
            rest.app_id(request)
            found = self.instances.get(request.match_info["instance_id"])
            if found is None:
                raise ApiError(404, 0, "404: Not Found")
            return rest.ok(request, found.payload(self.fake.application_id))

        router.add_route("GET", api + "/applications/{app_id}/activity-instances/{instance_id}", instance_get)


__all__ = ["LAUNCH_ACTIVITY", "PRIMARY_ENTRY_POINT", "Activities", "FakeInstance"]
