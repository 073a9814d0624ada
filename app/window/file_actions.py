"""The File menu's work: New, Open, Open recent, Close, Save as, Export and Import.

A file that cannot be made, opened or written is explained to the GM and
changes nothing; the session controller does the work, the prompts ask.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QApplication, QMenu, QWidget

from app.dialogs.prompts import SESSION_SUFFIX, Prompts
from app.sessions import SessionController
from engine.errors import EngineError

if TYPE_CHECKING:
    from app.bridge import SessionBridge


class FileActions:
    """What the File menu's entries do for one GM window."""

    def __init__(
        self,
        bridge: SessionBridge,
        sessions: SessionController,
        prompts: Prompts,
        status: Callable[[str], None],
        window: QWidget | None = None,
    ) -> None:
        self._window = window  # the progress dialog of a long import sits on it
        self._bridge = bridge
        self._sessions = sessions
        self._prompts = prompts
        self._status = status

    def new_session(self) -> bool:
        from app.dialogs.new_session import NewSessionRequest, gate_move

        answer = self._prompts.new_session(self._bridge.lang)
        if answer is None:
            return False
        request = answer if isinstance(answer, NewSessionRequest) else NewSessionRequest(answer)
        title = QCoreApplication.translate("MainWindow", "Could not create the session")
        ok = self._try(title, lambda: self._sessions.new(request.command, request.path()))
        if ok:
            # MAP-1: the party starts on the gate the dialog asked for (through the
            # bridge, so the board and the log show it like any other move).
            move = gate_move(self._bridge.state)
            if move is not None:
                self._bridge.dispatch(move)
        return ok

    def open_session(self) -> bool:
        path = self._prompts.open_path(self._sessions.folder())
        return path is not None and self.open_path(path)

    def open_path(self, path: Path) -> bool:
        """Open a file; a damaged or foreign one is explained and changes nothing."""
        title = QCoreApplication.translate("MainWindow", "Could not open the session")
        ok = self._try(title, lambda: self._sessions.open(path))
        if not ok and not Path(path).exists():
            self._sessions.forget(path)
        opened = self._sessions.file
        if ok and opened is not None and opened.notice is not None:
            title = QCoreApplication.translate("MainWindow", "Part of the session could not be recovered")
            self._prompts.error(title, self._bridge.message(opened.notice))
        return ok

    def close_session(self) -> bool:
        """File ▸ Close: close the file and go back to the start page, whose choice
        opens in this window; closing the start page too ends the program.  A
        file that still owes the disk changes is not closed (the GM is told)."""
        from app.start_choice import choose_on_start_page

        title = QCoreApplication.translate("MainWindow", "Could not close the session")
        if not self._try(title, self._sessions.close_file):
            return False
        window = self._window
        app = QApplication.instance()
        quits = isinstance(app, QApplication) and app.quitOnLastWindowClosed()
        if isinstance(app, QApplication):
            app.setQuitOnLastWindowClosed(False)  # the start page alone on screen ends nothing
        try:
            if window is not None:
                window.hide()
            chosen = choose_on_start_page(self._sessions.recent, self._prompts, self._bridge.lang)
        finally:
            if isinstance(app, QApplication):
                app.setQuitOnLastWindowClosed(quits)
        if chosen is None:  # the GM closed the start page: the program ends, as at start-up
            if window is not None:
                window.close()
            QApplication.quit()  # a hidden window's close would not end the event loop on its own
            return False
        session_file, path = chosen
        self._sessions.adopt(session_file, path)
        if window is not None:
            window.show()
        return True

    def close_at_exit(self) -> bool:
        """Close the file as the window closes; if the disk still owes changes, the GM
        saves them elsewhere, throws them away or stays (False: the window stays open)."""
        try:
            self._sessions.close()
        except EngineError as exc:
            choice = self._prompts.unsaved_at_exit(self._bridge.message(exc))
            if choice == "save_as" and self.save_as():
                self._sessions.close()
            elif choice == "discard":
                self._sessions.close(discard_pending=True)
            else:
                return False
        return True

    def save_as(self) -> bool:
        current = self._sessions.path
        suggested = f"{current.stem}-copy{SESSION_SUFFIX}" if current is not None else f"session{SESSION_SUFFIX}"
        path = self._prompts.save_path(self._sessions.folder(), suggested)
        if path is None:
            return False
        title = QCoreApplication.translate("MainWindow", "Could not save the session")
        return self._try(title, lambda: self._sessions.save_as(path))

    def export_json(self) -> bool:
        current = self._sessions.path
        suggested = f"{current.stem if current is not None else 'session'}.json"
        path = self._prompts.export_path(self._sessions.folder(), suggested)
        if path is None:
            return False
        title = QCoreApplication.translate("MainWindow", "Could not export the session")
        ok = self._try(title, lambda: self._sessions.export_json(path))
        if ok:
            self._status(QCoreApplication.translate("MainWindow", "Exported to {path}").format(path=path))
        return ok

    def import_json(self) -> bool:
        path = self._prompts.import_path(self._sessions.folder())
        if path is None:
            return False
        from app.dialogs.import_progress import import_with_progress  # a progress bar with Cancel

        title = QCoreApplication.translate("MainWindow", "Could not import the session")
        return self._try(title, lambda: import_with_progress(self._sessions, path, self._window))

    def fill_recent(self, menu: QMenu) -> None:
        """Open recent ▸ the last ten files, numbered for the keyboard."""
        menu.clear()
        paths = self._sessions.recent_files()
        for number, path in enumerate(paths[:10], start=1):
            action = menu.addAction(f"&{number % 10} {path.stem.replace('&', '&&')}")
            action.setToolTip(str(path))
            action.setStatusTip(str(path))
            action.triggered.connect(lambda _checked=False, path=path: self.open_path(path))
        menu.setEnabled(bool(paths))

    def _try(self, title: str, action: Callable[[], object]) -> bool:
        try:
            action()
        except EngineError as exc:
            self._prompts.error(title, self._bridge.message(exc))
            return False
        except OSError as exc:
            self._prompts.error(title, str(exc))
            return False
        return True


__all__ = ["FileActions"]
