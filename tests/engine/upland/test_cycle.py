"""The event phase (EVT-1 … EVT-4 with the ENC-1 deathless test), the end of
the cycle (END-1, END-2), the cycle counter and the night (CYC-1, CYC-2), the
stepper's query API, undo, the player view and old saved states."""

from __future__ import annotations

import json

from engine.core.player_view import player_view
from engine.core.session import Session
from engine.core.state import State
from engine.table.commands import GiveCard, TapCard
from engine.upland.bone import RevealBone
from engine.upland.commands import (
    ChooseLeave,
    ChooseWait,
    ContinueCycle,
    DeclareAction,
    EndCycle,
    HoldBack,
    MovePursuer,
    ResolveDespair,
    ResolveIncident,
    ResolveInvestigation,
    ResolveSleepwalking,
    StartIncidents,
)
from engine.upland.procedure import Phase, StepId
from engine.upland.slice import cycle_now
from engine.upland.stepper import current_step
from tests.engine.upland_support import (
    events,
    give,
    lay,
    of_type,
    place,
    sheet,
    step,
    to_deck_top,
    upland_session,
)


def to_events(session: Session) -> None:
    session.dispatch(ResolveInvestigation())
    session.dispatch(ChooseWait())


def test_evt1_a_blank_square_gets_the_deck_top_as_its_map_card() -> None:
    session = upland_session()
    to_deck_top(session, "5C")
    to_events(session)
    assert step(session) is StepId.INCIDENT_START
    evs = events(session, StartIncidents())
    assert session.state.squares["C5"] == ("5C",) and session.state.card_flags("5C").face_up
    exposed = of_type(evs, "upland_event_exposed")[0]
    assert (exposed.card, exposed.event_ja, exposed.rules) == ("5C", "障害", "OBS")
    info = current_step(session.state)
    assert info.step is StepId.INCIDENT_RESOLVE and info.incident is not None and info.incident.kind == "obstacle"


def test_evt2_untapped_cards_trigger_from_the_top_and_evt4_a_removed_heart_is_replaced() -> None:  # rule: EVT-4
    session = upland_session()
    lay(session, "C5", "9D")
    lay(session, "C5", "7C", face_up=True)
    session.dispatch(TapCard(card="7C"))
    lay(session, "C5", "5H")
    to_deck_top(session, "2C")
    to_events(session)
    session.dispatch(StartIncidents())
    info = current_step(session.state)
    assert info.cards == ("5H",) and info.incident is not None and info.incident.event_ja == "交流"
    assert session.state.card_flags("5H").face_up  # events are played face up
    evs = events(session, ResolveIncident(card="5H", outcome="removed"))
    assert place(session.state, "5H").zone.value == "discard"
    assert session.state.squares["C5"] == ("2C", "7C", "9D")  # the replacement, face down
    assert not session.state.card_flags("2C").face_up
    assert of_type(evs, "upland_event_resolved")[0].replacement == "2C"
    info = current_step(session.state)  # the tapped 7C and the new 2C do not trigger
    assert info.cards == ("9D",) and info.incident is not None and info.incident.kind == "remains"


def test_evt2_a_diamond_is_a_tear_spirit_after_the_crossing() -> None:
    session = upland_session()
    session.dispatch(RevealBone())
    lay(session, "C5", "9D")
    to_events(session)
    session.dispatch(MovePursuer())  # after the crossing the pursuer step comes first
    session.dispatch(StartIncidents())
    info = current_step(session.state)
    assert info.incident is not None and (info.incident.kind, info.incident.event_ja) == ("tear_spirit", "涙霊")


def test_evt3_a_card_left_face_up_stays_and_an_overcome_obstacle_is_tapped() -> None:
    session = upland_session()
    lay(session, "C5", "9D")
    lay(session, "C5", "8C")
    to_events(session)
    session.dispatch(StartIncidents())
    session.dispatch(ResolveIncident(card="8C", outcome="tapped"))
    session.dispatch(ResolveIncident(card="9D", outcome="left"))
    state = session.state
    assert state.squares["C5"] == ("8C", "9D")
    assert state.card_flags("8C").tapped and state.card_flags("9D").face_up
    assert step(session) is StepId.END


