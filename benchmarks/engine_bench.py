"""Engine throughput: free board commands dispatched per second, headless.

Baseline in the same run: the bare cost of one pydantic ``model_copy`` of the
state (the floor of any immutable update), so the ratio says how much the
command/event machinery adds.  Usage: python benchmarks/engine_bench.py [N]
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.commands.board import (  # noqa: E402
    AddCharacter,
    DealCard,
    DrawCards,
    FlipCard,
    MoveCard,
    Roll,
    ShuffleDeck,
    TapCard,
)
from engine.session import new_session  # noqa: E402
from engine.state import DISCARD, square  # noqa: E402


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
            from engine.commands.board import RecycleDiscard

            session.dispatch(RecycleDiscard())
    return times


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
    print(f"dispatch (board commands, in memory): p50 {w50:.1f} µs, p99 {w99:.1f} µs, "
          f"{len(work) / sum(work):,.0f} commands/s, {w50 / b50:.0f}× the baseline")


if __name__ == "__main__":
    main()
