"""Every option parser refuses a huge, negative or non-ASCII number with the option's own "Invalid value" error:
a client can send any text (discord.py does not enforce choices), and an ``OverflowError`` or ``ValueError``
would be "something went wrong on our side" and an ERROR in the log."""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta

import pytest

from bot.exts.leagues import MENTION
from bot.exts.settings import parse_quiet_hours
from bot.service import BadOption, GameService, parse_clock, parse_turn_timer
from bot.store.records import GuildDefaults

HUGE = "9999999999"
NASTY = (f"{HUGE}d", f"{HUGE}s", f"{HUGE * 3}h", "-5d", "-600", "²d", "٣d", "٣٣h", "1²h", "3d²", "１２h",
         "9" * 5000 + "m")

#: (parser, the option it is for, a value it accepts, values it must refuse)
TABLE: list[tuple[Callable[[str], object], str, str, tuple[str, ...]]] = [
    (parse_turn_timer, "turn_timer", "36h", NASTY),
    (parse_clock, "turn_timer", "24h", NASTY),
    (lambda v: parse_clock(f"bank:{v}+1h"), "turn_timer", "3d", NASTY),
    (lambda v: parse_clock(f"bank:3d+{v}"), "turn_timer", "1d", NASTY),
    (lambda v: parse_clock(f"bank:{v}"), "turn_timer", "2d", NASTY),
    (parse_quiet_hours, "quiet_hours", "23-7",
     (f"{HUGE}-7", f"23-{HUGE}", "-5-7", "²-7", "23-²", "٢٣-٧", "２３-７", "9" * 5000 + "-7")),
]


@pytest.mark.parametrize(("parse", "name", "good", "bad"), TABLE, ids=[
    "turn_timer", "clock", "bank", "bank_increment", "bank_alone", "quiet_hours"])
def test_option_parsers_refuse_huge_negative_and_non_ascii_numbers(
    parse: Callable[[str], object], name: str, good: str, bad: tuple[str, ...]
) -> None:
    parse(good)  # the table's parser is live: an accepted value goes through
    for value in bad:
        try:
            parsed = parse(value)
        except BadOption as e:
            assert e.params["name"] == name, value
        else:  # quiet hours are only range-checked by the service: a parsed pair must still be two hours
            assert name == "quiet_hours" and isinstance(parsed, tuple), (value, parsed)
            assert all(isinstance(h, int) and 0 <= h < 24 for h in parsed), (value, parsed)


@pytest.mark.parametrize("seconds", [-1, -86400, 10**12, 10**30, 2**63])
def test_a_timer_in_seconds_out_of_any_range_is_an_invalid_value(seconds: int) -> None:
    with pytest.raises(BadOption):
        parse_turn_timer(seconds)
    assert parse_turn_timer(3600) == timedelta(hours=1)


def test_a_board_mark_of_any_length_is_read_or_left_as_typed() -> None:
    from bot.exts.play import unmarked

    assert unmarked("take wug #12") == ("take wug", 12)
    for value in ("take wug #" + "9" * 5000, "take wug #٣", "take wug #²"):
        assert unmarked(value) == (value, None)  # typed text: the engine says it cannot read it


def test_a_mention_with_non_ascii_digits_is_no_user() -> None:
    assert [int(m) for m in MENTION.findall("<@123> <@!456> <@٣> <@²> <@" + "9" * 30 + ">")] == [123, 456]


async def test_new_games_and_server_defaults_refuse_huge_timers(service: GameService) -> None:
    for value in (f"{HUGE}d", f"bank:{HUGE}d", f"bank:3d+{HUGE}d", "٣d"):
        with pytest.raises(BadOption):
            await service.create_game(channel_id=1, creator_id=101, ruleset="base", players=2, turn_timer=value)
        with pytest.raises(BadOption):
            await service.set_server_defaults(GuildDefaults(7, turn_timer=value))
    assert (await service.server_defaults(7)).turn_timer is None
