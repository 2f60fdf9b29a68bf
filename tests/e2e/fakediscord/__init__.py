"""A local fake Discord (REST + gateway on 127.0.0.1) for end-to-end tests of the real discord.py client."""

from .interactions import CallbackRecord, InteractionHandle
from .models import FakeAttachment, FakeChannel, FakeGuild, FakeMember, FakeMessage, FakeRole, FakeUser
from .server import FAKE_TOKEN, AckStats, FakeDiscord, RawFile, RecordedRequest
from .validation import ApiError

__all__ = [
    "FAKE_TOKEN",
    "AckStats",
    "ApiError",
    "CallbackRecord",
    "FakeAttachment",
    "FakeChannel",
    "FakeDiscord",
    "FakeGuild",
    "FakeMember",
    "FakeMessage",
    "FakeRole",
    "FakeUser",
    "InteractionHandle",
    "RawFile",
    "RecordedRequest",
]
