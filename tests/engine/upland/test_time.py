"""The despair event (DSP-1, DSP-2), the time phase (TIM-1 … TIM-7) and the
pursuer (PUR-1, PUR-2).  The crossing is made by hand (RevealBone) where a test
needs "after the crossing"; typed dice pick the outcomes."""

from __future__ import annotations

import pytest

from engine.core.session import Session
from engine.table.places import square
from engine.upland.bone import RevealBone
from engine.upland.commands import (
    ChooseLeave,
    ChooseMove,
    ChooseWait,
    ContinueCycle,
    EndCycle,
    HoldBack,
    JumpToStep,
    MovePursuer,
    ResolveDespair,
    ResolveIncident,
    ResolveInvestigation,
    ResolveSleepwalking,
    SetSheetValue,
    StartIncidents,
)
from engine.upland.procedure import StepId, WaitAction
from engine.upland.slice import cycle_now, party_of
from engine.upland.stepper import current_step
from engine.upland.time_phase import recovery_points
from tests.engine.upland_support import (
    events,
    fatigue,
    give,
    lay,
    of_type,
    place,
    refuse,
    sheet,
    sheet_of,
    step,
    upland_session,
)


def to_time_phase(session: Session) -> None:
    """Nobody acts in the investigation phase."""
    session.dispatch(ResolveInvestigation())


# --------------------------------------------------------------------------- despair


def test_dsp1_no_despair_event_before_the_crossing() -> None:
    session = upland_session()
    give(session, "c1", "9S")
    to_time_phase(session)
    assert step(session) is StepId.CHOOSE


def test_dsp1_after_the_crossing_only_spade_holders_take_part_and_never_the_immune_one() -> None:
    session = upland_session(sheets={"c2": sheet(immune_to_despair=True)})
    session.dispatch(RevealBone())
    give(session, "c1", "9S")
    give(session, "c2", "5S")
    give(session, "c3", "5H")
    to_time_phase(session)
    assert step(session) is StepId.TIME_DESPAIR  # TIM-1: at the time phase start
    assert current_step(session.state).characters == ("c1",)
    evs = events(session, ResolveDespair(dice=[20]))
    assert [c.name for c in of_type(evs, "upland_check")] == ["アイリン"]
    assert cycle_now(session.state) is not None and cycle_now(session.state).despair_cycle == 1
    assert step(session) is StepId.CHOOSE


def test_dsp1_once_per_cycle_and_at_the_cycle_start_by_option() -> None:
    session = upland_session(options={"despair_at": "cycle_start"})
    session.dispatch(RevealBone())
    give(session, "c1", "9S")
    to_time_phase(session)
    assert step(session) is StepId.CHOOSE  # not in the time phase with this option
    session.dispatch(ChooseWait())
    session.dispatch(MovePursuer())
    session.dispatch(StartIncidents())
    while step(session) is StepId.INCIDENT_RESOLVE:
        session.dispatch(ResolveIncident(card=current_step(session.state).cards[0], outcome="left"))
    session.dispatch(EndCycle())
    assert step(session) is StepId.CYCLE_DESPAIR  # cycle 2 starts with it
    session.dispatch(ResolveDespair(dice=[20]))
    assert step(session) is StepId.DECLARE
    to_time_phase(session)
    assert step(session) is StepId.CHOOSE  # once per cycle


def test_dsp2_pow_resists_spirit_pressure_and_a_failure_gives_its_strongest_spade_to_the_gate() -> None:
    session = upland_session()
    session.dispatch(RevealBone())
    give(session, "c1", "3S", "9S")
    to_time_phase(session)
    evs = events(session, ResolveDespair(dice=[90]))  # POW 12 vs spirit pressure 5: 85%
    check = of_type(evs, "upland_check")[0]
    assert check.record.result.targets == (85,) and check.level == "failure"
    assert session.state.squares["C4"][0] == "9S"  # the nearest square but the gate (MAP-8)
    assert session.state.card_flags("9S").face_up  # a single card is placed face up
    assert session.state.hands["c1"] == ("3S",)


