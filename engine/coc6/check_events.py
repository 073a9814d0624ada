"""Typed events of CoC checks: the roll, the APP×5 pre-roll, the pool a check
used, the GM's ruling, the growth mark and growth roll, the SAN paid first.

Each carries its domain fact as a model (no ``detail`` dict) and changes only
what it names — the dice, the pool's chips, the pending decision, one sheet
field — instead of a snapshot of the whole slice or sheet.  Where the older
:class:`~engine.coc6.events.CocFact` told the same fact, the log line is the
very sentence it printed, so a log reads the same whichever event a file holds.
"""

from __future__ import annotations

from typing import Any, Literal

from engine.coc6.checks import AppPreroll, CheckResult, SanPaid
from engine.coc6.decisions import PendingDecision, opened_text
from engine.coc6.events import COC_SLICE, check_record, with_coc_sheet
from engine.coc6.growth import GrowthMarked, GrowthRoll, grown, with_mark
from engine.coc6.pool import Choice, PoolUse
from engine.coc6.sheet import CocSheet, updated
from engine.coc6.state import CocState
from engine.coc6.texts import fact_text
from engine.core.changes import Area, Changes
from engine.core.events import EventBase
from engine.core.state import RollRecord, State
from engine.dice.rng import DiceState
from engine.i18n import render


def coc_of(state: State) -> CocState:
    """The CoC slice of ``state`` (a fresh one before any fact changed it)."""
    found = state.slices.get(COC_SLICE)
    if isinstance(found, CocState):
        return found
    return CocState.model_validate({"ruleset": state.ruleset})


def with_coc(state: State, **update: Any) -> State:
    return state.with_slice(COC_SLICE, coc_of(state).model_copy(update=update))


def coc_sheet_of(state: State, character: str) -> CocSheet:
    """The investigator sheet an event changes (the command that emitted it found it there)."""
    sheet = state.characters[character].sheet
    if not isinstance(sheet, CocSheet):  # pragma: no cover - the command checked it
        raise TypeError(f"{character} has no investigator sheet")
    return sheet


def touch_sheet(changes: Changes, character: str) -> None:
    changes.areas.update((Area.LOG, Area.CHARACTERS))
    changes.characters.add(character)


def with_rules(text: str, rule_ids: tuple[str, ...]) -> str:
    return f"{text} [{', '.join(rule_ids)}]" if rule_ids else text


class _Rolled(EventBase):
    """An event whose fact rolled dice: it carries where the generator stood after them."""

    #: The dice generator after the roll (None: nothing rolled).
    dice: DiceState | None = None

    def apply(self, state: State) -> State:
        return state.model_copy(update={"dice": self.dice}) if self.dice is not None else state

    def touch(self, changes: Changes) -> None:
        changes.areas.add(Area.LOG)
        if self.dice is not None:
            changes.areas.add(Area.DICE)


class CocChecked(_Rolled):
    """One check rolled from a sheet (CHK-A-1/2, CHK-B-0…6), as the dice bot prints it."""

    type: Literal["coc_checked"] = "coc_checked"
    result: CheckResult
    #: The roll for the dice box and the players' feed (a secret check stays secret).
    record: RollRecord | None = None

    @classmethod
    def of(cls, result: CheckResult, dice: DiceState | None, seq: int) -> CocChecked:
        detail = result.model_dump(mode="json")
        return cls(result=result, dice=dice, record=check_record("check", detail, result.rule_ids, seq))

    def describe(self, lang: str = "ja") -> str:
        return with_rules(fact_text("check", self.result.model_dump(mode="json"), lang), self.result.rule_ids)


class CocAppRolled(_Rolled):
    """CHK-B-7: the APP×5 roll of a first meeting, its +15/−20 carried into the check that follows."""

    type: Literal["coc_app_rolled"] = "coc_app_rolled"
    preroll: AppPreroll

    def describe(self, lang: str = "ja") -> str:
        return with_rules(fact_text("app_preroll", self.preroll.model_dump(mode="json"), lang), self.preroll.rule_ids)


class CocPoolUsed(EventBase):
    """CHK-A-3/4: what a check did to the party pool, and the chips it left."""

    type: Literal["coc_pool_used"] = "coc_pool_used"
    use: PoolUse
    chips: tuple[int, ...]

    def apply(self, state: State) -> State:
        return with_coc(state, pool=coc_of(state).pool.with_chips(self.chips, used_by=self.use.actor))

    def touch(self, changes: Changes) -> None:
        changes.areas.update((Area.LOG, Area.CHARACTERS))

    def describe(self, lang: str = "ja") -> str:
        text = fact_text("pool", self.use.model_dump(mode="json") | {"chips": list(self.chips)}, lang)
        return with_rules(text, self.use.rule_ids)


