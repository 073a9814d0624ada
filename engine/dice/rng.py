"""The session's seeded dice (DICE-2).

The generator state is two integers — the seed and how many dice have been
drawn — so it lives inside the session state: undo rewinds it, a saved session
never re-rolls, and replaying seed + commands reproduces every roll.  Die *n*
of a session is derived by hashing ``seed:n`` (BLAKE2b) and rejection sampling,
which needs no hidden generator object and costs a few microseconds a die.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TypeVar

from engine.errors import EngineError

T = TypeVar("T")

_SPACE = 1 << 64


@dataclass(frozen=True)
class DiceState:
    """Where the session's dice stand: the seed and the count of dice drawn.

    A plain frozen dataclass (no pydantic model to build for a roll on the command
    line); the state and the events that hold it validate and store it as before."""

    seed: int = 0
    counter: int = 0


def _raw(seed: int, counter: int) -> int:
    digest = hashlib.blake2b(f"{seed}:{counter}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big")


class DiceSource:
    """A cursor over :class:`DiceState` for the duration of one command.

    ``typed`` holds physical dice the GM typed in (DICE-2); they are used first,
    in order.  A ``0`` typed for a d10 or d100 means 10 or 100, as printed on
    real percentile dice.
    """

    def __init__(self, state: DiceState, typed: Sequence[int] = ()) -> None:
        self._seed = state.seed
        self._counter = state.counter
        self._typed = list(typed)
        self._typed_total = len(self._typed)

    @property
    def state(self) -> DiceState:
        return DiceState(seed=self._seed, counter=self._counter)

    @property
    def typed_left(self) -> int:
        return len(self._typed)

    def die(self, sides: int) -> int:
        """One die of ``sides`` faces, 1..sides."""
        if sides < 1:
            raise EngineError("A die needs at least one side (got {sides}).", sides=sides)
        if self._typed:
            value = self._typed.pop(0)
            if value == 0 and sides in (10, 100):
                value = sides
            if not 1 <= value <= sides:
                raise EngineError("The typed die {value} is not a face of a d{sides}.", value=value, sides=sides)
            return value
        if self._typed_total:
            raise EngineError("{count} typed dice are not enough for this roll.", count=self._typed_total)
        limit = _SPACE - (_SPACE % sides)
        while True:
            raw = _raw(self._seed, self._counter)
            self._counter += 1
            if raw < limit:
                return raw % sides + 1

    def check_all_typed_used(self) -> None:
        """Typed dice left over mean the GM typed more than the roll needs."""
        if self._typed:
            raise EngineError("{count} typed dice were left over; the roll needs fewer.", count=len(self._typed))

    def shuffled(self, items: Iterable[T]) -> list[T]:
        """A uniformly shuffled copy (Fisher–Yates) drawn from the session's dice."""
        out = list(items)
        for i in range(len(out) - 1, 0, -1):
            j = self._pick(i + 1)
            out[i], out[j] = out[j], out[i]
        return out

    def _pick(self, n: int) -> int:
        """0..n-1, never from typed dice (shuffles are not physical dice)."""
        limit = _SPACE - (_SPACE % n)
        while True:
            raw = _raw(self._seed, self._counter)
            self._counter += 1
            if raw < limit:
                return raw % n
