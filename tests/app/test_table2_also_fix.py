"""Issue 12, "also fix": Add Character ▸ Add a row starts editing the new row;
moving a marker is logged as a move, not as placing it."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QAbstractItemView, QLineEdit
from pytestqt.qtbot import QtBot

from app.bridge import SessionBridge
from app.dialogs.character import CharacterDialog
from app.panels.eventlog import EventLog
from engine.session import new_session
from engine.table.commands import AddCharacter, PlaceMarker


def test_add_a_row_starts_editing_so_typing_is_not_lost(qtbot: QtBot) -> None:
    dialog = CharacterDialog()
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    dialog.name.setText("鷹野 遥")
    qtbot.mouseClick(dialog.add_row, Qt.MouseButton.LeftButton)
    # the new row's key cell is open for typing: the GM types straight away
    assert dialog.values.state() is QAbstractItemView.State.EditingState
    assert dialog.values.currentRow() == dialog.values.rowCount() - 1 and dialog.values.currentColumn() == 0
    typed_into = dialog.values.viewport().findChild(QLineEdit)
    assert typed_into is not None
    qtbot.keyClicks(typed_into, "SAN")
    assert typed_into.text() == "SAN"  # the typing landed in the new row's key cell


def test_a_moved_marker_is_logged_as_moved_and_a_new_one_as_placed(qtbot: QtBot) -> None:
    bridge = SessionBridge(new_session(seed=5), lang="ja")
    log = EventLog(bridge)
    qtbot.addWidget(log)
    bridge.dispatch(AddCharacter(name="鷹野 遥"))
    bridge.dispatch(PlaceMarker(character="c1", square="C3"))
    bridge.dispatch(PlaceMarker(character="c1", square="D4"))
    log.flush()
    lines = [line.strip() for line in log.lines()]
    assert "鷹野 遥のマーカーをC3に置きました。" in lines
    assert "鷹野 遥のマーカーをC3からD4に動かしました。" in lines
    assert not any("D4に置きました" in line for line in lines)
