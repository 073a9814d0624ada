"""Ruleset B's combat: action points and the house manoeuvres (CBT-B-1 … CBT-B-8).

Costs come from ``assets/rules/coc6/actions_b.toml``.  A critical dodge or
parry costs nothing (CHK-B-5); an MA parry of a rush's second strike or of a
feint's first strike costs nothing (CBT-B-7).  Refusals name the reason, e.g.
"2 action points needed, 1 left".

Readings: the points must be there to declare a dodge or parry even when a
critical then makes it free; cover makes the covered attack roll be judged at
99 — the seed says "その際行われる攻撃は技能値を99として判定" (RULES.md
CBT-B-3 words it as "the cover roll uses skill 99"); a shock from a tackle is
the ``shock`` condition of CND-B-1.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Literal

from engine.checks.coc import coc_result
from engine.checks.levels import Level
from engine.coc6.assets import load_table
from engine.coc6.conditions import Condition, SurpriseKind, blocking, condition_for, refuse_for_condition
from engine.coc6.model import CocModel
from engine.coc6.rolls import Rolled, roll
from engine.coc6.sheet import CocSheet
from engine.coc6.tracker import AttackKind, Combatant, CombatTracker, can_act
from engine.dice.rng import DiceSource
from engine.errors import EngineError

ActionB = Literal[
    "flee", "attack", "dynamic_skill", "dodge", "cover", "parry", "non_attack_skill", "static_skill", "stand_up",
    "delay",
]  # fmt: skip
FreeReason = Literal["rush_second_strike", "feint_first_strike"]
ParryWith = Literal["ma", "weapon", "grapple", "other"]
MA = "マーシャルアーツ"


class ActionTakenB(CocModel):
    name: str
    action: ActionB
    cost: int
    ap_left: int
    free_because: str | None = None
    rule_ids: tuple[str, ...] = ("CBT-B-1",)


def action_cost(action: ActionB) -> int:
    """CBT-B-1: the points an action costs."""
    return int(load_table("actions_b")["cost"][action])


def _require_b(tracker: CombatTracker) -> None:
    if tracker.ruleset != "coc6-b":
        raise EngineError("This action belongs to ruleset {ruleset}.", ruleset="coc6-b")


def take_action(
    tracker: CombatTracker,
    name: str,
    action: ActionB,
    *,
    critical: bool = False,
    free: FreeReason | None = None,
    overridden: bool = False,
) -> tuple[CombatTracker, ActionTakenB]:
    """CBT-B-1: pay an action's points (refused with the reason when they are not there).

    ``overridden``: the GM lets a defence against an unavoidable attack stand (a logged ruling)."""
    _require_b(tracker)
    c = tracker.get(name)
    can_act(c)
    blocker = blocking(c.conditions, action)
    if blocker is not None:
        refuse_for_condition(name, blocker.kind)
    if c.surprised == "rear" and action in ("dodge", "parry") and not overridden:
        raise EngineError("An attack from full rear surprise cannot be dodged or parried.")
    if action == "delay" and c.delayed:
        raise EngineError("{name} has already delayed this round (no double delay).", name=name)
    rules: list[str] = ["CBT-B-1"]
    cost = action_cost(action)
    why: str | None = None
    if free is not None:
        if action != "parry":
            raise EngineError("Only a martial-arts parry of a rush or feint is free.")
        cost, why = 0, free
        rules.append("CBT-B-7")
    else:
        if cost > c.ap_left:
            raise EngineError("{needed} action points needed, {left} left.", needed=cost, left=c.ap_left)
        if critical and action in ("dodge", "parry"):
            cost, why = 0, "critical"
            rules.append("CHK-B-5")
    update: dict[str, object] = {"ap_left": c.ap_left - cost}
    if action == "delay":
        update["delayed"] = True
    if action == "stand_up":
        if not c.has("prone"):
            raise EngineError("{name} is not prone.", name=name)
        update["conditions"] = tuple(x for x in c.conditions if x.kind != "prone")
        rules.append("CND-B-1")
    c = c.model_copy(update=update)
    fact = ActionTakenB(name=name, action=action, cost=cost, ap_left=c.ap_left, free_because=why, rule_ids=tuple(rules))
    return tracker.with_combatant(c), fact


class ParryRuling(CocModel):
    """CBT-B-2: a parry allowed, and the action it is paid as."""

    action: Literal["parry", "attack"]
    rule_ids: tuple[str, ...] = ("CBT-B-2",)


def parry_ruling(
    *,
    skill_value: int,
    parry_with: ParryWith,
    attack: AttackKind,
    instant: bool,
    seen: bool = True,
    gm_approves: bool = False,
) -> ParryRuling:
    """CBT-B-2: whether a parry is allowed.

    Instant declaration needs MA or a parrying skill ≥ 40; unseen attacks only
    by instant declaration; never bullets or immaterial attacks; MA parries only
    attacks the GM approves (knife, small club…); a grapple parries only weapons
    the GM approves and then counts as an attack; a grapple is parried only by
    a grapple or a weapon the GM approves.
    """
    if attack in ("bullet", "immaterial"):
        raise EngineError("Bullets and immaterial attacks cannot be parried.")
    if instant and parry_with != "ma" and skill_value < 40:
        raise EngineError("An instant parry needs martial arts or a parrying skill of 40 or more.")
    if not seen and not instant:
        raise EngineError("An unseen attack can be parried only by instant declaration.")
    if attack == "grapple" and parry_with != "grapple" and not (parry_with == "weapon" and gm_approves):
        raise EngineError("A grapple can be parried only by a grapple or a weapon the GM approves.")
    if parry_with == "ma" and not gm_approves:
        raise EngineError("Martial arts parry only attacks the GM approves (a knife, a small club…).")
    if parry_with == "grapple" and attack != "grapple":
        if not gm_approves:
            raise EngineError("A grapple parries only weapons the GM approves.")
        return ParryRuling(action="attack")
    if parry_with == "weapon" and not gm_approves:
        raise EngineError("The GM decides every parry with a weapon.")
    return ParryRuling(action="parry")


class CoverRoll(CocModel):
    """CBT-B-3: the attack on a covered investigator, judged at 99."""

    coverer: str
    covered: str
    attacker: str
    roll: int
    target: int
    level: Level
    #: The coverer takes the hit.
    hit: bool
    retroactive: bool
    rule_ids: tuple[str, ...] = ("CBT-B-3",)


def cover(
    tracker: CombatTracker,
    coverer: str,
    covered: str,
    attacker: str,
    dice: DiceSource,
    *,
    before_attack_roll: bool = True,
    gm_calls_it_retroactive: bool = False,
) -> tuple[CombatTracker, ActionTakenB, CoverRoll]:
    """CBT-B-3: cover is declared before the attack roll; the attack is then judged at 99.

    A declaration after the roll is refused unless the GM calls it a plain
    retroactive declaration, in which case the attack is rolled again at 99.
    """
    if not before_attack_roll and not gm_calls_it_retroactive:
        raise EngineError("Cover must be declared before the attack roll.")
    if coverer == covered:
        raise EngineError("Name the investigator to cover.")
    tracker.get(covered)
    tracker.get(attacker)
    tracker, paid = take_action(tracker, coverer, "cover")
    value = dice.die(100)
    outcome = coc_result(value, 99)
    fact = CoverRoll(
        coverer=coverer, covered=covered, attacker=attacker, roll=value, target=99,
        level=outcome.level.value,
        hit=outcome.success, retroactive=not before_attack_roll,
    )  # fmt: skip
    return tracker, paid, fact


def pulled_damage(
    rolled_damage: int, *, skill_value: int, attack_skill: str, combined_with: tuple[str, ...] = ()
) -> int:
    """CBT-B-4: pulling a punch halves the damage, rounding up (declared before the roll).

    Needs MA or the weapon skill ≥ 60, not a kick, not with knockout, rush or tackle.
    """
    if attack_skill == "キック":
        raise EngineError("A kick cannot pull its punch.")
    if skill_value < 60:
        raise EngineError(
            "Pulling a punch needs martial arts or the weapon skill at 60 or more ({value}).", value=skill_value
        )
    banned = sorted(set(combined_with) & {"knockout", "rush", "tackle"})
    if banned:
        raise EngineError("Pulling a punch cannot be combined with {what}.", what=", ".join(banned))
    return math.ceil(rolled_damage / 2)


class GrappleRoll(CocModel):
    name: str
    success: bool
    successes_this_round: int
    deals_damage: bool
    rule_ids: tuple[str, ...] = ("CBT-B-5",)


def grapple_roll(tracker: CombatTracker, name: str, success: bool) -> tuple[CombatTracker, GrappleRoll]:
    """CBT-B-5: grapple damage applies from the second successful grapple roll in a round."""
    _require_b(tracker)
    c = tracker.get(name)
    count = c.grapple_successes + (1 if success else 0)
    c = c.model_copy(update={"grapple_successes": count})
    fact = GrappleRoll(name=name, success=success, successes_this_round=count, deals_damage=success and count >= 2)
    return tracker.with_combatant(c), fact


def ma_special_allowed(attack_skills: Mapping[str, int]) -> bool:
    """CBT-B-6: a martial-arts special attack needs every skill used at 60 or more."""
    return bool(attack_skills) and all(v >= 60 for v in attack_skills.values())


def require_ma_special(attack_skills: Mapping[str, int]) -> None:
    """CBT-B-6: refuse a martial-arts special (rush, feint, salto, tackle) unless every skill used is 60 or more."""
    if not ma_special_allowed(attack_skills):
        shown = "、".join(f"{k} {v}" for k, v in attack_skills.items())
        raise EngineError("A martial-arts special needs every attack skill used at 60 or more ({skills}).",
                          skills=shown)  # fmt: skip


def ma_bonus_applies(weapon_changes_unarmed_damage: bool) -> bool:
    """CBT-B-6: no MA bonus for a weapon that changes the unarmed damage."""
    return not weapon_changes_unarmed_damage


class Manoeuvre(CocModel):
    name: str
    manoeuvre: str
    target: str | None = None
    detail: str = ""
    rule_ids: tuple[str, ...] = ("CBT-B-7",)


def declare_rush(first_strike_hit: bool, target_stunned: bool, name: str, target: str) -> Manoeuvre:
    """CBT-B-7: a rush only after a hit that stunned; its second strike is resolved at round end."""
    if not (first_strike_hit and target_stunned):
        raise EngineError("A rush can be declared only after a first strike hit and stunned the target.")
    return Manoeuvre(name=name, manoeuvre="rush", target=target, detail="second strike at round end")


def declare_feint(before_roll: bool, name: str, target: str) -> Manoeuvre:
    """CBT-B-7: a feint must be declared before the roll."""
    if not before_roll:
        raise EngineError("A feint must be declared before the roll.")
    return Manoeuvre(name=name, manoeuvre="feint", target=target)


def feint_second_strike_allowed(first_parried_by_ma: bool) -> bool:
    """CBT-B-7: an MA parry of the feint's first strike cancels the second."""
    return not first_parried_by_ma


