"""The tracker dock's martial-arts row and its battle-board link, through the real
widgets: a feint and counters from the dock (refusals shown in the dock), placing
the combatants on the battle map, their hexes in the tracker and the current
actor's token lit on the battle page."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt

from app.battle.scene import BattleScene
from app.bridge import SessionBridge
from app.rulesets.coc6.tracker import TrackerPanel, tracker_of
from engine.hexbattle.commands import OpenBattle
from engine.hexbattle.maps import shipped_maps
from engine.hexbattle.slot import battle_of
from tests.engine.coc6.support import fact_details
from tests.engine.coc6.test_manoeuvres import combat

HEX = 4  # the tracker's "Hex" column


def dock(qtbot: object, seed: int, *, mina_ma: int = 70) -> tuple[SessionBridge, TrackerPanel]:
    bridge = SessionBridge(combat(seed, mina_ma=mina_ma), lang="ja")
    panel = TrackerPanel(bridge)
    qtbot.addWidget(panel)  # type: ignore[attr-defined]
    return bridge, panel


def click(qtbot: object, button: object) -> None:
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)  # type: ignore[attr-defined]


def facts(bridge: SessionBridge, kind: str) -> list[dict[str, Any]]:
    return fact_details(bridge.session.done[-1].events, kind)


def test_cbt_b7_a_feint_from_the_dock_is_stopped_by_a_free_ma_parry(qtbot: object) -> None:
    bridge, panel = dock(qtbot, seed=3)
    bars = panel.manoeuvres
    assert not bars.buttons["feint"].isHidden() and not bars.ma_parry.isHidden()  # ruleset B shows the row
    panel.target.setCurrentText("教団員")
    bars.ma_parry.setChecked(True)
    click(qtbot, bars.buttons["feint"])  # ミナ, the current actor, feints at 教団員
    assert panel.message.text() == ""
    assert facts(bridge, "feint_stopped") == [{"name": "教団員", "attacker": "ミナ"}]
    tracker = tracker_of(bridge.state)
    assert tracker is not None and tracker.get("ミナ").ap_left == 1 and tracker.get("教団員").ap_left == 3
    assert panel.table.item(0, 2).text() == "1 AP"


def test_cbt_b6_a_feint_without_the_skills_is_refused_in_the_dock(qtbot: object) -> None:
    bridge, panel = dock(qtbot, seed=3, mina_ma=55)
    panel.target.setCurrentText("教団員")
    before = bridge.state
    click(qtbot, panel.manoeuvres.buttons["feint"])
    assert (
        panel.message.text()
        == "武道の特殊攻撃には、攻撃に使う技能値がすべて60以上必要です（マーシャルアーツ 55、こぶし 75）。"
    )
    assert bridge.state == before


def test_cbt_b7_counter_b_from_the_dock_ends_the_counterers_round(qtbot: object) -> None:
    bridge, panel = dock(qtbot, seed=1)
    panel.target.setCurrentText("教団員")  # 教団員 counters the attack of ミナ (the current actor)
    click(qtbot, panel.manoeuvres.buttons["counter_b"])
    assert facts(bridge, "counter_b")[0]["name"] == "教団員"
    row = [panel.table.item(r, 0).text() for r in range(3)].index("教団員")
    assert panel.table.item(row, 2).text() == "0 AP"
    click(qtbot, panel.manoeuvres.buttons["counter_b"])
    assert panel.message.text() == "教団員 は B カウンターの後、このラウンドは行動できません。"


def test_cbt_b7_counter_a_from_the_dock_rolls_the_parry_at_minus_10(qtbot: object) -> None:
    bridge, panel = dock(qtbot, seed=9)
    panel.target.setCurrentText("教団員")
    click(qtbot, panel.manoeuvres.buttons["counter_a"])
    first = facts(bridge, "check")[0]
    assert (first["actor"], first["modifier"], first["target"]) == ("教団員", -10, 55)


def test_placing_the_combatants_shows_their_hexes_and_lights_the_actor_on_the_battle_page(qtbot: object) -> None:
    bridge, panel = dock(qtbot, seed=1)
    first, second = list(shipped_maps())[:2]
    assert bridge.dispatch(OpenBattle(map1=first, map2=second))
    scene = BattleScene(bridge)
    assert [panel.table.item(r, HEX).text() for r in range(3)] == ["—", "—", "—"]
    click(qtbot, panel.manoeuvres.buttons["place"])
    battle = battle_of(bridge.state)
    assert battle is not None and set(battle.tokens) == {"ミナ", "教団員", "ケン"}
    for row in range(3):
        name = panel.table.item(row, 0).text().removeprefix("▶ ")
        assert panel.table.item(row, HEX).text() == str(battle.tokens[name].at)
    assert set(scene.token_items) == {"ミナ", "教団員", "ケン"}
    assert [n for n, item in scene.token_items.items() if item.acting] == ["ミナ"]
    click(qtbot, panel.buttons["next"])
    assert [n for n, item in scene.token_items.items() if item.acting] == ["教団員"]


def test_starting_a_combat_while_a_battle_map_is_open_places_the_combatants(qtbot: object) -> None:
    session = combat(seed=1)
    session.dispatch({"type": "coc_end_combat"})
    bridge = SessionBridge(session, lang="ja")
    panel = TrackerPanel(bridge)
    qtbot.addWidget(panel)  # type: ignore[attr-defined]
    first, second = list(shipped_maps())[:2]
    assert bridge.dispatch(OpenBattle(map1=first, map2=second))
    click(qtbot, panel.buttons["start"])
    battle = battle_of(bridge.state)
    assert battle is not None and {t.label for t in battle.tokens.values()} == {"ミナ", "教団員", "ケン"}
    assert all(panel.table.item(row, HEX).text() != "—" for row in range(3))
    bridge.undo()  # placing is its own step: the combat stays, the tokens go
    assert tracker_of(bridge.state) is not None and battle_of(bridge.state).tokens == {}  # type: ignore[union-attr]


def test_a_second_combat_with_every_token_on_the_map_starts_without_a_false_error(qtbot: object) -> None:
    session = combat(seed=1)
    session.dispatch({"type": "coc_end_combat"})
    bridge = SessionBridge(session, lang="ja")
    panel = TrackerPanel(bridge)
    qtbot.addWidget(panel)  # type: ignore[attr-defined]
    first, second = list(shipped_maps())[:2]
    assert bridge.dispatch(OpenBattle(map1=first, map2=second))
    click(qtbot, panel.buttons["start"])  # the first combat on this map places the tokens
    click(qtbot, panel.buttons["end"])
    steps = len(bridge.session.done)
    click(qtbot, panel.buttons["start"])  # the tokens are all there still
    assert tracker_of(bridge.state) is not None
    assert panel.message.text() == ""  # no red 「全員すでに戦闘マップにコマがあります」
    assert len(bridge.session.done) == steps + 1  # the start alone: nothing to place


def test_cbt_b7_counter_a_from_the_dock_against_an_ma_attack_parries_with_the_chosen_skill_at_minus_20(
    qtbot: object,
) -> None:
    bridge, panel = dock(qtbot, seed=9)
    bars = panel.manoeuvres
    assert not bars.attacked_with_ma.isHidden() and not bars.counter_parry.isHidden()
    panel.target.setCurrentText("教団員")  # the counterer: its own skills, マーシャルアーツ first
    parry_skills = [bars.counter_parry.itemText(i) for i in range(bars.counter_parry.count())]
    assert parry_skills[:2] == ["マーシャルアーツ 65", "こぶし 60"]
    assert bars.counter_parry.currentData() == "マーシャルアーツ"
    bars.counter_parry.setCurrentIndex(bars.counter_parry.findData("こぶし"))
    bars.attacked_with_ma.setChecked(True)
    click(qtbot, bars.buttons["counter_a"])
    assert panel.message.text() == ""
    first = facts(bridge, "check")[0]
    assert (first["actor"], first["what"], first["modifier"], first["target"]) == (
        "教団員",
        "こぶし",
        -20,
        40,
    )  # こぶし 60 − 20
    assert facts(bridge, "counter_a")[0]["own_parry_modifier"] == -20


def test_the_counter_parry_list_follows_the_target_and_keeps_the_choice(qtbot: object) -> None:
    _bridge, panel = dock(qtbot, seed=9)
    bars = panel.manoeuvres
    panel.target.setCurrentText("教団員")
    bars.counter_parry.setCurrentIndex(bars.counter_parry.findData("こぶし"))
    panel.target.setCurrentText("ケン")
    assert bars.counter_parry.currentText() == "こぶし 50"  # ケン's own こぶし
    assert bars.counter_parry.itemText(0) == "マーシャルアーツ 30"
