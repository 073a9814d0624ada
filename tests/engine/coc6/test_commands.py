"""The CoC rules through commands: each test dispatches commands to a
``Session`` of ``coc6-a`` or ``coc6-b`` and asserts what the GM would see
(the slice, the sheets, the log line with its rule IDs, a refusal's reason)."""

from __future__ import annotations

from typing import Any

import pytest

from engine.coc6.events import COC_SLICE
from engine.coc6.sheet import CocSheet
from engine.coc6.state import CocState
from engine.core.player_view import player_view
from engine.core.session import Session
from engine.errors import EngineError
from engine.rulesets import registry
from engine.session import new_session
from tests.engine.coc6.support import fact_details

BASE = {"STR": 12, "POW": 12, "APP": 10, "INT": 13, "EDU": 14, "CON": 12, "DEX": 12, "SIZ": 12}


def party(ruleset: str, *people: tuple[str, dict[str, int], dict[str, int], bool], seed: int = 5,
          options: dict[str, object] | None = None) -> Session:  # fmt: skip
    session = new_session(ruleset, seed=seed, options=options)
    for name, chars, skills, npc in people:
        session.dispatch({"type": "add_character", "name": name})
        session.dispatch({"type": "coc_new_investigator", "character": name, "characteristics": BASE | chars,
                          "skills": skills, "npc": npc})  # fmt: skip
    return session


def show(session: Session, name: str) -> None:
    """The keeper shows a character to the players (a keeper's NPC starts hidden)."""
    cid = next(c.id for c in session.state.characters.values() if c.name == name)
    session.dispatch({"type": "show_character", "character": cid, "shown": True})


def coc(session: Session) -> CocState:
    found = session.state.slices[COC_SLICE]
    assert isinstance(found, CocState)
    return found


def facts(session: Session, kind: str) -> list[dict[str, Any]]:
    return fact_details(session.done[-1].events, kind)


def sheet(session: Session, name: str) -> CocSheet:
    found = next(c.sheet for c in session.state.characters.values() if c.name == name)
    assert isinstance(found, CocSheet)
    return found


def test_chk_a_3_a_pending_minus_applies_to_the_very_next_check_by_anyone() -> None:
    session = party("coc6-a", ("ミナ", {}, {"目星": 60}, False), ("ケン", {}, {"聞き耳": 50}, False))
    session.dispatch({"type": "coc_add_chip", "chip": -10})
    assert coc(session).pool.chips == (-10,)
    session.dispatch({"type": "coc_check", "character": "ケン", "what": "聞き耳"})
    check = facts(session, "check")[0]
    assert check["modifier"] == -10 and check["target"] == 40
    assert -10 not in coc(session).pool.chips
    assert "CHK-A-3" in session.done[-1].events[1].describe("en")


def test_chk_a_3_a_plus_chip_spent_raises_the_target_and_leaves_the_pool() -> None:
    session = party("coc6-a", ("ミナ", {}, {"目星": 60}, False))
    session.dispatch({"type": "coc_add_chip", "chip": 20})
    session.dispatch({"type": "coc_check", "character": "ミナ", "what": "目星", "spend_plus": [20]})
    check = facts(session, "check")[0]
    assert check["target"] == 80
    added = facts(session, "pool")[0]["added_chip"]
    assert coc(session).pool.chips == ((added,) if added is not None else ())


def test_chk_a_3_paying_off_a_minus_costs_1d3_hp_of_the_actor_and_undo_restores_it() -> None:
    session = party("coc6-a", ("ミナ", {}, {}, False))
    session.dispatch({"type": "coc_add_chip", "chip": -20})
    hp = sheet(session, "ミナ").hp
    session.dispatch({"type": "coc_pay_minus", "character": "ミナ", "minus": -20, "resource": "hp"})
    paid = facts(session, "minus_paid")[0]
    assert 1 <= hp - sheet(session, "ミナ").hp <= 3 and paid["after"] == sheet(session, "ミナ").hp
    assert coc(session).pool.chips == ()
    session.undo()
    assert sheet(session, "ミナ").hp == hp and coc(session).pool.chips == (-20,)


def test_chk_a_3_a_plus_chip_cancels_a_minus_chip() -> None:
    session = party("coc6-a", ("ミナ", {}, {}, False))
    session.dispatch({"type": "coc_add_chip", "chip": 20})
    session.dispatch({"type": "coc_add_chip", "chip": -10})
    session.dispatch({"type": "coc_cancel_chips", "plus": 20, "minus": -10})
    assert coc(session).pool.chips == (10,)


def test_chk_b_6_psychology_is_rolled_secretly_and_hidden_from_the_projector() -> None:
    session = party("coc6-b", ("ミナ", {}, {"心理学": 50}, False))
    session.dispatch({"type": "coc_check", "character": "ミナ", "what": "心理学"})
    check = facts(session, "check")[0]
    assert check["secret"] is True
    assert "CHK-B-6" in session.done[-1].events[0].describe("en")


