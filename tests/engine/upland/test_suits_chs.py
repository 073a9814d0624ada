"""The ♣ ♥ ♠ suit events run by the stepper: obstacles (OBS-*),
interactions (INT-*), encounters (ENC-1, ENC-10, ENC-11).  Each test asserts
the state after the event."""

from __future__ import annotations

from engine.core.session import Session
from engine.table.commands import MoveCard
from engine.table.places import DECK, DISCARD
from engine.upland.chs_command_types import (
    CheckObstacle,
    EndEncounter,
    LeaveEncounter,
    OvercomeObstacle,
    ResolveInteraction,
)
from engine.upland.commands import (
    ChooseMove,
    ChooseWait,
    EndCycle,
    ResolveInvestigation,
    StartIncidents,
)
from engine.upland.encounter import encounter_triggers, spade_total
from engine.upland.facts import deathless
from engine.upland.interaction import interaction_table
from engine.upland.obstacle_table import labyrinth_need, load_units, obstacle_table
from engine.upland.procedure import StepId
from engine.upland.sheet import Skill
from engine.upland.slice import cycle_now, party_of
from engine.upland.stepper import current_step
from tests.engine.upland_support import (
    at_event,
    events,
    fatigue,
    give,
    lay,
    of_type,
    refuse,
    sheet,
    step,
    to_deck_top,
    upland_session,
)


# ---------------------------------------------------------------------------- ♣ obstacles
def test_obs5_a_simultaneous_check_sums_the_degrees_and_success_taps_the_card() -> None:  # rule: OBS-5
    session = upland_session()
    lay(session, "C5", "10C")
    at_event(session)
    info = current_step(session.state)
    assert "upland_check_obstacle" in info.commands and "OBS-5" in info.rules
    rollers = [("c1", "視力"), ("c2", "視力"), ("c3", "視力"), ("c4", None)]
    evs = events(session, CheckObstacle(card="10C", rollers=rollers, dice=[10, 30, 90]))  # special 2 + success 1
    checked = of_type(evs, "upland_obstacle_checked")[0]
    assert (checked.total, checked.need, checked.passed) == (3, 3, True)
    assert session.state.card_flags("10C").tapped and step(session) is StepId.END
    assert [fatigue(session.state, c) for c in ("c1", "c2", "c3", "c4")] == [0, 0, 0, 0]
    assert "克服" in checked.describe("ja") and "OBS-1" in checked.describe("en")


def test_obs2_summed_failure_costs_everyone_one_fatigue_and_obs1_the_card_stands() -> None:  # rule: OBS-2, OBS-1
    session = upland_session()
    lay(session, "C5", "10C")
    at_event(session)
    rollers = [("c1", "視力"), ("c2", "視力"), ("c3", "視力"), ("c4", "視力")]
    session.dispatch(CheckObstacle(card="10C", rollers=rollers, dice=[30, 90, 80, 70]))  # 1 of 3: 深い霧 [積算失敗-1]
    assert not session.state.card_flags("10C").tapped and session.state.card_flags("10C").face_up
    assert [fatigue(session.state, c) for c in ("c1", "c2", "c3", "c4")] == [3, 3, 3, 3]


def test_obs2_a_fumble_counts_minus_1d6_and_each_failed_roller_pays_one_fatigue() -> None:  # rule: OBS-2
    session = upland_session()
    lay(session, "C5", "8C")  # 崩れ道 [土木、STR×３][同時判定][成功度：３][失敗-1]
    at_event(session)
    rollers = [("c1", "STR×3"), ("c2", "STR×3"), ("c3", "STR×3"), ("c4", "STR×3")]  # STR 12: 36%
    evs = events(
        session, CheckObstacle(card="8C", rollers=rollers, dice=[100, 3, 3, 3, 4])
    )  # fumble, then 1D6 = 4: −4; then 2+2+2
    checked = of_type(evs, "upland_obstacle_checked")[0]
    assert checked.degrees == {"c1": -4, "c2": 2, "c3": 2, "c4": 2} and checked.total == 2 and not checked.passed
    assert fatigue(session.state, "c1") == 3 and fatigue(session.state, "c2") == 0


