"""A SAN check with its loss and the madness it brings, for both rulesets.

Ruleset A rolls through the party pool (a pending minus hits a SAN check too,
CHK-A-3) with the usual levels; ruleset B caps the target at 70 (CHK-B-4) and
knows no special results (CHK-B-5).  The loss is rolled from the GM's
``success/failure`` expressions and applied by :func:`engine.coc6.madness.lose_san`
(MAD-A-1, MAD-A-3).

Ruleset A's pool rules on every roll (seed 002): a SAN roll's and an アイデア
roll's critical or fumble is a chip unless the GM gives it a special effect
(CHK-A-3/4).  With ``ask`` each such result waits for the GM's ruling
(:class:`~engine.coc6.decisions.CriticalRuling`, answered by ``coc_decide``),
the SAN roll's first and the アイデア roll's after it; without, the option's
default rules both.

Reading: seed 004 says nothing about madness beyond MAD-B-1, and seed 002's
madness is the rulebook's, so ruleset B uses the same madness rules and cites
MAD-B-1 for them.
"""

from __future__ import annotations

from engine.coc6.checks import CheckResult, check
from engine.coc6.decisions import CriticalRuling
from engine.coc6.madness import SanLossFacts, lose_san
from engine.coc6.model import CocModel
from engine.coc6.pool import PartyPool, PoolUse, chip_for, pooled_check, roll_pooled, rule_chip
from engine.coc6.rolls import Rolled, roll
from engine.coc6.sheet import CocSheet
from engine.coc6.state import CocState
from engine.dice.rng import DiceSource
from engine.rulesets.coc6_checks import Coc6AOptions, Coc6BOptions


class SanCheck(CocModel):
    check: CheckResult
    pool: PoolUse | None
    loss_roll: Rolled
    loss: SanLossFacts
    #: The pool's chips after the SAN roll (before an アイデア roll's chip).
    san_chips: tuple[int, ...] = ()
    #: CHK-A-3/4: what the アイデア roll's C/F did to the pool (None: no chip, or it waits for the GM).
    idea_pool: PoolUse | None = None
    #: CHK-A-4: the rulings that wait for the GM, the SAN roll's first (None: nothing waits).
    pending: CriticalRuling | None = None


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
    a_options: Coc6AOptions | None = None,
    ask: bool = False,
    character: str = "",
) -> tuple[CocState, CocSheet, SanCheck]:
    """Roll SAN, roll the loss (``0``, ``1``, ``1D3``, ``1D6+1``…), apply it and any madness."""
    use: PoolUse | None = None
    rulings: list[CriticalRuling] = []
    default = "pool" if (a_options or Coc6AOptions()).pool_criticals_by_default else "special_effect"
    if state.ruleset == "coc6-a" and not sheet.npc:
        rolled, result, use = roll_pooled(state.pool, sheet, "SAN", dice)
        chip = chip_for(result)
        if ask and chip is not None:
            rulings.append(CriticalRuling(character=character, check=result, chip=chip, chips=rolled.chips, use=use))
            pool, use = rolled, None
        else:
            pool, use = rule_chip(rolled, result, use, default)  # type: ignore[arg-type]
        state = state.model_copy(update={"pool": pool})
    elif state.ruleset == "coc6-a":
        pool, result, use = pooled_check(state.pool, sheet, "SAN", dice)
        state = state.model_copy(update={"pool": pool})
    else:
        result = check(sheet, "SAN", "coc6-b", dice, options=options)
    san_chips = state.pool.chips
    loss_roll = roll(dice, success_loss if result.success else failure_loss)
    sanity, sheet, facts = lose_san(state.sanity, sheet, max(loss_roll.total, 0), dice, long=long, content=content,
                                    ruleset=state.ruleset)  # fmt: skip
    state = state.model_copy(update={"sanity": sanity})
    idea_use: PoolUse | None = None
    idea = facts.idea
    if state.ruleset == "coc6-a" and not sheet.npc and idea is not None and chip_for(idea) is not None:
        bare = PoolUse(actor=sheet.name, rule_ids=())
        if ask:
            chip = chip_for(idea)
            assert chip is not None
            rulings.append(CriticalRuling(character=character, check=idea, chip=chip, chips=state.pool.chips,
                                          use=bare))  # fmt: skip
        else:
            pool, idea_use = rule_chip(state.pool, idea, bare, default)  # type: ignore[arg-type]
            state = state.model_copy(update={"pool": PartyPool(chips=pool.chips)})
    pending = None
    for ruling in reversed(rulings):
        pending = ruling.model_copy(update={"then": pending})
    if pending is not None:
        state = state.model_copy(update={"pending": pending})
    done = SanCheck(check=result, pool=use, loss_roll=loss_roll, loss=facts, san_chips=san_chips, idea_pool=idea_use,
                    pending=pending)  # fmt: skip
    return state, sheet, done
