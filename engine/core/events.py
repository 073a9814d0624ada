"""Events: facts about what happened, with every dice result inside.

An event applies to a state without rolling anything (``apply``), so redo and
reload never re-roll.  ``describe`` gives the GM's log line; ``touch`` names
what changed for the views.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

from engine.core.changes import Changes
from engine.core.state import State


class EventBase(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)

    type: str

    def apply(self, state: State) -> State:  # pragma: no cover - abstract
        raise NotImplementedError

    def touch(self, changes: Changes) -> None:  # pragma: no cover - abstract
        raise NotImplementedError

    def describe(self, lang: str = "ja") -> str:  # pragma: no cover - abstract
        raise NotImplementedError