def test_obs5_one_at_a_time_rolling_stops_once_the_requirement_is_met() -> None:  # rule: OBS-5, OBS-6
    sheets = {c: sheet(skills={"登はん": Skill(value=90)}) for c in ("c1", "c2", "c3", "c4")}
    session = upland_session(sheets=sheets)
    lay(session, "C5", "6C")  # 崖: need party 4 + load 0
    at_event(session)
    rollers = [("c1", "登はん"), ("c2", "登はん"), ("c3", "登はん"), ("c1", "登はん")]
    evs = events(session, CheckObstacle(card="6C", rollers=rollers, dice=[10, 10]))  # two specials: 4, stop
    checked = of_type(evs, "upland_obstacle_checked")[0]
    assert (checked.total, checked.need, checked.passed) == (4, 4, True)
    assert len(of_type(evs, "upland_check")) == 2 and session.state.card_flags("6C").tapped
    refuse(session, CheckObstacle(card="6C", rollers=[("c1", "登はん")]))  # no longer due


def test_obs2_only_a_simultaneous_check_can_be_declined_and_the_skill_must_be_the_rows() -> None:  # rule: OBS-2
    session = upland_session()
    lay(session, "C5", "6C")
    at_event(session)
    refuse(session, CheckObstacle(card="6C", rollers=[("c1", None)]))
    message = refuse(session, CheckObstacle(card="6C", rollers=[("c1", "視力")]))
    assert "登はん" in message.text("ja")


def test_obs4_a_heart_of_at_least_the_obstacles_strength_overcomes_it() -> None:  # rule: OBS-4
    session = upland_session()
    lay(session, "C5", "8C")
    give(session, "c1", "5H", "9H")
    at_event(session)
    refuse(session, OvercomeObstacle(card="8C", hearts={"c1": ("5H",)}))
    session.dispatch(OvercomeObstacle(card="8C", hearts={"c1": ("9H",)}))
    assert session.state.card_flags("8C").tapped and session.state.discard[0] == "9H"
    assert session.state.hands["c1"] == ("5H",) and step(session) is StepId.END


def test_obs3_the_obstacle_table_has_every_row_with_its_tags() -> None:  # rule: OBS-3, OBS-6
    table = obstacle_table()
    assert [r.strength for r in table.rows] == list(range(2, 14))
    assert table.row(2).sub_table == ("落とし沼", "落石", "増水", "毒矢", "有毒ガス", "敵襲")
    fog = table.row(10)
    assert (fog.simultaneous, fog.need_value, fog.summed_fail_fatigue, fog.bonus_skill) == (
        True,
        3,
        True,
        "アップランド湿原知識",
    )
    assert table.row(9).need == "everyone" and table.row(11).need == "party_sleds" and table.row(6).fail_fatigue
    assert [labyrinth_need(t) for t in (-5, -1, 0, 9, 10, 19, 20)] == [3, 3, 2, 2, 1, 1, 0]
    assert load_units(12, 12, 40) == 2 and load_units(12, 12, 31) == 0


def test_obs6_the_cliff_needs_party_size_plus_load_and_the_labyrinth_its_pow_total() -> None:  # rule: OBS-6
    session = upland_session(sheets={"c1": sheet(moving_weight=40)})  # 16 above STR+CON: load 2
    lay(session, "C5", "6C")
    at_event(session)
    evs = events(session, CheckObstacle(card="6C", rollers=[("c1", "登はん")], dice=[1]))  # 登はん 0%: 01 critical
    assert of_type(evs, "upland_obstacle_checked")[0].need == 6
    session = upland_session()
    lay(session, "C5", "KC")
    at_event(session)
    refuse(session, CheckObstacle(card="KC", rollers=[("c1", "浄化")]))  # the requirement is missing
    evs = events(session, CheckObstacle(card="KC", rollers=[("c1", "浄化")], pow_total=25, dice=[50]))
    checked = of_type(evs, "upland_obstacle_checked")[0]
    assert (checked.need, checked.passed) == (0, True) and session.state.card_flags("KC").tapped


