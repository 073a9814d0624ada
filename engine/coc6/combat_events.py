"""Typed events of the combat round: start, order, turns, round end, end, and
what a combatant does or suffers in it (action points, ruleset A's actions,
damage, HP, treatment, conditions, cover, grapples, throws; CBT-A-1/2,
CBT-B-1…7, HP-B-1, CND-B-1).

Each event carries its domain fact as a model and changes only what it names:
the combatants the fact changed (a delta, never the whole tracker — only a
combat's start carries the new tracker, which is all it does), the tracker's
own round, turn or order when the fact moves them, the sheet's HP written back,
and the dice.  Its log line is the very sentence the older
:class:`~engine.coc6.events.CocFact` of the same fact printed, so a log reads
the same whichever event a file holds; ``fact`` and :meth:`CocCombatFact.detail`
name the fact and its data the way that older event did.
"""

from __future__ import annotations

from typing import Any, ClassVar, Literal

from engine.coc6.attack_flow import AttackDamage
from engine.coc6.check_events import coc_of, coc_sheet_of, with_coc, with_rules
from engine.coc6.combat_a import ActionTakenA, ContestRoll
from engine.coc6.combat_b import ActionTakenB, ConfusedAttack, CoverRoll, GrappleRoll, Manoeuvre, TackleResult
from engine.coc6.conditions import BurningRoll, Condition, SurpriseKind
from engine.coc6.events import with_coc_sheet
from engine.coc6.madness import SanityState
from engine.coc6.rolls import Rolled
from engine.coc6.texts import fact_text, word
from engine.coc6.tracker import Combatant, CombatTracker, HpChange, PendingAttack, RoundEnd, Wound
from engine.core.changes import Area, Changes
from engine.core.events import EventBase
from engine.core.state import State
from engine.dice.rng import DiceState
from engine.i18n import render


def tracker_in(state: State) -> CombatTracker:
    """The running combat an event changes (the command that emitted it found it there)."""
    tracker = coc_of(state).combat
    if tracker is None:  # pragma: no cover - the command checked it
        raise TypeError("no combat is running")
    return tracker


def with_tracker(state: State, tracker: CombatTracker | None) -> State:
    return with_coc(state, combat=tracker)


class CocCombatFact(EventBase):
    """A fact of a running combat: the combatants it changed, the sheets' HP it wrote back, the dice it rolled."""

    #: The kind of fact, as the older ``coc_fact`` named it ("action_b", "hp"…; see :mod:`engine.coc6.texts`).
    fact: ClassVar[str] = ""
    rule_ids: tuple[str, ...] = ()
    #: The combatants as the fact left them: only those it changed.
    combatants: tuple[Combatant, ...] = ()
    #: HP written back to investigator sheets, by character id (HP-B-1).
    sheet_hp: dict[str, int] = {}
    #: The dice generator after the fact's rolls (None: nothing rolled).
    dice: DiceState | None = None

    def detail(self) -> dict[str, Any]:
        """The fact's data as its log sentence reads it (the older ``coc_fact``'s ``detail``)."""
        return {}

    def apply(self, state: State) -> State:
        if self.combatants:
            tracker = tracker_in(state)
            for combatant in self.combatants:
                tracker = tracker.with_combatant(combatant)
            state = with_tracker(state, tracker)
        for character, hp in self.sheet_hp.items():
            state = with_coc_sheet(state, character, coc_sheet_of(state, character).model_copy(update={"hp": hp}))
        if self.dice is not None:
            state = state.model_copy(update={"dice": self.dice})
        return state

    def touch(self, changes: Changes) -> None:
        changes.areas.add(Area.LOG)
        if self.dice is not None:
            changes.areas.add(Area.DICE)
        if self.combatants or self.sheet_hp:
            changes.areas.add(Area.CHARACTERS)
        changes.characters.update(self.sheet_hp)

    def describe(self, lang: str = "ja") -> str:
        return with_rules(fact_text(self.fact, self.detail(), lang), self.rule_ids)


