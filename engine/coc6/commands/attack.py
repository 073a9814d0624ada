"""The one attack flow as commands, one per step, and the combat rules that had none.

``coc_attack`` with a ``target`` pays the attack, rolls the weapon's skill and,
on a hit, leaves the attack waiting in the tracker; ``coc_defence`` is the
target's answer (dodge, parry or none: CHK-B-5, CND-B-3, CBT-B-2);
``coc_attack_damage`` rolls the weapon's damage into the target's HP (CBT-B-4,
CBT-B-6, CBT-B-8, CHK-B-5, HP-B-1).  While an attack waits, the turn cannot
move on and no other attack starts.

``coc_surprise`` marks a surprised defender (CND-B-3), ``coc_burning`` rolls
against catching fire (CND-B-2).
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from engine.coc6 import attack_flow, combat_a, combat_b, weapons
from engine.coc6.check_events import CocGrowthMarked, CocPoolUsed
from engine.coc6.checks import CheckResult, check
from engine.coc6.combat_events import (
    CocActionTakenA,
    CocApSpent,
    CocAttackDamaged,
    CocAttackHit,
    CocBurningRolled,
    CocConditionCleared,
    CocConditionSet,
    CocConfusedTarget,
    CocDefenceRuled,
    CocHpChanged,
    CocSurpriseSet,
    CocWeaponRuled,
)
from engine.coc6.commands.access import (
    a_options,
    b_options,
    coc_sheet,
    coc_state,
    emit_check,
    emit_combat,
    tracker_of,
    write_back_hp,
)
from engine.coc6.conditions import ConditionKind, SurpriseKind, attack_modifier, burning_roll, condition_for
from engine.coc6.house_a import investigator_check
from engine.coc6.manoeuvre_events import CocMaBonus
from engine.coc6.sheet import CocSheet, SkillEntry
from engine.coc6.tracker import AttackKind, CombatTracker, PendingAttack, damage
from engine.core.commands import CommandBase, Context
from engine.errors import EngineError
from engine.i18n import render

Reason = Field(default=None, min_length=1, max_length=200)


def rolled_check(ctx: Context, sheet: CocSheet, what: str, modifier: int = 0, *, hit: int | None = None) -> CheckResult:
    """One check in combat by the session's ruleset: A through the pool with its growth mark, B with its caps.

    ``hit``: the weapon's own hit value, rolled as ``what`` when the sheet has no such skill
    (an imported 日本刀 50); a skill not on the sheet earns no growth mark (there is nothing to grow)."""
    state = coc_state(ctx)
    rolled = sheet
    if hit is not None:
        rolled = sheet.model_copy(
            update={"skills": {**sheet.skills, what: SkillEntry(value=hit, base=hit, added=True)}}
        )
    if state.ruleset == "coc6-a":
        cid = next(c.id for c in ctx.state.ordered_characters() if c.sheet == sheet)
        after, _sheet, done = investigator_check(state, rolled, what, ctx.dice, modifier=modifier,
                                                 options=a_options(ctx), character=cid)  # fmt: skip
        emit_check(ctx, done.check)
        if done.pool is not None and not sheet.npc:
            ctx.emit(CocPoolUsed(use=done.pool, chips=after.pool.chips))
        if done.growth is not None and hit is None:
            ctx.emit(CocGrowthMarked(character=cid, mark=done.growth))
        return done.check
    result = check(rolled, what, "coc6-b", ctx.dice, modifier=modifier, options=b_options(ctx))
    emit_check(ctx, result)
    return result


def refuse_while_attack_waits(tracker: CombatTracker) -> None:
    """The attack flow's steps come in order: nothing else moves the turn while an attack waits."""
    waiting = tracker.attack
    if waiting is None:
        return
    if waiting.stage == "defence":
        raise EngineError("{attacker}'s attack on {target} waits for {target}'s defence.",
                          attacker=waiting.attacker, target=waiting.target)  # fmt: skip
    raise EngineError("{attacker}'s hit on {target} waits for its damage roll.",
                      attacker=waiting.attacker, target=waiting.target)  # fmt: skip


def living_others(tracker: CombatTracker, name: str) -> tuple[str, ...]:
    """Everyone else still in the fight, in the round's order (CBT-B-9's default reach)."""
    return tuple(n for n in tracker.order if n != name and tracker.combatants[n].state != "dead")