def test_dsp2_several_failures_are_shuffled_face_down_in_order_of_nearness_to_the_gate() -> None:
    session = upland_session()
    session.dispatch(RevealBone())
    give(session, "c1", "9S")
    give(session, "c3", "QS")
    to_time_phase(session)
    session.dispatch(ResolveDespair(dice=[90, 95]))
    state = session.state
    placed = {state.squares["C4"][0], state.squares["B5"][0]}  # C4 (vertical first), then B5; not the gate
    assert placed == {"9S", "QS"}
    assert not state.card_flags("9S").face_up and not state.card_flags("QS").face_up


# --------------------------------------------------------------------------- time phase


def test_tim1_after_the_crossing_despair_then_sleepwalking_then_the_choice_then_the_pursuer() -> None:
    session = upland_session(sheets={"c1": sheet(call=20)})
    session.dispatch(RevealBone())
    give(session, "c2", "9S")
    to_time_phase(session)
    seen = [step(session)]
    session.dispatch(ResolveDespair(dice=[10]))
    seen.append(step(session))
    session.dispatch(ResolveSleepwalking(dice=[90]))  # Call 20 vs POW 12: 90%, a success
    seen.append(step(session))
    session.dispatch(HoldBack(sleepwalker="c1", holder="c2"))
    session.dispatch(ContinueCycle())
    seen.append(step(session))
    session.dispatch(ChooseWait())
    seen.append(step(session))
    session.dispatch(MovePursuer())
    seen.append(step(session))
    assert seen == [
        StepId.TIME_DESPAIR,
        StepId.SLEEPWALK,
        StepId.HOLD_BACK,
        StepId.CHOOSE,
        StepId.PURSUER,
        StepId.INCIDENT_START,
    ]


def test_tim2_a_sleepwalker_walks_toward_the_bone_vertical_first_and_the_party_follows() -> None:
    session = upland_session(sheets={"c1": sheet(call=15)})  # Call 15 > POW 12: 65%
    to_time_phase(session)
    assert step(session) is StepId.SLEEPWALK
    assert current_step(session.state).characters == ("c1",)
    evs = events(session, ResolveSleepwalking(dice=[30]))
    assert of_type(evs, "upland_check")[0].record.result.targets == (65,)
    session.dispatch(ContinueCycle())
    assert party_of(session.state) == "C4"  # toward B3: up first (MAP-7)
    assert all(fatigue(session.state, c) == 2 for c in ("c1", "c2", "c3", "c4"))  # TIM-4/TIM-5
    assert step(session) is StepId.INCIDENT_START  # the move was the phase's move


def test_tim2_nobody_whose_call_does_not_exceed_pow_sleepwalks() -> None:
    session = upland_session(sheets={"c1": sheet(call=12)})
    to_time_phase(session)
    assert step(session) is StepId.CHOOSE
    session = upland_session(sheets={"c1": sheet(call=15)})
    to_time_phase(session)
    session.dispatch(ResolveSleepwalking(dice=[70]))  # 70 > 65: no sleepwalking
    assert step(session) is StepId.CHOOSE and party_of(session.state) == "C5"


@pytest.mark.parametrize(("roll", "cost"), [(30, 1), (10, 2)])
def test_tim3_holding_back_costs_1_for_a_success_and_2_for_a_special(roll: int, cost: int) -> None:
    session = upland_session(sheets={"c1": sheet(call=15)})
    to_time_phase(session)
    session.dispatch(ResolveSleepwalking(dice=[roll]))
    session.dispatch(HoldBack(sleepwalker="c1", holder="c3"))
    assert fatigue(session.state, "c3") == 3 * cost
    session.dispatch(ContinueCycle())
    assert party_of(session.state) == "C5" and step(session) is StepId.CHOOSE
    refuse(session, ChooseWait(actions={"c3": WaitAction.REST}))  # a holder cannot rest
    refuse(session, ChooseWait(actions={"c3": WaitAction.SLEEP}))  # nor sleep (TIM-3)
    session.dispatch(ChooseWait(actions={"c3": WaitAction.WATCH}))


