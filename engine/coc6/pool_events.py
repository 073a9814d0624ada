"""Typed events of ruleset A's party pool handled by hand (CHK-A-3/4).

Each names the chips it leaves and, for a payment, the sheet value it took —
not a snapshot of the whole CoC slice.  A check's own use of the pool is
:class:`~engine.coc6.check_events.CocPoolUsed`.
"""

from __future__ import annotations

from typing import Literal

from engine.coc6.check_events import coc_of, coc_sheet_of, touch_sheet, with_coc, with_rules
from engine.coc6.events import with_coc_sheet
from engine.coc6.pool import MinusPaid, PartyPool
from engine.coc6.sheet import updated
from engine.coc6.texts import fact_text
from engine.core.changes import Area, Changes
from engine.core.events import EventBase
from engine.core.state import State
from engine.dice.rng import DiceState
from engine.i18n import render


def _chips(chips: tuple[int, ...]) -> str:
    return " ".join(f"{c:+d}" for c in chips) or "-"


class CocChipAdded(EventBase):
    """CHK-A-4: a chip the GM puts into the pool (a C/F ruled for the pool after all, or by hand)."""

    type: Literal["coc_chip_added"] = "coc_chip_added"
    chip: int
    chips: tuple[int, ...]

    def apply(self, state: State) -> State:
        return with_coc(state, pool=coc_of(state).pool.with_chips(self.chips))

    def touch(self, changes: Changes) -> None:
        changes.areas.update((Area.LOG, Area.CHARACTERS))

    def describe(self, lang: str = "ja") -> str:
        text = render(
            "The GM adds a {chip} chip; pool: {chips}", lang, chip=f"{self.chip:+d}", chips=_chips(self.chips)
        )
        return with_rules(text, ("CHK-A-4",))


class CocChipsCancelled(EventBase):
    """CHK-A-3: a plus chip cancels a minus chip; a leftover stays as one chip."""

    type: Literal["coc_chips_cancelled"] = "coc_chips_cancelled"
    plus: int
    minus: int
    chips: tuple[int, ...]

    def apply(self, state: State) -> State:
        return with_coc(state, pool=coc_of(state).pool.with_chips(self.chips))

    def touch(self, changes: Changes) -> None:
        changes.areas.update((Area.LOG, Area.CHARACTERS))

    def describe(self, lang: str = "ja") -> str:
        detail = {"plus": self.plus, "minus": self.minus, "chips": list(self.chips)}
        return with_rules(fact_text("pool_cancel", detail, lang), ("CHK-A-3",))


class CocMinusPaid(EventBase):
    """CHK-A-3: the acting investigator paid 1d3 HP or SAN to remove a minus chip."""

    type: Literal["coc_minus_paid"] = "coc_minus_paid"
    character: str
    paid: MinusPaid
    chips: tuple[int, ...]
    dice: DiceState | None = None

    def apply(self, state: State) -> State:
        sheet = updated(coc_sheet_of(state, self.character), **{self.paid.resource: self.paid.after})
        state = with_coc(with_coc_sheet(state, self.character, sheet), pool=coc_of(state).pool.with_chips(self.chips))
        return state.model_copy(update={"dice": self.dice}) if self.dice is not None else state

    def touch(self, changes: Changes) -> None:
        touch_sheet(changes, self.character)
        if self.dice is not None:
            changes.areas.add(Area.DICE)

    def describe(self, lang: str = "ja") -> str:
        return with_rules(fact_text("minus_paid", self.paid.model_dump(mode="json"), lang), self.paid.rule_ids)


class CocPlusSpent(EventBase):
    """CHK-A-3: a plus chip spent at will — now, or set aside for an investigator's next check."""

    type: Literal["coc_plus_spent"] = "coc_plus_spent"
    chip: int
    #: The investigator whose next check takes it (None: spent now).
    character: str | None = None
    pool: PartyPool

    def apply(self, state: State) -> State:
        return with_coc(state, pool=self.pool)

    def touch(self, changes: Changes) -> None:
        changes.areas.update((Area.LOG, Area.CHARACTERS))

    def describe(self, lang: str = "ja") -> str:
        if self.character is None:
            text = render("The keeper spends a {chip} chip now; pool: {chips}", lang, chip=f"{self.chip:+d}",
                          chips=_chips(self.pool.chips))  # fmt: skip
        else:
            text = render("A {chip} chip is set aside for {name}'s next check; pool: {chips}", lang,
                          chip=f"{self.chip:+d}", name=self.character, chips=_chips(self.pool.chips))  # fmt: skip
        return with_rules(text, ("CHK-A-3",))


POOL_EVENTS: tuple[type[EventBase], ...] = (CocChipAdded, CocChipsCancelled, CocMinusPaid, CocPlusSpent)
