"""The investigation phase (INV-1 … INV-9, CHK-U-4, DICE-7): targets, the
simultaneous roll, every result of the scout table, vision, prayer, hand
effects, resonance, training and the crossing.  Typed dice (DICE-2) pick the
outcomes; the party stands on C5 with the bone on B3 unless said otherwise."""

from __future__ import annotations

import pytest

from engine.table.places import square
from engine.upland.commands import (
    ContinueCycle,
    DeclareAction,
    ResolveInvestigation,
    ScoutPeek,
    SetSkill,
)
from engine.upland.facts import crossed
from engine.upland.investigation import investigation_targets
from engine.upland.procedure import StepId
from engine.upland.slice import bone_of, cycle_now, markers_of, party_of
from tests.engine.upland_support import (
    events,
    fatigue,
    give,
    lay,
    of_type,
    place,
    refuse,
    sheet_of,
    to_deck_top,
    upland_session,
)


def test_inv1_legal_targets_per_action() -> None:
    session = upland_session()
    state = session.state
    assert investigation_targets(state, "c1", "scout") == ["C4", "D5", "B5"]
    assert investigation_targets(state, "c1", "resonance") == ["D4", "B4"]
    assert investigation_targets(state, "c1", "prayer") == ["C5"]
    assert investigation_targets(state, "c1", "vision") == []  # no heart in hand
    assert investigation_targets(state, "c1", "none") == []
    lay(session, "C4", "2C", face_up=True)  # open: no longer scoutable (INV-2)
    lay(session, "E1", "3C")  # closed, far away: a vision target
    give(session, "c1", "5H")
    state = session.state
    assert investigation_targets(state, "c1", "scout") == ["D5", "B5"]
    assert investigation_targets(state, "c1", "vision") == ["E1"]


def test_inv1_declarations_place_markers_and_everyone_rolls_before_any_result() -> None:
    session = upland_session()
    to_deck_top(session, "7C", "8C")
    session.dispatch(DeclareAction(character="c1", action="scout", target="C4"))
    session.dispatch(DeclareAction(character="c2", action="resonance", target="B4"))
    session.dispatch(DeclareAction(character="c3", action="prayer"))
    session.dispatch(DeclareAction(character="c4", action="scout", target="D5", skill="聞き耳"))
    assert markers_of(session.state) == {"c1": "C4", "c2": "B4", "c3": "C5", "c4": "D5"}
    evs = events(session, ResolveInvestigation(dice=[30, 70, 80, 20]))
    kinds = [e.type for e in evs]
    checks = [i for i, k in enumerate(kinds) if k == "upland_check"]
    first_result = kinds.index("upland_sheet_value")
    assert checks == [0, 1, 2, 3] and first_result > checks[-1]  # all roll, then apply
    rolled = [(e.name, e.record.result.total) for e in of_type(evs, "upland_check")]
    assert rolled == [("アイリン", 30), ("ロイ", 70), ("ミナ", 80), ("ケイ", 20)]
    # results in marching order: c1's scout deals 7C before c4's deals 8C
    assert place(session.state, "7C") == square("C4") and place(session.state, "8C") == square("D5")
    assert markers_of(session.state) == {}
    assert cycle_now(session.state) is not None and cycle_now(session.state).declarations == {}


def test_dice7_gm_reorders_the_action_order_and_a_player_may_choose_to_fail() -> None:
    session = upland_session()
    to_deck_top(session, "7C", "8C")
    session.dispatch(DeclareAction(character="c1", action="scout", target="C4", choose_fail=True))
    session.dispatch(DeclareAction(character="c4", action="scout", target="C4"))
    evs = events(session, ResolveInvestigation(order=["c4", "c3", "c2", "c1"], dice=[30]))
    checks = of_type(evs, "upland_check")
    assert [(c.name, c.record is None) for c in checks] == [("ケイ", False), ("アイリン", True)]
    # c4 acts first: the blank C4 gets 7C and c4 learns its suit; c1 declined, yet paid fatigue
    learned = of_type(evs, "upland_suit_learned")
    assert [(e.name, e.card) for e in learned] == [("ケイ", "7C")]
    assert fatigue(session.state, "c1") == 3 and fatigue(session.state, "c4") == 3