def test_tim3_a_critical_cannot_be_held_back_nor_by_a_sleepwalker() -> None:
    session = upland_session(sheets={"c1": sheet(call=15), "c2": sheet(call=15)})
    to_time_phase(session)
    session.dispatch(ResolveSleepwalking(dice=[2, 30]))  # c1 critical, c2 success
    message = refuse(session, HoldBack(sleepwalker="c1", holder="c3"))
    assert "TIM-3" in message.text("ja")
    refuse(session, HoldBack(sleepwalker="c2", holder="c1"))  # c1 sleepwalks itself
    session.dispatch(HoldBack(sleepwalker="c2", holder="c3"))
    session.dispatch(ContinueCycle())
    assert party_of(session.state) == "C4"  # c1 could not be held: everyone moves


def test_tim4_tim5_the_whole_party_moves_paying_fatigue_by_moving_weight() -> None:
    sheets = {  # STR 12, CON 12
        "c1": sheet(moving_weight=12),  # ≤ STR: 2/3
        "c2": sheet(moving_weight=24),  # ≤ STR+CON: 1
        "c3": sheet(moving_weight=32),  # ≤ STR+CON+8: 2
        "c4": sheet(moving_weight=40),  # ≤ STR+CON+16: 3
    }
    session = upland_session(sheets=sheets)
    to_time_phase(session)
    give(session, "c1", "5H")
    session.dispatch(ChooseMove(square="C4", card="5H", by="c1"))
    state = session.state
    assert party_of(state) == "C4"
    assert [fatigue(state, c) for c in ("c1", "c2", "c3", "c4")] == [2, 3, 6, 9]
    assert state.squares["C4"] == ("5H",)  # a hand card laid on the blank square (TIM-5)
    # the fractions accumulate: a second move leaves c1 at 1 1/3
    session.dispatch(StartIncidents())
    session.dispatch(JumpToStep(step=StepId.CHOOSE))
    session.dispatch(ChooseMove(square="C3"))
    assert fatigue(session.state, "c1") == 4 and sheet_of(session.state, "c1").fatigue == pytest.approx(4 / 3)


def test_tim5_too_heavy_to_move_is_refused() -> None:
    session = upland_session(sheets={"c2": sheet(moving_weight=41)})
    to_time_phase(session)
    refuse(session, ChooseMove(square="C4"))


def test_tim6_wait_recovers_by_con_action_and_load_and_watching_costs_one() -> None:
    sheets = {
        "c1": sheet(fatigue_thirds=9),  # CON 12 sleep: 12 → 2
        "c2": sheet(fatigue_thirds=9),  # rest: 10 → 2
        "c3": sheet(fatigue_thirds=9),  # watch: 8 → 1, and +1 for watching
        "c4": sheet(fatigue_thirds=9, food=0),  # no food, no recovery
    }
    session = upland_session(sheets=sheets)
    to_time_phase(session)
    session.dispatch(ChooseWait(actions={"c2": WaitAction.REST, "c3": WaitAction.WATCH}))
    state = session.state
    assert [fatigue(state, c) for c in ("c1", "c2", "c3", "c4")] == [3, 3, 9, 9]
    assert step(session) is StepId.INCIDENT_START


def test_tim6_recovery_table_bands_load_modifiers_and_the_extension_reading() -> None:
    def points(con: int, action: WaitAction = WaitAction.SLEEP, **kw: object) -> int:
        return recovery_points(sheet(CON=con, **kw), action)

    assert [points(c) for c in (3, 4, 9, 10, 15, 16, 21)] == [0, 1, 1, 2, 2, 3, 3]
    assert [points(c) for c in (22, 27, 28)] == [4, 4, 5]  # each further 6 CON adds 1
    assert recovery_points(sheet(CON=28), WaitAction.SLEEP, extends=False) == 3
    assert points(12, WaitAction.WATCH) == 1 and points(12, WaitAction.REST) == 2
    heavy = {"light_armour": False}
    assert points(12, worn_load=6, **heavy) == 2  # ≤ STR/2: −2 → 10
    assert points(12, worn_load=12, **heavy) == 1  # ≤ STR: −4 → 8
    assert points(12, worn_load=24, **heavy) == 1  # ≤ STR+CON: −8 → 4
    assert points(12, worn_load=30, light_armour=True) == 2  # at most thick leather: 0
    assert points(12, food=0) == 0


