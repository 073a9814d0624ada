"""The CoC GUI parts: a skill check from the investigator sheet, the pool chips,
and one combat round in the tracker — each through the real widgets and the
engine's commands."""

from __future__ import annotations

from PySide6.QtCore import Qt

from app.bridge import SessionBridge
from app.rulesets import parts_for
from app.rulesets.coc6.pool import PoolPanel
from app.rulesets.coc6.sheet import VALUE, CocSheetDialog
from app.rulesets.coc6.tracker import TrackerPanel, tracker_of
from engine.coc6.check_events import CocChecked
from engine.coc6.commands import CocCheck, CocSetSheet
from engine.coc6.events import COC_SLICE
from engine.coc6.sheet import CocSheet
from engine.coc6.state import CocState
from engine.core.player_view import player_view
from engine.session import new_session

BASE = {"STR": 12, "POW": 12, "APP": 10, "INT": 13, "EDU": 14, "CON": 12, "DEX": 12, "SIZ": 12}


def bridge_with(ruleset: str, *names: str, seed: int = 5) -> SessionBridge:
    session = new_session(ruleset, seed=seed)
    for i, name in enumerate(names):
        session.dispatch({"type": "add_character", "name": name})
        session.dispatch({"type": "coc_new_investigator", "character": name, "characteristics": BASE | {"DEX": 14 - i},
                          "skills": {"目星": 60, "こぶし": 70}, "npc": i > 0})  # fmt: skip
    return SessionBridge(session, lang="ja")


def test_chk_a_1_double_clicking_a_skill_on_the_sheet_rolls_it(qtbot: object) -> None:
    bridge = bridge_with("coc6-a", "ミナ")
    character = bridge.state.characters["c1"]
    assert isinstance(character.sheet, CocSheet)
    dialog = CocSheetDialog("c1", character.sheet, lang="ja")
    qtbot.addWidget(dialog)  # type: ignore[attr-defined]
    row = list(character.sheet.skills).index("目星")
    item = dialog.table.item(row, 0)
    dialog.table.itemDoubleClicked.emit(item)
    command = dialog.command()
    assert command == CocCheck(character="c1", what="目星")
    assert bridge.dispatch(command)
    fact = bridge.session.done[-1].events[0]
    assert isinstance(fact, CocChecked) and fact.result.what == "目星"
    assert fact.result.target == 60 and "CHK-A-1" in fact.describe("ja")


def test_the_sheet_refuses_invalid_values_in_place_and_saves_a_valid_edit(qtbot: object) -> None:
    bridge = bridge_with("coc6-b", "ミナ")
    character = bridge.state.characters["c1"]
    assert isinstance(character.sheet, CocSheet)
    dialog = CocSheetDialog("c1", character.sheet, lang="ja")
    qtbot.addWidget(dialog)  # type: ignore[attr-defined]
    row = list(character.sheet.skills).index("目星")
    dialog.table.item(row, VALUE).setText("たくさん")
    assert "整数" in dialog.message.text() or "whole number" in dialog.message.text()
    assert dialog.table.item(row, VALUE).text() == "60"
    hp = dialog.resources["hp"]
    hp.edit.selectAll()
    qtbot.keyClicks(hp.edit, "500")  # type: ignore[attr-defined]
    qtbot.keyClick(hp.edit, Qt.Key.Key_Return)  # type: ignore[attr-defined]
    assert "HP" in hp.reason.text() and dialog.sheet.hp == character.sheet.hp  # refused: the reason beside it
    hp.edit.selectAll()
    qtbot.keyClicks(hp.edit, str(character.sheet.hp))  # type: ignore[attr-defined]
    qtbot.keyClick(hp.edit, Qt.Key.Key_Return)  # type: ignore[attr-defined]
    assert hp.reason.text() == ""
    dialog.table.item(row, VALUE).setText("75")
    dialog.roll("目星")  # an unsaved edit: rolling is refused in place
    assert dialog.message.text() != ""
    dialog._save()
    command = dialog.command()
    assert isinstance(command, CocSetSheet) and command.sheet is not None
    assert command.sheet.skills["目星"].value == 75
    assert bridge.dispatch(command)


