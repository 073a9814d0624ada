"""Ruleset B's student investigators (STU-B-1)."""

from __future__ import annotations

import pytest

from engine.coc6.sheet import add_skill, new_investigator, set_skill
from engine.coc6.student import apply_student, track_modifier
from engine.errors import EngineError
from tests.engine.coc6.support import CHARS


def _student(occupation: str = "大学生", **chars: int):  # type: ignore[no-untyped-def]
    return new_investigator("ハルカ", CHARS | chars, occupation=occupation)


def test_stub1_english_becomes_edu_credit_minus_10_and_40_more_points() -> None:
    sheet = _student(EDU=14)
    before_points = sheet.interest_points
    sheet, fact = apply_student(sheet)
    assert sheet.skills["他の言語(英語)"].value == 14
    assert sheet.skills["信用"].value == 5
    assert sheet.interest_points == before_points + 40
    assert (fact.english_after, fact.credit_after) == (14, 5)
    with pytest.raises(EngineError, match="already made"):
        apply_student(sheet)


def test_stub1_english_already_above_edu_is_kept() -> None:
    sheet = set_skill(_student(EDU=14), "信用", 30)
    sheet = add_skill(sheet, "他の言語(英語)", 40)
    sheet, _ = apply_student(sheet)
    assert sheet.skills["他の言語(英語)"].value == 40 and sheet.skills["信用"].value == 20


def test_stub1_a_non_japanese_native_gets_no_english_change() -> None:
    sheet = new_investigator("Anna", CHARS, occupation="高校生", native_language="英語")
    sheet, fact = apply_student(sheet)
    assert "他の言語(英語)" not in sheet.skills and fact.english_after == 0


def test_stub1_tracks_add_10_and_kosen_is_science() -> None:
    sheet, fact = apply_student(_student("高校生"), track="arts", track_skills=("歴史", "図書館"))
    assert fact.track == "arts" and track_modifier(sheet, "歴史") == 10 and track_modifier(sheet, "化学") == 0
    kosen, fact = apply_student(_student("高専生"), track_skills=("電子工学",))
    assert fact.track == "science" and track_modifier(kosen, "電子工学") == 10
    with pytest.raises(EngineError, match="choose a track"):
        apply_student(_student("中学生"), track="science")
    with pytest.raises(EngineError, match="not a student"):
        apply_student(_student("探偵"))
