"""Computer players' user ids: negative numbers, so they can never collide with Discord snowflakes.

A computer seat is stored like any seat (``seats.user_id``), with an id that encodes its level:
``-(100 * (level index + 1) + n)``, ``n`` numbering the computers of one game (1..99).  So a
game's record says by itself which seats are computers and how strong they are, and a game
"has bots" exactly when one of its seats has a negative user id (SQL: ``seats.user_id < 0``).
"""

from __future__ import annotations

#: Computer levels, weakest first (the same names as ``engine.ai.LEVELS``).
LEVELS: tuple[str, ...] = ("random", "easy", "medium", "hard")
#: The level that plays an expired turn (timeout policy ``"ai"``) or a vacationing player's turns.
TAKEOVER_LEVEL = "medium"
#: The level that suggests a move for ``/splendor hint``.
HINT_LEVEL = "medium"
_BLOCK = 100


def bot_user_id(level: str, number: int) -> int:
    """The user id of the ``number``-th computer (1..99) of a game, playing at ``level``."""
    if level not in LEVELS or not 1 <= number < _BLOCK:
        raise ValueError(f"no computer player {level!r} #{number}")
    return -(_BLOCK * (LEVELS.index(level) + 1) + number)


def is_bot(user_id: int) -> bool:
    """A computer player's id (Discord snowflakes are positive)."""
    return user_id < 0


def bot_level(user_id: int) -> str | None:
    """The level of a computer player's id, ``None`` for a person."""
    if user_id >= 0:
        return None
    index = -user_id // _BLOCK - 1
    return LEVELS[index] if 0 <= index < len(LEVELS) else None


def bot_number(user_id: int) -> int:
    """Which computer of its game ``user_id`` is (1..99); 0 for a person."""
    return -user_id % _BLOCK if user_id < 0 else 0


__all__ = ["HINT_LEVEL", "LEVELS", "TAKEOVER_LEVEL", "bot_level", "bot_number", "bot_user_id", "is_bot"]
