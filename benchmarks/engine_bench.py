"""Engine throughput: free board commands dispatched per second, headless, and
whole Upland exploration cycles per second for a scripted party of four.

Baseline in the same run: the bare cost of one pydantic ``model_copy`` of the
state (the floor of any immutable update), so the ratio says how much the
command/event machinery adds.

Usage: python benchmarks/engine_bench.py [N] [CYCLES]
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.core.commands import CommandBase  # noqa: E402
from engine.core.session import Session
from engine.session import new_session  # noqa: E402
from engine.table.commands import (  # noqa: E402
    AddCharacter,
    DealCard,
    DrawCards,
    FlipCard,
    MoveCard,
    Roll,
    ShuffleDeck,
    TapCard,
)
from engine.table.places import DISCARD, square  # noqa: E402


def workload(n: int) -> list[float]:
    """Per-command seconds over a loop that deals, flips, taps, moves, draws and rolls."""
    session = new_session(seed=1)
    for name in ("A", "B", "C", "D"):
        session.dispatch(AddCharacter(name=name))
    session.dispatch(ShuffleDeck())
    times: list[float] = []
    squares = [f"{c}{r}" for c in "ABCDE" for r in range(1, 6)]
    i = 0
    while len(times) < n:
        sq = squares[i % 25]
        i += 1
        steps = []
        if len(session.state.deck) < 4:
            steps.append(ShuffleDeck())
        steps.append(DealCard(square=sq))
        top = None
        for step in steps:
            t0 = time.perf_counter()
            session.dispatch(step)
            times.append(time.perf_counter() - t0)
        top = session.state.squares[sq][0]
        for step in (
            FlipCard(card=top),
            TapCard(card=top),
            MoveCard(card=top, to=square(squares[(i + 7) % 25])),
            Roll(command="1D100<=50"),
            MoveCard(card=top, to=DISCARD),
            DrawCards(character="c1"),
            MoveCard(card=session.state.deck[0], to=DISCARD),
        ):
            t0 = time.perf_counter()
            session.dispatch(step)
            times.append(time.perf_counter() - t0)
        for card in session.state.hands["c1"]:
            session.dispatch(MoveCard(card=card, to=DISCARD))
        if len(session.state.deck) < 10:
            from engine.table.commands import RecycleDiscard

            session.dispatch(RecycleDiscard())
    return times


def _exploration_session(seed: int) -> Session:
    """Four characters with sheets (one whose Call exceeds POW), party at the gate."""
    from engine.upland.bone import SetBone
    from engine.upland.commands import SetSheet, StartExploration
    from engine.upland.sheet import Skill, UplandSheet
    from engine.upland.table_commands import MoveParty

    session = new_session(seed=seed, options={"night_after_cycle": 99})
    for name in ("A", "B", "C", "D"):
        session.dispatch(AddCharacter(name=name))
    session.dispatch(ShuffleDeck())
    session.dispatch(MoveParty(square="C5"))
    session.dispatch(SetBone(square="B2"))
    skills = {"視力": Skill(value=55), "聞き耳": Skill(value=45), "歌唱": Skill(value=60)}
    for i, cid in enumerate(("c1", "c2", "c3", "c4")):
        sheet = UplandSheet(
            STR=12,
            CON=12,
            POW=12,
            skills=skills,
            death_rite=30 + 10 * i,
            food=9,
            spirit_pressure=5,
            call=14 if cid == "c4" else 0,
            moving_weight=10,
        )
        session.dispatch(SetSheet(character=cid, sheet=sheet))
    session.dispatch(StartExploration())
    return session


def run_cycle(session: Session, index: int) -> int:
    """One whole cycle as a GM would click through the stepper; returns the commands."""
    from engine.upland.commands import (
        ChooseMove,
        ChooseWait,
        ContinueCycle,
        DeclareAction,
        EndCycle,
        HoldBack,
        MovePursuer,
        ResolveDespair,
        ResolveIncident,
        ResolveInvestigation,
        ResolveSleepwalking,
        StartIncidents,
    )
    from engine.upland.investigation import investigation_targets
    from engine.upland.procedure import StepId
    from engine.upland.stepper import current_step

    count = 0

    def do(command: CommandBase) -> None:
        nonlocal count
        session.dispatch(command)
        count += 1

    state = session.state
    for cid, action in zip(("c1", "c2", "c3", "c4"), ("scout", "resonance", "prayer", "scout"), strict=True):
        targets = investigation_targets(state, cid, action)
        if targets:
            do(DeclareAction(character=cid, action=action, target=targets[index % len(targets)]))
    do(ResolveInvestigation())
    while session.state.cycle.step is not StepId.END:
        step = session.state.cycle.step
        info = current_step(session.state)
        if step is StepId.FOLLOW_UP or step is StepId.HOLD_BACK:
            if step is StepId.HOLD_BACK and info.choices:
                do(HoldBack(sleepwalker=info.choices[0].character, holder=info.choices[0].options[0]))
            do(ContinueCycle())
        elif step in (StepId.TIME_DESPAIR, StepId.CYCLE_DESPAIR):
            do(ResolveDespair())
        elif step is StepId.SLEEPWALK:
            do(ResolveSleepwalking())
        elif step is StepId.CHOOSE:
            do(ChooseMove(square=info.squares[index % len(info.squares)]) if index % 2 else ChooseWait())
        elif step is StepId.PURSUER:
            do(MovePursuer())
        elif step is StepId.INCIDENT_START:
            do(StartIncidents())
        elif step is StepId.INCIDENT_RESOLVE:
            do(ResolveIncident(card=info.cards[0], outcome="left" if index % 3 == 0 else "removed"))
        elif step is StepId.DECLARE:  # a GM jump; not in this script
            break
    for cid in ("c1", "c2", "c3", "c4"):  # END-2 as free commands: hands back to the discard
        for card in session.state.hands[cid][3:]:
            do(MoveCard(card=card, to=DISCARD))
    do(EndCycle())
    return count


def cycles(total: int, per_session: int = 20) -> tuple[float, int, int]:
    """Seconds for ``total`` whole cycles (new expedition every ``per_session``)."""
    elapsed, commands, done, seed = 0.0, 0, 0, 1
    while done < total:
        session = _exploration_session(seed)
        seed += 1
        for index in range(min(per_session, total - done)):
            t0 = time.perf_counter()
            commands += run_cycle(session, index)
            elapsed += time.perf_counter() - t0
            done += 1
    return elapsed, commands, done


def baseline(n: int) -> list[float]:
    session = new_session(seed=1)
    state = session.state
    out = []
    for i in range(n):
        t0 = time.perf_counter()
        state = state.model_copy(update={"seq": i})
        out.append(time.perf_counter() - t0)
    return out


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 20000
    base = baseline(n)
    work = workload(n)
    b50 = statistics.median(base) * 1e6
    w50 = statistics.median(work) * 1e6
    w99 = sorted(work)[int(len(work) * 0.99)] * 1e6
    print(f"baseline model_copy: p50 {b50:.1f} µs")
    print(
        f"dispatch (board commands, in memory): p50 {w50:.1f} µs, p99 {w99:.1f} µs, "
        f"{len(work) / sum(work):,.0f} commands/s, {w50 / b50:.0f}× the baseline"
    )
    total = int(sys.argv[2]) if len(sys.argv) > 2 else 200
    elapsed, commands, done = cycles(total)
    print(
        f"exploration cycles (4 characters, stepper-driven, in memory): {done / elapsed:,.1f} cycles/s, "
        f"{commands / done:.1f} commands/cycle, {elapsed / done * 1e3:.2f} ms/cycle"
    )


if __name__ == "__main__":
    main()
