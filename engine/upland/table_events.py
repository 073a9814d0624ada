"""The Upland's things on the card table, by hand: the party token and the
characters' investigation markers (kept in the Upland's slice).  Stored ``type``
values are those of the free board events these once were."""

from __future__ import annotations

from typing import Literal

from engine.core.changes import Changes
from engine.core.events import EventBase
from engine.core.state import State
from engine.i18n import render
from engine.upland.slice import SLICE_ID, markers_of, with_table


class MarkerPlaced(EventBase):
    """A character's investigation marker was placed, moved or removed."""

    type: Literal["marker_placed"] = "marker_placed"
    character: str
    square: str | None
    previous: str | None
    name: str = ""

    def apply(self, state: State) -> State:
        markers = dict(markers_of(state))
        if self.square is None:
            markers.pop(self.character, None)
        else:
            markers[self.character] = self.square
        return with_table(state, markers=markers)

    def touch(self, changes: Changes) -> None:
        changes.slices.add(SLICE_ID)
        changes.characters.add(self.character)
        changes.squares.update(s for s in (self.square, self.previous) if s)

    def describe(self, lang: str = "ja") -> str:
        if self.square is None:
            return render("{name}'s marker was removed.", lang, name=self.name)
        if self.previous is not None and self.previous != self.square:
            return render(
                "{name}'s marker was moved from {previous} to {square}.",
                lang,
                name=self.name,
                previous=self.previous,
                square=self.square,
            )
        return render("{name}'s marker was placed on {square}.", lang, name=self.name, square=self.square)


class PartyMoved(EventBase):
    """The party token was put on a square or taken off the map by hand."""

    type: Literal["party_moved"] = "party_moved"
    square: str | None
    previous: str | None

    def apply(self, state: State) -> State:
        return with_table(state, party=self.square)

    def touch(self, changes: Changes) -> None:
        changes.slices.add(SLICE_ID)
        changes.squares.update(s for s in (self.square, self.previous) if s)

    def describe(self, lang: str = "ja") -> str:
        if self.square is None:
            return render("The party token was taken off the map.", lang)
        return render("The party moved to {square}.", lang, square=self.square)


TABLE_EVENTS: tuple[type[EventBase], ...] = (MarkerPlaced, PartyMoved)
