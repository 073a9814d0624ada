"""Ruleset B's conditions (CND-B-1, CND-B-2, CND-B-3)."""

from __future__ import annotations

import pytest

from engine.coc6.combat_b import add_condition, take_action
from engine.coc6.conditions import attack_modifier, burning_roll, condition_for, stun_rounds, surprise_rules
from engine.coc6.tracker import CombatTracker, combatant_from, end_round, start_combat
from engine.errors import EngineError
from tests.engine.coc6.support import investigator, typed


def _combat(con: int = 7) -> CombatTracker:
    return start_combat("coc6-b", [combatant_from(investigator("ミナ", CON=con)), combatant_from(investigator("ケン"))])


def test_cndb1_stun_lasts_18_over_con_rounds_at_least_one() -> None:
    assert stun_rounds(7) == 2
    assert stun_rounds(19) == 1
    assert stun_rounds(4) == 4
    tracker, stun = add_condition(_combat(con=7), "ミナ", "stun")
    assert stun.rounds_left == 2
    tracker, first = end_round(tracker)
    assert tracker.get("ミナ").has("stun")
    tracker, second = end_round(tracker)
    assert not tracker.get("ミナ").has("stun") and second.conditions_over == (("ミナ", "stun"),)
    assert first.conditions_over == ()
    tracker19, _ = add_condition(_combat(con=19), "ミナ", "stun")
    tracker19, _ = end_round(tracker19)
    assert not tracker19.get("ミナ").has("stun")


def test_cndb1_stunned_combatants_only_dodge_parry_or_flee() -> None:
    tracker, _ = add_condition(_combat(), "ミナ", "stun")
    with pytest.raises(EngineError, match="is stunned: only dodge, parry or flee"):
        take_action(tracker, "ミナ", "attack")
    take_action(tracker, "ミナ", "dodge")
    take_action(tracker, "ミナ", "flee")  # every condition but prone allows fleeing


def test_cndb1_prone_allows_only_dodge_and_parry_and_stands_up() -> None:
    tracker, _ = add_condition(_combat(), "ミナ", "prone")
    with pytest.raises(EngineError, match="is prone: only dodge, parry or standing up"):
        take_action(tracker, "ミナ", "flee")
    up, fact = take_action(tracker, "ミナ", "stand_up")  # a DEX success: stands at once for 0 points
    assert fact.cost == 0 and not up.get("ミナ").has("prone")
    take_action(up, "ミナ", "attack")
    later, end = end_round(tracker)  # failed DEX roll: stands at the start of the next round
    assert end.stood_up == ("ミナ",) and not later.get("ミナ").has("prone")


def test_cndb1_tear_gas_gives_minus_20_to_attacks_for_the_stun_duration() -> None:
    gas = condition_for("tear_gas", 9)
    assert gas.rounds_left == 2
    assert attack_modifier((gas,)) == -20
    tracker, _ = add_condition(_combat(), "ミナ", "tear_gas")
    take_action(tracker, "ミナ", "attack")
    with pytest.raises(EngineError, match="is blinded"):
        take_action(tracker, "ミナ", "static_skill")


def test_cndb2_burning_melee_uses_luck_and_ranged_half_luck() -> None:
    sheet = investigator(POW=13)  # Luck 65
    melee = burning_roll(sheet, "melee", typed(60))
    assert (melee.target, melee.ignited) == (65, False)
    ranged = burning_roll(sheet, "ranged", typed(33))
    assert (ranged.target, ranged.ignited) == (32, True)


def test_cndb3_surprise_kinds() -> None:
    front, flank, rear = surprise_rules("frontal"), surprise_rules("flank"), surprise_rules("rear")
    assert (front.defence_allowed, front.defence_modifier, front.counter_allowed) == (True, 0, False)
    assert (flank.defence_allowed, flank.defence_modifier, flank.counter_allowed) == (True, -15, False)
    assert (rear.defence_allowed, rear.unavoidable) == (False, True)
