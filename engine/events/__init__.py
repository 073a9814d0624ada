"""All event types as one discriminated union (``type`` field)."""

from __future__ import annotations

from typing import Annotated, Union

from pydantic import Field, TypeAdapter

from engine.events.base import EventBase
from engine.events.board import (
    BoneRevealed,
    BoneSet,
    CardFlipped,
    CardMoved,
    CardTapped,
    CharacterAdded,
    CharacterRemoved,
    CharacterUpdated,
    DiceRolled,
    DiscardRecycled,
    MarkerPlaced,
    NoteAdded,
    PartyMoved,
    PileShuffled,
    SessionStarted,
)

Event = Annotated[
    Union[
        SessionStarted,
        CardMoved,
        CardFlipped,
        CardTapped,
        PileShuffled,
        DiscardRecycled,
        BoneSet,
        BoneRevealed,
        MarkerPlaced,
        PartyMoved,
        CharacterAdded,
        CharacterUpdated,
        CharacterRemoved,
        DiceRolled,
        NoteAdded,
    ],
    Field(discriminator="type"),
]
EVENT_ADAPTER: TypeAdapter[EventBase] = TypeAdapter(Event)
EVENT_LIST_ADAPTER: TypeAdapter[list[EventBase]] = TypeAdapter(list[Event])

__all__ = ["Event", "EventBase", "EVENT_ADAPTER", "EVENT_LIST_ADAPTER"]
