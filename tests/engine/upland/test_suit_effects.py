"""Suit rules not pinned elsewhere, each asserting the state after the event:
the way back past an obstacle the party reached by an interaction's move
(OBS-1), the ♦ raised after an overcome obstacle (OBS-4), and the interaction
effects applied to the state (INT-3)."""

from __future__ import annotations

from engine.core.session import Session
from engine.upland.bone import RevealBone
from engine.upland.chs_command_types import CheckObstacle, LeaveEncounter, PlayObstacleDiamond, ResolveInteraction
from engine.upland.commands import (
    ChooseMove,
    ChooseWait,
    EndCycle,
    MovePursuer,
    ResolveIncident,
    ResolveInvestigation,
    StartIncidents,
)
from engine.upland.diamond_commands import (
    ChooseTearSpirit,
    RollTreasure,
    SearchRemains,
    SummonTearSpirit,
    TearCombatRound,
)
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
    sheet_of,
    step,
    to_deck_top,
    upland_session,
)


# ---------------------------------------------------------------------------- OBS-1 after a ♥ move
def test_obs1_after_an_interaction_move_the_way_back_is_the_last_square_passed() -> None:  # rule: OBS-1, INT-3
    session = upland_session()
    lay(session, "C3", "8C")  # 崩れ道 on the destination
    lay(session, "C5", "4H")  # Dの渡し守: move(2) over C4 to C3
    to_deck_top(session, "7D", "2D")
    at_event(session)
    evs = events(session, ResolveInteraction(card="4H", effect="move", path=["C4", "C3"], dice=[1]))
    assert "交流ハートの4：Dの渡し守（1）— 移動（INT-1）。" in [e.describe("ja") for e in evs]
    rollers = [(c, "STR×3") for c in ("c1", "c2", "c3", "c4")]
    session.dispatch(CheckObstacle(card="8C", rollers=rollers, dice=[90, 90, 90, 90]))  # not overcome
    session.dispatch(EndCycle())
    session.dispatch(ResolveInvestigation())
    message = refuse(session, ChooseMove(square="C2"))
    assert "C4" in message.text("ja")
    refuse(session, ChooseMove(square="B3"))
    session.dispatch(ChooseMove(square="C4"))
    assert party_of(session.state) == "C4"


# ---------------------------------------------------------------------------- OBS-4 ♦ after an obstacle
def _overcome(session: Session, club: str = "8C") -> None:
    rollers = [(c, "STR×3") for c in ("c1", "c2", "c3", "c4")]
    session.dispatch(CheckObstacle(card=club, rollers=rollers, dice=[3, 3, 3, 90]))  # 2 + 2 + 2 of 3


def test_obs4_a_diamond_after_the_overcome_obstacle_raises_remains_and_a_treasure_capped_by_it() -> None:
    # rule: OBS-4, REM-1, TRS-1
    session = upland_session()
    lay(session, "C5", "8C")
    give(session, "c1", "6D", "9D")
    at_event(session)
    refuse(session, PlayObstacleDiamond(card="8C", holder="c1", diamond="6D"))  # not overcome yet
    _overcome(session)
    assert step(session) is StepId.END
    assert "upland_obstacle_diamond" in current_step(session.state).commands
    refuse(session, PlayObstacleDiamond(card="8C", holder="c1", diamond="9D"))  # stronger than the obstacle
    refuse(session, PlayObstacleDiamond(card="8C", holder="c2", diamond="6D"))  # not in ロイ's hand
    evs = events(session, PlayObstacleDiamond(card="8C", holder="c1", diamond="6D"))
    assert (
        "アイリンがクラブの8の克服後にダイヤの6を出しました：遺骨イベント。遺骨を発見すれば上限6で宝物表を判定します（OBS-4）。"
        in [e.describe("ja") for e in evs]
    )
    state = session.state
    assert state.squares["C5"] == ("6D", "8C") and state.card_flags("6D").face_up
    assert state.hands["c1"] == ("9D",) and step(session) is StepId.REMAINS
    session.dispatch(SearchRemains(searchers=["c2"], skills={"c2": "歌唱"}, dice=[10]))  # special: 2 remains
    assert sheet_of(session.state, "c2").remains == 2 and step(session) is StepId.TREASURE
    cycle = cycle_now(session.state)
    assert cycle is not None and cycle.diamonds.treasure is not None and cycle.diamonds.treasure.cap == 6
    session.dispatch(RollTreasure(dice=[2, 3]))  # rank 5 ≤ 6
    cycle = cycle_now(session.state)
    assert cycle is not None and [(t.card, t.rank) for t in cycle.diamonds.treasures] == [("6D", 5)]
    assert "6D" in session.state.discard and session.state.squares["C5"] == ("8C",) and step(session) is StepId.END
    refuse(session, PlayObstacleDiamond(card="8C", holder="c1", diamond="9D"))  # once per obstacle


