"""The Upland rule tables as data: pydantic schema of ``assets/rules/upland/*.toml``.

Tables are read once per process (:func:`tables` is cached) and validated, so a
typo in a table fails at start-up with the file's name instead of mid-session.
Every table keeps the seed's Japanese wording next to the structured values the
engine uses; tests/engine/upland/test_tables.py compares both with the seed.
"""

from __future__ import annotations

import tomllib
from functools import cache
from pathlib import Path
from typing import Literal

from pydantic import Field, ValidationError

from engine.checks.levels import Level
from engine.errors import EngineError
from engine.upland.assets import upland_rules_dir
from engine.upland.sheet import UplandModel

LEVEL_ORDER: tuple[Level, ...] = tuple(Level)


class SkillEntry(UplandModel):
    name: str
    #: The seed's wording once its parenthesised list is expanded (default: ``name``).
    seed: str | None = None

    @property
    def seed_text(self) -> str:
        return self.seed or self.name


class SkillGroup(UplandModel):
    group: str
    skills: tuple[SkillEntry, ...]


class SkillSet(UplandModel):
    """CHK-U-2: a skill set; groups are labels with an optional modifier."""

    id: Literal["scout", "requiem", "notice"]
    ja: str
    en: str
    groups: tuple[SkillGroup, ...]

    def skill_names(self) -> list[str]:
        """Every skill of the set once, in the seed's order."""
        out: list[str] = []
        for group in self.groups:
            out += [s.name for s in group.skills if s.name not in out]
        return out

    def group_of(self, skill: str) -> str:
        for group in self.groups:
            if any(s.name == skill for s in group.skills):
                return group.group
        return "-"


class SkillSetsTable(UplandModel):
    sets: tuple[SkillSet, ...]
    aliases: dict[str, tuple[str, ...]] = Field(default_factory=dict)


class LevelRow(UplandModel):
    level: Level
    ja: str
    en: str = ""


class ScoutRow(LevelRow):
    """INV-3: what a scout (or vision) result does."""

    open: bool = False
    peek_adjacent: bool = False
    hand_card_on_blank: bool = False
    tell_suit: bool = False
    forced_move: bool = False


class ResonanceRow(LevelRow):
    """INV-7: responses (each draws a card) and the fumble's Call rise."""

    responses: int
    call_dice: str | None = None


class PrayerRow(LevelRow):
    """INV-5: cards drawn and the fumble's Call rise."""

    draws: int
    call_dice: str | None = None


class MovementRow(UplandModel):
    """TIM-5: fatigue per square up to a moving weight ``limit``."""

    weight_ja: str
    limit: str
    fatigue_ja: str
    thirds_per_square: int


class ConBand(UplandModel):
    ja: str
    min: int
    max: int
    recovery: int


class WaitActionRow(UplandModel):
    key: Literal["sleep", "rest", "watch"]
    ja: str
    modifier: int
    fatigue_thirds: int = 0


class LoadRow(UplandModel):
    key: Literal["thick_leather", "half_str", "str", "str_con"]
    ja: str
    limit: str | None = None
    modifier: int


class RecoveryTable(UplandModel):
    """TIM-6: recovery by modified CON, with action and load modifiers."""

    extend_every: int
    con: tuple[ConBand, ...]
    actions: tuple[WaitActionRow, ...]
    loads: tuple[LoadRow, ...]


AceMove = Literal["up", "right", "down", "left", "stay", "repeat", "toward2"]


class AceMoveRow(UplandModel):
    faces: tuple[int, ...]
    move: AceMove
    ja: str


class SuitEvent(UplandModel):
    """EVT-2: the event of a suit (♦ changes after the crossing)."""

    suit: Literal["S", "H", "D", "C"]
    rules: str
    ja: str
    en: str
    rules_after: str | None = None
    ja_after: str | None = None
    en_after: str | None = None


class BoneEvent(UplandModel):
    rules: str
    ja: str
    en: str


class EventsTable(UplandModel):
    suits: tuple[SuitEvent, ...]
    bone: BoneEvent