def test_chk_b_2_a_skill_check_is_capped_at_80_and_the_cap_is_logged() -> None:
    session = party("coc6-b", ("ミナ", {}, {"目星": 95}, False))
    session.dispatch({"type": "coc_check", "character": "ミナ", "what": "目星"})
    check = facts(session, "check")[0]
    assert check["target"] == 80 and "CHK-B-2" in check["caps"]


def test_cnd_b_1_stun_on_con_7_lasts_two_rounds_and_on_con_19_one() -> None:
    session = party("coc6-b", ("弱", {"CON": 7}, {}, True), ("強", {"CON": 19}, {}, True))
    session.dispatch({"type": "coc_start_combat", "characters": ["弱", "強"]})
    session.dispatch({"type": "coc_condition", "target": "弱", "kind": "stun"})
    session.dispatch({"type": "coc_condition", "target": "強", "kind": "stun"})
    tracker = coc(session).combat
    assert tracker is not None
    assert tracker.get("弱").conditions[0].rounds_left == 2
    assert tracker.get("強").conditions[0].rounds_left == 1
    with pytest.raises(EngineError) as refused:  # CND-B-1: a stunned combatant cannot attack
        session.dispatch({"type": "coc_action_b", "name": "弱", "action": "attack"})
    assert "スタン" in refused.value.text("ja")
    session.dispatch({"type": "coc_next_turn"})
    session.dispatch({"type": "coc_next_turn"})  # round 1 ends
    tracker = coc(session).combat
    assert tracker is not None and tracker.round == 2
    assert tracker.get("強").conditions == () and tracker.get("弱").conditions[0].rounds_left == 1


def test_hp_b_1_dying_dies_at_the_end_of_the_second_round_after_without_treatment() -> None:
    session = party("coc6-b", ("ミナ", {}, {}, False), ("教団員", {}, {}, True))
    session.dispatch({"type": "coc_start_combat", "characters": ["ミナ", "教団員"]})
    hp = sheet(session, "ミナ").hp
    session.dispatch({"type": "coc_damage", "target": "ミナ", "amount": hp})
    assert facts(session, "hp")[0]["dies_at_end_of_round"] == 3
    assert sheet(session, "ミナ").hp == 0  # written back to the sheet
    for _ in range(3):  # 教団員's turn, then rounds 1 and 2 end: the dying ミナ gets no turn
        session.dispatch({"type": "coc_next_turn"})
        assert coc(session).combat.actor == "教団員"  # type: ignore[union-attr]
    tracker = coc(session).combat
    assert tracker is not None and tracker.get("ミナ").state == "dying"
    session.dispatch({"type": "coc_next_turn"})  # round 3 ends
    assert facts(session, "round_end")[0]["deaths"] == ["ミナ"]
    tracker = coc(session).combat
    assert tracker is not None and tracker.get("ミナ").state == "dead"


def test_hp_b_1_hp_minus_3_is_dead_at_once() -> None:
    session = party("coc6-b", ("ミナ", {}, {}, False), ("教団員", {}, {}, True))
    session.dispatch({"type": "coc_start_combat", "characters": ["ミナ", "教団員"]})
    session.dispatch({"type": "coc_damage", "target": "ミナ", "amount": sheet(session, "ミナ").hp + 3})
    assert facts(session, "hp")[0]["state"] == "dead"


def test_hp_b_1_treatment_stops_the_countdown() -> None:
    session = party("coc6-b", ("ミナ", {}, {}, False), ("教団員", {}, {}, True))
    session.dispatch({"type": "coc_start_combat", "characters": ["ミナ", "教団員"]})
    session.dispatch({"type": "coc_damage", "target": "ミナ", "amount": sheet(session, "ミナ").hp})
    session.dispatch({"type": "coc_treat", "patient": "ミナ", "heal": "1"})
    for _ in range(6):
        session.dispatch({"type": "coc_next_turn"})
    tracker = coc(session).combat
    assert tracker is not None and tracker.get("ミナ").state != "dead"


def test_cbt_b_1_refuses_an_action_without_points_with_the_reason() -> None:
    session = party("coc6-b", ("ミナ", {}, {"こぶし": 70}, False), ("教団員", {}, {}, True))
    session.dispatch({"type": "coc_start_combat", "characters": ["ミナ", "教団員"]})
    session.dispatch({"type": "coc_action_b", "name": "ミナ", "action": "attack"})
    before = session.state
    with pytest.raises(EngineError) as refused:
        session.dispatch({"type": "coc_action_b", "name": "ミナ", "action": "attack"})
    assert refused.value.text("en") == "2 action points needed, 1 left."
    assert session.state == before