def pay(ctx: Context, tracker: CombatTracker, name: str, action: str, **kwargs: bool) -> CombatTracker:
    """An action's cost: B's points (CBT-B-1) or A's active/passive action (CBT-A-1)."""
    if tracker.ruleset == "coc6-b":
        tracker, paid = combat_b.take_action(tracker, name, action, **kwargs)  # type: ignore[arg-type]
        emit_combat(ctx, CocApSpent(taken=paid, rule_ids=paid.rule_ids), tracker)
        return tracker
    if action == "attack":
        tracker, fact = combat_a.take_active(tracker, name, "attack")
    elif action == "dodge":
        tracker, fact = combat_a.take_passive(tracker, name, "dodge")
    else:
        raise EngineError("Ruleset A's passive actions are dodge and cover (CBT-A-1).")
    emit_combat(ctx, CocActionTakenA(taken=fact, rule_ids=fact.rule_ids), tracker)
    return tracker


def open_attack(
    ctx: Context,
    sheet: CocSheet,
    *,
    target: str | None,
    weapon: str | None,
    skill: str,
    skill_named: bool,
    modifier: int,
    kind: AttackKind | None,
    seen: bool,
    confused: bool,
    in_reach: tuple[str, ...],
    aimed: tuple[str, bool, int] | None = None,
) -> None:
    """The attack step: CBT-B-9's target when confused, SKL-B-1's weapon rulings, the points,
    the roll, and a hit left waiting."""
    tracker = tracker_of(ctx)
    refuse_while_attack_waits(tracker)
    arms = attack_flow.attack_weapon(sheet, weapon, skill)
    what = attack_flow.weapon_skill(arms)
    ruled = CocWeaponRuled(attacker=sheet.name, weapon=arms.name, rule_ids=("SKL-B-1",))
    if tracker.ruleset == "coc6-b" and weapons.weapon_skill(arms.name, what) != what:
        what = weapons.weapon_skill(arms.name, what)  # every club and the blackjack: 〈杖〉
        arms = arms.model_copy(update={"skill": what})
        ruled = ruled.model_copy(update={"skill": what})
    if aimed is not None:
        if tracker.ruleset != "coc6-b":
            raise EngineError("Aimed blows at body parts are a rule of ruleset B (SKL-B-1).")
        part, allowed, asked = aimed
        ruled = ruled.model_copy(update={"aimed_at": part, "modifier": weapons.aimed_blow_modifier(allowed, asked)})
        modifier += ruled.modifier
    own_hit: int | None = None
    if weapon is not None and not attack_flow.has_skill(sheet, what):
        if skill_named:
            what = skill  # a weapon whose own skill is not on the sheet: the skill the GM named
            arms = arms.model_copy(update={"skill": skill})
        else:
            own_hit = attack_flow.weapon_hit(arms)  # else the weapon's own hit value (日本刀 50), if it has one
    if own_hit is None:
        sheet.skill(what)
    if confused:
        reach = in_reach or living_others(tracker, sheet.name)
        pick = combat_b.confused_attack_target(tracker, sheet.name, reach, ctx.dice)
        emit_combat(ctx, CocConfusedTarget(pick=pick, rule_ids=pick.rule_ids))
        target = pick.target
    if target is None:
        raise EngineError("Name the target of the attack.")
    if target == sheet.name:
        raise EngineError("Name another combatant than {name}.", name=sheet.name)
    tracker.get(target)
    if ruled.skill is not None or ruled.aimed_at is not None:
        emit_combat(ctx, ruled)
    tracker = pay(ctx, tracker, sheet.name, "attack")
    total = modifier + attack_modifier(tracker.get(sheet.name).conditions)
    result = rolled_check(ctx, sheet, what, total, hit=own_hit)
    if not result.success:
        return
    attack_kind: AttackKind = kind or ("thrown" if arms.thrown else "melee")
    hit = PendingAttack(attacker=sheet.name, target=target, weapon=arms, skill=what, roll=result.roll,
                        level=result.level, kind=attack_kind, seen=seen)  # fmt: skip
    ruling = attack_flow.defence_ruling(tracker.ruleset, hit, tracker.get(target))
    tracker = tracker_of(ctx).model_copy(update={"attack": hit})
    emit_combat(ctx, CocAttackHit(attack=hit, unavoidable_by=ruling.unavoidable_by, rule_ids=ruling.rule_ids),
                tracker)  # fmt: skip


