"""Check levels and the targets shared by every ruleset (DICE-3 … DICE-6)."""

from __future__ import annotations

from enum import Enum


class Level(str, Enum):  # noqa: UP042 - str() of a member stays 'Level.critical'
    """The result of a d100 check (DICE-3), best first — the one level type of the
    engine; models store its value ("critical"…)."""

    critical = "critical"
    special = "special"
    success = "success"
    failure = "failure"
    fumble = "fumble"

    @property
    def succeeded(self) -> bool:
        return self in (Level.critical, Level.special, Level.success)


_DEGREES = {
    Level.critical: 3,
    Level.special: 2,
    Level.success: 1,
    Level.failure: 0,
    Level.fumble: 0,
}


def success_degree(level: Level | str) -> int:
    """DICE-4: critical 3, special 2, success 1, failure and fumble 0.

    Rules that give a fumble its own degree (OBS-2: −1D6) apply it themselves.
    """
    return _DEGREES[Level(level)]


def resistance_target(active: int, passive: int) -> int:
    """DICE-5: a resistance roll succeeds on 50 + 5 × (active − passive) percent."""
    return 50 + 5 * (active - passive)


def characteristic_target(value: int, multiplier: int) -> int:
    """DICE-6: characteristic rolls such as POW×3 or DEX×5."""
    return value * multiplier