def test_obs4_no_remains_found_no_treasure() -> None:  # rule: OBS-4
    session = upland_session()
    lay(session, "C5", "8C")
    give(session, "c2", "3D")
    at_event(session)
    _overcome(session)
    session.dispatch(PlayObstacleDiamond(card="8C", holder="c2", diamond="3D"))
    session.dispatch(SearchRemains(searchers=["c2"], skills={"c2": "歌唱"}, dice=[80]))
    cycle = cycle_now(session.state)
    assert cycle is not None and cycle.diamonds.treasures == () and step(session) is StepId.END
    assert "3D" in session.state.discard


def test_obs4_refused_after_a_failed_obstacle_and_not_offered() -> None:  # rule: OBS-4
    session = upland_session()
    lay(session, "C5", "8C")
    give(session, "c1", "6D", "5H")
    at_event(session)
    rollers = [(c, "STR×3") for c in ("c1", "c2", "c3", "c4")]
    session.dispatch(CheckObstacle(card="8C", rollers=rollers, dice=[90, 90, 90, 90]))  # failed
    message = refuse(session, PlayObstacleDiamond(card="8C", holder="c1", diamond="6D"))
    assert "OBS-4" in message.text("ja")
    assert "upland_obstacle_diamond" not in current_step(session.state).commands
    assert sorted(session.state.hands["c1"]) == ["5H", "6D"]


def test_obs4_after_the_crossing_the_diamond_raises_a_tear_spirit_and_repelling_it_gives_the_treasure() -> None:
    # rule: OBS-4, TEAR-3, TEAR-5
    session = upland_session()
    session.dispatch(RevealBone())
    lay(session, "C5", "8C")
    give(session, "c1", "2D")
    session.dispatch(ResolveInvestigation())
    session.dispatch(ChooseWait())
    session.dispatch(MovePursuer())
    session.dispatch(StartIncidents())
    _overcome(session)
    session.dispatch(PlayObstacleDiamond(card="8C", holder="c1", diamond="2D"))
    assert step(session) is StepId.TEAR_CHOICE
    session.dispatch(ChooseTearSpirit(mode="combat"))
    session.dispatch(SummonTearSpirit(summoners={"c1": "歌唱"}, dice=[1, 1]))  # critical: POW 2 + 1, Call 2
    session.dispatch(TearCombatRound(dice=[99, 10, 2, 50]))  # c1 hits for 2: Call 0; remains roll: success
    assert sheet_of(session.state, "c1").remains == 1 and step(session) is StepId.TREASURE
    cycle = cycle_now(session.state)
    assert cycle is not None and cycle.diamonds.treasure is not None and cycle.diamonds.treasure.cap == 2
    session.dispatch(RollTreasure(dice=[1, 1]))  # rank 2 ≤ 2: food
    cycle = cycle_now(session.state)
    assert cycle is not None and [(t.card, t.kind) for t in cycle.diamonds.treasures] == [("2D", "food")]
    assert "2D" in session.state.discard and step(session) is StepId.END


# ---------------------------------------------------------------------------- INT-3 effects applied
def test_int3_a_reinforcement_lowers_the_first_encounter_on_its_square_by_2_then_is_used_up() -> None:
    # rule: INT-3, ENC-11
    session = upland_session()  # 〈死祭り〉 4 × 30% → 6 deathless
    lay(session, "C5", "10H")  # サーター人の戦士団: reinforcement, value = the heart's number 10
    lay(session, "C4", "9S")
    to_deck_top(session, "2D")
    at_event(session)
    evs = events(session, ResolveInteraction(card="10H", effect="reinforcement", to="C4", dice=[2, 2]))
    assert any("援軍をC4に配置（効果値10）" in e.describe("ja") for e in evs)
    cycle = cycle_now(session.state)
    assert cycle is not None and cycle.reinforcements == {"C4": 10}
    assert session.state.squares["C4"] == ("10H", "9S") and session.state.card_flags("10H").tapped
    session.dispatch(EndCycle())
    session.dispatch(ResolveInvestigation())
    session.dispatch(ChooseMove(square="C4"))
    evs = events(session, StartIncidents())
    assert "C4の援軍：遭遇スペードの9の強度を9から7に下げます（効果値10、INT-3）。" in [e.describe("ja") for e in evs]
    cycle = cycle_now(session.state)
    assert cycle is not None and cycle.reinforcements == {} and cycle.lowered == {"9S": 7}
    assert current_step(session.state).counts["encounter_strength"] == 7
    give(session, "c1", "7C")  # ENC-11: clubs of 7 now get away from the lowered encounter
    session.dispatch(LeaveEncounter(card="9S", clubs={"c1": ("7C",)}, square="C3"))
    assert party_of(session.state) == "C3"


