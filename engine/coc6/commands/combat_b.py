"""Ruleset B's actions in combat: action points, attacks, defence, cover, grapples, throws (CBT-B-1…7)."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from engine.coc6 import combat_b
from engine.coc6.checks import check
from engine.coc6.combat_events import (
    CocApSpent,
    CocCovered,
    CocGrappled,
    CocManoeuvred,
    CocTackled,
    CocTurnDelayed,
)
from engine.coc6.commands.access import (
    b_options,
    coc_sheet,
    coc_state,
    emit_check,
    emit_combat,
    keeper_round,
    tracker_of,
)
from engine.coc6.commands.attack import open_attack, refuse_while_attack_waits
from engine.coc6.conditions import attack_modifier
from engine.coc6.tracker import AttackKind, delay_turn
from engine.core.commands import CommandBase, Context
from engine.dice.rng import DiceSource
from engine.i18n import render


class CocActionB(CommandBase):
    """Ruleset B: pay an action's points (CBT-B-1); refused with the reason when they are not there."""

    type: Literal["coc_action_b"] = "coc_action_b"
    name: str
    action: combat_b.ActionB
    critical: bool = False
    free: combat_b.FreeReason | None = None

    def run(self, ctx: Context) -> None:
        coc_state(ctx)
        before = tracker_of(ctx)
        tracker, fact = combat_b.take_action(before, self.name, self.action, critical=self.critical,
                                             free=self.free)  # fmt: skip
        moves = self.action == "delay" and keeper_round(ctx)
        delayed = delay_turn(tracker, self.name, keeper_round(ctx)) if moves else tracker
        emit_combat(ctx, CocApSpent(taken=fact, rule_ids=fact.rule_ids), tracker)
        if delayed.order != tracker.order:
            back = delayed.order_before_delay or ()
            delay = CocTurnDelayed(name=self.name, order=delayed.order, order_before=back, rule_ids=("CBT-B-1",))
            emit_combat(ctx, delay, delayed)

    def label(self, lang: str = "ja") -> str:
        return render("Combat action", lang)


class CocAttack(CommandBase):
    """An attack: pay its cost, then roll the attack skill with the condition modifiers.

    With a ``target`` (or ``confused``: CBT-B-9, the target picked by a die over
    everyone in reach) it is the first step of the one attack flow
    (:mod:`engine.coc6.commands.attack`): the skill of the sheet's ``weapon``
    (or ``skill`` bare-handed), and on a hit the target's defence comes next.
    Without one it is ruleset B's bare attack roll."""

    type: Literal["coc_attack"] = "coc_attack"
    name: str
    skill: str = Field(default="こぶし", min_length=1, max_length=60)
    modifier: int = Field(default=0, ge=-200, le=200)
    target: str | None = Field(default=None, min_length=1, max_length=80)
    #: A weapon named on the attacker's sheet (None: bare-handed with ``skill``, 1D3+DB); ``skill`` named
    #: with it is rolled when the weapon's own skill is not on the sheet.
    weapon: str | None = Field(default=None, min_length=1, max_length=80)
    #: CBT-B-2: what sort of attack it is for a parry (None: thrown for a thrown weapon, else melee).
    kind: AttackKind | None = None
    #: CBT-B-2: the defender sees the attack coming.
    seen: bool = True
    #: CBT-B-9: the attacker is mad or confused — the target is picked by a die over ``in_reach``.
    confused: bool = False
    #: CBT-B-9: whom the attacker can reach (empty: every other living combatant).
    in_reach: tuple[str, ...] = ()
    #: DICE-2: the physical dice the keeper typed (出目入力), used before the session's dice.
    dice: tuple[int, ...] | None = Field(default=None, min_length=1, max_length=10)
    #: SKL-B-1: an aimed blow at this body part (None: none) — refused unless ``aimed_allowed``
    #: (the GM allows this one), and then only a minus ``aimed_modifier`` that never changes the damage.
    aimed_at: str | None = Field(default=None, min_length=1, max_length=40)
    aimed_allowed: bool = False
    aimed_modifier: int = Field(default=0, ge=-100, le=100)

    def run(self, ctx: Context) -> None:
        coc_state(ctx)
        if self.dice is not None:
            ctx.dice = DiceSource(ctx.dice.state, self.dice)
        _cid, sheet = coc_sheet(ctx, self.name)
        if self.target is not None or self.confused or self.weapon is not None:
            aimed = (self.aimed_at, self.aimed_allowed, self.aimed_modifier) if self.aimed_at is not None else None
            open_attack(ctx, sheet, target=self.target, weapon=self.weapon, skill=self.skill,
                        skill_named="skill" in self.model_fields_set, modifier=self.modifier, kind=self.kind,
                        seen=self.seen, confused=self.confused, in_reach=self.in_reach, aimed=aimed)  # fmt: skip
            return
        refuse_while_attack_waits(tracker_of(ctx))
        tracker, paid = combat_b.take_action(tracker_of(ctx), sheet.name, "attack")
        emit_combat(ctx, CocApSpent(taken=paid, rule_ids=paid.rule_ids), tracker)
        modifier = self.modifier + attack_modifier(tracker.get(sheet.name).conditions)
        result = check(sheet, self.skill, "coc6-b", ctx.dice, modifier=modifier, options=b_options(ctx))
        emit_check(ctx, result)

    def label(self, lang: str = "ja") -> str:
        return render("Attack", lang)


