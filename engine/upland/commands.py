"""The Upland commands (real definitions in :mod:`engine.upland.command_types`
and :mod:`engine.upland.sheet_command_types`).

Import them from here: this module loads ``engine.commands`` first, whose union imports
``engine.upland.command_types`` — which itself imports ``engine.commands.base`` — so any import
order works.  (Importing ``engine.upland.command_types`` before ``engine.commands`` would meet the
union's package half-initialised.)
"""

from __future__ import annotations

import engine.commands  # noqa: F401  (loads the union and, through it, the definitions)
from engine.upland.command_types import (  # noqa: E402
    ChooseLeave,
    ChooseMove,
    ChooseWait,
    ContinueCycle,
    DeclareAction,
    EndCycle,
    HoldBack,
    JumpToStep,
    MovePursuer,
    PROCEDURE_COMMANDS,
    ResolveDespair,
    ResolveEvent,
    ResolveInvestigation,
    ResolveSleepwalking,
    ScoutPeek,
    StartEvents,
    StartExploration,
)
from engine.upland.sheet_command_types import (  # noqa: E402
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
    "ResolveEvent",
    "ResolveInvestigation",
    "ResolveSleepwalking",
    "ScoutPeek",
    "StartEvents",
    "StartExploration",
]
