"""Ruleset A's action economy (CBT-A-1, CBT-A-2).

Each round a combatant has one active action (attack, or flee: DEX×5 or a DEX
contest, whichever is better) on its turn and one passive action (dodge, or
cover: DEX×4 or a DEX contest) when something is aimed at it.  Giving up the
active action buys a second passive action.  A combatant covers at most one
investigator per round, the same one as often as it likes.

Reading: "庇うことができるのは１Rに1人まで" limits each coverer, not the whole
party.
"""

from __future__ import annotations

from typing import Literal

from engine.checks.coc import coc_result, res_target
from engine.checks.levels import Level
from engine.coc6.model import CocModel
from engine.coc6.sheet import CocSheet
from engine.coc6.tracker import CombatTracker, can_act
from engine.dice.rng import DiceSource
from engine.errors import EngineError

ActiveKind = Literal["attack", "flee"]
PassiveKind = Literal["dodge", "cover"]


class ActionTakenA(CocModel):
    name: str
    action: str
    active_left: int
    passive_left: int
    covered: str | None = None
    rule_ids: tuple[str, ...] = ("CBT-A-1",)


def _require_a(tracker: CombatTracker) -> None:
    if tracker.ruleset != "coc6-a":
        raise EngineError("This action belongs to ruleset {ruleset}.", ruleset="coc6-a")


def flee_target(dex: int, enemy_dex: int) -> int:
    """CBT-A-1: the better of DEX×5 and the DEX contest against the enemy."""
    return max(dex * 5, res_target(dex, enemy_dex))


def cover_target(dex: int, enemy_dex: int) -> int:
    """CBT-A-1: the better of DEX×4 and the DEX contest against the attacker."""
    return max(dex * 4, res_target(dex, enemy_dex))


class ContestRoll(CocModel):
    """CBT-A-1: a flee or cover roll against the better of DEX×n and the DEX contest."""

    name: str
    kind: Literal["flee", "cover"]
    target: int
    roll: int
    level: Level
    success: bool
    rule_ids: tuple[str, ...] = ("CBT-A-1",)


def contest_roll(sheet: CocSheet, kind: Literal["flee", "cover"], enemy_dex: int, dice: DiceSource) -> ContestRoll:
    """CBT-A-1: roll flee (DEX×5) or cover (DEX×4), or the DEX contest when that is better."""
    target = flee_target(sheet.DEX, enemy_dex) if kind == "flee" else cover_target(sheet.DEX, enemy_dex)
    value = dice.die(100)
    outcome = coc_result(value, target)
    return ContestRoll(
        name=sheet.name, kind=kind, target=target, roll=value,
        level=outcome.level.value,
        success=outcome.success,
    )  # fmt: skip


def take_active(tracker: CombatTracker, name: str, kind: ActiveKind) -> tuple[CombatTracker, ActionTakenA]:
    """CBT-A-1: the one active action, on the combatant's own turn."""
    _require_a(tracker)
    c = tracker.get(name)
    can_act(c)
    if tracker.actor != name:
        raise EngineError("It is {actor}'s turn, not {name}'s.", actor=tracker.actor, name=name)
    if c.active_left < 1:
        raise EngineError("{name} has no active action left this round.", name=name)
    c = c.model_copy(update={"active_left": 0})
    fact = ActionTakenA(name=name, action=kind, active_left=0, passive_left=c.passive_left)
    return tracker.with_combatant(c), fact


def give_up_active(tracker: CombatTracker, name: str) -> tuple[CombatTracker, ActionTakenA]:
    """CBT-A-1: give up the active action for one more passive action (e.g. to keep dodging)."""
    _require_a(tracker)
    c = tracker.get(name)
    can_act(c)
    if c.active_left < 1:
        raise EngineError("{name} has no active action left this round.", name=name)
    c = c.model_copy(update={"active_left": 0, "passive_left": c.passive_left + 1})
    fact = ActionTakenA(name=name, action="give_up_active", active_left=0, passive_left=c.passive_left)
    return tracker.with_combatant(c), fact


def take_passive(
    tracker: CombatTracker, name: str, kind: PassiveKind, covered: str | None = None
) -> tuple[CombatTracker, ActionTakenA]:
    """CBT-A-1/CBT-A-2: a passive action; cover protects one investigator per round."""
    _require_a(tracker)
    c = tracker.get(name)
    can_act(c)
    if c.passive_left < 1:
        raise EngineError("{name} has no passive action left this round.", name=name)
    rules: tuple[str, ...] = ("CBT-A-1",)
    update: dict[str, object] = {"passive_left": c.passive_left - 1}
    if kind == "cover":
        if covered is None or covered == name:
            raise EngineError("Name the investigator to cover.")
        tracker.get(covered)
        if c.covering is not None and c.covering != covered:
            raise EngineError(
                "{name} already covers {other} this round; one investigator per round.",
                name=name,
                other=c.covering,
            )
        update["covering"] = covered
        rules = ("CBT-A-1", "CBT-A-2")
    c = c.model_copy(update=update)
    fact = ActionTakenA(
        name=name, action=kind, active_left=c.active_left, passive_left=c.passive_left, covered=covered, rule_ids=rules
    )
    return tracker.with_combatant(c), fact
