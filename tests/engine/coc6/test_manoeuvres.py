"""Ruleset B's martial-arts specials and counters as commands (CBT-B-6, CBT-B-7).

Each test dispatches the commands to a ``coc6-b`` session with a fixed seed and
asserts what the GM sees: the tracker (HP, conditions, points, who may act),
the log line with its rule IDs, a refusal's reason with the state unchanged,
and undo.
"""

from __future__ import annotations

from typing import Any

import pytest

from engine.coc6.tracker import CombatTracker
from engine.core.session import Session
from engine.errors import EngineError
from tests.engine.coc6.support import fact_details
from tests.engine.coc6.test_commands import coc, party, sheet


def combat(seed: int, *, mina_ma: int = 70) -> Session:
    """ミナ (DEX 14, MA), 教団員 (DEX 12, CON 9, MA 65), ケン (DEX 10): order ミナ, 教団員, ケン."""
    session = party(
        "coc6-b",
        ("ミナ", {"DEX": 14}, {"マーシャルアーツ": mina_ma, "こぶし": 75, "回避": 50}, False),
        ("ケン", {"DEX": 10}, {"マーシャルアーツ": 30, "こぶし": 50}, False),
        ("教団員", {"DEX": 12, "CON": 9}, {"マーシャルアーツ": 65, "こぶし": 60}, True),
        seed=seed,
    )
    session.dispatch({"type": "coc_start_combat", "characters": ["ミナ", "ケン", "教団員"]})
    return session


def tracker(session: Session) -> CombatTracker:
    found = coc(session).combat
    assert found is not None
    return found


def facts(session: Session, kind: str) -> list[dict[str, Any]]:
    return fact_details(session.done[-1].events, kind)


def lines(session: Session) -> list[str]:
    return [e.describe("ja") for e in session.done[-1].events]


def refused(session: Session, command: dict[str, Any]) -> str:
    """Dispatch a command that must be refused; the state must not change."""
    before = session.state
    with pytest.raises(EngineError) as info:
        session.dispatch(command)
    assert session.state == before
    return info.value.text("ja")


def test_cbt_b6_an_ma_success_rolls_the_weapon_dice_twice_and_undo_restores_the_hp() -> None:
    session = combat(seed=1)
    session.dispatch({"type": "coc_ma_attack", "name": "ミナ", "target": "教団員"})
    ma = [c for c in facts(session, "check") if c["what"] == "マーシャルアーツ"]
    assert ma and ma[0]["level"] in ("success", "special", "critical")
    rolled = facts(session, "damage_roll")[0]
    assert rolled["expression"] == "1D3+1D3" and len(rolled["dice"]) == 2
    assert tracker(session).get("教団員").hp == 11 - rolled["total"]
    assert sheet(session, "教団員").hp == 11 - rolled["total"]
    assert tracker(session).get("ミナ").ap_left == 1
    assert any("ダメージダイスを2回振ります [CBT-B-6]" in line for line in lines(session))
    session.undo()
    assert tracker(session).get("教団員").hp == 11 and tracker(session).get("ミナ").ap_left == 3


def test_cbt_b6_no_ma_bonus_for_a_weapon_that_changes_the_unarmed_damage() -> None:
    session = combat(seed=1)
    session.dispatch({"type": "coc_ma_attack", "name": "ミナ", "target": "教団員", "damage": "1D6",
                      "weapon_changes_unarmed_damage": True})  # fmt: skip
    assert [c["what"] for c in facts(session, "check")] == ["こぶし"]  # no MA roll at all
    assert facts(session, "damage_roll")[0]["expression"] == "1D6"
    assert "マーシャルアーツの加点なし" in "".join(lines(session))


def test_cbt_b6_a_martial_arts_special_needs_every_attack_skill_at_60() -> None:
    session = combat(seed=1, mina_ma=55)
    message = refused(session, {"type": "coc_feint", "name": "ミナ", "target": "教団員"})
    assert message == "武道の特殊攻撃には、攻撃に使う技能値がすべて60以上必要です（マーシャルアーツ 55、こぶし 75）。"
    assert tracker(session).get("ミナ").ap_left == 3


def test_cbt_b7_a_rush_is_refused_when_the_first_strike_missed() -> None:
    session = combat(seed=4)  # the こぶし roll is 92: a miss
    session.dispatch({"type": "coc_ma_attack", "name": "ミナ", "target": "教団員", "stun": True})
    assert tracker(session).get("ミナ").hit_this_round is None
    message = refused(session, {"type": "coc_rush", "name": "ミナ", "target": "教団員"})
    assert message == "ラッシュは一撃目がヒットし対象がスタンしたときだけ宣言できます。"


def test_cbt_b7_a_rush_is_refused_when_the_hit_did_not_stun() -> None:
    session = combat(seed=1)
    session.dispatch({"type": "coc_ma_attack", "name": "ミナ", "target": "教団員"})
    assert tracker(session).get("ミナ").hit_this_round == "教団員"
    refused(session, {"type": "coc_rush", "name": "ミナ", "target": "教団員"})


