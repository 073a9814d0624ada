"""Ruleset B's martial-arts specials and counters as commands (CBT-B-6, CBT-B-7).

The rule functions of :mod:`engine.coc6.combat_b` decide what is allowed; these
commands roll the strikes with the session's dice and change the tracker the
way seed 004 says:

* ``coc_ma_attack`` — an unarmed attack; a martial-arts success rolls the
  weapon's damage dice twice unless the weapon changes the unarmed damage
  (CBT-B-6).  A hit is remembered for a rush.
* ``coc_rush`` — only after a hit that left the target stunned; the second
  strike is due at the end of the round (``coc_rush_strike``), and the round
  cannot end before it is resolved.  The target may parry it with martial arts
  at no cost.
* ``coc_feint`` — declared before the roll; two strikes, but a martial-arts
  parry of the first (free) cancels the second.
* ``coc_counter`` — declared before the attacker's roll, it uses an attack
  (2 AP).  A: parry at −10 (−20 against martial arts), then attack; the
  opponent parries at −20, or cannot when it has no instant parry.  B: a
  successful attack is unavoidable and the counterer does nothing more this
  round.

Readings (seed 004 says no more): the rush and the feint are the "武道の特殊攻撃"
listed under the MA paragraph, so they need マーシャルアーツ and the attack skill
at 60 or more; the rush's second strike costs no points (after a 2-point attack
only 1 is left, so it could never be paid); each strike of a feint that hits
deals its damage; a counter pays an attack's points.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from engine.coc6 import combat_b
from engine.coc6.amounts import DamageRoll
from engine.coc6.checks import CheckResult, check
from engine.coc6.combat_events import CocApSpent, CocConditionSet, CocDamageRolled, CocHpChanged
from engine.coc6.commands.access import (
    b_options,
    coc_sheet,
    coc_state,
    emit_check,
    emit_combat,
    keeper_round,
    tracker_of,
    write_back_hp,
)
from engine.coc6.conditions import attack_modifier, blocking, refuse_for_condition
from engine.coc6.manoeuvre_events import (
    CocCounteredA,
    CocCounteredB,
    CocFeintDeclared,
    CocFeintStopped,
    CocMaBonus,
    CocParried,
    CocRushDeclared,
    CocStruck,
)
from engine.coc6.rolls import roll
from engine.coc6.sheet import CocSheet
from engine.coc6.tracker import CombatTracker, PendingRush, at_round_end, can_act, damage
from engine.core.commands import CommandBase, Context
from engine.errors import EngineError
from engine.i18n import render

MA = combat_b.MA
INSTANT_PARRY = 40
"""CBT-B-2: the skill an instant parry (and so a parry of a counter) needs."""


def _b_tracker(ctx: Context) -> CombatTracker:
    coc_state(ctx)
    tracker = tracker_of(ctx)
    if tracker.ruleset != "coc6-b":
        raise EngineError("This action belongs to ruleset {ruleset}.", ruleset="coc6-b")
    return tracker


def _opponent(tracker: CombatTracker, name: str, other: str) -> None:
    tracker.get(other)
    if other == name:
        raise EngineError("Name another combatant than {name}.", name=name)


def _require_ma_special(sheet: CocSheet, skill: str) -> None:
    """CBT-B-6: every skill the special uses — マーシャルアーツ and the attack skill — at 60 or more."""
    combat_b.require_ma_special({MA: sheet.skill(MA).value, skill: sheet.skill(skill).value})


def _roll(ctx: Context, sheet: CocSheet, skill: str, modifier: int = 0) -> CheckResult:
    result = check(sheet, skill, "coc6-b", ctx.dice, modifier=modifier, options=b_options(ctx))
    emit_check(ctx, result)
    return result


def _attack_roll(ctx: Context, tracker: CombatTracker, sheet: CocSheet, skill: str, modifier: int = 0) -> CheckResult:
    """An attack roll with the attacker's condition modifiers (CND-B-1 tear gas)."""
    return _roll(ctx, sheet, skill, modifier + attack_modifier(tracker.get(sheet.name).conditions))


def _hurt(
    ctx: Context,
    tracker: CombatTracker,
    target: str,
    expression: str,
    *,
    rule_ids: tuple[str, ...] = (),
    stun: bool = False,
) -> CombatTracker:
    """Roll ``expression`` as damage to ``target`` and apply it (HP-B-1, a knockout stun by CND-B-1)."""
    rolled = roll(ctx.dice, expression)
    amount = max(rolled.total, 0)
    emit_combat(ctx, CocDamageRolled(target=target, rolled=rolled, total=amount, rule_ids=rule_ids))
    tracker, change = damage(tracker, target, amount)
    emit_combat(ctx, CocHpChanged(change=change, rule_ids=change.rule_ids), tracker,
                write_back_hp(ctx, tracker, target))  # fmt: skip
    if stun and change.state == "conscious":
        tracker, condition = combat_b.add_condition(tracker, target, "stun")
        emit_combat(ctx, CocConditionSet(target=target, condition=condition, rule_ids=("CND-B-1",)), tracker)
    return tracker