def deathless_231() -> Session:
    """The seed's ENC-1 example: 〈死祭り〉 totalling 231% → 11 deathless points."""
    sheets = {
        "c1": sheet(death_rite=60),
        "c2": sheet(death_rite=60),
        "c3": sheet(death_rite=60),
        "c4": sheet(death_rite=51),
    }
    return upland_session(sheets=sheets)


def test_evt2_enc1_spades_within_the_deathless_points_raise_no_encounter() -> None:
    session = deathless_231()
    lay(session, "A1", "4S", face_up=True)
    lay(session, "C5", "6S")
    to_events(session)
    session.dispatch(StartIncidents())
    info = current_step(session.state)
    assert info.incident is not None and (info.incident.deathless, info.incident.spade_total) == (11, 10)
    assert info.incident.active is False and info.choices[0].default == "left"
    assert "11" in info.text("ja") and info.text("ja") != info.text("en")


def test_evt2_enc1_past_the_deathless_points_only_the_strongest_open_spade_triggers() -> None:
    session = deathless_231()
    lay(session, "A1", "4S", face_up=True)
    lay(session, "E1", "3S", face_up=True)
    lay(session, "C5", "6S")
    to_events(session)
    session.dispatch(StartIncidents())
    info = current_step(session.state)
    assert info.incident is not None and info.incident.spade_total == 13 and info.incident.active is True
    session = deathless_231()
    lay(session, "A1", "4S", face_up=True)
    lay(session, "E1", "6S", face_up=True)
    lay(session, "C5", "3S")  # ♠3 opens: 13 > 11, but ♠6 is the active one
    to_events(session)
    session.dispatch(StartIncidents())
    info = current_step(session.state)
    assert info.incident is not None and info.incident.active is False


def test_end1_each_characters_fatigue_change_of_the_cycle_is_reported() -> None:
    session = upland_session(sheets={"c2": sheet(food=0), "c3": sheet(fatigue_thirds=6)})
    to_deck_top(session, "7C", "2C")
    session.dispatch(DeclareAction(character="c1", action="scout", target="C4"))
    session.dispatch(ResolveInvestigation(dice=[80]))
    session.dispatch(ChooseWait(actions={"c2": "watch"}))
    session.dispatch(StartIncidents())
    session.dispatch(ResolveIncident(card="2C"))
    evs = events(session, EndCycle())
    changes = {e.name: (e.before, e.after) for e in of_type(evs, "upland_fatigue_recorded")}
    # c1: +1 scout −1 sleep; c2: +1 watch, no food so no recovery; c3: 2 − 2 = 0
    assert changes == {"アイリン": (0, 0), "ロイ": (0, 3), "ミナ": (6, 0), "ケイ": (0, 0)}
    assert "ロイ：このサイクルの長期疲労の増減 +1（現在1）。" in [e.describe("ja") for e in evs]


def test_end2_hand_transfers_at_the_end_of_the_cycle_are_free_board_commands() -> None:
    session = upland_session()
    give(session, "c1", "5H")
    lay(session, "C5", "2C")
    to_events(session)
    session.dispatch(StartIncidents())
    session.dispatch(ResolveIncident(card="2C"))
    info = current_step(session.state)
    assert info.step is StepId.END and "give_card" in info.commands
    session.dispatch(GiveCard(card="5H", to_character="c3"))
    assert session.state.hands["c3"] == ("5H",) and step(session) is StepId.END
    session.dispatch(EndCycle())
    assert session.state.hands["c3"] == ("5H",)