def test_inv2_scout_on_a_blank_square_deals_first_costs_fatigue_and_grants_a_check() -> None:
    session = upland_session()
    to_deck_top(session, "7C")
    session.dispatch(DeclareAction(character="c1", action="scout", target="C4"))
    evs = events(session, ResolveInvestigation(dice=[30]))  # 30 vs 視力 50: success
    assert session.state.squares["C4"] == ("7C",)
    assert not session.state.card_flags("7C").face_up
    assert fatigue(session.state, "c1") == 3  # 1 point
    assert sheet_of(session.state, "c1").skills["視力"].checked  # CHK-U-4
    moved = of_type(evs, "card_moved")[0]
    learned = of_type(evs, "upland_suit_learned")[0]
    assert evs.index(moved) < evs.index(learned)  # the deal comes before the result


@pytest.mark.parametrize(
    ("roll", "face_up", "told", "peek", "moved"),
    [
        (1, True, False, True, False),  # critical: open + learn an adjacent suit
        (5, True, False, False, False),  # special: open
        (30, False, True, False, False),  # success: the GM tells the suit
        (80, False, False, False, False),  # failure: nothing
        (99, False, False, False, True),  # fumble: forced onto the scouted square
    ],
)
def test_inv3_every_row_of_the_scout_table(roll: int, face_up: bool, told: bool, peek: bool, moved: bool) -> None:
    session = upland_session()
    lay(session, "C4", "9D")
    session.dispatch(DeclareAction(character="c1", action="scout", target="C4"))
    evs = events(session, ResolveInvestigation(dice=[roll]))
    state = session.state
    assert state.card_flags("9D").face_up is face_up
    assert bool(of_type(evs, "upland_suit_learned")) is told
    assert bool(cycle_now(state) and cycle_now(state).pending_peeks) is peek
    assert (party_of(state) == "C4") is moved
    if moved:  # the forced move costs movement fatigue for everyone (TIM-5: 2/3 when light)
        assert fatigue(state, "c2") == 2 and fatigue(state, "c1") == 3 + 2
    assert sheet_of(state, "c1").skills["視力"].checked is (roll <= 50)


def test_inv3_critical_follow_up_learns_one_adjacent_suit_or_sets_a_hand_card() -> None:
    session = upland_session()
    lay(session, "C4", "9D")
    lay(session, "C3", "QS")
    give(session, "c2", "4H")
    session.dispatch(DeclareAction(character="c1", action="scout", target="C4"))
    session.dispatch(DeclareAction(character="c2", action="scout", target="B5"))
    session.dispatch(ResolveInvestigation(dice=[1, 2]))  # both critical
    assert cycle_now(session.state) is not None and cycle_now(session.state).step is StepId.FOLLOW_UP
    evs = events(session, ScoutPeek(character="c1", square="C3"))
    assert [(e.name, e.card, e.square) for e in of_type(evs, "upland_suit_learned")] == [("アイリン", "QS", "C3")]
    assert not session.state.card_flags("QS").face_up  # learned, not opened
    # c2 scouted the blank B5 (dealt AS); its neighbour A5 is blank: set a hand card there
    session.dispatch(ScoutPeek(character="c2", square="A5", card="4H"))
    assert session.state.squares["A5"] == ("4H",) and not session.state.card_flags("4H").face_up
    assert cycle_now(session.state).step is StepId.CHOOSE  # on to the time phase


def test_inv3_critical_follow_up_may_be_passed() -> None:
    session = upland_session()
    session.dispatch(DeclareAction(character="c1", action="scout", target="C4"))
    session.dispatch(ResolveInvestigation(dice=[1]))
    session.dispatch(ContinueCycle())
    assert cycle_now(session.state) is not None
    assert cycle_now(session.state).pending_peeks == () and cycle_now(session.state).step is StepId.CHOOSE