def test_obs1_a_failed_check_then_only_the_way_back() -> None:  # rule: OBS-1
    session = upland_session()
    lay(session, "C4", "4C")
    session.dispatch(ResolveInvestigation())
    session.dispatch(ChooseMove(square="C4"))
    session.dispatch(StartIncidents())
    session.dispatch(
        CheckObstacle(card="4C", rollers=[(c, "INT×3") for c in ("c1", "c2", "c3", "c4")], dice=[90, 90, 90, 90])
    )
    session.dispatch(EndCycle())
    session.dispatch(ResolveInvestigation())
    refuse(session, ChooseMove(square="B4"))
    session.dispatch(ChooseMove(square="C5"))
    assert party_of(session.state) == "C5"


# ---------------------------------------------------------------------------- ♥ interactions
def test_int3_move_n_opens_a_card_on_each_square_passed_and_the_destination_events_follow() -> None:  # rule: INT-3
    session = upland_session()
    lay(session, "C5", "2C")  # under the heart: skipped
    lay(session, "C5", "4H")  # Dの渡し守: move(2)
    to_deck_top(session, "7D", "8D", "9D")
    at_event(session)
    info = current_step(session.state)
    assert info.choices[0].options == ("removed",) and "upland_resolve_interaction" in info.commands
    before = [fatigue(session.state, c) for c in ("c1", "c2", "c3", "c4")]
    session.dispatch(ResolveInteraction(card="4H", effect="move", path=["C4", "C3"], dice=[2]))
    state = session.state
    assert party_of(state) == "C3" and state.discard[0] == "4H"
    assert state.squares["C5"] == ("7D", "2C") and not state.card_flags("7D").face_up  # EVT-4 replacement
    assert state.squares["C4"] == ("8D",) and state.card_flags("8D").face_up  # passed: opened
    assert state.squares["C3"] == ("9D",) and current_step(state).cards == ("9D",)  # EVT-1 there, events go on
    assert [fatigue(state, c) for c in ("c1", "c2", "c3", "c4")] == before  # no time, no fatigue
    assert not state.card_flags("2C").face_up


def test_int3_reinforcement_taps_the_heart_onto_an_adjacent_square_and_evt4_replaces_it() -> None:  # rule: INT-3, EVT-4
    session = upland_session()
    lay(session, "C5", "5H")
    to_deck_top(session, "7D")
    at_event(session)
    evs = events(session, ResolveInteraction(card="5H", effect="reinforcement", to="B5", dice=[3]))
    state = session.state
    assert state.squares["B5"] == ("5H",) and state.card_flags("5H").tapped
    assert state.squares["C5"] == ("7D",) and not state.card_flags("7D").face_up
    applied = of_type(evs, "upland_interaction_applied")[0]
    assert (applied.count, applied.counterpart_ja) == (5, "Dの戦士団")  # 1D6+2 with a 3


def test_int1_trade_rolls_the_count_logs_the_condition_and_spends_the_heart() -> None:  # rule: INT-1, INT-4
    session = upland_session()
    lay(session, "C5", "3H")
    at_event(session)
    evs = events(session, ResolveInteraction(card="3H", effect="trade", dice=[2]))
    applied = of_type(evs, "upland_interaction_applied")[0]
    assert (applied.count, applied.note) == (2, "食料10L")
    assert session.state.discard[0] == "3H" and len(session.state.squares["C5"]) == 1
    assert step(session) is StepId.END
    refuse_session = upland_session()
    lay(refuse_session, "C5", "3H")
    at_event(refuse_session)
    refuse(refuse_session, ResolveInteraction(card="3H", effect="lodging"))  # not this row's (INT-1)


def test_int2_rows_with_hostile_cannot_be_settled_and_combat_is_the_gms() -> None:  # rule: INT-2
    table = interaction_table()
    assert table.row(6).hostile() and table.row(9).hostile() and table.row(13).hostile()
    assert not table.row(5).hostile()
    session = upland_session()
    lay(session, "C5", "9H")
    at_event(session)
    evs = events(session, ResolveInteraction(card="9H", effect="combat", note="条件を拒否", dice=[2, 3]))
    assert of_type(evs, "upland_interaction_applied")[0].count == 7  # 2D4+2
    assert session.state.discard[0] == "9H"


