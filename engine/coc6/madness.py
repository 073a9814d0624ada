"""Ruleset A's sanity losses and madness (MAD-A-1, MAD-A-2, MAD-A-3).

The game clock (minutes of game time, advanced by the GM) decides whether SAN
losses fall "within one game hour" for indefinite madness; short temporary
madness counts down in combat rounds, long temporary madness ends on the clock.

Readings: "20% of SAN" is measured against SAN before the first loss inside
the hour window (5 × losses ≥ that SAN, no rounding); a window is the last 60
game minutes including the current minute; an active, unsuppressed indefinite
madness is not started a second time.
"""

from __future__ import annotations

from typing import Literal

from engine.coc6.checks import CheckResult, check
from engine.coc6.model import CocModel
from engine.coc6.rolls import roll
from engine.coc6.sheet import CocSheet, updated
from engine.dice.rng import DiceSource
from engine.errors import EngineError

MadnessKind = Literal["short", "long", "indefinite"]
PSYCHOANALYSIS = "精神分析"


class SanLoss(CocModel):
    minute: int
    amount: int
    san_before: int


class Madness(CocModel):
    """One bout of madness of one investigator."""

    kind: MadnessKind
    started_minute: int
    #: 1d10 on the madness table, or None when the player/scenario chose the content.
    table_roll: int | None = None
    content: str = ""
    #: short: rounds left (MAD-A-1).
    rounds_left: int | None = None
    #: long: the game minute it ends (MAD-A-1).
    ends_minute: int | None = None
    #: indefinite: months (MAD-A-3).
    months: int | None = None
    #: indefinite: 〈精神分析〉 restored sanity for a while (MAD-A-3).
    suppressed: bool = False

    def duration(self) -> tuple[str, int] | None:
        """The duration roll and its total: 1D10+1D4 rounds, 1D10+10 hours, 1D6 months (MAD-A-1, MAD-A-3)."""
        if self.kind == "short" and self.rounds_left is not None:
            return "1D10+1D4", self.rounds_left
        if self.kind == "long" and self.ends_minute is not None:
            return "1D10+10", (self.ends_minute - self.started_minute) // 60
        if self.kind == "indefinite" and self.months is not None:
            return "1D6", self.months
        return None


class SanityState(CocModel):
    """The ruleset-A sanity part of the CoC state slice."""

    minute: int = 0
    losses: dict[str, tuple[SanLoss, ...]] = {}
    madness: dict[str, tuple[Madness, ...]] = {}

    def active(self, name: str) -> tuple[Madness, ...]:
        return self.madness.get(name, ())


class SanLossFacts(CocModel):
    actor: str
    loss: int
    san_before: int
    san_after: int
    idea: CheckResult | None = None
    temporary: Madness | None = None
    indefinite: Madness | None = None
    retriggered: bool = False
    rule_ids: tuple[str, ...] = ()


def advance_clock(state: SanityState, minutes: int) -> tuple[SanityState, tuple[Madness, ...]]:
    """The GM advances game time; long temporary madness past its end is over."""
    if minutes < 0:
        raise EngineError("The game clock cannot go back ({minutes} minutes).", minutes=minutes)
    now = state.minute + minutes
    ended: list[Madness] = []
    madness: dict[str, tuple[Madness, ...]] = {}
    for name, bouts in state.madness.items():
        keep = []
        for bout in bouts:
            if bout.kind == "long" and bout.ends_minute is not None and bout.ends_minute <= now:
                ended.append(bout)
            else:
                keep.append(bout)
        madness[name] = tuple(keep)
    return state.model_copy(update={"minute": now, "madness": madness}), tuple(ended)


def end_round(state: SanityState) -> SanityState:
    """A combat round passed: short temporary madness counts down (MAD-A-1)."""
    madness: dict[str, tuple[Madness, ...]] = {}
    for name, bouts in state.madness.items():
        keep = []
        for bout in bouts:
            if bout.kind == "short" and bout.rounds_left is not None:
                if bout.rounds_left <= 1:
                    continue
                bout = bout.model_copy(update={"rounds_left": bout.rounds_left - 1})
            keep.append(bout)
        madness[name] = tuple(keep)
    return state.model_copy(update={"madness": madness})


