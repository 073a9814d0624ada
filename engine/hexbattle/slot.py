"""Where the battle lives in the session state — the one place that knows.

The core ``State`` has no battle yet: the ruleset plug-in work registers slices
(``register_slice("battle", BattleState)``).  Until that is merged, commands and
events reach the battle only through these two functions, which read and write
a ``battle`` field; wiring the slice means changing this module alone.
"""

from __future__ import annotations

from typing import Any

from engine.errors import EngineError
from engine.hexbattle.model import BattleState

FIELD = "battle"


def battle_of(state: Any) -> BattleState | None:
    """The battle of ``state``, or None when no battle is open."""
    found = getattr(state, FIELD, None)
    return found if isinstance(found, BattleState) else None


def require_battle(state: Any) -> BattleState:
    battle = battle_of(state)
    if battle is None:
        raise EngineError("No battle is open; lay out the battle maps first.")
    return battle


def with_battle(state: Any, battle: BattleState | None) -> Any:
    """A copy of ``state`` holding ``battle`` (None closes the battle)."""
    if FIELD not in type(state).model_fields:
        raise EngineError("This session cannot hold a battle board yet.")
    return state.model_copy(update={FIELD: battle})