def _data(model: Any) -> dict[str, Any]:
    data: dict[str, Any] = model.model_dump(mode="json")
    data.pop("rule_ids", None)
    return data


# -- the round ------------------------------------------------------------------
class CocCombatStarted(CocCombatFact):
    """CBT-A-1 / CBT-B-1: a combat starts — the one fact that brings a whole new tracker."""

    type: Literal["coc_combat_started"] = "coc_combat_started"
    fact: ClassVar[str] = "combat_start"
    tracker: CombatTracker

    def detail(self) -> dict[str, Any]:
        return {"order": list(self.tracker.order)}

    def apply(self, state: State) -> State:
        return super().apply(with_tracker(state, self.tracker))

    def touch(self, changes: Changes) -> None:
        super().touch(changes)
        changes.areas.add(Area.CHARACTERS)


class CocOrderSet(CocCombatFact):
    """The GM reorders the round (e.g. to break DEX ties); the turn goes back to the first."""

    type: Literal["coc_order_set"] = "coc_order_set"
    fact: ClassVar[str] = "order"
    order: tuple[str, ...]

    def detail(self) -> dict[str, Any]:
        return {"order": list(self.order)}

    def apply(self, state: State) -> State:
        tracker = tracker_in(state).model_copy(update={"order": self.order, "current": 0})
        return super().apply(with_tracker(state, tracker))

    def touch(self, changes: Changes) -> None:
        super().touch(changes)
        changes.areas.add(Area.CHARACTERS)


class CocTurnDelayed(CocCombatFact):
    """CBT-B-1: the actor delays — the next combatant who can act goes first, the delayer right after."""

    type: Literal["coc_turn_delayed"] = "coc_turn_delayed"
    name: str
    order: tuple[str, ...]

    #: The order the next round goes back to.
    order_before: tuple[str, ...] = ()

    def apply(self, state: State) -> State:
        update = {"order": self.order, "order_before_delay": self.order_before or None}
        return super().apply(with_tracker(state, tracker_in(state).model_copy(update=update)))

    def touch(self, changes: Changes) -> None:
        super().touch(changes)
        changes.areas.add(Area.CHARACTERS)

    def describe(self, lang: str = "ja") -> str:
        actor = self.order[self.order.index(self.name) - 1]
        text = render("{name} delays: {actor} acts first. Order: {order}", lang, name=self.name, actor=actor,
                      order=("、" if lang == "ja" else ", ").join(self.order))  # fmt: skip
        return with_rules(text, self.rule_ids)


class CocRoundEnded(CocCombatFact):
    """A round ends: deaths (HP-B-1), countdowns (CND-B-1), fresh actions; the next round's first turn.

    ``combatants`` holds every combatant the end changed; ``sanity`` the madness
    clock of ruleset A when the round moved it.
    """

    type: Literal["coc_round_ended"] = "coc_round_ended"
    fact: ClassVar[str] = "round_end"
    end: RoundEnd
    #: The round that begins, and the index of its first actor in the order.
    round: int
    current: int
    sanity: SanityState | None = None
    #: CBT-B-1: the order the round goes back to after a delay (None: unchanged).
    order: tuple[str, ...] | None = None

    def detail(self) -> dict[str, Any]:
        return _data(self.end)

    def apply(self, state: State) -> State:
        update: dict[str, Any] = {"round": self.round, "current": self.current, "order_before_delay": None}
        if self.order is not None:
            update["order"] = self.order
        tracker = tracker_in(state).model_copy(update=update)
        state = with_tracker(state, tracker)
        if self.sanity is not None:
            state = with_coc(state, sanity=self.sanity)
        return super().apply(state)

    def touch(self, changes: Changes) -> None:
        super().touch(changes)
        changes.areas.add(Area.CHARACTERS)


