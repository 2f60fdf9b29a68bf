"""Seeded, version-stable pseudo-random numbers (SplitMix64).

The engine never touches the global ``random`` module: every shuffle of a game comes
from its stored seed through this generator, so a game replays identically on any
Python version.

Compiled (setup.py), the generator runs on 64-bit native integers, which wrap around as SplitMix64's
arithmetic does: its state is then kept as the signed integer with the same 64 bits, and the numbers drawn
are exactly those of the interpreted code (Python integers, masked to 64 bits).  Which of the two a module
runs is decided once, by :func:`_wraps`; the interpreted code is unchanged by the compiled one beside it.
"""

from __future__ import annotations

from collections.abc import MutableSequence
from typing import TYPE_CHECKING, Final, TypeVar

if TYPE_CHECKING:
    from mypy_extensions import i64

T = TypeVar("T")
_MASK: Final = (1 << 64) - 1
_TWO64: Final = 1 << 64
_LIMITS: Final = 256
#: ``below(n)``'s rejection limit for small ``n`` (the largest multiple of ``n`` up to 2**64).
_LIMIT: Final = (0, *(_TWO64 - _TWO64 % n for n in range(1, _LIMITS)))

# SplitMix64's constants as signed 64-bit integers (the same bits), for the native arithmetic.
_GAMMA: Final = -0x61C8864680B583EB  # 0x9E3779B97F4A7C15
_MUL1: Final = -0x40A7B892E31B1A47  # 0xBF58476D1CE4E5B9
_MUL2: Final = -0x6B2FB644ECCEEE15  # 0x94D049BB133111EB
#: ``2**64 % n`` for small ``n``: the numbers a native ``below(n)`` rejects are the top ones, -r .. -1 signed.
_REST: Final = (0, *(_TWO64 % n for n in range(1, _LIMITS)))
#: The largest ``n`` a native ``below(n)`` handles with native integers (larger: the interpreted arithmetic).
_NATIVE_BELOW: Final = 1 << 32


def _wraps(x: i64) -> bool:
    """Whether 64-bit integers wrap around here: true where this module is compiled with mypyc (``x`` is then a
    native 64-bit integer), false interpreted (where ``i64`` is ``int``)."""
    return x + x < 0


#: Compiled: the state is a native signed 64-bit integer (see the module's docstring).
_NATIVE: Final = _wraps(1 << 62)


def _mix(z: i64) -> i64:
    """SplitMix64's output function on the signed form of the state (native only: it relies on wrapping);
    ``(z >> k) & mask`` is the unsigned shift."""
    z = (z ^ ((z >> 30) & 0x3FFFFFFFF)) * _MUL1
    z = (z ^ ((z >> 27) & 0x1FFFFFFFFF)) * _MUL2
    return z ^ ((z >> 31) & 0x1FFFFFFFF)


def _signed(u: int) -> int:
    """The signed 64-bit integer with the bits of ``u`` (in [0, 2**64))."""
    return u - _TWO64 if u >> 63 else u


def _unsigned(x: int) -> int:
    return x & _MASK


class Rng:
    __slots__ = ("_state",)

    def __init__(self, seed: int) -> None:
        self._state: i64 = _signed(seed & _MASK) if _NATIVE else seed & _MASK

    def next_u64(self) -> int:
        if _NATIVE:
            state: i64 = self._state + _GAMMA
            self._state = state
            return _unsigned(_mix(state))
        z: int = self._state
        z = (z + 0x9E3779B97F4A7C15) & _MASK
        self._state = z
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """Uniform integer in ``[0, n)`` (rejection sampling, no modulo bias).

        ``next_u64`` is inlined here (the hot path of search play-outs and shuffles): the numbers drawn
        are exactly the same."""
        if n <= 0:
            raise ValueError("n must be positive")
        if _NATIVE:
            return self._below_native(n) if n < _NATIVE_BELOW else self._below_large(n)
        limit = _LIMIT[n] if n < _LIMITS else _TWO64 - _TWO64 % n
        state: int = self._state
        while True:
            state = (state + 0x9E3779B97F4A7C15) & _MASK
            z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
            x = z ^ (z >> 31)
            if x < limit:
                self._state = state
                return x % n

    def _below_large(self, n: int) -> int:
        """``below`` compiled, for an ``n`` beyond native integers' reach: the interpreted arithmetic on the
        unsigned form of the state."""
        limit = _TWO64 - _TWO64 % n
        state = _unsigned(self._state)
        while True:
            state = (state + 0x9E3779B97F4A7C15) & _MASK
            x = _unsigned(_mix(_signed(state)))
            if x < limit:
                self._state = _signed(state)
                return x % n

    def _below_native(self, n: i64) -> int:
        """``below`` on native integers: the same draws and the same numbers.  Unsigned ``x`` is below the limit
        unless it is one of the top ``r = 2**64 % n`` values, which are -r .. -1 signed; and for a negative
        ``x``, ``(x + 2**64) % n == (x % n + r) % n``."""
        rest: i64 = _REST[n] if n < _LIMITS else ((0x7FFFFFFFFFFFFFFF % n) * 2 + 2) % n
        state: i64 = self._state
        while True:
            state += _GAMMA
            x = _mix(state)
            if x >= 0:
                self._state = state
                return x % n
            if x < -rest:
                self._state = state
                return (x % n + rest) % n

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher-Yates shuffle in place."""
        below = self.below
        for i in range(len(items) - 1, 0, -1):
            j = below(i + 1)
            items[i], items[j] = items[j], items[i]

    def fork(self, label: int) -> Rng:
        """An independent stream for one purpose (decks, nobles, seat order...)."""
        return Rng(self.next_u64() ^ (label * 0xD1B54A32D192ED03 & _MASK))
