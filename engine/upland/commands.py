"""The Upland commands (real definitions in :mod:`engine.upland.command_types`
and :mod:`engine.upland.sheet_command_types`).

One import place for the GUI and tests; any import order works.
"""

from __future__ import annotations

from engine.upland.command_types import (
    PROCEDURE_COMMANDS,
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
    ResolveIncident,
    ResolveInvestigation,
    ResolveSleepwalking,
    ScoutPeek,
    StartExploration,
    StartIncidents,
)
from engine.upland.sheet_command_types import (
    SHEET_COMMANDS,
    SPELL_BONUS_NAMES,
    SetSheet,
    SetSheetValue,
    SetSkill,
    SetSpellBonus,
)

__all__ = [
    "SHEET_COMMANDS",
    "SPELL_BONUS_NAMES",
    "SetSheet",
    "SetSheetValue",
    "SetSkill",
    "SetSpellBonus",
    "ChooseLeave",
    "ChooseMove",
    "ChooseWait",
    "ContinueCycle",
    "DeclareAction",
    "EndCycle",
    "HoldBack",
    "JumpToStep",
    "MovePursuer",
    "PROCEDURE_COMMANDS",
    "ResolveDespair",
    "ResolveIncident",
    "ResolveInvestigation",
    "ResolveSleepwalking",
    "ScoutPeek",
    "StartIncidents",
    "StartExploration",
]
