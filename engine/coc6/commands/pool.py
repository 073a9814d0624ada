"""Ruleset A's party pool by hand: paying off and cancelling chips, a chip the GM sets (CHK-A-3/4)."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from engine.coc6 import pool
from engine.coc6.commands.access import coc_sheet, coc_state, rolled_dice
from engine.coc6.pool_events import CocChipAdded, CocChipsCancelled, CocMinusPaid, CocPlusSpent
from engine.core.commands import CommandBase, Context
from engine.errors import EngineError
from engine.i18n import render


class CocPayMinus(CommandBase):
    """CHK-A-3: the acting investigator pays 1d3 HP or SAN to remove a minus chip."""

    type: Literal["coc_pay_minus"] = "coc_pay_minus"
    character: str
    minus: Literal[-10, -20]
    resource: Literal["hp", "san"]

    def run(self, ctx: Context) -> None:
        state = coc_state(ctx)
        cid, sheet = coc_sheet(ctx, self.character)
        chips, _after, fact = pool.pay_off(state.pool, sheet, self.minus, self.resource, ctx.dice)
        ctx.emit(CocMinusPaid(character=cid, paid=fact, chips=chips.chips, dice=rolled_dice(ctx)))

    def label(self, lang: str = "ja") -> str:
        return render("Pay off a minus chip", lang)


class CocCancelChips(CommandBase):
    """CHK-A-3: a plus chip cancels a minus chip."""

    type: Literal["coc_cancel_chips"] = "coc_cancel_chips"
    plus: Literal[10, 20]
    minus: Literal[-10, -20]

    def run(self, ctx: Context) -> None:
        state = coc_state(ctx)
        chips = pool.cancel(state.pool, self.plus, self.minus)
        ctx.emit(CocChipsCancelled(plus=self.plus, minus=self.minus, chips=chips.chips))

    def label(self, lang: str = "ja") -> str:
        return render("Cancel chips", lang)


class CocAddChip(CommandBase):
    """CHK-A-4: a C/F the GM ruled for the pool after all (or a chip set by hand)."""

    type: Literal["coc_add_chip"] = "coc_add_chip"
    chip: Literal[20, 10, -10, -20]

    def run(self, ctx: Context) -> None:
        state = coc_state(ctx)
        chips = pool.add_chip(state.pool, self.chip)
        ctx.emit(CocChipAdded(chip=self.chip, chips=chips.chips))

    def label(self, lang: str = "ja") -> str:
        return render("Add a chip", lang)


class CocSpendPlus(CommandBase):
    """CHK-A-3: the keeper spends a plus chip at any time — now, or on an investigator's next check.

    「+補正は好きなタイミングで使えます」: with ``character`` the chip waits for that
    investigator's next check and adds to it; without, it is spent at once (the
    keeper applies it to whatever the table is doing)."""

    type: Literal["coc_spend_plus"] = "coc_spend_plus"
    chip: Literal[10, 20]
    character: str | None = Field(default=None, min_length=1, max_length=80)

    def run(self, ctx: Context) -> None:
        state = coc_state(ctx)
        if state.ruleset != "coc6-a":
            raise EngineError("Only ruleset A has a modifier pool.")
        name = None
        if self.character is not None:
            _cid, sheet = coc_sheet(ctx, self.character)
            if sheet.npc:
                raise EngineError("Only an investigator can spend pool chips.")
            name = sheet.name
        after = pool.set_aside(state.pool, self.chip, name)
        ctx.emit(CocPlusSpent(chip=self.chip, character=name, pool=after))

    def label(self, lang: str = "ja") -> str:
        return render("Spend a plus chip", lang)


POOL_COMMANDS: tuple[type[CommandBase], ...] = (CocPayMinus, CocCancelChips, CocAddChip, CocSpendPlus)
