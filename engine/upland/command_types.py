"""Procedure commands of the exploration cycle: one per step (RULES.md §3).

Each validates against the state and the current step, rolls what it must
(``dice`` lets the GM type physical dice instead, DICE-2) and emits events, so
it is undoable and logged like any board command.  Between steps the GM may use
every free board command; the next step reads the board as it then is.

The rule modules are imported inside ``run``, so the ruleset's declaration
(:mod:`engine.upland.ruleset`) loads the command models without every rule.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from engine.core.commands import CommandBase, Context
from engine.dice.rng import DiceSource
from engine.errors import EngineError
from engine.i18n import render
from engine.table.piles import require_started
from engine.upland.event_types import IncidentOutcome
from engine.upland.procedure import Action, Declaration, StepId, WaitAction


class _Rolling(CommandBase):
    """A procedure command that may roll: ``dice`` are the GM's physical dice."""

    dice: list[int] | None = None

    def _begin(self, ctx: Context) -> None:
        require_started(ctx.state)
        if self.dice is not None:
            ctx.dice = DiceSource(ctx.dice.state, self.dice)

    def _end(self, ctx: Context) -> None:
        if self.dice is not None:
            ctx.dice.check_all_typed_used()


class StartExploration(CommandBase):
    """CYC-1: begin cycle 1 (party on the map, every character with a sheet)."""

    type: Literal["upland_start_exploration"] = "upland_start_exploration"

    def run(self, ctx: Context) -> None:
        from engine.upland import cycle

        require_started(ctx.state)
        cycle.start_exploration(ctx)

    def label(self, lang: str = "ja") -> str:
        return render("Start the exploration", lang)


class DeclareAction(CommandBase):
    """INV-1: a character's action, target, skill pick, hand card or "choose to
    fail"; ``action`` None withdraws the declaration."""

    type: Literal["upland_declare_action"] = "upland_declare_action"
    character: str
    action: Action | None
    target: str | None = None
    skill: str | None = None
    card: str | None = None
    choose_fail: bool = False

    def run(self, ctx: Context) -> None:
        from engine.upland import investigation

        require_started(ctx.state)
        declaration = (
            None
            if self.action is None
            else Declaration(
                action=self.action, target=self.target, skill=self.skill, card=self.card, choose_fail=self.choose_fail
            )
        )
        investigation.declare(ctx, self.character, declaration)

    def label(self, lang: str = "ja") -> str:
        return render("Declare an action", lang)


class ResolveInvestigation(_Rolling):
    """INV-1 … INV-9: everyone rolls at once, results in action order (``order``
    lets the GM change it, DICE-7)."""

    type: Literal["upland_resolve_investigation"] = "upland_resolve_investigation"
    order: list[str] | None = None

    def run(self, ctx: Context) -> None:
        from engine.upland import investigation

        self._begin(ctx)
        investigation.resolve(ctx, self.order)
        self._end(ctx)

    def label(self, lang: str = "ja") -> str:
        return render("Resolve the investigation", lang)


class ScoutPeek(CommandBase):
    """INV-3 critical: the square next to the scouted one whose suit the player
    learns, with an optional hand card to set there if it is blank."""

    type: Literal["upland_scout_peek"] = "upland_scout_peek"
    character: str
    square: str
    card: str | None = None

    def run(self, ctx: Context) -> None:
        from engine.upland import investigation

        require_started(ctx.state)
        investigation.peek(ctx, self.character, self.square, self.card)

    def label(self, lang: str = "ja") -> str:
        return render("Critical scout follow-up", lang)


class ResolveDespair(_Rolling):
    """DSP-1/DSP-2: the despair event."""

    type: Literal["upland_resolve_despair"] = "upland_resolve_despair"
    order: list[str] | None = None

    def run(self, ctx: Context) -> None:
        from engine.upland import despair

        self._begin(ctx)
        despair.resolve_despair(ctx, self.order)
        self._end(ctx)

    def label(self, lang: str = "ja") -> str:
        return render("Resolve the despair event", lang)


class ResolveSleepwalking(_Rolling):
    """TIM-2: sleepwalking rolls."""

    type: Literal["upland_resolve_sleepwalking"] = "upland_resolve_sleepwalking"

    def run(self, ctx: Context) -> None:
        from engine.upland import time_phase

        self._begin(ctx)
        time_phase.resolve_sleepwalking(ctx)
        self._end(ctx)

    def label(self, lang: str = "ja") -> str:
        return render("Roll for sleepwalking", lang)


class HoldBack(CommandBase):
    """TIM-3: ``holder`` holds ``sleepwalker`` back, paying fatigue."""

    type: Literal["upland_hold_back"] = "upland_hold_back"
    sleepwalker: str
    holder: str

    def run(self, ctx: Context) -> None:
        from engine.upland import time_phase

        require_started(ctx.state)
        time_phase.hold_back(ctx, self.sleepwalker, self.holder)

    def label(self, lang: str = "ja") -> str:
        return render("Hold a sleepwalker back", lang)