def test_cbt_b7_a_rush_strikes_again_at_the_end_of_the_round_and_holds_the_round_until_then() -> None:
    session = combat(seed=1)
    session.dispatch({"type": "coc_ma_attack", "name": "ミナ", "target": "教団員", "stun": True})
    assert tracker(session).get("教団員").has("stun")
    hp_after_first = tracker(session).get("教団員").hp
    session.dispatch({"type": "coc_rush", "name": "ミナ", "target": "教団員"})
    rush = tracker(session).get("ミナ").rush
    assert rush is not None and rush.target == "教団員"
    assert lines(session) == ["ミナ が 教団員 にラッシュを宣言：二撃目はラウンドの最後に処理します [CBT-B-6, CBT-B-7]"]
    # Not yet: the second strike comes after the last actor (ケン).
    assert refused(session, {"type": "coc_rush_strike", "name": "ミナ"}) == (
        "ラッシュの二撃目はラウンドの最後（ケン の手番の後）に処理します。"
    )
    session.dispatch({"type": "coc_next_turn"})
    session.dispatch({"type": "coc_next_turn"})
    assert tracker(session).actor == "ケン"
    assert (
        refused(session, {"type": "coc_next_turn"})
        == "ラウンドを終える前に ミナ のラッシュの二撃目を処理してください。"
    )
    session.dispatch({"type": "coc_rush_strike", "name": "ミナ"})
    assert tracker(session).get("ミナ").rush is None
    assert tracker(session).get("ミナ").ap_left == 1  # the second strike costs no points
    hits = facts(session, "hp")
    assert tracker(session).get("教団員").hp == (hits[0]["after"] if hits else hp_after_first)
    session.dispatch({"type": "coc_next_turn"})
    assert tracker(session).round == 2


def test_cbt_b7_the_rush_second_strike_may_be_parried_with_ma_for_free() -> None:
    session = combat(seed=1)
    session.dispatch({"type": "coc_ma_attack", "name": "ミナ", "target": "教団員", "stun": True})
    session.dispatch({"type": "coc_rush", "name": "ミナ", "target": "教団員"})
    session.dispatch({"type": "coc_next_turn"})
    session.dispatch({"type": "coc_next_turn"})
    session.dispatch({"type": "coc_rush_strike", "name": "ミナ", "ma_parry": True})
    parry = facts(session, "action_b")[0]
    assert (parry["name"], parry["action"], parry["cost"], parry["free_because"]) == (
        "教団員", "parry", 0, "rush_second_strike",
    )  # fmt: skip
    assert tracker(session).get("教団員").ap_left == 3


def test_cbt_b7_a_feint_after_the_roll_is_refused() -> None:
    session = combat(seed=1)
    message = refused(session, {"type": "coc_feint", "name": "ミナ", "target": "教団員", "before_roll": False})
    assert message == "フェイントは判定前に宣言してください。"


def test_cbt_b7_an_ma_parry_of_the_feints_first_strike_is_free_and_stops_the_second() -> None:
    session = combat(seed=3)  # 教団員's MA roll is 12: parried
    session.dispatch({"type": "coc_feint", "name": "ミナ", "target": "教団員", "ma_parry": True})
    assert facts(session, "strike") == [] and facts(session, "hp") == []
    assert tracker(session).get("教団員").hp == 11 and tracker(session).get("教団員").ap_left == 3
    assert tracker(session).get("ミナ").ap_left == 1
    assert lines(session)[-1] == "教団員 が ミナ の初撃をMAで受け流しました：二撃目は不可 [CBT-B-7]"


def test_cbt_b7_an_unparried_feint_strikes_twice() -> None:
    session = combat(seed=3)  # both こぶし rolls hit
    session.dispatch({"type": "coc_feint", "name": "ミナ", "target": "教団員"})
    assert [s["which"] for s in facts(session, "strike")] == ["first", "second"]
    damage = sum(d["total"] for d in facts(session, "damage_roll"))
    assert len(facts(session, "damage_roll")) == 2
    assert tracker(session).get("教団員").hp == 11 - damage
    assert tracker(session).get("ミナ").ap_left == 1  # one attack's points


def test_cbt_b7_counter_b_hits_unavoidably_and_ends_the_counterers_round() -> None:
    session = combat(seed=1)
    session.dispatch({"type": "coc_counter", "name": "ミナ", "attacker": "教団員", "kind": "B"})
    assert facts(session, "counter_b")[0]["hit"] is True
    damage = facts(session, "damage_roll")[0]["total"]
    mina = tracker(session).get("ミナ")
    assert (mina.done_for_round, mina.ap_left) == (True, 0)
    assert tracker(session).get("教団員").hp == 11 - damage
    message = refused(session, {"type": "coc_action_b", "name": "ミナ", "action": "parry"})
    assert message == "ミナ は B カウンターの後、このラウンドは行動できません。"
    session.dispatch({"type": "coc_next_turn"})
    session.dispatch({"type": "coc_next_turn"})
    session.dispatch({"type": "coc_next_turn"})
    assert tracker(session).get("ミナ").done_for_round is False and tracker(session).get("ミナ").ap_left == 3


