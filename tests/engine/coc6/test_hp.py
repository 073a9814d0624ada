"""Ruleset B's HP states (HP-B-1) in the combat tracker."""

from __future__ import annotations

import pytest

from engine.coc6.combat_b import take_action
from engine.coc6.hp import hp_state
from engine.coc6.tracker import CombatTracker, combatant_from, damage, end_round, start_combat, treat
from engine.errors import EngineError
from tests.engine.coc6.support import investigator


def _combat() -> CombatTracker:
    return start_combat("coc6-b", [combatant_from(investigator("ミナ")), combatant_from(investigator("ケン"))])


def test_hpb1_states_by_hp() -> None:
    assert hp_state(3) == "conscious"
    assert hp_state(2) == "unconscious"
    assert hp_state(0) == "dying"
    assert hp_state(-2) == "dying"
    assert hp_state(-3) == "dead"
    assert hp_state(1, treated=True) == "conscious"
    assert hp_state(0, treated=True) == "unconscious"


def test_hpb1_hp_2_or_less_knocks_out_and_the_combatant_cannot_act() -> None:
    tracker, fact = damage(_combat(), "ミナ", 11)  # 13 → 2
    assert fact.state == "unconscious" and fact.dies_at_end_of_round is None
    with pytest.raises(EngineError, match=r"ミナ is unconscious \(HP 2 or less\)"):
        take_action(tracker, "ミナ", "dodge")


def test_hpb1_minus_3_is_dead_at_once() -> None:
    tracker, fact = damage(_combat(), "ミナ", 16)  # 13 → −3
    assert fact.state == "dead" and tracker.get("ミナ").dead


def test_hpb1_untreated_at_zero_dies_at_the_end_of_the_round_two_rounds_later() -> None:
    tracker, fact = damage(_combat(), "ミナ", 13)  # round 1, HP 0
    assert (fact.state, fact.dies_at_end_of_round) == ("dying", 3)
    tracker, end1 = end_round(tracker)
    tracker, end2 = end_round(tracker)
    assert tracker.get("ミナ").state == "dying" and end1.deaths == end2.deaths == ()
    tracker, end3 = end_round(tracker)
    assert end3.deaths == ("ミナ",) and end3.round == 3 and tracker.get("ミナ").state == "dead"


def test_hpb1_treatment_stops_the_countdown_and_wakes_at_hp_2_or_1() -> None:
    tracker, _ = damage(_combat(), "ミナ", 13)  # HP 0
    tracker, fact = treat(tracker, "ミナ", healed=2)
    assert (fact.after, fact.state) == (2, "conscious")
    for _ in range(3):
        tracker, end = end_round(tracker)
        assert end.deaths == ()
    take_action(tracker, "ミナ", "dodge")
    tracker, hurt = damage(tracker, "ミナ", 2)  # hurt again: down and dying anew
    assert (hurt.state, hurt.dies_at_end_of_round) == ("dying", tracker.round + 2)
    dead, _ = damage(tracker, "ミナ", 5)
    with pytest.raises(EngineError, match="is dead"):
        treat(dead, "ミナ")
