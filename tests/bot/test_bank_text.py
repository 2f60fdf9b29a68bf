"""Time banks as players read them: durations in words, the clock's label and the board's line, in each language."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from bot.bank_text import bank_line, clock_label, span_code, span_words, timer_label
from bot.exts.games import TIMERS
from bot.service import GameInfo, PlayerInfo, parse_clock

DUE = datetime(2026, 3, 3, 15, 0, tzinfo=UTC)


def _game(**kw: object) -> GameInfo:
    fields: dict[str, object] = dict(
        game_id=1, channel_id=2, guild_id=3, creator_id=10, ruleset="base", max_players=3, options={},
        turn_timer=None, timeout_policy="skip", max_expiries=3, ranked=False, status="active", version=4,
        to_act_seat=1, deadline=DUE, time_bank=(timedelta(days=3), timedelta(days=1)),
        players=(PlayerInfo(10, 0, "active", bank_left=timedelta(days=2, hours=4, minutes=5)),
                 PlayerInfo(11, 1, "active", bank_left=timedelta(days=3)),
                 PlayerInfo(-3, 2, "active", bank_left=timedelta(days=3))))  # a computer: no clock
    fields.update(kw)
    return GameInfo(**fields)  # type: ignore[arg-type]


@pytest.mark.parametrize(("seconds", "lang", "text"), [
    (86400 * 2 + 3600 * 4 + 300, "en", "2 days 4 hours"),
    (3600 + 60, "en", "1 hour 1 minute"),
    (86400 + 60, "en", "1 day"),  # two largest units only, and only next to each other
    (45 * 60, "es", "45 minutos"),
    (86400, "es", "1 día"),
    (86400 * 3 + 3600, "pt", "3 dias 1 hora"),
    (10, "en", "no time"),
])
def test_durations_in_words(seconds: int, lang: str, text: str) -> None:
    assert span_words(seconds, lang) == text


def test_the_clock_in_words() -> None:
    assert clock_label("bank:3d+1d", "en") == "time bank of 3 days, +1 day per turn"
    assert clock_label(parse_clock("bank:1d+12h"), "es") == "banco de tiempo de 1 día, +12 horas por turno"
    assert clock_label("bank:7d+1d", "pt") == "banco de tempo de 7 dias, +1 dia por turno"


@pytest.mark.parametrize(("lang", "line"), [
    ("en", "⏳ Time banks: Ana has 2 days 4 hours · Bruno's bank runs out <t:1772550000:R>"),
    ("es", "⏳ Bancos de tiempo: Ana tiene 2 días 4 horas · el banco de Bruno se agota <t:1772550000:R>"),
    ("pt", "⏳ Bancos de tempo: Ana tem 2 dias 4 horas · o banco de Bruno acaba <t:1772550000:R>"),
])
def test_the_board_line_in_the_game_language(lang: str, line: str) -> None:
    assert bank_line(_game(), ["Ana", "Bruno", "Bot"], lang) == line


def test_the_board_line_when_paused_or_not_a_bank_game() -> None:
    assert bank_line(_game(deadline=None), ["Ana", "Bruno", "Bot"], "en").endswith("Bruno's bank is paused (vacation)")
    assert bank_line(_game(time_bank=None), ["Ana", "Bruno", "Bot"], "en") == ""
    assert bank_line(_game(status="over"), ["Ana", "Bruno", "Bot"], "en") == ""


def test_every_timer_choice_is_a_clock_and_fits_discord() -> None:
    assert len(TIMERS) <= 25
    banks = [c.value for c in TIMERS if parse_clock(c.value).bank is not None]
    assert banks == ["bank:1d+12h", "bank:3d+1d", "bank:7d+1d"]


def test_lobby_timer_span_reads_in_days_hours_or_minutes() -> None:
    assert span_code(2 * 86400) == "2d"
    assert span_code(86400 + 3600) == "25h"
    assert span_code(3 * 3600) == "3h"
    assert span_code(45 * 60) == "45m"
    assert span_code(59) == "0m"


def test_the_lobby_tells_a_bank_a_per_turn_timer_or_none() -> None:
    assert timer_label(_game(), "en") == clock_label(_game().clock, "en")
    assert timer_label(_game(time_bank=None, turn_timer=timedelta(hours=12)), "en") == "12h"
    assert timer_label(_game(time_bank=None, turn_timer=None), "es") == clock_label("none", "es")
