"""Typed events of SAN and madness (MAD-A-1…3): a SAN loss, the madness it began,
the game clock, a psychoanalysis.

Each names what it changes — the sheet's SAN and the sanity part of the CoC
slice (the clock, the losses, the bouts of madness) — and its log line is the
sentence the older :class:`~engine.coc6.events.CocFact` of the fact printed.
"""

from __future__ import annotations

from typing import Literal

from engine.coc6.check_events import coc_sheet_of, touch_sheet, with_coc, with_rules
from engine.coc6.events import with_coc_sheet
from engine.coc6.madness import Madness, SanityState, SanLossFacts, Treatment
from engine.coc6.rolls import Rolled
from engine.coc6.sheet import updated
from engine.coc6.texts import fact_text
from engine.core.changes import Area, Changes
from engine.core.events import EventBase
from engine.core.state import RollRecord, State
from engine.i18n import render


class CocSanLost(EventBase):
    """A SAN loss: the sheet's SAN and the sanity record (losses, madness) after it."""

    type: Literal["coc_san_lost"] = "coc_san_lost"
    character: str
    loss: SanLossFacts
    sanity: SanityState
    #: The loss die as the dice bot prints it, for the dice box and the players' feed
    #: (None: a fixed loss rolled no die, or a file written before the loss die was shown).
    record: RollRecord | None = None

    def apply(self, state: State) -> State:
        sheet = updated(coc_sheet_of(state, self.character), san=self.loss.san_after)
        return with_coc(with_coc_sheet(state, self.character, sheet), sanity=self.sanity)

    def touch(self, changes: Changes) -> None:
        touch_sheet(changes, self.character)

    def describe(self, lang: str = "ja") -> str:
        rules = tuple(r for r in self.loss.rule_ids if r)
        return with_rules(fact_text("san", self.loss.model_dump(mode="json"), lang), rules)


class CocMadnessBegan(EventBase):
    """MAD-A-1/MAD-A-3: a bout of madness a SAN loss began (kept in the sanity record by the loss)."""

    type: Literal["coc_madness_began"] = "coc_madness_began"
    actor: str
    bout: Madness
    #: The rule IDs the session's ruleset cites (None: files written before — A's).
    rule_ids: tuple[str, ...] | None = None

    def apply(self, state: State) -> State:
        return state

    def touch(self, changes: Changes) -> None:
        changes.areas.add(Area.LOG)

    def describe(self, lang: str = "ja") -> str:
        bout = self.bout
        detail = bout.model_dump(mode="json") | {"actor": self.actor}
        text = fact_text("madness", detail, lang)
        duration = bout.duration()
        if duration is not None:
            expression, total = duration
            if bout.kind == "short":
                text += render(": duration {expression} = {total} rounds", lang, expression=expression, total=total)
            elif bout.kind == "long":
                text += render(": duration {expression} = {total} hours", lang, expression=expression, total=total)
            else:
                text += render(": duration {expression} = {total} months", lang, expression=expression, total=total)
        if bout.table_roll is not None:
            text += render(", content 1D10 = {die} (the rulebook's madness table)", lang, die=bout.table_roll)
        rules = self.rule_ids
        if rules is None:
            rules = ("MAD-A-1",) if bout.kind != "indefinite" else ("MAD-A-3",)
        return with_rules(text, rules)


class CocClockAdvanced(EventBase):
    """The game clock moved on (MAD-A-1: long madness may end; MAD-A-3's game hour)."""

    type: Literal["coc_clock_advanced"] = "coc_clock_advanced"
    minutes: int
    #: How many bouts of madness ended with it.
    ended: int
    sanity: SanityState

    def apply(self, state: State) -> State:
        return with_coc(state, sanity=self.sanity)

    def touch(self, changes: Changes) -> None:
        changes.areas.update((Area.LOG, Area.CHARACTERS))

    def describe(self, lang: str = "ja") -> str:
        detail = {"minutes": self.minutes, "minute": self.sanity.minute, "ended": self.ended}
        return with_rules(fact_text("clock", detail, lang), ("MAD-A-1",) if self.ended else ())


class CocMadnessTreated(EventBase):
    """MAD-A-2/MAD-A-3: a psychoanalysis and the sanity record after it."""

    type: Literal["coc_madness_treated"] = "coc_madness_treated"
    treatment: Treatment
    sanity: SanityState

    def apply(self, state: State) -> State:
        return with_coc(state, sanity=self.sanity)

    def touch(self, changes: Changes) -> None:
        changes.areas.update((Area.LOG, Area.CHARACTERS))

    def describe(self, lang: str = "ja") -> str:
        return with_rules(fact_text("treatment", self.treatment.model_dump(mode="json"), lang),
                          self.treatment.rule_ids)  # fmt: skip


SANITY_EVENTS: tuple[type[EventBase], ...] = (CocSanLost, CocMadnessBegan, CocClockAdvanced, CocMadnessTreated)


#: The comment of a SAN loss die in the dice box and the roll feed (the seeds' word for the loss).
SAN_LOSS_COMMENT = "SAN減少"


def loss_record(rolled: Rolled, actor: str, ruleset: str, seq: int) -> RollRecord | None:
    """The SAN loss die (``1D6``, ``1D10+1``…) as a roll record: its own dice replayed as typed
    dice through the dice bot, so the line reads as BCDice prints it; None when the loss
    is a fixed number (no die to show)."""
    from engine.dice.bcdice import evaluate
    from engine.dice.rng import DiceSource, DiceState
    from engine.errors import EngineError
    from engine.rulesets import registry

    if not rolled.dice:
        return None
    try:
        text = f"{rolled.expression} {SAN_LOSS_COMMENT}"
        result = evaluate(text, ruleset, registry.default_options(ruleset), DiceSource(DiceState(), rolled.dice))
    except EngineError:
        return None
    return RollRecord(seq=seq, by=actor, reason="san_loss", result=result)
