"""One investigator check under ruleset A, as a command will run it.

The pool's pending minus chips and chosen plus chips apply (CHK-A-3), a C/F
becomes a chip unless the GM gives it a special effect (CHK-A-4), and the
skill earns its growth mark (GRW-A-1) — all from one call, so the command
that wraps it logs one coherent set of facts.
"""

from __future__ import annotations

from engine.coc6.checks import CheckResult
from engine.coc6.growth import GrowthMarked, mark_growth
from engine.coc6.model import CocModel
from engine.coc6.pool import Choice, PoolUse, pooled_check
from engine.coc6.sheet import CocSheet
from engine.coc6.state import CocState
from engine.dice.rng import DiceSource
from engine.rulesets.coc6_checks import Coc6AOptions


class InvestigatorCheck(CocModel):
    check: CheckResult
    pool: PoolUse
    growth: GrowthMarked | None = None


def investigator_check(
    state: CocState,
    sheet: CocSheet,
    what: str,
    dice: DiceSource,
    *,
    spend_plus: tuple[int, ...] = (),
    modifier: int = 0,
    choice: Choice | None = None,
    options: Coc6AOptions | None = None,
) -> tuple[CocState, CocSheet, InvestigatorCheck]:
    """CHK-A-1..4 and GRW-A-1 for one check of ``what`` by ``sheet``."""
    pool, result, use = pooled_check(
        state.pool, sheet, what, dice, spend_plus=spend_plus, modifier=modifier, choice=choice, options=options
    )
    growth = None
    if result.kind in ("skill", "dodge") and not sheet.npc:
        sheet, growth = mark_growth(sheet, what, result)
    return state.model_copy(update={"pool": pool}), sheet, InvestigatorCheck(check=result, pool=use, growth=growth)
