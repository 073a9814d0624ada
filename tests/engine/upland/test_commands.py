"""Upland sheet commands, skill-set checks (CHK-U-2, CHK-U-3) and, for every
Upland command type, an illegal use that is refused with a Japanese message and
leaves the state as it was."""

from __future__ import annotations

import inspect
import sys

from engine.rulesets import registry
from engine.rulesets.registry import command_adapter
from engine.upland.bone import RevealBone
from engine.upland.commands import (
    PROCEDURE_COMMANDS,
    SHEET_COMMANDS,
    ChooseLeave,
    ChooseMove,
    ChooseWait,
    ContinueCycle,
    DeclareAction,
    EndCycle,
    HoldBack,
    JumpToStep,
    MovePursuer,
    ResolveDespair,
    ResolveIncident,
    ResolveInvestigation,
    ResolveSleepwalking,
    ScoutPeek,
    SetSheet,
    SetSheetValue,
    SetSkill,
    SetSpellBonus,
    StartExploration,
    StartIncidents,
)
from engine.upland.options import UplandOptions
from engine.upland.procedure import StepId
from engine.upland.sheet import Skill, UplandSheet, thirds_text
from engine.upland.skills import skill_set_choice, skill_set_menu
from engine.upland.slice import cycle_now
from tests.engine.upland_support import (
    events,
    of_type,
    refuse,
    sheet,
    sheet_of,
    upland_session,
)

# --------------------------------------------------------------------------- sheets


def test_sheet_commands_set_and_edit_every_part_and_undo() -> None:
    session = upland_session(start=False)
    session.dispatch(SetSheetValue(character="c1", field="call", value=7))
    session.dispatch(SetSheetValue(character="c1", field="fatigue_thirds", value=5))
    session.dispatch(SetSheetValue(character="c1", field="immune_to_despair", value=True))
    session.dispatch(SetSkill(character="c1", skill="〈忍び歩き〉", value=35))
    session.dispatch(SetSkill(character="c1", skill="忍び歩き", checked=True, training_hours=10))
    session.dispatch(SetSpellBonus(character="c1", bonus="《霊視》"))
    s = sheet_of(session.state, "c1")
    assert (s.call, s.fatigue_thirds, s.immune_to_despair) == (7, 5, True)
    assert s.skills["忍び歩き"] == Skill(value=35, checked=True, training_hours=10)
    assert s.spell_bonuses == ("霊視",) and thirds_text(s.fatigue_thirds) == "1 2/3"
    session.dispatch(SetSkill(character="c1", skill="忍び歩き", remove=True))
    assert "忍び歩き" not in sheet_of(session.state, "c1").skills
    session.undo()
    assert "忍び歩き" in sheet_of(session.state, "c1").skills
    session.dispatch(SetSheet(character="c1", sheet=None))
    assert session.state.characters["c1"].sheet is None


def test_sheet_changes_are_logged_in_both_languages() -> None:
    session = upland_session(start=False)
    evs = events(session, SetSheetValue(character="c2", field="fatigue_thirds", value=2))
    assert evs[0].describe("ja") == "ロイ：長期疲労 0 → 2/3（+2/3）。"
    assert evs[0].describe("en") == "ロイ: fatigue 0 → 2/3 (+2/3)."


def test_chk_u2_the_player_picks_the_skill_and_the_highest_is_the_default() -> None:
    opts = UplandOptions()
    s = sheet(skills={"視力": Skill(value=50), "忍び歩き": Skill(value=55), "世界知識": Skill(value=20)})
    assert skill_set_choice(s, "scout", opts).skill == "忍び歩き"
    picked = skill_set_choice(s, "scout", opts, "視力")
    assert (picked.skill, picked.target) == ("視力", 50)
    menu = skill_set_menu(s, "scout", opts)
    assert [c.skill for c in menu] == ["忍び歩き", "視力", "世界知識"]
    # groups are labels with an optional modifier (default 0)
    opts_b = UplandOptions(skill_group_modifiers={"A": 0, "B": 10, "C": 0})
    assert skill_set_choice(s, "scout", opts_b, "視力").target == 60
    # a characteristic roll of a set: POW×5 in 〈慰霊〉; aliases: 召喚 for the seed's 召還
    s2 = sheet(POW=14, skills={"召喚": Skill(value=40)})
    assert skill_set_choice(s2, "requiem", opts).skill == "POW×5"
    assert skill_set_choice(s2, "requiem", opts, "召喚").target == 40