def test_cyc1_phases_in_order_and_cycles_numbered_from_one() -> None:
    session = upland_session()
    phases = []
    for _ in range(2):
        assert cycle_now(session.state) is not None
        phases.append((cycle_now(session.state).cycle, cycle_now(session.state).phase))
        session.dispatch(ResolveInvestigation())
        phases.append((cycle_now(session.state).cycle, cycle_now(session.state).phase))
        session.dispatch(ChooseWait())
        phases.append((cycle_now(session.state).cycle, cycle_now(session.state).phase))
        session.dispatch(StartIncidents())
        while step(session) is StepId.INCIDENT_RESOLVE:
            session.dispatch(ResolveIncident(card=current_step(session.state).cards[0], outcome="left"))
        phases.append((cycle_now(session.state).cycle, cycle_now(session.state).phase))
        session.dispatch(EndCycle())
    assert phases == [
        (1, Phase.INVESTIGATION),
        (1, Phase.TIME),
        (1, Phase.INCIDENT),
        (1, Phase.END),
        (2, Phase.INVESTIGATION),
        (2, Phase.TIME),
        (2, Phase.INCIDENT),
        (2, Phase.END),
    ]
    assert cycle_now(session.state).cycle == 3


def run_cycle(session: Session) -> None:
    session.dispatch(ResolveInvestigation())
    session.dispatch(ChooseWait())
    session.dispatch(StartIncidents())
    while step(session) is StepId.INCIDENT_RESOLVE:
        session.dispatch(ResolveIncident(card=current_step(session.state).cards[0], outcome="left"))
    session.dispatch(EndCycle())


def test_cyc2_the_night_cycle_follows_the_last_day_cycle_unless_the_party_left() -> None:
    session = upland_session(options={"night_after_cycle": 2})
    run_cycle(session)
    assert step(session) is StepId.DECLARE
    assert current_step(session.state).counts == {"declared": 0, "total": 4}
    session.dispatch(ResolveInvestigation())
    session.dispatch(ChooseWait())
    session.dispatch(StartIncidents())
    while step(session) is StepId.INCIDENT_RESOLVE:
        session.dispatch(ResolveIncident(card=current_step(session.state).cards[0], outcome="left"))
    assert current_step(session.state).counts["night"] == 1
    evs = events(session, EndCycle())
    assert cycle_now(session.state) is not None and cycle_now(session.state).night
    assert cycle_now(session.state).cycle == 2 and step(session) is StepId.NIGHT
    assert "CYC-2" in of_type(evs, "upland_cycle_ended")[0].describe("ja")
    assert current_step(session.state).done
    session = upland_session(options={"night_after_cycle": 1})
    session.dispatch(ResolveInvestigation())
    session.dispatch(ChooseLeave())
    assert step(session) is StepId.LEFT and not cycle_now(session.state).night  # type: ignore[union-attr]


def test_cyc2_default_night_after_cycle_fourteen() -> None:
    session = upland_session()
    for _ in range(13):
        run_cycle(session)
    assert cycle_now(session.state) is not None and cycle_now(session.state).cycle == 14
    run_cycle(session)
    assert step(session) is StepId.NIGHT


def test_stepper_describes_every_step_in_both_languages() -> None:
    session = upland_session(start=False)
    info = current_step(session.state)
    assert info.step is StepId.SETUP and "upland_start_exploration" in info.commands
    session = upland_session(sheets={"c1": sheet(call=20)})
    session.dispatch(RevealBone())
    give(session, "c2", "9S")
    seen = {}
    for command in (
        DeclareAction(character="c1", action="scout", target="C4"),
        ResolveInvestigation(dice=[1]),
        None,
        ResolveDespair(dice=[10]),
        None,
        None,
        None,
        MovePursuer(),
        StartIncidents(),
    ):
        info = current_step(session.state)
        seen[info.step] = info
        assert info.text("ja") != info.text("en") and info.title("ja") != info.title("en")
        if command is None:
            command = {
                StepId.FOLLOW_UP: ContinueCycle(),
                StepId.SLEEPWALK: ResolveSleepwalking(dice=[30]),
                StepId.HOLD_BACK: HoldBack(sleepwalker="c1", holder="c2"),
                StepId.CHOOSE: ChooseWait(),
            }[info.step]
            if info.step is StepId.HOLD_BACK:
                session.dispatch(command)
                command = ContinueCycle()
        session.dispatch(command)
    assert set(seen) >= {
        StepId.DECLARE,
        StepId.FOLLOW_UP,
        StepId.TIME_DESPAIR,
        StepId.SLEEPWALK,
        StepId.HOLD_BACK,
        StepId.CHOOSE,
        StepId.PURSUER,
        StepId.INCIDENT_START,
    }
    declare = seen[StepId.DECLARE]
    assert any(c.kind == "target" and c.action == "scout" and c.options == ("C4", "D5", "B5") for c in declare.choices)
    assert any(c.kind == "skill" and c.action == "scout" and c.default == "視力" for c in declare.choices)
    assert seen[StepId.HOLD_BACK].choices[0].options == ("c2", "c3", "c4")
    assert seen[StepId.CHOOSE].squares == ("C4", "D5", "B5")
    assert "upland_choose_leave" in seen[StepId.CHOOSE].commands  # at the gate


