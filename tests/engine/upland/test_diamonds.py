"""The ♦ events run by the stepper: treasure (TRS), remains (REM), tear
spirits (TEAR) and the lingering bone (BONE).  Every roll is typed (DICE-2), so
each test states the dice and asserts the state they lead to."""

from __future__ import annotations

import pytest

from engine.core.session import Session
from engine.core.state import State
from engine.errors import EngineError
from engine.upland.bone import RevealBone
from engine.upland.commands import (
    ChooseMove,
    ChooseWait,
    DeclareAction,
    MovePursuer,
    ResolveInvestigation,
    StartIncidents,
)
from engine.upland.diamond_commands import (
    AcceptTearSpirit,
    ChooseTearSpirit,
    OpenTreasure,
    RollTreasure,
    SearchRemains,
    SummonTearSpirit,
    TearCombatRound,
)
from engine.upland.diamond_state import DiamondState
from engine.upland.procedure import StepId
from engine.upland.slice import cycle_now
from engine.upland.stepper import current_step
from engine.upland.tear_spirit import level_call
from engine.upland.treasure import treasure_rank, treasure_row
from tests.engine.upland_support import (
    events,
    fatigue,
    give,
    lay,
    of_type,
    place,
    sheet,
    sheet_of,
    to_deck_top,
    upland_session,
)


def step(session: Session) -> StepId:
    cycle = cycle_now(session.state)
    assert cycle is not None
    return cycle.step


def diamonds(state: State) -> DiamondState:
    cycle = cycle_now(state)
    assert cycle is not None
    return cycle.diamonds


def at_event(card: str, crossed: bool = False, **kwargs: object) -> Session:
    """The party on C5 with ``card`` as its only map card, at that card's first stage."""
    session = upland_session(**kwargs)  # type: ignore[arg-type]
    if crossed:
        session.dispatch(RevealBone())
    lay(session, "C5", card)
    session.dispatch(ResolveInvestigation())
    session.dispatch(ChooseWait())
    if crossed:
        session.dispatch(MovePursuer())
    session.dispatch(StartIncidents())
    return session


# -- remains (♦ before the crossing) ----------------------------------------------
def test_rem1_searchers_pay_fatigue_and_finds_stop_at_the_card_strength() -> None:
    session = at_event("4D")
    assert step(session) is StepId.REMAINS
    # 歌唱 60: 1 critical (×3), 10 special (×2), 50 success (×1) — the cap 4 stops at 3 + 1
    session.dispatch(SearchRemains(searchers=["c1", "c2", "c3"], dice=[1, 10, 50]))
    state = session.state
    assert [sheet_of(state, c).remains for c in ("c1", "c2", "c3", "c4")] == [3, 1, 0, 0]
    assert [sheet_of(state, c).death_rite for c in ("c1", "c2", "c3", "c4")] == [33, 31, 30, 30]  # rule: REM-2
    assert [fatigue(state, c) for c in ("c1", "c2", "c3", "c4")] == [3, 3, 3, 0]
    assert place(state, "4D").zone.value == "discard"
    assert step(session) is StepId.END


def test_rem1_a_heart_replaces_the_searchers_roll() -> None:
    session = at_event("7D")
    give(session, "c2", "5H")
    session.dispatch(SearchRemains(searchers=["c1", "c2"], hearts={"c2": "5H"}, dice=[80]))
    state = session.state
    assert sheet_of(state, "c2").remains == 1 and sheet_of(state, "c1").remains == 0  # heart = success
    assert place(state, "5H").zone.value == "discard" and fatigue(state, "c2") == 3


def test_rem1_nobody_searching_leaves_the_diamond_face_up() -> None:
    session = at_event("7D")
    session.dispatch(SearchRemains(searchers=[]))
    assert session.state.squares["C5"] == ("7D",) and session.state.card_flags("7D").face_up
    assert step(session) is StepId.END and fatigue(session.state, "c1") == 0


def test_rem2_a_fumble_raises_the_tear_spirit_of_the_same_card_after_the_finds() -> None:
    session = at_event("7D")
    session.dispatch(SearchRemains(searchers=["c1", "c2"], dice=[100, 50]))
    state = session.state
    assert sheet_of(state, "c2").remains == 1
    tear = diamonds(state).tear
    assert tear is not None and (tear.card, tear.call, tear.from_remains) == ("7D", 7, True)
    assert step(session) is StepId.TEAR_CHOICE and state.squares["C5"] == ("7D",)


