"""The cycle's flow (CYC-1, CYC-2): which step comes next, read from the state
at the moment of the transition, and the start and end of cycles (END-1).

Steps with nobody to act are passed over when they come up: the despair event
when nobody holds a spade (DSP-1), sleepwalking when nobody's Call exceeds POW
(TIM-2); the despair event and the pursuer exist only after the crossing.
"""

from __future__ import annotations

from engine.core.commands import Context
from engine.core.state import State
from engine.errors import EngineError
from engine.upland.events import (
    CycleEnded,
    ExplorationStarted,
    FatigueRecorded,
    StepEntered,
)
from engine.upland.facts import (
    crossed,
    cycle_of,
    options,
    party,
    party_square,
    spades_in_hand,
    upland_sheet,
)
from engine.upland.procedure import CycleState, StepId
from engine.upland.slice import cycle_now


def enter(ctx: Context, step: StepId, by_gm: bool = False) -> None:
    """Go to ``step`` (a transition that depends on the state, or the GM's jump)."""
    cycle = cycle_of(ctx.state)
    ctx.emit(StepEntered(step=step, previous=cycle.step, cycle=cycle.cycle, by_gm=by_gm))


def advance(ctx: Context) -> None:
    """Go to the step the step table declares as the current step's ``next``
    (a transition that never depends on the state: the table says where)."""
    from engine.upland.stepper import UPLAND_FLOW

    following = UPLAND_FLOW.current(ctx.state).next
    if following is None:  # pragma: no cover - a rule module calls this only at a step with a static next
        raise EngineError("Step {step} has no fixed next step.", step=cycle_of(ctx.state).step.value)
    enter(ctx, StepId(following))


def despair_participants(state: State) -> list[str]:
    """DSP-1: characters holding a spade, except the one immune to despair."""
    return [
        c.id
        for c in party(state)
        if (s := upland_sheet(c)) is not None and not s.immune_to_despair and spades_in_hand(state, c.id)
    ]


def despair_due(state: State) -> bool:
    """DSP-1: after the crossing, once per cycle, if anyone takes part."""
    cycle = cycle_of(state)
    return crossed(state) and cycle.despair_cycle != cycle.cycle and bool(despair_participants(state))


def sleepwalk_candidates(state: State) -> list[str]:
    """TIM-2: characters whose Call exceeds their POW."""
    return [c.id for c in party(state) if (s := upland_sheet(c)) is not None and s.call > s.POW]


def cycle_first_step(state: State) -> StepId:
    if cycle_of(state).escape_to is not None:  # ENC-10 (reading): straight to the time phase
        return time_first_step(state)
    if options(state).despair_at == "cycle_start" and despair_due(state):
        return StepId.CYCLE_DESPAIR
    return StepId.DECLARE


def time_first_step(state: State) -> StepId:
    """TIM-1: the despair event at the phase start (after the crossing), then sleepwalking."""
    if options(state).despair_at == "time_phase" and despair_due(state):
        return StepId.TIME_DESPAIR
    return after_time_despair(state)


def after_time_despair(state: State) -> StepId:
    if cycle_of(state).escape_to is not None:  # ENC-10: the move is decided; nobody sleepwalks off
        return StepId.CHOOSE
    return StepId.SLEEPWALK if sleepwalk_candidates(state) else StepId.CHOOSE


def after_investigation(state: State) -> StepId:
    return StepId.FOLLOW_UP if cycle_of(state).pending_peeks else time_first_step(state)


def after_time_action(state: State) -> StepId:
    """TIM-1/PUR-1: the pursuer moves at the end of the time phase after the crossing."""
    return StepId.PURSUER if crossed(state) else StepId.INCIDENT_START


def start_exploration(ctx: Context) -> None:
    """CYC-1: cycle 1 begins; every character needs a sheet and the party a square."""
    state = ctx.state
    options(state)
    if cycle_now(state) is not None:
        raise EngineError("The exploration has already started.")
    if not state.characters:
        raise EngineError("The party has no characters.")
    party_square(state)
    for character in party(state):
        if upland_sheet(character) is None:
            raise EngineError("{name} has no Upland sheet yet.", name=character.name)
    fatigue = {c.id: s.fatigue_thirds for c in party(state) if (s := upland_sheet(c)) is not None}
    ctx.emit(ExplorationStarted(cycle=CycleState(cycle=1, step=StepId.SETUP, fatigue_at_start=fatigue)))
    enter(ctx, cycle_first_step(ctx.state))


def end_cycle(ctx: Context) -> None:
    """END-1 then CYC-1/CYC-2: report each fatigue change, count the cycle, and
    after ``night_after_cycle`` hand the night cycle to the GM."""
    cycle = cycle_of(ctx.state)
    for character in party(ctx.state):
        sheet = upland_sheet(character)
        if sheet is None:
            continue
        before = cycle.fatigue_at_start.get(character.id, sheet.fatigue_thirds)
        ctx.emit(
            FatigueRecorded(character=character.id, name=character.name, before=before, after=sheet.fatigue_thirds)
        )
    night = cycle.cycle >= options(ctx.state).night_after_cycle
    ctx.emit(CycleEnded(cycle=cycle.cycle, night=night))
    enter(ctx, StepId.NIGHT if night else cycle_first_step(ctx.state))


def jump_to(ctx: Context, step: StepId) -> None:
    """The GM is in charge: put the procedure at any step by hand (logged)."""
    cycle = cycle_of(ctx.state)
    if step is StepId.SETUP:
        raise EngineError("The procedure cannot go back to the setup; undo instead.")
    if step is cycle.step:
        raise EngineError("The procedure is already at step {step}.", step=step.value)
    enter(ctx, step, by_gm=True)
