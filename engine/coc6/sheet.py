"""The investigator sheet of CoC 6e (``kind = "coc6"``) and its edits.

Every edit returns a new, re-validated sheet: invalid values are refused with
an :class:`EngineError` naming the field before anything changes, so the sheet
editor can show the message in place.  Luck, Idea and Know are derived (POW×5,
INT×5, EDU×5); the damage bonus is stored because imports and GMs may set it,
and :func:`damage_bonus_for` gives the rulebook value.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Mapping
from typing import Any, Literal

from pydantic import Field, ValidationError, model_validator

from engine.coc6.assets import load_table
from engine.coc6.model import CocModel
from engine.coc6.skills import CHARACTERISTICS, base_value, canonical_name, find_skill, skill_list
from engine.core.models import SheetBase
from engine.errors import EngineError

#: GRW-A-1: why a skill carries a growth mark (1C, C, S, F, 100F, base-value success).
GrowthMark = Literal["critical_1", "critical", "special", "fumble", "fumble_100", "base"]
_DAMAGE_BONUS = re.compile(r"^(0|[+-][1-9][0-9]*D[1-9][0-9]*)$")
_CHARACTERISTIC_ROLL = re.compile(r"^(STR|CON|POW|DEX|APP|SIZ|INT|EDU)\s*[*×xX]\s*([0-9]+)$")


class SkillEntry(CocModel):
    """One skill on a sheet: current %, its base, flags and the growth mark."""

    value: int = Field(ge=0, le=999)
    base: int = Field(default=0, ge=0, le=999)
    #: An occupation skill (CHK-B-3: an occupational 回避 is not capped at DEX×4).
    occupational: bool = False
    #: A free skill the player added by name (not in the default list).
    added: bool = False
    #: GRW-A-1: the growth mark earned this session, if any.
    growth: GrowthMark | None = None

    @property
    def at_base(self) -> bool:
        """GRW-A-1: no points spent on the skill yet."""
        return self.value == self.base


class Weapon(CocModel):
    """A weapon on a sheet: what the attack flow rolls with.

    ``skill`` names the sheet skill the attack is rolled against (empty: the
    weapon's own name); ``hit`` is the imported hit text kept as it was read
    (e.g. "50"); ``damage`` a dice expression in which ``DB`` stands for the
    damage bonus (e.g. "1D10+DB"); ``impaling`` weapons add damage on a special
    (CHK-B-5); ``thrown`` weapons add DB/2 (CBT-B-8); ``range`` is the
    rulebook's range text; ``uses`` attacks per round."""

    name: str = Field(min_length=1)
    hit: str = ""
    damage: str = ""
    skill: str = ""
    impaling: bool = False
    thrown: bool = False
    range: str = ""
    uses: int = Field(default=1, ge=0, le=99)


class CocSheet(SheetBase):
    """A CoC 6e investigator (or NPC) sheet."""

    kind: Literal["coc6"] = "coc6"
    name: str = Field(min_length=1, max_length=80)
    STR: int = Field(ge=1, le=99)
    CON: int = Field(ge=1, le=99)
    POW: int = Field(ge=1, le=99)
    DEX: int = Field(ge=1, le=99)
    APP: int = Field(ge=1, le=99)
    SIZ: int = Field(ge=1, le=99)
    INT: int = Field(ge=1, le=99)
    EDU: int = Field(ge=1, le=99)
    hp: int = Field(ge=-99, le=999)
    hp_max: int = Field(ge=1, le=999)
    mp: int = Field(ge=0, le=999)
    mp_max: int = Field(ge=0, le=999)
    san: int = Field(ge=0, le=99)
    san_max: int = Field(ge=0, le=99)
    damage_bonus: str = "0"
    skills: dict[str, SkillEntry] = Field(default_factory=dict)
    occupation: str = ""
    occupation_points: int = Field(default=0, ge=0, le=9999)
    interest_points: int = Field(default=0, ge=0, le=9999)
    native_language: str = "日本語"
    weapons: tuple[Weapon, ...] = ()
    notes: str = ""
    #: NPCs are exempt from the investigator caps (CHK-B-2, CHK-B-3).
    npc: bool = False
    #: STU-B-1: the arts/science track of a student and the skills the GM counts in it.
    student_track: Literal["arts", "science"] | None = None
    track_skills: tuple[str, ...] = ()
    #: STU-B-1: the student changes were made (they are made once).
    student_modified: bool = False

    @model_validator(mode="after")
    def _consistent(self) -> CocSheet:
        if self.hp > self.hp_max:
            raise EngineError("HP {value} is above the maximum {maximum}.", value=self.hp, maximum=self.hp_max)
        if self.mp > self.mp_max:
            raise EngineError("MP {value} is above the maximum {maximum}.", value=self.mp, maximum=self.mp_max)
        if self.san > self.san_max:
            raise EngineError("SAN {value} is above the maximum {maximum}.", value=self.san, maximum=self.san_max)
        if not _DAMAGE_BONUS.match(self.damage_bonus):
            raise EngineError("Damage bonus '{value}' is not 0 or a signed roll such as +1D4.", value=self.damage_bonus)
        for name in self.skills:
            if not name.strip():
                raise EngineError("A skill needs a name.")
        return self

    @property
    def luck(self) -> int:
        return self.POW * 5

    @property
    def idea(self) -> int:
        return self.INT * 5

    @property
    def know(self) -> int:
        return min(self.EDU * 5, 99)

    def for_players(self) -> CocSheet:
        """The projector's copy: the GM's notes never leave the GM's screen."""
        return self.model_copy(update={"notes": ""}) if self.notes else self

    def for_owner(self) -> CocSheet:
        """The own seat's copy: every number of the sheet, but the notes are the
        keeper's (they never leave the GM's screen, not even to the sheet's player)."""
        return self.for_players()

    def characteristics(self) -> dict[str, int]:
        return {name: int(getattr(self, name)) for name in CHARACTERISTICS}

    def skill(self, name: str) -> SkillEntry:
        """A skill of the sheet by its name or alias; a clear error if absent."""
        entry = self.skills.get(name) or self.skills.get(canonical_name(name))
        if entry is None:
            raise EngineError("{name} has no skill '{skill}'.", name=self.name, skill=name)
        return entry


def damage_bonus_for(strength: int, size: int) -> str:
    """The 6e damage bonus by STR+SIZ: 2–12 −1D6 … 41–56 +2D6, then +1D6 per 16."""
    total = strength + size
    rows = load_table("damage_bonus")["rows"]
    for row in rows:
        if total <= row["upto"]:
            return str(row["bonus"])
    extra = math.ceil((total - rows[-1]["upto"]) / 16)
    return f"+{3 + extra}D6"


def hp_max_for(con: int, siz: int) -> int:
    """6e: (CON+SIZ)/2 rounded up (the rulebook's own rounding)."""
    return math.ceil((con + siz) / 2)


def make_sheet(data: Mapping[str, Any]) -> CocSheet:
    """Validate a sheet document; a bad field is an error naming it."""
    try:
        return CocSheet.model_validate(dict(data))
    except ValidationError as exc:
        raise _field_error(exc) from exc


def _field_error(exc: ValidationError) -> EngineError:
    """The first validation problem as a translated message naming the field."""
    first = exc.errors()[0]
    field = ".".join(str(part) for part in first["loc"]) or "-"
    kind = first["type"]
    value = first.get("input")
    ctx = first.get("ctx") or {}
    if kind in ("int_parsing", "int_type", "int_from_float"):
        return EngineError("Sheet field '{field}' must be a whole number (got '{value}').", field=field, value=value)
    if kind == "greater_than_equal":
        return EngineError(
            "Sheet field '{field}' must be at least {limit} (got {value}).",
            field=field,
            limit=ctx.get("ge"),
            value=value,
        )
    if kind == "less_than_equal":
        return EngineError(
            "Sheet field '{field}' must be at most {limit} (got {value}).",
            field=field,
            limit=ctx.get("le"),
            value=value,
        )
    if kind == "missing":
        return EngineError("Sheet field '{field}' is missing.", field=field)
    if kind == "extra_forbidden":
        return EngineError("Sheet field '{field}' is unknown.", field=field)
    if kind == "string_too_short":
        return EngineError("Sheet field '{field}' must not be empty.", field=field)
    if kind == "string_too_long":
        return EngineError(
            "Sheet field '{field}' is too long (at most {limit} characters).", field=field, limit=ctx.get("max_length")
        )
    return EngineError("Invalid investigator sheet field '{field}': {detail}", field=field, detail=first["msg"])


def updated(sheet: CocSheet, **changes: Any) -> CocSheet:
    """A re-validated copy with ``changes`` (``model_copy`` would skip validation)."""
    payload = sheet.model_dump()
    payload.update(changes)
    return make_sheet(payload)


def new_investigator(
    name: str,
    characteristics: Mapping[str, int],
    *,
    occupation: str = "",
    occupation_skills: Iterable[str] = (),
    native_language: str = "日本語",
    npc: bool = False,
) -> CocSheet:
    """A fresh sheet: every default skill at its base (SKL-A-1), HP/MP/SAN from the rulebook."""
    missing = [c for c in CHARACTERISTICS if c not in characteristics]
    if missing:
        raise EngineError("Characteristic {field} is missing.", field=missing[0])
    chars = {c: int(characteristics[c]) for c in CHARACTERISTICS}
    occupational = {canonical_name(s) for s in occupation_skills}
    skills: dict[str, SkillEntry] = {}
    for skill in skill_list():
        label = f"{skill.name}({native_language})" if skill.name == "母国語" else skill.name
        base = skill.base_value(chars)
        skills[label] = SkillEntry(
            value=base, base=base, occupational=skill.name in occupational or label in occupational
        )
    hp = hp_max_for(chars["CON"], chars["SIZ"])
    return make_sheet(
        {
            "name": name,
            **chars,
            "hp": hp,
            "hp_max": hp,
            "mp": chars["POW"],
            "mp_max": chars["POW"],
            "san": min(chars["POW"] * 5, 99),
            "san_max": 99,
            "damage_bonus": damage_bonus_for(chars["STR"], chars["SIZ"]),
            "skills": {k: v.model_dump() for k, v in skills.items()},
            "occupation": occupation,
            "occupation_points": chars["EDU"] * 20,
            "interest_points": chars["INT"] * 10,
            "native_language": native_language,
            "npc": npc,
        }
    )


def derived_for(characteristics: Mapping[str, int]) -> dict[str, int | str]:
    """The values the rulebook derives from the characteristics of a new investigator:
    HP = (CON+SIZ)/2 rounded up, MP = POW, SAN = POW×5 (at most 99), the damage bonus by STR+SIZ."""
    return {
        "hp_max": hp_max_for(characteristics["CON"], characteristics["SIZ"]),
        "mp_max": characteristics["POW"],
        "san": min(characteristics["POW"] * 5, 99),
        "damage_bonus": damage_bonus_for(characteristics["STR"], characteristics["SIZ"]),
    }


def set_characteristic(sheet: CocSheet, field: str, value: int) -> CocSheet:
    """Change one characteristic; what the rulebook derives from it follows.

    Skills at a formula base (母国語 = EDU×5, 回避 = DEX×2) keep the points put
    into them over the new base.  HP, MP, SAN and the damage bonus follow while
    they still hold the value derived from the old characteristics — a value the
    keeper typed over stays (a full HP or MP bar stays full); Luck, Idea and Know
    are read from the characteristics every time."""
    if field not in CHARACTERISTICS:
        raise EngineError("Unknown characteristic '{field}'.", field=field)
    old = sheet.characteristics()
    chars = old | {field: value}
    skills = {}
    for label, entry in sheet.skills.items():
        base = base_value(label, chars) if not entry.added else None
        if base is not None and base != entry.base:
            grown = entry.value - entry.base
            entry = entry.model_copy(update={"base": base, "value": max(base + grown, 0)})
        skills[label] = entry.model_dump()
    before, after = derived_for(old), derived_for(chars)
    follow: dict[str, Any] = {}
    if sheet.hp_max == before["hp_max"]:
        follow["hp_max"] = after["hp_max"]
        if sheet.hp == sheet.hp_max:
            follow["hp"] = after["hp_max"]
    if sheet.mp_max == before["mp_max"]:
        follow["mp_max"] = after["mp_max"]
        if sheet.mp == sheet.mp_max:
            follow["mp"] = after["mp_max"]
    if sheet.san == before["san"]:
        follow["san"] = after["san"]
    if sheet.damage_bonus == before["damage_bonus"]:
        follow["damage_bonus"] = after["damage_bonus"]
    return updated(sheet, **{field: value}, skills=skills, **follow)


def with_every_skill(
    skills: Mapping[str, Mapping[str, Any]], characteristics: Mapping[str, int], native_language: str = "日本語"
) -> dict[str, dict[str, Any]]:
    """SKL-A-1 for an imported sheet: every skill of the list at its base, then the
    document's own skills over them (a document lists only what it raised, so
    こぶし at 50 must still be there when its palette never named it).

    A listed family the document names with a specialty (``運転(自動車)``,
    ``母国語(英語)``) is not added a second time bare."""
    by_family: dict[str, list[str]] = {}
    for label in skills:
        listed = find_skill(label)
        by_family.setdefault(listed.name if listed is not None else label, []).append(label)
    out: dict[str, dict[str, Any]] = {}
    for skill in skill_list():  # in the list's order, the document's values in their place
        if skill.name in by_family:
            out |= {label: dict(skills[label]) for label in by_family.pop(skill.name)}
            continue
        label = f"{skill.name}({native_language})" if skill.name == "母国語" else skill.name
        base = skill.base_value(characteristics)
        out[label] = {"value": base, "base": base}
    for labels in by_family.values():  # free skills the list does not know
        out |= {label: dict(skills[label]) for label in labels}
    return out


def set_weapons(sheet: CocSheet, weapons: Iterable[Mapping[str, Any]]) -> CocSheet:
    """Replace the weapons list; a bad weapon is refused naming its field."""
    return updated(sheet, weapons=[dict(weapon) for weapon in weapons])


def set_skill(sheet: CocSheet, name: str, value: int, *, occupational: bool | None = None) -> CocSheet:
    """Set a skill's current %, keeping its base and marks."""
    label = name if name in sheet.skills else canonical_name(name)
    entry = sheet.skill(label)
    changes: dict[str, Any] = {"value": value}
    if occupational is not None:
        changes["occupational"] = occupational
    skills = {k: v.model_dump() for k, v in sheet.skills.items()}
    skills[label] = entry.model_dump() | changes
    return updated(sheet, skills=skills)


def add_skill(sheet: CocSheet, name: str, value: int | None = None, *, occupational: bool = False) -> CocSheet:
    """Add a skill by name: a listed family (``芸術(絵画)``) takes its base; a free skill base 1."""
    label = canonical_name(name)
    if not label:
        raise EngineError("A skill needs a name.")
    if label in sheet.skills:
        raise EngineError("{name} already has the skill '{skill}'.", name=sheet.name, skill=label)
    base = base_value(label, sheet.characteristics())
    added = base is None
    base = 1 if base is None else base
    entry = SkillEntry(value=base, base=base, occupational=occupational, added=added).model_dump()
    if value is not None:
        entry["value"] = value
    skills = {k: v.model_dump() for k, v in sheet.skills.items()} | {label: entry}
    return updated(sheet, skills=skills)


def remove_skill(sheet: CocSheet, name: str) -> CocSheet:
    sheet.skill(name)
    label = name if name in sheet.skills else canonical_name(name)
    return updated(sheet, skills={k: v.model_dump() for k, v in sheet.skills.items() if k != label})


def roll_target(sheet: CocSheet, what: str) -> int:
    """The raw target of a roll named on the sheet: a skill, ``DEX×5``, SAN, 幸運, アイデア, 知識."""
    text = what.strip()
    match = _CHARACTERISTIC_ROLL.match(text)
    if match:
        return sheet.characteristics()[match.group(1)] * int(match.group(2))
    derived = {"SAN": sheet.san, "正気度": sheet.san, "幸運": sheet.luck, "アイデア": sheet.idea, "知識": sheet.know}
    if text in derived:
        return derived[text]
    return sheet.skill(text).value
