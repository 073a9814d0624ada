"""Checks: levels, thresholds and targets of the three rulesets (RULES.md §1)."""

from engine.checks.coc import (
    CbrOutcome,
    CocOutcome,
    cbr,
    coc6b_target,
    coc_compare,
    coc_result,
    res_automatic,
    res_target,
)
from engine.checks.levels import (
    Level,
    characteristic_target,
    resistance_target,
    success_degree,
)
from engine.checks.simultaneous import (
    Participant,
    SimultaneousResult,
    simultaneous_checks,
)
from engine.checks.upland import (
    SKILL_SET_BONUSES,
    round_half_up,
    skill_set_bonus,
    skill_set_target,
    upland_level,
)

__all__ = [
    "SKILL_SET_BONUSES",
    "CbrOutcome",
    "CocOutcome",
    "Level",
    "Participant",
    "SimultaneousResult",
    "cbr",
    "characteristic_target",
    "coc6b_target",
    "coc_compare",
    "coc_result",
    "res_automatic",
    "res_target",
    "resistance_target",
    "round_half_up",
    "simultaneous_checks",
    "skill_set_bonus",
    "skill_set_target",
    "success_degree",
    "upland_level",
]