class CocTurnBegan(CocCombatFact):
    """The next living actor's turn."""

    type: Literal["coc_turn_began"] = "coc_turn_began"
    fact: ClassVar[str] = "turn"
    round: int
    actor: str

    def detail(self) -> dict[str, Any]:
        return {"round": self.round, "actor": self.actor}

    def apply(self, state: State) -> State:
        tracker = tracker_in(state)
        tracker = tracker.model_copy(update={"round": self.round, "current": tracker.order.index(self.actor)})
        return super().apply(with_tracker(state, tracker))

    def touch(self, changes: Changes) -> None:
        super().touch(changes)
        changes.areas.add(Area.CHARACTERS)


class CocCombatEnded(CocCombatFact):
    """The combat ends: the tracker is put away."""

    type: Literal["coc_combat_ended"] = "coc_combat_ended"
    fact: ClassVar[str] = "combat_end"
    #: HP-B-1: the characters' wounds after the combat (None: files written before kept none).
    wounds: dict[str, Wound] | None = None

    def apply(self, state: State) -> State:
        state = super().apply(with_tracker(state, None))
        return state if self.wounds is None else with_coc(state, wounds=self.wounds)

    def touch(self, changes: Changes) -> None:
        super().touch(changes)
        changes.areas.add(Area.CHARACTERS)


# -- actions --------------------------------------------------------------------
class CocApSpent(CocCombatFact):
    """CBT-B-1: an action's points paid (free after a critical defence or for a martial-arts parry)."""

    type: Literal["coc_ap_spent"] = "coc_ap_spent"
    fact: ClassVar[str] = "action_b"
    taken: ActionTakenB

    def detail(self) -> dict[str, Any]:
        return _data(self.taken)


class CocActionTakenA(CocCombatFact):
    """CBT-A-1/2: ruleset A's active or passive action, or the active one given up."""

    type: Literal["coc_action_taken_a"] = "coc_action_taken_a"
    fact: ClassVar[str] = "action_a"
    taken: ActionTakenA

    def detail(self) -> dict[str, Any]:
        return _data(self.taken)


class CocContestRolled(CocCombatFact):
    """CBT-A-1: a flee or cover roll of ruleset A."""

    type: Literal["coc_contest_rolled"] = "coc_contest_rolled"
    fact: ClassVar[str] = "contest"
    roll: ContestRoll

    def detail(self) -> dict[str, Any]:
        return _data(self.roll)


class CocCovered(CocCombatFact):
    """CBT-B-3: the attack on a covered investigator judged at 99."""

    type: Literal["coc_covered"] = "coc_covered"
    fact: ClassVar[str] = "cover"
    cover: CoverRoll

    def detail(self) -> dict[str, Any]:
        return _data(self.cover)


class CocGrappled(CocCombatFact):
    """CBT-B-5: a grapple roll counted; the second success in a round deals damage."""

    type: Literal["coc_grappled"] = "coc_grappled"
    fact: ClassVar[str] = "grapple"
    grapple: GrappleRoll

    def detail(self) -> dict[str, Any]:
        return _data(self.grapple)


class CocManoeuvred(CocCombatFact):
    """CBT-B-7: a salto (the target thrown down where it stands)."""

    type: Literal["coc_manoeuvred"] = "coc_manoeuvred"
    fact: ClassVar[str] = "manoeuvre"
    manoeuvre: Manoeuvre

    def detail(self) -> dict[str, Any]:
        return _data(self.manoeuvre)


class CocTackled(CocCombatFact):
    """CBT-B-7: a tackle's DEX and CON rolls of the target (prone, shock)."""

    type: Literal["coc_tackled"] = "coc_tackled"
    fact: ClassVar[str] = "tackle"
    tackle: TackleResult

    def detail(self) -> dict[str, Any]:
        return _data(self.tackle)


