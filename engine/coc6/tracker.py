"""The combat round tracker shared by rulesets A and B.

Order by DEX, highest first, ties in the order the GM sets; the current actor;
per combatant the actions left (A: one active and one passive, CBT-A-1; B:
three action points, CBT-B-1), its conditions with their countdowns
(CND-B-1) and its HP state (HP-B-1).  Every function returns a new tracker and
the facts; an illegal action raises an :class:`EngineError` with the reason
and changes nothing.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from engine.checks.levels import Level
from engine.coc6.assets import load_table
from engine.coc6.checks import CocRuleset
from engine.coc6.conditions import Condition, SurpriseKind, count_down
from engine.coc6.hp import ROUNDS_TO_DIE, HpState, death_round, hp_state
from engine.coc6.model import CocModel
from engine.coc6.sheet import CocSheet, Weapon
from engine.errors import EngineError

AttackKind = Literal["melee", "grapple", "thrown", "bullet", "immaterial"]


class PendingRush(CocModel):
    """CBT-B-7: a declared rush's second strike, resolved at the end of the round."""

    target: str
    skill: str
    damage: str


class Combatant(CocModel):
    name: str
    dex: int
    con: int
    hp: int
    hp_max: int
    npc: bool = False
    #: CBT-A-1: actions left this round (ruleset A).
    active_left: int = 1
    passive_left: int = 1
    #: CBT-A-2: the investigator this combatant covered this round.
    covering: str | None = None
    #: CBT-B-1: action points left this round (ruleset B).
    ap_left: int = 3
    #: CBT-B-1: a delay was used this round (no double delay).
    delayed: bool = False
    #: CBT-B-5: successful grapple rolls this round.
    grapple_successes: int = 0
    #: CBT-B-7: a B counter ends this combatant's round.
    done_for_round: bool = False
    #: CBT-B-7: whom this combatant's last strike this round hit (a rush needs a hit).
    hit_this_round: str | None = None
    #: CBT-B-7: a declared rush whose second strike is still due this round.
    rush: PendingRush | None = None
    #: CND-B-3: how it was surprised this round.
    surprised: SurpriseKind | None = None
    conditions: tuple[Condition, ...] = ()
    #: HP-B-1: the round HP fell to 0 or below without treatment.
    down_round: int | None = None
    treated: bool = False
    dead: bool = False

    @property
    def state(self) -> HpState:
        return hp_state(self.hp, treated=self.treated, dead=self.dead)

    def has(self, kind: str) -> bool:
        return any(c.kind == kind for c in self.conditions)


class Wound(CocModel):
    """HP-B-1: what a combat leaves on a character beyond its HP — death, treatment, a running countdown.

    It belongs to the character and comes back with it in the next combat."""

    dead: bool = False
    treated: bool = False
    #: Rounds after the one the combat ended in until it dies at a round's end (0: at the end of the next
    #: combat's first round); None: no countdown runs.
    dies_in: int | None = None


def wound_of(combatant: Combatant, round_now: int) -> Wound | None:
    """HP-B-1: the wound a combatant carries out of a combat (None: nothing beyond its HP)."""
    if combatant.dead:
        return Wound(dead=True)
    dies_in = None
    if combatant.down_round is not None and not combatant.treated:
        dies_in = max(death_round(combatant.down_round) - round_now, 0)
    if dies_in is None and not combatant.treated:
        return None
    return Wound(treated=combatant.treated, dies_in=dies_in)


def wounded(combatant: Combatant, wound: Wound | None) -> Combatant:
    """HP-B-1: a combatant entering a combat with the wound it carries; a combatant at HP 0 or less with
    none (a sheet edited by hand) starts its countdown in round 1."""
    if combatant.hp > 0:
        return combatant
    if wound is None:
        return combatant.model_copy(update={"down_round": 1})
    update: dict[str, object] = {"dead": wound.dead, "treated": wound.treated}
    if wound.dies_in is not None:
        update["down_round"] = 1 + wound.dies_in - ROUNDS_TO_DIE
    return combatant.model_copy(update=update)


class RoundEnd(CocModel):
    """What happened at a round's end."""

    round: int
    deaths: tuple[str, ...] = ()
    conditions_over: tuple[tuple[str, str], ...] = ()
    stood_up: tuple[str, ...] = ()
    rule_ids: tuple[str, ...] = ()


class PendingAttack(CocModel):
    """An attack that hit its roll and waits for the next step of the one attack flow.

    ``stage`` "defence": the target answers with a dodge, a parry or nothing;
    "damage": the hit stands and the weapon's damage is rolled next."""

    attacker: str
    target: str
    weapon: Weapon
    #: The skill the attack was rolled against.
    skill: str
    roll: int
    level: Level
    kind: AttackKind = "melee"
    seen: bool = True
    stage: Literal["defence", "damage"] = "defence"


