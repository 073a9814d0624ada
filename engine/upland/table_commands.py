"""The Upland's things on the card table moved by hand: free commands (taken at
every step), logged and undoable.  Stored ``type`` values are those of the free
board commands these once were."""

from __future__ import annotations

from typing import Literal

from engine.core.commands import CommandBase, Context
from engine.core.state import State
from engine.errors import EngineError
from engine.i18n import render
from engine.table.piles import require_character, require_square, require_started
from engine.upland.slice import markers_of, party_of
from engine.upland.table_events import MarkerPlaced, PartyMoved


class PlaceMarker(CommandBase):
    """Place, move or (``square`` None) remove a character's investigation marker."""

    type: Literal["place_marker"] = "place_marker"
    character: str
    square: str | None

    def run(self, ctx: Context) -> None:
        require_started(ctx.state)
        who = require_character(ctx.state, self.character)
        target = require_square(ctx.state, self.square) if self.square is not None else None
        previous = markers_of(ctx.state).get(self.character)
        if target == previous:
            if target is None:
                raise EngineError("{name}'s marker is not on the map.", name=who.name)
            raise EngineError("{name}'s marker is already on {square}.", name=who.name, square=target)
        ctx.emit(MarkerPlaced(character=who.id, square=target, previous=previous, name=who.name))

    def label(self, lang: str = "ja") -> str:
        return render("Place a marker", lang)


class MoveParty(CommandBase):
    """Put the party token on a square by hand (``square`` None takes it off)."""

    type: Literal["move_party"] = "move_party"
    square: str | None

    def run(self, ctx: Context) -> None:
        require_started(ctx.state)
        target = require_square(ctx.state, self.square) if self.square is not None else None
        previous = party_of(ctx.state)
        if target == previous:
            raise EngineError("The party token is already there.")
        ctx.emit(PartyMoved(square=target, previous=previous))

    def label(self, lang: str = "ja") -> str:
        return render("Move the party token", lang)


def marker_targets(state: State, character: str) -> list[str]:
    """Squares the character's investigation marker may go to."""
    if character not in state.characters:
        return []
    current = markers_of(state).get(character)
    return [n for n in state.grid.squares() if n != current]


TABLE_COMMANDS: tuple[type[CommandBase], ...] = (PlaceMarker, MoveParty)
