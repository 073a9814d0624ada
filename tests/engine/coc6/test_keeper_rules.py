"""The seeds' rules a keeper reaches by command: each test dispatches to a ``Session`` and asserts what
the keeper sees — the log line with its rule ID, the state, and for a refusal a state left byte-identical."""

from __future__ import annotations

from engine.coc6.check_events import CocChecked
from engine.coc6.combat_events import CocAttackDamaged, CocConfusedTarget
from tests.engine.coc6.keeper_table import coc, cultist, ken, lines, mina, refused, table, tracker

ATTACK = {"type": "coc_attack", "name": "ミナ", "target": "教団員", "weapon": "日本刀"}
CRITICAL_SEED, SPECIAL_SEED, SUCCESS_SEED = 16, 3, 7


def checks(session) -> list[CocChecked]:  # type: ignore[no-untyped-def]
    return [e for e in session.done[-1].events if isinstance(e, CocChecked)]


def damage_of(session) -> CocAttackDamaged:  # type: ignore[no-untyped-def]
    return next(e for e in session.done[-1].events if isinstance(e, CocAttackDamaged))


# -- 1. a critical attack is unavoidable ---------------------------------------------------------
def test_chk_b5_a_critical_attack_refuses_the_dodge_with_the_state_unchanged() -> None:
    session = table(CRITICAL_SEED, "coc6-b", mina(), cultist())
    session.dispatch(ATTACK)
    assert checks(session)[0].result.level == "critical"
    assert "必中" in lines(session)[-1] and "[CHK-B-5]" in lines(session)[-1]
    message = refused(session, {"type": "coc_defence", "choice": "dodge"})
    assert "critical attack is unavoidable" in message
    assert tracker(session).get("教団員").ap_left == 3  # no points paid, no die rolled


def test_chk_b5_the_gm_may_override_the_unavoidable_critical_with_a_logged_reason() -> None:
    session = table(CRITICAL_SEED, "coc6-b", mina(), cultist())
    session.dispatch(ATTACK)
    session.dispatch({"type": "coc_defence", "choice": "dodge", "override": "足場が崩れた"})
    assert "キーパー裁定：足場が崩れた" in lines(session)[-1] and "CHK-B-5" in lines(session)[-1]


def test_chk_b5_a_critical_ignores_physical_armour() -> None:
    session = table(CRITICAL_SEED, "coc6-b", mina(), cultist())
    session.dispatch(ATTACK)
    session.dispatch({"type": "coc_defence", "choice": "none"})
    hp = tracker(session).get("教団員").hp
    session.dispatch({"type": "coc_attack_damage", "armour": 5})
    dealt = damage_of(session).damage
    assert dealt.armour_ignored and dealt.total == dealt.rolled.total
    assert tracker(session).get("教団員").hp == hp - dealt.total
    assert "装甲 5 を無視" in lines(session)[0] and "CHK-B-5" in lines(session)[0]


# -- 3. thrown, impaling, surprise, parry limits, pulled punch, burning, attacks while mad -----------------
def test_chk_b5_an_impaling_weapon_rolls_its_dice_twice_on_a_special_then_armour() -> None:
    session = table(SPECIAL_SEED, "coc6-b", mina(), cultist())
    session.dispatch(ATTACK)
    session.dispatch({"type": "coc_defence", "choice": "none"})
    session.dispatch({"type": "coc_attack_damage", "armour": 2})
    dealt = damage_of(session).damage
    assert dealt.rolled.expression == "1D10+1D10+1D4"  # the katana twice, DB once
    assert dealt.impale and dealt.total == max(dealt.rolled.total - 2, 0)
    assert "貫通" in lines(session)[0] and "[CHK-B-5]" in lines(session)[0]


def test_cbt_b8_a_thrown_weapon_adds_half_the_damage_bonus() -> None:
    session = table(SUCCESS_SEED, "coc6-b", mina(), cultist())
    session.dispatch(ATTACK | {"weapon": "ナイフ"})
    session.dispatch({"type": "coc_defence", "choice": "none"})
    session.dispatch({"type": "coc_attack_damage"})
    dealt = damage_of(session).damage
    assert dealt.rolled.expression == "1D4"  # the DB is not added whole …
    assert dealt.thrown is not None and dealt.thrown.bonus == dealt.thrown.rolled.total // 2  # … but halved
    assert dealt.total == dealt.rolled.total + dealt.thrown.bonus
    assert "投擲：DB +1D4 の半分" in lines(session)[0] and "CBT-B-8" in lines(session)[0]


