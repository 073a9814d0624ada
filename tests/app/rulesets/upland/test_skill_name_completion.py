"""The sheet editor's skill names complete from the Upland skill
sets and the Call of Cthulhu skill list, so a skill is typed as the sets know it."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QInputMethodEvent
from PySide6.QtWidgets import QApplication, QLineEdit
from pytestqt.qtbot import QtBot

from app.rulesets.upland.sheet import COL_NAME, SheetDialog
from app.rulesets.upland.skill_names import known_skill_names


def type_ja(editor: QLineEdit, text: str) -> None:
    """Japanese arrives as an input method's committed string, as from a real IME."""
    event = QInputMethodEvent()
    event.setCommitString(text)
    QApplication.sendEvent(editor, event)


def offered(editor: QLineEdit) -> list[str]:
    completer = editor.completer()
    assert completer is not None
    model = completer.completionModel()
    return [str(model.index(row, 0).data()) for row in range(model.rowCount())]


def test_chk_u2_a_new_skill_name_completes_from_the_sets_and_the_coc_list(qtbot: QtBot) -> None:
    dialog = SheetDialog("ミナ", None)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    qtbot.mouseClick(dialog.add_skill_button, Qt.MouseButton.LeftButton)
    editor = dialog.skills.viewport().findChild(QLineEdit)
    assert editor is not None  # the new row's name cell is open for typing
    type_ja(editor, "聞")
    assert "聞き耳" in offered(editor)  # the 〈偵察〉 set's skill, found from its middle
    editor.clear()
    type_ja(editor, "図書")
    assert offered(editor) == ["図書館"]  # the Call of Cthulhu list
    editor.clear()
    type_ja(editor, "偵察")  # the set's name is no skill: nothing is offered
    assert offered(editor) == []
    # choosing the completion puts the set's spelling in the cell
    editor.clear()
    type_ja(editor, "視")
    editor.completer().setCurrentRow(0)
    chosen = editor.completer().currentCompletion()
    assert chosen == "視力"
    editor.setText(chosen)
    dialog.skills.commitData(editor)
    row = dialog.skills.rowCount() - 1
    assert dialog.skills.item(row, COL_NAME).text() == "視力"


def test_the_offered_names_hold_every_skill_set_entry_once() -> None:
    names = known_skill_names()
    assert len(names) == len(set(names))
    assert {"視力", "聞き耳", "登はん", "目星", "図書館"} <= set(names)
    assert not any("×" in n for n in names)  # characteristic rolls (POW×5) are no skills to type