# -- tear spirits (♦ after the crossing) ------------------------------------------
def test_tear1_the_party_chooses_combat_or_acceptance() -> None:
    session = at_event("9D", crossed=True)
    assert step(session) is StepId.TEAR_CHOICE
    info = current_step(session.state)
    assert info.incident is not None and info.incident.kind == "tear_spirit" and info.counts["call"] == 9
    session.dispatch(ChooseTearSpirit(mode="accept"))
    assert step(session) is StepId.TEAR_ACCEPT
    other = at_event("9D", crossed=True)
    other.dispatch(ChooseTearSpirit(mode="combat"))
    assert step(other) is StepId.TEAR_SUMMON


def summoned(card: str = "9D", dice: list[int] | None = None, **kwargs: object) -> Session:
    session = at_event(card, crossed=True, **kwargs)
    session.dispatch(ChooseTearSpirit(mode="combat"))
    session.dispatch(SummonTearSpirit(summoners={"c1": "歌唱"}, dice=dice or [10, 1, 1]))  # special: +2D6 = 2
    return session


def test_tear2_the_spirit_gathers_at_the_best_summoner_with_the_tables_pow() -> None:
    session = at_event("9D", crossed=True)
    session.dispatch(ChooseTearSpirit(mode="combat"))
    # c1 success (+3D6: 1 2 3), c2 special (+2D6: 3 4): the spirit gathers at c2 with POW 9 + 7
    session.dispatch(SummonTearSpirit(summoners={"c1": "歌唱", "c2": "歌唱"}, dice=[50, 10, 3, 4]))
    tear = diamonds(session.state).tear
    assert tear is not None and (tear.pow, tear.mp, tear.call, tear.target) == (16, 16, 9, "c2")
    assert step(session) is StepId.TEAR_COMBAT


def test_tear2_equal_levels_go_to_the_higher_skill() -> None:
    sheets = {"c3": sheet(skills={"歌唱": {"value": 75}})}
    session = at_event("9D", crossed=True, sheets=sheets)
    session.dispatch(ChooseTearSpirit(mode="combat"))
    session.dispatch(SummonTearSpirit(summoners={"c1": "歌唱", "c3": "歌唱"}, dice=[50, 50, 1, 1, 1]))
    tear = diamonds(session.state).tear
    assert tear is not None and tear.target == "c3" and tear.pow == 12


def test_tear2_a_failed_summoning_has_no_effect_and_the_party_chooses_again() -> None:
    session = at_event("9D", crossed=True)
    session.dispatch(ChooseTearSpirit(mode="combat"))
    session.dispatch(SummonTearSpirit(summoners={"c1": "歌唱"}, dice=[80]))
    tear = diamonds(session.state).tear
    assert tear is not None and tear.pow is None and step(session) is StepId.TEAR_CHOICE


def test_tear2_only_summoning_skills_may_summon() -> None:
    session = at_event("9D", crossed=True)
    session.dispatch(ChooseTearSpirit(mode="combat"))
    with pytest.raises(EngineError):
        session.dispatch(SummonTearSpirit(summoners={"c1": "視力"}, dice=[50, 1, 1, 1]))
    assert step(session) is StepId.TEAR_SUMMON


def test_tear5_a_summoning_fumble_raises_the_call_and_no_combat_follows() -> None:
    session = at_event("9D", crossed=True)
    session.dispatch(ChooseTearSpirit(mode="combat"))
    session.dispatch(SummonTearSpirit(summoners={"c1": "歌唱"}, dice=[100, 4]))
    state = session.state
    assert sheet_of(state, "c1").call == 4 and diamonds(state).tear is None
    assert place(state, "9D").zone.value == "discard" and step(session) is StepId.END


def test_tear5_option_summon_fumble_fights_a_spirit_of_the_cards_strength() -> None:
    session = at_event("9D", crossed=True, options={"summon_fumble": "fight_at_strength"})
    session.dispatch(ChooseTearSpirit(mode="combat"))
    session.dispatch(SummonTearSpirit(summoners={"c1": "歌唱"}, dice=[100, 4]))
    tear = diamonds(session.state).tear
    assert tear is not None and tear.pow == 9 and sheet_of(session.state, "c1").call == 4
    assert step(session) is StepId.TEAR_COMBAT


def test_tear3_a_round_moves_mp_and_call_from_the_spirit_to_the_target_and_back() -> None:
    session = summoned()  # POW 11, Call 9, target c1 (MP 10)
    # the spirit: RES(11-10) 20 hits, 1D3 = 2; c1: RES(8-11) 20 hits, 1D3 = 3
    session.dispatch(TearCombatRound(dice=[20, 2, 20, 3]))
    state = session.state
    c1 = sheet_of(state, "c1")
    assert (c1.mp, c1.call) == (8, 2)
    tear = diamonds(state).tear
    assert tear is not None and (tear.mp, tear.call, tear.round) == (8, 4, 1)
    assert step(session) is StepId.TEAR_COMBAT


