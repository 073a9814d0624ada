"""The lingering bone (MAP-5) and the crossing (INV-9) by hand: the GM sets the
bone's secret square and may reveal it.  The card itself sits in the table's
secret pile (the Upland slice's ``bone``), filled by the Upland set-up; stored ``type``
values are those of the free board commands these once were.
"""

from __future__ import annotations

from typing import Literal

from engine.core.changes import Area, Changes
from engine.core.commands import CommandBase, Context
from engine.core.events import EventBase
from engine.core.state import State
from engine.errors import EngineError
from engine.i18n import render
from engine.table.piles import require_square, require_started
from engine.table.places import CardFlags
from engine.upland.slice import SLICE_ID, bone_of, with_table


class BoneSet(EventBase):
    """MAP-5: the GM set or moved the lingering bone secretly."""

    type: Literal["bone_set"] = "bone_set"
    square: str | None
    previous: str | None

    def apply(self, state: State) -> State:
        return with_table(state, bone=bone_of(state).model_copy(update={"square": self.square}))

    def touch(self, changes: Changes) -> None:
        changes.slices.add(SLICE_ID)

    def describe(self, lang: str = "ja") -> str:
        if self.square is None:
            return render("The lingering bone was taken off the map (secret).", lang)
        return render("The lingering bone was set on {square} (secret).", lang, square=self.square)


class BoneRevealed(EventBase):
    """INV-9: the crossing — the bone is stacked face up on top of its square."""

    type: Literal["bone_revealed"] = "bone_revealed"
    card: str
    square: str

    def apply(self, state: State) -> State:
        squares = dict(state.squares)
        squares[self.square] = (self.card,) + squares.get(self.square, ())
        flags = dict(state.flags)
        flags[self.card] = CardFlags(face_up=True)
        bone = bone_of(state).model_copy(update={"revealed": True, "card": None})
        return with_table(state.model_copy(update={"squares": squares, "flags": flags}), bone=bone)

    def touch(self, changes: Changes) -> None:
        changes.areas |= {Area.SQUARES, Area.CARDS}
        changes.slices.add(SLICE_ID)
        changes.squares.add(self.square)
        changes.cards.add(self.card)

    def describe(self, lang: str = "ja") -> str:
        return render("The crossing: the lingering bone appears on {square}.", lang, square=self.square)


class SetBone(CommandBase):
    """MAP-5: set or move the lingering bone secretly (``square`` None takes it off)."""

    type: Literal["set_bone"] = "set_bone"
    square: str | None

    def run(self, ctx: Context) -> None:
        require_started(ctx.state)
        state = ctx.state
        bone = bone_of(state)
        if bone.card is None or bone.revealed:
            raise EngineError("The lingering bone is no longer secret; move its card instead.")
        target = require_square(state, self.square) if self.square is not None else None
        if target == bone.square:
            raise EngineError("The lingering bone is already there.")
        ctx.emit(BoneSet(square=target, previous=bone.square))

    def label(self, lang: str = "ja") -> str:
        return render("Set the lingering bone", lang)


class RevealBone(CommandBase):
    """INV-9 by hand: the crossing — reveal the bone on top of its square."""

    type: Literal["reveal_bone"] = "reveal_bone"

    def run(self, ctx: Context) -> None:
        require_started(ctx.state)
        bone = bone_of(ctx.state)
        if bone.revealed or bone.card is None:
            raise EngineError("The crossing has already happened.")
        if bone.square is None:
            raise EngineError("The lingering bone has not been set on a square.")
        ctx.emit(BoneRevealed(card=bone.card, square=bone.square))

    def label(self, lang: str = "ja") -> str:
        return render("Reveal the lingering bone (crossing)", lang)


BONE_COMMANDS: tuple[type[CommandBase], ...] = (SetBone, RevealBone)
BONE_EVENTS: tuple[type[EventBase], ...] = (BoneSet, BoneRevealed)