# -- damage and conditions --------------------------------------------------------
class CocDamageRolled(CocCombatFact):
    """The damage dice rolled for a target (halved for a pulled blow, CBT-B-4)."""

    type: Literal["coc_damage_rolled"] = "coc_damage_rolled"
    fact: ClassVar[str] = "damage_roll"
    target: str
    rolled: Rolled
    #: The damage dealt (not below 0; halved, rounding up, for a pulled blow).
    total: int

    def detail(self) -> dict[str, Any]:
        return _data(self.rolled) | {"target": self.target, "total": self.total}


class CocHpChanged(CocCombatFact):
    """HP-B-1: damage taken — the HP, the state it leaves and the death countdown."""

    type: Literal["coc_hp_changed"] = "coc_hp_changed"
    fact: ClassVar[str] = "hp"
    change: HpChange

    def detail(self) -> dict[str, Any]:
        return _data(self.change)


class CocTreated(CocCombatFact):
    """HP-B-1: treatment stops the death countdown and wakes the patient."""

    type: Literal["coc_treated"] = "coc_treated"
    fact: ClassVar[str] = "treated"
    change: HpChange

    def detail(self) -> dict[str, Any]:
        return _data(self.change)


class CocConditionSet(CocCombatFact):
    """CND-B-1/2: a condition on a combatant with its countdown."""

    type: Literal["coc_condition_set"] = "coc_condition_set"
    fact: ClassVar[str] = "condition"
    target: str
    condition: Condition

    def detail(self) -> dict[str, Any]:
        return _data(self.condition) | {"target": self.target}


# -- the one attack flow ----------------------------------------------------------
class CocAttackStep(CocCombatFact):
    """A step of the one attack flow: it leaves the tracker's waiting attack as ``attack`` says."""

    #: The attack still waiting after this step (None: the attack is over).
    attack: PendingAttack | None = None

    def apply(self, state: State) -> State:
        tracker = tracker_in(state).model_copy(update={"attack": self.attack})
        return super().apply(with_tracker(state, tracker))

    def touch(self, changes: Changes) -> None:
        super().touch(changes)
        changes.areas.add(Area.CHARACTERS)


class CocAttackHit(CocAttackStep):
    """The attack roll hit: the target's defence comes next (CHK-B-5: a critical is unavoidable)."""

    type: Literal["coc_attack_hit"] = "coc_attack_hit"
    #: Rule IDs that make it unavoidable (CHK-B-5 critical, CND-B-3 full rear).
    unavoidable_by: tuple[str, ...] = ()

    def describe(self, lang: str = "ja") -> str:
        hit = self.attack
        if hit is None:  # pragma: no cover - a hit always waits for its defence
            return ""
        if self.unavoidable_by:
            text = render("{attacker} hits {target} with {weapon}: unavoidable — no dodge or parry", lang,
                          attacker=hit.attacker, target=hit.target, weapon=hit.weapon.name)  # fmt: skip
        else:
            text = render("{attacker} hits {target} with {weapon}: {target} may dodge or parry", lang,
                          attacker=hit.attacker, target=hit.target, weapon=hit.weapon.name)  # fmt: skip
        return with_rules(text, self.rule_ids)


class CocDefenceRuled(CocAttackStep):
    """The target's answer to a hit: no defence, or a dodge or parry that stopped it or failed."""

    type: Literal["coc_defence_ruled"] = "coc_defence_ruled"
    attacker: str
    target: str
    choice: Literal["none", "dodge", "parry"]
    stopped: bool = False
    #: The GM's reason for letting a defence stand against an unavoidable attack.
    override: str | None = None

    def describe(self, lang: str = "ja") -> str:
        names = {"attacker": self.attacker, "target": self.target}
        if self.choice == "none":
            text = render("{target} does not defend: {attacker}'s hit stands", lang, **names)
        elif self.stopped:
            text = render("{target} stops {attacker}'s attack", lang, **names)
        else:
            text = render("{target}'s defence fails: {attacker}'s hit stands", lang, **names)
        if self.override:
            text += render(" (GM override: {reason})", lang, reason=self.override)
        return with_rules(text, self.rule_ids)