def test_int5_the_rows_are_data_with_kinds_counts_and_moves() -> None:  # rule: INT-5, INT-4
    table = interaction_table()
    assert [r.number for r in table.rows] == list(range(2, 14))
    assert [(e.kind, e.n) for e in table.row(4).effects] == [("move", 2)]
    assert table.row(13).count == ("1D3", "2D6-1")
    assert [g.ja for g in table.goods] == ["毒消し (茨)", "毒消し (ガス)", "妖精粉", "茸玉", "狂水", "謎肉"]
    assert (table.spirit_magic.max_mp, table.spirit_magic.lunars_per_mp) == (10, 10)


def test_evt4_an_interaction_is_cancelled_only_by_a_named_card_effect() -> None:  # rule: EVT-4
    session = upland_session()
    lay(session, "C5", "7H")
    at_event(session)
    refuse(session, ResolveInteraction(card="7H", effect="cancelled"))
    session.dispatch(ResolveInteraction(card="7H", effect="cancelled", note="《偽装》"))
    assert session.state.squares["C5"] == ("7H",) and step(session) is StepId.END


# ---------------------------------------------------------------------------- ♠ encounters
def test_enc1_the_seeds_worked_example() -> None:  # rule: ENC-1
    sheets = {
        "c1": sheet(death_rite=60),
        "c2": sheet(death_rite=60),
        "c3": sheet(death_rite=60),
        "c4": sheet(death_rite=51),
    }
    session = upland_session(sheets=sheets)
    assert deathless(session.state) == 11  # 231% → 11
    lay(session, "A1", "4S", face_up=True)
    lay(session, "E1", "6S", face_up=True)
    assert (spade_total(session.state), encounter_triggers(session.state)) == (10, None)
    lay(session, "A3", "3S", face_up=True)  # ♠3 opens: 13 > 11
    assert (spade_total(session.state), encounter_triggers(session.state)) == (13, "6S")


def test_enc1_a_total_equal_to_the_deathless_points_triggers_nothing() -> None:  # rule: ENC-1
    session = upland_session(sheets={c: sheet(death_rite=50) for c in ("c1", "c2", "c3", "c4")})  # 200% → 10
    lay(session, "A1", "4S", face_up=True)
    lay(session, "E1", "6S", face_up=True)
    assert encounter_triggers(session.state) is None
    lay(session, "A3", "AS", face_up=True)
    assert encounter_triggers(session.state) == "6S"


def _spade_due() -> Session:
    session = upland_session()  # 〈死祭り〉 4 × 30% → 6 deathless
    lay(session, "C5", "8C")
    lay(session, "C5", "9S")
    at_event(session)
    info = current_step(session.state)
    assert info.incident is not None and info.incident.active is True
    assert {"open_battle", "roll_appearance", "upland_end_encounter"} <= set(info.commands)
    return session


def test_enc10_an_escape_ends_the_event_phase_and_the_next_cycle_moves_toward_the_side() -> None:  # rule: ENC-10
    session = _spade_due()
    session.dispatch(MoveCard(card="KD", to=DECK, index=0))
    lay(session, "C4", "3D", face_up=True)  # scouted already: a deck card is stacked on it anyway
    session.dispatch(EndEncounter(card="9S", outcome="escaped", side="north"))
    state = session.state
    assert step(session) is StepId.END and not state.card_flags("8C").face_up  # the club raised nothing
    assert state.card_flags("9S").face_up and state.squares["C5"][0] == "9S"
    session.dispatch(EndCycle())
    assert step(session) is StepId.CHOOSE  # the time phase, no investigation
    assert current_step(session.state).choices[0].options == ("C4",)  # the move is decided
    refuse(session, ChooseWait())
    message = refuse(session, ChooseMove(square="D5"))
    assert "ENC-10" in message.text("ja")
    session.dispatch(ChooseMove(square="C4"))
    state = session.state
    assert party_of(state) == "C4" and state.squares["C4"] == ("KD", "3D") and not state.card_flags("KD").face_up
    assert cycle_now(state).escape_to is None  # type: ignore[union-attr]


def test_enc10_an_escape_needs_a_side_when_no_battle_board_counts_one() -> None:  # rule: ENC-10
    session = _spade_due()
    message = refuse(session, EndEncounter(card="9S", outcome="escaped"))
    assert "ENC-10" in message.text("ja")
    refuse(session, EndEncounter(card="9S", outcome="escaped", side="south"))  # off the map (C5 is the bottom)


