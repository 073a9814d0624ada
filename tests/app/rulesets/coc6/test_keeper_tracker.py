"""The keeper's combat from the tracker and pool docks, through the real widgets: the ▶ actor acts, the
target is chosen apart, one attack flow (attack → defence → damage → HP), the HP column with the death
countdown, no turns for the downed, delay, the condition buttons, the pool's plus chip, the caps option."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt

from app.bridge import SessionBridge
from app.dialogs.new_session import NewSessionDialog
from app.rulesets.coc6.pool import PoolPanel
from app.rulesets.coc6.tracker import TrackerPanel, tracker_of
from engine.coc6.combat_events import CocAttackDamaged
from engine.coc6.tracker import CombatTracker
from engine.core.session import Session
from tests.engine.coc6.keeper_table import cultist, ken, mina, table

HP = 5  # the order table's HP column


def dock(qtbot: Any, session: Session) -> tuple[SessionBridge, TrackerPanel]:
    bridge = SessionBridge(session, lang="ja")
    panel = TrackerPanel(bridge)
    qtbot.addWidget(panel)
    return bridge, panel


def click(qtbot: Any, button: Any) -> None:
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)


def running(bridge: SessionBridge) -> CombatTracker:
    tracker = tracker_of(bridge.state)
    assert tracker is not None
    return tracker


def row(panel: TrackerPanel, name: str) -> int:
    names = [panel.table.item(r, 0).text().removeprefix("▶ ") for r in range(panel.table.rowCount())]
    return names.index(name)


def test_a_row_clicked_earlier_never_makes_another_combatant_attack(qtbot: Any) -> None:
    bridge, panel = dock(qtbot, table(1, "coc6-b", mina(), cultist()))
    panel.table.selectRow(row(panel, "教団員"))  # clicked, e.g. to look at it
    assert panel.target.currentText() == "教団員"  # the target defaults to someone else than the actor
    click(qtbot, panel.buttons["attack"])
    assert running(bridge).get("ミナ").ap_left == 1 and running(bridge).get("教団員").ap_left == 3


def test_chk_b5_one_attack_flow_from_the_dock_attack_defence_damage_hp(qtbot: Any) -> None:
    bridge, panel = dock(qtbot, table(3, "coc6-b", mina(), cultist()))  # 日本刀 12/70: a special
    panel.weapon.setCurrentIndex(panel.weapon.findData("日本刀"))
    panel.target.setCurrentText("教団員")
    assert not panel.buttons["dodge"].isEnabled()  # no attack waits yet
    click(qtbot, panel.buttons["attack"])
    assert panel.buttons["dodge"].isEnabled() and "教団員" in panel.round_label.text()
    click(qtbot, panel.buttons["no_defence"])
    assert panel.buttons["roll_damage"].isEnabled() and not panel.buttons["dodge"].isEnabled()
    panel.armour.setValue(2)
    click(qtbot, panel.buttons["roll_damage"])
    dealt = next(e for e in bridge.session.done[-1].events if isinstance(e, CocAttackDamaged)).damage
    assert dealt.impale and dealt.armour == 2
    assert running(bridge).get("教団員").hp == 12 - dealt.total
    assert panel.table.item(row(panel, "教団員"), HP).text().startswith(f"{12 - dealt.total}/12")


def test_chk_b5_a_critical_refuses_the_dodge_in_the_dock_until_the_gm_gives_a_reason(qtbot: Any) -> None:
    bridge, panel = dock(qtbot, table(16, "coc6-b", mina(), cultist()))  # 日本刀 2/70: a critical
    panel.weapon.setCurrentIndex(panel.weapon.findData("日本刀"))
    click(qtbot, panel.buttons["attack"])
    before = bridge.state
    click(qtbot, panel.buttons["dodge"])
    assert "必中" in panel.message.text() and bridge.state == before
    panel.override.setText("足場が崩れた")
    click(qtbot, panel.buttons["dodge"])
    assert panel.message.text() == "" and "キーパー裁定：足場が崩れた" in panel.result.text()


def test_hp_b1_the_hp_column_shows_the_countdown_and_the_dying_get_no_turn(qtbot: Any) -> None:
    bridge, panel = dock(qtbot, table(3, "coc6-b", mina(), cultist(), ken()))
    panel.target.setCurrentText("教団員")
    panel.amount.setValue(12)
    click(qtbot, panel.buttons["damage"])
    assert panel.table.item(row(panel, "教団員"), 1).text() == "瀕死"
    assert panel.table.item(row(panel, "教団員"), HP).text() == "0/12 dies end of R3"
    click(qtbot, panel.buttons["next"])
    assert running(bridge).actor == "ケン"  # 教団員 is passed over
    assert panel.table.item(row(panel, "ケン"), 0).text() == "▶ ケン"


def test_hp_b1_a_running_countdown_comes_back_in_the_next_combat(qtbot: Any) -> None:
    bridge, panel = dock(qtbot, table(3, "coc6-b", mina(), cultist(), ken()))
    panel.target.setCurrentText("ケン")
    panel.amount.setValue(12)
    click(qtbot, panel.buttons["damage"])
    click(qtbot, panel.buttons["end"])
    click(qtbot, panel.buttons["start"])
    assert panel.table.item(row(panel, "ケン"), 1).text() == "瀕死"
    assert panel.table.item(row(panel, "ケン"), HP).text() == "0/12 dies end of R3"


def test_cbt_b1_delay_moves_the_actor_after_the_next_one(qtbot: Any) -> None:
    bridge, panel = dock(qtbot, table(3, "coc6-b", mina(), cultist(), ken()))
    click(qtbot, panel.buttons["delay"])
    assert [panel.table.item(r, 0).text() for r in range(3)] == ["▶ 教団員", "ミナ", "ケン"]
    assert "ディレイ" in panel.result.text()


def test_flee_and_the_condition_buttons_act_on_the_actor_and_the_target(qtbot: Any) -> None:
    bridge, panel = dock(qtbot, table(5, "coc6-b", mina(), cultist(), ken()))
    click(qtbot, panel.buttons["flee"])
    assert running(bridge).get("ミナ").ap_left == 0
    panel.target.setCurrentText("ケン")
    click(qtbot, panel.buttons["prone"])
    assert "転倒" in panel.table.item(row(panel, "ケン"), 3).text()
    click(qtbot, panel.buttons["tear_gas"])
    assert "催涙ガス" in panel.table.item(row(panel, "ケン"), 3).text()
    panel.surprise_kind.setCurrentIndex(panel.surprise_kind.findData("flank"))
    click(qtbot, panel.buttons["surprise"])
    assert running(bridge).get("ケン").surprised == "flank" and "[CND-B-3]" in panel.result.text()
    panel.fire_source.setCurrentIndex(panel.fire_source.findData("ranged"))
    click(qtbot, panel.buttons["burning"])
    assert "幸運/2" in "\n".join(e.describe("ja") for e in bridge.session.done[-1].events)


def test_the_counter_a_parry_defaults_to_a_parry_skill(qtbot: Any) -> None:
    bridge, panel = dock(qtbot, table(3, "coc6-b", mina(), cultist()))
    panel.target.setCurrentText("教団員")
    assert panel.manoeuvres.counter_parry.currentData() == "日本刀"  # its weapon, not the first skill listed


def test_the_order_shows_six_rows_in_a_1280_by_720_window(qtbot: Any, tmp_path: Any) -> None:
    from tests.app.window.test_card_table import window_for

    window = window_for(qtbot, tmp_path, "coc6-b")
    window.resize(1280, 720)
    qtbot.wait(50)
    panel = window.findChild(TrackerPanel)
    assert panel is not None and panel.isVisible()
    rows = panel.table.verticalHeader().defaultSectionSize()
    assert panel.table.viewport().height() >= 6 * rows
    assert panel.controls.isVisible()  # the buttons stay reachable under the order


def test_chk_a3_the_pool_dock_spends_a_plus_chip_on_an_investigators_next_check(qtbot: Any) -> None:
    session = table(3, "coc6-a", mina(), ken(), combat=False)
    session.dispatch({"type": "coc_add_chip", "chip": 10})
    bridge = SessionBridge(session, lang="ja")
    panel = PoolPanel(bridge)
    qtbot.addWidget(panel)
    panel.spender.setCurrentIndex(panel.spender.findData("ケン"))
    click(qtbot, panel.spend_button)
    assert [label.text() for label in panel.chip_labels()] == []
    assert "ケン" in panel.reserved.text() and "+10" in panel.reserved.text()
    bridge.dispatch({"type": "coc_check", "character": "ケン", "what": "回避"})
    assert panel.reserved.text() == ""


def test_chk_b2_the_new_session_dialog_offers_the_cap_order_for_ruleset_b(qtbot: Any) -> None:
    dialog = NewSessionDialog("ja")
    qtbot.addWidget(dialog)
    box = dialog.rule_options["cap_before_modifiers"]
    dialog.ruleset.setCurrentIndex(dialog.ruleset.findData("coc6-a"))
    assert box.isHidden()
    dialog.ruleset.setCurrentIndex(dialog.ruleset.findData("coc6-b"))
    assert not box.isHidden()
    box.setChecked(True)
    assert dialog.command().options == {"cap_before_modifiers": True}


def test_chk_a4_the_san_dialog_asks_the_keeper_on_a_san_100(qtbot: Any, monkeypatch: Any) -> None:
    from app.rulesets.coc6 import checks as coc_checks
    from app.rulesets.coc6.sanity import CocSanCheckDialog
    from tests.engine.coc6.keeper_table import coc

    asked: list[tuple[str, str]] = []

    def answer(_parent: object, what: str, level: str) -> str:
        asked.append((what, level))
        return "pool"

    monkeypatch.setattr(coc_checks, "ask_special_or_pool", answer)
    bridge = SessionBridge(table(204, "coc6-a", mina(), ken(), combat=False), lang="ja")  # SAN 100
    dialog = CocSanCheckDialog(bridge)
    qtbot.addWidget(dialog)
    dialog.who.setCurrentIndex(dialog.who.findText("ミナ"))
    dialog.success_loss.setText("1")
    dialog.failure_loss.setText("1D10")
    assert dialog.submit()
    assert asked == [("SAN", "fumble")]
    assert coc(bridge.session).pending is None and coc(bridge.session).pool.chips == (-20,)


def test_cbt_b2_an_unseen_attack_is_parried_only_by_an_instant_declaration_from_the_dock(qtbot: Any) -> None:
    bridge, panel = dock(qtbot, table(7, "coc6-b", mina(), cultist()))  # 日本刀 29/70: a hit
    panel.unseen.setChecked(True)
    click(qtbot, panel.buttons["attack"])
    before = bridge.state
    click(qtbot, panel.buttons["parry"])
    assert "即時宣言" in panel.message.text() and bridge.state == before
    panel.instant.setChecked(True)
    click(qtbot, panel.buttons["parry"])  # 教団員's 日本刀 50: an instant parry is allowed
    assert panel.message.text() == "" and "[CBT-B-2]" in panel.result.text()


def test_no_chips_is_not_drawn_behind_the_chips(qtbot: Any) -> None:
    bridge = SessionBridge(table(3, "coc6-a", mina(), ken(), combat=False), lang="ja")
    panel = PoolPanel(bridge)
    qtbot.addWidget(panel)
    panel.show()
    assert panel.empty.isVisible()
    click(qtbot, panel.add_buttons[10])
    assert not panel.empty.isVisible() and [label.text() for label in panel.chip_labels()] == ["+10"]


def test_an_imported_weapon_without_its_skill_attacks_at_its_own_hit_value_from_the_dock(qtbot: Any) -> None:
    """保管所 arms: 日本刀 with 命中 50 and no 日本刀 skill — the dock's 攻撃 rolls it at 50, no refusal."""
    from engine.coc6.check_events import CocChecked
    from engine.coc6.sheet import Weapon
    from tests.engine.coc6.keeper_table import sheet_of

    katana = Weapon(name="日本刀", hit="50", damage="1D10+DB", impaling=True)
    ronin = sheet_of("浪人", {"こぶし": 60, "回避": 30}, weapons=(katana,), DEX=16)
    bridge, panel = dock(qtbot, table(3, "coc6-b", ronin, ken()))
    assert running(bridge).actor == "浪人"
    panel.weapon.setCurrentIndex(panel.weapon.findData("日本刀"))
    panel.target.setCurrentText("ケン")
    click(qtbot, panel.buttons["attack"])
    assert panel.message.text() == ""
    check = next(e for e in bridge.session.done[-1].events if isinstance(e, CocChecked)).result
    assert (check.what, check.target) == ("日本刀", 50)


