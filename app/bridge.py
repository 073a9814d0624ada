"""The one place the GUI dispatches commands (DESIGN.md, one-way flow).

Views turn gestures into commands and call :meth:`SessionBridge.dispatch`; the
bridge runs them on the engine session and re-emits the outcome as Qt
signals, so scenes update only what the events name.  Refusals come back as a
signal too (and as a ``False`` return) so the view that started a drag can
snap back and the status bar can say why, in the user's language.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QObject, Signal

from engine.core.commands import CommandBase
from engine.core.session import Outcome, Session
from engine.core.state import State
from engine.errors import EngineError


class SessionBridge(QObject):
    """Owns the engine session for the GUI's lifetime (or until replaced)."""

    #: an Outcome (do/undo/redo) was applied; carries the engine Outcome
    applied = Signal(object)
    #: a command was refused: (EngineError, origin)
    refused = Signal(object, object)
    #: the session object was replaced (new/open): views call sync_from_state()
    session_replaced = Signal()

    def __init__(self, session: Session, lang: str = "ja", parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._session = session
        self.lang = lang

    # -- access -------------------------------------------------------------
    @property
    def session(self) -> Session:
        return self._session

    @property
    def state(self) -> State:
        return self._session.state

    def replace_session(self, session: Session) -> None:
        """Swap in another session (New/Open); every view resyncs."""
        self._session = session
        self.session_replaced.emit()

    # -- commands -------------------------------------------------------------
    def dispatch(self, command: CommandBase, origin: str | None = None) -> bool:
        """Run a command; True if applied, False if refused (signal emitted)."""
        return self._apply(lambda: self._session.dispatch(command, origin=origin), origin)

    def undo(self) -> bool:
        return self._apply(lambda: self._session.undo(origin="undo"), "undo")

    def redo(self) -> bool:
        return self._apply(lambda: self._session.redo(origin="redo"), "redo")

    def _apply(self, run: Callable[[], Outcome], origin: str | None) -> bool:
        """Every change goes this way: applied → ``applied``; refused → ``refused``."""
        try:
            outcome = run()
        except EngineError as exc:
            self.refused.emit(exc, origin)
            return False
        self._after(outcome)
        return True

    def message(self, error: EngineError) -> str:
        """An engine error in the GUI's current language."""
        return error.text(self.lang)

    def _after(self, outcome: Outcome) -> None:
        # Whether it reached the disk is the session controller's business
        # (app.sessions), which also knows about pending retries.
        self.applied.emit(outcome)
