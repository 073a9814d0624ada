"""Who is looking: the seats at the table a players' view is drawn for.

boardgame.io gives each player its own ``playerView``; so do we.  The projector
(or a second monitor) is the seat that belongs to no player: it sees what every
player may see.  A character's seat — a player's own device — sees that, and
also its own hand face up and its own sheet (without the GM's notes).  No seat sees another seat's
hand, the deck, face-down cards, GM notes or secret rolls, nor a non-player
character the GM has not shown yet (``Character.shown``).

The GM's window is no seat: it draws the whole state.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from dataclasses import dataclass

from engine.core.state import RollRecord, State


@dataclass(frozen=True)
class Seat:
    """A players' screen: ``character_id`` None is the projector's seat."""

    character_id: str | None = None

    @classmethod
    def projector(cls) -> Seat:
        return PROJECTOR

    @classmethod
    def character(cls, character_id: str) -> Seat:
        return cls(character_id=character_id)

    @property
    def is_projector(self) -> bool:
        return self.character_id is None

    def owns(self, character_id: str) -> bool:
        """True for the seat's own character (its hand and sheet are open to it)."""
        return self.character_id is not None and self.character_id == character_id


#: The seat that belongs to no player (the default of every view).
PROJECTOR = Seat()


def seats_of(state: State) -> tuple[Seat, ...]:
    """Every seat a table of ``state`` has: the projector, then each player character's
    (marching order); a non-player character has no player, so no seat."""
    return (PROJECTOR, *(Seat.character(c.id) for c in state.ordered_characters() if not c.npc))


def hidden_characters(state: State, seat: Seat = PROJECTOR) -> dict[str, str]:
    """Characters ``seat`` may not know of yet, id → name: those the GM has not
    shown to the players (a seat always knows its own character)."""
    return {cid: c.name for cid, c in state.characters.items() if not c.shown and not seat.owns(cid)}


def mentions(text: str, names: Collection[str]) -> bool:
    """True when ``text`` names one of ``names`` (a line that would give a hidden character away)."""
    return any(name and name in text for name in names)


def public_rolls(state: State, records: Iterable[RollRecord], seat: Seat = PROJECTOR) -> list[RollRecord]:
    """The rolls ``seat`` may see, in order: no secret roll, and no roll by or
    about a character hidden from it (a rule's roll names the roller by name, a
    dice-box roll by id; the reason or comment may name one too)."""
    hidden = hidden_characters(state, seat)
    names = set(hidden.values())
    out: list[RollRecord] = []
    for record in records:
        if record.result.secret:
            continue
        if record.by is not None and (record.by in hidden or record.by in names):
            continue
        if mentions(f"{record.reason or ''} {record.result.text} {record.result.comment}", names):
            continue
        out.append(record)
    return out


__all__ = ["PROJECTOR", "Seat", "hidden_characters", "mentions", "public_rolls", "seats_of"]
