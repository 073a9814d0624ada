"""SAN checks, the game clock and psychoanalysis (MAD-A-1…3), and the end-of-session growth (GRW-A-2)."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from engine.coc6 import growth, madness, sanity
from engine.coc6.amounts import LossRoll
from engine.coc6.check_events import CocDecisionOpened, CocPoolUsed, CocSkillGrown
from engine.coc6.commands.access import a_options, b_options, coc_sheet, coc_state, emit_check, rolled_dice
from engine.coc6.sanity_events import CocClockAdvanced, CocMadnessBegan, CocMadnessTreated, CocSanLost, loss_record
from engine.core.commands import CommandBase, Context
from engine.errors import EngineError
from engine.i18n import render


class CocSanCheck(CommandBase):
    """A SAN check with its loss and the madness it causes (MAD-A-1, MAD-A-3; MAD-B-1).

    Ruleset A: the roll goes through the pool; with ``ask`` a critical or fumble
    of the SAN roll or of its アイデア roll waits for the GM's ruling (special
    effect or pool chip, CHK-A-4), answered by ``coc_decide``."""

    type: Literal["coc_san_check"] = "coc_san_check"
    character: str
    success_loss: LossRoll
    failure_loss: LossRoll
    long: bool = False
    content: str | None = Field(default=None, max_length=200)
    #: A: a C/F of the SAN or アイデア roll waits for the GM's ruling (CHK-A-4).
    ask: bool = False

    def run(self, ctx: Context) -> None:
        state = coc_state(ctx)
        cid, sheet = coc_sheet(ctx, self.character)
        new_state, _after, done = sanity.san_check(
            state, sheet, self.success_loss, self.failure_loss, ctx.dice, long=self.long, content=self.content,
            options=b_options(ctx), a_options=a_options(ctx), ask=self.ask, character=cid,
        )  # fmt: skip
        emit_check(ctx, done.check)
        if done.pool is not None:
            ctx.emit(CocPoolUsed(use=done.pool, chips=done.san_chips))
        loss = done.loss
        record = loss_record(done.loss_roll, sheet.name, ctx.state.ruleset, ctx.state.seq + 1)
        ctx.emit(CocSanLost(character=cid, loss=loss, sanity=new_state.sanity, record=record))
        if loss.idea is not None:
            emit_check(ctx, loss.idea)
        if done.idea_pool is not None:
            ctx.emit(CocPoolUsed(use=done.idea_pool, chips=new_state.pool.chips))
        for bout in (loss.temporary, loss.indefinite):
            if bout is not None:
                ctx.emit(CocMadnessBegan(actor=sheet.name, bout=bout, rule_ids=madness_rules(state.ruleset, bout)))
        if done.pending is not None:
            ctx.emit(CocDecisionOpened(decision=done.pending))

    def label(self, lang: str = "ja") -> str:
        return render("SAN check", lang)


def madness_rules(ruleset: str, bout: madness.Madness) -> tuple[str, ...]:
    """The rule a bout of madness cites: B's own MAD-B-1 in a B session, else MAD-A-1 or MAD-A-3."""
    if ruleset == "coc6-b":
        return ("MAD-B-1",)
    return ("MAD-A-3",) if bout.kind == "indefinite" else ("MAD-A-1",)


class CocAdvanceClock(CommandBase):
    """Advance the game clock (MAD-A-1 long madness ends, MAD-A-3's game hour)."""

    type: Literal["coc_advance_clock"] = "coc_advance_clock"
    minutes: int = Field(ge=1, le=60 * 24 * 365)

    def run(self, ctx: Context) -> None:
        state = coc_state(ctx)
        new_sanity, ended = madness.advance_clock(state.sanity, self.minutes)
        ctx.emit(CocClockAdvanced(minutes=self.minutes, ended=len(ended), sanity=new_sanity))

    def label(self, lang: str = "ja") -> str:
        return render("Advance the clock", lang)


class CocPsychoanalysis(CommandBase):
    """MAD-A-2/MAD-A-3: treat one madness with 〈精神分析〉."""

    type: Literal["coc_psychoanalysis"] = "coc_psychoanalysis"
    analyst: str
    patient: str
    kind: Literal["short", "long", "indefinite"]

    def run(self, ctx: Context) -> None:
        state = coc_state(ctx)
        _aid, analyst = coc_sheet(ctx, self.analyst)
        _pid, patient = coc_sheet(ctx, self.patient)
        new_sanity, done = madness.psychoanalysis(
            state.sanity, analyst, patient.name, self.kind, ctx.dice, in_combat=state.combat is not None
        )
        emit_check(ctx, done.check)
        ctx.emit(CocMadnessTreated(treatment=done, sanity=new_sanity))

    def label(self, lang: str = "ja") -> str:
        return render("Psychoanalysis", lang)


class CocSessionGrowth(CommandBase):
    """GRW-A-2: the end-of-session growth rolls of every marked skill, each logged."""

    type: Literal["coc_session_growth"] = "coc_session_growth"
    character: str

    def run(self, ctx: Context) -> None:
        cid, sheet = coc_sheet(ctx, self.character)
        _after, rolls = growth.end_of_session(sheet, ctx.dice)
        if not rolls:
            raise EngineError("{name} has no growth marks.", name=sheet.name)
        for one in rolls:
            ctx.emit(CocSkillGrown(character=cid, growth=one, dice=rolled_dice(ctx)))

    def label(self, lang: str = "ja") -> str:
        return render("Session growth", lang)


SANITY_COMMANDS: tuple[type[CommandBase], ...] = (CocSanCheck, CocAdvanceClock, CocPsychoanalysis, CocSessionGrowth)
