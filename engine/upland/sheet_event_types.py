"""Events of the Upland sheet: set, one value changed (by hand or by a rule),
a skill changed (CHK-U-4 experience checks, INV-8 training).
"""

from __future__ import annotations

from typing import Literal

from engine.core.changes import Changes
from engine.core.events import EventBase
from engine.core.state import State
from engine.i18n import render
from engine.upland.event_support import rule_suffix, touch_character, with_sheet
from engine.upland.facts import upland_sheet
from engine.upland.sheet import Skill, UplandSheet, thirds_text
from engine.upland.texts import field_text


class SheetSet(EventBase):
    """A whole sheet set, replaced or removed."""

    type: Literal["upland_sheet_set"] = "upland_sheet_set"
    character: str
    name: str
    before: UplandSheet | None
    after: UplandSheet | None

    def apply(self, state: State) -> State:
        return with_sheet(state, self.character, self.after)

    def touch(self, changes: Changes) -> None:
        touch_character(changes, self.character)

    def describe(self, lang: str = "ja") -> str:
        if self.after is None:
            return render("{name}'s Upland sheet was removed.", lang, name=self.name)
        return render("{name}'s Upland sheet was set.", lang, name=self.name)


class SheetValueChanged(EventBase):
    """One number or flag of a sheet changed, by hand or by a rule (``rule``)."""

    type: Literal["upland_sheet_value"] = "upland_sheet_value"
    character: str
    name: str
    field: str
    before: int | bool
    after: int | bool
    rule: str = ""

    def apply(self, state: State) -> State:
        sheet = upland_sheet(state.characters[self.character])
        assert sheet is not None
        return with_sheet(state, self.character, sheet.model_copy(update={self.field: self.after}))

    def touch(self, changes: Changes) -> None:
        touch_character(changes, self.character)

    def describe(self, lang: str = "ja") -> str:
        before, after = self.before, self.after
        if self.field == "fatigue_thirds" and not isinstance(before, bool) and not isinstance(after, bool):
            return render(
                "{name}: fatigue {before} → {after} ({delta}){rule}.",
                lang,
                name=self.name,
                before=thirds_text(before),
                after=thirds_text(after),
                delta=("+" if after >= before else "") + thirds_text(after - before),
                rule=rule_suffix(self.rule, lang),
            )
        return render(
            "{name}: {field} {before} → {after}{rule}.",
            lang,
            name=self.name,
            field=field_text(self.field, lang),
            before=before,
            after=after,
            rule=rule_suffix(self.rule, lang),
        )


class SkillChanged(EventBase):
    """A skill set, removed, or marked (CHK-U-4 experience check, INV-8 training)."""

    type: Literal["upland_skill_changed"] = "upland_skill_changed"
    character: str
    name: str
    skill: str
    before: Skill | None
    after: Skill | None
    rule: str = ""

    def apply(self, state: State) -> State:
        sheet = upland_sheet(state.characters[self.character])
        assert sheet is not None
        skills = dict(sheet.skills)
        if self.after is None:
            skills.pop(self.skill, None)
        else:
            skills[self.skill] = self.after
        return with_sheet(state, self.character, sheet.model_copy(update={"skills": skills}))

    def touch(self, changes: Changes) -> None:
        touch_character(changes, self.character)

    def describe(self, lang: str = "ja") -> str:
        b, a = self.before, self.after
        if a is None:
            return render("{name}: skill 〈{skill}〉 removed.", lang, name=self.name, skill=self.skill)
        if b is not None and a.checked and not b.checked and a.model_copy(update={"checked": False}) == b:
            return render(
                "{name}: experience check on 〈{skill}〉{rule}.",
                lang,
                name=self.name,
                skill=self.skill,
                rule=rule_suffix(self.rule, lang),
            )
        if (
            b is not None
            and a.training_hours != b.training_hours
            and a.model_copy(update={"training_hours": b.training_hours}) == b
        ):
            return render(
                "{name}: 〈{skill}〉 training {before} → {after} hours{rule}.",
                lang,
                name=self.name,
                skill=self.skill,
                before=b.training_hours,
                after=a.training_hours,
                rule=rule_suffix(self.rule, lang),
            )
        return render(
            "{name}: skill 〈{skill}〉 set to {value}%.", lang, name=self.name, skill=self.skill, value=a.value
        )