class RemainsRow(UplandModel):
    level: Level
    ja: str
    remains: int = 0
    death_rite: int = 0
    tear_spirit: bool = False


class SummoningRow(UplandModel):
    level: Level
    ja: str
    pow_dice: str | None = None
    no_effect: bool = False
    call_rises: bool = False


class TreasureRow(UplandModel):
    rank_ja: str
    ranks: tuple[int, ...]
    ja: str
    kind: Literal["food", "goods", "jewellery", "pow", "special"]
    lunars: int | None = None
    lunars_per_rank_squared: int | None = None
    pow: int | None = None


class EncounterRow(UplandModel):
    d20: int
    sight: int | None = None
    listen: int | None = None
    creature: str
    count: str


class UplandTables(UplandModel):
    """Every Upland table, validated."""

    skill_sets: SkillSetsTable
    scout: tuple[ScoutRow, ...]
    resonance: tuple[ResonanceRow, ...]
    prayer: tuple[PrayerRow, ...]
    movement: tuple[MovementRow, ...]
    recovery: RecoveryTable
    ace_move: tuple[AceMoveRow, ...]
    events: EventsTable
    remains: tuple[RemainsRow, ...]
    summoning: tuple[SummoningRow, ...]
    treasure: tuple[TreasureRow, ...]
    encounter: tuple[EncounterRow, ...]

    def skill_set(self, set_id: str) -> SkillSet:
        for skill_set in self.skill_sets.sets:
            if skill_set.id == set_id:
                return skill_set
        raise EngineError("Unknown skill set '{id}'.", id=set_id)

    def scout_row(self, level: str) -> ScoutRow:
        return next(r for r in self.scout if r.level == level)

    def resonance_row(self, level: str) -> ResonanceRow:
        return next(r for r in self.resonance if r.level == level)

    def prayer_row(self, level: str) -> PrayerRow:
        return next(r for r in self.prayer if r.level == level)

    def ace_move_of(self, face: int) -> AceMove:
        for row in self.ace_move:
            if face in row.faces:
                return row.move
        raise EngineError("The typed die {value} is not a face of a d{sides}.", value=face, sides=10)

    def suit_event(self, suit: str) -> SuitEvent:
        return next(s for s in self.events.suits if s.suit == suit)


# file name → (field, key inside the file or None for the whole document)
_FILES: dict[str, tuple[str, str | None]] = {
    "skill_sets.toml": ("skill_sets", None),
    "scout_results.toml": ("scout", "rows"),
    "resonance.toml": ("resonance", "rows"),
    "prayer.toml": ("prayer", "rows"),
    "movement_fatigue.toml": ("movement", "rows"),
    "recovery.toml": ("recovery", None),
    "ace_move.toml": ("ace_move", "rows"),
    "events.toml": ("events", None),
    "remains.toml": ("remains", "rows"),
    "summoning.toml": ("summoning", "rows"),
    "treasure.toml": ("treasure", "rows"),
    "encounter.toml": ("encounter", "rows"),
}


def load_tables(folder: Path | None = None) -> UplandTables:
    """Read and validate every table of ``folder`` (default: the program's assets)."""
    base = folder if folder is not None else upland_rules_dir()
    data: dict[str, object] = {}
    for file_name, (field, key) in _FILES.items():
        path = base / file_name
        try:
            document = tomllib.loads(path.read_text(encoding="utf-8"))
        except (OSError, tomllib.TOMLDecodeError) as exc:
            raise EngineError(
                "The rule table {file} cannot be read: {detail}", file=str(path), detail=str(exc)
            ) from exc
        data[field] = document[key] if key is not None else document
    try:
        return UplandTables.model_validate(data)
    except ValidationError as exc:
        raise EngineError(
            "The rule table {file} cannot be read: {detail}", file=str(base), detail=str(exc).splitlines()[0]
        ) from exc


@cache
def tables() -> UplandTables:
    """The program's Upland tables, loaded once."""
    return load_tables()
