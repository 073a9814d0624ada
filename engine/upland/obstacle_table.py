"""OBS-3: the obstacle table of seed 000 as data (``assets/rules/upland/obstacles.toml``).

Kept apart from :mod:`engine.upland.tables` so the other suits load their
own tables; the rows hold what the engine computes (skills, requirement, tags)
and the seed's own words for what the GM adjudicates (OBS-6).
"""

from __future__ import annotations

import tomllib
from functools import cache
from typing import Literal

from pydantic import ValidationError

from engine.errors import EngineError
from engine.upland.assets import upland_rules_dir
from engine.upland.sheet import UplandModel

Need = Literal["fixed", "party_load", "party_sleds", "everyone", "pow_resistance", "gm"]


class ObstacleRow(UplandModel):
    """One row of the obstacle table (OBS-2 tags as fields)."""

    strength: int
    ja: str
    en: str
    skills: tuple[str, ...]
    simultaneous: bool = False
    need: Need
    need_value: int | None = None
    fail_fatigue: bool = False
    summed_fail_fatigue: bool = False
    bonus_skill: str | None = None
    no_sled_relief: bool = False
    sub_table: tuple[str, ...] = ()
    disarm_skills: tuple[str, ...] = ()
    seed: str

    def name(self, lang: str) -> str:
        return self.ja if lang == "ja" else self.en


class ObstacleTable(UplandModel):
    rows: tuple[ObstacleRow, ...]

    def row(self, strength: int) -> ObstacleRow:
        for row in self.rows:
            if row.strength == strength:
                return row
        raise EngineError("The obstacle table has no row for strength {strength}.", strength=strength)


@cache
def obstacle_table() -> ObstacleTable:
    path = upland_rules_dir() / "obstacles.toml"
    try:
        return ObstacleTable.model_validate(tomllib.loads(path.read_text(encoding="utf-8")))
    except (OSError, tomllib.TOMLDecodeError, ValidationError) as exc:
        raise EngineError(
            "The rule table {file} cannot be read: {detail}", file=str(path), detail=str(exc).splitlines()[0]
        ) from exc


def labyrinth_need(pow_total: int) -> int:
    """OBS-3 K: the requirement from the summed POW resistance rolls
    (≤ −1 → 3, 0–9 → 2, 10–19 → 1, ≥ 20 → 0)."""
    if pow_total <= -1:
        return 3
    if pow_total <= 9:
        return 2
    if pow_total <= 19:
        return 1
    return 0


def load_units(strength: int, constitution: int, moving_weight: int) -> int:
    """OBS-2 [荷重]: 1 per full 8 of moving weight above STR+CON.

    **Reading:** 「STR+CONを超える+8ごとに１」 counts full steps of 8 (9 above → 1,
    7 above → 0), per character, summed over the party.
    """
    return max(0, moving_weight - (strength + constitution)) // 8
