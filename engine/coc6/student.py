"""Ruleset B's student investigators (STU-B-1).

A student (小学生 … 大学生, 専門生, 高専生, or whom the GM calls one) gets these
changes on the finished sheet: English = EDU when the native language is
Japanese (unless already higher), 信用 −10, +40 personal (interest) skill
points; high-school and university students may pick an arts or science
track, +10 to the skills the GM counts in it; 高専生 are science.

Readings: "EDUの値" is the characteristic itself (EDU 15 → 英語 15%), the
English skill is 他の言語(英語) (added at its base when missing); 信用 does not
go below 0.
"""

from __future__ import annotations

from typing import Literal

from engine.coc6.model import CocModel
from engine.coc6.sheet import CocSheet, add_skill, updated
from engine.coc6.skills import canonical_name
from engine.errors import EngineError

STUDENT_OCCUPATIONS: tuple[str, ...] = ("小学生", "中学生", "高校生", "大学生", "専門生", "高専生")
TRACK_OCCUPATIONS: tuple[str, ...] = ("高校生", "大学生", "高専生")
ENGLISH_NAMES: tuple[str, ...] = ("他の言語(英語)", "英語")
Track = Literal["arts", "science"]


class StudentChanges(CocModel):
    name: str
    english_before: int
    english_after: int
    credit_before: int
    credit_after: int
    interest_points_after: int
    track: Track | None
    rule_ids: tuple[str, ...] = ("STU-B-1",)


def is_student(sheet: CocSheet, gm_says: bool = False) -> bool:
    return gm_says or sheet.occupation in STUDENT_OCCUPATIONS


def apply_student(
    sheet: CocSheet,
    *,
    track: Track | None = None,
    track_skills: tuple[str, ...] = (),
    gm_says: bool = False,
) -> tuple[CocSheet, StudentChanges]:
    """STU-B-1: make the student changes to a finished sheet (once)."""
    if not is_student(sheet, gm_says):
        raise EngineError("{name} is not a student ({occupation}).", name=sheet.name, occupation=sheet.occupation)
    if sheet.student_modified:
        raise EngineError("The student changes of {name} are already made.", name=sheet.name)
    if sheet.occupation == "高専生":
        track = "science"
    if track is not None and sheet.occupation not in TRACK_OCCUPATIONS and not gm_says:
        raise EngineError("Only high-school and university students choose a track.")
    english = next((n for n in ENGLISH_NAMES if n in sheet.skills), None)
    if english is None and sheet.native_language == "日本語":
        english = ENGLISH_NAMES[0]
        sheet = add_skill(sheet, english)
    skills = {k: v.model_dump() for k, v in sheet.skills.items()}
    english_before = english_after = skills[english]["value"] if english else 0
    if english and sheet.native_language == "日本語" and english_before < sheet.EDU:
        english_after = sheet.EDU
        skills[english]["value"] = english_after
    credit = skills.get("信用")
    credit_before = credit["value"] if credit else 0
    credit_after = max(credit_before - 10, 0)
    if credit:
        credit["value"] = credit_after
    points = sheet.interest_points + 40
    sheet = updated(
        sheet,
        skills=skills,
        interest_points=points,
        student_track=track,
        track_skills=track_skills if track else (),
        student_modified=True,
    )
    return sheet, StudentChanges(
        name=sheet.name, english_before=english_before, english_after=english_after, credit_before=credit_before,
        credit_after=credit_after, interest_points_after=points, track=track,
    )  # fmt: skip


def track_modifier(sheet: CocSheet, skill: str) -> int:
    """STU-B-1: +10 on the skills the GM counts in the student's track (named as on the sheet or by an alias)."""
    if sheet.student_track is None or not sheet.track_skills:
        return 0
    names = {skill, canonical_name(skill)}
    counted = {canonical_name(s) for s in sheet.track_skills} | set(sheet.track_skills)
    return 10 if names & counted else 0
