"""キャラクター保管所 (charasheet.vampire-blood.net) CoC 6e JSON, as other table tools read it.

Characteristics STR CON POW DEX APP SIZ INT EDU in ``NA1``…``NA8`` (current
totals, falling back to ``NP1``…``NP8``); HP ``NA9`` and MP ``NA10`` (falling
back to ``NP9``/``NP10``); ``SAN_Left``/``SAN_Max``/``SAN_Danger``;
``dmg_bonus``; skills as positional arrays of current values (``TBAP`` combat,
``TFAP`` search, ``TAAP`` action, ``TCAP`` negotiation, ``TKAP`` knowledge),
each followed by added skills named in ``TBAName``…; the ``*D`` arrays hold
base values; weapons in ``arms_name``/``arms_hit``/``arms_damage`` with
``arms_range`` and ``arms_attack_count``; the occupation in ``shuzoku`` and the
player's memo in ``pc_making_memo``.  Numbers arrive as strings.

Readings: HP/MP/SAN current = maximum except SAN (``SAN_Left``/``SAN_Max``);
``SAN_Danger`` is checked but not kept (the engine derives indefinite madness
from the game clock); an added row without a name is an unused line; an empty
value takes the base; occupation flags are not part of these fields, so no
skill arrives flagged occupational; a skill of the list the document does not
name is there at its base (SKL-A-1); a weapon's damage keeps ``DB`` for the
damage bonus (``1d10+db`` reads ``1D10+DB``), its attacks per round are the
leading number of ``arms_attack_count`` (1 when there is none); whether it
impales or is thrown is not in the document and is left to the keeper.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from engine.coc6.importers.fields import array, blank, number, text
from engine.coc6.sheet import CocSheet, make_sheet, with_every_skill
from engine.coc6.skills import CHARACTERISTICS, base_value, canonical_name
from engine.errors import EngineError

#: (values key, base key, names key, fixed skills; a tuple = family and its specialty field).
GROUPS: tuple[tuple[str, str, str, tuple[str | tuple[str, str], ...]], ...] = (
    ("TBAP", "TBAD", "TBAName", (
        "回避", "キック", "組み付き", "こぶし(パンチ)", "頭突き", "投擲", "マーシャルアーツ", "拳銃",
        "サブマシンガン", "ショットガン", "マシンガン", "ライフル",
    )),
    ("TFAP", "TFAD", "TFAName", (
        "応急手当", "鍵開け", "隠す", "隠れる", "聞き耳", "忍び歩き", "写真術", "精神分析", "追跡", "登攀",
        "図書館", "目星",
    )),
    ("TAAP", "TAAD", "TAAName", (
        ("運転", "unten_bunya"), "機械修理", "重機械操作", "乗馬", "水泳", ("製作", "seisaku_bunya"),
        ("操縦", "main_souju_norimono"), "跳躍", "電気修理", "ナビゲート", "変装",
    )),
    ("TCAP", "TCAD", "TCAName", ("言いくるめ", "信用", "説得", "値切り", ("母国語", "mylang_name"))),
    ("TKAP", "TKAD", "TKAName", (
        "医学", "オカルト", "化学", "クトゥルフ神話", ("芸術", "geijutu_bunya"), "経理", "考古学", "コンピューター",
        "心理学", "人類学", "生物学", "地質学", "電子工学", "天文学", "博物学", "物理学", "法律", "薬学", "歴史",
    )),
)  # fmt: skip


def looks_like(doc: Mapping[str, Any]) -> bool:
    return "pc_name" in doc and any(k in doc for k in ("NA1", "NP1", "TBAP"))


def _characteristic(doc: Mapping[str, Any], index: int) -> int:
    for prefix in ("NA", "NP"):
        key = f"{prefix}{index}"
        if not blank(doc.get(key)):
            return number(doc[key], key)
    raise EngineError("Field {field} is missing.", field=f"NA{index}")


def _label(doc: Mapping[str, Any], skill: str | tuple[str, str]) -> str:
    if isinstance(skill, str):
        return canonical_name(skill)
    family, key = skill
    specialty = text(doc, key)
    return f"{family}({specialty})" if specialty else family


def _skills(doc: Mapping[str, Any], chars: Mapping[str, int]) -> dict[str, dict[str, Any]]:
    skills: dict[str, dict[str, Any]] = {}
    for values_key, base_key, names_key, fixed in GROUPS:
        values = array(doc, values_key, required=True)
        bases = array(doc, base_key)
        names = array(doc, names_key)
        if len(values) < len(fixed):
            raise EngineError(
                "Field {field} has {count} values; at least {expected} expected.",
                field=values_key, count=len(values), expected=len(fixed),
            )  # fmt: skip
        labels: list[str | None] = [_label(doc, s) for s in fixed]
        for i in range(len(fixed), len(values)):
            name = names[i - len(fixed)] if i - len(fixed) < len(names) else None
            labels.append(None if blank(name) else str(name).strip())
        for i, label in enumerate(labels):
            if label is None:
                continue
            listed = base_value(label, chars)
            base = listed if i >= len(bases) or blank(bases[i]) else number(bases[i], f"{base_key}[{i}]")
            if base is None:
                base = 0
            value = base if blank(values[i]) else number(values[i], f"{values_key}[{i}]")
            if label in skills:
                raise EngineError("Field {field} repeats the skill '{skill}'.", field=names_key, skill=label)
            skills[label] = {"value": value, "base": base, "added": i >= len(fixed) and listed is None}
    return skills


def _damage_bonus(doc: Mapping[str, Any]) -> str:
    raw = text(doc, "dmg_bonus").replace("＋", "+").replace("－", "-").replace("ｄ", "D").upper().replace(" ", "")
    if raw in ("", "0", "+0", "-0", "±0", "なし"):
        return "0"
    if raw[0] not in "+-":
        raw = "+" + raw
    return raw


def weapon_damage(raw: str) -> str:
    """A document's damage text in the sheet's spelling: full-width signs and ``db`` made ``+``/``DB``."""
    clean = raw.strip().replace("＋", "+").replace("－", "-").replace(" ", "").replace("　", "")
    return re.sub(r"db", "DB", re.sub(r"d", "D", clean, flags=re.IGNORECASE), flags=re.IGNORECASE)


def _weapons(doc: Mapping[str, Any]) -> list[dict[str, Any]]:
    names, hits, damages = array(doc, "arms_name"), array(doc, "arms_hit"), array(doc, "arms_damage")
    ranges, counts = array(doc, "arms_range"), array(doc, "arms_attack_count")

    def at(values: list[Any], i: int) -> str:
        return "" if i >= len(values) or blank(values[i]) else str(values[i]).strip()

    weapons = []
    for i, weapon in enumerate(names):
        if blank(weapon):
            continue
        count = re.match(r"[0-9]+", at(counts, i))
        weapons.append({
            "name": str(weapon).strip(), "hit": at(hits, i), "damage": weapon_damage(at(damages, i)),
            "range": at(ranges, i), "uses": int(count.group()) if count else 1,
        })  # fmt: skip
    return weapons


def import_vampire(doc: Mapping[str, Any]) -> CocSheet:
    """Build a sheet from a キャラクター保管所 document (validated as a whole)."""
    name = text(doc, "pc_name", required=True)
    if not name:
        raise EngineError("Field {field} is missing.", field="pc_name")
    chars = {c: _characteristic(doc, i + 1) for i, c in enumerate(CHARACTERISTICS)}
    hp = _characteristic(doc, 9)
    mp = _characteristic(doc, 10)
    san = number(doc.get("SAN_Left"), "SAN_Left")
    san_max = number(doc.get("SAN_Max", 99), "SAN_Max")
    if not blank(doc.get("SAN_Danger")):
        number(doc["SAN_Danger"], "SAN_Danger")
    native = text(doc, "mylang_name") or "日本語"
    return make_sheet(
        {
            "name": name, **chars, "hp": hp, "hp_max": hp, "mp": mp, "mp_max": mp, "san": san,
            "san_max": san_max, "damage_bonus": _damage_bonus(doc),
            "skills": with_every_skill(_skills(doc, chars), chars, native),
            "native_language": native, "weapons": _weapons(doc),
            "occupation": text(doc, "shuzoku"), "notes": text(doc, "pc_making_memo"),
        }
    )  # fmt: skip
