"""Ruleset A's growth (GRW-A-1, GRW-A-2).

A skill earns a mark on 1C, C, S, F, 100F, and on any success while it is
still at its base value; at the end of the session each marked skill grows by
the seed's table, with a growth roll (1d100 above the skill) where the table
has two amounts.

Readings: only skill rolls earn marks (not characteristic, SAN or Mythos
rolls); a skill keeps one mark, the best by the table's expected gain
(1C > 100F > base > C > F > S), since the seed grows a skill once a session.
"""

from __future__ import annotations

from engine.coc6.assets import load_table
from engine.coc6.checks import CheckResult
from engine.coc6.model import CocModel
from engine.coc6.rolls import roll
from engine.coc6.sheet import CocSheet, GrowthMark, updated
from engine.dice.rng import DiceSource
from engine.errors import EngineError

_RANK: tuple[GrowthMark, ...] = ("critical_1", "fumble_100", "base", "critical", "fumble", "special")


class GrowthMarked(CocModel):
    actor: str
    skill: str
    mark: GrowthMark
    rule_ids: tuple[str, ...] = ("GRW-A-1",)


class GrowthRoll(CocModel):
    """One skill's end-of-session growth, every die logged (GRW-A-2)."""

    actor: str
    skill: str
    mark: GrowthMark
    before: int
    #: The growth roll (1d100), or None where the table waives it.
    growth_roll: int | None
    grew: bool
    expression: str
    dice: tuple[int, ...]
    amount: int
    after: int
    rule_ids: tuple[str, ...] = ("GRW-A-2",)


def mark_for(result: CheckResult, at_base: bool) -> GrowthMark | None:
    """GRW-A-1: the mark a check earns, or None."""
    if result.kind not in ("skill", "dodge"):
        return None
    if result.level == "critical":
        return "critical_1" if result.roll == 1 else "critical"
    if result.level == "fumble":
        return "fumble_100" if result.roll == 100 else "fumble"
    if result.level == "special":
        return "special"
    if result.level == "success" and at_base:
        return "base"
    return None


def mark_growth(sheet: CocSheet, skill: str, result: CheckResult) -> tuple[CocSheet, GrowthMarked | None]:
    """GRW-A-1: put the check's mark on the skill (keeping a better one already there)."""
    entry = sheet.skill(skill)
    mark = mark_for(result, entry.at_base)
    if mark is None:
        return sheet, None
    label = next(k for k, v in sheet.skills.items() if v is entry)
    if entry.growth is not None and _RANK.index(entry.growth) <= _RANK.index(mark):
        mark = entry.growth
    return with_mark(sheet, label, mark), GrowthMarked(actor=sheet.name, skill=label, mark=mark)


def with_mark(sheet: CocSheet, label: str, mark: GrowthMark) -> CocSheet:
    """The sheet with ``mark`` on the skill ``label`` (the event of a mark applies it this way too)."""
    skills = {k: v.model_dump() for k, v in sheet.skills.items()}
    skills[label]["growth"] = mark
    return updated(sheet, skills=skills)


def grow(sheet: CocSheet, skill: str, dice: DiceSource) -> tuple[CocSheet, GrowthRoll]:
    """GRW-A-2: grow one marked skill and clear its mark."""
    entry = sheet.skill(skill)
    if entry.growth is None:
        raise EngineError("{skill} has no growth mark.", skill=skill)
    label = next(k for k, v in sheet.skills.items() if v is entry)
    row = load_table("growth_a")[entry.growth]
    growth_roll: int | None = None
    grew = True
    if row["roll"]:
        growth_roll = dice.die(100)
        grew = growth_roll > entry.value
    expression = str(row["success"] if grew else row["failure"])
    rolled = roll(dice, expression)
    after = entry.value + rolled.total
    fact = GrowthRoll(
        actor=sheet.name,
        skill=label,
        mark=entry.growth,
        before=entry.value,
        growth_roll=growth_roll,
        grew=grew,
        expression=expression,
        dice=rolled.dice,
        amount=rolled.total,
        after=after,
    )
    return grown(sheet, fact), fact


def grown(sheet: CocSheet, fact: GrowthRoll) -> CocSheet:
    """The sheet after ``fact``: the skill at its new value, its mark used up (the event applies it this way too)."""
    skills = {k: v.model_dump() for k, v in sheet.skills.items()}
    skills[fact.skill] |= {"value": fact.after, "growth": None}
    return updated(sheet, skills=skills)


def end_of_session(sheet: CocSheet, dice: DiceSource) -> tuple[CocSheet, tuple[GrowthRoll, ...]]:
    """GRW-A-2: grow every marked skill in sheet order."""
    facts: list[GrowthRoll] = []
    for label in [k for k, v in sheet.skills.items() if v.growth is not None]:
        sheet, fact = grow(sheet, label, dice)
        facts.append(fact)
    return sheet, tuple(facts)