class CocDefence(CommandBase):
    """The target's answer to a hit: dodge, parry or none (CHK-B-5, CND-B-3, CBT-B-2, CBT-B-1 / CBT-A-1).

    A critical attack, or one from full rear surprise, is unavoidable in ruleset
    B: a dodge or parry is refused unless the GM gives an ``override`` reason,
    which the log keeps."""

    type: Literal["coc_defence"] = "coc_defence"
    choice: Literal["none", "dodge", "parry"]
    #: The skill rolled (None: 回避 for a dodge, the target's first weapon skill or こぶし for a parry).
    skill: str | None = Field(default=None, min_length=1, max_length=60)
    #: CBT-B-2: a parry declared at once (MA or a parry skill of 40 or more).
    instant: bool = False
    parry_with: combat_b.ParryWith = "weapon"
    #: CBT-B-2: the GM allows this parry (a weapon parry, MA against a knife…).
    gm_approves: bool = True
    override: str | None = Reason

    def run(self, ctx: Context) -> None:
        coc_state(ctx)
        tracker = tracker_of(ctx)
        hit = tracker.attack
        if hit is None or hit.stage != "defence":
            raise EngineError("No attack waits for a defence.")
        names = {"attacker": hit.attacker, "target": hit.target}
        if self.choice == "none":
            after = hit.model_copy(update={"stage": "damage"})
            tracker = tracker.model_copy(update={"attack": after})
            emit_combat(ctx, CocDefenceRuled(attack=after, choice="none", **names), tracker)
            return
        _tid, defender = coc_sheet(ctx, hit.target)
        ruling = attack_flow.defence_ruling(tracker.ruleset, hit, tracker.get(hit.target))
        rules = list(ruling.rule_ids)
        if ruling.unavoidable_by and self.override is None:
            attack_flow.refuse_unavoidable(hit, ruling)
        skill = self.skill or self._default_skill(defender)
        value = defender.skill(skill).value
        if self.choice == "parry" and tracker.ruleset == "coc6-b":
            combat_b.parry_ruling(skill_value=value, parry_with=self.parry_with, attack=hit.kind,
                                  instant=self.instant, seen=hit.seen, gm_approves=self.gm_approves)  # fmt: skip
            rules.append("CBT-B-2")
        overridden = bool(ruling.unavoidable_by)
        if tracker.ruleset == "coc6-b":
            combat_b.take_action(tracker, hit.target, self.choice, overridden=overridden)  # refuses before rolling
        result = rolled_check(ctx, defender, skill, ruling.modifier)
        critical = result.level == "critical"
        if tracker.ruleset == "coc6-b":
            tracker, paid = combat_b.take_action(tracker, hit.target, self.choice, critical=critical,
                                                 overridden=overridden)  # fmt: skip
            emit_combat(ctx, CocApSpent(taken=paid, rule_ids=paid.rule_ids), tracker)
        else:
            tracker = pay(ctx, tracker, hit.target, self.choice)
        stopped = result.success
        left = None if stopped else hit.model_copy(update={"stage": "damage"})
        tracker = tracker_of(ctx).model_copy(update={"attack": left})
        ruled = CocDefenceRuled(attack=left, choice=self.choice, stopped=stopped, override=self.override,
                                rule_ids=tuple(dict.fromkeys(rules)), **names)  # fmt: skip
        emit_combat(ctx, ruled, tracker)

    def _default_skill(self, defender: CocSheet) -> str:
        if self.choice == "dodge":
            return "回避"
        return parry_skill(defender)

    def label(self, lang: str = "ja") -> str:
        return render("Defence", lang)


PARRYING: tuple[str, ...] = (combat_b.MA, "こぶし", "キック", "組み付き", "頭突き", "杖")
"""Skills that parry besides a weapon's own (CBT-B-2: the GM names the skill; these are the usual ones)."""


def parry_skill(sheet: CocSheet) -> str:
    """The skill a parry defaults to: the first weapon's skill on the sheet (CBT-B-2: a weapon parries with
    its own skill), else the best of the usual parrying skills."""
    for weapon in sheet.weapons:
        if attack_flow.has_skill(sheet, attack_flow.weapon_skill(weapon)):
            return attack_flow.weapon_skill(weapon)
    present = [n for n in PARRYING if attack_flow.has_skill(sheet, n)]
    return max(present, key=lambda n: sheet.skill(n).value) if present else "こぶし"


