"""Checks rolled from the sheet under ``coc6-a`` and ``coc6-b``.

The levels come from :mod:`engine.checks.coc` (CHK-A-1/2, CHK-B-0); this module
finds the target on the sheet and applies ruleset B's house rules around it:
floor rounding (CHK-B-1), the caps (CHK-B-2/3/4), no special levels for SAN,
Mythos and Dream Lore (CHK-B-5), 〈心理学〉 always secret (CHK-B-6), the APP×5
pre-roll of interpersonal skills (CHK-B-7) and the SAN cost paid before a
Mythos or Dream Lore roll (CHK-B-8).

Reading (CHK-B-2): the caps limit the value rolled against, after the
situational modifiers (the APP pre-roll, −20 for tear gas, a student's track):
目星 90 + 15 is rolled at 80, 90 − 20 at 70.  The option
``cap_before_modifiers`` caps the bare skill and adds the modifiers after it
(90 + 15 → 95).  A student's track adds +10 to the skills the GM counts in it
(STU-B-1).
"""

from __future__ import annotations

import math
import re
from fractions import Fraction
from typing import Literal

from engine.checks.coc import CocOutcome, coc6b_target, coc_result
from engine.checks.levels import Level
from engine.coc6.model import CocModel
from engine.coc6.sheet import CocSheet, roll_target, updated
from engine.coc6.skills import canonical_name, family
from engine.coc6.student import track_modifier
from engine.dice.rng import DiceSource
from engine.errors import EngineError
from engine.rulesets.coc6_checks import Coc6BOptions

CocRuleset = Literal["coc6-a", "coc6-b"]
CheckKind = Literal["skill", "dodge", "characteristic", "san", "mythos", "dream_lore"]

MYTHOS = "クトゥルフ神話"
DREAM_LORE = "夢の知識"
PSYCHOLOGY = "心理学"
DODGE = "回避"
INTERPERSONAL: tuple[str, ...] = ("言いくるめ", "説得", "信用")
_CHARACTERISTIC = re.compile(r"^(STR|CON|POW|DEX|APP|SIZ|INT|EDU)\s*[*×xX]\s*[0-9]+$")


class CheckResult(CocModel):
    """One check as a fact: what was rolled, against what, and the level."""

    actor: str
    what: str
    ruleset: CocRuleset
    kind: CheckKind
    #: The sheet's value before caps and modifiers.
    raw_target: int
    modifier: int = 0
    target: int
    #: Rule IDs of the caps that lowered the target (CHK-B-2, CHK-B-3, CHK-B-4).
    caps: tuple[str, ...] = ()
    roll: int
    level: Level
    #: BCDice's word key (``critical_special``, ``fumble`` …) before CHK-B-5.
    word: str
    secret: bool = False
    rule_ids: tuple[str, ...] = ()

    @property
    def success(self) -> bool:
        return self.level in ("critical", "special", "success")


def check_kind(what: str) -> CheckKind:
    """What sort of roll ``what`` names (the caps and CHK-B-5 depend on it)."""
    text = what.strip()
    if text in ("SAN", "正気度"):
        return "san"
    if _CHARACTERISTIC.match(text) or text in ("幸運", "アイデア", "知識"):
        return "characteristic"
    name = family(canonical_name(text))
    if name == MYTHOS:
        return "mythos"
    if name == DREAM_LORE:
        return "dream_lore"
    if name == DODGE:
        return "dodge"
    return "skill"


def floor_value(value: int | Fraction) -> int:
    """CHK-B-1: every fraction is rounded down."""
    return math.floor(Fraction(value))


def check_target(
    sheet: CocSheet,
    what: str,
    ruleset: CocRuleset,
    *,
    modifier: int = 0,
    scale: Fraction = Fraction(1),
    options: Coc6BOptions | None = None,
    cap_after_modifiers: bool = False,
) -> tuple[int, int, tuple[str, ...]]:
    """(raw value, target, caps applied) of ``what`` on ``sheet``."""
    kind = check_kind(what)
    raw = roll_target(sheet, what)
    scaled = floor_value(Fraction(raw) * scale)
    if ruleset == "coc6-a":
        return raw, max(scaled + modifier, 0), ()
    opts = options or Coc6BOptions()
    base = scaled + modifier if cap_after_modifiers else scaled
    cap_kind = {"san": "san", "dodge": "dodge", "characteristic": "characteristic"}.get(kind, "skill")
    occupational = kind == "dodge" and sheet.skill(what).occupational
    capped = coc6b_target(
        cap_kind,  # type: ignore[arg-type]
        base,
        npc=sheet.npc,
        dex=sheet.DEX,
        occupation_lists_dodge=occupational,
        options=opts,
    )
    caps: list[str] = []
    if capped < base:
        if kind == "san":
            caps.append("CHK-B-4")
        elif kind == "dodge" and capped == sheet.DEX * 4 and sheet.DEX * 4 < opts.skill_cap:
            caps.append("CHK-B-3")
        else:
            caps.append("CHK-B-2")
    target = capped if cap_after_modifiers else capped + modifier
    return raw, max(target, 0), tuple(caps)