def test_player_view_hides_a_declared_hand_card_until_it_is_played() -> None:
    session = upland_session()
    give(session, "c1", "5H")
    lay(session, "E1", "9D")
    session.dispatch(DeclareAction(character="c1", action="vision", target="E1", card="5H"))
    seen = player_view(session.state).model_dump_json()
    assert "5H" not in seen and "9D" not in seen


def test_player_view_hides_the_face_down_replacement_of_a_heart() -> None:  # rule: EVT-4
    session = upland_session()
    lay(session, "C5", "5H")
    to_deck_top(session, "QD")
    to_events(session)
    session.dispatch(StartIncidents())
    session.dispatch(ResolveIncident(card="5H"))
    assert cycle_now(session.state) is not None and "QD" in cycle_now(session.state).events_done
    assert "QD" not in player_view(session.state).model_dump_json()


def test_undo_and_redo_of_a_procedure_step_restore_state_and_dice() -> None:
    # rule: DICE-2 — redo replays the step's recorded dice; a fresh step after an undo draws new dice
    session = upland_session()
    session.dispatch(DeclareAction(character="c1", action="prayer"))
    before = session.state
    step = session.dispatch(ResolveInvestigation()).entry
    after = session.state
    assert len(session.rolls) == 1
    session.undo()
    assert session.state == before and len(session.rolls) == 0  # the step's roll goes with it
    session.redo()
    assert session.state == after and session.rolls.records() == (step.events[0].record,)  # type: ignore[attr-defined]
    session.undo()
    again = session.dispatch(ResolveInvestigation()).entry
    first_dice = [e.dice.counter for e in step.events if hasattr(e, "dice")]
    new_dice = [e.dice.counter for e in again.events if hasattr(e, "dice")]
    assert min(new_dice) > max(first_dice)  # not the dice the table saw for the undone step


def test_old_saved_states_without_sheets_or_cycle_still_load() -> None:
    session = upland_session()
    data = json.loads(session.state.model_dump_json())
    data["slices"] = {}
    for character in data["characters"].values():
        character.pop("sheet")
    old = State.model_validate_json(json.dumps(data))
    assert cycle_now(old) is None and all(c.sheet is None for c in old.characters.values())
    assert State.model_validate_json(session.state.model_dump_json()) == session.state


def test_schema_1_states_load_with_the_cycle_moved_into_the_upland_slice() -> None:
    """Schema 1 kept the procedure in ``State.cycle`` and sheets had no ``kind``."""
    session = upland_session()
    data = json.loads(session.state.model_dump_json())
    data["schema_version"] = 1
    upland = data.pop("slices")["upland"]
    data["cycle"] = upland["cycle"]
    # schema 1 (and 2) kept the gate, the party token, the markers and the bone in the core state
    data |= {key: upland[key] for key in ("gate", "party", "markers", "bone")}
    for character in data["characters"].values():
        del character["sheet"]["kind"]
    old = State.model_validate_json(json.dumps(data))
    assert old == session.state
    assert cycle_now(old) is not None and cycle_now(old) == cycle_now(session.state)
