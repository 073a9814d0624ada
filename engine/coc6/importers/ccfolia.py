"""CCFOLIA's clipboard character JSON, both ways.

``{"kind": "character", "data": {"name", "initiative", "memo", "status":
[{"label", "value", "max"}], "params": [{"label", "value"}], "commands"}}``.
The export's ``commands`` is a chat palette with one ``CCB<=n 〈skill〉`` line
per skill; its status holds HP, MP and SAN; its params the characteristics and
the damage bonus (``DB``).  The import reads the same back.

Readings: ``initiative`` is DEX; palette lines that are not a plain
``CC``/``CCB`` roll against a number (formulas, SAN rolls, characteristic
rolls) are not skills and are skipped; skill bases come from the skill list
(a free skill's base is 1, as when it is added by hand), so an imported skill at its list base is
"at its base value".
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from engine.coc6.checks import PSYCHOLOGY, CocRuleset, check_target
from engine.coc6.importers.fields import array, mapping, number, text
from engine.coc6.sheet import CocSheet, make_sheet
from engine.coc6.skills import CHARACTERISTICS, base_value, canonical_name, family
from engine.errors import EngineError

_PALETTE = re.compile(r"^S?CCB?<=(?P<value>[0-9]+)\s*[〈【<＜《]?(?P<skill>[^〉】>＞》]+?)[〉】>＞》]?\s*$")
_CHARACTERISTIC_ROLL = re.compile(r"^(STR|CON|POW|DEX|APP|SIZ|INT|EDU)\s*[*×xX]\s*[0-9]+$")
_DERIVED = {"SAN", "正気度", "正気度ロール", "幸運", "アイデア", "知識"}


def looks_like(doc: Mapping[str, Any]) -> bool:
    return doc.get("kind") == "character" and isinstance(doc.get("data"), dict)


def palette_line(sheet: CocSheet, label: str, ruleset: CocRuleset | None = None) -> str:
    """One chat-palette line ``CCB<=n 〈skill〉``.

    With ``ruleset="coc6-b"`` the number is the capped target (CHK-B-2/3) and
    〈心理学〉 becomes a secret roll ``SCCB`` (CHK-B-6); such a palette no longer
    carries the raw values, so the lossless export leaves ``ruleset`` out.
    """
    if ruleset is None:
        return f"CCB<={sheet.skill(label).value} 〈{label}〉"
    _, target, _ = check_target(sheet, label, ruleset)
    secret = "S" if ruleset == "coc6-b" and family(canonical_name(label)) == PSYCHOLOGY else ""
    return f"{secret}CCB<={target} 〈{label}〉"


def export_ccfolia(sheet: CocSheet, ruleset: CocRuleset | None = None) -> dict[str, Any]:
    """The clipboard document CCFOLIA pastes as a character."""
    palette = [palette_line(sheet, label, ruleset) for label in sheet.skills]
    palette += ["CCB<={SAN} 〈正気度ロール〉", f"CCB<={sheet.idea} 〈アイデア〉", f"CCB<={sheet.luck} 〈幸運〉"]
    palette += [f"CCB<={sheet.know} 〈知識〉"]
    return {
        "kind": "character",
        "data": {
            "name": sheet.name,
            "initiative": sheet.DEX,
            "memo": sheet.notes,
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
    commands = data.get("commands", "")
    if not isinstance(commands, str):
        raise EngineError("Field {field} is not a text.", field="data.commands")
    skills: dict[str, dict[str, Any]] = {}
    for line in commands.splitlines():
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


def import_ccfolia(doc: Mapping[str, Any]) -> CocSheet:
    """Build a sheet from a CCFOLIA clipboard character (validated as a whole)."""
    data = mapping(doc.get("data"), "data")
    name = text(data, "name", "data.name", required=True)
    if not name:
        raise EngineError("Field {field} is missing.", field="data.name")
    status = _status(data)
    chars, damage_bonus = _params(data)
    return make_sheet(
        {
            "name": name, **chars,
            "hp": status["HP"][0], "hp_max": status["HP"][1],
            "mp": status["MP"][0], "mp_max": status["MP"][1],
            "san": status["SAN"][0], "san_max": status["SAN"][1],
            "damage_bonus": damage_bonus, "skills": _palette_skills(data, chars),
            "notes": text(data, "memo", "data.memo"),
        }
    )  # fmt: skip
