"""All command types as one discriminated union (``type`` field), so a command
serialises to JSON as it is and ``python -m engine commands`` can print the
schema of every one."""

from __future__ import annotations

from typing import Annotated, Any, Union

from pydantic import Field, TypeAdapter, ValidationError

from engine.commands.base import CommandBase, Context
from engine.commands.board import (
    AddCharacter,
    AddNote,
    DealCard,
    DrawCards,
    EditCharacter,
    FlipCard,
    GiveCard,
    MoveCard,
    MoveParty,
    MoveStack,
    NewSession,
    PlaceMarker,
    RecycleDiscard,
    RemoveCharacter,
    RevealBone,
    Roll,
    SetBone,
    ShuffleDeck,
    ShuffleStack,
    TapCard,
)
from engine.errors import EngineError
from engine.upland.command_types import (
    ChooseLeave,
    ChooseMove,
    ChooseWait,
    ContinueCycle,
    DeclareAction,
    EndCycle,
    HoldBack,
    JumpToStep,
    MovePursuer,
    ResolveDespair,
    ResolveEvent,
    ResolveInvestigation,
    ResolveSleepwalking,
    ScoutPeek,
    StartEvents,
    StartExploration,
)
from engine.upland.sheet_command_types import SetSheet, SetSheetValue, SetSkill, SetSpellBonus

Command = Annotated[
    Union[
        NewSession,
        ShuffleDeck,
        ShuffleStack,
        DealCard,
        MoveCard,
        MoveStack,
        FlipCard,
        TapCard,
        DrawCards,
        GiveCard,
        RecycleDiscard,
        SetBone,
        RevealBone,
        PlaceMarker,
        MoveParty,
        AddCharacter,
        EditCharacter,
        RemoveCharacter,
        Roll,
        AddNote,
        # Upland sheets and the exploration cycle (engine/upland)
        SetSheet,
        SetSheetValue,
        SetSkill,
        SetSpellBonus,
        StartExploration,
        DeclareAction,
        ResolveInvestigation,
        ScoutPeek,
        ResolveDespair,
        ResolveSleepwalking,
        HoldBack,
        ContinueCycle,
        ChooseMove,
        ChooseWait,
        ChooseLeave,
        MovePursuer,
        StartEvents,
        ResolveEvent,
        EndCycle,
        JumpToStep,
    ],
    Field(discriminator="type"),
]
COMMAND_ADAPTER: TypeAdapter[CommandBase] = TypeAdapter(Command)


def parse_command(data: Any) -> CommandBase:
    """A command from JSON-like data; malformed data is a clear EngineError."""
    try:
        if isinstance(data, (str, bytes)):
            return COMMAND_ADAPTER.validate_json(data)
        return COMMAND_ADAPTER.validate_python(data)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first.get("loc", ()))
        raise EngineError(
            "Not a valid command ({where}: {problem}).", where=where or "-", problem=first.get("msg", "")
        ) from exc


def command_schema() -> dict[str, Any]:
    return COMMAND_ADAPTER.json_schema()


__all__ = ["Command", "CommandBase", "Context", "COMMAND_ADAPTER", "parse_command", "command_schema"]