class ContinueCycle(CommandBase):
    """Finish a step that needs only the GM's go-ahead: pass the remaining critical
    scout follow-ups (INV-3), or let unheld sleepwalkers walk (TIM-2/TIM-4)."""

    type: Literal["upland_continue"] = "upland_continue"

    def run(self, ctx: Context) -> None:
        from engine.upland import investigation, time_phase
        from engine.upland.facts import cycle_of

        require_started(ctx.state)
        step = cycle_of(ctx.state).step
        if step is StepId.FOLLOW_UP:
            investigation.pass_peeks(ctx)
        elif step is StepId.HOLD_BACK:
            time_phase.finish_hold_back(ctx)
        else:
            raise EngineError("Step {step} is resolved by its own command, not by continuing.", step=step.value)

    def label(self, lang: str = "ja") -> str:
        return render("Continue", lang)


class ChooseMove(CommandBase):
    """TIM-4/TIM-5: the party moves; ``card`` from ``by``'s hand for a blank square."""

    type: Literal["upland_choose_move"] = "upland_choose_move"
    square: str
    card: str | None = None
    by: str | None = None

    def run(self, ctx: Context) -> None:
        from engine.upland import time_phase

        require_started(ctx.state)
        time_phase.choose_move(ctx, self.square, self.card, self.by)

    def label(self, lang: str = "ja") -> str:
        return render("Move the party to {square}", lang, square=self.square.upper())


class ChooseWait(CommandBase):
    """TIM-6: wait one hour; each character's sleep/rest/watch (default sleep)."""

    type: Literal["upland_choose_wait"] = "upland_choose_wait"
    actions: dict[str, WaitAction] = Field(default_factory=dict)

    def run(self, ctx: Context) -> None:
        from engine.upland import time_phase

        require_started(ctx.state)
        time_phase.choose_wait(ctx, dict(self.actions))

    def label(self, lang: str = "ja") -> str:
        return render("Wait one hour", lang)


class ChooseLeave(CommandBase):
    """TIM-7: leave at the gate."""

    type: Literal["upland_choose_leave"] = "upland_choose_leave"

    def run(self, ctx: Context) -> None:
        from engine.upland import time_phase

        require_started(ctx.state)
        time_phase.choose_leave(ctx)

    def label(self, lang: str = "ja") -> str:
        return render("Leave the Upland", lang)


class MovePursuer(_Rolling):
    """PUR-1/PUR-2: the pursuer's move."""

    type: Literal["upland_move_pursuer"] = "upland_move_pursuer"

    def run(self, ctx: Context) -> None:
        from engine.upland import pursuer

        self._begin(ctx)
        pursuer.move_pursuer(ctx)
        self._end(ctx)

    def label(self, lang: str = "ja") -> str:
        return render("Move the pursuer", lang)


class StartIncidents(CommandBase):
    """EVT-1/EVT-2: start the event phase."""

    type: Literal["upland_start_events"] = "upland_start_events"

    def run(self, ctx: Context) -> None:
        from engine.upland import incident_phase

        require_started(ctx.state)
        incident_phase.start_events(ctx)

    def label(self, lang: str = "ja") -> str:
        return render("Start the event phase", lang)


class ResolveIncident(CommandBase):
    """EVT-3/EVT-4: the GM resolved the due card's event by hand."""

    type: Literal["upland_resolve_event"] = "upland_resolve_event"
    card: str
    outcome: IncidentOutcome = "removed"

    def run(self, ctx: Context) -> None:
        from engine.upland import incident_phase

        require_started(ctx.state)
        incident_phase.resolve_event(ctx, self.card, self.outcome)

    def label(self, lang: str = "ja") -> str:
        return render("Resolve a map card event", lang)


class EndCycle(CommandBase):
    """END-1, CYC-1, CYC-2: close the cycle."""

    type: Literal["upland_end_cycle"] = "upland_end_cycle"

    def run(self, ctx: Context) -> None:
        from engine.upland import cycle

        require_started(ctx.state)
        cycle.end_cycle(ctx)

    def label(self, lang: str = "ja") -> str:
        return render("End the cycle", lang)


class JumpToStep(CommandBase):
    """The GM moves the procedure to any step by hand."""

    type: Literal["upland_jump_to_step"] = "upland_jump_to_step"
    step: StepId

    def run(self, ctx: Context) -> None:
        from engine.upland import cycle

        require_started(ctx.state)
        cycle.jump_to(ctx, self.step)

    def label(self, lang: str = "ja") -> str:
        return render("Jump to a step", lang)


PROCEDURE_COMMANDS = (
    StartExploration,
    DeclareAction,
    ResolveInvestigation,
    ScoutPeek,
    ResolveDespair,
    ResolveSleepwalking,
    HoldBack,
    ContinueCycle,
    ChooseMove,
    ChooseWait,
    ChooseLeave,
    MovePursuer,
    StartIncidents,
    ResolveIncident,
    EndCycle,
    JumpToStep,
)
