"""A scripted three-round combat under ruleset B, logged as JSON lines.

Two investigators against two cultists: attacks with parry, dodge and cover,
a knockout stun, the death countdown of HP-B-1.  Every step goes through the
pure domain functions with the session's seeded dice, so replaying the script
with the same seed gives the same log byte for byte (tests/data/coc6/golden_combat_b.jsonl).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import TypeVar

from pydantic import BaseModel

from engine.coc6.checks import check
from engine.coc6.combat_b import add_condition, cover, take_action
from engine.coc6.conditions import attack_modifier
from engine.coc6.rolls import roll
from engine.coc6.sheet import CocSheet, new_investigator, set_skill
from engine.coc6.tracker import CombatTracker, combatant_from, damage, next_turn, start_combat, treat
from engine.dice.rng import DiceSource, DiceState
from engine.errors import EngineError

T = TypeVar("T")


def _sheet(name: str, npc: bool, chars: dict[str, int], skills: dict[str, int]) -> CocSheet:
    sheet = new_investigator(name, chars, npc=npc)
    for skill, value in skills.items():
        sheet = set_skill(sheet, skill, value)
    return sheet


def party() -> dict[str, CocSheet]:
    base = {"STR": 12, "POW": 12, "APP": 10, "INT": 13, "EDU": 14}
    return {
        "ミナ": _sheet("ミナ", False, base | {"CON": 12, "DEX": 14, "SIZ": 13}, {"こぶし": 75, "応急手当": 60}),
        "ケン": _sheet("ケン", False, base | {"CON": 7, "DEX": 10, "SIZ": 14}, {"ライフル": 55, "回避": 40}),
        "教団員A": _sheet("教団員A", True, base | {"CON": 10, "DEX": 12, "SIZ": 12}, {"こぶし": 60}),
        "教団員B": _sheet("教団員B", True, base | {"CON": 12, "DEX": 9, "SIZ": 8}, {"ショットガン": 45}),
    }


class Script:
    def __init__(self, seed: int) -> None:
        self.dice = DiceSource(DiceState(seed=seed))
        self.sheets = party()
        self.tracker: CombatTracker = start_combat("coc6-b", [combatant_from(s) for s in self.sheets.values()])
        self.log: list[str] = []

    def emit(self, fact: str, model: BaseModel | None = None, **extra: object) -> None:
        payload: dict[str, object] = {"fact": fact, "round": self.tracker.round}
        if model is not None:
            payload |= model.model_dump(mode="json")
        payload |= extra
        self.log.append(json.dumps(payload, ensure_ascii=False, sort_keys=True))

    def attempt(self, step: Callable[[], T]) -> T | None:
        """Run one step; a refusal is logged with its Japanese message and changes nothing."""
        try:
            return step()
        except EngineError as exc:
            self.emit("refused", message=exc.text("ja"))
            return None

    def pay(self, name: str, action: str) -> bool:
        paid = self.attempt(lambda: take_action(self.tracker, name, action))  # type: ignore[arg-type]
        if paid is None:
            return False
        self.tracker, fact = paid
        self.emit("action", fact)
        return True

    def attack(
        self, attacker: str, target: str, skill: str, damage_roll: str, *, defence: str | None = None,
        cover_by: str | None = None, stun_on_hit: bool = False,
    ) -> None:  # fmt: skip
        if not self.pay(attacker, "attack"):
            return
        if cover_by is not None:
            covered = self.attempt(lambda: cover(self.tracker, cover_by, target, attacker, self.dice))
            if covered is not None:
                self.tracker, paid, fact = covered
                self.emit("action", paid)
                self.emit("cover", fact)
                if fact.hit:
                    self.hit(cover_by, damage_roll, stun_on_hit)
                return
        modifier = attack_modifier(self.tracker.get(attacker).conditions)
        result = check(self.sheets[attacker], skill, "coc6-b", self.dice, modifier=modifier)
        self.emit("check", result)
        if not result.success:
            return
        if defence is not None and self.defend(target, defence):
            return
        self.hit(target, damage_roll, stun_on_hit)

    def defend(self, name: str, action: str) -> bool:
        """Dodge or parry: the points are checked first; a critical makes it free (CHK-B-5)."""
        before = self.tracker
        charged = self.attempt(lambda: take_action(before, name, action))  # type: ignore[arg-type]
        if charged is None:
            return False
        skill = "回避" if action == "dodge" else "こぶし"
        result = check(self.sheets[name], skill, "coc6-b", self.dice)
        self.tracker, fact = take_action(before, name, action, critical=result.level == "critical")  # type: ignore[arg-type]
        self.emit("action", fact)
        self.emit("check", result)
        return result.success

    def hit(self, target: str, damage_roll: str, stun_on_hit: bool) -> None:
        rolled = roll(self.dice, damage_roll)
        self.emit("damage_roll", rolled, target=target)
        self.tracker, change = damage(self.tracker, target, max(rolled.total, 0))
        self.emit("hp", change)
        if stun_on_hit and change.state == "conscious":
            self.tracker, condition = add_condition(self.tracker, target, "stun")
            self.emit("condition", condition, target=target)

    def first_aid(self, healer: str, patient: str) -> None:
        if not self.pay(healer, "non_attack_skill"):
            return
        result = check(self.sheets[healer], "応急手当", "coc6-b", self.dice)
        self.emit("check", result)
        if result.success:
            healed = roll(self.dice, "1D3")
            self.tracker, change = treat(self.tracker, patient, healed.total)
            self.emit("treated", change)

    def end_turns(self) -> None:
        while True:
            self.tracker, end = next_turn(self.tracker)
            if end is not None:
                self.emit("round_end", end)
                return


def run(seed: int = 2087) -> list[str]:
    s = Script(seed)
    s.emit("order", order=list(s.tracker.order))
    # Round 1: ミナ knocks 教団員A about; 教団員A strikes back (parried); rifle and shotgun fire.
    s.attack("ミナ", "教団員A", "こぶし", "1D3", stun_on_hit=True)
    s.attack("教団員A", "ミナ", "こぶし", "1D3", defence="parry")
    s.attack("ケン", "教団員B", "ライフル", "2D6+4")
    s.attack("教団員B", "ケン", "ショットガン", "2D6", defence="dodge", cover_by="ミナ")
    s.end_turns()
    # Round 2: ミナ delays and keeps her points to cover ケン.
    s.pay("ミナ", "delay")
    s.attack("教団員A", "ケン", "こぶし", "1D3", cover_by="ミナ")
    s.attack("ケン", "教団員A", "ライフル", "2D6+4")
    s.attack("教団員B", "ケン", "ショットガン", "2D6", defence="dodge")
    s.end_turns()
    # Round 3: first aid for a fallen investigator, then the last blows.
    if s.tracker.get("ケン").state == "dying":
        s.first_aid("ミナ", "ケン")
    s.attack("教団員A", "ミナ", "こぶし", "1D3", defence="parry")
    s.attack("ケン", "教団員A", "ライフル", "2D6+4")
    s.end_turns()
    s.emit("final", hp={n: [c.hp, c.state] for n, c in s.tracker.combatants.items()})
    return s.log