def lose_san(
    state: SanityState,
    sheet: CocSheet,
    loss: int,
    dice: DiceSource,
    *,
    long: bool = False,
    content: str | None = None,
    ruleset: str = "coc6-a",
) -> tuple[SanityState, CocSheet, SanLossFacts]:
    """Apply one SAN check's loss and the madness it causes (MAD-A-1, MAD-A-3).

    ``long`` is the GM's call to make a temporary madness long; ``content`` is
    the player's or scenario's choice instead of the 1d10 table roll.  A
    ``coc6-b`` session cites its own MAD-B-1 (the rulebook's madness, which A's
    rules are), never A's rule IDs.
    """
    if loss < 0:
        raise EngineError("A SAN loss cannot be negative ({loss}).", loss=loss)
    before = sheet.san
    after = max(before - loss, 0)
    sheet = updated(sheet, san=after)
    name = sheet.name
    rules: list[str] = []
    losses = (*state.losses.get(name, ()), SanLoss(minute=state.minute, amount=loss, san_before=before))
    bouts = list(state.active(name))
    idea = temporary = indefinite = None
    retriggered = False
    if loss >= 5:
        rules.append("MAD-A-1")
        idea = check(sheet, "アイデア", "coc6-b" if ruleset == "coc6-b" else "coc6-a", dice)
        if idea.success:
            temporary = _temporary(state.minute, dice, long=long, content=content)
            bouts.append(temporary)
    if loss >= 1:
        for i, bout in enumerate(bouts):
            if bout.kind == "indefinite" and bout.suppressed:
                bouts[i] = bout.model_copy(update={"suppressed": False})
                retriggered = True
                rules.append("MAD-A-3")
    window = [x for x in losses if state.minute - x.minute < 60]
    has_indefinite = any(b.kind == "indefinite" for b in bouts)
    if window and not has_indefinite and 5 * sum(x.amount for x in window) >= window[0].san_before > 0:
        months = roll(dice, "1D6")
        indefinite = Madness(kind="indefinite", started_minute=state.minute, months=months.total, content=content or "")
        bouts.append(indefinite)
        rules.append("MAD-A-3")
    if ruleset == "coc6-b" and rules:
        rules = ["MAD-B-1"]
    new_state = state.model_copy(
        update={"losses": state.losses | {name: losses}, "madness": state.madness | {name: tuple(bouts)}}
    )
    facts = SanLossFacts(
        actor=name,
        loss=loss,
        san_before=before,
        san_after=after,
        idea=idea,
        temporary=temporary,
        indefinite=indefinite,
        retriggered=retriggered,
        rule_ids=tuple(dict.fromkeys(rules)),
    )
    return new_state, sheet, facts


def _temporary(minute: int, dice: DiceSource, *, long: bool, content: str | None) -> Madness:
    """MAD-A-1: short 1d10+1d4 rounds, long 1d10+10 hours; content by 1d10 unless chosen."""
    duration = roll(dice, "1D10+10" if long else "1D10+1D4")
    table_roll = None if content else dice.die(10)
    if long:
        return Madness(
            kind="long",
            started_minute=minute,
            ends_minute=minute + duration.total * 60,
            table_roll=table_roll,
            content=content or "",
        )
    return Madness(
        kind="short", started_minute=minute, rounds_left=duration.total, table_roll=table_roll, content=content or ""
    )


class Treatment(CocModel):
    analyst: str
    patient: str
    kind: MadnessKind
    check: CheckResult
    cured: bool
    suppressed: bool
    minutes_spent: int
    rule_ids: tuple[str, ...]


def psychoanalysis(
    state: SanityState,
    analyst: CocSheet,
    patient: str,
    kind: MadnessKind,
    dice: DiceSource,
    *,
    in_combat: bool,
) -> tuple[SanityState, Treatment]:
    """MAD-A-2/MAD-A-3: treat one madness with 〈精神分析〉.

    Short: on the spot, also in combat.  Long: one hour in a calm place, never
    in combat (the clock advances 60 minutes).  Indefinite: a success restores
    sanity for a while (the madness is suppressed until SAN is lost again).
    """
    bouts = list(state.active(patient))
    index = next((i for i, b in enumerate(bouts) if b.kind == kind and not b.suppressed), None)
    if index is None and kind == "short":
        raise EngineError("{name} has no short temporary madness to treat.", name=patient)
    if index is None and kind == "long":
        raise EngineError("{name} has no long temporary madness to treat.", name=patient)
    if index is None:
        raise EngineError("{name} has no indefinite madness to treat.", name=patient)
    if kind == "long" and in_combat:
        raise EngineError("Long temporary madness cannot be treated during combat.")
    spent = 60 if kind == "long" else 0
    result = check(analyst, PSYCHOANALYSIS, "coc6-a", dice)
    cured = suppressed = False
    if result.success and kind == "indefinite":
        bouts[index] = bouts[index].model_copy(update={"suppressed": True})
        suppressed = True
    elif result.success:
        del bouts[index]
        cured = True
    state = state.model_copy(update={"madness": state.madness | {patient: tuple(bouts)}})
    if spent:
        state, _ = advance_clock(state, spent)
    treatment = Treatment(
        analyst=analyst.name,
        patient=patient,
        kind=kind,
        check=result,
        cured=cured,
        suppressed=suppressed,
        minutes_spent=spent,
        rule_ids=("MAD-A-3",) if kind == "indefinite" else ("MAD-A-2",),
    )
    return state, treatment
