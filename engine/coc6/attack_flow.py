"""One attack, step by step: attack roll → the target's defence → damage → HP state.

The weapon comes from the attacker's sheet (:class:`~engine.coc6.sheet.Weapon`:
its skill, damage, impaling and thrown marks).  The rule functions here say
what each step allows and what the damage is; the commands of
:mod:`engine.coc6.commands.attack` roll the dice and keep the attack waiting in
the tracker between the steps.

* Defence (ruleset B): a critical attack is unavoidable (CHK-B-5 「必中」: no
  dodge, parry or other intervention), so is an attack from full rear surprise
  (CND-B-3); the GM may still let a defence stand, with a reason that is
  logged.  A flank surprise gives the defence −15 (CND-B-3).  A parry obeys
  CBT-B-2 (:func:`engine.coc6.combat_b.parry_ruling`).
* Damage: the weapon's dice, the damage bonus where the weapon's damage names
  ``DB`` — half of it, rounded down, for a thrown weapon (CBT-B-8) —, the dice
  once more for an impaling weapon's special (CHK-B-5) and for a martial-arts
  success with an unarmed attack (CBT-B-6); a pulled blow halves the rolled
  damage rounding up (CBT-B-4); then armour, which a critical ignores (CHK-B-5).

Readings: a blow "that can knock out" (ノックアウト可能攻撃) is a bare-handed or
blunt melee blow, so an impaling, thrown or ranged attack cannot be pulled; DB
is added only where the weapon's damage names it (a rifle's ``2D6+4`` has
none); a pulled blow halves before armour (the seed halves "the damage the
damage roll gives"); ruleset A knows no impaling or unavoidable level (CHK-A-2:
a special only earns growth).
"""

from __future__ import annotations

import math
import re

from engine.coc6.checks import CocRuleset
from engine.coc6.combat_b import MA, ThrownBonus, pulled_damage, thrown_damage_bonus
from engine.coc6.model import CocModel
from engine.coc6.rolls import Rolled, roll
from engine.coc6.sheet import CocSheet, Weapon
from engine.coc6.tracker import Combatant, PendingAttack
from engine.dice.rng import DiceSource
from engine.errors import EngineError

#: Skills whose damage is the bare hand's: a martial-arts success doubles their dice (CBT-B-6).
UNARMED: tuple[str, ...] = ("こぶし", "キック", "頭突き", "組み付き", "こぶし（パンチ）", "キック（蹴り）", MA)
_DB = re.compile(r"\s*\+?\s*DB(?:\s*/\s*2)?", re.IGNORECASE)


def attack_weapon(sheet: CocSheet, weapon: str | None, skill: str) -> Weapon:
    """The weapon of an attack: one named on the sheet, or the bare hand rolled with ``skill`` (1D3+DB)."""
    if weapon is None:
        return Weapon(name=skill, skill=skill, damage="1D3+DB")
    found = next((w for w in sheet.weapons if w.name == weapon), None)
    if found is None:
        raise EngineError("{name} has no weapon '{weapon}'.", name=sheet.name, weapon=weapon)
    if not found.damage.strip():
        raise EngineError("The weapon '{weapon}' has no damage roll.", weapon=weapon)
    return found


def has_skill(sheet: CocSheet, name: str) -> bool:
    """Whether the sheet has the skill (by its name or an alias)."""
    try:
        sheet.skill(name)
    except EngineError:
        return False
    return True


_HIT = re.compile(r"\s*(\d{1,3})\s*[%％]?\s*")


def weapon_hit(weapon: Weapon) -> int | None:
    """The weapon's own hit value (an imported sheet's 命中 column: 日本刀 ``50``); None when it has none."""
    found = _HIT.fullmatch(weapon.hit)
    return int(found.group(1)) if found is not None else None


def weapon_skill(weapon: Weapon) -> str:
    """The sheet skill a weapon is rolled against (its own name when none is named)."""
    return weapon.skill.strip() or weapon.name


class DefenceRuling(CocModel):
    """What the target of a hit may do: the defence modifier and why a defence is barred."""

    #: Rule IDs that make the attack unavoidable (CHK-B-5 critical, CND-B-3 full rear).
    unavoidable_by: tuple[str, ...] = ()
    modifier: int = 0
    counter_allowed: bool = True
    rule_ids: tuple[str, ...] = ()


def defence_ruling(ruleset: CocRuleset, attack: PendingAttack, target: Combatant) -> DefenceRuling:
    """CHK-B-5 and CND-B-3: whether a defence is allowed against ``attack`` and at what modifier."""
    if ruleset != "coc6-b":
        return DefenceRuling()
    unavoidable: list[str] = []
    rules: list[str] = []
    modifier = 0
    if attack.level == "critical":
        unavoidable.append("CHK-B-5")
    if target.surprised == "rear":
        unavoidable.append("CND-B-3")
    if target.surprised == "flank":
        modifier = -15
    if target.surprised is not None:
        rules.append("CND-B-3")
    rules += unavoidable
    return DefenceRuling(
        unavoidable_by=tuple(unavoidable), modifier=modifier, counter_allowed=target.surprised is None,
        rule_ids=tuple(dict.fromkeys(rules)),
    )  # fmt: skip