def test_cnd_b3_full_rear_surprise_makes_the_attack_unavoidable() -> None:
    session = table(7, "coc6-b", mina(), cultist())
    session.dispatch({"type": "coc_surprise", "target": "教団員", "kind": "rear"})
    assert "完全後方奇襲" in lines(session)[0] and "[CND-B-3]" in lines(session)[0]
    session.dispatch(ATTACK)
    message = refused(session, {"type": "coc_defence", "choice": "parry"})
    assert "full rear surprise is unavoidable" in message


def test_cnd_b3_a_flank_surprise_gives_the_defence_minus_15_and_no_counter() -> None:
    session = table(SUCCESS_SEED, "coc6-b", mina(), cultist())
    session.dispatch({"type": "coc_surprise", "target": "教団員", "kind": "flank"})
    session.dispatch(ATTACK)
    session.dispatch({"type": "coc_defence", "choice": "dodge"})
    dodge = checks(session)[0].result
    assert (dodge.what, dodge.modifier, dodge.target) == ("回避", -15, 30 - 15)
    assert "CND-B-3" in lines(session)[-1]
    refusal = refused(session, {"type": "coc_counter", "name": "教団員", "attacker": "ミナ", "kind": "B"})
    assert "No counter" in refusal


def test_cbt_b2_an_instant_parry_needs_a_skill_of_40_and_bullets_cannot_be_parried() -> None:
    session = table(SUCCESS_SEED, "coc6-b", mina(), cultist(日本刀=30))
    session.dispatch(ATTACK)
    assert "40 or more" in refused(session, {"type": "coc_defence", "choice": "parry", "instant": True})
    session = table(SUCCESS_SEED, "coc6-b", mina(), cultist())
    session.dispatch(ATTACK | {"kind": "bullet"})
    assert "Bullets" in refused(session, {"type": "coc_defence", "choice": "parry"})


