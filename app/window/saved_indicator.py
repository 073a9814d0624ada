"""The status bar's 保存済み / 未保存: whether everything shown is on disk."""

from __future__ import annotations

from PySide6.QtWidgets import QHBoxLayout, QLabel, QToolButton, QWidget

from app.i18n import Retranslating
from app.sessions import SessionController


class SavedIndicator(Retranslating, QWidget):
    """保存済み / 未保存 in the status bar, with the reason and a retry button."""

    def __init__(self, sessions: SessionController, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.sessions = sessions
        self.label = QLabel()
        self.retry = QToolButton()
        self.retry.setAutoRaise(True)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 4, 0)
        layout.addWidget(self.label)
        layout.addWidget(self.retry)
        self.retry.clicked.connect(sessions.retry)
        sessions.saved_changed.connect(lambda _saved: self._on_saved_change())
        self.retranslate()

    def _on_saved_change(self) -> None:
        saved = self.sessions.saved
        if saved:
            self.label.setText(self.tr("Saved"))
            self.label.setStyleSheet("color: #2e7d32;")
            self.label.setToolTip(self.tr("Everything shown is on disk."))
        else:
            reason = self.sessions.save_error_text() or ""
            self.label.setText(self.tr("Not saved: {reason}").format(reason=reason) if reason else self.tr("Not saved"))
            self.label.setStyleSheet("color: #b00020; font-weight: bold;")
            self.label.setToolTip(self.tr("The session goes on in memory; saving is retried every few seconds."))
        self.retry.setVisible(not saved)

    def retranslate(self) -> None:
        self.retry.setText(self.tr("Retry"))
        self._on_saved_change()


__all__ = ["SavedIndicator"]
