"""The combat round of both rulesets — start, order, turns, damage, treatment,
conditions (CBT-A-1, CBT-B-1, HP-B-1, CND-B-1) — and ruleset A's actions and
contest rolls (CBT-A-1/2)."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from engine.coc6 import combat_a, combat_b, madness
from engine.coc6.amounts import DamageRoll, LossRoll
from engine.coc6.checks import check
from engine.coc6.combat_events import (
    CocActionTakenA,
    CocApSpent,
    CocBoardDelaySet,
    CocBoardSurprise,
    CocCombatEnded,
    CocCombatStarted,
    CocConditionSet,
    CocContestRolled,
    CocDamageRolled,
    CocHpChanged,
    CocOrderSet,
    CocRoundEnded,
    CocTreated,
    CocTurnBegan,
)
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
from engine.coc6.commands.attack import refuse_while_attack_waits
from engine.coc6.conditions import ConditionKind
from engine.coc6.rolls import roll
from engine.coc6.sheet import CocSheet
from engine.coc6.tracker import (
    CombatTracker,
    combatant_from,
    damage,
    next_turn,
    set_order,
    start_combat,
    takes_turns,
    treat,
    wound_of,
    wounded,
)
from engine.core.commands import CommandBase, Context
from engine.errors import EngineError
from engine.hexbattle.slot import require_battle
from engine.i18n import render


class CocStartCombat(CommandBase):
    """Start a combat: order by DEX, ties in the GM's order (CBT-A-1 / CBT-B-1)."""

    type: Literal["coc_start_combat"] = "coc_start_combat"
    characters: tuple[str, ...] = Field(min_length=1)
    tie_order: tuple[str, ...] = ()

    def run(self, ctx: Context) -> None:
        state = coc_state(ctx)
        if state.combat is not None:
            raise EngineError("A combat is already running.")
        sheets = [coc_sheet(ctx, who)[1] for who in self.characters]
        fighters = [combatant_from(s) for s in sheets]
        if keeper_round(ctx):
            fighters = [wounded(c, state.wounds.get(c.name)) for c in fighters]
        tracker = start_combat(state.ruleset, fighters, self.tie_order)
        skip = keeper_round(ctx)
        first = next((i for i, n in enumerate(tracker.order) if takes_turns(tracker.get(n), skip)), 0)
        tracker = tracker.model_copy(update={"current": first})
        rules = ("CBT-B-1",) if state.ruleset == "coc6-b" else ("CBT-A-1",)
        emit_combat(ctx, CocCombatStarted(tracker=tracker, rule_ids=rules))
        if state.ruleset == "coc6-b":
            _surprised_from_the_board(ctx, tracker, state.board_delays)

    def label(self, lang: str = "ja") -> str:
        return render("Start combat", lang)


def _surprised_from_the_board(ctx: Context, tracker: CombatTracker, delays: dict[str, int]) -> None:
    """CND-B-3: a combatant the keeper marked unready on the battle board starts under a frontal
    surprise (it may defend, but not counter this round); the mark is used up."""
    for name in tracker.order:
        if delays.get(name, 0) > 0:
            tracker = combat_b.surprise(tracker, name, "frontal")
            emit_combat(ctx, CocBoardSurprise(target=name, kind="frontal", rule_ids=("CND-B-3",)), tracker)


class CocSetBoardDelay(CommandBase):
    """CND-B-3: mark a token on the battle board as caught unready before the fight (strike ranks of
    delay; 0 takes the mark off).  A ruleset B combat started while it is marked begins with that
    combatant surprised from the front."""

    type: Literal["coc_set_board_delay"] = "coc_set_board_delay"
    token: str = Field(min_length=1, max_length=80)
    sr: int = Field(ge=0, le=99)

    def run(self, ctx: Context) -> None:
        state = coc_state(ctx)
        if state.ruleset != "coc6-b":
            raise EngineError("Marking a token unready is a rule of ruleset B (CND-B-3).")
        require_battle(ctx.state).token(self.token)
        if state.board_delays.get(self.token, 0) == self.sr:
            raise EngineError("{token} is already marked so.", token=self.token)
        ctx.emit(CocBoardDelaySet(token=self.token, sr=self.sr))

    def label(self, lang: str = "ja") -> str:
        return render("Mark unready", lang)


