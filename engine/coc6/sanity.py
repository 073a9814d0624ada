"""A SAN check with its loss and the madness it brings, for both rulesets.

Ruleset A rolls through the party pool (a pending minus hits a SAN check too,
CHK-A-3) with the usual levels; ruleset B caps the target at 70 (CHK-B-4) and
knows no special results (CHK-B-5).  The loss is rolled from the GM's
``success/failure`` expressions and applied by :func:`engine.coc6.madness.lose_san`
(MAD-A-1, MAD-A-3).

Reading: seed 004 says nothing about madness beyond MAD-B-1, and seed 002's
madness is the rulebook's, so ruleset B uses the same madness rules.
"""

from __future__ import annotations

from engine.coc6.checks import CheckResult, check
from engine.coc6.madness import SanLossFacts, lose_san
from engine.coc6.model import CocModel
from engine.coc6.pool import PoolUse, pooled_check
from engine.coc6.rolls import Rolled, roll
from engine.coc6.sheet import CocSheet
from engine.coc6.state import CocState
from engine.dice.rng import DiceSource
from engine.rulesets.coc6_checks import Coc6BOptions


class SanCheck(CocModel):
    check: CheckResult
    pool: PoolUse | None
    loss_roll: Rolled
    loss: SanLossFacts


def san_check(
    state: CocState,
    sheet: CocSheet,
    success_loss: str,
    failure_loss: str,
    dice: DiceSource,
    *,
    long: bool = False,
    content: str | None = None,
    options: Coc6BOptions | None = None,
) -> tuple[CocState, CocSheet, SanCheck]:
    """Roll SAN, roll the loss (``0``, ``1``, ``1D3``, ``1D6+1``…), apply it and any madness."""
    use: PoolUse | None = None
    if state.ruleset == "coc6-a":
        pool, result, use = pooled_check(state.pool, sheet, "SAN", dice)
        state = state.model_copy(update={"pool": pool})
    else:
        result = check(sheet, "SAN", "coc6-b", dice, options=options)
    loss_roll = roll(dice, success_loss if result.success else failure_loss)
    sanity, sheet, facts = lose_san(state.sanity, sheet, max(loss_roll.total, 0), dice, long=long, content=content)
    return (
        state.model_copy(update={"sanity": sanity}),
        sheet,
        SanCheck(check=result, pool=use, loss_roll=loss_roll, loss=facts),
    )