def _add_condition(tracker: CombatTracker, name: str, condition: Condition) -> CombatTracker:
    c = tracker.get(name)
    kept = tuple(x for x in c.conditions if x.kind != condition.kind)
    return tracker.with_combatant(c.model_copy(update={"conditions": (*kept, condition)}))


def add_condition(tracker: CombatTracker, name: str, kind: str) -> tuple[CombatTracker, Condition]:
    """CND-B-1: put a condition on a combatant with its duration from its CON."""
    c = tracker.get(name)
    condition = condition_for(kind, c.con)  # type: ignore[arg-type]
    return _add_condition(tracker, name, condition), condition


def salto(tracker: CombatTracker, name: str, target: str) -> tuple[CombatTracker, Manoeuvre]:
    """CBT-B-7: a salto throws the target down where it stands (prone)."""
    tracker, _ = add_condition(tracker, target, "prone")
    return tracker, Manoeuvre(name=name, manoeuvre="salto", target=target, detail="prone")


class TackleResult(CocModel):
    target: str
    dex_roll: int
    dex_target: int
    prone: bool
    con_roll: int
    con_target: int
    shock: bool
    rule_ids: tuple[str, ...] = ("CBT-B-7", "CND-B-1")


def tackle(tracker: CombatTracker, target: CocSheet, dice: DiceSource) -> tuple[CombatTracker, TackleResult]:
    """CBT-B-7: a target knocked back rolls DEX×5 (fail: prone) and CON×5 (fail: shock)."""
    dex_roll, con_roll = dice.die(100), dice.die(100)
    dex_ok = dex_roll <= target.DEX * 5 and dex_roll < 100
    con_ok = con_roll <= target.CON * 5 and con_roll < 100
    if not dex_ok:
        tracker, _ = add_condition(tracker, target.name, "prone")
    if not con_ok:
        tracker, _ = add_condition(tracker, target.name, "shock")
    return tracker, TackleResult(
        target=target.name, dex_roll=dex_roll, dex_target=target.DEX * 5, prone=not dex_ok,
        con_roll=con_roll, con_target=target.CON * 5, shock=not con_ok,
    )  # fmt: skip


