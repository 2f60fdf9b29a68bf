"""How every ruleset represents a turn that needs several decisions.

A state holds two fields:

* ``pending``: the :class:`Pending` decision the engine waits for, or ``None`` (the seat to act
  chooses a main action, or the game is over);
* ``steps``: what remains of the current turn, as a stack of small int tuples (last resolves
  first).  ``step[0]`` says what the step is (an index into the ruleset's step functions), the
  rest is its data (a card, a noble, a deck level...).

The main action sets up ``steps`` (Splendor B-15, Spectacle P-7b); :func:`run_steps` then pops
steps until one needs a decision (it sets ``pending``) or the stack is empty (the turn has passed
to the next seat, or the game is over).  Answering a decision applies it, clears ``pending``
(a step that must ask again pushes itself back) and runs the stack again.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Generic, Protocol, TypeVar

A = TypeVar("A")
S = TypeVar("S", bound="Stepped")

Step = tuple[int, ...]
"""One step of a turn: ``(kind, *data)``."""


class Pending(Generic[A]):
    """A decision the engine waits for: its kind, the seat that decides, the legal answers, and data.

    ``options`` are the ruleset's actions, in the order ``legal_actions`` lists them.  ``data`` is
    what the answer needs besides the state (the card being bought, the noble being received...).
    Pending values are never mutated, so copies of a state share them.
    """

    __slots__ = ("data", "kind", "options", "seat")

    def __init__(self, kind: str, seat: int, options: tuple[A, ...], data: tuple[int, ...] = ()) -> None:
        self.kind = kind
        self.seat = seat
        self.options = options
        self.data = data

    def __repr__(self) -> str:
        return f"<Pending {self.kind} seat={self.seat} options={len(self.options)} data={self.data}>"

    def __reduce__(self) -> tuple[type[Pending[A]], tuple[str, int, tuple[A, ...], tuple[int, ...]]]:
        """Pickled as its constructor's arguments.  Compiled (setup.py), a class's ``__new__`` runs its
        ``__init__``, so the default unpickling (``__new__`` without arguments, then the fields) fails on a
        class whose ``__init__`` needs arguments: a view holding a decision would not reach a worker process."""
        return (Pending, (self.kind, self.seat, self.options, self.data))


class Stepped(Protocol):
    """A state with a pending decision and a stack of remaining steps."""

    @property
    def pending(self) -> object: ...

    @property
    def steps(self) -> list[Step]: ...


def run_steps(s: S, step_fns: Sequence[Callable[[S, Step], None]]) -> None:
    """Resolve steps until a decision is needed (``s.pending`` is set) or the stack is empty.

    ``step_fns[kind](s, step)`` resolves one step: it applies it, pushes further steps onto ``s.steps``
    (the same list: a step function never replaces it), or sets ``s.pending`` when a choice with more
    than one option must be made.
    """
    steps = s.steps
    while steps and s.pending is None:
        step = steps.pop()
        step_fns[step[0]](s, step)