@pytest.mark.parametrize(("level", "opened", "told"), [("special", True, False), ("success", False, True)])
def test_inv4_vision_stacks_the_heart_and_applies_the_scout_table(level: str, opened: bool, told: bool) -> None:
    session = upland_session(options={"vision_heart_level": level})
    lay(session, "E1", "9D")
    give(session, "c1", "5H")
    session.dispatch(DeclareAction(character="c1", action="vision", target="E1", card="5H"))
    evs = events(session, ResolveInvestigation())
    assert not of_type(evs, "upland_check")  # the heart replaces the roll
    assert session.state.squares["E1"] == ("9D",)  # INV-4 (reading): the heart is spent
    assert session.state.discard[0] == "5H"
    assert session.state.card_flags("9D").face_up is opened
    assert bool(of_type(evs, "upland_suit_learned")) is told


def test_inv5_prayer_draws_cards_by_success_degree_and_a_fumble_raises_the_call() -> None:
    session = upland_session()  # 〈死祭り〉 30: 1–2 critical, 3–6 special
    session.dispatch(DeclareAction(character="c1", action="prayer"))
    session.dispatch(ResolveInvestigation(dice=[4]))
    assert session.state.hands["c1"] == ("2S", "AS")  # special: degree 2, two cards
    session = upland_session()
    session.dispatch(DeclareAction(character="c1", action="prayer"))
    evs = events(session, ResolveInvestigation(dice=[99, 4]))  # fumble, then 1D6 = 4
    assert session.state.hands["c1"] == ()
    assert sheet_of(session.state, "c1").call == 4
    assert [c.record.result.render("ja") for c in of_type(evs, "upland_check")][-1] == "(1D6) ＞ 4"


def test_inv6_a_heart_replaces_the_scout_roll_and_the_prayer_roll() -> None:
    session = upland_session()
    lay(session, "C4", "9D")
    give(session, "c1", "3H")
    give(session, "c2", "6H")
    session.dispatch(DeclareAction(character="c1", action="scout", target="C4", card="3H"))
    session.dispatch(DeclareAction(character="c2", action="prayer", card="6H"))
    evs = events(session, ResolveInvestigation())
    assert not of_type(evs, "upland_check")  # no roll at all
    assert [e.card for e in of_type(evs, "upland_suit_learned")] == ["9D"]  # success
    assert not sheet_of(session.state, "c1").skills["視力"].checked  # no roll, no check
    assert session.state.discard[:2] == ("6H", "3H")
    assert len(session.state.hands["c2"]) == 1  # prayer as a success: one card
    assert fatigue(session.state, "c1") == 3  # still a scout


def test_inv6_a_spade_probes_an_unscouted_square_without_opening_it() -> None:
    session = upland_session()
    lay(session, "C4", "8D")
    lay(session, "D5", "9S")
    give(session, "c1", "4S")
    give(session, "c2", "5S")
    session.dispatch(DeclareAction(character="c1", action="scout", target="C4", card="4S"))
    session.dispatch(DeclareAction(character="c2", action="scout", target="D5", card="5S"))
    evs = events(session, ResolveInvestigation())
    probes = of_type(evs, "upland_spade_probed")
    assert [(p.square, p.is_spade) for p in probes] == [("C4", False), ("D5", True)]
    assert session.state.squares["C4"] == ("4S", "8D") and session.state.card_flags("4S").face_up
    assert not session.state.card_flags("8D").face_up
    assert "5S" in session.state.hands["c2"]  # a spade: the played card returns to the hand


def test_inv7_resonance_answers_only_from_the_2x2_block_and_draws_a_card_per_response() -> None:
    session = upland_session(bone="B5")  # block of B4 + C5 = B4 C4 B5 C5
    session.dispatch(DeclareAction(character="c1", action="resonance", target="B4", skill="歌唱"))
    session.dispatch(DeclareAction(character="c2", action="resonance", target="D4", skill="歌唱"))
    evs = events(session, ResolveInvestigation(dice=[10, 20]))  # special, success
    counted = of_type(evs, "upland_responses")
    assert [(e.name, e.block, e.responses, e.total) for e in counted] == [
        ("アイリン", ("B4", "C4", "B5", "C5"), 2, 2),
        ("ロイ", ("C4", "D4", "C5", "D5"), 0, 2),
    ]
    assert len(session.state.hands["c1"]) == 2 and session.state.hands["c2"] == ()
    assert fatigue(session.state, "c1") == 3 and fatigue(session.state, "c2") == 3
    assert not crossed(session.state)


