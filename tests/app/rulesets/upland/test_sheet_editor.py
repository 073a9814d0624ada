"""The Upland sheet editor: opened from the characters panel, edited by keyboard
and mouse like a GM would, saved as one undoable ``SetSheet``; the panel's
compact line follows (fatigue in thirds shown as 3⅔, the Call against POW,
spirit pressure)."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QAbstractSpinBox, QDialog, QDialogButtonBox
from pytestqt.qtbot import QtBot

from app.bridge import SessionBridge
from app.dialogs.prompts import Prompts
from app.panels.characters import CharactersPanel
from app.rulesets.upland.sheet import COL_CHECKED, COL_NAME, SheetDialog
from engine.session import new_session
from engine.table.commands import AddCharacter
from engine.upland.commands import SetSheet
from engine.upland.sheet import Skill, UplandSheet


class SheetAnswers(Prompts):
    """Opens the real sheet dialog and lets the test edit it before Save/Cancel."""

    def __init__(self, qtbot: QtBot, edit: Callable[[SheetDialog], None], save: bool = True) -> None:
        super().__init__()
        self.qtbot = qtbot
        self.edit = edit
        self.save = save
        self.opened: list[SheetDialog] = []

    def run(self, dialog: QDialog) -> bool:
        assert isinstance(dialog, SheetDialog)
        self.qtbot.addWidget(dialog)
        dialog.show()
        self.opened.append(dialog)
        self.edit(dialog)
        box = dialog.buttons.button(
            QDialogButtonBox.StandardButton.Save if self.save else QDialogButtonBox.StandardButton.Cancel
        )
        self.qtbot.mouseClick(box, Qt.MouseButton.LeftButton)
        return dialog.result() == QDialog.DialogCode.Accepted


def type_into(qtbot: QtBot, box: QAbstractSpinBox, text: str) -> None:
    """Select what the spin box shows and type over it, then leave the field."""
    box.setFocus()
    box.selectAll()
    qtbot.keyClicks(box, text)
    box.interpretText()


def make_panel(qtbot: QtBot, prompts: Prompts) -> tuple[CharactersPanel, SessionBridge]:
    session = new_session(seed=2)
    session.dispatch(AddCharacter(name="アイリン"))
    start = UplandSheet(
        STR=12,
        POW=12,
        skills={"視力": Skill(value=50)},
        fatigue_thirds=4,
        call=3,
        spirit_pressure=6,
    )
    session.dispatch(SetSheet(character="c1", sheet=start))
    bridge = SessionBridge(session, lang="ja")
    panel = CharactersPanel(bridge, prompts)
    qtbot.addWidget(panel)
    panel.show()
    panel.select("c1")
    return panel, bridge


def test_edit_save_and_undo_a_sheet(qtbot: QtBot) -> None:
    def edit(dialog: SheetDialog) -> None:
        assert dialog.fatigue.text() == "1⅓"
        type_into(qtbot, dialog.characteristics["STR"], "15")
        type_into(qtbot, dialog.fatigue, "3 2/3")  # rule: TIM-5 (fatigue kept in thirds)
        type_into(qtbot, dialog.numbers["call"], "14")  # rule: TIM-2 (the Call above POW)
        type_into(qtbot, dialog.numbers["death_rite"], "45")
        qtbot.mouseClick(dialog.bonuses["第二の目"], Qt.MouseButton.LeftButton)  # rule: CHK-U-3
        qtbot.mouseClick(dialog.immune, Qt.MouseButton.LeftButton)  # rule: DSP-1
        # a new skill with its experience mark (CHK-U-4) and one that only trains (INV-8)
        qtbot.mouseClick(dialog.add_skill_button, Qt.MouseButton.LeftButton)
        row = dialog.skills.rowCount() - 1
        dialog.skills.item(row, COL_NAME).setText("〈聞き耳〉")
        type_into(qtbot, dialog.skill_value_box(row), "40")
        dialog.skills.item(row, COL_CHECKED).setCheckState(Qt.CheckState.Checked)
        dialog.items.setFocus()
        qtbot.keyClicks(dialog.items, "rope")
        assert dialog.fatigue.text() == "3⅔"

    answers = SheetAnswers(qtbot, edit)
    panel, bridge = make_panel(qtbot, answers)
    before = bridge.state.characters["c1"].sheet
    done = len(bridge.session.done)
    assert panel.list.item(0).text().endswith("fatigue 1⅓ · Call 3/POW 12 · spirit pressure 6")

    qtbot.mouseClick(panel.sheet_button, Qt.MouseButton.LeftButton)
    sheet = bridge.state.characters["c1"].sheet
    assert sheet is not None
    assert (sheet.STR, sheet.fatigue_thirds, sheet.call, sheet.death_rite) == (15, 11, 14, 45)
    assert sheet.spell_bonuses == ("第二の目",) and sheet.immune_to_despair
    assert sheet.skills == {"視力": Skill(value=50), "聞き耳": Skill(value=40, checked=True)}
    assert sheet.items == ("rope",)
    assert len(bridge.session.done) == done + 1  # one Save, one command
    assert bridge.session.done[-1].command.type == "upland_set_sheet"
    assert panel.list.item(0).text().endswith("fatigue 3⅔ · Call 14/POW 12 · spirit pressure 6")

    assert bridge.undo()  # one undo restores everything the dialog changed
    assert bridge.state.characters["c1"].sheet == before
    assert panel.list.item(0).text().endswith("fatigue 1⅓ · Call 3/POW 12 · spirit pressure 6")


def test_cancel_and_unchanged_save_do_nothing_and_double_click_opens_the_sheet(qtbot: QtBot) -> None:
    answers = SheetAnswers(qtbot, lambda d: type_into(qtbot, d.characteristics["POW"], "18"), save=False)
    panel, bridge = make_panel(qtbot, answers)
    before = bridge.state
    rect = panel.list.visualItemRect(panel.list.item(0))
    qtbot.mouseClick(panel.list.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    qtbot.mouseDClick(panel.list.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert len(answers.opened) == 1  # the double-click opened the sheet, not the character dialog
    assert bridge.state is before
    menu = panel.context_menu()  # the row's right-click menu offers the sheet too
    assert [(a.text(), a.isEnabled()) for a in menu.actions() if a.text()] == [
        ("Edit…", True),
        ("Sheet…", True),
        ("Shown to the players", True),
        ("Add NPC…", True),
        ("Remove", True),
    ]
    answers.save, answers.edit = True, lambda d: None
    qtbot.mouseClick(panel.sheet_button, Qt.MouseButton.LeftButton)
    assert bridge.state is before  # nothing changed: no command, nothing to undo