def test_tear3_at_call_0_the_spirit_disperses_and_tear5_the_winner_rolls_the_remains_table() -> None:
    session = summoned("2D", dice=[1, 1])  # critical: POW 2 + 1, Call 2
    # spirit misses (99), c1 hits (10) for 2: Call 0; remains roll 50 = success
    session.dispatch(TearCombatRound(dice=[99, 10, 2, 50]))
    state = session.state
    c1 = sheet_of(state, "c1")
    assert (c1.remains, c1.death_rite) == (1, 31)
    assert diamonds(state).tear is None and place(state, "2D").zone.value == "discard"
    assert step(session) is StepId.END


def test_tear3_a_death_rite_strike_replaces_the_mp_roll() -> None:
    session = summoned()
    # c1's 〈死祭り〉 is 30: 25 succeeds where RES(10-11) = 45 would too — 40 shows the difference
    session.dispatch(TearCombatRound(death_rite=True, dice=[99, 40]))
    tear = diamonds(session.state).tear
    assert tear is not None and tear.call == 9  # 40 > 30: the strike missed
    session.dispatch(TearCombatRound(death_rite=True, dice=[99, 25, 1]))
    tear = diamonds(session.state).tear
    assert tear is not None and tear.call == 8


def test_tear5_the_winners_remains_fumble_raises_the_call_instead_of_a_new_spirit() -> None:
    session = summoned("2D", dice=[1, 1])
    session.dispatch(TearCombatRound(dice=[99, 10, 2, 100, 5]))
    state = session.state
    assert sheet_of(state, "c1").call == 5 and sheet_of(state, "c1").remains == 0
    assert diamonds(state).tear is None and step(session) is StepId.END


def test_tear5_mp_0_lets_the_spirit_possess_the_character() -> None:
    session = summoned(sheets={"c1": sheet(mp=2)})
    session.dispatch(TearCombatRound(dice=[20, 3]))
    state = session.state
    assert sheet_of(state, "c1").mp == 0 and diamonds(state).possessed == ("c1",)
    assert diamonds(state).tear is None and place(state, "9D").zone.value == "discard"


def test_tear4_a_taunt_10_below_the_targets_spirit_pressure_draws_the_spirit_next_round() -> None:
    session = summoned()
    # round: spirit misses, c1 misses; c2 taunts with 歌唱 50 = success: 5 − 10 ≤ 5 − 10
    session.dispatch(TearCombatRound(taunts={"c2": "歌唱"}, dice=[99, 99, 50]))
    tear = diamonds(session.state).tear
    assert tear is not None and tear.target == "c2"
    # a failed taunt leaves the target
    session.dispatch(TearCombatRound(taunts={"c1": "歌唱"}, dice=[99, 99, 80]))
    tear = diamonds(session.state).tear
    assert tear is not None and tear.target == "c2"


def test_tear4_several_taunters_the_lowest_spirit_pressure_wins() -> None:
    sheets = {"c3": sheet(spirit_pressure=2)}
    session = summoned(sheets=sheets)
    session.dispatch(TearCombatRound(taunts={"c2": "歌唱", "c3": "歌唱"}, dice=[99, 99, 50, 50]))
    tear = diamonds(session.state).tear
    assert tear is not None and tear.target == "c3"


def test_tear6_seed_example_levels_1_3_9_and_2_3_6() -> None:
    assert level_call({"L": 1, "M": 3, "S": 9}, 10) == {"L": 6, "M": 4, "S": 0}
    assert level_call({"L": 2, "M": 3, "S": 6}, 10) == {"L": 5, "M": 4, "S": 1}


def test_tear6_acceptance_adjusts_spirit_pressure_then_levels_the_call() -> None:
    sheets = {
        "c1": sheet(spirit_pressure=1, death_rite=60),
        "c2": sheet(spirit_pressure=3, death_rite=60),
        "c3": sheet(spirit_pressure=9, death_rite=60),
        "c4": sheet(spirit_pressure=50),
    }
    session = at_event("10D", crossed=True, sheets=sheets)
    session.dispatch(ChooseTearSpirit(mode="accept"))
    # the seed's example: リンドグレン success +1, マリウス failure, サリス critical −3
    session.dispatch(AcceptTearSpirit(adjust={"c1": "up", "c2": "up", "c3": "down"}, dice=[50, 80, 1]))
    state = session.state
    assert [sheet_of(state, c).spirit_pressure for c in ("c1", "c2", "c3", "c4")] == [2, 3, 6, 50]
    assert [sheet_of(state, c).call for c in ("c1", "c2", "c3", "c4")] == [5, 4, 1, 0]
    assert place(state, "10D").zone.value == "discard" and step(session) is StepId.END


