"""What the CoC procedure dialogs (Procedure ▸ SAN check…, Session growth…)
share: they dispatch their commands themselves on OK, so a refusal of the
engine is shown in the dialog (the GM fixes the field and tries again) and the
dialog closes only once the table took the command.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QCoreApplication
from PySide6.QtGui import QFont, QFontMetrics
from PySide6.QtWidgets import QComboBox, QDialog, QDialogButtonBox, QLabel, QVBoxLayout, QWidget

from app.bridge import SessionBridge
from engine.coc6.sheet import CocSheet
from engine.core.commands import CommandBase
from engine.core.state import State
from engine.errors import EngineError


def investigators(state: State, *, npcs: bool = False) -> list[tuple[str, CocSheet]]:
    """(character id, sheet) of every character with an investigator sheet, in party order."""
    out: list[tuple[str, CocSheet]] = []
    for character in state.ordered_characters():
        sheet = character.sheet
        if isinstance(sheet, CocSheet) and (npcs or not sheet.npc):
            out.append((character.id, sheet))
    return out


def investigator_box(state: State, object_name: str, *, npcs: bool = False) -> QComboBox:
    """A choice of investigators: the text is the name, the data the character id."""
    box = QComboBox()
    box.setObjectName(object_name)
    for cid, sheet in investigators(state, npcs=npcs):
        box.addItem(sheet.name, cid)
    return box


#: Pixels of a title bar that are not the title: the window's icon and its buttons, with their margins.
TITLE_BAR_ROOM = 160


class CocCommandDialog(QDialog):
    """A form whose OK dispatches commands; refusals appear under the form."""

    origin = "coc-procedure"

    def __init__(self, bridge: SessionBridge, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.bridge = bridge
        self.message = QLabel()
        self.message.setObjectName("coc-dialog-message")
        self.message.setStyleSheet("color: #b00020;")
        self.message.setWordWrap(True)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        self.buttons.accepted.connect(self.submit)
        self.buttons.rejected.connect(self.reject)
        self.body = QVBoxLayout()
        layout = QVBoxLayout(self)
        layout.addLayout(self.body)
        layout.addWidget(self.message)
        layout.addWidget(self.buttons)

    def set_title(self, title: str) -> None:
        """The window's title, never cut: a small form (the clock's two numbers) would be
        narrower than its title, so the dialog is at least as wide as the title's text in
        the title bar's font plus the room the window's icon and buttons take."""
        self.setWindowTitle(title)
        bold = QFont(self.font())
        bold.setBold(True)  # many window managers draw the title bold: measure the wider of the two
        width = max(QFontMetrics(bold).horizontalAdvance(title), self.fontMetrics().horizontalAdvance(title))
        self.setMinimumWidth(width + TITLE_BAR_ROOM)

    def say(self, text: str) -> None:
        self.message.setText(text)

    def commands(self) -> Sequence[CommandBase]:
        """What OK sends, in order; an ``EngineError`` here is a refusal of the form."""
        raise NotImplementedError

    def submit(self) -> bool:
        """Dispatch the form's commands one by one; stop at and show the first refusal."""
        self.say("")
        try:
            commands = self.commands()
        except EngineError as exc:
            self.say(self.bridge.message(exc))
            return False
        if not commands:
            if not self.message.text():
                self.say(QCoreApplication.translate("CocCommandDialog", "Nothing is chosen."))
            return False
        for command in commands:
            error = self._dispatch(command)
            if error is not None:
                self.say(error)
                return False
        self.accept()
        return True

    def _dispatch(self, command: CommandBase) -> str | None:
        errors: list[str] = []

        def refused(error: object, origin: object) -> None:
            if origin == self.origin and isinstance(error, EngineError):
                errors.append(self.bridge.message(error))

        self.bridge.refused.connect(refused)
        try:
            ok = self.bridge.dispatch(command, origin=self.origin)
        finally:
            self.bridge.refused.disconnect(refused)
        if ok:
            return None
        return errors[0] if errors else QCoreApplication.translate("CocCommandDialog", "The table refused it.")


__all__ = ["CocCommandDialog", "investigator_box", "investigators"]