class CocSetOrder(CommandBase):
    """The GM reorders the round (e.g. to break DEX ties)."""

    type: Literal["coc_set_order"] = "coc_set_order"
    order: tuple[str, ...]

    def run(self, ctx: Context) -> None:
        coc_state(ctx)
        tracker = set_order(tracker_of(ctx), self.order)
        emit_combat(ctx, CocOrderSet(order=tracker.order), tracker)

    def label(self, lang: str = "ja") -> str:
        return render("Set the order", lang)


class CocNextTurn(CommandBase):
    """The next living actor; after the last one the round ends (HP-B-1 deaths, CND-B-1 countdowns)."""

    type: Literal["coc_next_turn"] = "coc_next_turn"

    def run(self, ctx: Context) -> None:
        state = coc_state(ctx)
        refuse_while_attack_waits(tracker_of(ctx))
        tracker, end = next_turn(tracker_of(ctx), keeper_round(ctx))
        if end is not None:
            sanity = madness.end_round(state.sanity) if state.ruleset == "coc6-a" else state.sanity
            sheets: dict[str, CocSheet] = {}
            for name in end.deaths:
                sheets |= write_back_hp(ctx, tracker, name)
            moved = tracker.order if tracker.order != tracker_of(ctx).order else None
            ended = CocRoundEnded(end=end, round=tracker.round, current=tracker.current, rule_ids=end.rule_ids,
                                  sanity=None if sanity == state.sanity else sanity, order=moved)  # fmt: skip
            emit_combat(ctx, ended, tracker, sheets)
            tracker = _burn(ctx, tracker)
        emit_combat(ctx, CocTurnBegan(round=tracker.round, actor=tracker.actor), tracker)

    def label(self, lang: str = "ja") -> str:
        return render("Next turn", lang)


FIRE_DAMAGE = "1D6"
"""CND-B-2 (reading): what being on fire does — 1D6 at each round's end until the fire is put out."""


def _burn(ctx: Context, tracker: CombatTracker) -> CombatTracker:
    """CND-B-2: every living combatant on fire takes the fire's damage at the round's end."""
    for name in tracker.order:
        if not tracker.get(name).has("burning") or tracker.get(name).state == "dead":
            continue
        rolled = roll(ctx.dice, FIRE_DAMAGE)
        emit_combat(ctx, CocDamageRolled(target=name, rolled=rolled, total=rolled.total, rule_ids=("CND-B-2",)))
        tracker, change = damage(tracker, name, rolled.total)
        emit_combat(ctx, CocHpChanged(change=change, rule_ids=change.rule_ids), tracker,
                    write_back_hp(ctx, tracker, name))  # fmt: skip
    return tracker


class CocEndCombat(CommandBase):
    type: Literal["coc_end_combat"] = "coc_end_combat"

    def run(self, ctx: Context) -> None:
        state = coc_state(ctx)
        tracker = tracker_of(ctx)
        if not keeper_round(ctx):
            emit_combat(ctx, CocCombatEnded())
            return
        wounds = dict(state.wounds)
        for name, combatant in tracker.combatants.items():
            wound = wound_of(combatant, tracker.round)
            if wound is None:
                wounds.pop(name, None)
            else:
                wounds[name] = wound
        emit_combat(ctx, CocCombatEnded(wounds=wounds))

    def label(self, lang: str = "ja") -> str:
        return render("End combat", lang)


class CocDamage(CommandBase):
    """Damage: roll (or take) the amount, apply HP-B-1's states, write the HP back to the sheet.

    ``pulled`` (CBT-B-4) halves the rolled damage, rounding up; ``stun`` adds a
    stun when the target is still conscious (CND-B-1).
    """

    type: Literal["coc_damage"] = "coc_damage"
    target: str
    roll: DamageRoll | None = None
    amount: int | None = Field(default=None, ge=0, le=999)
    pulled: bool = False
    stun: bool = False

    def run(self, ctx: Context) -> None:
        coc_state(ctx)
        tracker = tracker_of(ctx)
        tracker.get(self.target)
        if (self.roll is None) == (self.amount is None):
            raise EngineError("Give either a damage roll or an amount.")
        amount = self.amount or 0
        if self.roll is not None:
            rolled = roll(ctx.dice, self.roll)
            amount = max(rolled.total, 0)
            if self.pulled:
                amount = (amount + 1) // 2
            rule = ("CBT-B-4",) if self.pulled else ()
            emit_combat(ctx, CocDamageRolled(target=self.target, rolled=rolled, total=amount, rule_ids=rule))
        tracker, change = damage(tracker, self.target, amount)
        emit_combat(ctx, CocHpChanged(change=change, rule_ids=change.rule_ids), tracker,
                    write_back_hp(ctx, tracker, self.target))  # fmt: skip
        if self.stun and change.state == "conscious":
            tracker, condition = combat_b.add_condition(tracker, self.target, "stun")
            emit_combat(ctx, CocConditionSet(target=self.target, condition=condition, rule_ids=("CND-B-1",)), tracker)

    def label(self, lang: str = "ja") -> str:
        return render("Damage", lang)