def test_chk_u2_a_scout_uses_the_chosen_skill_of_the_set() -> None:
    session = upland_session()
    session.dispatch(DeclareAction(character="c1", action="scout", target="C4", skill="聞き耳"))
    evs = events(session, ResolveInvestigation(dice=[45]))  # 45 > 聞き耳 40: failure
    check = of_type(evs, "upland_check")[0]
    assert check.label == "〈聞き耳〉" and check.record.result.targets == (40,) and check.level == "failure"
    assert not sheet_of(session.state, "c1").skills["聞き耳"].checked


def test_chk_u3_spell_bonuses_add_to_the_skill_set_check() -> None:
    opts = UplandOptions()
    s = sheet(spell_bonuses=("第二の目", "霊視"))
    assert skill_set_choice(s, "scout", opts).target == 50 + 10 + 20  # 視力 50
    s = sheet(skills={"捜索": Skill(value=30)}, spell_bonuses=("第二の眼", "霊話", "第二の目"))
    assert skill_set_choice(s, "requiem", opts, "捜索").target == 30 + 20 + 10  # 第二の目 is 〈偵察〉 only
    session = upland_session()
    session.dispatch(SetSpellBonus(character="c1", bonus="霊視"))
    session.dispatch(DeclareAction(character="c1", action="scout", target="C4"))
    evs = events(session, ResolveInvestigation(dice=[65]))
    assert of_type(evs, "upland_check")[0].record.result.targets == (70,)


# --------------------------------------------------------------------------- illegal uses


def test_sheet_commands_illegal_uses() -> None:
    session = upland_session(start=False)
    refuse(session, SetSheet(character="c9", sheet=UplandSheet()))
    refuse(session, SetSheet(character="c1", sheet=sheet_of(session.state, "c1")))  # no change
    refuse(session, SetSheetValue(character="c1", field="luck", value=3))
    refuse(session, SetSheetValue(character="c1", field="call", value=-1))
    refuse(session, SetSheetValue(character="c1", field="call", value=True))
    refuse(session, SetSheetValue(character="c1", field="light_armour", value=3))
    refuse(session, SetSkill(character="c1", skill="視力", value=5000))
    refuse(session, SetSkill(character="c1", skill="  ", value=5))
    refuse(session, SetSkill(character="c1", skill="跳躍", remove=True))
    refuse(session, SetSpellBonus(character="c1", bonus="火球"))
    refuse(session, SetSpellBonus(character="c1", bonus="霊視", on=False))


def test_start_and_declare_illegal_uses() -> None:
    session = upland_session(start=False, bone=None)
    session.dispatch(SetSheet(character="c4", sheet=None))
    refuse(session, StartExploration())  # c4 has no sheet
    session = upland_session()
    refuse(session, StartExploration())  # already started
    refuse(session, DeclareAction(character="c1", action="scout", target="E1"))  # not adjacent
    refuse(session, DeclareAction(character="c1", action="scout"))  # no target
    refuse(session, DeclareAction(character="c1", action="vision", target="C4"))  # no heart
    refuse(session, DeclareAction(character="c1", action="scout", target="C4", skill="歌唱"))  # not in the set
    refuse(session, DeclareAction(character="c1", action="resonance", target="C4"))  # not diagonal
    refuse(session, DeclareAction(character="c1", action="prayer", card="2S"))  # not in hand
    refuse(session, DeclareAction(character="c1", action="none", target="C4"))
    refuse(session, DeclareAction(character="c1", action=None))  # nothing to withdraw


