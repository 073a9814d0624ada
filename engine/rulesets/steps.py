"""Procedure steps declared as data (boardgame.io's phases: ``{moves, next,
onBegin, endIf}``).

A ruleset's :class:`Flow` is a table of :class:`Step` entries plus one function
that reads from the state which step the GM stands at.  The stepper panel and
any other reader look the step up in the table; adding a step (a suit event, a
combat round) is one more entry and its rule module — no central ``match``.

What comes next is decided by the rule module that resolves the step (it emits
the ruleset's "step entered" event), read from the state at that moment; the
entry names the commands the step accepts and what it tells the GM.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from engine.errors import EngineError

if TYPE_CHECKING:
    from engine.core.state import State


@dataclass(frozen=True)
class Step:
    """One step of a procedure.

    ``moves`` are the ``type`` values of the commands that resolve it;
    ``view`` computes, from the state, what the step shows (highlights,
    choices — the ruleset's own type); ``tells`` gives the GM's instruction
    from that view in a language; ``ends`` marks a step where the flow is over.
    """

    id: str
    phase: str
    rules: tuple[str, ...] = ()
    moves: tuple[str, ...] = ()
    view: Callable[[State], Any] | None = None
    tells: Callable[[Any, str], str] | None = None
    ends: bool = False


@dataclass(frozen=True)
class Flow:
    """A ruleset's procedure: its steps and where the state stands."""

    steps: tuple[Step, ...]
    #: The id of the step the GM stands at, read from the state.
    at: Callable[[State], str]
    _by_id: dict[str, Step] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_by_id", {s.id: s for s in self.steps})

    def step(self, step_id: str) -> Step:
        found = self._by_id.get(step_id)
        if found is None:
            raise EngineError("Unknown step '{step}'.", step=step_id)
        return found

    def current(self, state: State) -> Step:
        return self.step(self.at(state))

    def accepts(self, state: State, command_type: str) -> bool:
        """Does the current step take a command of ``command_type``?"""
        return command_type in self.current(state).moves

    @classmethod
    def of(cls, steps: Iterable[Step], at: Callable[[State], str]) -> Flow:
        return cls(tuple(steps), at)