def test_chk_a_3_the_pool_chips_show_what_everyone_sees(qtbot: object) -> None:
    bridge = bridge_with("coc6-a", "ミナ")
    panel = PoolPanel(bridge)
    qtbot.addWidget(panel)  # type: ignore[attr-defined]
    qtbot.mouseClick(panel.add_buttons[20], Qt.MouseButton.LeftButton)  # type: ignore[attr-defined]
    qtbot.mouseClick(panel.add_buttons[-10], Qt.MouseButton.LeftButton)  # type: ignore[attr-defined]
    assert [label.text() for label in panel.chip_labels()] == ["+20", "-10"]
    assert "-10" in panel.pending.text()
    shown = player_view(bridge.state).slices[COC_SLICE]
    assert isinstance(shown, CocState) and shown.pool.chips == (20, -10)  # the projector's copy
    qtbot.mouseClick(panel.cancel_button, Qt.MouseButton.LeftButton)  # type: ignore[attr-defined]
    assert [label.text() for label in panel.chip_labels()] == ["+10"]
    qtbot.mouseClick(panel.cancel_button, Qt.MouseButton.LeftButton)  # type: ignore[attr-defined]
    assert panel.message.text() != ""  # no minus chip to cancel: the refusal in the dock


def test_cbt_b_1_one_combat_round_in_the_tracker(qtbot: object) -> None:
    bridge = bridge_with("coc6-b", "ミナ", "教団員")
    panel = TrackerPanel(bridge)
    qtbot.addWidget(panel)  # type: ignore[attr-defined]
    assert "自由探索" in panel.step_label.text()  # the flow's play step
    qtbot.mouseClick(panel.buttons["start"], Qt.MouseButton.LeftButton)  # type: ignore[attr-defined]
    assert panel.step_label.text().startswith("第1ラウンド：ミナ の手番")  # the combat-turn step
    assert panel.table.rowCount() == 2 and panel.table.item(0, 0).text() == "▶ ミナ"
    assert panel.table.item(0, 2).text() == "3 AP"
    qtbot.mouseClick(panel.buttons["attack"], Qt.MouseButton.LeftButton)  # type: ignore[attr-defined]
    assert panel.table.item(0, 2).text() == "1 AP"
    qtbot.mouseClick(panel.buttons["attack"], Qt.MouseButton.LeftButton)  # type: ignore[attr-defined]
    assert panel.message.text() == "行動ポイントが 2 必要ですが、残りは 1 です。"
    panel.target.setCurrentText("教団員")
    qtbot.mouseClick(panel.buttons["stun"], Qt.MouseButton.LeftButton)  # type: ignore[attr-defined]
    assert panel.table.item(1, 3).text() == "スタン 1R"
    qtbot.mouseClick(panel.buttons["next"], Qt.MouseButton.LeftButton)  # type: ignore[attr-defined]
    assert panel.table.item(1, 0).text() == "▶ 教団員"
    qtbot.mouseClick(panel.buttons["next"], Qt.MouseButton.LeftButton)  # type: ignore[attr-defined]
    tracker = tracker_of(bridge.state)
    assert tracker is not None and tracker.round == 2
    assert panel.table.item(0, 2).text() == "3 AP" and panel.table.item(1, 3).text() == ""
    assert "2" in panel.round_label.text()


def test_both_coc_rulesets_have_their_gui_parts() -> None:
    a, b = parts_for("coc6-a"), parts_for("coc6-b")
    assert {d.name for d in a.docks} == {"coc-pool", "coc-tracker"} and {d.name for d in b.docks} == {"coc-tracker"}
    assert a.sheet is not None and b.sheet is not None and a.menu_entries[0].name == "coc-import"


