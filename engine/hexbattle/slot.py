"""Where the battle lives in the session state — the one place that knows.

The battle is the ``battle`` slice of ``State.slices`` (registered by
:func:`engine.rulesets.builtin.load`), so any ruleset may open one; commands and
events reach it only through these functions.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.state import State
from engine.errors import EngineError

if TYPE_CHECKING:
    from engine.hexbattle.model import BattleState

SLICE = "battle"


def battle_of(state: State) -> BattleState | None:
    """The battle of ``state``, or None when no battle is open.

    Without a battle the battle board's models are not imported: a session's board
    paints before them (a battle in the file imports them as its snapshot is read)."""
    found = state.slices.get(SLICE)
    if found is None:
        return None
    from engine.hexbattle.model import BattleState

    return found if isinstance(found, BattleState) else None


def require_battle(state: State) -> BattleState:
    battle = battle_of(state)
    if battle is None:
        raise EngineError("No battle is open; lay out the battle maps first.")
    return battle


def with_battle(state: State, battle: BattleState | None) -> State:
    """A copy of ``state`` holding ``battle`` (None closes the battle)."""
    if battle is not None:
        return state.with_slice(SLICE, battle)
    slices = {key: value for key, value in state.slices.items() if key != SLICE}
    return state.model_copy(update={"slices": slices})
