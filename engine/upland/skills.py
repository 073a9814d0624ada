"""Skill-set checks (CHK-U-2, CHK-U-3) on an Upland sheet.

The set's entries come from ``assets/rules/upland/skill_sets.toml``; a sheet
skill counts for an entry under its own name or one of the entry's aliases, and
characteristic rolls such as ``POW×5`` are computed from the sheet (DICE-6).
The target arithmetic is :func:`engine.checks.upland.skill_set_target` with the
CHK-U-3 toggles of :func:`engine.checks.upland.skill_set_bonus`.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.checks.upland import skill_set_bonus, skill_set_target
from engine.errors import EngineError
from engine.upland.options import UplandOptions
from engine.upland.sheet import UplandSheet, is_characteristic_roll
from engine.upland.tables import SkillSet, tables


@dataclass(frozen=True)
class SkillChoice:
    """The skill a character rolls for a skill set, and why its target is what it is."""

    set_id: str
    skill: str  # the set's name of the skill
    sheet_skill: str | None  # the sheet's key (None for a characteristic roll)
    base: int
    bonus: int
    group_modifier: int

    @property
    def target(self) -> int:
        return self.base + self.bonus + self.group_modifier

    @property
    def can_take_checks(self) -> bool:
        return self.sheet_skill is not None


def _sheet_key(sheet: UplandSheet, name: str) -> str | None:
    if name in sheet.skills:
        return name
    for alias in tables().skill_sets.aliases.get(name, ()):
        if alias in sheet.skills:
            return alias
    return None


def available_skills(sheet: UplandSheet, skill_set: SkillSet) -> dict[str, int]:
    """The set's skills this sheet can roll, with their plain % (seed order)."""
    out: dict[str, int] = {}
    for name in skill_set.skill_names():
        if is_characteristic_roll(name):
            value = sheet.skill_value(name)
        else:
            key = _sheet_key(sheet, name)
            value = sheet.skills[key].value if key is not None else None
        if value is not None:
            out[name] = value
    return out


def accepted_text(skill_set: SkillSet) -> str:
    """The set's skills as a refusal lists them: 〈視力〉、〈聞き耳〉…"""
    return "、".join(f"〈{n}〉" if not is_characteristic_roll(n) else n for n in skill_set.skill_names())


def skill_set_choice(
    sheet: UplandSheet,
    set_id: str,
    options: UplandOptions,
    chosen: str | None = None,
    who: str = "",
) -> SkillChoice:
    """CHK-U-2: the player's pick (or, by default, the highest listed skill) with
    the CHK-U-3 toggles and the optional group modifier."""
    skill_set = tables().skill_set(set_id)
    skills = available_skills(sheet, skill_set)
    set_name = skill_set.ja
    if chosen is not None:
        canonical = next(
            (n for n in skill_set.skill_names() if n == chosen or chosen in tables().skill_sets.aliases.get(n, ())),
            None,
        )
        if canonical is None:
            raise EngineError(
                "{skill} is not in the {set}; it takes {skills}.",
                skill=chosen,
                set=set_name,
                skills=accepted_text(skill_set),
            )
        if canonical not in skills:
            raise EngineError("{name} has no skill {skill}.", name=who, skill=chosen)
        chosen = canonical
    elif not skills:
        # the refusal names what would be accepted, so the GM can fix the sheet
        raise EngineError(
            "{name} has none of the skills of the {set}; it takes {skills}.",
            name=who,
            set=set_name,
            skills=accepted_text(skill_set),
        )
    name, _ = skill_set_target(skills, list(skills), chosen)
    group = skill_set.group_of(name)
    group_modifier = options.skill_group_modifiers.get(group, 0)
    bonus = skill_set_bonus(set_id, sheet.spell_bonuses)
    _, target = skill_set_target(skills, list(skills), name, bonus, group_modifier)
    choice = SkillChoice(
        set_id=set_id,
        skill=name,
        sheet_skill=None if is_characteristic_roll(name) else _sheet_key(sheet, name),
        base=skills[name],
        bonus=bonus,
        group_modifier=group_modifier,
    )
    assert choice.target == target
    return choice


def skill_set_menu(sheet: UplandSheet, set_id: str, options: UplandOptions) -> list[SkillChoice]:
    """Every skill the player may pick for the set, best target first (the default
    pick, CHK-U-2, is the highest plain skill — the first of equals in seed order)."""
    skill_set = tables().skill_set(set_id)
    names = list(available_skills(sheet, skill_set))
    menu = [skill_set_choice(sheet, set_id, options, n) for n in names]
    if not menu:
        return []
    default = skill_set_choice(sheet, set_id, options)
    rest = [c for c in menu if c.skill != default.skill]
    rest.sort(key=lambda c: -c.target)
    return [default] + rest