def test_int3_a_reinforcement_below_the_encounters_number_lowers_it_by_1() -> None:  # rule: INT-3
    session = upland_session()
    lay(session, "C5", "5H")  # Dの戦士団: reinforcement, value = the number appearing
    lay(session, "C4", "9S")
    to_deck_top(session, "2D")
    at_event(session)
    session.dispatch(ResolveInteraction(card="5H", effect="reinforcement", to="C4", dice=[1]))  # 1D6+2 = 3
    cycle = cycle_now(session.state)
    assert cycle is not None and cycle.reinforcements == {"C4": 3}
    session.dispatch(EndCycle())
    session.dispatch(ResolveInvestigation())
    session.dispatch(ChooseMove(square="C4"))
    session.dispatch(StartIncidents())
    cycle = cycle_now(session.state)
    assert cycle is not None and cycle.lowered == {"9S": 8}


def test_int3_a_defence_ignores_encounters_up_to_its_level_while_the_party_stays() -> None:  # rule: INT-3
    session = upland_session()
    lay(session, "C5", "10H")  # サーター人の戦士団: defence, the GM names the threat level
    to_deck_top(session, "9S")  # the heart's face-down replacement
    at_event(session)
    refuse(session, ResolveInteraction(card="10H", effect="defence", dice=[2, 2]))  # no level
    session.dispatch(ResolveInteraction(card="10H", effect="defence", level=9, dice=[2, 2]))
    cycle = cycle_now(session.state)
    assert cycle is not None and cycle.defence == ("C5", 9) and session.state.squares["C5"] == ("9S",)
    session.dispatch(EndCycle())
    at_event(session)  # the party waits on C5: the ♠9 comes up and is ignored
    info = current_step(session.state)
    assert info.incident is not None and info.incident.card == "9S" and info.incident.active is False
    assert "upland_end_encounter" not in info.commands
    told = [e.describe("ja") for entry in session.done for e in entry.events]
    assert "C5の防衛：遭遇スペードの9（強度9、防衛9以下）を無視します（INT-3）。" in told
    session.dispatch(ResolveIncident(card="9S", outcome="left"))
    session.dispatch(EndCycle())
    session.dispatch(ResolveInvestigation())
    session.dispatch(ChooseMove(square="C4"))
    cycle = cycle_now(session.state)
    assert cycle is not None and cycle.defence is None  # gone once the party moves


def test_int3_a_scout_effect_replaces_the_scout_roll_on_a_square_next_to_the_party() -> None:  # rule: INT-3, INV-6
    session = upland_session()
    lay(session, "C5", "QH")  # エルフ: scout
    to_deck_top(session, "2D", "7S")  # the heart's replacement, then the scouted blank square's card
    at_event(session)
    refuse(session, ResolveInteraction(card="QH", effect="scout", to="B4", dice=[2]))  # diagonal
    evs = events(session, ResolveInteraction(card="QH", effect="scout", to="C4", character="c2", dice=[2]))
    state = session.state
    assert state.squares["C4"] == ("7S",) and not state.card_flags("7S").face_up  # success: the suit is told
    learned = of_type(evs, "upland_suit_learned")
    assert [(x.character, x.square, x.card) for x in learned] == [("c2", "C4", "7S")]
    assert state.squares["C5"] == ("2D",) and "QH" in state.discard


def test_int3_a_scout_effect_at_special_opens_the_card() -> None:  # rule: INT-3, INV-6
    session = upland_session(options={"heart_scout_level": "special"})
    lay(session, "C5", "QH")
    lay(session, "C4", "8C")
    at_event(session)
    session.dispatch(ResolveInteraction(card="QH", effect="scout", to="C4", dice=[1]))
    assert session.state.card_flags("8C").face_up
    refuse_open = upland_session()
    lay(refuse_open, "C5", "QH")
    lay(refuse_open, "C4", "8C", face_up=True)
    at_event(refuse_open)
    message = refuse(refuse_open, ResolveInteraction(card="QH", effect="scout", to="C4", dice=[1]))
    assert "INT-3" in message.text("ja")


