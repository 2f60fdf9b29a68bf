"""Computer players in messages: their localized names ("Bot (hard)"), and the words of a hint.

A computer player is a seat whose user id is negative (:mod:`bot.service.bots`): it has no Discord
account, so it is named, never mentioned.
"""

from __future__ import annotations

from bot.i18n import t
from bot.service import Hint
from bot.service.bots import bot_level, bot_number
from bot.text import action_label, card_text


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


def hint_text(hint: Hint, lang: str) -> str:
    """The private hint: the suggested move (its label and code) and a one-line reason, what the move brings
    (points, a noble's visit) and where it leaves you.

    Built only from the asking seat's views (``view.describe`` of the move now, the preview after it),
    never from the game's state.
    """
    label = action_label(hint.view, hint.action, lang)
    before = hint.view.seats[hint.seat].score
    after = hint.after.seats[hint.seat].score
    parts = [t("computer.hint.gain", lang, count=after - before)] if after > before else []
    for event in hint.after.last_events:
        found = hint.after.describe_event(event)
        if found.verb == "noble" and found.seat == hint.seat and found.cards:
            parts.append(t("computer.hint.noble", lang, noble=card_text(found.cards[0], lang)))
    parts.append(t("computer.hint.total", lang, count=after))
    reason = ", ".join(parts)
    return t("computer.hint", lang, label=label, code=str(hint.action), reason=reason[:1].upper() + reason[1:] + ".")


__all__ = ["computer_name", "hint_text", "mention"]