def test_inv7_target_is_skill_plus_spirit_pressure_by_option_and_a_fumble_raises_the_call() -> None:
    session = upland_session()
    session.dispatch(DeclareAction(character="c1", action="resonance", target="B4", skill="歌唱"))
    evs = events(session, ResolveInvestigation(dice=[99, 6]))
    checks = of_type(evs, "upland_check")
    assert checks[0].record.result.targets == (65,)  # 歌唱 60 + spirit pressure 5
    assert sheet_of(session.state, "c1").call == 6
    session = upland_session(options={"resonance_adds_spirit_pressure": False})
    session.dispatch(DeclareAction(character="c1", action="resonance", target="B4", skill="歌唱"))
    evs = events(session, ResolveInvestigation(dice=[50]))
    assert of_type(evs, "upland_check")[0].record.result.targets == (60,)


def test_inv8_successful_resonance_checks_the_skill_or_trains_a_skill_without_checks() -> None:
    session = upland_session()  # bone on B3: not in the block, so no response
    session.dispatch(DeclareAction(character="c1", action="resonance", target="B4", skill="歌唱"))
    session.dispatch(ResolveInvestigation(dice=[20]))
    assert sheet_of(session.state, "c1").skills["歌唱"].checked
    session = upland_session(bone="B5")
    session.dispatch(SetSkill(character="c1", skill="歌唱", no_checks=True))
    session.dispatch(DeclareAction(character="c1", action="resonance", target="B4", skill="歌唱"))
    session.dispatch(ResolveInvestigation(dice=[10]))  # special: 2 responses = 20 hours
    skill = sheet_of(session.state, "c1").skills["歌唱"]
    assert not skill.checked and skill.training_hours == 20


def test_inv9_the_third_response_in_total_brings_the_crossing() -> None:
    session = upland_session(bone="B5")
    session.dispatch(DeclareAction(character="c1", action="resonance", target="B4", skill="歌唱"))
    session.dispatch(DeclareAction(character="c2", action="resonance", target="B4", skill="歌唱"))
    evs = events(session, ResolveInvestigation(dice=[10, 20]))  # 2 + 1 responses
    state = session.state
    assert crossed(state) and state.squares["B5"][0] == "JK1" and state.card_flags("JK1").face_up
    assert cycle_now(state) is not None and cycle_now(state).responses == 3 and cycle_now(state).crossing_by == "c2"
    revealed = of_type(evs, "bone_revealed")
    assert revealed and evs.index(revealed[0]) > evs.index(of_type(evs, "upland_responses")[1])


def test_inv9_no_crossing_before_the_third_response() -> None:
    session = upland_session(bone="B5")
    session.dispatch(DeclareAction(character="c1", action="resonance", target="B4", skill="歌唱"))
    session.dispatch(ResolveInvestigation(dice=[10]))
    assert not crossed(session.state) and bone_of(session.state).card == "JK1"


def test_chk_u4_an_experience_check_is_recorded_once() -> None:
    session = upland_session()
    session.dispatch(SetSkill(character="c1", skill="視力", checked=True))
    session.dispatch(DeclareAction(character="c1", action="scout", target="C4"))
    evs = events(session, ResolveInvestigation(dice=[30]))
    assert not of_type(evs, "upland_skill_changed")
    assert sheet_of(session.state, "c1").skills["視力"].checked


def test_inv1_the_procedure_reads_the_board_after_free_commands() -> None:
    """The GM may move cards between steps; the declared target is checked again."""
    session = upland_session()
    session.dispatch(DeclareAction(character="c1", action="scout", target="C4"))
    lay(session, "C4", "KC", face_up=True)  # the GM opens C4 by hand
    refuse(session, ResolveInvestigation(dice=[30]))
    session.dispatch(DeclareAction(character="c1", action="scout", target="D5"))
    session.dispatch(ResolveInvestigation(dice=[30]))
    assert "D5" in session.state.squares
    assert place(session.state, "KC") == square("C4")
