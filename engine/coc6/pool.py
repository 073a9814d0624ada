"""Ruleset A's party modifier pool (CHK-A-3, CHK-A-4).

A critical or fumble that gets no fitting special effect becomes a chip shared
by every investigator: 1C +20, C +10, F −10, 00F −20.  Plus chips wait until
someone spends them; minus chips hit the very next investigator check, whoever
rolls it, unless a plus chip cancels them first or the acting investigator pays
one off with 1d3 HP or 1d3 SAN.

Readings: every pending minus chip applies to that next check (they add up);
a plus chip cancels a minus chip by their sum, so +20 against −10 leaves +10
and +10 against −20 leaves −10; NPC checks neither feed nor pay the pool.
"""

from __future__ import annotations

from typing import Literal

from engine.coc6.checks import CheckResult, check
from engine.coc6.model import CocModel
from engine.coc6.rolls import roll
from engine.coc6.sheet import CocSheet, updated
from engine.dice.rng import DiceSource
from engine.errors import EngineError
from engine.rulesets.coc6_checks import Coc6AOptions

Choice = Literal["pool", "special_effect"]
CHIP_VALUES: tuple[int, ...] = (20, 10, -10, -20)


class PartyPool(CocModel):
    """The chips on the table, oldest first."""

    chips: tuple[int, ...] = ()
    #: Plus chips the keeper set aside for an investigator's next check, by sheet name
    #: (「+補正は好きなタイミングで使えます」): that check spends them.
    reserved: dict[str, tuple[int, ...]] = {}

    def with_chips(self, chips: tuple[int, ...], *, used_by: str | None = None) -> PartyPool:
        """The pool with ``chips`` on the table; ``used_by``'s check spent the chips set aside for it."""
        reserved = {k: v for k, v in self.reserved.items() if k != used_by}
        return self.model_copy(update={"chips": chips, "reserved": reserved})

    @property
    def pluses(self) -> tuple[int, ...]:
        return tuple(c for c in self.chips if c > 0)

    @property
    def minuses(self) -> tuple[int, ...]:
        return tuple(c for c in self.chips if c < 0)

    @property
    def pending_minus(self) -> int:
        """What the next investigator check will take (CHK-A-3)."""
        return sum(self.minuses)


class PoolUse(CocModel):
    """What a check did to the pool."""

    actor: str
    applied_minus: tuple[int, ...] = ()
    spent_plus: tuple[int, ...] = ()
    modifier: int = 0
    #: The chip the check's C/F added (CHK-A-3), or None.
    added_chip: int | None = None
    #: CHK-A-4: the GM gave the C/F a special effect instead of a chip.
    special_effect: bool = False
    rule_ids: tuple[str, ...] = ("CHK-A-3",)


class MinusPaid(CocModel):
    """A minus chip paid off with 1d3 HP or SAN of the acting investigator."""

    actor: str
    chip: int
    resource: Literal["hp", "san"]
    dice: tuple[int, ...]
    before: int
    after: int
    rule_ids: tuple[str, ...] = ("CHK-A-3",)


def chip_for(result: CheckResult) -> int | None:
    """CHK-A-3: 1C +20, C +10, F −10, 00F −20; None for other levels."""
    if result.level == "critical":
        return 20 if result.roll == 1 else 10
    if result.level == "fumble":
        return -20 if result.roll == 100 else -10
    return None


def _remove(chips: tuple[int, ...], value: int) -> tuple[int, ...]:
    if value not in chips:
        raise EngineError("There is no {chip} chip in the party pool.", chip=f"{value:+d}")
    items = list(chips)
    items.remove(value)
    return tuple(items)


def add_chip(pool: PartyPool, chip: int) -> PartyPool:
    """A chip put into the pool by hand (the GM's override)."""
    if chip not in CHIP_VALUES:
        raise EngineError("A pool chip is +20, +10, -10 or -20 (not {chip}).", chip=chip)
    return pool.with_chips((*pool.chips, chip))


def cancel(pool: PartyPool, plus: int, minus: int) -> PartyPool:
    """CHK-A-3: a plus chip cancels a minus chip; a leftover stays as one chip."""
    if plus <= 0 or minus >= 0:
        raise EngineError("Cancel a minus chip with a plus chip.")
    chips = _remove(_remove(pool.chips, plus), minus)
    rest = plus + minus
    return pool.with_chips((*chips, rest) if rest else chips)


