"""The open session file behind the GUI: New, Open, Save as, Export, Import,
recent files and the saved indicator (DESIGN.md, persistence).

:class:`SessionController` holds the one open :class:`engine.store.SessionFile`
and hands its session to the bridge.  Every command is journalled by the store
before the bridge repaints; when the disk fails the engine keeps working in
memory, the controller says so (``saved`` False with the reason) and retries on
its own every few seconds until everything shown is on disk again.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QTimer, Signal

from app.bridge import SessionBridge
from engine.core.session import Outcome
from engine.errors import EngineError
from engine.store import RecentFiles, SessionFile, autosave_path, default_folder
from engine.store.format import SUFFIX as SESSION_SUFFIX
from engine.store.progress import Report

if TYPE_CHECKING:
    from engine.table.commands import NewSession

# How often a failed save is retried on its own.
RETRY_MS = 5000


def unique_path(folder: Path, stem: str, suffix: str = SESSION_SUFFIX) -> Path:
    """``folder/stem.suffix``, or ``stem-2``, ``stem-3``… when taken (files are never overwritten)."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{stem}{suffix}"
    n = 2
    while path.exists():
        path = folder / f"{stem}-{n}{suffix}"
        n += 1
    return path


class SessionController(QObject):
    """Owns the open session file; the bridge owns the engine session in it."""

    # the open file changed (new/open/save as/import/close): titles and recent menus follow
    file_changed = Signal()
    # saved indicator: True when everything shown is on disk
    saved_changed = Signal(bool)
    # the recent-files list changed
    recent_changed = Signal()

    def __init__(
        self,
        bridge: SessionBridge,
        recent: RecentFiles | None = None,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self.bridge = bridge
        self.recent = recent if recent is not None else RecentFiles()
        self._file: SessionFile | None = None
        self._path: Path | None = None
        self._saved = True
        self._save_error: EngineError | None = None
        self._retry = QTimer(self)
        self._retry.setInterval(RETRY_MS)
        self._retry.timeout.connect(self.retry)
        bridge.applied.connect(self._on_outcome)

    # -- what is open ------------------------------------------------------------
    @property
    def file(self) -> SessionFile | None:
        return self._file

    @property
    def path(self) -> Path | None:
        return self._path

    @property
    def saved(self) -> bool:
        return self._saved

    def save_error_text(self) -> str | None:
        """Why the last save failed, in the GUI's language (None when saved)."""
        if self._saved or self._save_error is None:
            return None
        return self.bridge.message(self._save_error)

    def folder(self) -> Path:
        """Where dialogs start: the open file's folder, else the default one."""
        return self._path.parent if self._path is not None else default_folder()

    def recent_files(self) -> list[Path]:
        return list(self.recent.load())

    # -- opening -------------------------------------------------------------------
    def adopt(self, session_file: SessionFile, path: Path | None = None) -> None:
        """Make an opened file the current one (start-up, demo, every switch).

        The previous file is closed after the new one is in place; callers that
        open a new file check :meth:`_check_can_switch` first so nothing the
        disk still owes is lost.
        """
        previous = self._file
        self._file = session_file
        self._path = Path(session_file.path) if path is None else Path(path)
        if self.bridge.session is not session_file.session:
            self.bridge.replace_session(session_file.session)
        if previous is not None and previous is not session_file:
            previous.close()
        self.recent.add(self._path)
        self._set_saved(session_file.pending == 0, session_file.last_error)
        self.file_changed.emit()
        self.recent_changed.emit()

    def _check_can_switch(self) -> None:
        """Refuse to leave a file whose latest changes are not on disk yet."""
        if self._file is not None and self._file.pending and not self.retry():
            raise EngineError(
                "{count} change(s) could not be saved yet; save the session elsewhere or try again before closing.",
                count=self._file.pending,
            )

    def new(self, command: NewSession, path: Path | None = None) -> Path:
        """Create a new session file (a fresh autosave name unless told where)."""
        self._check_can_switch()
        target = path if path is not None else autosave_path()
        self.adopt(SessionFile.create(target, command))
        return self._path or target

    def open(self, path: Path) -> None:
        """Open a session file; an EngineError leaves the current session as it was."""
        self._check_can_switch()
        if self._file is not None and Path(path).absolute() == Path(self._file.path).absolute():
            return  # already open here
        self.adopt(SessionFile.open(Path(path)))

    def forget(self, path: Path) -> None:
        """Take a file off the recent list (it is gone or unreadable)."""
        self.recent.remove(Path(path))
        self.recent_changed.emit()

    # -- copies ------------------------------------------------------------------------
    def save_as(self, path: Path) -> None:
        """Continue in a full copy (undo history and unsaved changes included);
        the way out when the current file's disk is full or gone."""
        if self._file is None:
            raise EngineError("No session has been started yet.")
        self.adopt(self._file.save_as(Path(path)))

    def export_json(self, path: Path) -> None:
        if self._file is None:
            raise EngineError("No session has been started yet.")
        self._file.export_json(Path(path))

    def import_json(self, json_path: Path, path: Path | None = None, report: Report | None = None) -> Path:
        """Import a JSON export into a new session file and open it (``report``:
        the progress hook of app.dialogs.import_progress, which may cancel)."""
        self._check_can_switch()
        source = Path(json_path)
        target = path if path is not None else unique_path(default_folder(), source.stem)
        self.adopt(SessionFile.import_json(source, target, report=report))
        return self._path or target

    def close_file(self) -> None:
        """File ▸ Close: close the open file and forget it (no file is open
        until the start page adopts the next one).  Raises EngineError, and
        stays open, while changes are still owed to the disk."""
        self._check_can_switch()
        self.close()
        self._path = None
        self._set_saved(True, None)
        self.file_changed.emit()

    def close(self, *, discard_pending: bool = False) -> None:
        """Close the file at exit.  Raises EngineError (and stays open) while
        changes are still owed to the disk, unless told to discard them."""
        if self._file is not None:
            self._file.close(discard_pending=discard_pending)
            if not discard_pending and self._path is not None:
                from app.startpage import remember_summary  # the start page lists it without reading it back

                remember_summary(self._path, self.bridge.state, self.bridge.lang)
        self._retry.stop()
        self._file = None

    # -- saving ---------------------------------------------------------------------------
    def retry(self) -> bool:
        """Write what the disk refused earlier; True when everything is on disk."""
        if self._file is None:
            return True
        ok = self._file.retry()
        self._set_saved(ok and self._file.pending == 0, self._file.last_error)
        return self._saved

    def _on_outcome(self, outcome: Outcome) -> None:
        pending = self._file.pending if self._file is not None else 0
        if outcome.saved and pending == 0:
            self._set_saved(True, None)
        else:
            self._set_saved(False, outcome.save_error or self._save_error)

    def _set_saved(self, saved: bool, error: EngineError | None) -> None:
        changed = saved != self._saved or error is not self._save_error
        self._saved = saved
        self._save_error = error
        if saved:
            self._retry.stop()
        elif not self._retry.isActive():
            self._retry.start()
        if changed:
            self.saved_changed.emit(saved)
