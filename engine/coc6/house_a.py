"""One investigator check under ruleset A, as a command will run it.

The pool's pending minus chips and chosen plus chips apply (CHK-A-3), a C/F
becomes a chip unless the GM gives it a special effect (CHK-A-4), and the
skill earns its growth mark (GRW-A-1) — all from one call, so the command
that wraps it logs one coherent set of facts.

When the GM is to be asked (``ask``) and the die shows an investigator's C/F,
the check stops after the roll with a :class:`CriticalRuling` in the slice;
:func:`rule_pending` finishes it with the GM's answer.
"""

from __future__ import annotations

from engine.coc6.checks import CheckResult
from engine.coc6.decisions import CriticalRuling
from engine.coc6.growth import GrowthMarked, mark_growth
from engine.coc6.model import CocModel
from engine.coc6.pool import Choice, PartyPool, PoolUse, chip_for, pooled_check, roll_pooled, rule_chip
from engine.coc6.sheet import CocSheet
from engine.coc6.state import CocState
from engine.dice.rng import DiceSource
from engine.errors import EngineError
from engine.rulesets.coc6_checks import Coc6AOptions


class InvestigatorCheck(CocModel):
    check: CheckResult
    #: What the check did to the pool (None while the C/F waits for the GM).
    pool: PoolUse | None
    growth: GrowthMarked | None = None
    #: The ruling the check waits for (None: the check is finished).
    pending: CriticalRuling | None = None


class Ruled(CocModel):
    """What the GM's ruling on a pending C/F finished."""

    decision: CriticalRuling
    choice: Choice
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
    ask: bool = False,
    character: str = "",
) -> tuple[CocState, CocSheet, InvestigatorCheck]:
    """CHK-A-1..4 and GRW-A-1 for one check of ``what`` by ``sheet``.

    ``ask``: an investigator's C/F with no ``choice`` waits for the GM (the
    state's ``pending``) instead of taking the option's default."""
    if ask and choice is None and not sheet.npc:
        rolled, result, use = roll_pooled(state.pool, sheet, what, dice, spend_plus=spend_plus, modifier=modifier)
        chip = chip_for(result)
        if chip is not None:
            pending = CriticalRuling(character=character, check=result, chip=chip, chips=rolled.chips, use=use)
            return (
                state.model_copy(update={"pending": pending}),
                sheet,
                InvestigatorCheck(check=result, pool=None, pending=pending),
            )
        pool, use = rule_chip(rolled, result, use, "pool")
        return _finish(state, sheet, what, result, pool, use)
    pool, result, use = pooled_check(
        state.pool, sheet, what, dice, spend_plus=spend_plus, modifier=modifier, choice=choice, options=options
    )
    return _finish(state, sheet, what, result, pool, use)


def _finish(
    state: CocState, sheet: CocSheet, what: str, result: CheckResult, pool: PartyPool, use: PoolUse
) -> tuple[CocState, CocSheet, InvestigatorCheck]:
    growth = None
    if result.kind in ("skill", "dodge") and not sheet.npc:
        sheet, growth = mark_growth(sheet, what, result)
    done = InvestigatorCheck(check=result, pool=use, growth=growth)
    return state.model_copy(update={"pool": pool}), sheet, done


def rule_pending(state: CocState, sheet: CocSheet, choice: Choice) -> tuple[CocState, CocSheet, Ruled]:
    """CHK-A-4 and GRW-A-1: the GM's ruling finishes the check that waits for it."""
    decision = state.pending
    if decision is None:
        raise EngineError("No decision is pending.")
    pool, use = rule_chip(PartyPool(chips=decision.chips), decision.check, decision.use, choice)
    after, sheet, done = _finish(state, sheet, decision.check.what, decision.check, pool, use)
    ruled = Ruled(decision=decision, choice=choice, pool=use, growth=done.growth)
    return after.model_copy(update={"pending": None}), sheet, ruled
