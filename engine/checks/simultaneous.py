"""Simultaneous checks (同時判定, DICE-7).

Everyone rolls at once and the results are applied in action order.  To keep a
session replayable, "at once" means: the dice are drawn from the session's
source one participant after another in action order, before any result is
applied.  A participant may decline, which counts as a failure and draws no die.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from engine.checks.levels import Level
from engine.checks.upland import upland_level
from engine.dice.rng import DiceSource
from engine.errors import EngineError


@dataclass(frozen=True)
class Participant:
    """One character taking part: who, against what target, and whether it declines."""

    id: str
    target: int
    declines: bool = False


@dataclass(frozen=True)
class SimultaneousResult:
    """One participant's outcome; ``roll`` is ``None`` for a decline."""

    id: str
    target: int
    roll: int | None
    level: Level

    @property
    def rolled(self) -> bool:
        return self.roll is not None


def simultaneous_checks(
    participants: Sequence[Participant],
    source: DiceSource,
    *,
    order: Sequence[str] | None = None,
    judge: Callable[[int, int], Level] = upland_level,
) -> list[SimultaneousResult]:
    """DICE-7: roll everyone's d100 in action order and return the results in that order.

    ``participants`` are given in action order (the marching order); ``order``
    lets the GM reorder them by id.  ``judge`` turns (roll, target) into a
    level — the upland levels by default.
    """
    by_id = {p.id: p for p in participants}
    if len(by_id) != len(participants):
        raise EngineError("A participant appears twice in a simultaneous check.")
    if order is not None:
        if sorted(order) != sorted(by_id):
            raise EngineError("The action order must name every participant exactly once.")
        ordered = [by_id[i] for i in order]
    else:
        ordered = list(participants)
    results: list[SimultaneousResult] = []
    for p in ordered:
        if p.declines:
            results.append(SimultaneousResult(id=p.id, target=p.target, roll=None, level=Level.failure))
            continue
        roll = source.die(100)
        results.append(SimultaneousResult(id=p.id, target=p.target, roll=roll, level=judge(roll, p.target)))
    return results