class CocAttackDamaged(CocAttackStep):
    """The hit's damage rolled from the weapon (DB, DB/2 thrown, impale, martial arts, pulled, armour)."""

    type: Literal["coc_attack_damaged"] = "coc_attack_damaged"
    damage: AttackDamage

    def describe(self, lang: str = "ja") -> str:
        d = self.damage
        text = render("Damage to {target} with {weapon}: {expression} = {rolled}", lang, target=d.target,
                      weapon=d.weapon, expression=d.rolled.expression, rolled=d.rolled.total)  # fmt: skip
        if d.thrown is not None:
            text += render(", thrown: DB {db} halved = {bonus}", lang, db=d.thrown.damage_bonus, bonus=d.thrown.bonus)
        if d.impale:
            text += render(", impaling special", lang)
        if d.martial_arts:
            text += render(", martial arts", lang)
        if d.pulled:
            text += render(", pulled blow halved", lang)
        if d.armour_ignored:
            text += render(", the critical ignores armour {armour}", lang, armour=d.armour)
        elif d.armour:
            text += render(", armour {armour}", lang, armour=d.armour)
        text += render(" → {total}", lang, total=d.total)
        return with_rules(text, self.rule_ids)


class CocConfusedTarget(CocCombatFact):
    """CBT-B-9: a mad or confused attacker's target, picked by a die over everyone in reach."""

    type: Literal["coc_confused_target"] = "coc_confused_target"
    pick: ConfusedAttack

    def describe(self, lang: str = "ja") -> str:
        p = self.pick
        listed = ("、" if lang == "ja" else ", ").join(p.candidates)
        if p.die is None:
            text = render("{attacker} cannot tell friend from foe: the GM names {target}", lang,
                          attacker=p.attacker, target=p.target)  # fmt: skip
        else:
            text = render("{attacker} cannot tell friend from foe: 1D{n} = {die} over {listed} → {target}", lang,
                          attacker=p.attacker, n=len(p.candidates), die=p.die, listed=listed,
                          target=p.target)  # fmt: skip
        return with_rules(text, self.rule_ids)


class CocBurningRolled(CocCombatFact):
    """CND-B-2: the roll against catching fire (Luck in melee, Luck/2 against thrown or ranged fire)."""

    type: Literal["coc_burning_rolled"] = "coc_burning_rolled"
    burning: BurningRoll

    def describe(self, lang: str = "ja") -> str:
        b = self.burning
        what = render("Luck", lang) if b.source == "melee" else render("Luck/2", lang)
        result = render("catches fire", lang) if b.ignited else render("does not catch fire", lang)
        text = render("{actor}: {what} {roll} / {target} → {result}", lang, actor=b.actor, what=what, roll=b.roll,
                      target=b.target, result=result)  # fmt: skip
        return with_rules(text, self.rule_ids)


class CocSurpriseSet(CocCombatFact):
    """CND-B-3: a defender surprised this round (frontal, flank or full rear)."""

    type: Literal["coc_surprise_set"] = "coc_surprise_set"
    target: str
    kind: SurpriseKind

    def describe(self, lang: str = "ja") -> str:
        texts = {
            "frontal": "{target} is surprised from the front: may dodge or parry, no counter this round",
            "flank": "{target} is surprised from the flank: dodge and parry at -15, no counter this round",
            "rear": "{target} is surprised from full rear: the attack is unavoidable",
        }
        return with_rules(render(texts[self.kind], lang, target=self.target), self.rule_ids)