def test_cbt_b7_counter_a_parries_at_minus_20_against_ma_then_the_opponent_parries_at_minus_20() -> None:
    session = combat(seed=9)
    session.dispatch({"type": "coc_counter", "name": "ミナ", "attacker": "教団員", "kind": "A",
                      "attacked_with_ma": True, "attacker_parry_skill": "マーシャルアーツ"})  # fmt: skip
    own, attack, opponent = facts(session, "check")
    assert (own["actor"], own["modifier"], own["target"]) == ("ミナ", -20, 50)
    assert attack["what"] == "こぶし" and attack["level"] == "success"
    assert (opponent["actor"], opponent["modifier"], opponent["target"]) == ("教団員", -20, 45)
    assert facts(session, "parried") == [{"name": "教団員", "attacker": "ミナ"}]
    assert tracker(session).get("教団員").hp == 11 and tracker(session).get("教団員").ap_left == 2
    assert tracker(session).get("ミナ").ap_left == 1


def test_cbt_b7_counter_a_is_unavoidable_when_the_opponent_has_no_instant_parry() -> None:
    session = combat(seed=7)
    session.dispatch({"type": "coc_counter", "name": "ミナ", "attacker": "教団員", "kind": "A"})
    ruling = facts(session, "counter_a")[0]
    assert (ruling["own_parry_modifier"], ruling["unavoidable"]) == (-10, True)
    assert "必中" in lines(session)[1]
    checks = facts(session, "check")
    assert [c["actor"] for c in checks] == ["ミナ", "ミナ"]  # 教団員 rolls no parry
    damage = facts(session, "damage_roll")[0]["total"]
    assert tracker(session).get("教団員").hp == 11 - damage


def test_cbt_b7_a_counter_must_be_declared_before_the_attackers_roll_and_costs_an_attack() -> None:
    session = combat(seed=1)
    message = refused(session, {"type": "coc_counter", "name": "ミナ", "attacker": "教団員", "kind": "B",
                                "before_attack_roll": False})  # fmt: skip
    assert message == "カウンターは攻撃側の技能判定の前に宣言してください。"
    session.dispatch({"type": "coc_action_b", "name": "ミナ", "action": "attack"})
    assert refused(session, {"type": "coc_counter", "name": "ミナ", "attacker": "教団員", "kind": "A"}) == (
        "行動ポイントが 2 必要ですが、残りは 1 です。"
    )


def test_cbt_b7_a_stunned_rusher_cannot_strike_and_a_knocked_out_one_does_not_hold_the_round() -> None:
    session = combat(seed=1)
    session.dispatch({"type": "coc_ma_attack", "name": "ミナ", "target": "教団員", "stun": True})
    session.dispatch({"type": "coc_rush", "name": "ミナ", "target": "教団員"})
    session.dispatch({"type": "coc_next_turn"})
    session.dispatch({"type": "coc_next_turn"})
    session.dispatch({"type": "coc_condition", "target": "ミナ", "kind": "stun"})
    assert refused(session, {"type": "coc_rush_strike", "name": "ミナ"}) == (
        "ミナ はスタン中です。回避・受け流し・逃走しかできません。"
    )
    session.dispatch({"type": "coc_damage", "target": "ミナ", "amount": sheet(session, "ミナ").hp - 1})
    assert tracker(session).get("ミナ").state == "unconscious"
    session.dispatch({"type": "coc_next_turn"})  # the round ends: ミナ's rush is lost
    assert tracker(session).round == 2 and tracker(session).get("ミナ").rush is None


def test_cbt_b6_a_salto_needs_martial_arts_at_60_and_throws_the_target_down() -> None:
    session = combat(seed=1, mina_ma=59)
    assert refused(session, {"type": "coc_manoeuvre", "name": "ミナ", "manoeuvre": "salto", "target": "教団員"}) == (
        "武道の特殊攻撃には、攻撃に使う技能値がすべて60以上必要です（マーシャルアーツ 59）。"
    )
    session = combat(seed=1, mina_ma=60)
    session.dispatch({"type": "coc_manoeuvre", "name": "ミナ", "manoeuvre": "salto", "target": "教団員"})
    assert tracker(session).get("教団員").has("prone")


def test_cbt_b6_a_tackle_by_a_combatant_with_martial_arts_30_is_refused() -> None:
    session = combat(seed=1)
    assert refused(session, {"type": "coc_manoeuvre", "name": "ケン", "manoeuvre": "tackle", "target": "教団員"}) == (
        "武道の特殊攻撃には、攻撃に使う技能値がすべて60以上必要です（マーシャルアーツ 30）。"
    )
    session.dispatch({"type": "coc_manoeuvre", "name": "教団員", "manoeuvre": "tackle", "target": "ケン"})  # MA 65
    assert facts(session, "tackle")[0]["target"] == "ケン"
