"""Checks from the sheet, and the GM's answer to a check that waits for it.

Ruleset A (CHK-A-1…4, GRW-A-1): a check rolls through the party pool and marks
growth.  Sent with ``ask``, an investigator's critical or fumble stops after
the roll with a pending decision in the slice; :class:`CocDecide` gives the
GM's ruling (special effect or pool chip) and finishes it.  The session keeps
the check and its answer as one step (:meth:`CocDecide.joined_with`), so one
undo takes back the whole check, and the die is rolled once.

Ruleset B (CHK-B-0…8): caps, the secret 〈心理学〉, the APP×5 pre-roll of a
first meeting carried into the interpersonal check (``first_meeting``), and
the SAN cost paid before a Mythos or Dream Lore roll.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from engine.coc6.check_events import CocDecided, CocDecisionOpened, CocGrowthMarked, CocPoolUsed, CocSanPaid
from engine.coc6.checks import app_preroll, check, lore_check
from engine.coc6.commands.access import (
    a_options,
    b_options,
    coc_sheet,
    coc_state,
    emit_app_preroll,
    emit_check,
    rolled_dice,
)
from engine.coc6.commands.sanity import CocSanCheck
from engine.coc6.conditions import attack_modifier
from engine.coc6.house_a import investigator_check, rule_pending
from engine.coc6.sheet import CocSheet
from engine.core.commands import CommandBase, Context
from engine.dice.rng import DiceSource
from engine.errors import EngineError
from engine.i18n import render


class CocCheck(CommandBase):
    """A check from the sheet: A through the pool with its growth mark (CHK-A-1…4,
    GRW-A-1); B with its caps and secret 〈心理学〉 (CHK-B-0…7)."""

    type: Literal["coc_check"] = "coc_check"
    character: str
    what: str = Field(min_length=1, max_length=60)
    modifier: int = Field(default=0, ge=-200, le=200)
    #: A: the plus chips the player spends on this check.
    spend_plus: tuple[int, ...] = ()
    #: A: the GM's answer to "special effect or pool?" for a C/F, given up front
    #: (None: ask the GM when ``ask``, else the option's default).
    choice: Literal["pool", "special_effect"] | None = None
    #: A: an investigator's C/F waits for the GM's ruling (``coc_decide``) instead
    #: of taking the option's default.
    ask: bool = False
    #: B (CHK-B-7): a first meeting without hostile feelings — the APP×5 roll
    #: comes first and its +15/−20 goes into this check.
    first_meeting: bool = False
    #: In combat: add the attacker's condition modifiers (CND-B-1 tear gas…).
    attack: bool = False
    #: DICE-2: the physical dice the keeper typed (出目入力), used before the session's dice.
    dice: tuple[int, ...] | None = Field(default=None, min_length=1, max_length=10)

    def run(self, ctx: Context) -> None:
        state = coc_state(ctx)
        if self.dice is not None:
            ctx.dice = DiceSource(ctx.dice.state, self.dice)
        cid, sheet = coc_sheet(ctx, self.character)
        modifier = self.modifier
        if self.attack and state.combat is not None and sheet.name in state.combat.combatants:
            modifier += attack_modifier(state.combat.get(sheet.name).conditions)
        if state.ruleset == "coc6-a":
            if self.first_meeting:
                raise EngineError("The APP×5 roll of a first meeting belongs to ruleset B.")
            new_state, _sheet, done = investigator_check(
                state, sheet, self.what, ctx.dice, spend_plus=self.spend_plus, modifier=modifier,
                choice=self.choice, options=a_options(ctx), ask=self.ask, character=cid,
            )  # fmt: skip
            emit_check(ctx, done.check)
            if done.pending is not None:
                ctx.emit(CocDecisionOpened(decision=done.pending))
                return
            if done.pool is not None and sheet.npc is False:
                ctx.emit(CocPoolUsed(use=done.pool, chips=new_state.pool.chips))
            if done.growth is not None:
                ctx.emit(CocGrowthMarked(character=cid, mark=done.growth))
            return
        if self.spend_plus:
            raise EngineError("Only ruleset A has a modifier pool.")
        if self.first_meeting:
            preroll = app_preroll(sheet, self.what, ctx.dice, first_meeting=True, hostile_feelings=False)
            emit_app_preroll(ctx, preroll)
            modifier += preroll.modifier
        result = check(sheet, self.what, "coc6-b", ctx.dice, modifier=modifier, options=b_options(ctx))
        emit_check(ctx, result)

    def label(self, lang: str = "ja") -> str:
        return render("Check {what}", lang, what=self.what)


class CocDecide(CommandBase):
    """The GM's answer to the decision a check waits for (CHK-A-4: special effect or pool chip).

    ``check`` is set when the session records the check and this answer as one
    step: run from before the check (a replay), it rolls the check first."""

    type: Literal["coc_decide"] = "coc_decide"
    choice: Literal["pool", "special_effect"]
    check: CocCheck | CocSanCheck | None = None

    def run(self, ctx: Context) -> None:
        state = coc_state(ctx, answering=True)
        if state.pending is None and self.check is not None:
            self.check.run(ctx)
            state = coc_state(ctx, answering=True)
        decision = state.pending
        if decision is None:
            raise EngineError("No decision is pending.")
        character = ctx.state.characters.get(decision.character)
        sheet = character.sheet if character is not None else None
        if not isinstance(sheet, CocSheet):  # removed while the ruling waited: only undo is left
            raise EngineError("{name} has no investigator sheet yet.", name=decision.check.actor)
        new_state, _sheet, ruled = rule_pending(state, sheet, self.choice)
        ctx.emit(CocDecided(decision=decision, choice=self.choice))
        ctx.emit(CocPoolUsed(use=ruled.pool, chips=new_state.pool.chips))
        if ruled.growth is not None:
            ctx.emit(CocGrowthMarked(character=decision.character, mark=ruled.growth))
        if decision.then is not None:  # the アイデア roll's C/F after a SAN roll's: on the pool as it is now
            ctx.emit(CocDecisionOpened(decision=decision.then.model_copy(update={"chips": new_state.pool.chips})))

    def joined_with(self, opened: CommandBase) -> CommandBase | None:
        """The one command the session records for the open check and this answer (None: no open check on top)."""
        if self.check is None and isinstance(opened, (CocCheck, CocSanCheck)) and opened.ask:
            return self.model_copy(update={"check": opened})
        return None

    def label(self, lang: str = "ja") -> str:
        if self.check is not None:
            return self.check.label(lang)
        return render("Rule on a critical or fumble", lang)


class CocAppPreroll(CommandBase):
    """CHK-B-7: the APP×5 roll before 言いくるめ/説得/信用 on a first meeting, on its own.

    A check with ``first_meeting`` rolls it and carries its +15/−20 in one step;
    this command stays for scripts and files that rolled it apart."""

    type: Literal["coc_app_preroll"] = "coc_app_preroll"
    character: str
    skill: str = Field(min_length=1, max_length=60)
    first_meeting: bool = True
    hostile_feelings: bool = False

    def run(self, ctx: Context) -> None:
        coc_state(ctx)
        _cid, sheet = coc_sheet(ctx, self.character)
        emit_app_preroll(ctx, app_preroll(sheet, self.skill, ctx.dice, first_meeting=self.first_meeting,
                                          hostile_feelings=self.hostile_feelings))  # fmt: skip

    def label(self, lang: str = "ja") -> str:
        return render("APP roll before {skill}", lang, skill=self.skill)


class CocLoreCheck(CommandBase):
    """CHK-B-8: the SAN cost the GM names is paid first, then クトゥルフ神話 / 夢の知識 is rolled (CHK-B-5)."""

    type: Literal["coc_lore_check"] = "coc_lore_check"
    character: str
    what: str = Field(min_length=1, max_length=60)
    san_cost: int = Field(ge=0, le=99)

    def run(self, ctx: Context) -> None:
        coc_state(ctx)
        cid, sheet = coc_sheet(ctx, self.character)
        _after, paid, result = lore_check(sheet, self.what, self.san_cost, ctx.dice, options=b_options(ctx))
        ctx.emit(CocSanPaid(character=cid, paid=paid, dice=rolled_dice(ctx)))
        emit_check(ctx, result)

    def label(self, lang: str = "ja") -> str:
        return render("Check {what}", lang, what=self.what)


CHECK_COMMANDS: tuple[type[CommandBase], ...] = (CocCheck, CocDecide, CocAppPreroll, CocLoreCheck)
