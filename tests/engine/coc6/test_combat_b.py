"""Ruleset B's action points and manoeuvres (CBT-B-1 … CBT-B-8, CHK-B-5)."""

from __future__ import annotations

import pytest

from engine.coc6.combat_b import (
    action_cost,
    add_condition,
    attack_effects,
    confused_attack_target,
    counter_a,
    counter_b,
    cover,
    declare_feint,
    declare_rush,
    feint_second_strike_allowed,
    grapple_roll,
    ma_bonus_applies,
    ma_special_allowed,
    parry_ruling,
    pulled_damage,
    salto,
    surprise,
    tackle,
    take_action,
    thrown_damage_bonus,
)
from engine.coc6.sheet import updated
from engine.coc6.tracker import CombatTracker, combatant_from, end_round, start_combat
from engine.coc6.weapons import aimed_blow_modifier, weapon_skill
from engine.errors import EngineError
from tests.engine.coc6.support import investigator, typed


def _combat() -> CombatTracker:
    people = [
        investigator("ミナ", DEX=14),
        investigator("ケン", DEX=10),
        updated(investigator("教団員", DEX=12), npc=True),
    ]
    return start_combat("coc6-b", [combatant_from(s) for s in people])


def test_cbtb1_three_points_per_round_with_the_listed_costs() -> None:
    costs = {
        a: action_cost(a) for a in ("flee", "attack", "dodge", "cover", "parry", "static_skill", "stand_up", "delay")
    }
    assert costs == {"flee": 3, "attack": 2, "dodge": 2, "cover": 2, "parry": 1, "static_skill": 1, "stand_up": 0,
                     "delay": 0}  # fmt: skip
    tracker, fact = take_action(_combat(), "ミナ", "attack")
    assert fact.ap_left == 1
    with pytest.raises(EngineError) as info:
        take_action(tracker, "ミナ", "dodge")
    assert str(info.value) == "2 action points needed, 1 left."
    assert info.value.text("ja") == "行動ポイントが 2 必要ですが、残りは 1 です。"
    tracker, _ = take_action(tracker, "ミナ", "parry")
    assert tracker.get("ミナ").ap_left == 0


def test_cbtb1_unused_points_are_lost_at_round_end_and_delay_is_not_doubled() -> None:
    tracker, _ = take_action(_combat(), "ケン", "delay")
    with pytest.raises(EngineError, match="no double delay"):
        take_action(tracker, "ケン", "delay")
    tracker, _ = take_action(tracker, "ケン", "flee")
    tracker, _ = end_round(tracker)
    assert tracker.get("ケン").ap_left == 3 and not tracker.get("ケン").delayed


def test_chkb5_a_critical_dodge_or_parry_costs_no_points() -> None:
    tracker, _ = take_action(_combat(), "ミナ", "attack")
    tracker, fact = take_action(tracker, "ミナ", "parry", critical=True)
    assert (fact.cost, fact.ap_left, fact.free_because) == (0, 1, "critical")
    tracker, fact = take_action(_combat(), "ミナ", "dodge", critical=True)
    assert fact.ap_left == 3 and "CHK-B-5" in fact.rule_ids


def test_cbtb2_parry_rules() -> None:
    assert (
        parry_ruling(skill_value=45, parry_with="weapon", attack="melee", instant=True, gm_approves=True).action
        == "parry"
    )
    with pytest.raises(EngineError, match="40 or more"):
        parry_ruling(skill_value=35, parry_with="weapon", attack="melee", instant=True, gm_approves=True)
    assert (
        parry_ruling(skill_value=5, parry_with="ma", attack="melee", instant=True, gm_approves=True).action == "parry"
    )
    with pytest.raises(EngineError, match="Bullets"):
        parry_ruling(skill_value=90, parry_with="ma", attack="bullet", instant=True, gm_approves=True)
    with pytest.raises(EngineError, match="unseen"):
        parry_ruling(skill_value=90, parry_with="weapon", attack="melee", instant=False, seen=False, gm_approves=True)
    with pytest.raises(EngineError, match="GM approves"):
        parry_ruling(skill_value=90, parry_with="ma", attack="melee", instant=False)
    with pytest.raises(EngineError, match="A grapple can be parried only"):
        parry_ruling(skill_value=90, parry_with="ma", attack="grapple", instant=False, gm_approves=True)
    grapple = parry_ruling(skill_value=50, parry_with="grapple", attack="melee", instant=False, gm_approves=True)
    assert grapple.action == "attack"  # a grapple used as a parry counts as an attack