def _next_event_phase(session: Session) -> list[str]:
    session.dispatch(EndCycle())
    session.dispatch(ResolveInvestigation())
    session.dispatch(ChooseWait())
    return [e.describe("ja") for e in events(session, StartIncidents())]


def test_int3_lodging_passes_the_stay_without_events_until_the_villagers_turn() -> None:  # rule: INT-3
    session = upland_session()
    lay(session, "C5", "7H")  # 隠れ里: lodging
    to_deck_top(session, "9S")  # the heart's replacement: an encounter waiting on the square
    at_event(session)
    refuse(session, ResolveInteraction(card="7H", effect="lodging", dice=[3, 1]))  # no stay said
    session.dispatch(ResolveInteraction(card="7H", effect="lodging", stay=6, dice=[3, 1]))  # 1D8 3; D20 1 + 4 = 5
    cycle = cycle_now(session.state)
    assert cycle is not None and cycle.lodging is not None
    assert (cycle.lodging.square, cycle.lodging.hours, cycle.lodging.attack_at) == ("C5", 6, 5)
    for hour in (1, 2, 3, 4):
        told = _next_event_phase(session)
        assert f"C5の隠れ里で滞在{hour}／6時間目：イベントは起きません（INT-3）。" in told
        assert step(session) is StepId.END and not session.state.card_flags("9S").face_up
    told = _next_event_phase(session)  # hour 5: the villagers turn
    assert any(line.startswith("C5の隠れ里、5時間目：里人が") and "消滅" in line for line in told)
    cycle = cycle_now(session.state)
    assert cycle is not None and cycle.lodging is None and step(session) is StepId.END
    _next_event_phase(session)  # the next cycle: events as usual
    info = current_step(session.state)
    assert info.incident is not None and info.incident.card == "9S" and session.state.card_flags("9S").face_up


def test_int3_a_short_stay_ends_before_the_villagers_turn_and_leaving_ends_it() -> None:  # rule: INT-3
    session = upland_session()
    lay(session, "C5", "7H")
    to_deck_top(session, "2D")
    at_event(session)
    session.dispatch(ResolveInteraction(card="7H", effect="lodging", stay=1, dice=[3, 10]))  # attack at hour 14
    _next_event_phase(session)
    cycle = cycle_now(session.state)
    assert cycle is not None and cycle.lodging is None  # the one hour passed
    other = upland_session()
    lay(other, "C5", "7H")
    at_event(other)
    other.dispatch(ResolveInteraction(card="7H", effect="lodging", stay=8, dice=[3, 10]))
    other.dispatch(EndCycle())
    other.dispatch(ResolveInvestigation())
    other.dispatch(ChooseMove(square="C4"))
    cycle = cycle_now(other.state)
    assert cycle is not None and cycle.lodging is None


# ---------------------------------------------------------------------------- OBS-6 rows with rules of their own
def _rows_session(card: str, **skills: int) -> Session:
    sheets = {c: sheet(skills={name: Skill(value=v) for name, v in skills.items()}) for c in ("c1", "c2", "c3", "c4")}
    session = upland_session(sheets=sheets)
    lay(session, "C5", card)
    at_event(session)
    return session


def test_obs6_the_trap_found_then_disarmed_with_20_percent_per_search_degree() -> None:  # rule: OBS-6
    session = _rows_session("2C", 捜索=50, 修理=10)
    rollers = [("c1", "捜索"), ("c2", "捜索"), ("c3", None), ("c4", "修理")]
    refuse(session, CheckObstacle(card="2C", rollers=rollers[:3], dice=[10, 30]))  # nobody to disarm it
    evs = events(session, CheckObstacle(card="2C", rollers=rollers, dice=[10, 30, 60]))  # 2 + 1; 修理 10 + 60
    checked = of_type(evs, "upland_obstacle_checked")[0]
    assert (checked.total, checked.passed, checked.sprung_ja) == (3, True, None)
    assert session.state.card_flags("2C").tapped and step(session) is StepId.END


