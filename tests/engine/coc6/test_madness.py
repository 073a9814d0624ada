"""Ruleset A's madness with the game clock (MAD-A-1, MAD-A-2, MAD-A-3)."""

from __future__ import annotations

import pytest

from engine.coc6.madness import SanityState, advance_clock, end_round, lose_san, psychoanalysis
from engine.coc6.sheet import updated
from engine.errors import EngineError
from tests.engine.coc6.support import investigator, typed, with_skill


def _mina(san: int = 60):  # type: ignore[no-untyped-def]
    return updated(investigator("ミナ", INT=15), san=san)  # Idea 75


def test_mada1_five_points_and_an_idea_success_start_a_short_temporary_madness() -> None:
    state, sheet, facts = lose_san(SanityState(), _mina(), 5, typed(40, 6, 3, 7))
    assert sheet.san == 55
    assert facts.idea is not None and facts.idea.success
    assert facts.temporary is not None
    assert (facts.temporary.kind, facts.temporary.rounds_left, facts.temporary.table_roll) == ("short", 9, 7)
    assert state.active("ミナ") == (facts.temporary,)


def test_mada1_no_madness_under_five_points_or_on_a_failed_idea_roll() -> None:
    _, _, small = lose_san(SanityState(), _mina(), 4, typed())
    assert small.idea is None and small.temporary is None
    _, _, failed = lose_san(SanityState(), _mina(), 6, typed(80))
    assert failed.idea is not None and not failed.idea.success and failed.temporary is None


def test_mada1_the_gm_may_make_it_long_1d10_plus_10_hours_and_the_player_may_choose_the_content() -> None:
    state, _, facts = lose_san(SanityState(minute=30), _mina(), 5, typed(40, 4), long=True, content="健忘症")
    madness = facts.temporary
    assert madness is not None
    assert (madness.kind, madness.ends_minute) == ("long", 30 + 14 * 60)
    assert (madness.table_roll, madness.content) == (None, "健忘症")
    state, ended = advance_clock(state, 14 * 60 - 1)
    assert state.active("ミナ") and not ended
    state, ended = advance_clock(state, 1)
    assert state.active("ミナ") == () and ended == (madness,)


def test_mada1_short_madness_counts_down_in_rounds() -> None:
    state, _, _ = lose_san(SanityState(), _mina(), 5, typed(40, 1, 1, 1))  # 2 rounds
    state = end_round(state)
    assert state.active("ミナ")[0].rounds_left == 1
    assert end_round(state).active("ミナ") == ()


def test_mada2_short_madness_is_cured_on_the_spot_even_in_combat() -> None:
    state, _, _ = lose_san(SanityState(), _mina(), 5, typed(40, 6, 3, 7))
    doctor = with_skill(investigator("医師"), "精神分析", 60)
    state, treatment = psychoanalysis(state, doctor, "ミナ", "short", typed(30), in_combat=True)
    assert treatment.cured and state.active("ミナ") == ()
    assert treatment.minutes_spent == 0


def test_mada2_long_madness_needs_an_hour_out_of_combat() -> None:
    state, _, _ = lose_san(SanityState(), _mina(), 5, typed(40, 4, 2), long=True)
    doctor = with_skill(investigator("医師"), "精神分析", 60)
    with pytest.raises(EngineError, match="cannot be treated during combat"):
        psychoanalysis(state, doctor, "ミナ", "long", typed(30), in_combat=True)
    state, treatment = psychoanalysis(state, doctor, "ミナ", "long", typed(30), in_combat=False)
    assert treatment.cured and state.minute == 60 and state.active("ミナ") == ()


def test_mada3_losing_20_percent_within_one_game_hour_starts_indefinite_madness() -> None:
    state = SanityState()
    state, sheet, first = lose_san(state, _mina(50), 4, typed())
    assert first.indefinite is None
    state, _ = advance_clock(state, 59)
    state, sheet, second = lose_san(state, sheet, 4, typed())  # 8 of 50 = 16%: nothing yet
    assert second.indefinite is None
    state, sheet, third = lose_san(state, sheet, 2, typed(3))  # 10 of 50 = 20% within the hour
    assert third.indefinite is not None and third.indefinite.months == 3
    assert "MAD-A-3" in third.rule_ids


def test_mada3_losses_spread_over_more_than_an_hour_do_not_add_up() -> None:
    state, sheet, _ = lose_san(SanityState(), _mina(50), 4, typed())
    state, _ = advance_clock(state, 60)
    state, sheet, later = lose_san(state, sheet, 4, typed())
    assert later.indefinite is None and not state.active("ミナ")


def test_mada3_psychoanalysis_restores_for_a_while_and_any_loss_retriggers() -> None:
    state, sheet, facts = lose_san(SanityState(), _mina(20), 4, typed(2))
    assert facts.indefinite is not None
    doctor = with_skill(investigator("医師"), "精神分析", 60)
    state, treatment = psychoanalysis(state, doctor, "ミナ", "indefinite", typed(30), in_combat=False)
    assert treatment.suppressed and state.active("ミナ")[0].suppressed
    state, _ = advance_clock(state, 600)
    state, sheet, again = lose_san(state, sheet, 1, typed())
    assert again.retriggered and not state.active("ミナ")[0].suppressed


def test_madb1_going_mad_never_grants_mythos_points() -> None:
    sheet = with_skill(_mina(), "クトゥルフ神話", 4)
    _, after, facts = lose_san(SanityState(), sheet, 12, typed(10, 5, 2, 3, 4))
    assert facts.temporary is not None and facts.indefinite is not None
    assert after.skills["クトゥルフ神話"].value == 4