def _with_db(sheet: CocSheet, weapon: str, times: int = 1) -> str:
    """The damage expression: the weapon's dice ``times`` times, then the damage bonus once."""
    text = "+".join([weapon] * times)
    bonus = sheet.damage_bonus.strip()
    return text if bonus in ("", "0") else f"{text}{bonus}"


def _remember_hit(tracker: CombatTracker, name: str, target: str | None) -> CombatTracker:
    """CBT-B-7: the last strike's hit (None: it missed), which a rush asks about."""
    return tracker.with_combatant(tracker.get(name).model_copy(update={"hit_this_round": target}))


def _pay_attack(ctx: Context, tracker: CombatTracker, name: str) -> CombatTracker:
    """CBT-B-1: an attack's 2 points; a new strike forgets the last one's hit."""
    tracker, paid = combat_b.take_action(tracker, name, "attack")
    tracker = _remember_hit(tracker, name, None)
    emit_combat(ctx, CocApSpent(taken=paid, rule_ids=paid.rule_ids), tracker)
    return tracker


def _able_to_strike(tracker: CombatTracker, name: str) -> None:
    """A strike outside the points (a rush): refused to the out, the B counterer and the stunned (CND-B-1)."""
    me = tracker.get(name)
    can_act(me)
    blocker = blocking(me.conditions, "attack")
    if blocker is not None:
        refuse_for_condition(name, blocker.kind)


def _ma_parry(
    ctx: Context, tracker: CombatTracker, defender: str, why: combat_b.FreeReason
) -> tuple[CombatTracker, bool]:
    """CBT-B-7: a martial-arts parry that costs no points; True when it parries."""
    _did, sheet = coc_sheet(ctx, defender)
    tracker, paid = combat_b.take_action(tracker, defender, "parry", free=why)
    emit_combat(ctx, CocApSpent(taken=paid, rule_ids=paid.rule_ids), tracker)
    return tracker, _roll(ctx, sheet, MA).success


class CocMaAttack(CommandBase):
    """CBT-B-6: an unarmed attack with the martial-arts bonus (the weapon's damage dice twice)."""

    type: Literal["coc_ma_attack"] = "coc_ma_attack"
    name: str
    target: str
    skill: str = Field(default="こぶし", min_length=1, max_length=60)
    damage: DamageRoll = "1D3"
    #: The weapon changes the unarmed damage (a knuckle duster…): no MA bonus.
    weapon_changes_unarmed_damage: bool = False
    #: A knockout blow: a conscious target is stunned (CND-B-1).
    stun: bool = False
    modifier: int = Field(default=0, ge=-200, le=200)

    def run(self, ctx: Context) -> None:
        tracker = _b_tracker(ctx)
        _cid, sheet = coc_sheet(ctx, self.name)
        _opponent(tracker, sheet.name, self.target)
        tracker = _pay_attack(ctx, tracker, sheet.name)
        if not _attack_roll(ctx, tracker, sheet, self.skill, self.modifier).success:
            return
        tracker = _remember_hit(tracker, sheet.name, self.target)
        applies = combat_b.ma_bonus_applies(self.weapon_changes_unarmed_damage)
        ma_success = _roll(ctx, sheet, MA).success if applies else False
        emit_combat(ctx, CocMaBonus(name=sheet.name, applies=applies, success=ma_success, rule_ids=("CBT-B-6",)),
                    tracker)  # fmt: skip
        expression = _with_db(sheet, self.damage, 2 if ma_success else 1)
        rules = ("CBT-B-6",) if ma_success else ()
        _hurt(ctx, tracker, self.target, expression, rule_ids=rules, stun=self.stun)

    def label(self, lang: str = "ja") -> str:
        return render("Martial-arts attack", lang)


