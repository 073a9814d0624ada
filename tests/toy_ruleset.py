"""A toy ruleset defined only in tests: its own options, state slice, two
commands, one event and two steps.  It proves a ruleset plugs in with no edit
to the core, and that the session enforces its step table: ``toy_count`` is a
move of the counting step only, ``toy_note`` is free at every step.  Use the ``toy_ruleset`` fixture (``tests/conftest.py``)
or ``with registered(TOY):`` so it never leaks into other tests."""

from __future__ import annotations

from typing import Literal

from engine.core.changes import Area, Changes
from engine.core.commands import CommandBase, Context
from engine.core.events import EventBase
from engine.core.models import OptionsBase, SliceBase
from engine.core.seats import Seat
from engine.core.state import State
from engine.rulesets.base import Ruleset
from engine.rulesets.steps import Flow, Step

TOY_ID = "toy"


class ToyOptions(OptionsBase):
    ruleset: Literal["toy"] = "toy"
    goal: int = 3


class ToySlice(SliceBase):
    count: int = 0
    secret: str = ""


def toy(state: State) -> ToySlice:
    return state.slice(TOY_ID, ToySlice)


class Counted(EventBase):
    type: Literal["toy_counted"] = "toy_counted"
    count: int

    def apply(self, state: State) -> State:
        return state.with_slice(TOY_ID, toy(state).model_copy(update={"count": self.count, "secret": "hidden"}))

    def touch(self, changes: Changes) -> None:
        changes.areas.add(Area.LOG)

    def describe(self, lang: str = "ja") -> str:
        return f"count {self.count}"


class Noted(EventBase):
    type: Literal["toy_noted"] = "toy_noted"
    secret: str

    def apply(self, state: State) -> State:
        return state.with_slice(TOY_ID, toy(state).model_copy(update={"secret": self.secret}))

    def touch(self, changes: Changes) -> None:
        changes.areas.add(Area.LOG)

    def describe(self, lang: str = "ja") -> str:
        return "noted"


class Count(CommandBase):
    """Counts one up; the step table alone decides when (no guard of its own)."""

    type: Literal["toy_count"] = "toy_count"

    def run(self, ctx: Context) -> None:
        ctx.emit(Counted(count=toy(ctx.state).count + 1))

    def label(self, lang: str = "ja") -> str:
        return "count"


class Note(CommandBase):
    """Writes the secret: free at every step."""

    type: Literal["toy_note"] = "toy_note"
    secret: str

    def run(self, ctx: Context) -> None:
        ctx.emit(Noted(secret=self.secret))

    def label(self, lang: str = "ja") -> str:
        return "note"


def _at(state: State) -> str:
    assert isinstance(state.options, ToyOptions)
    return "toy.done" if toy(state).count >= state.options.goal else "toy.count"


def _tell_count(view: ToySlice, lang: str) -> str:
    return "count up"


def _tell_done(view: ToySlice, lang: str) -> str:
    return "done"


TOY_FLOW: Flow[ToySlice] = Flow.of(
    (
        Step(
            id="toy.count",
            phase="play",
            title="counting",
            rules=("TOY-1",),
            moves=("toy_count",),
            view=toy,
            tells=_tell_count,
        ),
        Step(id="toy.done", phase="done", title="done", ends=True, view=toy, tells=_tell_done),
    ),
    _at,
    free=("toy_note",),
)


def _player_slice(state: State, part: SliceBase, seat: Seat) -> SliceBase:
    assert isinstance(part, ToySlice)
    return part.model_copy(update={"secret": ""})


TOY = Ruleset(
    id=TOY_ID,
    options=ToyOptions,
    commands=(Count, Note),
    events=(Counted, Noted),
    slice=ToySlice,
    slice_view=_player_slice,
    flow=lambda: TOY_FLOW,
    card_table=False,
)
