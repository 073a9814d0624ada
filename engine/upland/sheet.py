"""The Upland character sheet: what the exploration cycle reads and changes.

Long-term fatigue is kept in thirds of a point (``fatigue_thirds``) because the
movement fatigue table charges 2/3 per square for a light load (TIM-5) and the
fractions accumulate; whole points are ``fatigue_thirds // 3``.
"""

from __future__ import annotations

import re
from fractions import Fraction
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from engine.core.models import SheetBase

CHARACTERISTICS: tuple[str, ...] = ("STR", "CON", "SIZ", "INT", "POW", "DEX", "APP")
#: A skill-set entry that is a characteristic roll (DICE-6), e.g. ``POW×5``.
CHARACTERISTIC_ROLL = re.compile(r"^(STR|CON|SIZ|INT|POW|DEX|APP)\s*[×xX*]\s*([0-9]+)$")


class UplandModel(BaseModel):
    """Frozen, strict base of every Upland model (same policy as ``engine.core.state``)."""

    model_config = ConfigDict(frozen=True, extra="forbid")


class Skill(UplandModel):
    """One skill: its percentage and the marks CHK-U-4 / INV-8 write on it."""

    value: int = Field(default=0, ge=-100, le=999)
    #: CHK-U-4: an experience check (経験チェック) has been earned.
    checked: bool = False
    #: INV-8: a skill that takes no experience checks (it grows by training).
    no_checks: bool = False
    #: INV-8: hours of training earned (10 per resonance response).
    training_hours: int = Field(default=0, ge=0)


class UplandSheet(SheetBase):
    """A character of the Upland exploration (seed 000)."""

    kind: Literal["upland"] = "upland"

    STR: int = Field(default=10, ge=0, le=99)
    CON: int = Field(default=10, ge=0, le=99)
    SIZ: int = Field(default=10, ge=0, le=99)
    INT: int = Field(default=10, ge=0, le=99)
    POW: int = Field(default=10, ge=0, le=99)
    DEX: int = Field(default=10, ge=0, le=99)
    APP: int = Field(default=10, ge=0, le=99)
    hp: int = Field(default=10, ge=-99, le=999)
    hp_max: int = Field(default=10, ge=0, le=999)
    mp: int = Field(default=10, ge=-99, le=999)
    mp_max: int = Field(default=10, ge=0, le=999)
    skills: dict[str, Skill] = Field(default_factory=dict)
    #: 霊圧: the passive side of the despair roll (DSP-2), added to resonance (INV-7).
    spirit_pressure: int = Field(default=0, ge=-99, le=999)
    #: 呼び声: rises on prayer/resonance fumbles; above POW it causes sleepwalking (TIM-2).
    call: int = Field(default=0, ge=0, le=999)
    #: 遺骨: remains found (REM-1, TEAR-5, BONE-1).
    remains: int = Field(default=0, ge=0, le=999)
    #: 〈死祭り〉 %: rolled for prayer (INV-5); sums to deathless points (ENC-1).
    death_rite: int = Field(default=0, ge=-100, le=999)
    #: 長期疲労 in thirds of a point (TIM-5's 2/3 per square accumulates).
    fatigue_thirds: int = Field(default=0, ge=0, le=9999)
    #: 移動重量: what the character carries when moving (TIM-5).
    moving_weight: int = Field(default=0, ge=0, le=999)
    #: 荷重 worn while waiting (TIM-6 load modifier).
    worn_load: int = Field(default=0, ge=0, le=999)
    #: TIM-6 reading: "up to thick leather" — the character wears nothing heavier
    #: than thick leather, so its load modifier is 0 whatever ``worn_load`` says.
    light_armour: bool = True
    #: Rations; TIM-6 recovers fatigue only with food.
    food: int = Field(default=0, ge=0, le=999)
    #: Lunars (L).
    money: int = Field(default=0, ge=0, le=10_000_000)
    items: tuple[str, ...] = ()
    #: CHK-U-3 toggles active on this character (《第二の目》, 《霊視》, …).
    spell_bonuses: tuple[str, ...] = ()
    #: DSP-1: never takes part in the despair event (Roy in the seed).
    immune_to_despair: bool = False

    @property
    def fatigue(self) -> Fraction:
        return Fraction(self.fatigue_thirds, 3)

    def characteristic(self, name: str) -> int:
        if name not in CHARACTERISTICS:
            raise KeyError(name)
        return int(getattr(self, name))

    def skill_value(self, name: str) -> int | None:
        """A skill's % or a characteristic roll's target (``POW×5``); None if absent."""
        match = CHARACTERISTIC_ROLL.match(name.strip())
        if match:
            return self.characteristic(match.group(1)) * int(match.group(2))
        skill = self.skills.get(name)
        return skill.value if skill is not None else None


SheetIntField = Literal[
    "STR", "CON", "SIZ", "INT", "POW", "DEX", "APP",
    "hp", "hp_max", "mp", "mp_max",
    "spirit_pressure", "call", "death_rite", "fatigue_thirds",
    "moving_weight", "worn_load", "food", "money",
]  # fmt: skip
SheetBoolField = Literal["light_armour", "immune_to_despair"]
SHEET_INT_FIELDS: tuple[str, ...] = SheetIntField.__args__  # type: ignore[attr-defined]
SHEET_BOOL_FIELDS: tuple[str, ...] = SheetBoolField.__args__  # type: ignore[attr-defined]


def thirds_text(thirds: int) -> str:
    """Fatigue in words: ``0``, ``2/3``, ``1``, ``1 2/3`` (signed for changes)."""
    sign = "-" if thirds < 0 else ""
    whole, rest = divmod(abs(thirds), 3)
    if rest == 0:
        return f"{sign}{whole}"
    if whole == 0:
        return f"{sign}{rest}/3"
    return f"{sign}{whole} {rest}/3"


def is_characteristic_roll(name: str) -> bool:
    return CHARACTERISTIC_ROLL.match(name.strip()) is not None


def limit_value(expression: str, sheet: UplandSheet) -> Fraction:
    """A table limit such as ``STR+CON+8`` or ``STR/2`` for this sheet (TIM-5, TIM-6)."""
    total = Fraction(0)
    for term in expression.replace(" ", "").split("+"):
        if not term:
            continue
        head, _, divisor = term.partition("/")
        value = Fraction(sheet.characteristic(head)) if head in CHARACTERISTICS else Fraction(int(head))
        total += value / int(divisor) if divisor else value
    return total