class CocDefend(CommandBase):
    """Ruleset B: dodge or parry — the points are checked first, a critical makes it free (CBT-B-1, CHK-B-5)."""

    type: Literal["coc_defend"] = "coc_defend"
    name: str
    action: Literal["dodge", "parry"]
    skill: str = Field(min_length=1, max_length=60)

    def run(self, ctx: Context) -> None:
        coc_state(ctx)
        _cid, sheet = coc_sheet(ctx, self.name)
        before = tracker_of(ctx)
        combat_b.take_action(before, sheet.name, self.action)  # refuses before rolling
        result = check(sheet, self.skill, "coc6-b", ctx.dice, options=b_options(ctx))
        tracker, paid = combat_b.take_action(before, sheet.name, self.action, critical=result.level == "critical")
        emit_combat(ctx, CocApSpent(taken=paid, rule_ids=paid.rule_ids), tracker)
        emit_check(ctx, result)

    def label(self, lang: str = "ja") -> str:
        return render("Defend", lang)


class CocCover(CommandBase):
    """Ruleset B: cover an investigator — the attack is judged at 99 (CBT-B-3)."""

    type: Literal["coc_cover"] = "coc_cover"
    coverer: str
    covered: str
    attacker: str
    before_attack_roll: bool = True
    gm_calls_it_retroactive: bool = False

    def run(self, ctx: Context) -> None:
        coc_state(ctx)
        tracker, paid, fact = combat_b.cover(
            tracker_of(ctx), self.coverer, self.covered, self.attacker, ctx.dice,
            before_attack_roll=self.before_attack_roll, gm_calls_it_retroactive=self.gm_calls_it_retroactive,
        )  # fmt: skip
        emit_combat(ctx, CocApSpent(taken=paid, rule_ids=paid.rule_ids), tracker)
        emit_combat(ctx, CocCovered(cover=fact, rule_ids=fact.rule_ids))

    def label(self, lang: str = "ja") -> str:
        return render("Cover", lang)


class CocGrapple(CommandBase):
    """CBT-B-5: a grapple roll; the second success in a round deals damage."""

    type: Literal["coc_grapple"] = "coc_grapple"
    name: str
    skill: str = "組み付き"
    #: The points paid for this roll (None: a roll of a held grapple the GM calls free).
    action: combat_b.ActionB | None = "attack"

    def run(self, ctx: Context) -> None:
        coc_state(ctx)
        _cid, sheet = coc_sheet(ctx, self.name)
        tracker = tracker_of(ctx)
        if self.action is not None:
            tracker, paid = combat_b.take_action(tracker, sheet.name, self.action)
            emit_combat(ctx, CocApSpent(taken=paid, rule_ids=paid.rule_ids), tracker)
        result = check(sheet, self.skill, "coc6-b", ctx.dice, options=b_options(ctx))
        emit_check(ctx, result)
        tracker, fact = combat_b.grapple_roll(tracker, sheet.name, result.success)
        emit_combat(ctx, CocGrappled(grapple=fact, rule_ids=fact.rule_ids), tracker)

    def label(self, lang: str = "ja") -> str:
        return render("Grapple", lang)


class CocManoeuvre(CommandBase):
    """CBT-B-7: a salto (the target thrown down where it stands) or a tackle (DEX/CON rolls of the target).

    Both are listed with the rush and the feint under seed 004's MA paragraph, so
    they are "武道の特殊攻撃" and need マーシャルアーツ at 60 or more (CBT-B-6).
    """

    type: Literal["coc_manoeuvre"] = "coc_manoeuvre"
    name: str
    manoeuvre: Literal["salto", "tackle"]
    target: str

    def run(self, ctx: Context) -> None:
        coc_state(ctx)
        tracker = tracker_of(ctx)
        _uid, user = coc_sheet(ctx, self.name)
        combat_b.require_ma_special({combat_b.MA: user.skill(combat_b.MA).value})
        if self.manoeuvre == "salto":
            tracker, fact = combat_b.salto(tracker, self.name, self.target)
            emit_combat(ctx, CocManoeuvred(manoeuvre=fact, rule_ids=fact.rule_ids), tracker)
            return
        _tid, target = coc_sheet(ctx, self.target)
        tracker, tackled = combat_b.tackle(tracker, target, ctx.dice)
        emit_combat(ctx, CocTackled(tackle=tackled, rule_ids=tackled.rule_ids), tracker)

    def label(self, lang: str = "ja") -> str:
        return render("Manoeuvre", lang)


COMBAT_B_COMMANDS: tuple[type[CommandBase], ...] = (
    CocActionB,
    CocAttack,
    CocDefend,
    CocCover,
    CocGrapple,
    CocManoeuvre,
)
