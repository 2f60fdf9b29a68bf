"""Computer players in messages: their localized names ("Bot (hard)"), and the words of a hint.

A computer player is a seat whose user id is negative (:mod:`bot.service.bots`): it has no Discord
account, so it is named, never mentioned.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.i18n import t
from bot.service import Hint
from bot.service.bots import bot_level, bot_number
from bot.text import action_label, turn_line


def computer_name(user_id: int, lang: str) -> str | None:
    """``"Bot (hard)"`` (``"Bot 2 (easy)"`` for a game's second computer) in ``lang``; ``None`` for a person."""
    level = bot_level(user_id)
    if level is None:
        return None
    shown = t(f"computer.level.{level}", lang)
    number = bot_number(user_id)
    return t("computer.name", lang, level=shown) if number <= 1 else t("computer.name_n", lang, level=shown,
                                                                         n=number)


def mention(user_id: int, lang: str) -> str:
    """How a message names a player: a mention for a person, the name for a computer."""
    return computer_name(user_id, lang) or f"<@{user_id}>"


def hint_text(hint: Hint, names: Sequence[str], lang: str) -> str:
    """The private hint: the suggested move and a one-line reason (what it does, where it brings you).

    Built only from the asking seat's views (now and after the move), never from the game's state.
    """
    label = action_label(hint.view, hint.action, lang)
    effect = turn_line(hint.after, hint.after.last_events, names, lang) or label
    before = hint.view.seats[hint.seat].score
    after = hint.after.seats[hint.seat].score
    if after > before:
        reason = t("computer.hint.reason_gain", lang, effect=effect, gain=after - before, count=after)
    else:
        reason = t("computer.hint.reason", lang, effect=effect, count=after)
    return t("computer.hint", lang, label=label, reason=reason)


__all__ = ["computer_name", "hint_text", "mention"]
