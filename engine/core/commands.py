"""Commands: what someone wants.  ``run`` validates against the state and the
ruleset, rolls what it must and emits events through the :class:`Context`;
it raises :class:`EngineError` — before emitting anything that matters, since
the session throws the context away — when the command is illegal."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from pydantic import BaseModel, ConfigDict

from engine.core.events import EventBase
from engine.core.state import State
from engine.dice.rng import DiceSource, DiceState


class Context:
    """The working copy of one dispatch: events are applied as they are emitted
    so later steps of the same command see their effect."""

    def __init__(self, state: State, typed_dice: Sequence[int] = (), dice: DiceState | None = None) -> None:
        self.state = state
        self.events: list[EventBase] = []
        #: ``dice`` is where the session's generator stands, which may be past
        #: ``state.dice`` after an undo (the dice never move backwards).
        self.dice = DiceSource(dice if dice is not None else state.dice, typed_dice)

    def emit(self, event: EventBase) -> None:
        self.state = event.apply(self.state)
        self.events.append(event)


class CommandBase(BaseModel):
    # allow_inf_nan: a non-finite number could not be read back from the journal
    model_config = ConfigDict(frozen=True, extra="forbid", allow_inf_nan=False, defer_build=True)

    type: str
    #: A final command (a dice-box roll) is never undone or redone: the table
    #: saw it, so it stays in the log and leaves the undoable state alone.
    final: ClassVar[bool] = False

    def run(self, ctx: Context) -> None:  # pragma: no cover - abstract
        raise NotImplementedError

    def label(self, lang: str = "ja") -> str:  # pragma: no cover - abstract
        """The action's name for the Edit menu (Undo "…")."""
        raise NotImplementedError
