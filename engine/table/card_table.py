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

from collections.abc import Callable
from typing import Any

from pydantic import Field

from engine.core.models import Frozen
from engine.table.board import Grid
from engine.table.places import CardFlags, PileKind, Place

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

    def pile(self, place: Place) -> tuple[str, ...]:
        """The cards of one of the table's piles, top first (a blank square: none)."""
        match place.zone:
            case PileKind.DECK:
                return self.deck
            case PileKind.DISCARD:
                return self.discard
            case PileKind.REMOVED:
                return self.removed
            case PileKind.SQUARE:
                return self.squares.get(place.key or "", ())
            case PileKind.HAND:
                return self.hands.get(place.key or "", ())
        raise ValueError(f"{place} is not a pile of the card table")

    def moved(self, card: str, src: Place, src_index: int, dst: Place, dst_index: int, flags: CardFlags) -> CardTable:
        """The table after ``card`` left ``src`` at ``src_index`` and entered ``dst`` at
        ``dst_index`` with ``flags``: one copy, as a card move is the commonest change.

        The source is emptied before the destination fills, as two single-pile changes
        would do (a square emptied and filled again comes last in ``squares``)."""
        update: dict[str, Any] = {"flags": {**self.flags, card: flags}}

        def write(place: Place, change: Callable[[list[str]], None]) -> None:
            zone = place.zone
            if zone in (PileKind.SQUARE, PileKind.HAND):
                field = "squares" if zone is PileKind.SQUARE else "hands"
                piles = update[field] if field in update else dict(getattr(self, field))
                cards = list(piles.get(place.key or "", ()))
                change(cards)
                if cards or zone is PileKind.HAND:
                    piles[place.key or ""] = tuple(cards)
                else:  # MAP-2: a square without cards is blank, not an empty stack
                    piles.pop(place.key or "", None)
                update[field] = piles
            else:
                cards = list(update[zone.value] if zone.value in update else self.pile(place))
                change(cards)
                update[zone.value] = tuple(cards)

        def take(cards: list[str]) -> None:
            del cards[src_index]

        def put(cards: list[str]) -> None:
            cards.insert(dst_index, card)

        write(src, take)
        write(dst, put)
        return self.model_copy(update=update)
