"""The tracker dock's last engine commands, through the real buttons: the GM's
order (▲/▼, ties as the GM sets), grapple rolls (CBT-B-5), salto and tackle
(CBT-B-7) and ruleset A's flee and cover rolls (CBT-A-1) — each asserting what
the dock shows after, and a refusal shown in the dock with the state kept."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt

from app.bridge import SessionBridge
from app.rulesets.coc6.tracker import TrackerPanel, tracker_of
from engine.core.session import Session
from tests.engine.coc6.support import fact_details
from tests.engine.coc6.test_commands import party
from tests.engine.coc6.test_manoeuvres import combat

CONDITIONS = 3  # the tracker's "Conditions" column


def dock(qtbot: object, session: Session) -> tuple[SessionBridge, TrackerPanel]:
    bridge = SessionBridge(session, lang="ja")
    panel = TrackerPanel(bridge)
    qtbot.addWidget(panel)  # type: ignore[attr-defined]
    return bridge, panel


def click(qtbot: object, button: object) -> None:
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)  # type: ignore[attr-defined]


def facts(bridge: SessionBridge, kind: str) -> list[dict[str, Any]]:
    return fact_details(bridge.session.done[-1].events, kind)


def names(panel: TrackerPanel) -> list[str]:
    return [panel.table.item(row, 0).text().removeprefix("▶ ") for row in range(panel.table.rowCount())]


def row_of(panel: TrackerPanel, name: str) -> int:
    return names(panel).index(name)


def test_the_gm_moves_a_combatant_up_the_order_and_the_top_is_refused_in_the_dock(qtbot: object) -> None:
    bridge, panel = dock(qtbot, combat(seed=1))
    assert names(panel) == ["ミナ", "教団員", "ケン"]  # by DEX: 14, 12, 10
    panel.table.selectRow(2)
    click(qtbot, panel.move_up)
    assert names(panel) == ["ミナ", "ケン", "教団員"] and panel.message.text() == ""
    tracker = tracker_of(bridge.state)
    assert tracker is not None and tracker.order == ("ミナ", "ケン", "教団員")
    assert panel.result.text() == "行動順を変更：ミナ、ケン、教団員"  # the log's line
    click(qtbot, panel.move_up)  # the selection followed ケン: one more place up
    assert names(panel) == ["ケン", "ミナ", "教団員"]
    assert panel.table.item(0, 0).text() == "▶ ケン"  # a new order: the turn goes back to the top
    before = bridge.state
    click(qtbot, panel.move_up)
    assert panel.message.text() == "ケン is already first." and bridge.state == before
    panel.table.selectRow(2)
    click(qtbot, panel.move_down)
    assert panel.message.text() == "教団員 is already last." and bridge.state == before
    click(qtbot, panel.move_up)
    assert names(panel) == ["ケン", "教団員", "ミナ"]
    assert panel.result.text() == "行動順を変更：ケン、教団員、ミナ"
    bridge.undo()
    assert names(panel) == ["ケン", "ミナ", "教団員"] and panel.result.text() == ""  # no stale line after an undo


def test_cbt_b_5_grapple_from_the_dock_the_second_success_deals_damage(qtbot: object) -> None:
    session = party("coc6-b", ("組員", {}, {"組み付き": 90}, True), ("ミナ", {}, {}, False), seed=3)
    session.dispatch({"type": "coc_start_combat", "characters": ["組員", "ミナ"]})
    bridge, panel = dock(qtbot, session)
    bars = panel.manoeuvres
    assert not bars.buttons["grapple"].isHidden() and not bars.held_grapple.isHidden()
    assert tracker_of(bridge.state).actor == "組員"  # type: ignore[union-attr]
    click(qtbot, bars.buttons["grapple"])
    first = facts(bridge, "grapple")
    assert first and first[0]["success"] is True and first[0]["deals_damage"] is False
    assert panel.table.item(row_of(panel, "組員"), 2).text() == "1 AP"
    assert "まだダメージなし" in panel.result.text()
    before = bridge.state
    click(qtbot, bars.buttons["grapple"])  # another paid roll: the points are gone
    assert panel.message.text() == "行動ポイントが 2 必要ですが、残りは 1 です。" and bridge.state == before
    bars.held_grapple.setChecked(True)
    click(qtbot, bars.buttons["grapple"])  # the held grapple's roll, free
    second = facts(bridge, "grapple")
    assert second[0]["success"] is True and second[0]["deals_damage"] is True
    assert panel.message.text() == "" and "ダメージを与える" in panel.result.text()
    assert panel.table.item(row_of(panel, "組員"), 2).text() == "1 AP"


def test_cbt_b_7_a_salto_from_the_dock_throws_the_target_down(qtbot: object) -> None:
    bridge, panel = dock(qtbot, combat(seed=1))
    panel.target.setCurrentText("教団員")
    click(qtbot, panel.manoeuvres.buttons["salto"])  # ミナ (MA 70), the current actor
    assert panel.message.text() == ""
    tracker = tracker_of(bridge.state)
    assert tracker is not None and tracker.get("教団員").has("prone")
    assert "転倒" in panel.table.item(row_of(panel, "教団員"), CONDITIONS).text()


def test_cbt_b_6_a_salto_or_tackle_below_martial_arts_60_is_refused_in_the_dock(qtbot: object) -> None:
    bridge, panel = dock(qtbot, combat(seed=1, mina_ma=59))
    panel.target.setCurrentText("教団員")
    before = bridge.state
    click(qtbot, panel.manoeuvres.buttons["salto"])
    assert panel.message.text() == "武道の特殊攻撃には、攻撃に使う技能値がすべて60以上必要です（マーシャルアーツ 59）。"
    assert bridge.state == before and panel.table.item(row_of(panel, "教団員"), CONDITIONS).text() == ""
    click(qtbot, panel.buttons["next"])
    click(qtbot, panel.buttons["next"])  # ケン's turn: MA 30
    before = bridge.state
    panel.target.setCurrentText("教団員")
    click(qtbot, panel.manoeuvres.buttons["tackle"])
    assert panel.message.text().endswith("（マーシャルアーツ 30）。") and bridge.state == before


def test_cbt_b_7_a_tackle_from_the_dock_rolls_the_targets_dex_and_con(qtbot: object) -> None:
    bridge, panel = dock(qtbot, combat(seed=1))
    click(qtbot, panel.buttons["next"])  # 教団員's turn: MA 65 tackles ケン
    panel.target.setCurrentText("ケン")
    click(qtbot, panel.manoeuvres.buttons["tackle"])
    tackled = facts(bridge, "tackle")
    assert len(tackled) == 1 and tackled[0]["target"] == "ケン" and panel.message.text() == ""
    shown = panel.table.item(row_of(panel, "ケン"), CONDITIONS).text()
    assert ("転倒" in shown) == tackled[0]["prone"] and ("ショック" in shown) == tackled[0]["shock"]
    t = tackled[0]
    assert panel.result.text().startswith(
        f"ケン：DEX {t['dex_roll']}/{t['dex_target']}、CON {t['con_roll']}/{t['con_target']}"
    )


def test_cbt_a_1_flee_and_cover_rolls_from_the_a_dock_with_the_enemy_dex(qtbot: object) -> None:
    session = party("coc6-a", ("ミナ", {"DEX": 14}, {}, False), ("教団員", {"DEX": 12}, {}, True), seed=4)
    session.dispatch({"type": "coc_start_combat", "characters": ["ミナ", "教団員"]})
    bridge, panel = dock(qtbot, session)
    bar = panel.contest
    assert not bar.isHidden() and panel.manoeuvres.buttons["grapple"].isHidden()  # A: contest row, no B row
    before = bridge.state
    click(qtbot, bar.flee)  # no enemy DEX yet
    assert panel.message.text() == "Type the enemy's DEX first." and bridge.state == before
    bar.enemy_dex.setValue(12)
    click(qtbot, bar.flee)  # ミナ, the current actor: DEX×5 = 70 beats the contest's 60
    flee = facts(bridge, "contest")
    assert flee[0]["name"] == "ミナ" and flee[0]["kind"] == "flee" and flee[0]["target"] == 70
    assert panel.message.text() == "" and f"{flee[0]['roll']} / 70 →" in panel.result.text()
    click(qtbot, bar.cover)  # DEX×4 = 56 loses to the contest's 60
    cover = facts(bridge, "contest")
    assert (
        cover[0]["kind"] == "cover" and cover[0]["target"] == 60 and f"{cover[0]['roll']} / 60 →" in panel.result.text()
    )
