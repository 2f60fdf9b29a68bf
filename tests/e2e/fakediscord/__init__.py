"""A local fake Discord (REST + gateway on 127.0.0.1) for end-to-end tests of the real discord.py client.

Typical test (fixtures from tests/e2e/conftest.py)::

    @pytest.mark.e2e
    async def test_new(fake_discord: FakeDiscord, start_client: ClientRunner) -> None:
        await start_client(MyBot(guild_ready_timeout=0.05))
        h = await fake_discord.slash(fake_discord.user("alice"), fake_discord.channel("general"),
                                     "splendor new", {"players": 3}, locale="es-ES")
        await h.accepted()                       # first callback, must be 2xx
        msg = await h.wait_original()            # the response message, once not "thinking"
        click = await fake_discord.click(fake_discord.user("bob"), msg, msg.custom_ids()[0])

Default world: guild "Splendor Test", channels "general"/"games", users alice (Moderator:
manage threads/messages), bob, carol, owner. Unknown routes fail the test at teardown.
"""

from .interactions import CallbackRecord, InteractionHandle
from .models import FakeAttachment, FakeChannel, FakeGuild, FakeMember, FakeMessage, FakeRole, FakeUser, Pings, pings_of
from .server import FAKE_TOKEN, AckStats, FakeDiscord, RawFile, RecordedRequest
from .validation import ApiError, ClientRefusal

__all__ = [
    "FAKE_TOKEN",
    "AckStats",
    "ApiError",
    "CallbackRecord",
    "ClientRefusal",
    "FakeAttachment",
    "FakeChannel",
    "FakeDiscord",
    "FakeGuild",
    "FakeMember",
    "FakeMessage",
    "FakeRole",
    "FakeUser",
    "InteractionHandle",
    "Pings",
    "RawFile",
    "RecordedRequest",
    "pings_of",
]