def test_investigation_step_commands_illegal_uses() -> None:
    session = upland_session()
    refuse(session, ResolveInvestigation(order=["c1", "c2"]))  # not everyone
    refuse(session, ResolveInvestigation(dice=[10]))  # a typed die left over: nobody rolls
    refuse(session, ScoutPeek(character="c1", square="C3"))  # wrong step
    refuse(session, ContinueCycle())  # the declare step has its own command
    session.dispatch(DeclareAction(character="c1", action="scout", target="C4"))
    session.dispatch(ResolveInvestigation(dice=[1]))
    refuse(session, ScoutPeek(character="c2", square="C3"))  # c2 has no follow-up
    refuse(session, ScoutPeek(character="c1", square="E1"))  # not next to C4


def test_time_phase_commands_illegal_uses() -> None:
    session = upland_session(sheets={"c1": sheet(call=20)})
    refuse(session, ResolveDespair())
    refuse(session, ResolveSleepwalking())
    refuse(session, HoldBack(sleepwalker="c1", holder="c2"))
    refuse(session, ChooseMove(square="C4"))
    refuse(session, ChooseWait())
    refuse(session, ChooseLeave())
    refuse(session, MovePursuer())
    session.dispatch(ResolveInvestigation())
    session.dispatch(ResolveSleepwalking(dice=[30]))
    refuse(session, HoldBack(sleepwalker="c3", holder="c2"))  # c3 does not sleepwalk
    session.dispatch(ContinueCycle())  # c1 walks: the party moves, events next
    assert cycle_now(session.state) is not None and cycle_now(session.state).step is StepId.INCIDENT_START
    session.dispatch(JumpToStep(step=StepId.CHOOSE))
    refuse(session, ChooseMove(square="A1"))  # not adjacent
    refuse(session, ChooseMove(square="C3", card="5H", by="c1"))  # not in hand
    refuse(session, ChooseWait(actions={"c9": "sleep"}))
    refuse(session, ChooseLeave())  # C4 is not the gate


def test_event_and_end_commands_illegal_uses() -> None:
    session = upland_session()
    refuse(session, StartIncidents())
    refuse(session, ResolveIncident(card="2C"))
    refuse(session, EndCycle())
    refuse(session, JumpToStep(step=StepId.SETUP))
    refuse(session, JumpToStep(step=StepId.DECLARE))  # already there
    session.dispatch(ResolveInvestigation())
    session.dispatch(ChooseWait())
    session.dispatch(StartIncidents())  # deals AS onto the blank C5
    refuse(session, ResolveIncident(card="KH"))  # not the card whose event is due
    session.dispatch(RevealBone())
    session.dispatch(ResolveIncident(card="AS", outcome="left"))
    refuse(session, ResolveIncident(card="AS"))  # already dealt with


def test_pursuer_illegal_use_with_typed_dice_left_over() -> None:
    session = upland_session()
    session.dispatch(RevealBone())
    session.dispatch(ResolveInvestigation())
    session.dispatch(ChooseWait())
    refuse(session, MovePursuer(dice=[3]))  # no ace pursues: the typed die is left over


def test_every_upland_command_type_has_an_illegal_use_test() -> None:
    """This file refuses every Upland command type (as test_board_commands does
    for the free board commands)."""
    union = {cls.__name__ for cls in registry.command_types()}
    ours = {cls.__name__ for cls in PROCEDURE_COMMANDS + SHEET_COMMANDS}
    assert ours <= union  # all of them are in the command union (JSON round trip below)
    source = inspect.getsource(sys.modules[__name__])
    missing = {n for n in ours if f"refuse(session, {n}(" not in source}
    assert not missing, f"no illegal-use test for {sorted(missing)}"
    samples = [
        SetSheet(character="c1", sheet=sheet()),
        SetSkill(character="c1", skill="視力", value=5),
        DeclareAction(character="c1", action="scout", target="C4", skill="視力"),
        ResolveInvestigation(order=["c2", "c1"], dice=[5, 6]),
        ChooseWait(actions={"c1": "watch"}),
        ResolveIncident(card="5H", outcome="tapped"),
        JumpToStep(step=StepId.PURSUER),
    ]
    for command in samples:  # commands travel as JSON (the session journal)
        assert command_adapter().validate_json(command.model_dump_json()) == command