def refuse_unavoidable(attack: PendingAttack, ruling: DefenceRuling) -> None:
    """The refusal of a defence against an unavoidable attack (the GM may override it with a reason)."""
    if "CHK-B-5" in ruling.unavoidable_by:
        raise EngineError(
            "{attacker}'s critical attack is unavoidable: {target} cannot dodge or parry it "
            "(the GM may override with a reason).",
            attacker=attack.attacker, target=attack.target,
        )  # fmt: skip
    raise EngineError(
        "An attack from full rear surprise is unavoidable: {target} cannot dodge or parry it "
        "(the GM may override with a reason).",
        target=attack.target,
    )


class AttackDamage(CocModel):
    """The damage of one hit, as rolled and reduced."""

    attacker: str
    target: str
    weapon: str
    rolled: Rolled
    #: CBT-B-8: the damage bonus of a thrown weapon, halved (None: not thrown or no DB).
    thrown: ThrownBonus | None = None
    #: How many times the weapon's dice were rolled (2: impale or martial arts; 3: both).
    times: int = 1
    impale: bool = False
    martial_arts: bool = False
    pulled: bool = False
    armour: int = 0
    armour_ignored: bool = False
    #: The damage the target takes.
    total: int
    rule_ids: tuple[str, ...] = ()


def split_db(damage: str) -> tuple[str, bool]:
    """The weapon's own dice and whether its damage names the damage bonus (``1D10+DB`` → ``1D10``, True)."""
    base, count = _DB.subn("", damage)
    base = base.strip().lstrip("+").strip()
    if not base:
        raise EngineError("The damage '{damage}' has no dice of the weapon.", damage=damage)
    return base, count > 0


def require_pull(attacker: CocSheet, attack: PendingAttack, *, knockout: bool) -> None:
    """CBT-B-4: a pulled blow needs an attack that can knock out (bare hands or a blunt weapon, not a
    kick), MA or the weapon skill at 60+, and no knockout blow with it."""
    if attack.weapon.impaling or attack.kind in ("thrown", "bullet", "immaterial"):
        raise EngineError("Only a blow that can knock out (bare hands or a blunt weapon) can be pulled.")
    skill_value = attacker.skill(attack.skill).value
    if MA in attacker.skills:
        skill_value = max(skill_value, attacker.skill(MA).value)
    pulled_damage(0, skill_value=skill_value, attack_skill=attack.skill,
                  combined_with=("knockout",) if knockout else ())  # fmt: skip


def roll_damage(
    ruleset: CocRuleset,
    attacker: CocSheet,
    attack: PendingAttack,
    dice: DiceSource,
    *,
    armour: int = 0,
    martial_arts: bool = False,
    pulled: bool = False,
    knockout: bool = False,
) -> AttackDamage:
    """Roll the damage of ``attack`` and reduce it (CBT-B-4, CBT-B-6, CBT-B-8, CHK-B-5)."""
    if armour < 0:
        raise EngineError("Armour cannot be negative ({amount}).", amount=armour)
    weapon = attack.weapon
    b = ruleset == "coc6-b"
    rules: list[str] = []
    if pulled:
        require_pull(attacker, attack, knockout=knockout)
        rules.append("CBT-B-4")
    base, uses_db = split_db(weapon.damage)
    thrown = weapon.thrown or attack.kind == "thrown"
    times = 1
    impale = b and attack.level == "special" and weapon.impaling
    if impale:
        times += 1
        rules.append("CHK-B-5")
    if martial_arts:
        times += 1
        rules.append("CBT-B-6")
    expression = "+".join([base] * times)
    bonus = attacker.damage_bonus.strip()
    if uses_db and not thrown and bonus not in ("", "0"):
        expression += bonus if bonus.startswith(("+", "-")) else f"+{bonus}"
    rolled = roll(dice, expression)
    total = rolled.total
    half: ThrownBonus | None = None
    if uses_db and thrown:
        half = thrown_damage_bonus(bonus, dice)
        total += half.bonus
        rules.append("CBT-B-8")
    total = max(total, 0)
    if pulled:
        total = math.ceil(total / 2)
    ignored = b and attack.level == "critical" and armour > 0
    if ignored:
        rules.append("CHK-B-5")
    else:
        total = max(total - armour, 0)
    return AttackDamage(
        attacker=attack.attacker, target=attack.target, weapon=weapon.name, rolled=rolled, thrown=half, times=times,
        impale=impale, martial_arts=martial_arts, pulled=pulled, armour=armour, armour_ignored=ignored, total=total,
        rule_ids=tuple(dict.fromkeys(rules)),
    )  # fmt: skip


def is_unarmed(weapon: Weapon) -> bool:
    """CBT-B-6: the weapon deals the bare hand's damage (a martial-arts bonus applies)."""
    return weapon_skill(weapon) in UNARMED
