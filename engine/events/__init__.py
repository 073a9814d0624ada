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
from engine.upland.event_types import (
    ActionDeclared,
    CheckMade,
    CycleEnded,
    DespairResolved,
    EventExposed,
    EventResolved,
    ExplorationStarted,
    FatigueRecorded,
    HeldBack,
    InvestigationResolved,
    PeekPending,
    PeekResolved,
    PursuerMoved,
    ResponsesCounted,
    SheetSet,
    SheetValueChanged,
    SkillChanged,
    SleepwalkerFound,
    SpadeProbed,
    StepEntered,
    SuitLearned,
    TimeActionTaken,
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
        # Upland sheets and the exploration cycle (engine/upland)
        SheetSet,
        SheetValueChanged,
        SkillChanged,
        ExplorationStarted,
        StepEntered,
        ActionDeclared,
        CheckMade,
        SuitLearned,
        SpadeProbed,
        PeekPending,
        PeekResolved,
        ResponsesCounted,
        InvestigationResolved,
        DespairResolved,
        SleepwalkerFound,
        HeldBack,
        TimeActionTaken,
        PursuerMoved,
        EventExposed,
        EventResolved,
        FatigueRecorded,
        CycleEnded,
    ],
    Field(discriminator="type"),
]
EVENT_ADAPTER: TypeAdapter[EventBase] = TypeAdapter(Event)
EVENT_LIST_ADAPTER: TypeAdapter[list[EventBase]] = TypeAdapter(list[Event])

__all__ = ["Event", "EventBase", "EVENT_ADAPTER", "EVENT_LIST_ADAPTER"]
