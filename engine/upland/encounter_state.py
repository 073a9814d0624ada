"""What the Upland's encounter set-up decided, kept in the Upland's slice.

The battle board (:mod:`engine.hexbattle`) holds maps and tokens for any
ruleset; what only the Upland's 遭遇【出現】 produces — who spotted the
encounter first and how (ENC-5/ENC-6), the strike-rank delays of those who
noticed late and who was surprised while delayed (ENC-8), the encounter's
strength and where it came from (ENC-5, INT-3) — lives here, in
``UplandSlice.encounter``.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from engine.core.models import Frozen

Skill = Literal["sight", "listen"]
"""ENC-5: 視力 (sight) or 聞き耳 (listen)."""


class SpotterResult(Frozen):
    """ENC-5/ENC-6: one character's appearance roll and its discovery strength."""

    token: str
    skill: Skill
    target: int
    roll: int | None
    level: str
    degree: int
    modifier: int
    discovery: int


class Appearance(Frozen):
    """ENC-5…ENC-6: what the appearance rolls decided, kept for the later steps."""

    strength: int
    table_die: int
    table_sides: int
    creature: str
    count_text: str
    special: bool
    results: tuple[SpotterResult, ...]
    first_spotter: str
    experience: tuple[str, ...]
    """Others who succeeded with the first spotter's discovery strength (ENC-6)."""

    def discovery_of(self, token: str) -> int | None:
        for result in self.results:
            if result.token == token:
                return result.discovery
        return None

    @property
    def best(self) -> int:
        return max(r.discovery for r in self.results)


class EncounterState(Frozen):
    """The Upland's side of the battle board during an encounter."""

    appearance: Appearance | None = None
    sr_delays: dict[str, int] = Field(default_factory=dict)
    """ENC-8: token id → strike ranks its first action is delayed."""
    surprised: tuple[str, ...] = ()
    """ENC-8: characters attacked while still delayed (不意打ち)."""
    round: int = 0
    """ENC-8: the battle round being fought (0: the fight has not begun)."""
    drifted: bool = False
    """ENC-4: the drift was rolled (or nobody's spirit pressure reached 10)."""
    delays_set: bool = False
    """ENC-8: the set-up's strike-rank delays were applied."""

    def delay_of(self, token: str) -> int:
        return self.sr_delays.get(token, 0)