def test_tear6_equal_spirit_pressures_go_to_the_lower_d100_first() -> None:
    session = at_event("3D", crossed=True)  # all four at spirit pressure 5
    session.dispatch(ChooseTearSpirit(mode="accept"))
    session.dispatch(AcceptTearSpirit(dice=[70, 20, 90, 40]))
    # three points: the lower D100s 20 (c2), 40 (c4), 70 (c1); c3 (90) gets none
    assert [sheet_of(session.state, c).call for c in ("c1", "c2", "c3", "c4")] == [1, 1, 0, 1]
    rolls = [e for e in session.rolls.records() if e.reason == "TEAR-6"]
    assert len(rolls) == 4


# -- the lingering bone -------------------------------------------------------------
def bone_fight(options: dict[str, object] | None = None) -> Session:
    """c2's critical resonance from C4 toward B5 makes the third response: the
    crossing reveals the bone on B4; the party steps in."""
    session = upland_session(party_at="C4", bone="B4", options=options)
    to_deck_top(session, "2H", "3H", "4H")
    session.dispatch(DeclareAction(character="c2", action="resonance", target="B5", skill="歌唱"))
    session.dispatch(ResolveInvestigation(dice=[1]))
    cycle = cycle_now(session.state)
    assert cycle is not None and cycle.crossing_by == "c2"
    assert session.state.squares["B4"][0] == session.state.options.bone_card  # type: ignore[attr-defined]
    session.dispatch(ChooseMove(square="B4"))
    session.dispatch(MovePursuer())
    session.dispatch(StartIncidents())
    return session


def test_bone1_the_bone_waits_and_its_first_target_is_the_character_of_the_third_response() -> None:
    session = bone_fight()
    assert step(session) is StepId.TEAR_SUMMON  # no acceptance for the bone
    tear = diamonds(session.state).tear
    assert tear is not None and tear.bone and tear.call == 13 and tear.target == "c2"
    # c1 summons (any skill may be the resonance target for the bone), the spirit still goes for c2
    session.dispatch(SummonTearSpirit(summoners={"c1": "視力"}, dice=[40, 1, 1, 1]))
    tear = diamonds(session.state).tear
    assert tear is not None and tear.target == "c2" and tear.pow == 16


def test_bone1_the_winner_gains_1_remains_and_death_rite_5() -> None:
    session = bone_fight(options={"bone_strength": 2})
    session.dispatch(SummonTearSpirit(summoners={"c2": "歌唱"}, dice=[50, 1, 1, 1]))  # POW 5
    evs = events(session, TearCombatRound(dice=[99, 10, 2]))
    state = session.state
    c2 = sheet_of(state, "c2")
    assert (c2.remains, c2.death_rite) == (1, 35)
    assert diamonds(state).bone_won_by == "c2" and of_type(evs, "upland_bone_won")
    assert place(state, "JK1").zone.value == "removed" and "JK1" not in state.squares.get("B4", ())


# -- treasure -------------------------------------------------------------------------
def at_spade(card: str = "9S") -> Session:
    session = at_event(card)
    session.dispatch(OpenTreasure(card=card))
    assert step(session) is StepId.TREASURE
    return session


def test_trs1_a_rank_within_the_cap_gives_that_treasure() -> None:
    session = at_event("9S")
    before = step(session)  # the spade's own step, resumed after the treasure
    session.dispatch(OpenTreasure(card="9S"))
    assert step(session) is StepId.TREASURE and current_step(session.state).counts["cap"] == 9
    session.dispatch(RollTreasure(dice=[3, 4]))
    found = diamonds(session.state).treasures
    assert [(t.rank, t.kind, t.lunars) for t in found] == [(7, "goods", 490)]  # rule: TRS-3
    assert step(session) is before and diamonds(session.state).treasure is None


def test_trs1_a_rank_above_the_cap_finds_nothing() -> None:
    session = at_spade("6S")
    session.dispatch(RollTreasure(dice=[5, 6]))
    assert diamonds(session.state).treasures == ()