def test_skl_b1_an_aimed_blow_typed_in_the_dock_is_allowed_once_and_only_subtracts(qtbot: Any) -> None:
    from engine.coc6.check_events import CocChecked

    bridge, panel = dock(qtbot, table(7, "coc6-b", mina(), cultist()))
    panel.weapon.setCurrentIndex(panel.weapon.findData("日本刀"))
    panel.target.setCurrentText("教団員")
    panel.aimed.insert("腕")  # typed by an input method (QTest types ASCII only)
    panel.aimed_modifier.setValue(-20)
    click(qtbot, panel.buttons["attack"])
    rolled = next(e for e in bridge.session.done[-1].events if isinstance(e, CocChecked))
    assert rolled.result.target == 70 - 20  # 日本刀 70 with the aimed blow's −20
    assert any("腕を狙う" in e.describe("ja") and "SKL-B-1" in e.describe("ja") for e in bridge.session.done[-1].events)
    assert panel.aimed.text() == ""  # allowed for that blow only


def test_skl_b1_the_aimed_blow_field_is_ruleset_b_only(qtbot: Any) -> None:
    _bridge, panel = dock(qtbot, table(7, "coc6-a", mina(), cultist()))
    panel.show()
    assert panel.aimed.isHidden() and panel.aimed_modifier.isHidden()
