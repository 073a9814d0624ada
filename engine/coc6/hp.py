"""Ruleset B's HP states (HP-B-1).

HP ≤ 2 knocks a combatant out; HP ≤ −3 kills at once; at HP ≤ 0 without
treatment it dies at the end of the round two rounds later; once treated it
wakes even at HP 2 or 1.

Readings: "2R後のR終了時" = down in round r, dead at the end of round r+2;
new damage after treatment needs treatment again; a treated combatant at HP 0
or below stays unconscious but is no longer dying.
"""

from __future__ import annotations

from typing import Literal

HpState = Literal["conscious", "unconscious", "dying", "dead"]
UNCONSCIOUS_AT = 2
DEAD_AT = -3
ROUNDS_TO_DIE = 2


def hp_state(hp: int, *, treated: bool = False, dead: bool = False) -> HpState:
    """HP-B-1: the state a combatant with ``hp`` is in."""
    if dead or hp <= DEAD_AT:
        return "dead"
    if hp <= 0:
        return "unconscious" if treated else "dying"
    if hp <= UNCONSCIOUS_AT and not treated:
        return "unconscious"
    return "conscious"


def death_round(down_round: int) -> int:
    """HP-B-1: the round at whose end an untreated combatant down in ``down_round`` dies."""
    return down_round + ROUNDS_TO_DIE
