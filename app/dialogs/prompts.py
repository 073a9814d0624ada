"""Every question the shell asks the user, behind one object.

The main window, the panels and the start-up code ask through a
:class:`Prompts`; tests pass a subclass that answers at once, so no modal
dialog ever blocks a test and no test has to patch Qt.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QDialog, QFileDialog, QMessageBox, QWidget

from app.dialogs.palette import PALETTE
from engine.store.format import SUFFIX

if TYPE_CHECKING:
    from app.dialogs.character import CharacterDraft
    from app.dialogs.new_session import NewSessionRequest
    from app.startpage import StartChoice
    from engine.core.state import Character
    from engine.table.commands import NewSession

# The start-up code needs a Prompts before the window exists; the dialogs
# themselves are imported when first asked for.

SESSION_SUFFIX = SUFFIX
# lupdate reads the literal context and text of every QCoreApplication.translate("Prompts", ...) call.
_tr = QCoreApplication.translate


class Prompts:
    """Modal questions with real Qt dialogs (the production answerer)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        self.parent = parent

    # -- files ----------------------------------------------------------------
    def _session_filter(self) -> str:
        text = QCoreApplication.translate("Prompts", "yobigoe sessions (*{suffix});;All files (*)")
        return text.format(suffix=SESSION_SUFFIX)

    def _json_filter(self) -> str:
        return QCoreApplication.translate("Prompts", "JSON files (*.json);;All files (*)")

    def open_path(self, folder: Path) -> Path | None:
        title = QCoreApplication.translate("Prompts", "Open a session")
        name, _ = QFileDialog.getOpenFileName(self.parent, title, str(folder), self._session_filter())
        return Path(name) if name else None

    def save_path(self, folder: Path, suggested: str) -> Path | None:
        title = QCoreApplication.translate("Prompts", "Save the session as")
        return self._save_name(title, folder / suggested, self._session_filter(), SESSION_SUFFIX)

    def export_path(self, folder: Path, suggested: str) -> Path | None:
        title = QCoreApplication.translate("Prompts", "Export as JSON")
        return self._save_name(title, folder / suggested, self._json_filter(), ".json")

    def _save_name(self, title: str, start: Path, name_filter: str, suffix: str) -> Path | None:
        """A save dialog that adds ``suffix`` itself, so that its overwrite question
        is asked about the file that will really be written (typing
        ``foo`` when ``foo.yobigoe`` exists asks before replacing it)."""
        dialog = QFileDialog(self.parent, title, str(start), name_filter)
        dialog.setAcceptMode(QFileDialog.AcceptMode.AcceptSave)
        dialog.setDefaultSuffix(suffix.lstrip("."))
        if dialog.exec() != QDialog.DialogCode.Accepted or not dialog.selectedFiles():
            return None
        path = Path(dialog.selectedFiles()[0])
        return path if path.suffix else path.with_suffix(suffix)

    def import_path(self, folder: Path) -> Path | None:
        title = QCoreApplication.translate("Prompts", "Import a JSON session")
        name, _ = QFileDialog.getOpenFileName(self.parent, title, str(folder), self._json_filter())
        return Path(name) if name else None

    # -- forms ----------------------------------------------------------------
    def new_session(self, lang: str) -> NewSessionRequest | NewSession | None:
        """The new session's command and name (a bare command: unnamed)."""
        from app.dialogs.new_session import NewSessionDialog

        dialog = NewSessionDialog(lang, self.parent)
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return None
        return dialog.request()

    def character(
        self, character: Character | None, *, order: int = 1, color: str = PALETTE[0], npc: bool = False
    ) -> CharacterDraft | None:
        from app.dialogs.character import CharacterDialog

        dialog = CharacterDialog(character, order=order, color=color, npc=npc, parent=self.parent)
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return None
        return dialog.draft()

    def run(self, dialog: QDialog) -> bool:
        """Show a ruleset's own modal dialog (a sheet editor, say) until the GM answers;
        True when it was accepted.  Tests answer it by filling and closing ``dialog``."""
        return dialog.exec() == QDialog.DialogCode.Accepted

    def start_page(self, recent: list[Path], lang: str) -> StartChoice | None:
        """The start page (recent sessions, New, Open, Demo); None: the GM closed it."""
        from app.startpage import StartPage

        page = StartPage(recent, lang, self.parent)
        if page.exec() != QDialog.DialogCode.Accepted:
            return None
        return page.choice

    # -- questions ------------------------------------------------------------
    def reopen_after_crash(self, path: Path) -> bool:
        text = QCoreApplication.translate(
            "Prompts", "yobigoe did not close normally last time.\nReopen “{name}” where it stopped?"
        )
        answer = QMessageBox.question(
            self.parent,
            QCoreApplication.translate("Prompts", "Reopen the last session?"),
            text.format(name=path.stem),
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
            QMessageBox.StandardButton.Yes,
        )
        return answer == QMessageBox.StandardButton.Yes

    def confirm_remove(self, name: str) -> bool:
        text = QCoreApplication.translate(
            "Prompts", "Remove {name}? Their hand goes to the discard (Undo brings everything back)."
        )
        answer = QMessageBox.question(
            self.parent,
            QCoreApplication.translate("Prompts", "Remove a character"),
            text.format(name=name),
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
            QMessageBox.StandardButton.Yes,
        )
        return answer == QMessageBox.StandardButton.Yes

    def unsaved_at_exit(self, message: str) -> str:
        """The disk still owes changes at exit: "save_as", "discard" or "cancel"."""
        box = QMessageBox(self.parent)
        box.setIcon(QMessageBox.Icon.Warning)
        box.setWindowTitle(QCoreApplication.translate("Prompts", "Changes not saved"))
        box.setText(message)
        save = box.addButton(QCoreApplication.translate("Prompts", "Save as…"), QMessageBox.ButtonRole.AcceptRole)
        discard = box.addButton(
            QCoreApplication.translate("Prompts", "Quit and lose them"), QMessageBox.ButtonRole.DestructiveRole
        )
        box.addButton(QMessageBox.StandardButton.Cancel)
        box.exec()
        clicked = box.clickedButton()
        if clicked is save:
            return "save_as"
        if clicked is discard:
            return "discard"
        return "cancel"

    def error(self, title: str, message: str) -> None:
        QMessageBox.warning(self.parent, title, message)
