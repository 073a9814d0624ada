"""What the ♦ rule modules share: the due map card, who may take part, and the
checks of a participant list."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from engine.core.state import State
from engine.errors import EngineError
from engine.upland.facts import action_order, cycle_of, name_of, party, upland_sheet
from engine.upland.incident_phase import current_incident_card

FATIGUE_POINT = 3  # thirds of a point


def due_card(state: State) -> str:
    """The map card whose ♦ event runs now (EVT-2)."""
    tear = cycle_of(state).diamonds.tear
    if tear is not None:
        return tear.card
    card = current_incident_card(state)
    if card is None:
        raise EngineError("No map card event is under way.")
    return card


def members(state: State) -> list[str]:
    """Characters with an Upland sheet, in action order."""
    with_sheet = {c.id for c in party(state) if upland_sheet(c) is not None}
    return [c for c in action_order(state) if c in with_sheet]


def require_members(state: State, chosen: Iterable[str]) -> None:
    known = set(members(state))
    for character in chosen:
        if character not in known:
            raise EngineError("{name} is not a character of the party with an Upland sheet.", name=character)


def in_order(state: State, chosen: Iterable[str], order: Sequence[str] | None = None) -> list[str]:
    """``chosen`` in action order (or the GM's ``order``)."""
    wanted = set(chosen)
    require_members(state, wanted)
    return [c for c in action_order(state, order) if c in wanted]


def name(state: State, character: str) -> str:
    return name_of(state, character)
