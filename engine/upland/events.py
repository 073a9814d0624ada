"""The Upland events (real definitions in :mod:`engine.upland.event_types`, which
re-exports those of ``sheet_event_types`` and ``investigation_event_types``).

Import them from here: this module loads ``engine.events`` first, whose union imports
``engine.upland.event_types`` — which itself imports ``engine.events.base`` — so any import
order works.  (Importing ``engine.upland.event_types`` before ``engine.events`` would meet the
union's package half-initialised.)
"""

from __future__ import annotations

import engine.events  # noqa: F401  (loads the union and, through it, the definitions)
from engine.upland.event_types import (  # noqa: E402
    ActionDeclared,
    CheckMade,
    CheckWhat,
    CycleEnded,
    DespairResolved,
    EventExposed,
    EventOutcome,
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
    UPLAND_EVENTS,
)

__all__ = [
    "ActionDeclared",
    "CheckMade",
    "CheckWhat",
    "CycleEnded",
    "DespairResolved",
    "EventExposed",
    "EventOutcome",
    "EventResolved",
    "ExplorationStarted",
    "FatigueRecorded",
    "HeldBack",
    "InvestigationResolved",
    "PeekPending",
    "PeekResolved",
    "PursuerMoved",
    "ResponsesCounted",
    "SheetSet",
    "SheetValueChanged",
    "SkillChanged",
    "SleepwalkerFound",
    "SpadeProbed",
    "StepEntered",
    "SuitLearned",
    "TimeActionTaken",
    "UPLAND_EVENTS",
]