def test_a_broken_document_is_refused_with_the_field_named_and_nothing_imported(
    qtbot: object, monkeypatch: object
) -> None:
    from pathlib import Path

    from PySide6.QtWidgets import QMessageBox

    from app.rulesets.coc6.parts import import_document

    shown: list[str] = []
    monkeypatch.setattr(QMessageBox, "warning", lambda parent, title, text: shown.append(text))  # type: ignore[attr-defined]
    bridge = bridge_with("coc6-a")
    data = Path(__file__).resolve().parents[3] / "data" / "coc6"
    assert not import_document((data / "broken_vampire_bad_number.json").read_text(encoding="utf-8"), bridge)
    assert shown and "NA3" in shown[0] and bridge.state.characters == {}
    assert import_document((data / "ccfolia_yuki.json").read_text(encoding="utf-8"), bridge)
    assert [c.name for c in bridge.state.characters.values()] == ["雪村 ユキ"]


def test_the_players_window_lists_the_pool_and_the_round_order_but_no_hp(qtbot: object) -> None:
    """The projector shows the pool (CHK-A-3), the round order with conditions
    (CND-B-1) and HP states (HP-B-1) — drawn from the player view, never HP numbers
    unless the GM shows bars."""
    from app.projector import ProjectorWindow

    bridge = bridge_with("coc6-a", "ミナ", "教団員")
    pool = PoolPanel(bridge)
    tracker = TrackerPanel(bridge)
    projector = ProjectorWindow(bridge)
    for widget in (pool, tracker, projector):
        qtbot.addWidget(widget)  # type: ignore[attr-defined]
    projector.sync_from_state()  # what showing the window does
    assert projector.table_lines.text() == "Modifier pool: —"  # (no translator installed in this test)
    qtbot.mouseClick(pool.add_buttons[-10], Qt.MouseButton.LeftButton)  # type: ignore[attr-defined]
    qtbot.mouseClick(tracker.buttons["start"], Qt.MouseButton.LeftButton)  # type: ignore[attr-defined]
    lines = projector.table_lines.text().splitlines()
    assert lines[0] == "Modifier pool: -10"
    assert lines[1].startswith("▶ ミナ（") and len(lines) == 2  # an NPC not shown yet: not on the players' screen
    assert "HP" not in projector.table_lines.text() and "12" not in projector.table_lines.text()
    # a combat counts rounds, not the Upland's exploration cycles
    assert projector.banner.text().startswith("Round 1 — ") and "ミナ" in projector.banner.text()


def test_chk_b_6_sheet_checks_reach_the_players_roll_feed_with_the_name_but_never_psychology(qtbot: object) -> None:
    """A check from the sheet is a public roll: the players' feed prints it the way
    BCDice does with who rolled; 〈心理学〉 is always secret in B and never appears."""
    from app.projector import ProjectorWindow

    bridge = bridge_with("coc6-b", "ミナ")
    bridge.dispatch({"type": "coc_set_skill", "character": "c1", "skill": "心理学", "value": 55})
    projector = ProjectorWindow(bridge)
    qtbot.addWidget(projector)  # type: ignore[attr-defined]
    projector.sync_from_state()
    assert bridge.dispatch(CocCheck(character="c1", what="目星"))
    fact = bridge.session.done[-1].events[0]
    assert isinstance(fact, CocChecked)
    roll = fact.result.roll
    lines = projector.feed.lines()
    assert lines and lines[0].startswith("ミナ: 〈目星〉 (1D100<=60) ＞ ")
    assert f"＞ {roll} ＞" in lines[0]
    assert bridge.dispatch(CocCheck(character="c1", what="心理学"))
    assert projector.feed.lines() == lines  # the secret check added nothing the players see
    # the GM's dice box still has both
    assert [record.result.secret for record in bridge.session.rolls.records()][-2:] == [False, True]
