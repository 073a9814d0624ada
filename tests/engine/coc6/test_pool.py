"""Ruleset A's party modifier pool (CHK-A-3, CHK-A-4)."""

from __future__ import annotations

import pytest

from engine.coc6.pool import PartyPool, add_chip, cancel, pay_off, pooled_check
from engine.coc6.sheet import updated
from engine.errors import EngineError
from engine.rulesets.coc6_checks import Coc6AOptions
from tests.engine.coc6.support import investigator, typed, with_skill


def test_chka3_criticals_and_fumbles_become_chips_of_their_size() -> None:
    sheet = with_skill(investigator(), "目星", 60)
    pool = PartyPool()
    pool, _, use = pooled_check(pool, sheet, "目星", typed(1))
    assert use.added_chip == 20
    pool, _, _ = pooled_check(pool, sheet, "目星", typed(4))
    assert pool.chips == (20, 10)
    pool2, _, _ = pooled_check(PartyPool(), sheet, "目星", typed(97))
    pool3, _, _ = pooled_check(PartyPool(), sheet, "目星", typed(100))
    assert (pool2.chips, pool3.chips) == ((-10,), (-20,))


def test_chka3_a_pending_minus_applies_to_the_very_next_check_by_anyone() -> None:
    mina = with_skill(investigator("ミナ"), "目星", 60)
    ken = with_skill(investigator("ケン"), "聞き耳", 50)
    pool, _, _ = pooled_check(PartyPool(), mina, "目星", typed(98))  # F: −10
    assert pool.pending_minus == -10
    pool, result, use = pooled_check(pool, ken, "聞き耳", typed(45))
    assert (result.target, result.level) == (40, "failure")
    assert use.applied_minus == (-10,)
    assert pool.chips == ()
    _, after, _ = pooled_check(pool, ken, "聞き耳", typed(45))
    assert after.target == 50  # used up: the check after that is clean


def test_chka3_plus_chips_wait_until_spent_and_can_cancel_a_minus() -> None:
    sheet = with_skill(investigator(), "目星", 50)
    pool = PartyPool(chips=(10,))
    pool, result, _ = pooled_check(pool, sheet, "目星", typed(30))
    assert result.target == 50 and pool.chips == (10,)  # not spent unasked
    pool, result, use = pooled_check(pool, sheet, "目星", typed(55), spend_plus=(10,))
    assert (result.target, result.level, use.spent_plus, pool.chips) == (60, "success", (10,), ())
    assert cancel(PartyPool(chips=(20, -10)), 20, -10).chips == (10,)
    assert cancel(PartyPool(chips=(10, -20)), 10, -20).chips == (-10,)
    assert cancel(PartyPool(chips=(10, -10)), 10, -10).chips == ()


def test_chka3_a_minus_can_be_paid_with_1d3_hp_or_san_of_the_acting_investigator() -> None:
    sheet = investigator()
    pool, sheet2, fact = pay_off(PartyPool(chips=(-10, -20)), sheet, -20, "san", typed(3))
    assert (pool.chips, sheet2.san, fact.after) == ((-10,), sheet.san - 3, sheet.san - 3)
    pool, sheet3, _ = pay_off(pool, sheet2, -10, "hp", typed(2))
    assert (pool.chips, sheet3.hp) == ((), sheet.hp - 2)
    with pytest.raises(EngineError, match="no -20 chip"):
        pay_off(pool, sheet3, -20, "hp", typed(2))


def test_chka4_the_gm_may_give_a_special_effect_instead_of_a_chip() -> None:
    sheet = with_skill(investigator(), "目星", 60)
    pool, _, use = pooled_check(PartyPool(), sheet, "目星", typed(3), choice="special_effect")
    assert pool.chips == () and use.special_effect
    off = Coc6AOptions(pool_criticals_by_default=False)
    pool, _, use = pooled_check(PartyPool(), sheet, "目星", typed(3), options=off)
    assert pool.chips == () and use.special_effect


def test_chka3_npc_checks_neither_take_nor_feed_the_pool() -> None:
    npc = updated(with_skill(investigator("教団員"), "目星", 60), npc=True)
    pool, result, _ = pooled_check(PartyPool(chips=(-10,)), npc, "目星", typed(1))
    assert pool.chips == (-10,) and result.target == 60


def test_chka3_bad_chips_are_refused() -> None:
    with pytest.raises(EngineError, match=r"\+20, \+10, -10 or -20"):
        add_chip(PartyPool(), 15)
    with pytest.raises(EngineError, match="no \\+10 chip"):
        pooled_check(PartyPool(), investigator(), "目星", typed(5), spend_plus=(10,))
