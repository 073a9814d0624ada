"""Checks from the sheet: levels, caps, secrecy, pre-rolls and costs (CHK-A-*, CHK-B-*)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from engine.coc6.checks import app_preroll, check, check_target, lore_check
from engine.coc6.sheet import set_skill, updated
from engine.errors import EngineError
from engine.rulesets.coc6_checks import Coc6BOptions
from tests.engine.coc6.support import investigator, typed, with_skill


def test_chka1_critical_on_1_to_5_and_fumble_on_96_to_100_under_ruleset_a() -> None:
    sheet = with_skill(investigator(), "目星", 60)
    assert check(sheet, "目星", "coc6-a", typed(5)).level == "critical"
    assert check(sheet, "目星", "coc6-a", typed(6)).level == "special"
    assert check(sheet, "目星", "coc6-a", typed(96)).level == "fumble"
    assert check(sheet, "目星", "coc6-a", typed(95)).level == "failure"


def test_chka2_special_is_a_fifth_of_the_skill_and_a_critical_is_also_special() -> None:
    sheet = with_skill(investigator(), "目星", 60)
    assert check(sheet, "目星", "coc6-a", typed(12)).level == "special"
    assert check(sheet, "目星", "coc6-a", typed(13)).level == "success"
    assert check(sheet, "目星", "coc6-a", typed(3)).word == "critical_special"


def test_chkb0_ruleset_b_uses_the_option_width_cc_for_criticals() -> None:
    sheet = with_skill(investigator(), "目星", 60)
    options = Coc6BOptions(crit_fumble="cc")
    assert check(sheet, "目星", "coc6-b", typed(3), options=options).level == "special"
    assert check(sheet, "目星", "coc6-b", typed(1), options=options).level == "critical"
    assert check(sheet, "目星", "coc6-b", typed(97), options=options).level == "failure"


def test_chkb1_fractions_of_a_target_are_rounded_down() -> None:
    sheet = with_skill(investigator(), "目星", 45)
    raw, target, _ = check_target(sheet, "目星", "coc6-b", scale=Fraction(1, 2))
    assert (raw, target) == (45, 22)
    assert check(sheet, "目星", "coc6-b", typed(23), scale=Fraction(1, 2)).level == "failure"


def test_chkb2_investigator_skills_are_capped_at_80_but_not_characteristics_or_npcs() -> None:
    sheet = with_skill(investigator(), "目星", 90)
    result = check(sheet, "目星", "coc6-b", typed(85))
    assert (result.target, result.caps, result.level) == (80, ("CHK-B-2",), "failure")
    assert check(sheet, "目星", "coc6-a", typed(85)).level == "success"  # no cap in A
    strong = updated(sheet, STR=18)
    assert check(strong, "STR×5", "coc6-b", typed(85)).target == 90
    npc = updated(sheet, npc=True)
    assert check(npc, "目星", "coc6-b", typed(85)).level == "success"


def test_chkb3_dodge_is_capped_at_dex_times_4_unless_occupational() -> None:
    sheet = with_skill(investigator(DEX=14), "回避", 70)
    result = check(sheet, "回避", "coc6-b", typed(60))
    assert (result.target, result.caps, result.level) == (56, ("CHK-B-3",), "failure")
    occupational = set_skill(sheet, "回避", 70, occupational=True)
    result = check(occupational, "回避", "coc6-b", typed(60))
    assert (result.target, result.caps, result.level) == (70, (), "success")


def test_chkb4_san_rolls_use_at_most_70() -> None:
    sheet = updated(investigator(POW=18), san=85, san_max=99)
    result = check(sheet, "SAN", "coc6-b", typed(75))
    assert (result.target, result.caps, result.level) == (70, ("CHK-B-4",), "failure")
    low = updated(sheet, san=50)
    assert check(low, "SAN", "coc6-b", typed(50)).target == 50


def test_chkb5_san_mythos_and_dream_lore_rolls_have_no_special_levels_in_b() -> None:
    sheet = updated(investigator(), san=60)
    assert check(sheet, "SAN", "coc6-b", typed(1)).level == "success"
    assert check(sheet, "SAN", "coc6-b", typed(99)).level == "failure"
    assert check(sheet, "SAN", "coc6-a", typed(1)).level == "critical"  # A keeps them
    mythos = with_skill(sheet, "クトゥルフ神話", 10)
    assert check(mythos, "クトゥルフ神話", "coc6-b", typed(2)).level == "success"
    lore = with_skill(sheet, "夢の知識", 10)
    assert check(lore, "夢の知識", "coc6-b", typed(100)).level == "failure"
    # an ordinary skill still criticals in B
    assert check(sheet, "目星", "coc6-b", typed(2)).level == "critical"


def test_chkb6_psychology_is_always_secret_in_b() -> None:
    sheet = investigator()
    assert check(sheet, "心理学", "coc6-b", typed(40)).secret
    assert not check(sheet, "目星", "coc6-b", typed(40)).secret
    assert "CHK-B-6" in check(sheet, "心理学", "coc6-b", typed(40)).rule_ids


def test_chkb7_app_preroll_gives_plus_15_or_minus_20_without_special_levels() -> None:
    sheet = investigator(APP=11)  # APP×5 = 55
    won = app_preroll(sheet, "説得", typed(55), first_meeting=True, hostile_feelings=False)
    assert (won.success, won.modifier) == (True, 15)
    result = check(with_skill(sheet, "説得", 40), "説得", "coc6-b", typed(55), modifier=won.modifier)
    assert (result.target, result.level) == (55, "success")
    lost = app_preroll(sheet, "信用", typed(56), first_meeting=True, hostile_feelings=False)
    assert (lost.success, lost.modifier) == (False, -20)


def test_chkb7_app_preroll_is_refused_outside_first_meetings_and_other_skills() -> None:
    sheet = investigator()
    with pytest.raises(EngineError, match="only for 言いくるめ"):
        app_preroll(sheet, "目星", typed(5), first_meeting=True, hostile_feelings=False)
    with pytest.raises(EngineError, match="first meeting"):
        app_preroll(sheet, "言いくるめ", typed(5), first_meeting=False, hostile_feelings=False)
    with pytest.raises(EngineError, match="hostile"):
        app_preroll(sheet, "言いくるめ", typed(5), first_meeting=True, hostile_feelings=True)


def test_chkb8_san_cost_is_paid_before_the_mythos_roll() -> None:
    sheet = with_skill(updated(investigator(), san=40), "クトゥルフ神話", 12)
    after, paid, result = lore_check(sheet, "クトゥルフ神話", 3, typed(10))
    assert (paid.san_before, paid.san_after, after.san) == (40, 37, 37)
    assert result.level == "success"
    with pytest.raises(EngineError, match="only before クトゥルフ神話"):
        lore_check(sheet, "目星", 3, typed(10))
