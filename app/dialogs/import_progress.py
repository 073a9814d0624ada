"""A progress dialog with Cancel for importing a JSON export.

An import re-runs every command of the export before writing anything
(``engine.store.admission``); a season's backup of 100,000 commands takes
about as long as playing them did.  The GM sees it move and may stop it.

The import runs on the GUI thread (the session's rows are only ever read on
the thread the session runs on, see ``engine.store.parsed``); the engine
calls :meth:`ImportProgress.report` every few hundred rows, which moves the
bar, lets Qt handle the Cancel button, and raises
:class:`engine.store.progress.Cancelled` once it was pressed.  Until the
finished file is renamed into place nothing exists under its name, so a
cancelled import leaves no file and the recent list as it was.  The dialog is
window-modal: the board cannot be used while the import holds the thread.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, Qt, Signal
from PySide6.QtWidgets import QProgressDialog, QWidget

from engine.store.progress import Cancelled, Progress

if TYPE_CHECKING:
    from app.sessions import SessionController

#: The dialog appears only for an import that takes longer than this (milliseconds).
SHOW_AFTER_MS = 1000
#: A document this large (bytes) takes about a second to parse before its first row
#: can be counted (a 100,000-command export is ≈ 70 MB): the dialog shows at once.
BIG_DOCUMENT = 16 * 1024 * 1024
#: Steps of the bar (per mille: smooth enough for a 100,000-command import).
STEPS = 1000

# lupdate reads the literal context and text of every translate("ImportProgress", ...) call.
_tr = QCoreApplication.translate


def stage_text(progress: Progress) -> str:
    """What the import is doing now, in the GUI's language."""
    if progress.stage == "reading":
        text = _tr("ImportProgress", "Reading command {done} of {total}…")
    elif progress.stage == "checking":
        text = _tr("ImportProgress", "Re-running command {done} of {total} to check it…")
    else:
        text = _tr("ImportProgress", "Writing command {done} of {total} to the session file…")
    return text.format(done=f"{progress.done:,}", total=f"{progress.total:,}")


class ImportProgress(QProgressDialog):
    """The bar of one import; :meth:`report` is the engine's progress hook."""

    #: The bar moved (its new value, 0..STEPS): what a test watches.
    stepped = Signal(int)

    def __init__(self, name: str, parent: QWidget | None = None) -> None:
        title = _tr("ImportProgress", "Importing {name}").format(name=name)
        super().__init__(title, _tr("ImportProgress", "Cancel"), 0, STEPS, parent)
        self.setWindowTitle(title)
        self.setWindowModality(Qt.WindowModality.WindowModal)
        self.setMinimumDuration(SHOW_AFTER_MS)
        self.setAutoClose(False)
        self.setAutoReset(False)
        # Wide enough for the longest stage line, so a longer one is not cut off
        # when it replaces a shorter one after the dialog was shown.
        self.setMinimumWidth(self.fontMetrics().horizontalAdvance("M") * 40)
        self._name = name
        self.setValue(0)

    def show_reading(self) -> None:
        """Show the dialog now, saying the document is being read: parsing a large
        one holds the thread before any row can be reported."""
        self.setLabelText(
            _tr("ImportProgress", "Importing {name}").format(name=self._name)
            + "\n"
            + _tr("ImportProgress", "Reading the document…")
        )
        self.show()
        QCoreApplication.processEvents()  # painted before the parse holds the thread

    def report(self, progress: Progress) -> None:
        """Move the bar; raise Cancelled once the GM pressed Cancel."""
        if self.wasCanceled():
            raise Cancelled()
        value = min(STEPS, int(progress.fraction * STEPS))
        self.setLabelText(
            _tr("ImportProgress", "Importing {name}").format(name=self._name) + "\n" + stage_text(progress)
        )
        self.setValue(value)  # shows the dialog once SHOW_AFTER_MS has passed
        QCoreApplication.processEvents()  # the Cancel button, and the bar painted
        self.stepped.emit(value)
        if self.wasCanceled():
            raise Cancelled()


def import_with_progress(
    sessions: SessionController, json_path: Path, parent: QWidget | None = None, path: Path | None = None
) -> Path:
    """``sessions.import_json`` behind a progress dialog; Cancel raises
    :class:`Cancelled` (an EngineError, shown like any refused import) and
    leaves nothing behind."""
    dialog = ImportProgress(Path(json_path).name, parent)
    try:
        if Path(json_path).stat().st_size >= BIG_DOCUMENT:
            dialog.show_reading()
    except OSError:
        pass  # a missing or unreadable file is reported by the import itself
    try:
        return sessions.import_json(json_path, path, report=dialog.report)
    finally:
        dialog.close()
        dialog.deleteLater()
