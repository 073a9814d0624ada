"""The default CoC skill list (SKL-A-1) as data: base values and categories.

The list lives in ``assets/rules/coc6/skills.toml`` so a GM's table can change a
base value without code.  A base is a number or a characteristic formula
(``EDU*5`` for 母国語, ``DEX*2`` for 回避); a skill with a specialty written in
parentheses (``運転(自動車)``, ``芸術(絵画)``) takes the base of its family.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import cache
from typing import Literal

from engine.coc6.assets import load_table
from engine.coc6.model import CocModel
from engine.errors import EngineError

Category = Literal["communication", "operation", "perception", "motion", "thought"]
CHARACTERISTICS: tuple[str, ...] = ("STR", "CON", "POW", "DEX", "APP", "SIZ", "INT", "EDU")
_FORMULA = re.compile(r"^(STR|CON|POW|DEX|APP|SIZ|INT|EDU)\s*[*×xX]\s*([0-9]+)$")
_SPECIALTY = re.compile(r"^(?P<family>[^(（]+)\s*[(（](?P<specialty>[^)）]*)[)）]$")


class SkillDef(CocModel):
    """One skill of the list: name, base, categories, where it comes from."""

    name: str
    base: int | str
    categories: tuple[Category, ...] = ()
    source: Literal["seed", "rulebook"] = "seed"
    aliases: tuple[str, ...] = ()

    def base_value(self, characteristics: Mapping[str, int]) -> int:
        """SKL-A-1: the base for these characteristics (母国語 = EDU×5, 回避 = DEX×2)."""
        if isinstance(self.base, int):
            return self.base
        match = _FORMULA.match(self.base)
        if match is None:  # the table is data: a bad formula is a clear error
            raise EngineError("Unknown skill base formula '{formula}'.", formula=self.base)
        return characteristics[match.group(1)] * int(match.group(2))


@cache
def skill_list() -> tuple[SkillDef, ...]:
    """SKL-A-1: every skill of ``skills.toml`` in file order."""
    return tuple(SkillDef.model_validate(row) for row in load_table("skills")["skill"])


@cache
def _by_name() -> dict[str, SkillDef]:
    index: dict[str, SkillDef] = {}
    for skill in skill_list():
        index[skill.name] = skill
        for alias in skill.aliases:
            index[alias] = skill
    return index


def family(name: str) -> str:
    """``運転(自動車)`` → ``運転``; a name without a specialty is its own family."""
    match = _SPECIALTY.match(name.strip())
    return match.group("family").strip() if match else name.strip()


def canonical_name(name: str) -> str:
    """The list's spelling of a skill (aliases such as 制作 → 製作), specialty kept."""
    name = name.strip()
    known = _by_name().get(name)
    if known is not None:
        return known.name
    match = _SPECIALTY.match(name)
    if match:
        fam = _by_name().get(match.group("family").strip())
        if fam is not None:
            return f"{fam.name}({match.group('specialty').strip()})"
    return name


def find_skill(name: str) -> SkillDef | None:
    """The list entry for ``name`` or its family; None for a free (player-added) skill."""
    index = _by_name()
    return index.get(name.strip()) or index.get(family(name))


def base_value(name: str, characteristics: Mapping[str, int]) -> int | None:
    """SKL-A-1: the base value of ``name``; None when the skill is not in the list."""
    skill = find_skill(name)
    return None if skill is None else skill.base_value(characteristics)


def categories_of(name: str) -> tuple[Category, ...]:
    skill = find_skill(name)
    return () if skill is None else skill.categories


def skill_names() -> tuple[str, ...]:
    """Names for the sheet editor's completion."""
    return tuple(skill.name for skill in skill_list())