def _plain(outcome: CocOutcome) -> Level:
    """CHK-B-5: no special results at all — a success or a failure."""
    return Level.success if outcome.success else Level.failure


def check(
    sheet: CocSheet,
    what: str,
    ruleset: CocRuleset,
    dice: DiceSource,
    *,
    modifier: int = 0,
    scale: Fraction = Fraction(1),
    options: Coc6BOptions | None = None,
    secret: bool = False,
    cap_after_modifiers: bool | None = None,
) -> CheckResult:
    """Roll ``what`` from the sheet and name its level by the ruleset's rules.

    ``cap_after_modifiers`` None: the order the options say (CHK-B-2)."""
    opts = options or Coc6BOptions()
    kind = check_kind(what)
    if cap_after_modifiers is None:
        cap_after_modifiers = not opts.cap_before_modifiers
    track = track_modifier(sheet, what) if ruleset == "coc6-b" and kind in ("skill", "dodge") else 0
    modifier += track
    raw, target, caps = check_target(
        sheet, what, ruleset, modifier=modifier, scale=scale, options=opts, cap_after_modifiers=cap_after_modifiers
    )
    mode = opts.crit_fumble if ruleset == "coc6-b" else "ccb"
    roll = dice.die(100)
    outcome = coc_result(roll, target, mode)
    rules: list[str] = ["CHK-A-1", "CHK-A-2"] if ruleset == "coc6-a" else ["CHK-B-0", "CHK-B-1", *caps]
    if track:
        rules.append("STU-B-1")
    level: Level = outcome.level.value  # type: ignore[assignment]
    if ruleset == "coc6-b" and kind in ("san", "mythos", "dream_lore"):
        level = _plain(outcome)
        rules.append("CHK-B-5")
    if ruleset == "coc6-b" and family(canonical_name(what)) == PSYCHOLOGY:
        secret = True
        rules.append("CHK-B-6")
    return CheckResult(
        actor=sheet.name,
        what=what,
        ruleset=ruleset,
        kind=kind,
        raw_target=raw,
        modifier=modifier,
        target=target,
        caps=caps,
        roll=roll,
        level=level,
        word=outcome.word,
        secret=secret,
        rule_ids=tuple(rules),
    )


class AppPreroll(CocModel):
    """CHK-B-7: the APP×5 roll before an interpersonal skill on a first meeting."""

    actor: str
    skill: str
    roll: int
    target: int
    success: bool
    #: +15 on success, −20 on failure, for the interpersonal check that follows.
    modifier: int
    rule_ids: tuple[str, ...] = ("CHK-B-7",)


def app_preroll(
    sheet: CocSheet, skill: str, dice: DiceSource, *, first_meeting: bool, hostile_feelings: bool
) -> AppPreroll:
    """CHK-B-7: offered only for 言いくるめ/説得/信用 on a first meeting without hostile feelings.

    The APP roll knows no special results: a plain roll ≤ APP×5 (and below 100).
    """
    if family(canonical_name(skill)) not in INTERPERSONAL:
        raise EngineError("The APP×5 roll is only for 言いくるめ, 説得 and 信用 (not {skill}).", skill=skill)
    if not first_meeting:
        raise EngineError("The APP×5 roll is only for a first meeting.")
    if hostile_feelings:
        raise EngineError("The APP×5 roll is not offered when the other side has hostile feelings.")
    target = sheet.APP * 5
    roll = dice.die(100)
    success = roll <= target and roll < 100
    return AppPreroll(
        actor=sheet.name, skill=skill, roll=roll, target=target, success=success, modifier=15 if success else -20
    )


class SanPaid(CocModel):
    """CHK-B-8: SAN paid before a Mythos or Dream Lore roll."""

    actor: str
    cost: int
    san_before: int
    san_after: int
    rule_ids: tuple[str, ...] = ("CHK-B-8",)


def lore_check(
    sheet: CocSheet,
    what: str,
    san_cost: int,
    dice: DiceSource,
    *,
    options: Coc6BOptions | None = None,
) -> tuple[CocSheet, SanPaid, CheckResult]:
    """CHK-B-8: pay the GM's SAN cost first, then roll Mythos or Dream Lore (no specials, CHK-B-5).

    Reading: SAN does not go below 0; the roll is made even when the cost empties it.
    """
    if check_kind(what) not in ("mythos", "dream_lore"):
        raise EngineError("A SAN cost is paid only before クトゥルフ神話 or 夢の知識 (not {skill}).", skill=what)
    if san_cost < 0:
        raise EngineError("A SAN cost cannot be negative ({cost}).", cost=san_cost)
    sheet.skill(what)
    after = max(sheet.san - san_cost, 0)
    paid = SanPaid(actor=sheet.name, cost=san_cost, san_before=sheet.san, san_after=after)
    new_sheet = updated(sheet, san=after)
    return new_sheet, paid, check(new_sheet, what, "coc6-b", dice, options=options)
