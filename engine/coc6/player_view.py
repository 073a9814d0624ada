"""What the players' screens may show of the CoC slice (the ruleset's player-view filter).

Names, HP/MP/SAN bars only if the GM allows, the modifier pool, the round
order with conditions and HP-state badges; never secret rolls (〈心理学〉 in
ruleset B, CHK-B-6), GM notes, or madness contents the GM has not revealed.
An NPC the keeper has not shown yet keeps its place in the round order (the
players feel its blows) but under an opaque name (``?npc-1``), never its own.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable

from engine.coc6.checks import CheckResult
from engine.coc6.conditions import Condition
from engine.coc6.hp import HpState
from engine.coc6.madness import SanityState
from engine.coc6.model import CocModel
from engine.coc6.sheet import CocSheet
from engine.coc6.state import CocState
from engine.coc6.tracker import CombatTracker
from engine.core.models import SliceBase
from engine.core.player_view import HIDDEN_PREFIX
from engine.core.seats import Seat, hidden_characters
from engine.core.state import State


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
    state: CocState,
    sheets: Iterable[CocSheet],
    checks: Iterable[CheckResult],
    *,
    show_bars: bool = False,
    hidden: Collection[str] = (),
) -> PublicView:
    """The projector's copy: secret checks dropped, notes never included; ``hidden``
    names NPCs not shown yet (their checks are dropped, their place in the order is opaque)."""
    order: tuple[PublicCombatant, ...] = ()
    tracker = _masked(state.combat, hidden) if state.combat is not None else None
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
        checks=tuple(c for c in checks if not c.secret and c.actor not in hidden),
    )


def player_slice(state: State, part: SliceBase, seat: Seat) -> SliceBase:
    """What a seat sees of the slice: the pool and the round order stay; madness
    contents, the clock's losses and a ruling the GM has not given yet (GM knowledge)
    go, for every seat; HP in the
    tracker only if the GM shows bars; NPCs not shown yet only under opaque names,
    and what the last combats left on them (their wounds) not at all."""
    assert isinstance(part, CocState)
    options = state.options
    show_bars = bool(getattr(options, "show_bars", False))
    combat = part.combat
    if combat is not None and not show_bars:
        combatants = {
            name: c.model_copy(update={"hp": _hp_hint(c.hp, c.hp_max), "hp_max": c.hp_max})
            for name, c in combat.combatants.items()
        }
        combat = combat.model_copy(update={"combatants": combatants})
    hidden = set(hidden_characters(state, seat).values())
    if combat is not None:
        combat = _masked(combat, hidden)
    wounds = {name: wound for name, wound in part.wounds.items() if name not in hidden}
    update = {"sanity": SanityState(), "combat": combat, "pending": None, "wounds": wounds, "board_delays": {}}
    return part.model_copy(update=update)  # the keeper's unready marks (CND-B-3) tell of an ambush: not shown


#: What a combatant the keeper has not shown yet is called in a players' view: ``?npc-1``, ``?npc-2``…
UNSHOWN_NPC = f"{HIDDEN_PREFIX}npc-"


def unshown_number(name: str) -> str | None:
    """The number of an NPC not shown yet (``?npc-2`` → ``"2"``); None for any other name."""
    return name.removeprefix(UNSHOWN_NPC) if name.startswith(UNSHOWN_NPC) else None


def _masked(tracker: CombatTracker, hidden: Collection[str]) -> CombatTracker:
    """The tracker with each hidden combatant renamed ``?npc-N`` (order kept) and
    every mention of it (whom it covers, hit, rushes, the waiting attack's attacker
    and target, the order before this round's delays) renamed alike."""
    names = [name for name in tracker.order if name in hidden]
    if not names:
        return tracker
    alias = {name: f"{UNSHOWN_NPC}{index + 1}" for index, name in enumerate(names)}

    def rename(name: str | None) -> str | None:
        return alias.get(name, name) if name is not None else None

    combatants = {}
    for name, c in tracker.combatants.items():
        rush = c.rush.model_copy(update={"target": alias.get(c.rush.target, c.rush.target)}) if c.rush else None
        combatants[alias.get(name, name)] = c.model_copy(
            update={
                "name": alias.get(name, name),
                "covering": rename(c.covering),
                "hit_this_round": rename(c.hit_this_round),
                "rush": rush,
            }
        )
    attack = tracker.attack
    if attack is not None:
        attack = attack.model_copy(
            update={
                "attacker": alias.get(attack.attacker, attack.attacker),
                "target": alias.get(attack.target, attack.target),
            }
        )
    before = tracker.order_before_delay
    return tracker.model_copy(
        update={
            "order": tuple(alias.get(n, n) for n in tracker.order),
            "order_before_delay": tuple(alias.get(n, n) for n in before) if before is not None else None,
            "combatants": combatants,
            "attack": attack,
        }
    )


def _hp_hint(hp: int, hp_max: int) -> int:
    """The HP state survives (it comes from HP), the number does not: the state's bound."""
    if hp <= -3:
        return -3
    if hp <= 0:
        return 0
    if hp <= 2:
        return 2
    return hp_max
