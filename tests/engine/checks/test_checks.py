"""Check levels and targets: DICE-3…7, the upland levels (CHK-U-*) and the CoC house rules (CHK-A-*, CHK-B-*)."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.checks import (
    Level,
    Participant,
    cbr,
    characteristic_target,
    coc6b_target,
    coc_result,
    res_automatic,
    res_target,
    resistance_target,
    round_half_up,
    simultaneous_checks,
    skill_set_bonus,
    skill_set_target,
    success_degree,
    upland_level,
)
from engine.checks.upland import critical_threshold
from engine.dice.rng import DiceSource, DiceState
from engine.errors import EngineError
from engine.rulesets.coc6_checks import Coc6BOptions

C, S, OK, F, FB = Level.critical, Level.special, Level.success, Level.failure, Level.fumble


def table(*spans: tuple[int, int, Level]) -> dict[int, Level]:
    """Expand ``(first, last, level)`` spans into a roll → level table for 1..100."""
    out = {roll: level for first, last, level in spans for roll in range(first, last + 1)}
    assert sorted(out) == list(range(1, 101))
    return out


# --------------------------------------------------------------------------- CHK-U-1


@pytest.mark.parametrize(
    ("target", "expected"),
    [
        # The example of RULES.md: target 50.
        (50, table((1, 3, C), (4, 10, S), (11, 50, OK), (51, 97, F), (98, 100, FB))),
        # Target 0: 1 critical, 2 failure, 95 fumble.
        (0, table((1, 1, C), (2, 94, F), (95, 100, FB))),
        # Below 10 there is no critical range beyond 1, and 95 fumbles.
        (9, table((1, 1, C), (2, 2, S), (3, 9, OK), (10, 94, F), (95, 100, FB))),
        # 10/20 = 0.5 rounds up to 1; 10/5 = 2.
        (10, table((1, 1, C), (2, 2, S), (3, 10, OK), (11, 95, F), (96, 100, FB))),
        (37, table((1, 2, C), (3, 7, S), (8, 37, OK), (38, 96, F), (97, 100, FB))),
        (95, table((1, 5, C), (6, 19, S), (20, 95, OK), (96, 99, F), (100, 100, FB))),
        # No cap at 95: 99 against 150 succeeds; only 100 fumbles.
        (150, table((1, 8, C), (9, 30, S), (31, 99, OK), (100, 100, FB))),
    ],
)
def test_chk_u_1_full_threshold_tables(target: int, expected: dict[int, Level]) -> None:  # rule: CHK-U-1
    assert {roll: upland_level(roll, target) for roll in range(1, 101)} == expected


def test_chk_u_1_round_half_up_is_not_pythons_round() -> None:  # rule: CHK-U-1
    assert round(2.5) == 2  # why the rule needs its own rounding
    assert round_half_up(2.5) == 3
    assert round_half_up(Fraction(5, 2)) == 3
    assert round_half_up(0.5) == 1
    assert round_half_up(7.5) == 8
    assert round_half_up(2.4) == 2
    assert round_half_up(-2.5) == -3
    assert critical_threshold(9) == 0 and critical_threshold(10) == 1 and critical_threshold(-40) == 0


LEVEL_RANK = {C: 0, S: 1, OK: 2, F: 3, FB: 4}


@settings(max_examples=200, deadline=None)
@given(target=st.integers(-60, 250), first=st.integers(1, 100), second=st.integers(1, 100))
def test_chk_u_1_levels_are_monotone_in_the_roll_outside_the_fumble_zone(
    target: int, first: int, second: int
) -> None:  # rule: CHK-U-1
    low, high = sorted((first, second))
    fumble_from = 95 + critical_threshold(target)
    if high < fumble_from and high < 100:
        assert LEVEL_RANK[upland_level(low, target)] <= LEVEL_RANK[upland_level(high, target)]
    assert upland_level(100, target) is FB
    assert upland_level(1, target) is C


def test_chk_u_1b_upland_resistance_has_no_automatic_result() -> None:  # rule: CHK-U-1b
    target = resistance_target(1, 20)  # 50 + 5 × (1 − 20) = −45
    assert target == -45
    assert upland_level(1, target) is C
    assert upland_level(50, target) is F
    assert upland_level(95, target) is FB
    high = resistance_target(30, 11)  # 145: a CoC RES would succeed automatically
    assert upland_level(99, high) is OK
    assert upland_level(100, high) is FB


# --------------------------------------------------------------------------- DICE-3 … DICE-6


def test_dice3_a_d100_check_yields_one_of_five_levels() -> None:  # rule: DICE-3
    upland = {upland_level(r, 50) for r in range(1, 101)}
    coc = {coc_result(r, 50, "ccb").level for r in range(1, 101)}
    assert upland == coc == set(Level)


def test_dice4_success_degrees() -> None:  # rule: DICE-4
    assert [success_degree(level) for level in (C, S, OK, F, FB)] == [3, 2, 1, 0, 0]
    assert success_degree("special") == 2


def test_dice5_resistance_target() -> None:  # rule: DICE-5
    # "X で Y に抵抗": X active, Y passive.
    assert resistance_target(12, 10) == 60
    assert resistance_target(10, 15) == 25
    assert resistance_target(10, 10) == 50
    assert res_target(12, 10) == resistance_target(12, 10)


def test_dice6_characteristic_rolls() -> None:  # rule: DICE-6
    assert characteristic_target(14, 5) == 70  # DEX×5
    assert characteristic_target(12, 3) == 36  # POW×3


# --------------------------------------------------------------------------- DICE-7


def test_dice7_everyone_rolls_in_action_order_and_a_decline_draws_no_die() -> None:  # rule: DICE-7
    party = [Participant("airin", 60), Participant("roy", 40, declines=True), Participant("mina", 30)]
    results = simultaneous_checks(party, DiceSource(DiceState(), [30, 97]))
    assert [(r.id, r.roll, r.level) for r in results] == [
        ("airin", 30, OK),
        ("roy", None, F),
        ("mina", 97, FB),  # target 30: c = 2, so 97 fumbles
    ]
    assert not results[1].rolled


def test_dice7_the_gm_may_reorder_and_the_dice_follow_the_order() -> None:  # rule: DICE-7
    party = [Participant("airin", 60), Participant("mina", 30)]
    results = simultaneous_checks(party, DiceSource(DiceState(), [5, 80]), order=["mina", "airin"])
    assert [(r.id, r.roll) for r in results] == [("mina", 5), ("airin", 80)]
    with pytest.raises(EngineError):
        simultaneous_checks(party, DiceSource(DiceState()), order=["mina"])
    with pytest.raises(EngineError):
        simultaneous_checks(party + party[:1], DiceSource(DiceState()))


def test_dice7_same_seed_same_simultaneous_results() -> None:  # rule: DICE-7
    party = [Participant(str(i), 50) for i in range(6)]
    one = simultaneous_checks(party, DiceSource(DiceState(seed=9)))
    two = simultaneous_checks(party, DiceSource(DiceState(seed=9)))
    assert one == two


def test_dice7_a_coc_judge_can_be_used() -> None:  # rule: DICE-7
    party = [Participant("a", 50)]
    results = simultaneous_checks(party, DiceSource(DiceState(), [5]), judge=lambda r, t: coc_result(r, t).level)
    assert results[0].level is C


# --------------------------------------------------------------------------- CHK-U-2 / CHK-U-3

SCOUT = ["視力", "聞き耳", "追跡"]


def test_chk_u_2_default_is_the_highest_listed_skill() -> None:  # rule: CHK-U-2
    skills = {"視力": 45, "聞き耳": 60, "追跡": 30, "剣": 90}
    assert skill_set_target(skills, SCOUT) == ("聞き耳", 60)
    assert skill_set_target(skills, SCOUT, chosen="追跡") == ("追跡", 30)
    assert skill_set_target(skills, SCOUT, group_modifier=-10) == ("聞き耳", 50)
    # a tie goes to the first listed skill
    assert skill_set_target({"視力": 50, "聞き耳": 50}, SCOUT) == ("視力", 50)


def test_chk_u_2_refuses_skills_outside_the_set() -> None:  # rule: CHK-U-2
    with pytest.raises(EngineError):
        skill_set_target({"剣": 90}, SCOUT)
    with pytest.raises(EngineError):
        skill_set_target({"剣": 90, "視力": 20}, SCOUT, chosen="剣")
    with pytest.raises(EngineError):
        skill_set_target({"視力": 20}, SCOUT, chosen="聞き耳")


def test_chk_u_3_spell_toggles_add_to_the_skill_set() -> None:  # rule: CHK-U-3
    assert skill_set_bonus("scout", ["《第二の目》", "《霊視》"]) == 30
    assert skill_set_bonus("requiem", ["第二の眼", "霊話"]) == 30
    assert skill_set_bonus("requiem", ["魔力検知", "霊視"]) == 30
    assert skill_set_bonus("scout", ["霊話"]) == 0  # not a 〈偵察〉 bonus
    bonus = skill_set_bonus("scout", ["第二の目"])
    assert skill_set_target({"視力": 45}, SCOUT, bonus=bonus) == ("視力", 55)


# --------------------------------------------------------------------------- CHK-A-1 / CHK-A-2


def coc_table(target: int, mode: str) -> dict[int, str]:
    return {r: coc_result(r, target, mode).word for r in range(1, 101)}  # type: ignore[arg-type]


def test_chk_a_1_ccb_boundaries_at_50() -> None:  # rule: CHK-A-1
    words = coc_table(50, "ccb")
    assert {words[r] for r in range(1, 6)} == {"critical_special"}  # 1C and C
    assert {words[r] for r in range(6, 11)} == {"special"}
    assert {words[r] for r in range(11, 51)} == {"success"}
    assert {words[r] for r in range(51, 96)} == {"failure"}
    assert {words[r] for r in range(96, 101)} == {"fumble"}  # F and 00F


def test_chk_a_1_a_successful_96_to_99_is_not_a_fumble_and_100_always_fails() -> None:  # rule: CHK-A-1
    for roll in (96, 97, 98, 99):
        assert coc_result(roll, 99, "ccb").level is OK
    assert coc_result(100, 99, "ccb").level is FB
    assert coc_result(100, 150, "ccb").level is FB  # no cap above 100, 100 still fumbles
    assert coc_result(99, 150, "ccb").level is OK
    assert coc_result(4, 3, "ccb").level is F  # a good roll that fails is no critical
    assert coc_result(1, 3, "ccb").level is C


def test_chk_a_2_special_is_a_fifth_rounded_down_at_least_one() -> None:  # rule: CHK-A-2
    assert coc_result(11, 59, "cc").word == "special"
    assert coc_result(12, 59, "cc").word == "success"
    assert coc_result(1, 4, "cc").word == "critical_special"  # ⌊4/5⌋ = 0 → at least 1
    assert coc_result(2, 60, "cc").word == "special"
    # a critical is also a special and ranks above it
    outcome = coc_result(3, 50, "ccb")
    assert outcome.critical and outcome.special and outcome.level is C


# --------------------------------------------------------------------------- CHK-A-5


def test_chk_a_5_res_automatic_outcomes() -> None:  # rule: CHK-A-5
    assert res_target(11, 30) == -45 and res_automatic(-45) == "failure"
    assert res_target(30, 11) == 145 and res_automatic(145) == "success"
    assert res_automatic(4) == "failure" and res_automatic(5) is None
    assert res_automatic(95) is None and res_automatic(96) == "success"


def test_chk_a_5_combination_roll_ranks() -> None:  # rule: CHK-A-5
    assert cbr(30, 70, 30).rank == "success"
    assert cbr(31, 70, 30).rank == "partial_success"
    assert cbr(71, 70, 30).rank == "failure"
    assert cbr(96, 98, 50, "ccb").second.fumble
    assert cbr(96, 98, 50, "ccb").rank == "partial_success"


# --------------------------------------------------------------------------- CHK-B-*


def test_chk_b_0_crit_fumble_option_chooses_the_width() -> None:  # rule: CHK-B-0
    assert coc_result(5, 50, "ccb").level is C
    assert coc_result(5, 50, "cc").level is S
    assert coc_result(97, 50, "ccb").level is FB
    assert coc_result(97, 50, "cc").level is F
    assert coc_result(1, 50, "cc").level is C and coc_result(100, 50, "cc").level is FB
    with pytest.raises(EngineError):
        coc_result(5, 50, "ccc")  # type: ignore[arg-type]


def test_chk_b_1_fractions_round_down() -> None:  # rule: CHK-B-1
    assert coc6b_target("characteristic", Fraction(75, 2)) == 37
    assert coc6b_target("other", 45.9) == 45
    assert coc6b_target("skill", Fraction(121, 2)) == 60


def test_chk_b_2_investigator_skills_are_capped_at_80() -> None:  # rule: CHK-B-2
    assert coc6b_target("skill", 90) == 80
    assert coc6b_target("skill", 75) == 75
    assert coc6b_target("skill", 90, npc=True) == 90
    assert coc6b_target("characteristic", 90) == 90
    assert coc6b_target("skill", 90, options=Coc6BOptions(skill_cap=70)) == 70


def test_chk_b_3_dodge_is_capped_at_dex_times_four() -> None:  # rule: CHK-B-3
    assert coc6b_target("dodge", 70, dex=12) == 48
    assert coc6b_target("dodge", 70, dex=12, occupation_lists_dodge=True) == 70
    assert coc6b_target("dodge", 70, dex=12, npc=True) == 70
    assert coc6b_target("dodge", 95, dex=30, occupation_lists_dodge=True) == 80  # still a skill
    with pytest.raises(EngineError):
        coc6b_target("dodge", 70)


def test_chk_b_4_san_rolls_use_at_most_70() -> None:  # rule: CHK-B-4
    assert coc6b_target("san", 85) == 70
    assert coc6b_target("san", 50) == 50
    assert coc6b_target("san", 85, options=Coc6BOptions(san_cap=60)) == 60
