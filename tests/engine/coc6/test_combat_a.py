"""Ruleset A's action economy (CBT-A-1, CBT-A-2)."""

from __future__ import annotations

import pytest

from engine.checks.coc import res_automatic, res_target
from engine.coc6.combat_a import contest_roll, cover_target, flee_target, give_up_active, take_active, take_passive
from engine.coc6.tracker import combatant_from, next_turn, start_combat
from engine.errors import EngineError
from tests.engine.coc6.support import investigator, typed


def _combat():  # type: ignore[no-untyped-def]
    party = [investigator("ミナ", DEX=14), investigator("ケン", DEX=10), investigator("ユキ", DEX=8)]
    return start_combat("coc6-a", [combatant_from(s) for s in party])


def test_cbta1_one_active_and_one_passive_action_per_round() -> None:
    tracker = _combat()
    tracker, fact = take_active(tracker, "ミナ", "attack")
    assert (fact.active_left, fact.passive_left) == (0, 1)
    with pytest.raises(EngineError, match="no active action left"):
        take_active(tracker, "ミナ", "attack")
    tracker, _ = take_passive(tracker, "ミナ", "dodge")
    with pytest.raises(EngineError, match="no passive action left"):
        take_passive(tracker, "ミナ", "dodge")


def test_cbta1_the_active_action_is_taken_on_ones_own_turn() -> None:
    tracker = _combat()
    with pytest.raises(EngineError, match="It is ミナ's turn, not ケン's."):
        take_active(tracker, "ケン", "attack")
    tracker, _ = next_turn(tracker)
    tracker, _ = take_active(tracker, "ケン", "flee")
    assert tracker.get("ケン").active_left == 0


def test_cbta1_giving_up_the_active_action_buys_a_second_passive_one() -> None:
    tracker, fact = give_up_active(_combat(), "ケン")
    assert (fact.active_left, fact.passive_left) == (0, 2)
    tracker, _ = take_passive(tracker, "ケン", "dodge")
    tracker, _ = take_passive(tracker, "ケン", "dodge")
    assert tracker.get("ケン").passive_left == 0


def test_cbta1_flee_and_cover_use_the_better_of_dex_and_the_dex_contest() -> None:
    assert flee_target(14, 10) == 70  # DEX×5 70 beats RES 70 … equal
    assert flee_target(10, 2) == 90  # contest (10−2)×5+50 = 90 beats 50
    assert cover_target(14, 14) == 56
    assert cover_target(10, 4) == 80


def test_cbta1_actions_come_back_at_the_next_round() -> None:
    tracker, _ = take_active(_combat(), "ミナ", "attack")
    for _ in range(3):
        tracker, end = next_turn(tracker)
    assert end is not None and tracker.round == 2
    assert (tracker.get("ミナ").active_left, tracker.get("ミナ").passive_left) == (1, 1)


def test_cbta2_cover_protects_one_investigator_per_round_but_as_often_as_needed() -> None:
    tracker, _ = give_up_active(_combat(), "ミナ")
    tracker, fact = take_passive(tracker, "ミナ", "cover", covered="ケン")
    assert fact.covered == "ケン" and "CBT-A-2" in fact.rule_ids
    with pytest.raises(EngineError, match="already covers ケン this round"):
        take_passive(tracker, "ミナ", "cover", covered="ユキ")
    tracker, _ = take_passive(tracker, "ミナ", "cover", covered="ケン")
    assert tracker.get("ミナ").passive_left == 0
    for _ in range(3):
        tracker, _ = next_turn(tracker)
    tracker, _ = take_passive(tracker, "ミナ", "cover", covered="ユキ")  # a new round, a new investigator
    assert tracker.get("ミナ").covering == "ユキ"


def test_chka5_flee_by_dex_contest_uses_the_res_formula_and_its_automatic_results() -> None:
    assert flee_target(8, 12) == max(40, res_target(8, 12)) == 40
    assert flee_target(12, 2) == res_target(12, 2) == 100
    assert res_automatic(res_target(12, 2)) == "success"  # above 95: no roll


def test_cbta1_flee_and_cover_rolls_use_their_targets() -> None:
    flee = contest_roll(investigator("ミナ", DEX=14), "flee", 10, typed(70))
    assert (flee.target, flee.success) == (70, True)
    covered = contest_roll(investigator("ミナ", DEX=14), "cover", 10, typed(70))
    assert (covered.target, covered.success) == (70, True)  # contest (14−10)×5+50 = 70 beats DEX×4 56
    failed = contest_roll(investigator("ミナ", DEX=14), "cover", 14, typed(57))
    assert (failed.target, failed.success) == (56, False)