class CocRush(CommandBase):
    """CBT-B-7: a rush after a hit that stunned the target; the second strike comes at the round's end."""

    type: Literal["coc_rush"] = "coc_rush"
    name: str
    target: str
    skill: str = Field(default="こぶし", min_length=1, max_length=60)
    damage: DamageRoll = "1D3"

    def run(self, ctx: Context) -> None:
        tracker = _b_tracker(ctx)
        _cid, sheet = coc_sheet(ctx, self.name)
        _opponent(tracker, sheet.name, self.target)
        _able_to_strike(tracker, sheet.name)
        me = tracker.get(sheet.name)
        if me.rush is not None:
            raise EngineError("{name} has already declared a rush this round.", name=sheet.name)
        _require_ma_special(sheet, self.skill)
        combat_b.declare_rush(me.hit_this_round == self.target, tracker.get(self.target).has("stun"), sheet.name,
                              self.target)  # fmt: skip
        pending = PendingRush(target=self.target, skill=self.skill, damage=self.damage)
        tracker = tracker.with_combatant(me.model_copy(update={"rush": pending}))
        emit_combat(ctx, CocRushDeclared(name=sheet.name, target=self.target, rule_ids=("CBT-B-6", "CBT-B-7")),
                    tracker)  # fmt: skip

    def label(self, lang: str = "ja") -> str:
        return render("Rush", lang)


class CocRushStrike(CommandBase):
    """CBT-B-7: a rush's second strike at the end of the round; the target may parry it with MA for free."""

    type: Literal["coc_rush_strike"] = "coc_rush_strike"
    name: str
    #: The target parries the second strike with martial arts (no points).
    ma_parry: bool = False

    def run(self, ctx: Context) -> None:
        tracker = _b_tracker(ctx)
        _cid, sheet = coc_sheet(ctx, self.name)
        pending = tracker.get(sheet.name).rush
        if pending is None:
            raise EngineError("{name} has no rush second strike due.", name=sheet.name)
        _able_to_strike(tracker, sheet.name)
        if not at_round_end(tracker, keeper_round(ctx)):
            raise EngineError("A rush's second strike comes at the end of the round, after {actor}'s turn.",
                              actor=tracker.order[-1])  # fmt: skip
        tracker = tracker.with_combatant(tracker.get(sheet.name).model_copy(update={"rush": None}))
        strike = CocStruck(name=sheet.name, target=pending.target, which="rush_second", rule_ids=("CBT-B-7",))
        emit_combat(ctx, strike, tracker)
        if self.ma_parry:
            tracker, parried = _ma_parry(ctx, tracker, pending.target, "rush_second_strike")
            if parried:
                emit_combat(ctx, CocParried(name=pending.target, attacker=sheet.name, rule_ids=("CBT-B-7",)))
                return
        if _attack_roll(ctx, tracker, sheet, pending.skill).success:
            _hurt(ctx, tracker, pending.target, _with_db(sheet, pending.damage))

    def label(self, lang: str = "ja") -> str:
        return render("Rush: second strike", lang)


class CocFeint(CommandBase):
    """CBT-B-7: a feint, declared before the roll: two strikes; an MA parry of the first (free) stops the second."""

    type: Literal["coc_feint"] = "coc_feint"
    name: str
    target: str
    skill: str = Field(default="こぶし", min_length=1, max_length=60)
    damage: DamageRoll = "1D3"
    #: The GM's word that the feint was declared before the attack roll.
    before_roll: bool = True
    #: The target parries the first strike with martial arts (no points).
    ma_parry: bool = False

    def run(self, ctx: Context) -> None:
        tracker = _b_tracker(ctx)
        _cid, sheet = coc_sheet(ctx, self.name)
        _opponent(tracker, sheet.name, self.target)
        combat_b.declare_feint(self.before_roll, sheet.name, self.target)
        _require_ma_special(sheet, self.skill)
        tracker = _pay_attack(ctx, tracker, sheet.name)
        emit_combat(ctx, CocFeintDeclared(name=sheet.name, target=self.target, rule_ids=("CBT-B-6", "CBT-B-7")))
        parried = False
        if self.ma_parry:
            tracker, parried = _ma_parry(ctx, tracker, self.target, "feint_first_strike")
        if parried:
            assert not combat_b.feint_second_strike_allowed(True)
            emit_combat(ctx, CocFeintStopped(name=self.target, attacker=sheet.name, rule_ids=("CBT-B-7",)))
            return
        for which in ("first", "second"):
            emit_combat(ctx, CocStruck(name=sheet.name, target=self.target, which=which, rule_ids=("CBT-B-7",)))
            if _attack_roll(ctx, tracker, sheet, self.skill).success:
                tracker = _remember_hit(tracker, sheet.name, self.target)
                tracker = _hurt(ctx, tracker, self.target, _with_db(sheet, self.damage))
            if tracker.get(self.target).state in ("dying", "dead"):
                break

    def label(self, lang: str = "ja") -> str:
        return render("Feint", lang)


