"""Small effects many rules share: fatigue and other sheet numbers, experience
checks and training (CHK-U-4, INV-8), drawing cards, moving the whole party
with its movement fatigue (TIM-4, TIM-5)."""

from __future__ import annotations

from engine.core.commands import Context
from engine.errors import EngineError
from engine.table.board import Grid
from engine.table.piles import deal_top, ensure_deck
from engine.table.places import hand
from engine.upland.events import SheetValueChanged, SkillChanged
from engine.upland.facts import party, sheet_of
from engine.upland.sheet import UplandSheet, limit_value
from engine.upland.slice import party_of
from engine.upland.table_events import PartyMoved
from engine.upland.tables import tables

FATIGUE_POINT = 3  # thirds


def change_value(ctx: Context, character: str, field: str, delta: int, rule: str, floor: int = 0) -> None:
    """Add ``delta`` to a sheet number (not below ``floor``) and log it with its rule."""
    sheet = sheet_of(ctx.state, character)
    before = int(getattr(sheet, field))
    after = max(floor, before + delta)
    if after == before:
        return
    name = ctx.state.characters[character].name
    ctx.emit(SheetValueChanged(character=character, name=name, field=field, before=before, after=after, rule=rule))


def change_fatigue(ctx: Context, character: str, thirds: int, rule: str) -> None:
    """Long-term fatigue in thirds (never below 0)."""
    change_value(ctx, character, "fatigue_thirds", thirds, rule)


def grant_check(ctx: Context, character: str, skill: str | None, rule: str) -> None:
    """CHK-U-4: mark an experience check on a sheet skill (none for characteristic
    rolls, skills that take no checks, or a skill already marked)."""
    if skill is None:
        return
    sheet = sheet_of(ctx.state, character)
    before = sheet.skills.get(skill)
    if before is None or before.no_checks or before.checked:
        return
    name = ctx.state.characters[character].name
    ctx.emit(
        SkillChanged(
            character=character,
            name=name,
            skill=skill,
            before=before,
            after=before.model_copy(update={"checked": True}),
            rule=rule,
        )
    )


def add_training(ctx: Context, character: str, skill: str, hours: int, rule: str) -> None:
    """INV-8: training hours on a skill that takes no checks."""
    sheet = sheet_of(ctx.state, character)
    before = sheet.skills.get(skill)
    if before is None or hours <= 0:
        return
    name = ctx.state.characters[character].name
    ctx.emit(
        SkillChanged(
            character=character,
            name=name,
            skill=skill,
            before=before,
            after=before.model_copy(update={"training_hours": before.training_hours + hours}),
            rule=rule,
        )
    )


def draw_cards(ctx: Context, character: str, count: int) -> list[str]:
    """Draw ``count`` cards from the deck into a hand (reshuffling per MAP-6)."""
    if count <= 0:
        return []
    ensure_deck(ctx, count)
    return [deal_top(ctx, hand(character)) for _ in range(count)]


def movement_thirds(sheet: UplandSheet, name: str) -> int:
    """TIM-5: fatigue per square (in thirds) for the sheet's moving weight."""
    for row in tables().movement:
        if sheet.moving_weight <= limit_value(row.limit, sheet):
            return row.thirds_per_square
    raise EngineError("{name} carries too much to move (more than STR+CON+16).", name=name)


def move_party(ctx: Context, destination: str, rule: str, fatigue: bool = True) -> None:
    """TIM-4/TIM-5: the whole party moves one square; each pays its movement fatigue."""
    if fatigue:
        costs = []
        for member in party(ctx.state):
            sheet = sheet_of(ctx.state, member.id)
            costs.append((member.id, movement_thirds(sheet, member.name)))
        for member_id, thirds in costs:
            change_fatigue(ctx, member_id, thirds, rule)
    ctx.emit(PartyMoved(square=destination, previous=party_of(ctx.state)))


def adjacent(grid: Grid, a: str, b: str) -> bool:
    return b in grid.orthogonal(a)