class CocAttackDamage(CommandBase):
    """The hit's damage from the weapon into the target's HP (CBT-B-4, CBT-B-6, CBT-B-8, CHK-B-5, HP-B-1).

    ``pulled`` is declared here, before the damage roll (CBT-B-4); ``knockout``
    stuns a conscious target (CND-B-1); ``martial_arts`` rolls マーシャルアーツ
    for an unarmed hit, doubling its dice on a success (CBT-B-6)."""

    type: Literal["coc_attack_damage"] = "coc_attack_damage"
    armour: int = Field(default=0, ge=0, le=99)
    pulled: bool = False
    knockout: bool = False
    martial_arts: bool = False

    def run(self, ctx: Context) -> None:
        state = coc_state(ctx)
        tracker = tracker_of(ctx)
        hit = tracker.attack
        if hit is None or hit.stage != "damage":
            raise EngineError("No hit waits for its damage roll.")
        _aid, attacker = coc_sheet(ctx, hit.attacker)
        if self.pulled:  # refused before any die is rolled
            attack_flow.require_pull(attacker, hit, knockout=self.knockout)
        ma_success = False
        if self.martial_arts:
            if state.ruleset != "coc6-b":
                raise EngineError("This action belongs to ruleset {ruleset}.", ruleset="coc6-b")
            attacker.skill(combat_b.MA)
            applies = attack_flow.is_unarmed(hit.weapon)
            if applies:
                ma_success = rolled_check(ctx, attacker, combat_b.MA).success
            emit_combat(ctx, CocMaBonus(name=attacker.name, applies=applies, success=ma_success,
                                        rule_ids=("CBT-B-6",)))  # fmt: skip
        dealt = attack_flow.roll_damage(state.ruleset, attacker, hit, ctx.dice, armour=self.armour,
                                        martial_arts=ma_success, pulled=self.pulled,
                                        knockout=self.knockout)  # fmt: skip
        tracker = tracker_of(ctx)
        me = tracker.get(hit.attacker)
        tracker = tracker.with_combatant(me.model_copy(update={"hit_this_round": hit.target}))
        tracker = tracker.model_copy(update={"attack": None})
        emit_combat(ctx, CocAttackDamaged(damage=dealt, rule_ids=dealt.rule_ids), tracker)
        tracker, change = damage(tracker, hit.target, dealt.total)
        emit_combat(ctx, CocHpChanged(change=change, rule_ids=change.rule_ids), tracker,
                    write_back_hp(ctx, tracker, hit.target))  # fmt: skip
        if self.knockout and change.state == "conscious" and dealt.total > 0:
            tracker, condition = combat_b.add_condition(tracker, hit.target, "stun")
            emit_combat(ctx, CocConditionSet(target=hit.target, condition=condition, rule_ids=("CND-B-1",)), tracker)

    def label(self, lang: str = "ja") -> str:
        return render("Damage roll", lang)


class CocSurprise(CommandBase):
    """CND-B-3: a defender surprised this round — frontal (no counter), flank (defence −15), full rear (unavoidable)."""

    type: Literal["coc_surprise"] = "coc_surprise"
    target: str = Field(min_length=1, max_length=80)
    kind: SurpriseKind

    def run(self, ctx: Context) -> None:
        coc_state(ctx)
        tracker = combat_b.surprise(tracker_of(ctx), self.target, self.kind)
        emit_combat(ctx, CocSurpriseSet(target=self.target, kind=self.kind, rule_ids=("CND-B-3",)), tracker)

    def label(self, lang: str = "ja") -> str:
        return render("Surprise", lang)


class CocBurning(CommandBase):
    """CND-B-2: roll against catching fire — Luck against melee fire, Luck/2 against thrown or ranged fire.

    A failed roll sets the combatant on fire (the 炎上 condition, until removed)."""

    type: Literal["coc_burning"] = "coc_burning"
    target: str = Field(min_length=1, max_length=80)
    source: Literal["melee", "ranged"]

    def run(self, ctx: Context) -> None:
        coc_state(ctx)
        tracker = tracker_of(ctx)
        tracker.get(self.target)
        _tid, sheet = coc_sheet(ctx, self.target)
        rolled = burning_roll(sheet, self.source, ctx.dice)
        emit_combat(ctx, CocBurningRolled(burning=rolled, rule_ids=rolled.rule_ids))
        if rolled.ignited:
            c = tracker.get(self.target)
            condition = condition_for("burning", c.con)
            kept = tuple(x for x in c.conditions if x.kind != "burning")
            tracker = tracker.with_combatant(c.model_copy(update={"conditions": (*kept, condition)}))
            emit_combat(ctx, CocConditionSet(target=self.target, condition=condition, rule_ids=("CND-B-2",)), tracker)

    def label(self, lang: str = "ja") -> str:
        return render("Catching fire", lang)


class CocClearCondition(CommandBase):
    """CND-B-1/2: a condition ends by the GM's word (a fire put out, a combatant stood up by help)."""

    type: Literal["coc_clear_condition"] = "coc_clear_condition"
    target: str = Field(min_length=1, max_length=80)
    kind: ConditionKind

    def run(self, ctx: Context) -> None:
        coc_state(ctx)
        tracker = tracker_of(ctx)
        c = tracker.get(self.target)
        if not c.has(self.kind):
            raise EngineError("{name} has no {kind} condition.", name=self.target, kind=self.kind)
        kept = tuple(x for x in c.conditions if x.kind != self.kind)
        tracker = tracker.with_combatant(c.model_copy(update={"conditions": kept}))
        rule = "CND-B-2" if self.kind == "burning" else "CND-B-1"
        emit_combat(ctx, CocConditionCleared(target=self.target, kind=self.kind, rule_ids=(rule,)), tracker)

    def label(self, lang: str = "ja") -> str:
        return render("End a condition", lang)


ATTACK_COMMANDS: tuple[type[CommandBase], ...] = (
    CocDefence, CocAttackDamage, CocSurprise, CocBurning, CocClearCondition,
)  # fmt: skip