class CocWeaponRuled(CocCombatFact):
    """SKL-B-1: how ruleset B has a weapon used — a club or blackjack with 〈杖〉, an aimed
    blow at a body part (only where the GM allows it) with a minus modifier and the same damage."""

    type: Literal["coc_weapon_ruled"] = "coc_weapon_ruled"
    attacker: str
    weapon: str
    #: The skill the weapon is rolled with when SKL-B-1 changes it (None: unchanged).
    skill: str | None = None
    #: The body part of an aimed blow (None: no aimed blow) and its modifier (≤ 0).
    aimed_at: str | None = None
    modifier: int = 0

    def describe(self, lang: str = "ja") -> str:
        parts: list[str] = []
        if self.skill is not None:
            parts.append(render("{attacker}'s {weapon} is used with 〈{skill}〉", lang, attacker=self.attacker,
                                weapon=self.weapon, skill=self.skill))  # fmt: skip
        if self.aimed_at is not None:
            parts.append(render("{attacker} aims at the {part} ({modifier:+d}; the damage stays the weapon's)", lang,
                                attacker=self.attacker, part=self.aimed_at, modifier=self.modifier))  # fmt: skip
        return with_rules(("。" if lang == "ja" else "; ").join(parts), self.rule_ids)


class CocBoardSurprise(CocCombatFact):
    """CND-B-3: a combatant whose token the keeper marked unready on the battle board starts the
    combat under a frontal surprise; the mark is used up."""

    type: Literal["coc_board_surprise"] = "coc_board_surprise"
    target: str
    kind: SurpriseKind

    def apply(self, state: State) -> State:
        state = super().apply(state)
        delays = {token: sr for token, sr in coc_of(state).board_delays.items() if token != self.target}
        return with_coc(state, board_delays=delays)

    def describe(self, lang: str = "ja") -> str:
        source = "{target} was caught unready on the battle board: surprised from the front, no counter this round"
        text = render(source, lang, target=self.target)
        return with_rules(text, self.rule_ids)


class CocBoardDelaySet(EventBase):
    """CND-B-3: the keeper marks a token on the battle board as caught unready (0: the mark is taken off)."""

    type: Literal["coc_board_delay_set"] = "coc_board_delay_set"
    token: str
    sr: int
    rule_ids: tuple[str, ...] = ("CND-B-3",)

    def apply(self, state: State) -> State:
        delays = {token: sr for token, sr in coc_of(state).board_delays.items() if token != self.token}
        if self.sr > 0:
            delays[self.token] = self.sr
        return with_coc(state, board_delays=delays)

    def touch(self, changes: Changes) -> None:
        changes.areas.add(Area.LOG)

    def describe(self, lang: str = "ja") -> str:
        if self.sr > 0:
            text = render(
                "{token} is marked unready on the battle board (SR +{sr})", lang, token=self.token, sr=self.sr
            )
        else:
            text = render("{token} is no longer marked unready", lang, token=self.token)
        return with_rules(text, self.rule_ids)


class CocConditionCleared(CocCombatFact):
    """CND-B-1/2: a condition ended by the GM's word (a fire put out)."""

    type: Literal["coc_condition_cleared"] = "coc_condition_cleared"
    target: str
    kind: str

    def describe(self, lang: str = "ja") -> str:
        text = render("{target}: {kind} ends", lang, target=self.target, kind=word(self.kind, lang))
        return with_rules(text, self.rule_ids)


COMBAT_EVENTS: tuple[type[EventBase], ...] = (
    CocTurnDelayed, CocConditionCleared, CocAttackHit, CocDefenceRuled, CocAttackDamaged, CocConfusedTarget,
    CocBurningRolled, CocSurpriseSet, CocWeaponRuled, CocBoardSurprise, CocBoardDelaySet,
    CocCombatStarted, CocOrderSet, CocRoundEnded, CocTurnBegan, CocCombatEnded, CocApSpent, CocActionTakenA,
    CocContestRolled, CocCovered, CocGrappled, CocManoeuvred, CocTackled, CocDamageRolled, CocHpChanged, CocTreated,
    CocConditionSet,
)  # fmt: skip
