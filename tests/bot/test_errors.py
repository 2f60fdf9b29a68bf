"""The error reporter's wording and privacy for errors no e2e path raises today.

Through the fake Discord the tests cover refusals, the unexpected error and the expired interaction
(tests/e2e/test_bot_commands.py).  discord.py's check failures (``app_commands.checks``, cooldowns) and a refusal
wrapped by discord.py come from no command of the bot yet; the reporter's answer to them is its contract, checked
here on a stand-in interaction (only what ``report_error`` touches).
"""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any
from unittest.mock import AsyncMock

import discord
from discord import app_commands

from bot.errors import report_error
from bot.service import NotSeated


class Response:
    def __init__(self, done: bool) -> None:
        self.done = done
        self.send_message = AsyncMock()

    def is_done(self) -> bool:
        return self.done


def interaction(*, done: bool = False, locale: str = "en-US", override: str | None = None) -> Any:
    user = SimpleNamespace(id=7)
    prefs = {7: (override, "mention")} if override else {}
    return SimpleNamespace(client=SimpleNamespace(prefs=prefs), user=user, locale=discord.Locale(locale), extras={},
                           id=99, response=Response(done), followup=SimpleNamespace(send=AsyncMock()))


async def test_a_check_failure_is_answered_privately_with_its_message() -> None:
    it = interaction()
    await report_error(it, app_commands.NoPrivateMessage("Only in servers."))
    it.response.send_message.assert_awaited_once_with("Only in servers.", ephemeral=True)


async def test_a_check_failure_without_a_message_says_not_allowed_in_the_users_language() -> None:
    it = interaction(locale="en-US", override="es")  # the saved language wins over Discord's
    await report_error(it, app_commands.CheckFailure())
    it.response.send_message.assert_awaited_once_with("No puedes usar esto aquí.", ephemeral=True)


async def test_after_an_acknowledgement_the_answer_is_a_private_followup() -> None:
    it = interaction(done=True, locale="pt-BR")
    wrapped = app_commands.CommandInvokeError(SimpleNamespace(name="x"), NotSeated())  # type: ignore[arg-type]
    wrapped.__cause__ = NotSeated()  # as discord.py raises it: `raise CommandInvokeError(...) from e`
    await report_error(it, wrapped)
    it.response.send_message.assert_not_awaited()
    it.followup.send.assert_awaited_once_with("Você não está jogando esta partida.", ephemeral=True)