def test_cbtb3_cover_is_declared_before_the_attack_and_the_attack_is_judged_at_99() -> None:
    tracker, paid, fact = cover(_combat(), "ミナ", "ケン", "教団員", typed(97))
    assert (paid.cost, paid.ap_left) == (2, 1)
    assert (fact.target, fact.hit, fact.level) == (99, True, "success")  # 97 hits at 99
    _, _, miss = cover(_combat(), "ミナ", "ケン", "教団員", typed(100))
    assert (miss.target, miss.hit) == (99, False)
    with pytest.raises(EngineError, match="before the attack roll"):
        cover(_combat(), "ミナ", "ケン", "教団員", typed(80), before_attack_roll=False)
    _, _, late = cover(
        _combat(), "ミナ", "ケン", "教団員", typed(50), before_attack_roll=False, gm_calls_it_retroactive=True
    )
    assert late.retroactive and late.target == 99


def test_cbtb4_pulling_a_punch_halves_damage_rounding_up() -> None:
    assert pulled_damage(7, skill_value=60, attack_skill="こぶし") == 4
    with pytest.raises(EngineError, match="kick"):
        pulled_damage(7, skill_value=80, attack_skill="キック")
    with pytest.raises(EngineError, match="60 or more"):
        pulled_damage(7, skill_value=59, attack_skill="こぶし")
    with pytest.raises(EngineError, match="combined with rush"):
        pulled_damage(7, skill_value=80, attack_skill="こぶし", combined_with=("rush",))


def test_cbtb5_grapple_damage_from_the_second_success_in_a_round() -> None:
    tracker, first = grapple_roll(_combat(), "ミナ", True)
    assert not first.deals_damage
    tracker, miss = grapple_roll(tracker, "ミナ", False)
    assert not miss.deals_damage
    tracker, second = grapple_roll(tracker, "ミナ", True)
    assert second.deals_damage and second.successes_this_round == 2
    tracker, _ = end_round(tracker)
    _, next_round = grapple_roll(tracker, "ミナ", True)
    assert not next_round.deals_damage


def test_cbtb6_ma_specials_need_every_skill_at_60_and_no_ma_bonus_for_weapons() -> None:
    assert ma_special_allowed({"マーシャルアーツ": 60, "キック": 65})
    assert not ma_special_allowed({"マーシャルアーツ": 80, "キック": 59})
    assert not ma_bonus_applies(weapon_changes_unarmed_damage=True)
    assert ma_bonus_applies(weapon_changes_unarmed_damage=False)


def test_cbtb7_rush_needs_a_stunning_hit_and_its_ma_parry_is_free() -> None:
    with pytest.raises(EngineError, match="rush"):
        declare_rush(True, False, "ミナ", "教団員")
    assert declare_rush(True, True, "ミナ", "教団員").manoeuvre == "rush"
    tracker, _ = take_action(_combat(), "教団員", "attack")
    tracker, _ = take_action(tracker, "教団員", "parry")
    tracker, fact = take_action(tracker, "教団員", "parry", free="rush_second_strike")
    assert (fact.cost, fact.ap_left) == (0, 0)


def test_cbtb7_feint_is_declared_before_the_roll_and_an_ma_parry_cancels_the_second_strike() -> None:
    with pytest.raises(EngineError, match="before the roll"):
        declare_feint(False, "ミナ", "教団員")
    assert declare_feint(True, "ミナ", "教団員").manoeuvre == "feint"
    assert not feint_second_strike_allowed(first_parried_by_ma=True)
    assert feint_second_strike_allowed(first_parried_by_ma=False)


