"""The investigator sheet: characteristics, derived values, skills as data (SKL-A-1)."""

from __future__ import annotations

import pytest

from engine.coc6.sheet import (
    add_skill,
    damage_bonus_for,
    make_sheet,
    new_investigator,
    remove_skill,
    roll_target,
    set_characteristic,
    set_skill,
    updated,
)
from engine.coc6.skills import base_value, categories_of, skill_list
from engine.errors import EngineError
from tests.engine.coc6.support import CHARS, investigator


def test_skla1_native_language_is_edu_times_5_and_dodge_dex_times_2() -> None:
    sheet = investigator(EDU=16, DEX=14)
    assert sheet.skills["母国語(日本語)"].value == 80
    assert sheet.skills["回避"].value == 28
    assert sheet.skills["回避"].at_base


def test_skla1_base_values_and_categories_come_from_the_seed_list() -> None:
    sheet = investigator()
    assert sheet.skills["信用"].value == 15
    assert sheet.skills["登攀"].value == 40
    assert sheet.skills["クトゥルフ神話"].value == 0
    assert set(categories_of("芸術")) == {"communication", "operation", "perception", "motion", "thought"}
    assert categories_of("ショットガン") == ("operation", "motion")
    assert categories_of("図書館") == ("thought",)
    seed_skills = [s.name for s in skill_list() if s.source == "seed"]
    assert len(seed_skills) == 52


def test_skla1_specialty_skills_take_their_family_base_and_aliases_are_known() -> None:
    assert base_value("運転(自動車)", CHARS) == 20
    assert base_value("制作(料理)", CHARS) == 5  # the seed's 制作 is the rulebook's 製作
    assert base_value("物地学", CHARS) == 1
    sheet = add_skill(investigator(), "芸術(絵画)")
    assert sheet.skills["芸術(絵画)"].value == 5


def test_skla1_dex_change_moves_dodge_base_and_keeps_the_points_spent() -> None:
    sheet = set_skill(investigator(DEX=14), "回避", 40)  # 28 base + 12 points
    sheet = set_characteristic(sheet, "DEX", 16)
    assert sheet.skills["回避"].base == 32
    assert sheet.skills["回避"].value == 44


def test_derived_values_luck_idea_know_hp_mp_san_and_damage_bonus() -> None:
    sheet = investigator()
    assert (sheet.luck, sheet.idea, sheet.know) == (65, 75, 80)
    assert (sheet.hp, sheet.hp_max) == (13, 13)  # (12 + 13) / 2 rounded up
    assert (sheet.mp, sheet.san) == (13, 65)
    assert sheet.damage_bonus == "0"
    assert damage_bonus_for(6, 6) == "-1D6"
    assert damage_bonus_for(8, 8) == "-1D4"
    assert damage_bonus_for(16, 16) == "+1D4"
    assert damage_bonus_for(18, 18) == "+1D6"
    assert damage_bonus_for(28, 28) == "+2D6"
    assert damage_bonus_for(36, 36) == "+3D6"
    assert damage_bonus_for(40, 40) == "+4D6"


def test_free_skills_are_added_by_name_and_removed() -> None:
    sheet = add_skill(investigator(), "ギター演奏", 45)
    assert sheet.skills["ギター演奏"].added
    assert roll_target(sheet, "ギター演奏") == 45
    sheet = remove_skill(sheet, "ギター演奏")
    assert "ギター演奏" not in sheet.skills


def test_roll_targets_of_characteristics_and_derived_rolls() -> None:
    sheet = investigator()
    assert roll_target(sheet, "DEX×5") == 70
    assert roll_target(sheet, "APP*5") == 55
    assert roll_target(sheet, "アイデア") == 75
    assert roll_target(sheet, "SAN") == 65


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"hp": 99}, "HP 99 is above the maximum 13."),
        ({"san": 99, "san_max": 80}, "SAN 99 is above the maximum 80."),
        ({"damage_bonus": "1D4"}, "Damage bonus '1D4' is not 0 or a signed roll such as +1D4."),
        ({"STR": 0}, "Sheet field 'STR' must be at least 1 (got 0)."),
        ({"STR": "強い"}, "Sheet field 'STR' must be a whole number (got '強い')."),
        ({"EDU": 120}, "Sheet field 'EDU' must be at most 99 (got 120)."),
        ({"name": ""}, "Sheet field 'name' must not be empty."),
        ({"skills": {"目星": {"value": -5}}}, "Sheet field 'skills.目星.value' must be at least 0 (got -5)."),
        ({"favourite": "猫"}, "Sheet field 'favourite' is unknown."),
    ],
)
def test_invalid_values_are_refused_with_a_message_naming_the_field(change: dict, message: str) -> None:
    sheet = investigator()
    with pytest.raises(EngineError) as info:
        updated(sheet, **change)
    assert message in str(info.value)
    assert sheet.hp == 13  # the original is untouched


def test_invalid_sheet_messages_have_japanese_texts() -> None:
    with pytest.raises(EngineError) as info:
        make_sheet({**investigator().model_dump(), "hp": 50})
    assert info.value.text("ja") == "HP 50 が最大値 13 を超えています。"
    with pytest.raises(EngineError) as typed_badly:
        updated(investigator(), DEX="速い")
    assert typed_badly.value.text("ja") == "シートの項目「DEX」は整数で入力してください（'速い'）。"
    with pytest.raises(EngineError) as missing:
        new_investigator("X", {"STR": 10})
    assert "CON" in missing.value.text("ja")


def test_duplicate_and_unknown_skills_are_refused() -> None:
    with pytest.raises(EngineError, match="already has the skill '目星'"):
        add_skill(investigator(), "目星")
    with pytest.raises(EngineError, match="has no skill 'ギター'"):
        set_skill(investigator(), "ギター", 10)
