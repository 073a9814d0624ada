"""The card table: a part of the state that a ruleset asks for (MAP-1, MAP-6).

A ruleset that plays with cards (the Upland) gets a :class:`CardTable` when its
session starts: the grid of squares, the deck, the discard, the removed pile,
each square's stack, each character's hand and each card's flags.  A ruleset
without cards (Call of Cthulhu, the toy ruleset) gets none: its state holds no
grid, deck or hands at all, rather than empty ones.

Piles are tuples of card codes with **index 0 the top**; a square without cards
is simply absent from ``squares`` (MAP-2: blank).
"""

from __future__ import annotations

from pydantic import Field

from engine.core.models import Frozen
from engine.table.board import Grid
from engine.table.places import CardFlags

#: The fields of the card table, in the order a stored state lists them (the
#: stored state keeps them at its top level, where they always were).
CARD_TABLE_FIELDS = ("cols", "rows", "deck", "discard", "removed", "squares", "hands", "flags")


class CardTable(Frozen):
    """The cards of a session that plays with cards, and the grid they lie on."""

    cols: int = 5
    rows: int = 5
    deck: tuple[str, ...] = ()
    discard: tuple[str, ...] = ()
    removed: tuple[str, ...] = ()
    squares: dict[str, tuple[str, ...]] = Field(default_factory=dict)
    hands: dict[str, tuple[str, ...]] = Field(default_factory=dict)
    flags: dict[str, CardFlags] = Field(default_factory=dict)

    @property
    def grid(self) -> Grid:
        return Grid(self.cols, self.rows)
