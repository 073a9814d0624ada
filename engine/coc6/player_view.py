"""What the projector may show of the CoC slice (the ruleset's player-view filter).

Names, HP/MP/SAN bars only if the GM allows, the modifier pool, the round
order with conditions and HP-state badges; never secret rolls (〈心理学〉 in
ruleset B, CHK-B-6), GM notes, or madness contents the GM has not revealed.
"""

from __future__ import annotations

from collections.abc import Iterable

from engine.coc6.checks import CheckResult
from engine.coc6.conditions import Condition
from engine.coc6.hp import HpState
from engine.coc6.model import CocModel
from engine.coc6.sheet import CocSheet
from engine.coc6.state import CocState


class Bar(CocModel):
    value: int
    maximum: int


class PublicSheet(CocModel):
    name: str
    hp: Bar | None = None
    mp: Bar | None = None
    san: Bar | None = None


class PublicCombatant(CocModel):
    name: str
    state: HpState
    conditions: tuple[Condition, ...]
    current: bool


class PublicView(CocModel):
    pool: tuple[int, ...]
    round: int | None
    order: tuple[PublicCombatant, ...]
    sheets: tuple[PublicSheet, ...]
    checks: tuple[CheckResult, ...]


def public_sheet(sheet: CocSheet, show_bars: bool) -> PublicSheet:
    """A sheet as players see it: the name, and the bars only when the GM allows."""
    if not show_bars:
        return PublicSheet(name=sheet.name)
    return PublicSheet(
        name=sheet.name,
        hp=Bar(value=sheet.hp, maximum=sheet.hp_max),
        mp=Bar(value=sheet.mp, maximum=sheet.mp_max),
        san=Bar(value=sheet.san, maximum=sheet.san_max),
    )


def public_view(
    state: CocState, sheets: Iterable[CocSheet], checks: Iterable[CheckResult], *, show_bars: bool = False
) -> PublicView:
    """The projector's copy: secret checks dropped, notes never included."""
    order: tuple[PublicCombatant, ...] = ()
    tracker = state.combat
    if tracker is not None:
        order = tuple(
            PublicCombatant(
                name=name,
                state=tracker.combatants[name].state,
                conditions=tracker.combatants[name].conditions,
                current=i == tracker.current,
            )
            for i, name in enumerate(tracker.order)
        )
    return PublicView(
        pool=state.pool.chips,
        round=tracker.round if tracker is not None else None,
        order=order,
        sheets=tuple(public_sheet(s, show_bars) for s in sheets if not s.npc),
        checks=tuple(c for c in checks if not c.secret),
    )