def test_tim7_leaving_only_at_the_gate_ends_the_cycles() -> None:
    session = upland_session(party_at="C4")
    to_time_phase(session)
    refuse(session, ChooseLeave())
    session = upland_session()
    to_time_phase(session)
    session.dispatch(ChooseLeave())
    assert cycle_now(session.state) is not None and cycle_now(session.state).left
    info = current_step(session.state)
    assert info.step is StepId.LEFT and info.done and info.commands == ()


# --------------------------------------------------------------------------- pursuer


def crossed_at_pursuer(options: dict[str, object] | None = None) -> Session:
    session = upland_session(options=options)
    session.dispatch(RevealBone())
    to_time_phase(session)
    session.dispatch(ChooseWait())
    assert step(session) is StepId.PURSUER
    return session


def test_pur1_the_strongest_open_spade_but_aces_moves_one_square_toward_the_party() -> None:
    session = crossed_at_pursuer()
    lay(session, "A1", "7S", face_up=True)
    lay(session, "E3", "9S", face_up=True)
    lay(session, "B1", "KS")  # face down: not open, not the pursuer
    lay(session, "A5", "AS", face_up=True)
    assert current_step(session.state).cards == ("9S",)
    evs = events(session, MovePursuer())
    assert session.state.squares["E4"][0] == "9S"  # E3 → E4: vertical first toward C5
    assert of_type(evs, "upland_pursuer_moved")[0].path == ("E3", "E4")
    assert step(session) is StepId.INCIDENT_START


def test_pur1_no_open_spade_no_pursuer() -> None:
    session = crossed_at_pursuer()
    evs = events(session, MovePursuer())
    assert of_type(evs, "upland_pursuer_moved")[0].card is None


@pytest.mark.parametrize(
    ("start", "rolls", "end"),
    [
        ("C3", [1], "C2"),  # up
        ("C3", [2], "D3"),  # right
        ("C3", [3], "C4"),  # down
        ("C3", [4], "B3"),  # left
        ("C3", [5], "C3"),  # stay
        ("C3", [7], "C3"),  # repeat with no previous move: stay
        ("A2", [10], "A4"),  # two steps toward the party (vertical first)
        ("C1", [1], "C1"),  # stops at the edge
    ],
)
def test_pur2_the_lone_ace_of_spades_moves_by_the_d10_table(start: str, rolls: list[int], end: str) -> None:
    session = crossed_at_pursuer()
    lay(session, start, "AS", face_up=True)
    session.dispatch(MovePursuer(dice=rolls))
    assert place(session.state, "AS") == square(end)


def test_pur2_six_to_nine_repeat_the_previous_move_and_the_ace_pursues_only_alone() -> None:
    session = crossed_at_pursuer()
    lay(session, "A3", "AS", face_up=True)
    session.dispatch(MovePursuer(dice=[2]))  # right: B3
    session.dispatch(JumpToStep(step=StepId.PURSUER))
    session.dispatch(MovePursuer(dice=[8]))  # repeat: right again
    assert place(session.state, "AS") == square("C3")
    lay(session, "E1", "2S", face_up=True)  # another open spade: it pursues, not the ace
    session.dispatch(JumpToStep(step=StepId.PURSUER))
    session.dispatch(MovePursuer())
    assert place(session.state, "2S") == square("E2") and place(session.state, "AS") == square("C3")
    session = crossed_at_pursuer(options={"ace_pursuer": "never"})
    lay(session, "A3", "AS", face_up=True)
    evs = events(session, MovePursuer())
    assert of_type(evs, "upland_pursuer_moved")[0].card is None


def test_sheet_value_command_feeds_the_time_phase() -> None:
    """The GM edits the Call by hand between steps; the sleepwalking step appears."""
    session = upland_session()
    session.dispatch(SetSheetValue(character="c2", field="call", value=13))
    to_time_phase(session)
    assert step(session) is StepId.SLEEPWALK and current_step(session.state).characters == ("c2",)
