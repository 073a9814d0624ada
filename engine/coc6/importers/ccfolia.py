"""CCFOLIA's clipboard character JSON, both ways.

``{"kind": "character", "data": {"name", "initiative", "memo", "status":
[{"label", "value", "max"}], "params": [{"label", "value"}], "commands"}}``.
The export's ``commands`` is a chat palette as CCFOLIA writes one: the SAN roll
``CCB<={SAN} 【正気度ロール】`` (``{SAN}`` is the status, so the palette follows
the SAN bar), アイデア/幸運/知識, one ``CCB<=n 【skill】`` line per skill and one
damage line per weapon (``1D10+1D4 【日本刀】``: the damage bonus written out,
half of it for a thrown weapon, CBT-B-8); its status holds HP, MP and SAN; its
params the characteristics and the damage bonus (``DB``).  The import reads the
same back; the occupation travels in the memo's first line ``職業：…``.

Readings: ``initiative`` is DEX; palette lines that are not a plain
``CC``/``CCB`` roll against a number (formulas, SAN rolls, characteristic
rolls) are not skills and are skipped; a line that is a dice roll with a name
in brackets is a weapon's damage; every skill of the list the palette does not
name is there at its base (SKL-A-1); skill bases come from the skill list (a
free skill's base is 1, as when it is added by hand), so an imported skill at
its list base is "at its base value".
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from engine.coc6.checks import PSYCHOLOGY, CocRuleset, check_target
from engine.coc6.importers.fields import array, mapping, number, text
from engine.coc6.sheet import CocSheet, Weapon, make_sheet, with_every_skill
from engine.coc6.skills import CHARACTERISTICS, base_value, canonical_name, family
from engine.errors import EngineError

_PALETTE = re.compile(r"^S?CCB?<=(?P<value>[0-9]+)\s*[〈【<＜《]?(?P<skill>[^〉】>＞》]+?)[〉】>＞》]?\s*$")
_CHARACTERISTIC_ROLL = re.compile(r"^(STR|CON|POW|DEX|APP|SIZ|INT|EDU)\s*[*×xX]\s*[0-9]+$")
_DERIVED = {"SAN", "正気度", "正気度ロール", "幸運", "アイデア", "知識"}
_DAMAGE = re.compile(
    r"^(?P<dice>[0-9]+[Dd][0-9]+[-+*/()0-9Dd{}A-Za-z]*)\s*[〈【<＜《](?P<name>[^〉】>＞》]+)[〉】>＞》]\s*$"
)
#: A palette's damage roll that names no weapon (a bare punch roll), not a weapon of the sheet.
_PLAIN_DAMAGE = {"ダメージ", "ダメージ判定"}
_OCCUPATION = re.compile(r"^職業[:：]\s*(?P<occupation>.+)$")


def looks_like(doc: Mapping[str, Any]) -> bool:
    return doc.get("kind") == "character" and isinstance(doc.get("data"), dict)


def palette_line(sheet: CocSheet, label: str, ruleset: CocRuleset | None = None) -> str:
    """One chat-palette line ``CCB<=n 〈skill〉``.

    With ``ruleset="coc6-b"`` the number is the capped target (CHK-B-2/3) and
    〈心理学〉 becomes a secret roll ``SCCB`` (CHK-B-6); such a palette no longer
    carries the raw values, so the lossless export leaves ``ruleset`` out.
    """
    if ruleset is None:
        return f"CCB<={sheet.skill(label).value} 【{label}】"
    _, target, _ = check_target(sheet, label, ruleset)
    secret = "S" if ruleset == "coc6-b" and family(canonical_name(label)) == PSYCHOLOGY else ""
    return f"{secret}CCB<={target} 【{label}】"


def damage_line(sheet: CocSheet, weapon: Weapon) -> str | None:
    """A weapon's damage as a palette roll: ``DB`` written out as the sheet's bonus
    (half of it, rounded down by the dice bot, for a thrown weapon: CBT-B-8)."""
    damage = weapon.damage.replace(" ", "")
    if not damage:
        return None
    bonus = sheet.damage_bonus
    if "+DB" in damage:
        if bonus == "0":
            written = ""
        elif weapon.thrown:
            written = f"{bonus[0]}({bonus[1:]}/2)"
        else:
            written = bonus
        damage = damage.replace("+DB", written)
    return f"{damage} 【{weapon.name}】"


def _memo(sheet: CocSheet) -> str:
    """CCFOLIA has no occupation field: it opens the memo, where the import finds it again."""
    if not sheet.occupation:
        return sheet.notes
    return f"職業：{sheet.occupation}" + (f"\n{sheet.notes}" if sheet.notes else "")


def export_ccfolia(sheet: CocSheet, ruleset: CocRuleset | None = None) -> dict[str, Any]:
    """The clipboard document CCFOLIA pastes as a character."""
    palette = ["CCB<={SAN} 【正気度ロール】", f"CCB<={sheet.idea} 【アイデア】", f"CCB<={sheet.luck} 【幸運】"]
    palette += [f"CCB<={sheet.know} 【知識】"]
    palette += [palette_line(sheet, label, ruleset) for label in sheet.skills]
    palette += [line for weapon in sheet.weapons if (line := damage_line(sheet, weapon)) is not None]
    return {
        "kind": "character",
        "data": {
            "name": sheet.name,
            "initiative": sheet.DEX,
            "memo": _memo(sheet),
            "status": [
                {"label": "HP", "value": sheet.hp, "max": sheet.hp_max},
                {"label": "MP", "value": sheet.mp, "max": sheet.mp_max},
                {"label": "SAN", "value": sheet.san, "max": sheet.san_max},
            ],
            "params": [{"label": c, "value": str(sheet.characteristics()[c])} for c in CHARACTERISTICS]
            + [{"label": "DB", "value": sheet.damage_bonus}],
            "commands": "\n".join(palette),
        },
    }


def _status(data: Mapping[str, Any]) -> dict[str, tuple[int, int]]:
    found: dict[str, tuple[int, int]] = {}
    for i, row in enumerate(array(data, "status", required=True)):
        field = f"data.status[{i}]"
        row = mapping(row, field)
        label = text(row, "label", f"{field}.label").upper()
        if label in ("HP", "MP", "SAN"):
            value = number(row.get("value"), f"{field}.value")
            maximum = number(row.get("max", value), f"{field}.max")
            found[label] = (value, maximum)
    for label in ("HP", "MP", "SAN"):
        if label not in found:
            raise EngineError("Field {field} is missing.", field=f"data.status {label}")
    return found


def _params(data: Mapping[str, Any]) -> tuple[dict[str, int], str]:
    chars: dict[str, int] = {}
    damage_bonus = "0"
    for i, row in enumerate(array(data, "params")):
        field = f"data.params[{i}]"
        row = mapping(row, field)
        label = text(row, "label", f"{field}.label").upper()
        if label in CHARACTERISTICS:
            chars[label] = number(row.get("value"), f"{field}.value")
        elif label == "DB":
            damage_bonus = text(row, "value", f"{field}.value") or "0"
    for c in CHARACTERISTICS:
        if c not in chars:
            raise EngineError("Field {field} is missing.", field=f"data.params {c}")
    return chars, damage_bonus


def _palette_skills(data: Mapping[str, Any], chars: Mapping[str, int]) -> dict[str, dict[str, Any]]:
    skills: dict[str, dict[str, Any]] = {}
    for line in _commands(data).splitlines():
        match = _PALETTE.match(line.strip())
        if match is None:
            continue
        label = match.group("skill").strip()
        if label in _DERIVED or _CHARACTERISTIC_ROLL.match(label):
            continue
        value = int(match.group("value"))
        listed = base_value(label, chars)
        skills[label] = {"value": value, "base": 1 if listed is None else listed, "added": listed is None}
    return skills


def _commands(data: Mapping[str, Any]) -> str:
    commands = data.get("commands", "")
    if not isinstance(commands, str):
        raise EngineError("Field {field} is not a text.", field="data.commands")
    return commands


def _weapons(data: Mapping[str, Any], damage_bonus: str) -> list[dict[str, Any]]:
    """Weapons from the palette's damage lines; the bonus written out reads ``DB`` again."""
    weapons: list[dict[str, Any]] = []
    for line in _commands(data).splitlines():
        match = _DAMAGE.match(line.strip())
        if match is None or match.group("name").strip() in _PLAIN_DAMAGE:
            continue
        dice = match.group("dice").upper().replace("{DB}", "DB")
        thrown = False
        if damage_bonus != "0":
            half = f"{damage_bonus[0]}({damage_bonus[1:]}/2)"
            if dice.endswith(half):
                dice, thrown = dice[: -len(half)] + "+DB", True
            elif dice.endswith(damage_bonus):
                dice = dice[: -len(damage_bonus)] + "+DB"
        weapons.append({"name": match.group("name").strip(), "damage": dice, "thrown": thrown})
    return weapons


def _occupation_and_notes(memo: str) -> tuple[str, str]:
    first, _, rest = memo.partition("\n")
    match = _OCCUPATION.match(first.strip())
    if match is None:
        return "", memo
    return match.group("occupation").strip(), rest


def import_ccfolia(doc: Mapping[str, Any]) -> CocSheet:
    """Build a sheet from a CCFOLIA clipboard character (validated as a whole)."""
    data = mapping(doc.get("data"), "data")
    name = text(data, "name", "data.name", required=True)
    if not name:
        raise EngineError("Field {field} is missing.", field="data.name")
    status = _status(data)
    chars, damage_bonus = _params(data)
    occupation, notes = _occupation_and_notes(text(data, "memo", "data.memo"))
    return make_sheet(
        {
            "name": name, **chars,
            "hp": status["HP"][0], "hp_max": status["HP"][1],
            "mp": status["MP"][0], "mp_max": status["MP"][1],
            "san": status["SAN"][0], "san_max": status["SAN"][1],
            "damage_bonus": damage_bonus, "skills": with_every_skill(_palette_skills(data, chars), chars),
            "notes": notes, "occupation": occupation, "weapons": _weapons(data, damage_bonus),
        }
    )  # fmt: skip
