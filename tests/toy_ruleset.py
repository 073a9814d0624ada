"""A toy ruleset defined only in tests: its own options, state slice, one
command, one event and one step.  It proves a ruleset plugs in with no edit to
the core (issue 9).  Use the ``toy_ruleset`` fixture (``tests/conftest.py``)
or ``with registered(TOY):`` so it never leaks into other tests."""

from __future__ import annotations

from typing import Literal

from engine.core.changes import Area, Changes
from engine.core.commands import CommandBase, Context
from engine.core.events import EventBase
from engine.core.models import OptionsBase, SliceBase
from engine.core.seats import Seat
from engine.core.state import State
from engine.errors import EngineError
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


class Count(CommandBase):
    type: Literal["toy_count"] = "toy_count"

    def run(self, ctx: Context) -> None:
        if not TOY_FLOW.accepts(ctx.state, self.type):
            raise EngineError("The command changed nothing.")
        ctx.emit(Counted(count=toy(ctx.state).count + 1))

    def label(self, lang: str = "ja") -> str:
        return "count"


def _at(state: State) -> str:
    assert isinstance(state.options, ToyOptions)
    return "toy.done" if toy(state).count >= state.options.goal else "toy.count"


TOY_FLOW = Flow.of(
    (
        Step(id="toy.count", phase="play", rules=("TOY-1",), moves=("toy_count",), tells=lambda view, lang: "count up"),
        Step(id="toy.done", phase="done", ends=True, tells=lambda view, lang: "done"),
    ),
    _at,
)


def _player_slice(state: State, part: SliceBase, seat: Seat) -> SliceBase:
    assert isinstance(part, ToySlice)
    return part.model_copy(update={"secret": ""})


TOY = Ruleset(
    id=TOY_ID,
    options=ToyOptions,
    commands=(Count,),
    events=(Counted,),
    slice=ToySlice,
    slice_view=_player_slice,
    flow=lambda: TOY_FLOW,
)
