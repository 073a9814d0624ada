"""Ruleset A's growth marks and end-of-session growth (GRW-A-1, GRW-A-2)."""

from __future__ import annotations

import pytest

from engine.coc6.checks import check
from engine.coc6.growth import end_of_session, grow, mark_growth
from engine.errors import EngineError
from tests.engine.coc6.support import investigator, typed, with_skill


def _marked(value: int, die: int, skill: str = "目星"):  # type: ignore[no-untyped-def]
    sheet = with_skill(investigator(), skill, value) if value else investigator()
    result = check(sheet, skill, "coc6-a", typed(die))
    return mark_growth(sheet, skill, result)


@pytest.mark.parametrize(
    ("die", "mark"),
    [(1, "critical_1"), (4, "critical"), (10, "special"), (97, "fumble"), (100, "fumble_100"), (40, None), (70, None)],
)
def test_grwa1_marks_on_1c_c_s_f_100f_only(die: int, mark: str | None) -> None:
    sheet, fact = _marked(60, die)
    assert sheet.skills["目星"].growth == mark
    assert (fact.mark if fact else None) == mark


def test_grwa1_any_success_of_a_skill_at_its_base_value_marks_it() -> None:
    sheet, fact = _marked(0, 20)  # 目星 at base 25, plain success
    assert sheet.skills["目星"].growth == "base"
    assert fact is not None and fact.rule_ids == ("GRW-A-1",)
    failed, none = _marked(0, 30)
    assert failed.skills["目星"].growth is None and none is None


def test_grwa1_a_skill_keeps_its_best_mark() -> None:
    sheet, _ = _marked(60, 1)
    later = check(sheet, "目星", "coc6-a", typed(10))
    sheet, _ = mark_growth(sheet, "目星", later)
    assert sheet.skills["目星"].growth == "critical_1"


def test_grwa2_critical_growth_roll_above_the_skill_gives_1d8_else_1d4() -> None:
    sheet, _ = _marked(60, 4)
    grown, fact = grow(sheet, "目星", typed(61, 7))
    assert (fact.growth_roll, fact.grew, fact.expression, fact.after) == (61, True, "1D8", 67)
    assert grown.skills["目星"].growth is None
    _, missed = grow(sheet, "目星", typed(60, 3))
    assert (missed.grew, missed.expression, missed.after) == (False, "1D4", 63)


def test_grwa2_1c_and_100f_skip_the_growth_roll() -> None:
    sheet, _ = _marked(60, 1)
    _, fact = grow(sheet, "目星", typed(8))
    assert (fact.growth_roll, fact.amount, fact.after) == (None, 8, 68)
    sheet, _ = _marked(60, 100)
    _, fact = grow(sheet, "目星", typed(4))
    assert (fact.growth_roll, fact.expression, fact.after) == (None, "1D4+1", 65)


def test_grwa2_special_fumble_and_base_amounts() -> None:
    sheet, _ = _marked(60, 10)
    assert grow(sheet, "目星", typed(20))[1].after == 60  # S failed: 0
    sheet, _ = _marked(60, 97)
    assert grow(sheet, "目星", typed(20))[1].after == 61  # F failed: 1
    sheet, _ = _marked(0, 20)
    assert grow(sheet, "目星", typed(90, 5))[1].after == 25 + 5 + 2  # base success: 1d8+2


def test_grwa2_end_of_session_grows_every_marked_skill_and_logs_each_roll() -> None:
    sheet, _ = _marked(60, 4)
    result = check(sheet, "聞き耳", "coc6-a", typed(3))
    sheet, _ = mark_growth(sheet, "聞き耳", result)
    sheet, facts = end_of_session(sheet, typed(90, 5, 80, 2))
    assert [(f.skill, f.after) for f in facts] == [("聞き耳", 30), ("目星", 62)]
    assert all(v.growth is None for v in sheet.skills.values())
    with pytest.raises(EngineError, match="no growth mark"):
        grow(sheet, "目星", typed(1))