def test_obs6_a_trap_not_found_springs_its_d6_row_and_stands() -> None:  # rule: OBS-6
    session = _rows_session("2C", 捜索=50, 修理=10)
    rollers = [("c1", "捜索"), ("c2", "捜索"), ("c4", "修理")]
    evs = events(session, CheckObstacle(card="2C", rollers=rollers, dice=[90, 90, 4]))  # 0: sprung; D6 4
    checked = of_type(evs, "upland_obstacle_checked")[0]
    assert (checked.total, checked.passed, checked.sprung_ja) == (0, False, "毒矢")
    assert "罠が発動：毒矢（効果はGMが裁定、OBS-6）。" in checked.describe("ja")
    assert not session.state.card_flags("2C").tapped and session.state.card_flags("2C").face_up


def test_obs6_the_crevasse_with_a_rope_and_the_fall_without() -> None:  # rule: OBS-6
    session = _rows_session("9C", ジャンプ=50)
    rollers = [(c, "ジャンプ") for c in ("c1", "c2", "c3", "c4")]
    session.dispatch(
        CheckObstacle(card="9C", rollers=rollers, rope=True, dice=[30])
    )  # c1 jumps; the rope does the rest
    assert session.state.card_flags("9C").tapped
    assert [fatigue(session.state, c) for c in ("c1", "c2", "c3", "c4")] == [0, 3, 3, 3]  # +1 each (thirds)
    other = _rows_session("9C", ジャンプ=50)
    other.dispatch(CheckObstacle(card="9C", rollers=rollers[:1], dice=[90, 3, 4]))  # a failed jump: 2D6 = 7
    assert sheet_of(other.state, "c1").hp == 10 - 7 and not other.state.card_flags("9C").tapped


def test_obs6_the_river_with_a_rope_gives_the_second_swimmer_70_percent() -> None:  # rule: OBS-6
    session = _rows_session("JC", 泳ぎ=20)
    rollers = [("c1", "泳ぎ"), ("c2", "泳ぎ"), ("c3", "泳ぎ"), ("c4", "泳ぎ")]
    evs = events(session, CheckObstacle(card="JC", rollers=rollers, rope=True, dice=[15, 80, 85, 50]))
    checked = of_type(evs, "upland_obstacle_checked")[0]
    assert checked.degrees == {"c1": 1, "c2": 1, "c3": 1, "c4": 1} and checked.passed  # 20 + 70 for c2 … c4
    other = _rows_session("JC", 泳ぎ=20)
    evs = events(other, CheckObstacle(card="JC", rollers=rollers, dice=[15, 80, 85, 50]))
    assert of_type(evs, "upland_obstacle_checked")[0].degrees == {"c1": 1, "c2": 0, "c3": 0, "c4": 0}


def test_obs6_the_old_boat_at_twice_the_requirement_carries_the_party_on() -> None:  # rule: OBS-6
    session = _rows_session("QC", 操船=95)
    to_deck_top(session, "3D")  # C4 is blank: its events begin with the deck's top (EVT-1)
    rollers = [(c, "操船") for c in ("c1", "c2", "c3", "c4")]
    evs = events(session, CheckObstacle(card="QC", rollers=rollers, to="C4", dice=[1, 1, 1, 1]))  # 4 × 3 = 12 ≥ 8
    checked = of_type(evs, "upland_obstacle_checked")[0]
    assert checked.total == 12 and checked.need == 4 and checked.carried_to == "C4"
    state = session.state
    assert party_of(state) == "C4" and state.card_flags("QC").tapped and state.squares["C4"] == ("3D",)
    assert step(session) is StepId.REMAINS  # the destination's event follows
    assert [fatigue(state, c) for c in ("c1", "c2", "c3", "c4")] == [0, 0, 0, 0]


def test_obs6_a_labyrinth_fumble_moves_the_party_to_a_random_square() -> None:  # rule: OBS-6
    session = _rows_session("KC", 浄化=50)
    to_deck_top(session, "4D")
    evs = events(
        session, CheckObstacle(card="KC", rollers=[("c1", "浄化")], pow_total=5, dice=[100, 2, 1, 2])
    )  # fumble: −1D6 = 2; random 1D5 = 1 (A), 1D5 = 2
    checked = of_type(evs, "upland_obstacle_checked")[0]
    assert checked.carried_to == "A2" and not checked.passed
    assert party_of(session.state) == "A2" and session.state.card_flags("KC").face_up
    assert "迷宮でファンブル：探索隊はランダムなスクエアA2に移動します（OBS-6）。" in checked.describe("ja")
