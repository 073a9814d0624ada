"""Call of Cthulhu 6th edition checks (CHK-A-1, CHK-A-2, CHK-A-5, CHK-B-0 … CHK-B-4).

The judgement is BCDice's "Cthulhu" bot (``CC``/``CCB``/``RES``/``CBR``):

* success: roll ≤ target and roll < 100 (100 always fails; no cap above 100);
* special: a success with roll ≤ clamp(⌊target / 5⌋, 1, 100);
* critical: a success with roll ≤ 1 (``cc``) or ≤ 5 (``ccb``) — a critical that
  is also a special prints 決定的成功/スペシャル;
* fumble: a failure with roll ≥ 100 (``cc``) or ≥ 96 (``ccb``), whatever the
  target (``CCB<=150`` fumbles on 100);
* malfunction number x of ``CC(x)``: any roll ≥ x is a malfunction (故障), which
  turns the roll into a failure but keeps a fumble (致命的失敗/故障).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Literal

from engine.checks.levels import Level
from engine.errors import EngineError

if TYPE_CHECKING:
    from engine.rulesets.coc6_checks import Coc6BOptions

Mode = Literal["ccb", "cc"]

_CRITICAL_FUMBLE = {"cc": 1, "ccb": 5}


@dataclass(frozen=True)
class CocOutcome:
    """The flags of one CoC check, as BCDice computes them."""

    roll: int
    target: int
    critical: bool = False
    special: bool = False
    success: bool = False
    failure: bool = False
    fumble: bool = False
    broken: bool = False

    @property
    def level(self) -> Level:
        """The DICE-3 level: a critical is also a special (CHK-A-2) and ranks above it."""
        if self.critical:
            return Level.critical
        if self.special:
            return Level.special
        if self.success:
            return Level.success
        if self.fumble:
            return Level.fumble
        return Level.failure

    @property
    def word(self) -> str:
        """The key of the word BCDice prints (see :class:`engine.dice.result.Word`)."""
        if self.critical and self.special:
            return "critical_special"
        if self.critical:
            return "critical"
        if self.special:
            return "special"
        if self.success:
            return "success"
        if self.broken and self.fumble:
            return "fumble_broken"
        if self.broken:
            return "broken"
        if self.fumble:
            return "fumble"
        return "failure"


def special_threshold(target: int) -> int:
    """CHK-A-2: ⌊target / 5⌋ clamped to 1..100."""
    return min(max(target * 20 // 100, 1), 100)


def coc_compare(roll: int, target: int, critical_fumble: int, broken_number: int = 0) -> CocOutcome:
    """BCDice's Cthulhu comparison with a critical/fumble width of 1 or 5 percent."""
    if roll <= target and roll < 100:
        success = True
        special = roll <= special_threshold(target)
        critical = roll <= critical_fumble
        failure = fumble = False
    else:
        success = special = critical = False
        failure = True
        fumble = roll >= 101 - critical_fumble
    broken = broken_number > 0 and roll >= broken_number
    if broken:
        success = special = critical = False
        failure = True
    return CocOutcome(
        roll=roll,
        target=target,
        critical=critical,
        special=special,
        success=success,
        failure=failure,
        fumble=fumble,
        broken=broken,
    )


def coc_result(roll: int, target: int, mode: Mode = "ccb") -> CocOutcome:
    """CHK-A-1/CHK-A-2/CHK-B-0: ``ccb`` = critical 1–5, fumble 96–100; ``cc`` = 1 / 100."""
    if mode not in _CRITICAL_FUMBLE:
        raise EngineError("Unknown check mode '{mode}' (use ccb or cc).", mode=mode)
    return coc_compare(roll, target, _CRITICAL_FUMBLE[mode])


def res_target(active: int, passive: int) -> int:
    """CHK-A-5: ``RES(a-b)`` succeeds on (a − b) × 5 + 50 percent (the DICE-5 formula)."""
    return (active - passive) * 5 + 50


ResAutomatic = Literal["success", "failure"]


def res_automatic(target: int) -> ResAutomatic | None:
    """CHK-A-5: a RES target below 5 fails and above 95 succeeds without a roll."""
    if target < 5:
        return "failure"
    if target > 95:
        return "success"
    return None


CbrRank = Literal["success", "partial_success", "failure"]


@dataclass(frozen=True)
class CbrOutcome:
    """CHK-A-5: one roll judged against two targets (``CBR(x,y)``)."""

    roll: int
    first: CocOutcome
    second: CocOutcome

    @property
    def rank(self) -> CbrRank:
        if self.first.success and self.second.success:
            return "success"
        if self.first.success or self.second.success:
            return "partial_success"
        return "failure"


def cbr(roll: int, first_target: int, second_target: int, mode: Mode = "cc") -> CbrOutcome:
    """CHK-A-5: both succeed 成功, one 部分的成功, none 失敗 (``CBR`` is 1%, ``CBRB`` 5%)."""
    return CbrOutcome(
        roll=roll,
        first=coc_result(roll, first_target, mode),
        second=coc_result(roll, second_target, mode),
    )


TargetKind = Literal["skill", "dodge", "characteristic", "san", "other"]


def coc6b_target(
    kind: TargetKind,
    value: int | float | Fraction,
    *,
    npc: bool = False,
    dex: int | None = None,
    occupation_lists_dodge: bool = False,
    options: Coc6BOptions | None = None,
) -> int:
    """The target of a ``coc6-b`` check after the house caps.

    * CHK-B-1: fractions are rounded down;
    * CHK-B-2: investigator skill checks are capped at ``options.skill_cap`` (80);
      characteristic rolls and NPCs are exempt;
    * CHK-B-3: 〈回避〉 is also capped at DEX×4 unless the occupation lists 回避;
      NPCs are exempt;
    * CHK-B-4: SAN rolls use min(SAN, ``options.san_cap``) (70).
    """
    if options is None:
        # the options model is imported here: the dice box imports this module and builds no option
        from engine.rulesets.coc6_checks import Coc6BOptions

        options = Coc6BOptions()
    opts = options
    target = math.floor(Fraction(value))
    if kind == "san":
        return min(target, opts.san_cap)
    if kind in ("skill", "dodge") and not npc:
        target = min(target, opts.skill_cap)
        if kind == "dodge" and not occupation_lists_dodge:
            if dex is None:
                raise EngineError("The dodge cap needs the character's DEX.")
            target = min(target, dex * 4)
    return target