def test_enc10_a_defeated_enemy_removes_the_spade_and_the_events_go_on() -> None:  # rule: ENC-10, TRS-1
    from engine.upland.diamond_commands import RollTreasure

    session = _spade_due()
    session.dispatch(EndEncounter(card="9S", outcome="defeated"))
    assert step(session) is StepId.TREASURE  # the enemy eliminated: its treasure comes up first
    session.dispatch(RollTreasure())
    assert session.state.discard[0] == "9S" and current_step(session.state).cards == ("8C",)


def test_enc11_clubs_adding_up_to_the_encounter_strength_move_the_party_away() -> None:  # rule: ENC-11
    session = _spade_due()
    give(session, "c1", "4C")
    give(session, "c2", "5C", "2C")
    refuse(session, LeaveEncounter(card="9S", clubs={"c1": ("4C",), "c2": ("2C",)}, square="C4"))  # 6 < 9
    session.dispatch(LeaveEncounter(card="9S", clubs={"c1": ("4C",), "c2": ("5C",)}, square="C4"))
    state = session.state
    assert party_of(state) == "C4" and state.squares["C5"][0] == "9S" and state.card_flags("9S").face_up  # it stays
    assert set(state.discard[:2]) == {"4C", "5C"} and state.hands["c2"] == ("2C",)
    assert step(session) is StepId.END and not state.card_flags("8C").face_up


def test_enc10_the_escape_side_is_the_one_most_characters_left_the_battle_board_by() -> None:  # rule: ENC-10
    from engine.hexbattle.commands import LeaveBattle, MoveToken, OpenBattle
    from engine.hexbattle.model import Join, spot
    from engine.upland.encounter_commands import LayOutZones, PlaceMarchingOrder

    session = _spade_due()
    session.dispatch(OpenBattle(map1="marsh-mud-flats", map2="marsh-reed-beds", join=Join(side="east")))
    session.dispatch(LayOutZones())
    session.dispatch(PlaceMarchingOrder())
    assert step(session) is StepId.INCIDENT_RESOLVE  # the battle board works inside the event step
    refuse(session, EndEncounter(card="9S", outcome="escaped"))  # nobody has left yet
    for index, cid in enumerate(("c1", "c2", "c3", "c4")):
        session.dispatch(MoveToken(token=f"pc-{cid}", to=spot(f"1:A{4 + index}"), free=True))
        session.dispatch(LeaveBattle(token=f"pc-{cid}"))
    session.dispatch(EndEncounter(card="9S", outcome="escaped"))
    cycle = cycle_now(session.state)
    assert cycle is not None and cycle.escape_to == "B5" and cycle.step is StepId.END  # west of C5


def clear_and_lay(session: Session, card: str) -> None:
    """A new heart alone on C5 (the last one's replacement moved to the discard)."""
    for code in session.state.squares.get("C5", ()):
        session.dispatch(MoveCard(card=code, to=DISCARD))
    session.dispatch(MoveCard(card=card, to=DECK, index=0))
    lay(session, "C5", card)


def test_int2_a_beaten_group_comes_back_doubled_for_combat_or_not_at_all_on_the_minimum() -> None:  # rule: INT-2
    session = upland_session()
    lay(session, "C5", "3H")
    at_event(session)
    session.dispatch(ResolveInteraction(card="3H", effect="combat", won=True, dice=[2]))
    assert cycle_now(session.state).beaten_interactions == (3,)  # type: ignore[union-attr]
    session.dispatch(EndCycle())
    clear_and_lay(session, "3H")
    at_event(session)
    refuse(session, ResolveInteraction(card="3H", effect="trade", dice=[2]))  # only combat now
    evs = events(session, ResolveInteraction(card="3H", effect="combat", dice=[2]))  # 1D3 = 2 → 4
    assert of_type(evs, "upland_interaction_applied")[0].count == 4
    session.dispatch(EndCycle())
    clear_and_lay(session, "3H")
    at_event(session)
    evs = events(session, ResolveInteraction(card="3H", effect="combat", dice=[1]))  # the minimum: nobody
    applied = of_type(evs, "upland_interaction_applied")[0]
    assert (applied.count, applied.effect) == (0, "none") and session.state.discard[0] == "3H"