class CounterA(CocModel):
    """CBT-B-7 counter A: parry first (−10, −20 against MA), then attack; the opponent parries at −20."""

    own_parry_modifier: int
    opponent_parry_modifier: int = -20
    #: The opponent cannot parry instantly: the counter attack is unavoidable.
    unavoidable: bool
    rule_ids: tuple[str, ...] = ("CBT-B-7",)


def counter_a(attacked_with_ma: bool, opponent_can_instant_parry: bool) -> CounterA:
    return CounterA(own_parry_modifier=-20 if attacked_with_ma else -10, unavoidable=not opponent_can_instant_parry)


def counter_b(
    tracker: CombatTracker, name: str, attack_succeeded: bool
) -> tuple[CombatTracker, ActionTakenB, Manoeuvre]:
    """CBT-B-7 counter B: uses an attack; a success is unavoidable; no more actions this round."""
    c = tracker.get(name)
    if c.surprised is not None:
        raise EngineError("No counter this round after a surprise.")
    tracker, paid = take_action(tracker, name, "attack")
    c = tracker.get(name)
    tracker = tracker.with_combatant(c.model_copy(update={"done_for_round": True, "ap_left": 0}))
    detail = "unavoidable" if attack_succeeded else "missed"
    return tracker, paid, Manoeuvre(name=name, manoeuvre="counter_b", detail=detail)


