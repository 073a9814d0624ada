"""Where a card can be: the piles of the table (MAP-6).

Serialized values (``"deck"``, ``"square"``…) are stored in session files and
never change.
"""

from __future__ import annotations

from enum import StrEnum

from engine.core.models import Frozen


class PileKind(StrEnum):
    """Which pile a card is in (MAP-6): exactly one of these at any time.

    (Named apart from the hex map's terrain ``engine.hexmap.Zone``.)
    """

    DECK = "deck"
    DISCARD = "discard"
    REMOVED = "removed"
    SQUARE = "square"
    HAND = "hand"
    #: cards a slice keeps off the table, secret from every player (``key``: the slice id)
    SECRET = "secret"


KEYED_PILES = (PileKind.SQUARE, PileKind.HAND, PileKind.SECRET)


class Place(Frozen):
    """A pile: its kind, plus the square name or character id for keyed kinds.

    The field keeps its stored name ``zone``.
    """

    zone: PileKind
    key: str | None = None

    def __str__(self) -> str:
        return f"{self.zone.value}:{self.key}" if self.key else self.zone.value


DECK = Place(zone=PileKind.DECK)
DISCARD = Place(zone=PileKind.DISCARD)
REMOVED = Place(zone=PileKind.REMOVED)


def square(name: str) -> Place:
    return Place(zone=PileKind.SQUARE, key=name)


def hand(character_id: str) -> Place:
    return Place(zone=PileKind.HAND, key=character_id)


def secret(slice_id: str) -> Place:
    """The secret pile of the slice ``slice_id`` (see ``SliceBase.secret_cards``)."""
    return Place(zone=PileKind.SECRET, key=slice_id)


class CardFlags(Frozen):
    face_up: bool = False
    tapped: bool = False
