"""Commands that set and edit Upland sheets, in the free board style: the GM
may use them at any time, each is undoable and logged."""

from __future__ import annotations

from typing import Literal

from engine.checks.upland import SKILL_SET_BONUSES
from engine.core.commands import CommandBase, Context
from engine.errors import EngineError
from engine.i18n import render
from engine.table.piles import require_character, require_started
from engine.upland.events import SheetSet, SheetValueChanged, SkillChanged
from engine.upland.facts import upland_sheet
from engine.upland.sheet import SHEET_BOOL_FIELDS, SHEET_INT_FIELDS, Skill, UplandSheet

MAX_SKILL_NAME = 40
#: CHK-U-3: every toggle name the seed gives a bonus to.
SPELL_BONUS_NAMES: tuple[str, ...] = tuple(sorted({n for table in SKILL_SET_BONUSES.values() for n in table}))


def _sheet(ctx: Context, character: str) -> tuple[str, UplandSheet]:
    require_started(ctx.state)
    who = require_character(ctx.state, character)
    sheet = upland_sheet(who)
    if sheet is None:
        raise EngineError("{name} has no Upland sheet yet.", name=who.name)
    return who.name, sheet


class SetSheet(CommandBase):
    """Give a character a whole Upland sheet (``sheet`` None removes it)."""

    type: Literal["upland_set_sheet"] = "upland_set_sheet"
    character: str
    sheet: UplandSheet | None

    def run(self, ctx: Context) -> None:
        require_started(ctx.state)
        who = require_character(ctx.state, self.character)
        if who.sheet == self.sheet:
            raise EngineError("Nothing to change for {name}.", name=who.name)
        ctx.emit(SheetSet(character=who.id, name=who.name, before=who.sheet, after=self.sheet))

    def label(self, lang: str = "ja") -> str:
        return render("Set an Upland sheet", lang)


class SetSheetValue(CommandBase):
    """Set one number or flag of a sheet (fatigue in thirds: ``fatigue_thirds``)."""

    type: Literal["upland_set_sheet_value"] = "upland_set_sheet_value"
    character: str
    field: str
    value: int | bool

    def run(self, ctx: Context) -> None:
        name, sheet = _sheet(ctx, self.character)
        if self.field in SHEET_BOOL_FIELDS:
            if not isinstance(self.value, bool):
                raise EngineError("{field} takes yes or no.", field=self.field)
        elif self.field in SHEET_INT_FIELDS:
            if isinstance(self.value, bool):
                raise EngineError("{field} takes a number.", field=self.field)
        else:
            raise EngineError("The sheet has no value '{field}'.", field=self.field)
        try:
            after = UplandSheet.model_validate({**sheet.model_dump(), self.field: self.value})
        except ValueError as exc:
            raise EngineError("{value} is out of range for {field}.", value=self.value, field=self.field) from exc
        before = getattr(sheet, self.field)
        if before == getattr(after, self.field):
            raise EngineError("Nothing to change for {name}.", name=name)
        ctx.emit(
            SheetValueChanged(character=self.character, name=name, field=self.field, before=before, after=self.value)
        )

    def label(self, lang: str = "ja") -> str:
        return render("Edit an Upland sheet", lang)


class SetSkill(CommandBase):
    """Add, change or (``remove``) take away a skill; None leaves a part as it is."""

    type: Literal["upland_set_skill"] = "upland_set_skill"
    character: str
    skill: str
    value: int | None = None
    checked: bool | None = None
    no_checks: bool | None = None
    training_hours: int | None = None
    remove: bool = False

    def run(self, ctx: Context) -> None:
        name, sheet = _sheet(ctx, self.character)
        skill = self.skill.strip().strip("〈〉")
        if not skill:
            raise EngineError("A skill needs a name.")
        if len(skill) > MAX_SKILL_NAME:
            raise EngineError("A skill name may have at most {max} characters.", max=MAX_SKILL_NAME)
        before = sheet.skills.get(skill)
        if self.remove:
            if before is None:
                raise EngineError("{name} has no skill {skill}.", name=name, skill=skill)
            ctx.emit(SkillChanged(character=self.character, name=name, skill=skill, before=before, after=None))
            return
        update = {
            k: v
            for k, v in (
                ("value", self.value),
                ("checked", self.checked),
                ("no_checks", self.no_checks),
                ("training_hours", self.training_hours),
            )
            if v is not None
        }
        try:
            after = Skill.model_validate({**(before or Skill()).model_dump(), **update})
        except ValueError as exc:
            raise EngineError("That value is out of range for the skill {skill}.", skill=skill) from exc
        if after == before:
            raise EngineError("Nothing to change for {name}.", name=name)
        ctx.emit(SkillChanged(character=self.character, name=name, skill=skill, before=before, after=after))

    def label(self, lang: str = "ja") -> str:
        return render("Edit a skill", lang)


class SetSpellBonus(CommandBase):
    """CHK-U-3: switch a spell or ability bonus of the skill sets on or off."""

    type: Literal["upland_set_spell_bonus"] = "upland_set_spell_bonus"
    character: str
    bonus: str
    on: bool = True

    def run(self, ctx: Context) -> None:
        name, sheet = _sheet(ctx, self.character)
        bonus = self.bonus.strip().strip("《》〈〉")
        if bonus not in SPELL_BONUS_NAMES:
            raise EngineError(
                "Unknown bonus '{bonus}' (known: {known}).", bonus=self.bonus, known="、".join(SPELL_BONUS_NAMES)
            )
        active = list(sheet.spell_bonuses)
        if (bonus in active) == self.on:
            raise EngineError("Nothing to change for {name}.", name=name)
        after = tuple(active + [bonus]) if self.on else tuple(b for b in active if b != bonus)
        ctx.emit(
            SheetSet(
                character=self.character,
                name=name,
                before=sheet,
                after=sheet.model_copy(update={"spell_bonuses": after}),
            )
        )

    def label(self, lang: str = "ja") -> str:
        return render("Switch a spell bonus", lang)


SHEET_COMMANDS = (SetSheet, SetSheetValue, SetSkill, SetSpellBonus)
