"""What a dispatch changed, coarsely, so views refresh by area and by slice (Anki's OpChanges).

Scenes repaint only the squares, cards and characters named here; ``origin``
says which view started the command so a dragging view does not fight the
update it caused.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum


class Area(StrEnum):
    SESSION = "session"
    CARDS = "cards"
    SQUARES = "squares"
    PILES = "piles"
    HANDS = "hands"
    CHARACTERS = "characters"
    DICE = "dice"
    LOG = "log"
    NOTES = "notes"


@dataclass
class Changes:
    """Accumulates what events touch; frozen into sets for the listeners."""

    areas: set[Area] = field(default_factory=set)
    cards: set[str] = field(default_factory=set)
    squares: set[str] = field(default_factory=set)
    characters: set[str] = field(default_factory=set)
    #: the ids of the state's slices (``State.slices``) that changed
    slices: set[str] = field(default_factory=set)
    origin: str | None = None

    def merge(self, other: Changes) -> None:
        self.areas |= other.areas
        self.slices |= other.slices
        self.cards |= other.cards
        self.squares |= other.squares
        self.characters |= other.characters

    def touches(self, area: Area) -> bool:
        return area in self.areas or Area.SESSION in self.areas

    def touches_slice(self, slice_id: str) -> bool:
        """Did the slice ``slice_id`` change (or the whole session)?"""
        return slice_id in self.slices or Area.SESSION in self.areas
