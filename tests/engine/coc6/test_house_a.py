"""One check and one SAN check as commands will run them (CHK-A-3, GRW-A-1, CHK-B-4, MAD-A-1)."""

from __future__ import annotations

from engine.coc6.house_a import investigator_check
from engine.coc6.pool import PartyPool
from engine.coc6.sanity import san_check
from engine.coc6.sheet import updated
from engine.coc6.state import CocState
from tests.engine.coc6.support import investigator, typed, with_skill


def test_chka3_grwa1_one_check_applies_the_pool_and_marks_growth() -> None:
    state = CocState(ruleset="coc6-a", pool=PartyPool(chips=(-10,)))
    sheet = with_skill(investigator(), "目星", 60)
    state, sheet, facts = investigator_check(state, sheet, "目星", typed(4))
    assert facts.check.target == 50 and facts.pool.applied_minus == (-10,)
    assert state.pool.chips == (10,)  # the critical became a +10 chip
    assert sheet.skills["目星"].growth == "critical" and facts.growth is not None


def test_chka3_a_pending_minus_hits_a_san_check_and_the_loss_is_applied() -> None:
    state = CocState(ruleset="coc6-a", pool=PartyPool(chips=(-20,)))
    sheet = updated(investigator(), san=60)
    state, sheet, facts = san_check(state, sheet, "0", "1D6", typed(45, 5, 30, 2, 2, 9))
    assert facts.check.target == 40 and not facts.check.success
    assert (facts.loss_roll.total, sheet.san) == (5, 55)
    assert facts.loss.temporary is not None and facts.loss.temporary.rounds_left == 4  # MAD-A-1
    assert state.pool.chips == () and state.sanity.active(sheet.name)


def test_chkb4_chkb5_a_san_check_in_b_is_capped_at_70_without_special_levels() -> None:
    state = CocState(ruleset="coc6-b")
    sheet = updated(investigator(POW=18), san=90)
    state, sheet, facts = san_check(state, sheet, "0", "1D3", typed(1))
    assert (facts.check.target, facts.check.level, facts.check.caps) == (70, "success", ("CHK-B-4",))
    assert sheet.san == 90 and facts.pool is None