class CocDecisionOpened(EventBase):
    """A check waits for the GM: the decision is kept in the slice until ``coc_decide`` answers it."""

    type: Literal["coc_decision_opened"] = "coc_decision_opened"
    decision: PendingDecision

    def apply(self, state: State) -> State:
        return with_coc(state, pending=self.decision)

    def touch(self, changes: Changes) -> None:
        changes.areas.update((Area.LOG, Area.CHARACTERS))

    def describe(self, lang: str = "ja") -> str:
        return with_rules(opened_text(self.decision, lang), ("CHK-A-4",))


class CocDecided(EventBase):
    """The GM's answer to the pending decision; the check it belonged to is finished."""

    type: Literal["coc_decided"] = "coc_decided"
    decision: PendingDecision
    choice: Choice

    def apply(self, state: State) -> State:
        return with_coc(state, pending=None)

    def touch(self, changes: Changes) -> None:
        changes.areas.update((Area.LOG, Area.CHARACTERS))

    def describe(self, lang: str = "ja") -> str:
        check = self.decision.check
        if self.choice == "special_effect":
            text = render("The GM gives {actor}'s {what} a special effect.", lang, actor=check.actor, what=check.what)
        else:
            text = render("The GM puts {actor}'s {what} into the pool as a chip.", lang, actor=check.actor,
                          what=check.what)  # fmt: skip
        return with_rules(text, ("CHK-A-4",))


class CocGrowthMarked(EventBase):
    """GRW-A-1: the mark a check put on its skill (a better mark already there stays)."""

    type: Literal["coc_growth_marked"] = "coc_growth_marked"
    character: str
    mark: GrowthMarked

    def apply(self, state: State) -> State:
        sheet = with_mark(coc_sheet_of(state, self.character), self.mark.skill, self.mark.mark)
        return with_coc_sheet(state, self.character, sheet)

    def touch(self, changes: Changes) -> None:
        touch_sheet(changes, self.character)

    def describe(self, lang: str = "ja") -> str:
        return with_rules(fact_text("growth_mark", self.mark.model_dump(mode="json"), lang), self.mark.rule_ids)


class CocSkillGrown(EventBase):
    """GRW-A-2: one marked skill's end-of-session growth, every die inside."""

    type: Literal["coc_skill_grown"] = "coc_skill_grown"
    character: str
    growth: GrowthRoll
    dice: DiceState | None = None

    def apply(self, state: State) -> State:
        state = with_coc_sheet(state, self.character, grown(coc_sheet_of(state, self.character), self.growth))
        return state.model_copy(update={"dice": self.dice}) if self.dice is not None else state

    def touch(self, changes: Changes) -> None:
        touch_sheet(changes, self.character)
        if self.dice is not None:
            changes.areas.add(Area.DICE)

    def describe(self, lang: str = "ja") -> str:
        return with_rules(fact_text("growth_roll", self.growth.model_dump(mode="json"), lang), self.growth.rule_ids)


class CocSanPaid(EventBase):
    """CHK-B-8: the SAN a Mythos or Dream Lore roll cost, paid before it."""

    type: Literal["coc_san_paid"] = "coc_san_paid"
    character: str
    paid: SanPaid
    #: The dice generator after the roll that follows (the rule rolls it with the payment).
    dice: DiceState | None = None

    def apply(self, state: State) -> State:
        state = with_coc_sheet(state, self.character, updated(coc_sheet_of(state, self.character),
                                                              san=self.paid.san_after))  # fmt: skip
        return state.model_copy(update={"dice": self.dice}) if self.dice is not None else state

    def touch(self, changes: Changes) -> None:
        touch_sheet(changes, self.character)
        if self.dice is not None:
            changes.areas.add(Area.DICE)

    def describe(self, lang: str = "ja") -> str:
        return with_rules(fact_text("san_paid", self.paid.model_dump(mode="json"), lang), self.paid.rule_ids)


CHECK_EVENTS: tuple[type[EventBase], ...] = (
    CocChecked, CocAppRolled, CocPoolUsed, CocDecisionOpened, CocDecided, CocGrowthMarked, CocSkillGrown, CocSanPaid,
)  # fmt: skip
