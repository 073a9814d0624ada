"""Upland checks: RuneQuest-style levels (CHK-U-1, CHK-U-1b) and skill sets (CHK-U-2, CHK-U-3).

The levels follow BCDice's "RuneQuest" bot, which Japanese players already use:
first match wins —

1. total ≤ 1 or total ≤ c                   → critical   (c = round_half_up(target / 20))
2. total ≥ 100                               → fumble
3. total ≤ s                                 → special    (s = round_half_up(target / 5))
4. total ≤ target                            → success    (no cap: 99 against 150 succeeds)
5. total ≥ 95 + c                            → fumble
6. otherwise                                 → failure

This is the order of BCDice's RuneQuest bot; RULES.md CHK-U-1 tests the
"≥ 95 + c" fumble before special and success, but for every target ≥ 0 the two
orders agree (a target of 90 or more already has c ≥ 5, so 95 + c ≥ 100).

For targets below 10, c is 0 as RULES.md says.  BCDice disagrees only for
negative targets, and its two builds disagree with each other there: the Ruby
bot rounds −0.5 away from zero, so target −10 has c = −1 and fumbles from 94;
the JavaScript build (CCFOLIA, Udonarium) rounds −0.5 up, so c turns −1 only at
target −30.  We keep the rule (fumble from 95); this matters only for hopeless
resistance rolls.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from fractions import Fraction

from engine.checks.levels import Level
from engine.errors import EngineError


def round_half_up(value: int | float | Fraction) -> int:
    """Round to the nearest integer, halves away from zero (2.5 → 3, −2.5 → −3).

    Python's ``round`` rounds halves to even (``round(2.5) == 2``), which is
    wrong for these rules.
    """
    exact = Fraction(value)
    magnitude = int(abs(exact) + Fraction(1, 2))
    return magnitude if exact >= 0 else -magnitude


def critical_threshold(target: int) -> int:
    """CHK-U-1: c = round_half_up(target / 20), 0 for targets below 10."""
    if target < 10:
        return 0
    return round_half_up(Fraction(target, 20))


def special_threshold(target: int) -> int:
    """CHK-U-1: s = round_half_up(target / 5)."""
    return round_half_up(Fraction(target, 5))


def upland_level(roll: int, target: int) -> Level:
    """CHK-U-1: the level of a d100 roll (or a modified total) against ``target``."""
    c = critical_threshold(target)
    if roll <= 1 or roll <= c:
        return Level.critical
    if roll >= 100:
        return Level.fumble
    if roll <= special_threshold(target):
        return Level.special
    if roll <= target:
        return Level.success
    if roll >= 95 + c:
        return Level.fumble
    return Level.failure


#: CHK-U-3: spell and ability toggles named in seed 000, per skill set.
SKILL_SET_BONUSES: dict[str, dict[str, int]] = {
    # 〈偵察〉技能セット
    "scout": {"第二の目": 10, "霊視": 20},
    # 〈慰霊〉技能セット
    "requiem": {"第二の眼": 20, "霊視": 20, "霊話": 10, "魔力検知": 10},
    # 〈目星〉技能セット: the seed names no bonuses.
    "notice": {},
}


def skill_set_bonus(skill_set_id: str, toggles: Iterable[str]) -> int:
    """CHK-U-3: the sum of the bonuses of the character's active toggles for a skill set."""
    table = SKILL_SET_BONUSES.get(skill_set_id, {})
    return sum(table.get(name.strip("《》〈〉"), 0) for name in set(toggles))


def skill_set_target(
    skills: Mapping[str, int],
    skill_set: Sequence[str],
    chosen: str | None = None,
    bonus: int = 0,
    group_modifier: int = 0,
) -> tuple[str, int]:
    """CHK-U-2: the skill a character rolls for a skill set and its target.

    The player may pick any listed skill the character has; by default the
    highest one is used (the first listed wins a tie).  ``bonus`` carries the
    CHK-U-3 toggles, ``group_modifier`` the optional per-group modifier.
    """
    available = [name for name in skill_set if name in skills]
    if chosen is not None:
        if chosen not in skill_set:
            raise EngineError(
                "{skill} is not in this skill set ({skills}).",
                skill=chosen,
                skills=", ".join(skill_set),
            )
        if chosen not in skills:
            raise EngineError("The character has no skill {skill}.", skill=chosen)
        name = chosen
    else:
        if not available:
            raise EngineError(
                "The character has none of the skills of this set ({skills}).",
                skills=", ".join(skill_set),
            )
        name = max(available, key=lambda n: skills[n])  # max keeps the first of equals
    return name, skills[name] + bonus + group_modifier