def test_cbt_b4_a_pulled_blow_halves_rounding_up_and_is_refused_to_a_knife_or_a_low_skill() -> None:
    session = table(1, "coc6-b", mina(), cultist())
    session.dispatch({"type": "coc_attack", "name": "ミナ", "target": "教団員"})  # こぶし 75
    session.dispatch({"type": "coc_defence", "choice": "none"})
    assert "knockout" in refused(session, {"type": "coc_attack_damage", "pulled": True, "knockout": True})
    session.dispatch({"type": "coc_attack_damage", "pulled": True})
    dealt = damage_of(session).damage
    assert dealt.pulled and dealt.total == -(-dealt.rolled.total // 2)
    assert "手加減で半分" in lines(session)[0] and "CBT-B-4" in lines(session)[0]
    session = table(SUCCESS_SEED, "coc6-b", mina(), cultist())
    session.dispatch(ATTACK | {"weapon": "ナイフ"})
    session.dispatch({"type": "coc_defence", "choice": "none"})
    assert "can knock out" in refused(session, {"type": "coc_attack_damage", "pulled": True})


def test_cnd_b2_melee_fire_rolls_luck_ranged_fire_half_luck_and_fire_burns_each_round() -> None:
    session = table(5, "coc6-b", mina(), cultist())
    session.dispatch({"type": "coc_burning", "target": "ミナ", "source": "ranged"})
    text = lines(session)[0]
    assert "幸運/2" in text and "/ 30" in text and "[CND-B-2]" in text  # POW 12: Luck 60, half 30
    session.dispatch({"type": "coc_burning", "target": "教団員", "source": "melee"})
    assert "/ 60" in lines(session)[0]
    for name in ("ミナ", "教団員"):
        if not tracker(session).get(name).has("burning"):
            session.dispatch({"type": "coc_condition", "target": name, "kind": "burning"})
    hp = {n: c.hp for n, c in tracker(session).combatants.items()}
    session.dispatch({"type": "coc_next_turn"})
    session.dispatch({"type": "coc_next_turn"})  # the round ends: fire burns everyone alight
    burnt = [line for line in lines(session) if "[CND-B-2]" in line]
    assert len(burnt) == 2
    assert all(tracker(session).get(n).hp < hp[n] for n in hp)
    session.dispatch({"type": "coc_clear_condition", "target": "ミナ", "kind": "burning"})
    assert not tracker(session).get("ミナ").has("burning") and "[CND-B-2]" in lines(session)[0]


def test_cbt_b9_a_mad_attacker_hits_whom_a_die_over_everyone_in_reach_picks() -> None:
    session = table(4, "coc6-b", mina(), cultist(), ken())
    session.dispatch({"type": "coc_attack", "name": "ミナ", "weapon": "日本刀", "confused": True})
    pick = next(e for e in session.done[-1].events if isinstance(e, CocConfusedTarget)).pick
    assert pick.candidates == ("教団員", "ケン") and pick.die in (1, 2)
    assert pick.target == pick.candidates[pick.die - 1]
    assert "1D2" in lines(session)[0] and "[CBT-B-9]" in lines(session)[0]


# -- 2. the student's track ------------------------------------------------------------------
def test_stu_b1_a_track_skill_check_gets_plus_10() -> None:
    session = table(3, "coc6-b", ken(化学=40), combat=False)
    session.dispatch({"type": "coc_student", "character": "ケン", "track": "science", "track_skills": ["化学"],
                      "gm_says": True})  # fmt: skip
    session.dispatch({"type": "coc_check", "character": "ケン", "what": "化学"})
    result = checks(session)[0].result
    assert (result.modifier, result.target) == (10, 50) and "STU-B-1" in result.rule_ids
    session.dispatch({"type": "coc_check", "character": "ケン", "what": "回避"})
    assert checks(session)[0].result.modifier == 0  # not a track skill


# -- 4. the caps after the modifiers, and the option for the other order -------------------------------
def test_chk_b2_the_cap_applies_after_the_modifiers_unless_the_option_says_before() -> None:
    session = table(3, "coc6-b", ken(目星=90), combat=False)
    session.dispatch({"type": "coc_check", "character": "ケン", "what": "目星", "modifier": 15})
    assert checks(session)[0].result.target == 80
    session.dispatch({"type": "coc_check", "character": "ケン", "what": "目星", "modifier": -20})
    assert checks(session)[0].result.target == 70
    before = table(3, "coc6-b", ken(目星=90), combat=False, options={"cap_before_modifiers": True})
    before.dispatch({"type": "coc_check", "character": "ケン", "what": "目星", "modifier": 15})
    assert checks(before)[0].result.target == 95


# -- 5. ruleset A's pool on a SAN roll and an アイデア roll -----------------------------------------
SAN = {"type": "coc_san_check", "character": "ミナ", "success_loss": "1", "failure_loss": "1D10", "ask": True}


def test_chk_a4_a_san_100_asks_special_effect_or_pool_chip() -> None:
    session = table(204, "coc6-a", mina(), ken(), combat=False)
    session.dispatch(SAN)
    assert coc(session).pending is not None and coc(session).pending.check.roll == 100
    assert "[CHK-A-4]" in lines(session)[-1]
    session.dispatch({"type": "coc_decide", "choice": "special_effect"})
    assert coc(session).pending is None and coc(session).pool.chips == ()
    session.undo()  # the SAN check and its ruling are one undo step
    assert session.state.characters["c1"].sheet.san == 60  # type: ignore[union-attr]
    session = table(204, "coc6-a", mina(), ken(), combat=False)
    session.dispatch(SAN)
    session.dispatch({"type": "coc_decide", "choice": "pool"})
    assert coc(session).pool.chips == (-20,)


def test_chk_a4_an_idea_fumble_after_a_san_loss_asks_too() -> None:
    session = table(12, "coc6-a", mina(), ken(), combat=False)
    session.dispatch(SAN)
    pending = coc(session).pending
    assert pending is not None and pending.check.what == "アイデア" and pending.check.level == "fumble"
    session.dispatch({"type": "coc_decide", "choice": "pool"})
    assert coc(session).pool.chips == (-10,)


def test_chk_a3_without_asking_an_idea_fumble_takes_the_default_chip() -> None:
    session = table(12, "coc6-a", mina(), ken(), combat=False)
    session.dispatch(SAN | {"ask": False})
    assert coc(session).pending is None and coc(session).pool.chips == (-10,)


def test_chk_a3_a_plus_chip_spent_on_an_investigators_next_check_or_now() -> None:
    session = table(3, "coc6-a", mina(), ken(), combat=False)
    session.dispatch({"type": "coc_add_chip", "chip": 10})
    session.dispatch({"type": "coc_add_chip", "chip": 20})
    session.dispatch({"type": "coc_spend_plus", "chip": 10, "character": "ケン"})
    assert "ケン の次の判定に取り置き" in lines(session)[0] and "[CHK-A-3]" in lines(session)[0]
    assert coc(session).pool.chips == (20,) and coc(session).pool.reserved == {"ケン": (10,)}
    session.dispatch({"type": "coc_check", "character": "ミナ", "what": "回避"})
    assert checks(session)[0].result.modifier == 0  # another investigator's check leaves it waiting
    session.dispatch({"type": "coc_check", "character": "ケン", "what": "回避"})
    assert checks(session)[0].result.modifier == 10 and coc(session).pool.reserved == {}
    session.dispatch({"type": "coc_spend_plus", "chip": 20})
    assert coc(session).pool.chips == () and "今使用" in lines(session)[0]
    assert "no +20 chip" in refused(session, {"type": "coc_spend_plus", "chip": 20})


# -- 6. madness as the seeds roll it ------------------------------------------------------------
def test_mad_b1_a_b_session_logs_the_madness_dice_and_cites_only_b() -> None:
    session = table(11, "coc6-b", mina(), ken(), combat=False)
    session.dispatch({"type": "coc_san_check", "character": "ミナ", "success_loss": "1", "failure_loss": "1D6+4"})
    text = "\n".join(lines(session))
    assert "MAD-A-" not in text and "CHK-A-" not in text
    madness = next(line for line in lines(session) if "一時的狂気" in line)
    assert "期間 1D10+1D4 = " in madness and "内容 1D10 = " in madness and "[MAD-B-1]" in madness


def test_mad_a1_an_a_session_shows_the_duration_and_content_dice() -> None:
    session = table(12, "coc6-a", mina(), ken(), combat=False)
    session.dispatch({"type": "coc_san_check", "character": "ミナ", "success_loss": "1", "failure_loss": "1D6+4"})
    madness = [line for line in lines(session) if "狂気" in line]
    assert all("期間" in line and "[MAD-A-" in line for line in madness)


# -- 7. bad values refused with the state unchanged --------------------------------------------
def test_bad_values_are_refused_with_the_state_unchanged() -> None:
    session = table(3, "coc6-b", mina(), cultist())
    san = {"type": "coc_san_check", "character": "ミナ", "success_loss": "0"}
    assert "cannot be negative" in refused(session, san | {"failure_loss": "-3"})
    assert "not a dice roll" in refused(session, san | {"failure_loss": "abc"})
    assert "cannot be negative" in refused(session, {"type": "coc_treat", "patient": "ミナ", "heal": "-2"})
    assert "not a dice roll" in refused(session, {"type": "coc_damage", "target": "ミナ", "roll": "x+"})
    assert "Not a valid command" in refused(session, {"type": "coc_damage", "target": "ミナ", "amount": -4})
    assert "Not a valid command" in refused(session, {"type": "coc_cancel_chips", "plus": 5, "minus": -10})
    session.dispatch(ATTACK)
    session.dispatch({"type": "coc_defence", "choice": "none"})
    assert "Not a valid command" in refused(session, {"type": "coc_attack_damage", "armour": -1})


# -- the round as the keeper runs it ------------------------------------------------------------
def test_hp_b1_unconscious_and_dying_combatants_get_no_turn() -> None:
    session = table(3, "coc6-b", mina(), cultist(), ken())
    session.dispatch({"type": "coc_damage", "target": "教団員", "amount": 12})  # HP 0: dying
    assert tracker(session).get("教団員").state == "dying"
    session.dispatch({"type": "coc_next_turn"})
    assert tracker(session).actor == "ケン"  # 教団員 (DEX 12) is passed over


def test_cbt_b1_a_delay_lets_the_next_combatant_act_first_for_the_round() -> None:
    session = table(3, "coc6-b", mina(), cultist(), ken())
    session.dispatch({"type": "coc_action_b", "name": "ミナ", "action": "delay"})
    assert tracker(session).order == ("教団員", "ミナ", "ケン") and tracker(session).actor == "教団員"
    assert "ディレイ" in lines(session)[-1] and "[CBT-B-1]" in lines(session)[-1]
    session.dispatch({"type": "coc_next_turn"})
    assert tracker(session).actor == "ミナ"
    session.dispatch({"type": "coc_next_turn"})
    session.dispatch({"type": "coc_next_turn"})  # the round ends: the order is the DEX order again
    assert tracker(session).order == ("ミナ", "教団員", "ケン") and tracker(session).actor == "ミナ"


def test_hp_b1_death_and_a_running_countdown_outlive_the_combat() -> None:
    session = table(3, "coc6-b", mina(), cultist(), ken())
    session.dispatch({"type": "coc_damage", "target": "ケン", "amount": sheet_hp(session, "ケン")})  # round 1
    session.dispatch({"type": "coc_damage", "target": "教団員", "amount": 20})  # dead at once
    session.dispatch({"type": "coc_end_combat"})
    assert coc(session).wounds["ケン"].dies_in == 2 and coc(session).wounds["教団員"].dead
    session.dispatch({"type": "coc_start_combat", "characters": ["ミナ", "教団員", "ケン"]})
    assert tracker(session).get("教団員").state == "dead"
    assert tracker(session).get("ケン").state == "dying"
    for _ in range(2):  # rounds 1 and 2 end: ミナ alone acts
        session.dispatch({"type": "coc_next_turn"})
    assert tracker(session).get("ケン").state == "dying"
    session.dispatch({"type": "coc_next_turn"})  # round 3 ends
    assert tracker(session).get("ケン").state == "dead"


def test_hp_b1_a_treated_patient_stays_treated_in_the_next_combat() -> None:
    session = table(3, "coc6-b", mina(), cultist(), ken())
    session.dispatch({"type": "coc_damage", "target": "ケン", "amount": sheet_hp(session, "ケン")})
    session.dispatch({"type": "coc_treat", "patient": "ケン", "heal": "0"})
    session.dispatch({"type": "coc_end_combat"})
    session.dispatch({"type": "coc_start_combat", "characters": ["ミナ", "ケン"]})
    assert tracker(session).get("ケン").state == "unconscious"  # no longer dying


def sheet_hp(session, name: str) -> int:  # type: ignore[no-untyped-def]
    return tracker(session).get(name).hp


def test_cbt_b6_a_martial_arts_success_doubles_an_unarmed_hits_dice() -> None:
    session = table(1, "coc6-b", mina(), cultist())
    session.dispatch({"type": "coc_attack", "name": "ミナ", "target": "教団員"})  # こぶし hits
    session.dispatch({"type": "coc_defence", "choice": "none"})
    session.dispatch({"type": "coc_attack_damage", "martial_arts": True})
    dealt = damage_of(session).damage
    assert dealt.martial_arts and dealt.rolled.expression == "1D3+1D3+1D4"  # the fist twice, DB once
    assert "[CBT-B-6]" in lines(session)[-2]


def test_cbt_a1_the_attack_flow_in_ruleset_a_pays_the_active_and_the_passive_action() -> None:
    session = table(3, "coc6-a", mina(), cultist())
    session.dispatch(ATTACK)
    assert tracker(session).get("ミナ").active_left == 0 and tracker(session).attack is not None
    assert "passive actions are dodge and cover" in refused(session, {"type": "coc_defence", "choice": "parry"})
    session.dispatch({"type": "coc_defence", "choice": "dodge"})
    assert tracker(session).get("教団員").passive_left == 0
    assert "CBT-A-1" in "\n".join(lines(session))


# -- SKL-B-1: clubs with 〈杖〉, aimed blows only where the keeper allows -----------------------------
def club_table(ruleset: str = "coc6-b"):  # type: ignore[no-untyped-def]
    from engine.coc6.sheet import Weapon
    from tests.engine.coc6.keeper_table import sheet_of

    club = Weapon(name="棍棒", skill="こぶし", damage="1D8+DB")  # written with the wrong skill on purpose
    return table(SUCCESS_SEED, ruleset, sheet_of("ミナ", {"こぶし": 75, "杖": 35}, weapons=(club,)), cultist())


def test_skl_b1_a_club_is_rolled_with_the_staff_skill_and_the_log_says_so() -> None:
    session = club_table()
    session.dispatch(ATTACK | {"weapon": "棍棒"})
    assert checks(session)[0].result.what == "杖" and checks(session)[0].result.target == 35
    assert any("棍棒 は〈杖〉で扱います" in line and "[SKL-B-1]" in line for line in lines(session))


def test_skl_b1_ruleset_a_keeps_the_weapons_own_skill() -> None:
    session = club_table("coc6-a")
    session.dispatch(ATTACK | {"weapon": "棍棒"})
    assert checks(session)[0].result.what == "こぶし"
    assert not any("SKL-B-1" in line for line in lines(session))


def test_skl_b1_an_aimed_blow_is_refused_unless_the_keeper_allows_it_and_then_only_subtracts() -> None:
    session = table(SUCCESS_SEED, "coc6-b", mina(), cultist())
    aimed = ATTACK | {"aimed_at": "腕", "aimed_modifier": -20}
    assert "Aimed blows at body parts are not allowed." in refused(session, aimed)
    session.dispatch(aimed | {"aimed_allowed": True})
    assert checks(session)[0].result.target == 70 - 20
    assert any("腕を狙う（-20、ダメージは武器のまま）" in line and "[SKL-B-1]" in line for line in lines(session))
    session.dispatch({"type": "coc_defence", "choice": "none"})
    session.dispatch({"type": "coc_attack_damage"})
    assert damage_of(session).damage.rolled.expression.startswith("1D10")  # the katana's damage, unchanged


def test_cnd_b3_a_token_marked_unready_on_the_battle_board_starts_the_combat_surprised_from_the_front() -> None:
    from engine.core.player_view import player_view
    from engine.hexbattle.maps import shipped_maps

    session = table(3, "coc6-b", mina(), cultist(), ken())
    first, second = list(shipped_maps())[:2]
    session.dispatch({"type": "open_battle", "map1": first, "map2": second})
    session.dispatch({"type": "coc_place_on_battle_map"})
    session.dispatch({"type": "coc_end_combat"})
    session.dispatch({"type": "coc_set_board_delay", "token": "ケン", "sr": 3})
    assert "ケン に戦闘マップで不意打ちの印（SR +3）" in lines(session)[0] and "[CND-B-3]" in lines(session)[0]
    assert coc(session).board_delays == {"ケン": 3}
    assert player_view(session.state).slices["coc6"].board_delays == {}  # the ambush is the keeper's to know
    assert "no token 誰か" in refused(session, {"type": "coc_set_board_delay", "token": "誰か", "sr": 3})
    session.dispatch({"type": "coc_start_combat", "characters": ["ミナ", "教団員", "ケン"]})
    assert tracker(session).get("ケン").surprised == "frontal" and tracker(session).get("ミナ").surprised is None
    assert "ケン は戦闘マップで不意を突かれた" in lines(session)[-1] and "[CND-B-3]" in lines(session)[-1]
    assert coc(session).board_delays == {}  # used up: the next combat starts without it


def test_cnd_b3_the_unready_mark_is_ruleset_bs() -> None:
    session = table(3, "coc6-a", mina(), cultist(), combat=False)
    assert "ruleset B" in refused(session, {"type": "coc_set_board_delay", "token": "ミナ", "sr": 3})
