"""Records of the interactions a test dispatched and of the bot's answers to them."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .models import JSON, WAIT, FakeAttachment, FakeChannel, FakeMessage, FakeUser

if TYPE_CHECKING:
    from .server import FakeDiscord

# Interaction types.
PING = 1
APPLICATION_COMMAND = 2
MESSAGE_COMPONENT = 3
AUTOCOMPLETE = 4
MODAL_SUBMIT = 5

# Callback types.
CHANNEL_MESSAGE = 4
DEFERRED_CHANNEL_MESSAGE = 5
DEFERRED_UPDATE_MESSAGE = 6
UPDATE_MESSAGE = 7
AUTOCOMPLETE_RESULT = 8
MODAL = 9
LAUNCH_ACTIVITY = 12  # refused unless the app has Activities on (fakediscord.activities)

ALLOWED_CALLBACKS: dict[int, tuple[int, ...]] = {
    APPLICATION_COMMAND: (CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE, MODAL, LAUNCH_ACTIVITY),
    MESSAGE_COMPONENT: (CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE, DEFERRED_UPDATE_MESSAGE, UPDATE_MESSAGE, MODAL,
                        LAUNCH_ACTIVITY),
    AUTOCOMPLETE: (AUTOCOMPLETE_RESULT,),
    MODAL_SUBMIT: (CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE, DEFERRED_UPDATE_MESSAGE, UPDATE_MESSAGE),
}


@dataclass
class CallbackRecord:
    """One POST to /interactions/{id}/{token}/callback, accepted or not."""

    type: int
    data: JSON
    files: list[FakeAttachment]
    seconds: float  # since the INTERACTION_CREATE was dispatched
    status: int = 200
    error_code: int | None = None

    @property
    def ok(self) -> bool:
        return self.status < 300

    @property
    def ephemeral(self) -> bool:
        return bool(int(self.data.get("flags") or 0) & 64)


@dataclass(eq=False)
class InteractionHandle:
    """A dispatched interaction. Await ``initial()`` for the first callback, ``wait_followups()`` for more."""

    fake: FakeDiscord
    id: int
    token: str
    type: int
    user: FakeUser
    channel: FakeChannel
    locale: str
    payload: JSON
    name: str = ""  # full command name ("splendor new") or the component's custom_id
    message: FakeMessage | None = None  # the message whose component was used
    dispatched_at: float = 0.0
    callbacks: list[CallbackRecord] = field(default_factory=list)
    response: CallbackRecord | None = None
    original_id: int | None = None
    followup_ids: list[int] = field(default_factory=list)
    choices: list[JSON] | None = None
    modal: JSON | None = None
    deadline_overridden: float | None = None

    # ----- results -----
    @property
    def acknowledged(self) -> bool:
        return self.response is not None

    @property
    def ack_seconds(self) -> float | None:
        """Seconds from dispatch to the first callback request (accepted or rejected)."""
        return self.callbacks[0].seconds if self.callbacks else None

    @property
    def rejections(self) -> list[CallbackRecord]:
        return [c for c in self.callbacks if not c.ok]

    @property
    def original(self) -> FakeMessage | None:
        """The message the initial response created or updated (None for type 6 on commands, 8, 9)."""
        return self.fake.messages.get(self.original_id) if self.original_id is not None else None

    @property
    def followups(self) -> list[FakeMessage]:
        return [self.fake.messages[i] for i in self.followup_ids]

    # ----- waiting -----
    async def initial(self, timeout: float = WAIT) -> CallbackRecord:
        """The first callback request, accepted or rejected (see ``.ok``/``.error_code``)."""
        await self.fake.wait_until(lambda: bool(self.callbacks), timeout, f"initial response to {self}")
        return self.callbacks[0]

    async def accepted(self, timeout: float = WAIT) -> CallbackRecord:
        """The accepted initial response; raises AssertionError if the fake rejected the first one."""
        first = await self.initial(timeout)
        if not first.ok:
            raise AssertionError(f"{self}: initial response rejected with {first.status}/{first.error_code}")
        return first

    async def wait_original(
        self, predicate: Callable[[FakeMessage], bool] | None = None, timeout: float = WAIT
    ) -> FakeMessage:
        """The original response message once it is no longer loading (and matches ``predicate``)."""

        def ready() -> FakeMessage | None:
            msg = self.original
            if msg is None or msg.loading:
                return None
            if predicate is not None and not predicate(msg):
                return None
            return msg

        return await self.fake.wait_until(ready, timeout, f"original response of {self}")

    async def wait_followups(self, count: int = 1, timeout: float = WAIT) -> list[FakeMessage]:
        """At least ``count`` followup messages (the first followup after a defer fills the original)."""
        await self.fake.wait_until(lambda: len(self.followup_ids) >= count, timeout, f"{count} followups of {self}")
        return self.followups

    def __repr__(self) -> str:
        return f"<InteractionHandle id={self.id} type={self.type} {self.name!r} by {self.user.username}>"


def option_type_for(value: Any) -> int:
    """Infer an option type from a Python value (used when the command was never synced)."""
    if isinstance(value, bool):
        return 5
    if isinstance(value, int):
        return 4
    if isinstance(value, float):
        return 10
    if isinstance(value, FakeUser):
        return 6
    if isinstance(value, FakeChannel):
        return 7
    return 3
