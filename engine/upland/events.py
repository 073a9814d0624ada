"""The Upland events (real definitions in :mod:`engine.upland.event_types`, which
re-exports those of ``sheet_event_types`` and ``investigation_event_types``).

One import place for the GUI and tests; any import order works.
"""

from __future__ import annotations

from engine.upland.event_types import (
    UPLAND_EVENTS,
    ActionDeclared,
    CheckMade,
    CheckWhat,
    CycleEnded,
    DespairResolved,
    ExplorationStarted,
    FatigueRecorded,
    HeldBack,
    IncidentExposed,
    IncidentOutcome,
    IncidentResolved,
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

__all__ = [
    "ActionDeclared",
    "CheckMade",
    "CheckWhat",
    "CycleEnded",
    "DespairResolved",
    "IncidentExposed",
    "IncidentOutcome",
    "IncidentResolved",
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
