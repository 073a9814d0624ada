"""The character dialog's values table: Add a row starts editing the new row,
so what the GM types straight away is not lost."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QAbstractItemView, QLineEdit
from pytestqt.qtbot import QtBot

from app.dialogs.character import CharacterDialog


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