def test_trs2_the_best_notice_degree_adds_up_to_the_cap_for_1_fatigue_each() -> None:
    session = at_spade("9S")
    # 2D6 = 4; c1 POW×3 = 36: 1 critical (+3), c2 50 failure
    session.dispatch(RollTreasure(searchers={"c1": None, "c2": None}, dice=[2, 2, 1, 50]))
    assert [t.rank for t in diamonds(session.state).treasures] == [7]
    assert fatigue(session.state, "c1") == 3 and fatigue(session.state, "c2") == 3 and fatigue(session.state, "c3") == 0
    capped = at_spade("5S")
    capped.dispatch(RollTreasure(searchers={"c1": None}, dice=[2, 2, 1]))
    assert [t.rank for t in diamonds(capped.state).treasures] == [5]


def test_trs2_any_notice_fumble_loses_the_treasure() -> None:
    session = at_spade("9S")
    session.dispatch(RollTreasure(searchers={"c1": None, "c2": None}, dice=[3, 4, 1, 100]))
    assert diamonds(session.state).treasures == ()


def test_trs3_the_table_rows_by_rank() -> None:
    assert treasure_row(2).kind == "food"
    assert treasure_row(10).lunars == 1000
    assert [treasure_row(r).pow for r in (11, 12, 13)] == [1, 2, 3]
    assert treasure_row(treasure_rank("AD")).kind == "special"


def test_enc11_a_diamond_from_a_hand_is_the_rank_without_notice() -> None:  # rule: TRS-1
    session = at_spade("9S")
    give(session, "c1", "8D", "10D")
    with pytest.raises(EngineError):
        session.dispatch(RollTreasure(card="10D", holder="c1"))  # above the cap 9
    with pytest.raises(EngineError):
        session.dispatch(RollTreasure(card="8D", holder="c1", searchers={"c2": None}))
    session.dispatch(RollTreasure(card="8D", holder="c1"))
    assert [(t.rank, t.lunars) for t in diamonds(session.state).treasures] == [(8, 640)]
    assert place(session.state, "8D").zone.value == "discard"


# -- the scripted sequence the golden expedition takes up (coordinator) -------------
def test_rem1_bone1_the_scripted_diamond_and_bone_sequence_runs_from_seed_14() -> None:
    """``fixtures/diamonds_bone.jsonl``: a remains search on C4 (cycle 1), then ロイ's
    critical resonance makes the crossing and the party fights the bone on B4."""
    from pathlib import Path

    from engine.rulesets.registry import parse_command
    from engine.session import new_session

    script = Path(__file__).resolve().parents[1] / "fixtures" / "diamonds_bone.jsonl"
    session = new_session(seed=14, options={"bone_strength": 13})
    for line in script.read_text(encoding="utf-8").splitlines():
        session.dispatch(parse_command(line))
    state = session.state
    assert (sheet_of(state, "c1").remains, sheet_of(state, "c2").remains) == (2, 2)
    assert sheet_of(state, "c2").death_rite == 31 + 5  # rule: BONE-1
    assert diamonds(state).bone_won_by == "c2" and place(state, "JK1").zone.value == "removed"
    assert step(session) is StepId.END


def test_tear1_the_gm_may_still_resolve_the_diamond_by_hand_and_the_spirit_is_dropped() -> None:  # rule: EVT-3
    from engine.upland.commands import ResolveIncident

    session = summoned()
    assert "upland_resolve_event" in current_step(session.state).commands
    session.dispatch(ResolveIncident(card="9D", outcome="left"))
    state = session.state
    assert diamonds(state).tear is None and state.squares["C5"] == ("9D",) and step(session) is StepId.END


def test_trs1_treasure_is_refused_outside_the_event_phase() -> None:
    session = upland_session()
    with pytest.raises(EngineError):
        session.dispatch(OpenTreasure(card="9S"))
    with pytest.raises(EngineError):
        session.dispatch(RollTreasure(dice=[3, 4]))


def test_rem1_option_heart_requiem_level_sets_what_a_heart_counts_as() -> None:
    session = at_event("7D", options={"heart_requiem_level": "special"})
    give(session, "c2", "5H")
    session.dispatch(SearchRemains(searchers=["c2"], hearts={"c2": "5H"}))
    assert sheet_of(session.state, "c2").remains == 2 and sheet_of(session.state, "c2").death_rite == 32


def test_rem1_a_heart_must_be_in_the_searchers_hand() -> None:
    session = at_event("7D")
    with pytest.raises(EngineError):
        session.dispatch(SearchRemains(searchers=["c2"], hearts={"c2": "5H"}))
    assert step(session) is StepId.REMAINS and fatigue(session.state, "c2") == 0
