"""The Upland ruleset's own part of the state (``State.slices["upland"]``), what
the players see of it, and how states written before the slice existed are read.
"""

from __future__ import annotations

from typing import Any

from engine.core.models import SliceBase
from engine.core.state import State
from engine.upland.procedure import CycleState

SLICE_ID = "upland"


class UplandSlice(SliceBase):
    """The exploration cycle's procedure (None until it starts, CYC-1)."""

    cycle: CycleState | None = None


def upland_slice(state: State) -> UplandSlice:
    return state.slice(SLICE_ID, UplandSlice)


def cycle_now(state: State) -> CycleState | None:
    """The procedure state, or None before the exploration starts."""
    return upland_slice(state).cycle


def with_cycle_state(state: State, cycle: CycleState | None) -> State:
    return state.with_slice(SLICE_ID, upland_slice(state).model_copy(update={"cycle": cycle}))


def player_slice(state: State, part: SliceBase) -> SliceBase:
    """What the players see of the procedure: a card declared for an action is still
    in the hand until resolved (INV-1/INV-6), and a heart's replacement lies face
    down (EVT-4), so neither code shows."""
    assert isinstance(part, UplandSlice)
    cycle = part.cycle
    if cycle is None:
        return part
    declarations = {
        cid: d.model_copy(update={"card": f"?declared-{cid}" if d.card else None})
        for cid, d in cycle.declarations.items()
    }
    done = tuple(c for c in cycle.events_done if state.card_flags(c).face_up)
    hidden = cycle.model_copy(update={"declarations": declarations, "events_done": done})
    return part.model_copy(update={"cycle": hidden})


def upgrade_schema_1(data: dict[str, Any]) -> dict[str, Any]:
    """Schema 1 kept the procedure in ``State.cycle`` and sheets without a ``kind``
    (Upland's was the only sheet): move both into today's places."""
    if "cycle" in data:
        cycle = data.pop("cycle")
        if cycle is not None:
            data["slices"] = {**data.get("slices", {}), SLICE_ID: {"cycle": cycle}}
    characters = data.get("characters")
    if isinstance(characters, dict):
        upgraded = {}
        for cid, character in characters.items():
            sheet = character.get("sheet") if isinstance(character, dict) else None
            if isinstance(sheet, dict) and "kind" not in sheet:
                character = {**character, "sheet": {**sheet, "kind": SLICE_ID}}
            upgraded[cid] = character
        data["characters"] = upgraded
    return data
