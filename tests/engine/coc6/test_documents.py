"""Character import and export: キャラクター保管所, CCFOLIA, yobigoe JSON (hand-written samples)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.coc6.importers.documents import detect_format, export_sheet, export_text, import_document, import_text
from engine.coc6.sheet import add_skill, set_skill, updated
from engine.errors import EngineError
from tests.engine.coc6.support import investigator

DATA = Path(__file__).resolve().parents[2] / "data" / "coc6"


def _read(name: str) -> str:
    return (DATA / name).read_text(encoding="utf-8")


def test_vampire_document_imports_every_listed_field() -> None:
    kind, sheet = import_text(_read("vampire_mina.json"))
    assert kind == "vampire" and sheet.name == "一ノ瀬 ミナ"
    assert sheet.characteristics() == {
        "STR": 10, "CON": 12, "POW": 13, "DEX": 14, "APP": 11, "SIZ": 13, "INT": 15, "EDU": 17,
    }  # fmt: skip
    assert (sheet.hp, sheet.hp_max, sheet.mp, sheet.san, sheet.san_max) == (13, 13, 13, 62, 94)
    assert sheet.damage_bonus == "0"
    skills = sheet.skills
    assert (skills["回避"].value, skills["回避"].base) == (60, 28)
    assert skills["こぶし"].value == 50 and skills["こぶし"].at_base  # 〈こぶし(パンチ)〉
    assert skills["目星"].value == 85 and skills["図書館"].value == 75
    assert skills["運転(自動車)"].value == 45
    assert skills["製作"].value == 5 and skills["操縦"].value == 1  # no specialty written
    assert skills["母国語(日本語)"].value == 85 and sheet.native_language == "日本語"
    assert skills["芸術(写真)"].value == 30
    assert skills["クトゥルフ神話"].value == 3 and skills["心理学"].value == 45
    # skills the player added after each fixed list
    assert (skills["杖"].value, skills["杖"].base, skills["杖"].added) == (40, 25, False)
    assert (skills["英語"].value, skills["英語"].base, skills["英語"].added) == (41, 1, True)
    assert (skills["ピアノ演奏"].value, skills["ピアノ演奏"].added) == (60, True)
    assert [(w.name, w.hit, w.damage) for w in sheet.weapons] == [
        ("ナイフ", "25", "1D4+DB"),
        ("懐中電灯", "25", "1D3+DB"),
    ]


def test_vampire_falls_back_to_np_values_and_list_bases() -> None:
    _, sheet = import_text(_read("vampire_np_only.json"))
    assert (sheet.STR, sheet.APP, sheet.EDU, sheet.hp, sheet.mp) == (16, 8, 12, 16, 9)
    assert sheet.damage_bonus == "+1D4"
    assert sheet.skills["こぶし"].value == 75 and not sheet.skills["こぶし"].at_base
    assert sheet.skills["回避"].base == 20 and sheet.skills["回避"].at_base  # DEX 10 × 2 from the list
    assert sheet.skills["母国語"].value == 60  # no mylang_name: plain 母国語


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("broken_vampire_short_array.json", "Field TFAP has 5 values; at least 12 expected."),
        ("broken_vampire_bad_number.json", "Field NA3 is not a number: '十三'."),
        ("broken_vampire_bad_skill.json", "Field TKAP[1] is not a number: '二十五'."),
        ("broken_vampire_san_above_max.json", "SAN 97 is above the maximum 94."),
        ("broken_vampire_no_name.json", "Unknown character document"),
        ("broken_ccfolia_no_san.json", "Field data.status SAN is missing."),
        ("broken_ccfolia_bad_dex.json", "Field data.params[3].value is not a number: '素早い'."),
        ("broken_unknown_kind.json", "Unknown character document"),
        ("broken_truncated.json", "not valid JSON (line 2"),
    ],
)
def test_broken_documents_are_refused_naming_the_field(name: str, message: str) -> None:
    with pytest.raises(EngineError) as info:
        import_text(_read(name))
    assert message in str(info.value)
    assert info.value.text("ja") != str(info.value)  # a Japanese text exists


def test_ccfolia_document_imports_status_params_memo_and_palette_skills() -> None:
    kind, sheet = import_text(_read("ccfolia_yuki.json"))
    assert kind == "ccfolia" and sheet.name == "雪村 ユキ"
    assert (sheet.hp, sheet.hp_max, sheet.mp, sheet.san, sheet.san_max) == (9, 11, 14, 68, 99)
    assert (sheet.INT, sheet.EDU, sheet.damage_bonus) == (17, 18, "-1D4")
    assert sheet.notes.startswith("大学院生")
    imported = {"目星": 65, "図書館": 70, "回避": 24, "人類学": 61, "母国語(日本語)": 90, "民俗学": 35}
    assert {k: sheet.skills[k].value for k in imported} == imported
    assert sheet.skills["回避"].at_base  # DEX 12 × 2
    assert sheet.skills["民俗学"].added
    # SKL-A-1: every skill of the list the palette does not name is there at its base
    assert sheet.skills["こぶし"].value == 50 and sheet.skills["こぶし"].at_base
    assert sheet.skills["キック"].value == 25 and "母国語" not in sheet.skills
    assert [w.name for w in sheet.weapons] == []  # 「1d3 【ダメージ】」 names no weapon


def test_ccfolia_export_is_a_chat_palette_with_hp_mp_san_status() -> None:
    sheet = set_skill(investigator(), "目星", 70)
    doc = export_sheet(sheet, "ccfolia")
    data = doc["data"]
    assert doc["kind"] == "character" and data["name"] == "ミナ" and data["initiative"] == 14
    assert [s["label"] for s in data["status"]] == ["HP", "MP", "SAN"]
    assert data["status"][2] == {"label": "SAN", "value": 65, "max": 99}
    lines = data["commands"].splitlines()
    assert "CCB<=70 【目星】" in lines and "CCB<=80 【母国語(日本語)】" in lines
    assert lines[0] == "CCB<={SAN} 【正気度ロール】"  # as CCFOLIA's own palettes write it
    assert {"label": "EDU", "value": "16"} in data["params"]


def _rich_sheet():  # type: ignore[no-untyped-def]
    sheet = add_skill(set_skill(investigator(), "目星", 71), "ギター演奏", 45)
    return updated(sheet, hp=9, mp=11, san=58, san_max=94, damage_bonus="+1D4", notes="メモ\n二行目")


def test_ccfolia_round_trip_keeps_every_value_it_carries() -> None:
    sheet = _rich_sheet()
    kind, back = import_text(export_text(sheet, "ccfolia"))
    assert kind == "ccfolia"
    for field in ("name", "hp", "hp_max", "mp", "mp_max", "san", "san_max", "damage_bonus", "notes"):
        assert getattr(back, field) == getattr(sheet, field), field
    assert back.characteristics() == sheet.characteristics()
    assert {k: v.value for k, v in back.skills.items()} == {k: v.value for k, v in sheet.skills.items()}
    assert {k: v.base for k, v in back.skills.items()} == {k: v.base for k, v in sheet.skills.items()}


def test_yobigoe_round_trip_keeps_the_whole_sheet() -> None:
    sheet = _rich_sheet()
    kind, back = import_text(export_text(sheet, "yobigoe"))
    assert kind == "yobigoe" and back == sheet


def test_detection_and_refusals() -> None:
    assert detect_format(json.loads(_read("vampire_mina.json"))) == "vampire"
    assert detect_format(json.loads(_read("ccfolia_yuki.json"))) == "ccfolia"
    with pytest.raises(EngineError, match="JSON object"):
        import_document([1, 2])
    with pytest.raises(EngineError, match="version 9"):
        import_document({"format": "yobigoe-coc6", "version": 9, "sheet": {}})
    with pytest.raises(EngineError, match="Sheet field 'name' is missing."):
        import_document({"format": "yobigoe-coc6", "version": 1, "sheet": {}})


def test_chkb2_chkb6_a_ruleset_b_palette_rolls_capped_targets_and_secret_psychology() -> None:
    sheet = set_skill(set_skill(investigator(DEX=14), "目星", 90), "回避", 70)
    lines = export_sheet(sheet, "ccfolia", "coc6-b")["data"]["commands"].splitlines()
    assert "CCB<=80 【目星】" in lines  # CHK-B-2
    assert "CCB<=56 【回避】" in lines  # CHK-B-3: DEX×4
    assert "SCCB<=5 【心理学】" in lines  # CHK-B-6
    plain = export_sheet(sheet, "ccfolia")["data"]["commands"].splitlines()
    assert "CCB<=90 【目星】" in plain and "CCB<=5 【心理学】" in plain


def test_vampire_occupation_memo_and_weapons_are_kept() -> None:
    doc = json.loads(_read("vampire_mina.json")) | {
        "shuzoku": "私立探偵", "pc_making_memo": "兄を探している。",
        "arms_name": ["日本刀", "", "ダーツ"], "arms_hit": ["50", "", "40"], "arms_damage": ["1d10+db", "", "1D3+DB/2"],
        "arms_range": ["タッチ", "", "STR/2m"], "arms_attack_count": ["1", "", "1/2"],
    }  # fmt: skip
    _, sheet = import_document(doc)
    assert sheet.occupation == "私立探偵" and sheet.notes == "兄を探している。"
    assert [(w.name, w.hit, w.damage, w.range, w.uses) for w in sheet.weapons] == [
        ("日本刀", "50", "1D10+DB", "タッチ", 1),
        ("ダーツ", "40", "1D3+DB/2", "STR/2m", 1),
    ]
    assert sheet.skills["こぶし"].value == 50 and sheet.skills["キック"].value == 25  # every list skill


def test_cbt_b_8_ccfolia_export_writes_each_weapons_damage_and_reads_it_back() -> None:
    sheet = updated(investigator(), damage_bonus="+1D4", occupation="記者", notes="メモ",
                    weapons=[{"name": "日本刀", "damage": "1D10+DB", "impaling": True},
                             {"name": "石", "damage": "1D4+DB", "thrown": True},
                             {"name": "拳銃", "damage": "1D10"}])  # fmt: skip
    data = export_sheet(sheet, "ccfolia")["data"]
    lines = data["commands"].splitlines()
    assert lines[-3:] == ["1D10+1D4 【日本刀】", "1D4+(1D4/2) 【石】", "1D10 【拳銃】"]  # thrown: DB/2
    assert data["memo"] == "職業：記者\nメモ"
    _, back = import_text(export_text(sheet, "ccfolia"))
    assert [(w.name, w.damage, w.thrown) for w in back.weapons] == [
        ("日本刀", "1D10+DB", False), ("石", "1D4+DB", True), ("拳銃", "1D10", False),
    ]  # fmt: skip
    assert back.occupation == "記者" and back.notes == "メモ"
