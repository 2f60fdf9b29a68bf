"""Time banks and turn timers in words (issue 33): the clock of a game, and the board's line of banks.

The one home of the sentences about a game's clock: the board post's line of banks (:func:`bank_line`),
the lobby's and the defaults' timer (:func:`timer_label`, :func:`clock_label`).  No discord imports.

The player to move sees when their bank runs out as a Discord timestamp (``<t:UNIX:R>``, in each reader's own
time and language); the others' banks, which do not run, are durations in words in the game's language.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.i18n import t
from bot.service import GameInfo, TurnClock, parse_clock
from bot.text import player_name

_UNITS = (("days", 86400), ("hours", 3600), ("minutes", 60))


def span_words(seconds: float, lang: str) -> str:
    """A duration in words, its two largest units (``"2 days 4 hours"``, ``"45 minutes"``); rounded down."""
    left = max(0, int(seconds))
    parts: list[str] = []
    for unit, size in _UNITS:
        count, left = divmod(left, size)
        if count and len(parts) < 2:
            parts.append(t(f"bank.{unit}", lang, count=count))
        elif parts:
            break
    return " ".join(parts) or t("bank.out", lang)


def clock_label(clock: TurnClock | str, lang: str) -> str:
    """A game's clock in words: ``"time bank 3 days, +1 day per turn"``, a per-turn timer, or none."""
    if isinstance(clock, str):
        clock = parse_clock(clock)
    if clock.bank is not None:
        return t("bank.label", lang, initial=span_words(clock.bank.total_seconds(), lang),
                 increment=span_words(clock.increment.total_seconds(), lang))
    if clock.turn is None:
        return t("bot.timer.none", lang)
    return span_words(clock.turn.total_seconds(), lang)


def span_code(seconds: float) -> str:
    """A per-turn timer as typed in a command: ``"2d"``, ``"25h"``, ``"45m"`` (rounded down)."""
    hours = int(seconds) // 3600
    return f"{hours // 24}d" if hours and hours % 24 == 0 else (f"{hours}h" if hours else f"{int(seconds) // 60}m")


def timer_label(game: GameInfo, lang: str) -> str:
    """A game's clock as its lobby post tells it: its time bank in words, its per-turn timer, or none."""
    if game.time_bank is not None:
        return clock_label(game.clock, lang)
    return t("bot.timer.none", lang) if game.turn_timer is None else span_code(game.turn_timer.total_seconds())


def bank_line(game: GameInfo, names: Sequence[str], lang: str) -> str:
    """The running game's banks, one entry per player still playing (computers have no clock): the player to move
    with when theirs runs out (or that it is paused, on vacation), the others with what they have.  ``""``: the game
    has no time banks or is not running."""
    if game.time_bank is None or game.status != "active":
        return ""
    entries: list[str] = []
    for p in game.players:
        if p.seat is None or p.status != "active" or p.is_bot or p.bank_left is None:
            continue
        who = player_name(names, p.seat, lang)
        if p.seat != game.to_act_seat:
            entries.append(t("bank.left", lang, who=who, left=span_words(p.bank_left.total_seconds(), lang)))
        elif game.deadline is None:
            entries.append(t("bank.paused", lang, who=who))
        else:
            entries.append(t("bank.running", lang, who=who, when=f"<t:{int(game.deadline.timestamp())}:R>"))
    return t("bank.line", lang, banks=" · ".join(entries)) if entries else ""


__all__ = ["bank_line", "clock_label", "span_code", "span_words", "timer_label"]