def test_cbtb7_salto_and_tackle_knock_down() -> None:
    tracker, _ = salto(_combat(), "ミナ", "教団員")
    assert tracker.get("教団員").has("prone")
    target = investigator("教団員", DEX=12, CON=9)
    tracker, fact = tackle(_combat(), target, typed(61, 46))  # DEX×5 60 failed, CON×5 45 failed
    assert fact.prone and fact.shock
    shock = tracker.get("教団員").conditions[1]
    assert tracker.get("教団員").has("prone") and (shock.kind, shock.rounds_left) == ("shock", 1)  # CON 12
    tracker, fact = tackle(_combat(), target, typed(60, 45))
    assert not fact.prone and not fact.shock and tracker.get("教団員").conditions == ()


def test_cbtb7_counters() -> None:
    assert counter_a(attacked_with_ma=True, opponent_can_instant_parry=True).own_parry_modifier == -20
    plain = counter_a(attacked_with_ma=False, opponent_can_instant_parry=False)
    assert (plain.own_parry_modifier, plain.opponent_parry_modifier, plain.unavoidable) == (-10, -20, True)
    tracker, paid, fact = counter_b(_combat(), "ケン", attack_succeeded=True)
    assert paid.cost == 2 and fact.detail == "unavoidable"
    with pytest.raises(EngineError, match="after a B counter"):
        take_action(tracker, "ケン", "dodge")


def test_cndb3_surprise_forbids_counters_and_rear_forbids_defence() -> None:
    tracker = surprise(_combat(), "ケン", "frontal")
    with pytest.raises(EngineError, match="No counter"):
        counter_b(tracker, "ケン", attack_succeeded=True)
    tracker, _ = take_action(tracker, "ケン", "dodge")  # frontal: dodging allowed
    rear = surprise(_combat(), "ケン", "rear")
    with pytest.raises(EngineError, match="full rear surprise"):
        take_action(rear, "ケン", "dodge")


def test_cbtb8_thrown_damage_bonus_is_half_rounded_down_never_negative() -> None:
    assert thrown_damage_bonus("+1D4", typed(3)).bonus == 1
    assert thrown_damage_bonus("+1D6", typed(6)).bonus == 3
    assert thrown_damage_bonus("-1D4", typed(4)).bonus == 0
    assert thrown_damage_bonus("0", typed()).bonus == 0


def test_cndb1_condition_added_through_the_tracker_blocks_attacks() -> None:
    tracker, condition = add_condition(_combat(), "ミナ", "stun")
    assert condition.rounds_left == 1  # CON 12: ⌊18/12⌋ = 1
    with pytest.raises(EngineError, match="is stunned: only dodge, parry or flee"):
        take_action(tracker, "ミナ", "attack")


def test_cbtb9_a_confused_attacker_hits_whom_the_die_or_the_gm_picks() -> None:
    rolled = confused_attack_target(_combat(), "ミナ", ("ミナ", "ケン", "教団員"), typed(1))
    assert (rolled.candidates, rolled.die, rolled.target) == (("ケン", "教団員"), 1, "ケン")
    picked = confused_attack_target(_combat(), "ミナ", ("ケン", "教団員"), typed(), gm_choice="教団員")
    assert picked.target == "教団員" and picked.die is None
    with pytest.raises(EngineError, match="Nobody is in reach"):
        confused_attack_target(_combat(), "ミナ", ("ミナ",), typed())


def test_sklb1_clubs_and_blackjacks_use_the_staff_skill_base_25_and_aimed_blows_only_subtract() -> None:
    assert weapon_skill("ブラックジャック", "こぶし") == "杖" and weapon_skill("大きい棍棒", "こぶし") == "杖"
    assert weapon_skill("ナイフ", "ナイフ") == "ナイフ"
    assert investigator().skills["杖"].value == 25
    assert aimed_blow_modifier(True, 20) == -20
    with pytest.raises(EngineError, match="Aimed blows"):
        aimed_blow_modifier(False, 10)


def test_chkb5_attack_levels_special_impales_only_and_critical_is_unavoidable() -> None:
    assert attack_effects("special", impaling_weapon=True).impale
    assert not attack_effects("special", impaling_weapon=False).impale
    critical = attack_effects("critical", impaling_weapon=False)
    assert critical.unavoidable and critical.ignores_physical_armour
    assert attack_effects("fumble", impaling_weapon=True).gm_handles
    assert attack_effects("success", impaling_weapon=True) == attack_effects("failure", impaling_weapon=True)