def pay_off(
    pool: PartyPool, sheet: CocSheet, minus: int, resource: Literal["hp", "san"], dice: DiceSource
) -> tuple[PartyPool, CocSheet, MinusPaid]:
    """CHK-A-3: the acting investigator pays 1d3 HP or SAN to remove one minus chip."""
    if minus >= 0:
        raise EngineError("Only a minus chip can be paid off.")
    if sheet.npc:
        raise EngineError("Only an investigator can pay off a pool chip.")
    chips = _remove(pool.chips, minus)
    rolled = roll(dice, "1D3")
    before = sheet.hp if resource == "hp" else sheet.san
    after = before - rolled.total if resource == "hp" else max(before - rolled.total, 0)
    new_sheet = updated(sheet, **{resource: after})
    fact = MinusPaid(actor=sheet.name, chip=minus, resource=resource, dice=rolled.dice, before=before, after=after)
    return pool.with_chips(chips), new_sheet, fact


def pooled_check(
    pool: PartyPool,
    sheet: CocSheet,
    what: str,
    dice: DiceSource,
    *,
    spend_plus: tuple[int, ...] = (),
    modifier: int = 0,
    choice: Choice | None = None,
    options: Coc6AOptions | None = None,
) -> tuple[PartyPool, CheckResult, PoolUse]:
    """An investigator check under ruleset A with the pool (CHK-A-3/4).

    Pending minus chips are applied and removed; the plus chips named in
    ``spend_plus`` are spent.  A C/F then becomes a chip unless the GM chose a
    special effect (``choice``; default from ``options.pool_criticals_by_default``).
    """
    opts = options or Coc6AOptions()
    if sheet.npc:
        if spend_plus:
            raise EngineError("Only an investigator can spend pool chips.")
        result = check(sheet, what, "coc6-a", dice, modifier=modifier)
        return pool, result, PoolUse(actor=sheet.name, modifier=modifier, rule_ids=())
    rolled, result, use = roll_pooled(pool, sheet, what, dice, spend_plus=spend_plus, modifier=modifier)
    if choice is None:
        choice = "pool" if opts.pool_criticals_by_default else "special_effect"
    after, ruled = rule_chip(rolled, result, use, choice)
    return after, result, ruled


def roll_pooled(
    pool: PartyPool,
    sheet: CocSheet,
    what: str,
    dice: DiceSource,
    *,
    spend_plus: tuple[int, ...] = (),
    modifier: int = 0,
) -> tuple[PartyPool, CheckResult, PoolUse]:
    """CHK-A-3 up to the roll: pending minus chips applied and removed, ``spend_plus`` spent, the die rolled.

    The pool and use returned hold no chip for a C/F yet: that waits for the
    GM's ruling (:func:`rule_chip`)."""
    chips = pool.chips
    for plus in spend_plus:
        if plus <= 0:
            raise EngineError("Only plus chips can be spent on a check.")
        chips = _remove(chips, plus)
    spend_plus = (*spend_plus, *pool.reserved.get(sheet.name, ()))
    applied = tuple(c for c in chips if c < 0)
    chips = tuple(c for c in chips if c > 0)
    total = modifier + sum(spend_plus) + sum(applied)
    result = check(sheet, what, "coc6-a", dice, modifier=total)
    use = PoolUse(actor=sheet.name, applied_minus=applied, spent_plus=spend_plus, modifier=total)
    return pool.with_chips(chips, used_by=sheet.name), result, use


def rule_chip(pool: PartyPool, result: CheckResult, use: PoolUse, choice: Choice) -> tuple[PartyPool, PoolUse]:
    """CHK-A-4: the check's C/F becomes a chip unless the GM gives it a special effect."""
    chip = chip_for(result)
    special = chip is not None and choice == "special_effect"
    added = chip if chip is not None and not special else None
    chips = (*pool.chips, added) if added is not None else pool.chips
    after = pool.with_chips(chips)
    ruled = use.model_copy(
        update={
            "added_chip": added,
            "special_effect": special,
            "rule_ids": ("CHK-A-3", "CHK-A-4") if chip is not None else ("CHK-A-3",),
        }
    )
    return after, ruled


def set_aside(pool: PartyPool, plus: int, name: str | None) -> PartyPool:
    """CHK-A-3: a plus chip spent at will — now (``name`` None) or on ``name``'s next check."""
    if plus <= 0:
        raise EngineError("Only plus chips can be spent on a check.")
    chips = _remove(pool.chips, plus)
    if name is None:
        return pool.with_chips(chips)
    reserved = pool.reserved | {name: (*pool.reserved.get(name, ()), plus)}
    return pool.model_copy(update={"chips": chips, "reserved": reserved})
