"""Typed events of ruleset B's martial-arts specials and counters (CBT-B-6, CBT-B-7).

Like :mod:`engine.coc6.combat_events`, each names its fact with typed fields
and carries only the combatants it changed; most of them change nothing and
are the log's word for what was declared or decided.
"""

from __future__ import annotations

from typing import Any, ClassVar, Literal

from engine.coc6.combat_b import CounterA
from engine.coc6.combat_events import CocCombatFact
from engine.core.events import EventBase


class CocMaBonus(CocCombatFact):
    """CBT-B-6: whether the martial-arts bonus applies to a hit, and whether its roll succeeded."""

    type: Literal["coc_ma_bonus"] = "coc_ma_bonus"
    fact: ClassVar[str] = "ma_bonus"
    name: str
    applies: bool
    success: bool

    def detail(self) -> dict[str, Any]:
        return {"name": self.name, "applies": self.applies, "success": self.success}


class CocRushDeclared(CocCombatFact):
    """CBT-B-7: a rush declared after a stunning hit; its second strike is due at the round's end."""

    type: Literal["coc_rush_declared"] = "coc_rush_declared"
    fact: ClassVar[str] = "rush"
    name: str
    target: str

    def detail(self) -> dict[str, Any]:
        return {"name": self.name, "target": self.target}


class CocStruck(CocCombatFact):
    """CBT-B-7: one strike of a feint or a rush, before its roll."""

    type: Literal["coc_struck"] = "coc_struck"
    fact: ClassVar[str] = "strike"
    name: str
    target: str
    which: Literal["first", "second", "rush_second"]

    def detail(self) -> dict[str, Any]:
        return {"name": self.name, "target": self.target, "which": self.which}


class CocParried(CocCombatFact):
    """CBT-B-7: a strike parried (a martial-arts parry of a rush, a parry of a counter)."""

    type: Literal["coc_parried"] = "coc_parried"
    fact: ClassVar[str] = "parried"
    name: str
    attacker: str

    def detail(self) -> dict[str, Any]:
        return {"name": self.name, "attacker": self.attacker}


class CocFeintDeclared(CocCombatFact):
    """CBT-B-7: a feint declared before the roll."""

    type: Literal["coc_feint_declared"] = "coc_feint_declared"
    fact: ClassVar[str] = "feint"
    name: str
    target: str

    def detail(self) -> dict[str, Any]:
        return {"name": self.name, "target": self.target}


class CocFeintStopped(CocCombatFact):
    """CBT-B-7: the feint's first strike parried with martial arts — no second strike."""

    type: Literal["coc_feint_stopped"] = "coc_feint_stopped"
    fact: ClassVar[str] = "feint_stopped"
    name: str
    attacker: str

    def detail(self) -> dict[str, Any]:
        return {"name": self.name, "attacker": self.attacker}


class CocCounteredA(CocCombatFact):
    """CBT-B-7: counter A — the parry and the attacker's parry modifiers, and whether it is unavoidable."""

    type: Literal["coc_countered_a"] = "coc_countered_a"
    fact: ClassVar[str] = "counter_a"
    name: str
    attacker: str
    ruling: CounterA

    def detail(self) -> dict[str, Any]:
        ruling = self.ruling.model_dump(mode="json")
        ruling.pop("rule_ids", None)
        return {"name": self.name, "attacker": self.attacker} | ruling


class CocCounteredB(CocCombatFact):
    """CBT-B-7: counter B — an unavoidable hit or a miss; the counterer does nothing more this round."""

    type: Literal["coc_countered_b"] = "coc_countered_b"
    fact: ClassVar[str] = "counter_b"
    name: str
    attacker: str
    hit: bool

    def detail(self) -> dict[str, Any]:
        return {"name": self.name, "attacker": self.attacker, "hit": self.hit}


MANOEUVRE_EVENTS: tuple[type[EventBase], ...] = (
    CocMaBonus, CocRushDeclared, CocStruck, CocParried, CocFeintDeclared, CocFeintStopped, CocCounteredA,
    CocCounteredB,
)  # fmt: skip