class CombatTracker(CocModel):
    ruleset: CocRuleset
    round: int = 1
    order: tuple[str, ...]
    current: int = 0
    combatants: dict[str, Combatant]
    #: The attack the flow is in the middle of (None: no attack waits).
    attack: PendingAttack | None = None
    #: CBT-B-1: the order before this round's delays (None: nobody delayed); the next round goes back to it.
    order_before_delay: tuple[str, ...] | None = None

    @property
    def actor(self) -> str:
        return self.order[self.current]

    def get(self, name: str) -> Combatant:
        found = self.combatants.get(name)
        if found is None:
            raise EngineError("No combatant named '{name}'.", name=name)
        return found

    def with_combatant(self, combatant: Combatant) -> CombatTracker:
        return self.model_copy(update={"combatants": self.combatants | {combatant.name: combatant}})


def points_per_round() -> int:
    return int(load_table("actions_b")["points_per_round"])


def combatant_from(sheet: CocSheet) -> Combatant:
    return Combatant(
        name=sheet.name, dex=sheet.DEX, con=sheet.CON, hp=sheet.hp, hp_max=sheet.hp_max, npc=sheet.npc,
        ap_left=points_per_round(),
    )  # fmt: skip


def dex_order(combatants: Sequence[Combatant], tie_order: Sequence[str] = ()) -> tuple[str, ...]:
    """Highest DEX first; equal DEX in the GM's ``tie_order``, else as listed."""
    rank = {name: i for i, name in enumerate(tie_order)}
    listed = {c.name: i for i, c in enumerate(combatants)}
    ordered = sorted(combatants, key=lambda c: (-c.dex, rank.get(c.name, len(rank)), listed[c.name]))
    return tuple(c.name for c in ordered)


def start_combat(ruleset: CocRuleset, combatants: Sequence[Combatant], tie_order: Sequence[str] = ()) -> CombatTracker:
    names = [c.name for c in combatants]
    if not combatants:
        raise EngineError("A combat needs at least one combatant.")
    if len(set(names)) != len(names):
        raise EngineError("Two combatants share the name '{name}'.", name=next(n for n in names if names.count(n) > 1))
    fresh = [_fresh(c, ruleset) for c in combatants]
    return CombatTracker(ruleset=ruleset, order=dex_order(fresh, tie_order), combatants={c.name: c for c in fresh})


def set_order(tracker: CombatTracker, order: Sequence[str]) -> CombatTracker:
    """The GM reorders (e.g. to break DEX ties); every combatant exactly once."""
    if sorted(order) != sorted(tracker.order):
        raise EngineError("The new order must name every combatant exactly once.")
    return tracker.model_copy(update={"order": tuple(order), "current": 0})


def _fresh(combatant: Combatant, ruleset: CocRuleset) -> Combatant:
    """Actions for a new round (CBT-A-1, CBT-B-1); round-bound marks cleared."""
    return combatant.model_copy(
        update={
            "active_left": 1,
            "passive_left": 1,
            "covering": None,
            "ap_left": points_per_round() if ruleset == "coc6-b" else 0,
            "delayed": False,
            "grapple_successes": 0,
            "done_for_round": False,
            "surprised": None,
            "hit_this_round": None,
            "rush": None,
        }
    )


def delay_turn(tracker: CombatTracker, name: str, skip_downed: bool = True) -> CombatTracker:
    """CBT-B-1 (reading): a delay lets the next combatant who can act go first and the delayer acts right
    after it; the next round goes back to the order as it was."""
    if tracker.actor != name:
        return tracker
    order = list(tracker.order)
    later = [i for i in range(tracker.current + 1, len(order)) if takes_turns(tracker.get(order[i]), skip_downed)]
    if not later:
        raise EngineError("{name} is the last to act this round: there is nobody to wait for.", name=name)
    order.insert(later[0], order.pop(tracker.current))
    kept = tracker.order_before_delay or tracker.order
    return tracker.model_copy(update={"order": tuple(order), "order_before_delay": kept})


def can_act(combatant: Combatant) -> None:
    """Refuse anything from a combatant who is out (HP-B-1) or done for the round (CBT-B-7)."""
    state = combatant.state
    if state == "dead":
        raise EngineError("{name} is dead and cannot act.", name=combatant.name)
    if state == "dying":
        raise EngineError("{name} is dying (HP 0 or less) and cannot act.", name=combatant.name)
    if state == "unconscious":
        raise EngineError("{name} is unconscious (HP 2 or less) and cannot act.", name=combatant.name)
    if combatant.done_for_round:
        raise EngineError("{name} cannot act again this round after a B counter.", name=combatant.name)


def takes_turns(combatant: Combatant, skip_downed: bool = True) -> bool:
    """HP-B-1: only a conscious combatant gets a turn — the unconscious, dying and dead are passed over
    (``skip_downed`` False: only the dead, as sessions stored before did)."""
    return combatant.state == "conscious" if skip_downed else combatant.state != "dead"