def test_cbt_b_5_the_second_successful_grapple_in_a_round_deals_damage() -> None:
    session = party("coc6-b", ("組員", {}, {"組み付き": 90}, True), ("ミナ", {}, {}, False), seed=3)
    session.dispatch({"type": "coc_start_combat", "characters": ["組員", "ミナ"]})
    session.dispatch({"type": "coc_grapple", "name": "組員"})
    first = facts(session, "grapple")[0]
    assert first["success"] is True and first["deals_damage"] is False
    session.dispatch({"type": "coc_grapple", "name": "組員", "action": None})
    second = facts(session, "grapple")[0]
    assert second["success"] is True and second["deals_damage"] is True
    assert "CBT-B-5" in session.done[-1].events[-1].describe("en")
    session.dispatch({"type": "coc_next_turn"})
    session.dispatch({"type": "coc_next_turn"})  # a new round counts from zero again
    session.dispatch({"type": "coc_grapple", "name": "組員"})
    assert facts(session, "grapple")[0]["deals_damage"] is False


def test_cbt_a_2_cover_protects_at_most_one_investigator_per_round() -> None:
    session = party("coc6-a", ("ミナ", {}, {}, False), ("ケン", {}, {}, False), ("ユキ", {}, {}, False),
                    ("教団員", {}, {}, True))  # fmt: skip
    session.dispatch({"type": "coc_start_combat", "characters": ["ミナ", "ケン", "ユキ", "教団員"]})
    session.dispatch({"type": "coc_action_a", "name": "ミナ", "action": "give_up_active"})
    session.dispatch({"type": "coc_action_a", "name": "ミナ", "action": "cover", "covered": "ケン"})
    with pytest.raises(EngineError) as refused:
        session.dispatch({"type": "coc_action_a", "name": "ミナ", "action": "cover", "covered": "ユキ"})
    assert "one investigator per round" in refused.value.text("en")


def test_grw_a_1_a_check_marks_growth_only_on_the_house_rule_results() -> None:
    session = party("coc6-a", ("ミナ", {}, {"目星": 60}, False), seed=9)
    seen: set[str] = set()
    for _ in range(30):
        session.dispatch({"type": "coc_check", "character": "ミナ", "what": "目星"})
        level = facts(session, "check")[0]["level"]
        seen.add(level)
        marks = facts(session, "growth_mark")
        if level in ("critical", "special", "fumble"):
            assert marks and sheet(session, "ミナ").skills["目星"].growth is not None
        elif level == "failure":
            assert marks == []
    assert {"failure", "success"} <= seen and seen & {"critical", "special", "fumble"}


def test_the_projector_hides_madness_and_hp_numbers_unless_the_gm_shows_bars() -> None:
    session = party("coc6-b", ("ミナ", {}, {}, False), ("教団員", {}, {}, True))
    show(session, "教団員")  # the players have met it
    session.dispatch({"type": "coc_start_combat", "characters": ["ミナ", "教団員"]})
    session.dispatch({"type": "coc_damage", "target": "教団員", "amount": 3})
    shown = player_view(session.state).slices[COC_SLICE]
    assert isinstance(shown, CocState) and shown.combat is not None
    assert shown.combat.get("教団員").hp == shown.combat.get("教団員").hp_max
    assert shown.combat.get("教団員").state == "conscious" and shown.combat.order == ("ミナ", "教団員")
    bars = party("coc6-b", ("教団員", {}, {}, True), options={"show_bars": True})
    show(bars, "教団員")
    bars.dispatch({"type": "coc_start_combat", "characters": ["教団員"]})
    bars.dispatch({"type": "coc_damage", "target": "教団員", "amount": 3})
    shown = player_view(bars.state).slices[COC_SLICE]
    assert isinstance(shown, CocState) and shown.combat is not None
    assert shown.combat.get("教団員").hp == shown.combat.get("教団員").hp_max - 3


def test_events_replay_without_rolling_again() -> None:
    session = party("coc6-b", ("ミナ", {}, {"目星": 60}, False))
    session.dispatch({"type": "coc_check", "character": "ミナ", "what": "目星"})
    events = session.done[-1].events
    stored = registry.event_list_adapter().validate_json(registry.event_list_adapter().dump_json(list(events)))
    state = session.done[-1].before
    for event in stored:
        state = event.apply(state)
    assert state.dice == session.state.dice and state.slices == session.state.slices


def test_a_check_outside_a_coc_session_is_refused() -> None:
    session = new_session("upland", seed=1)
    session.dispatch({"type": "add_character", "name": "アイ"})
    with pytest.raises(EngineError) as refused:
        session.dispatch({"type": "coc_check", "character": "アイ", "what": "目星"})
    assert "not a Call of Cthulhu session" in refused.value.text("en")


def test_the_projector_never_shows_gm_notes_of_a_sheet() -> None:
    session = party("coc6-b", ("ミナ", {}, {}, False))
    noted = sheet(session, "ミナ").model_copy(update={"notes": "実は教団の内通者"})
    session.dispatch({"type": "coc_set_sheet", "character": "ミナ", "sheet": noted.model_dump(mode="json")})
    shown = player_view(session.state).characters["c1"].sheet
    assert isinstance(shown, CocSheet) and shown.notes == "" and shown.hp == noted.hp
    assert sheet(session, "ミナ").notes == "実は教団の内通者"