def surprise(tracker: CombatTracker, name: str, kind: SurpriseKind) -> CombatTracker:
    """CND-B-3: mark a defender as surprised for this round."""
    c: Combatant = tracker.get(name)
    return tracker.with_combatant(c.model_copy(update={"surprised": kind}))


class ThrownBonus(CocModel):
    damage_bonus: str
    rolled: Rolled | None
    bonus: int
    rule_ids: tuple[str, ...] = ("CBT-B-8",)


def thrown_damage_bonus(damage_bonus: str, dice: DiceSource) -> ThrownBonus:
    """CBT-B-8: a thrown weapon adds DB/2, rounded down, at least 0 (the DB die is rolled first)."""
    if damage_bonus.strip() in ("", "0"):
        return ThrownBonus(damage_bonus=damage_bonus, rolled=None, bonus=0)
    rolled = roll(dice, damage_bonus.lstrip("+"))
    return ThrownBonus(damage_bonus=damage_bonus, rolled=rolled, bonus=max(rolled.total // 2, 0))


class ConfusedAttack(CocModel):
    """CBT-B-9: the target of an attack made without telling friend from foe."""

    attacker: str
    candidates: tuple[str, ...]
    die: int | None
    target: str
    rule_ids: tuple[str, ...] = ("CBT-B-9",)


def confused_attack_target(
    tracker: CombatTracker, attacker: str, in_reach: tuple[str, ...], dice: DiceSource, gm_choice: str | None = None
) -> ConfusedAttack:
    """CBT-B-9: the GM names the target directly or rolls 1dN over everyone in reach, in order."""
    tracker.get(attacker)
    candidates = tuple(n for n in in_reach if n != attacker)
    if not candidates:
        raise EngineError("Nobody is in reach of {name}.", name=attacker)
    for name in candidates:
        tracker.get(name)
    if gm_choice is not None:
        if gm_choice not in candidates:
            raise EngineError("{name} is not in reach of {attacker}.", name=gm_choice, attacker=attacker)
        return ConfusedAttack(attacker=attacker, candidates=candidates, die=None, target=gm_choice)
    die = dice.die(len(candidates))
    return ConfusedAttack(attacker=attacker, candidates=candidates, die=die, target=candidates[die - 1])


class AttackEffects(CocModel):
    """CHK-B-5: what an attack's level means in ruleset B."""

    #: S: extra (impaling) damage, only for impaling weapons.
    impale: bool = False
    #: C: unavoidable (必中: no dodge, parry or other intervention) …
    unavoidable: bool = False
    #: … and ignores physical armour (not armour that nullifies).
    ignores_physical_armour: bool = False
    #: F: the GM handles it.
    gm_handles: bool = False
    rule_ids: tuple[str, ...] = ("CHK-B-5",)


def attack_effects(level: Level, *, impaling_weapon: bool) -> AttackEffects:
    """CHK-B-5: S adds damage only for impaling weapons; C is unavoidable and ignores physical armour."""
    if level == "critical":
        return AttackEffects(unavoidable=True, ignores_physical_armour=True)
    if level == "special":
        return AttackEffects(impale=impaling_weapon)
    if level == "fumble":
        return AttackEffects(gm_handles=True)
    return AttackEffects()