class CocCounter(CommandBase):
    """CBT-B-7: a counter declared before the attacker's roll; it uses an attack (2 AP).

    A: parry at −10 (−20 against martial arts), then attack; the opponent parries
    at −20 with ``attacker_parry_skill`` — without an instant parry (MA or a skill
    of 40 or more, CBT-B-2) the counter attack is unavoidable.  B: a successful
    attack is unavoidable, and the counterer does nothing more this round.
    """

    type: Literal["coc_counter"] = "coc_counter"
    name: str
    attacker: str
    kind: Literal["A", "B"]
    skill: str = Field(default="こぶし", min_length=1, max_length=60)
    damage: DamageRoll = "1D3"
    #: A: the skill the GM names for the parry (CBT-B-2).
    parry_skill: str = Field(default=MA, min_length=1, max_length=60)
    #: A: the attack being countered is a martial-arts attack (parry at −20).
    attacked_with_ma: bool = False
    #: A: the skill the attacker parries the counter attack with (None: it cannot parry).
    attacker_parry_skill: str | None = Field(default=None, max_length=60)
    #: The GM's word that the counter was declared before the attacker's roll.
    before_attack_roll: bool = True
    stun: bool = False

    def run(self, ctx: Context) -> None:
        tracker = _b_tracker(ctx)
        _cid, sheet = coc_sheet(ctx, self.name)
        _opponent(tracker, sheet.name, self.attacker)
        if not self.before_attack_roll:
            raise EngineError("A counter must be declared before the attacker's roll.")
        if tracker.get(sheet.name).surprised is not None:
            raise EngineError("No counter this round after a surprise.")
        if self.kind == "B":
            self._counter_b(ctx, tracker, sheet)
        else:
            self._counter_a(ctx, tracker, sheet)

    def _counter_b(self, ctx: Context, tracker: CombatTracker, sheet: CocSheet) -> None:
        # The tracker after a B counter does not depend on the hit: an attack's points, then nothing more.
        tracker, paid, _fact = combat_b.counter_b(tracker, sheet.name, True)
        tracker = _remember_hit(tracker, sheet.name, None)
        paid = paid.model_copy(update={"ap_left": 0})
        emit_combat(ctx, CocApSpent(taken=paid, rule_ids=paid.rule_ids), tracker)
        result = _attack_roll(ctx, tracker, sheet, self.skill)
        emit_combat(ctx, CocCounteredB(name=sheet.name, attacker=self.attacker, hit=result.success,
                                       rule_ids=("CBT-B-7",)))  # fmt: skip
        if result.success:
            tracker = _remember_hit(tracker, sheet.name, self.attacker)
            _hurt(ctx, tracker, self.attacker, _with_db(sheet, self.damage), stun=self.stun)

    def _counter_a(self, ctx: Context, tracker: CombatTracker, sheet: CocSheet) -> None:
        _aid, attacker = coc_sheet(ctx, self.attacker)
        parry_value = attacker.skill(self.attacker_parry_skill).value if self.attacker_parry_skill else 0
        can_parry = self.attacker_parry_skill is not None and (
            self.attacker_parry_skill == MA or parry_value >= INSTANT_PARRY
        )
        ruling = combat_b.counter_a(self.attacked_with_ma, can_parry)
        tracker = _pay_attack(ctx, tracker, sheet.name)
        emit_combat(ctx, CocCounteredA(name=sheet.name, attacker=self.attacker, ruling=ruling, rule_ids=("CBT-B-7",)))
        if not _roll(ctx, sheet, self.parry_skill, ruling.own_parry_modifier).success:
            return
        if not _attack_roll(ctx, tracker, sheet, self.skill).success:
            return
        if not ruling.unavoidable and self.attacker_parry_skill is not None:
            parry: combat_b.ActionTakenB | None
            try:
                tracker, parry = combat_b.take_action(tracker, self.attacker, "parry")
            except EngineError:
                parry = None
            if parry is not None:
                emit_combat(ctx, CocApSpent(taken=parry, rule_ids=parry.rule_ids), tracker)
                if _roll(ctx, attacker, self.attacker_parry_skill, ruling.opponent_parry_modifier).success:
                    emit_combat(ctx, CocParried(name=self.attacker, attacker=sheet.name, rule_ids=("CBT-B-7",)))
                    return
        tracker = _remember_hit(tracker, sheet.name, self.attacker)
        _hurt(ctx, tracker, self.attacker, _with_db(sheet, self.damage), stun=self.stun)

    def label(self, lang: str = "ja") -> str:
        return render("Counter {kind}", lang, kind=self.kind)


MANOEUVRE_COMMANDS: tuple[type[CommandBase], ...] = (CocMaAttack, CocRush, CocRushStrike, CocFeint, CocCounter)
