"""The turn composer (``bot.ui.composer``) driven step by step with a stand-in interaction and a real game service
on SQLite, without Discord: what each step offers, the preview and its Confirm, the re-check at Confirm that
refuses a board older than the game, the lobby post and "My hand".  Fast, and in the mutation-test selection."""

from __future__ import annotations

from bot.i18n import t
from bot.ui import composer


def test_lobby_timer_span_reads_in_days_hours_or_minutes() -> None:
    assert composer._span(2 * 86400) == "2d"
    assert composer._span(86400 + 3600) == "25h"
    assert composer._span(3 * 3600) == "3h"
    assert composer._span(45 * 60) == "45m"
    assert composer._span(59) == "0m"
    assert t("bot.button.join", "en")