def next_turn(tracker: CombatTracker, skip_downed: bool = True) -> tuple[CombatTracker, RoundEnd | None]:
    """The next actor who can act; after the last one the round ends."""
    index = tracker.current + 1
    while index < len(tracker.order) and not takes_turns(tracker.combatants[tracker.order[index]], skip_downed):
        index += 1
    if index < len(tracker.order):
        return tracker.model_copy(update={"current": index}), None
    # A rusher knocked out before the round's end loses the second strike (the new round clears it).
    due = next((c for c in tracker.combatants.values() if c.rush is not None and c.state == "conscious"), None)
    if due is not None:
        raise EngineError("Resolve {name}'s rush second strike before the round ends.", name=due.name)
    return end_round(tracker, skip_downed)


def at_round_end(tracker: CombatTracker, skip_downed: bool = True) -> bool:
    """Whether the current actor is the round's last one to act (CBT-B-7: a rush's second strike comes now)."""
    later = tracker.order[tracker.current + 1 :]
    return not any(takes_turns(tracker.combatants[name], skip_downed) for name in later)


def end_round(tracker: CombatTracker, skip_downed: bool = True) -> tuple[CombatTracker, RoundEnd]:
    """Round end: deaths of the untreated (HP-B-1), condition countdowns (CND-B-1), fresh actions.

    Prone combatants stand up automatically at the start of the new round.
    """
    deaths: list[str] = []
    over: list[tuple[str, str]] = []
    stood: list[str] = []
    combatants: dict[str, Combatant] = {}
    for name in tracker.order:
        c = tracker.combatants[name]
        if not c.dead and c.down_round is not None and not c.treated and tracker.round >= death_round(c.down_round):
            c = c.model_copy(update={"dead": True})
            deaths.append(name)
        remaining = count_down(c.conditions)
        over += [(name, x.kind) for x in c.conditions if x.rounds_left is not None and x.rounds_left <= 1]
        if any(x.kind == "prone" for x in remaining):
            remaining = tuple(x for x in remaining if x.kind != "prone")
            stood.append(name)
        combatants[name] = _fresh(c.model_copy(update={"conditions": remaining}), tracker.ruleset)
    rules = []
    if deaths:
        rules.append("HP-B-1")
    if over or stood:
        rules.append("CND-B-1")
    end = RoundEnd(
        round=tracker.round, deaths=tuple(deaths), conditions_over=tuple(over), stood_up=tuple(stood),
        rule_ids=tuple(rules),
    )  # fmt: skip
    order = tracker.order_before_delay or tracker.order
    first = next((i for i, n in enumerate(order) if takes_turns(combatants[n], skip_downed)), 0)
    update = {"round": tracker.round + 1, "current": first, "combatants": combatants, "order": order,
              "order_before_delay": None}  # fmt: skip
    return tracker.model_copy(update=update), end


class HpChange(CocModel):
    name: str
    before: int
    after: int
    state: HpState
    #: HP-B-1: the round at whose end it dies without treatment.
    dies_at_end_of_round: int | None = None
    rule_ids: tuple[str, ...] = ("HP-B-1",)


def damage(tracker: CombatTracker, name: str, amount: int) -> tuple[CombatTracker, HpChange]:
    """HP-B-1: take damage; ≤ −3 dead at once, ≤ 0 starts the two-round countdown."""
    if amount < 0:
        raise EngineError("Damage cannot be negative ({amount}).", amount=amount)
    c = tracker.get(name)
    hp = c.hp - amount
    update: dict[str, object] = {"hp": hp}
    if amount > 0:
        update["treated"] = False
    if hp <= 0 and c.down_round is None:
        update["down_round"] = tracker.round
    if hp <= -3:
        update["dead"] = True
    c = c.model_copy(update=update)
    dies = death_round(c.down_round) if c.state == "dying" and c.down_round is not None else None
    fact = HpChange(name=name, before=hp + amount, after=hp, state=c.state, dies_at_end_of_round=dies)
    return tracker.with_combatant(c), fact


def treat(tracker: CombatTracker, name: str, healed: int = 0) -> tuple[CombatTracker, HpChange]:
    """HP-B-1: treatment stops the countdown and wakes the combatant even at HP 2 or 1."""
    c = tracker.get(name)
    if c.state == "dead":
        raise EngineError("{name} is dead and cannot be treated.", name=name)
    if healed < 0:
        raise EngineError("Healing cannot be negative ({amount}).", amount=healed)
    before = c.hp
    hp = min(c.hp + healed, c.hp_max)
    c = c.model_copy(update={"hp": hp, "treated": True, "down_round": None})
    return tracker.with_combatant(c), HpChange(name=name, before=before, after=hp, state=c.state)
