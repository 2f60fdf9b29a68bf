"""Seeded, version-stable pseudo-random numbers (SplitMix64).

The engine never touches the global ``random`` module: every shuffle of a game comes
from its stored seed through this generator, so a game replays identically on any
Python version.
"""

from __future__ import annotations

from collections.abc import MutableSequence
from typing import TypeVar

T = TypeVar("T")
_MASK = (1 << 64) - 1
_TWO64 = 1 << 64
_LIMITS = 256
#: ``below(n)``'s rejection limit for small ``n`` (the largest multiple of ``n`` up to 2**64).
_LIMIT = (0, *(_TWO64 - _TWO64 % n for n in range(1, _LIMITS)))


class Rng:
    __slots__ = ("_state",)

    def __init__(self, seed: int) -> None:
        self._state = seed & _MASK

    def next_u64(self) -> int:
        self._state = (self._state + 0x9E3779B97F4A7C15) & _MASK
        z = self._state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """Uniform integer in ``[0, n)`` (rejection sampling, no modulo bias).

        ``next_u64`` is inlined here (the hot path of search play-outs and shuffles): the numbers drawn
        are exactly the same."""
        if n <= 0:
            raise ValueError("n must be positive")
        limit = _LIMIT[n] if n < _LIMITS else _TWO64 - _TWO64 % n
        state = self._state
        while True:
            state = (state + 0x9E3779B97F4A7C15) & _MASK
            z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
            x = z ^ (z >> 31)
            if x < limit:
                self._state = state
                return x % n

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher-Yates shuffle in place."""
        below = self.below
        for i in range(len(items) - 1, 0, -1):
            j = below(i + 1)
            items[i], items[j] = items[j], items[i]

    def fork(self, label: int) -> Rng:
        """An independent stream for one purpose (decks, nobles, seat order...)."""
        return Rng(self.next_u64() ^ (label * 0xD1B54A32D192ED03 & _MASK))