class CocTreat(CommandBase):
    """HP-B-1: treatment stops the death countdown and wakes the patient.

    With a ``healer`` in combat the healer pays a non-attack skill's points and
    rolls ``skill``; on a success ``heal`` is rolled and applied.
    """

    type: Literal["coc_treat"] = "coc_treat"
    patient: str
    healer: str | None = None
    skill: str = "応急手当"
    heal: LossRoll = "1D3"

    def run(self, ctx: Context) -> None:
        state = coc_state(ctx)
        tracker = tracker_of(ctx)
        tracker.get(self.patient)
        if self.healer is not None:
            _hid, healer = coc_sheet(ctx, self.healer)
            if tracker.ruleset == "coc6-b":
                tracker, paid = combat_b.take_action(tracker, healer.name, "non_attack_skill")
                emit_combat(ctx, CocApSpent(taken=paid, rule_ids=paid.rule_ids), tracker)
            result = check(healer, self.skill, state.ruleset, ctx.dice, options=b_options(ctx))
            emit_check(ctx, result)
            if not result.success:
                return
        healed = roll(ctx.dice, self.heal)
        tracker, change = treat(tracker, self.patient, max(healed.total, 0))
        emit_combat(ctx, CocTreated(change=change, rule_ids=change.rule_ids), tracker,
                    write_back_hp(ctx, tracker, self.patient))  # fmt: skip

    def label(self, lang: str = "ja") -> str:
        return render("Treat", lang)


class CocCondition(CommandBase):
    """CND-B-1/2: give a combatant a condition with its duration (stun ⌊18/CON⌋ rounds…)."""

    type: Literal["coc_condition"] = "coc_condition"
    target: str
    kind: ConditionKind

    def run(self, ctx: Context) -> None:
        coc_state(ctx)
        tracker, condition = combat_b.add_condition(tracker_of(ctx), self.target, self.kind)
        emit_combat(ctx, CocConditionSet(target=self.target, condition=condition, rule_ids=("CND-B-1",)), tracker)

    def label(self, lang: str = "ja") -> str:
        return render("Condition", lang)


class CocActionA(CommandBase):
    """Ruleset A: an active action (attack/flee), a passive one (dodge/cover), or giving up the active (CBT-A-1/2)."""

    type: Literal["coc_action_a"] = "coc_action_a"
    name: str
    action: Literal["attack", "flee", "dodge", "cover", "give_up_active"]
    covered: str | None = None

    def run(self, ctx: Context) -> None:
        coc_state(ctx)
        tracker = tracker_of(ctx)
        if self.action in ("attack", "flee"):
            tracker, fact = combat_a.take_active(tracker, self.name, self.action)
        elif self.action == "give_up_active":
            tracker, fact = combat_a.give_up_active(tracker, self.name)
        else:
            tracker, fact = combat_a.take_passive(tracker, self.name, self.action, self.covered)  # type: ignore[arg-type]
        emit_combat(ctx, CocActionTakenA(taken=fact, rule_ids=fact.rule_ids), tracker)

    def label(self, lang: str = "ja") -> str:
        return render("Combat action", lang)


class CocContest(CommandBase):
    """Ruleset A: a flee or cover roll (DEX×5 / DEX×4 or the DEX contest, CBT-A-1)."""

    type: Literal["coc_contest"] = "coc_contest"
    name: str
    kind: Literal["flee", "cover"]
    enemy_dex: int = Field(ge=1, le=99)

    def run(self, ctx: Context) -> None:
        coc_state(ctx)
        _cid, sheet = coc_sheet(ctx, self.name)
        rolled = combat_a.contest_roll(sheet, self.kind, self.enemy_dex, ctx.dice)
        emit_combat(ctx, CocContestRolled(roll=rolled, rule_ids=rolled.rule_ids))

    def label(self, lang: str = "ja") -> str:
        return render("Contest roll", lang)


COMBAT_COMMANDS: tuple[type[CommandBase], ...] = (
    CocStartCombat, CocSetOrder, CocNextTurn, CocEndCombat, CocDamage, CocTreat, CocCondition, CocActionA, CocContest,
    CocSetBoardDelay,
)  # fmt: skip
