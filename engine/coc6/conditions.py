"""Ruleset B's conditions (CND-B-1, CND-B-2, CND-B-3).

Stun, tear gas/blinding and shock last ⌊18/CON⌋ rounds (at least 1).  Prone
lasts until the combatant stands: at once with a DEX roll, else automatically
at the start of the next round.  While prone only dodge and parry (and standing
up) are allowed; under the other conditions dodge, parry and fleeing; tear gas
also allows attacks at −20.

Readings: "催涙ガス…攻撃判定-20、回避、受け流しのみ" is read as attacks at −20
plus dodge and parry (the −20 would mean nothing otherwise); shock (from a
tackle) lasts like a stun, the seed giving it no duration; a delay (0 points)
is allowed under every condition; a failed burning roll sets the target on
fire.
"""

from __future__ import annotations

from typing import Literal

from engine.coc6.model import CocModel
from engine.coc6.sheet import CocSheet
from engine.dice.rng import DiceSource
from engine.errors import EngineError

ConditionKind = Literal["prone", "stun", "tear_gas", "shock", "burning"]
SurpriseKind = Literal["frontal", "flank", "rear"]
BurnSource = Literal["melee", "ranged"]

_ALLOWED: dict[str, frozenset[str]] = {
    "prone": frozenset({"dodge", "parry", "stand_up", "delay"}),
    "stun": frozenset({"dodge", "parry", "flee", "delay"}),
    "shock": frozenset({"dodge", "parry", "flee", "delay"}),
    "tear_gas": frozenset({"dodge", "parry", "flee", "attack", "delay"}),
}


class Condition(CocModel):
    kind: ConditionKind
    #: Rounds left, counted down at each round end; None = until removed (prone, burning).
    rounds_left: int | None = None


def stun_rounds(con: int) -> int:
    """CND-B-1: ⌊18/CON⌋ rounds, 1 when that is 0 (CON 7 → 2, CON 19 → 1)."""
    return max(1, 18 // con)


def condition_for(kind: ConditionKind, con: int) -> Condition:
    """A new condition with its CND-B-1 duration."""
    if kind in ("stun", "tear_gas", "shock"):
        return Condition(kind=kind, rounds_left=stun_rounds(con))
    return Condition(kind=kind)


def blocking(conditions: tuple[Condition, ...], action: str) -> Condition | None:
    """CND-B-1: the first condition that forbids ``action``, or None."""
    for condition in conditions:
        allowed = _ALLOWED.get(condition.kind)
        if allowed is not None and action not in allowed:
            return condition
    return None


def refuse_for_condition(name: str, kind: ConditionKind) -> None:
    """CND-B-1: the refusal that says what the condition still allows."""
    if kind == "prone":
        raise EngineError("{name} is prone: only dodge, parry or standing up.", name=name)
    if kind == "tear_gas":
        raise EngineError("{name} is blinded: only attack at -20, dodge, parry or flee.", name=name)
    if kind == "shock":
        raise EngineError("{name} is in shock: only dodge, parry or flee.", name=name)
    raise EngineError("{name} is stunned: only dodge, parry or flee.", name=name)


def attack_modifier(conditions: tuple[Condition, ...]) -> int:
    """CND-B-1: tear gas / blinding gives −20 to attack rolls."""
    return -20 if any(c.kind == "tear_gas" for c in conditions) else 0


def count_down(conditions: tuple[Condition, ...]) -> tuple[Condition, ...]:
    """A round ended: timed conditions lose a round; those at 0 are over."""
    out = []
    for condition in conditions:
        if condition.rounds_left is None:
            out.append(condition)
        elif condition.rounds_left > 1:
            out.append(condition.model_copy(update={"rounds_left": condition.rounds_left - 1}))
    return tuple(out)


class BurningRoll(CocModel):
    actor: str
    source: BurnSource
    target: int
    roll: int
    ignited: bool
    rule_ids: tuple[str, ...] = ("CND-B-2",)


def burning_roll(sheet: CocSheet, source: BurnSource, dice: DiceSource) -> BurningRoll:
    """CND-B-2: melee fire → Luck roll, thrown/ranged fire → Luck/2 (rounded down)."""
    target = sheet.luck if source == "melee" else sheet.luck // 2
    roll = dice.die(100)
    success = roll <= target and roll < 100
    return BurningRoll(actor=sheet.name, source=source, target=target, roll=roll, ignited=not success)


class SurpriseRules(CocModel):
    """CND-B-3: what a surprised defender may do this round."""

    kind: SurpriseKind
    defence_allowed: bool
    defence_modifier: int
    counter_allowed: bool
    unavoidable: bool
    rule_ids: tuple[str, ...] = ("CND-B-3",)


def surprise_rules(kind: SurpriseKind) -> SurpriseRules:
    """CND-B-3: frontal — defend, no counter; flank — defend at −15, no counter; rear — unavoidable."""
    if kind == "frontal":
        return SurpriseRules(
            kind=kind, defence_allowed=True, defence_modifier=0, counter_allowed=False, unavoidable=False
        )
    if kind == "flank":
        return SurpriseRules(
            kind=kind, defence_allowed=True, defence_modifier=-15, counter_allowed=False, unavoidable=False
        )
    return SurpriseRules(kind=kind, defence_allowed=False, defence_modifier=0, counter_allowed=False, unavoidable=True)
