"""Builders shared by the CoC tests: a standard investigator, typed dice, the facts of a step."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from engine.coc6.check_events import CocAppRolled, CocChecked, CocGrowthMarked, CocPoolUsed, CocSanPaid, CocSkillGrown
from engine.coc6.combat_events import CocCombatFact
from engine.coc6.events import CocFact, CocStudentChanged
from engine.coc6.pool_events import CocChipAdded, CocChipsCancelled, CocMinusPaid
from engine.coc6.sanity_events import CocClockAdvanced, CocMadnessBegan, CocMadnessTreated, CocSanLost
from engine.coc6.sheet import CocSheet, new_investigator, set_skill
from engine.core.events import EventBase
from engine.dice.rng import DiceSource, DiceState

CHARS = {"STR": 10, "CON": 12, "POW": 13, "DEX": 14, "APP": 11, "SIZ": 13, "INT": 15, "EDU": 16}


def investigator(name: str = "ミナ", **overrides: int) -> CocSheet:
    return new_investigator(name, CHARS | overrides, occupation="探偵")


def with_skill(sheet: CocSheet, skill: str, value: int) -> CocSheet:
    return set_skill(sheet, skill, value)


def typed(*values: int) -> DiceSource:
    """Dice the GM typed in, used in order (DICE-2); more dice than typed is an error."""
    return DiceSource(DiceState(seed=1), list(values))


def seeded(seed: int = 11) -> DiceSource:
    return DiceSource(DiceState(seed=seed))


def fact_details(events: Iterable[EventBase], kind: str) -> list[dict[str, Any]]:
    """The facts of ``kind`` among ``events`` as JSON data, whichever event carries them:
    a typed check, pre-roll, pool, SAN, combat or student event, or an older ``coc_fact`` of that kind."""
    out: list[dict[str, Any]] = []
    for event in events:
        if isinstance(event, CocFact) and event.fact == kind:
            out.append(event.detail)
        elif isinstance(event, CocCombatFact) and event.fact == kind:
            out.append(event.detail())
        elif kind == "student" and isinstance(event, CocStudentChanged):
            out.append(_without_rules(event.changes.model_dump(mode="json")))
        elif kind == "check" and isinstance(event, CocChecked):
            out.append(_without_rules(event.result.model_dump(mode="json")))
        elif kind == "app_preroll" and isinstance(event, CocAppRolled):
            out.append(_without_rules(event.preroll.model_dump(mode="json")))
        elif kind == "pool" and isinstance(event, CocPoolUsed):
            out.append(_without_rules(event.use.model_dump(mode="json")) | {"chips": list(event.chips)})
        elif kind == "minus_paid" and isinstance(event, CocMinusPaid):
            out.append(_without_rules(event.paid.model_dump(mode="json")))
        elif kind == "pool_cancel" and isinstance(event, CocChipsCancelled):
            out.append({"plus": event.plus, "minus": event.minus, "chips": list(event.chips)})
        elif kind == "pool" and isinstance(event, CocChipAdded):
            out.append({"actor": "GM", "chip": event.chip, "chips": list(event.chips)})
        elif kind == "san" and isinstance(event, CocSanLost):
            out.append(_without_rules(event.loss.model_dump(mode="json")))
        elif kind == "madness" and isinstance(event, CocMadnessBegan):
            out.append(event.bout.model_dump(mode="json") | {"actor": event.actor})
        elif kind == "clock" and isinstance(event, CocClockAdvanced):
            out.append({"minutes": event.minutes, "minute": event.sanity.minute, "ended": event.ended})
        elif kind == "treatment" and isinstance(event, CocMadnessTreated):
            out.append(_without_rules(event.treatment.model_dump(mode="json")))
        elif kind == "growth_roll" and isinstance(event, CocSkillGrown):
            out.append(_without_rules(event.growth.model_dump(mode="json")))
        elif kind == "growth_mark" and isinstance(event, CocGrowthMarked):
            out.append(_without_rules(event.mark.model_dump(mode="json")))
        elif kind == "san_paid" and isinstance(event, CocSanPaid):
            out.append(_without_rules(event.paid.model_dump(mode="json")))
    return out


def _without_rules(data: dict[str, Any]) -> dict[str, Any]:
    data.pop("rule_ids", None)
    return data
