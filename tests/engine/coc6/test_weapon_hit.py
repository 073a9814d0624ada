"""An imported weapon that brings its own hit value (保管所 ``arms_hit``: 日本刀 50) but no
skill of that name on the sheet is rolled at that value in the attack flow; the skill
the keeper names still wins, and a weapon with neither is refused with nothing changed."""

from __future__ import annotations

import pytest

from engine.coc6.check_events import CocChecked, CocGrowthMarked
from engine.coc6.sheet import CocSheet, Weapon
from engine.errors import EngineError
from tests.engine.coc6.keeper_table import ken, sheet_of, table, tracker

IMPORTED = Weapon(name="日本刀", hit="50", damage="1D10+DB", impaling=True)  # no 日本刀 skill on the sheet


def ronin(weapon: Weapon = IMPORTED) -> CocSheet:
    return sheet_of("浪人", {"こぶし": 60, "回避": 30}, weapons=(weapon,))


@pytest.mark.parametrize("ruleset", ["coc6-a", "coc6-b"])
def test_a_weapon_without_its_skill_on_the_sheet_is_rolled_at_its_own_hit_value(ruleset: str) -> None:
    session = table(3, ruleset, ronin(), ken())
    session.dispatch({"type": "coc_attack", "name": "浪人", "target": "ケン", "weapon": "日本刀", "dice": [45]})
    check = next(e for e in session.done[-1].events if isinstance(e, CocChecked)).result
    assert (check.what, check.target, check.roll, check.success) == ("日本刀", 50, 45, True)
    waiting = tracker(session).attack
    assert waiting is not None and waiting.weapon.name == "日本刀" and waiting.target == "ケン"
    assert not any(isinstance(e, CocGrowthMarked) for e in session.done[-1].events)  # no skill to grow


def test_a_roll_above_the_weapons_hit_value_misses() -> None:
    session = table(3, "coc6-b", ronin(), ken())
    session.dispatch({"type": "coc_attack", "name": "浪人", "target": "ケン", "weapon": "日本刀", "dice": [51]})
    check = next(e for e in session.done[-1].events if isinstance(e, CocChecked)).result
    assert check.target == 50 and not check.success and tracker(session).attack is None


def test_the_skill_the_keeper_names_wins_over_the_weapons_hit_value() -> None:
    session = table(3, "coc6-b", ronin(), ken())
    session.dispatch({"type": "coc_attack", "name": "浪人", "target": "ケン", "weapon": "日本刀", "skill": "こぶし",
                      "dice": [55]})  # fmt: skip
    check = next(e for e in session.done[-1].events if isinstance(e, CocChecked)).result
    assert (check.what, check.target) == ("こぶし", 60)


def test_a_weapon_with_neither_its_skill_nor_a_hit_value_is_refused_with_nothing_changed() -> None:
    session = table(3, "coc6-b", ronin(IMPORTED.model_copy(update={"hit": ""})), ken())
    before, steps = session.state, len(session.done)
    with pytest.raises(EngineError) as refusal:
        session.dispatch({"type": "coc_attack", "name": "浪人", "target": "ケン", "weapon": "日本刀"})
    assert refusal.value.text("ja") == "浪人 には技能「日本刀」がありません。"
    assert session.state == before and len(session.done) == steps
