"""SKL-A-1 and the rulebook's derived values: HP, MP, SAN, the damage bonus and the
formula bases follow the characteristics until the keeper types over them."""

from __future__ import annotations

from engine.coc6.sheet import CHARACTERISTICS, damage_bonus_for, new_investigator, set_characteristic, updated


def fresh():  # type: ignore[no-untyped-def]
    return new_investigator("ミナ", {c: 10 for c in CHARACTERISTICS})


def test_skl_a_1_derived_values_follow_the_characteristics() -> None:
    sheet = fresh()
    for field, value in (("STR", 13), ("SIZ", 13), ("CON", 9), ("DEX", 12), ("POW", 14), ("EDU", 16), ("INT", 15)):
        sheet = set_characteristic(sheet, field, value)
    assert sheet.damage_bonus == "+1D4"  # STR+SIZ 26
    assert (sheet.hp, sheet.hp_max) == (11, 11)  # (9+13)/2
    assert (sheet.mp, sheet.mp_max, sheet.san) == (14, 14, 70)
    assert sheet.skills["回避"].value == 24 and sheet.skills["母国語(日本語)"].value == 80
    assert (sheet.luck, sheet.idea, sheet.know) == (70, 75, 80)


def test_a_value_the_keeper_typed_over_stays() -> None:
    sheet = updated(fresh(), hp_max=15, hp=15, damage_bonus="+1D6", san=40)
    sheet = set_characteristic(sheet, "CON", 16)
    sheet = set_characteristic(sheet, "STR", 16)
    sheet = set_characteristic(sheet, "POW", 16)
    assert (sheet.hp_max, sheet.damage_bonus, sheet.san) == (15, "+1D6", 40)
    assert sheet.mp_max == 16  # MP had not been overridden


def test_a_wounded_investigator_keeps_current_hp_when_the_maximum_follows() -> None:
    sheet = updated(fresh(), hp=4)
    sheet = set_characteristic(sheet, "CON", 14)
    assert (sheet.hp, sheet.hp_max) == (4, 12)


def test_the_damage_bonus_table_of_the_rulebook() -> None:
    assert [damage_bonus_for(s, s) for s in (6, 8, 12, 13, 16, 20, 28, 36)] == [
        "-1D6", "-1D4", "0", "+1D4", "+1D4", "+1D6", "+2D6", "+3D6"
    ]  # fmt: skip
