"""The event log: every command in words, GM-only.

One row per outcome — the command's label, marked when it was an undo or a
redo — with the events it caused below it, each ``describe``d by the engine in
the current language.  Opening a session shows its done commands, so the log
reads the same after a restart.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QEvent, Qt
from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import QAbstractItemView, QListView, QListWidget, QListWidgetItem, QVBoxLayout, QWidget

from app.bridge import SessionBridge
from engine.core.session import Entry, Outcome

UNDO_COLOUR = QColor("#7a7a7a")
# Events sit under their command, like a chat thread.
INDENT = "    "


@dataclass(frozen=True)
class LogRecord:
    kind: str  # "do", "undo" or "redo"
    entry: Entry


class EventLog(QWidget):
    """A list: each outcome's label in bold, its events indented below it.

    A flat list rather than a tree, so long sentences wrap to the dock's width.
    """

    def __init__(self, bridge: SessionBridge, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.bridge = bridge
        self.records: list[LogRecord] = []
        self.list = QListWidget()
        self.list.setWordWrap(True)
        self.list.setResizeMode(QListView.ResizeMode.Adjust)
        self.list.setUniformItemSizes(False)
        self.list.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.list.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.list)
        bridge.applied.connect(self._on_outcome)
        bridge.session_replaced.connect(self.sync_from_state)
        self.sync_from_state()

    def sync_from_state(self) -> None:
        """The session's done commands, oldest first."""
        self.records = [LogRecord("do", entry) for entry in self.bridge.session.done]
        self._on_log_change()

    def _on_outcome(self, outcome: Outcome) -> None:
        record = LogRecord(outcome.kind, outcome.entry)
        self.records.append(record)
        for item in self._items(record):
            self.list.addItem(item)
        self.list.scrollToBottom()

    def _on_log_change(self) -> None:
        self.list.clear()
        for record in self.records:
            for item in self._items(record):
                self.list.addItem(item)
        self.list.scrollToBottom()

    def _items(self, record: LogRecord) -> list[QListWidgetItem]:
        lang = self.bridge.lang
        label = record.entry.command.label(lang)
        if record.kind == "undo":
            label = self.tr("Undone: {label}").format(label=label)
        elif record.kind == "redo":
            label = self.tr("Redone: {label}").format(label=label)
        top = QListWidgetItem(label)
        font = top.font()
        font.setBold(True)
        top.setFont(font)
        items = [top]
        for event in record.entry.events:
            items.append(QListWidgetItem(INDENT + event.describe(lang)))
        if record.kind == "undo":
            for item in items:
                item.setForeground(QBrush(UNDO_COLOUR))
        return items

    def lines(self) -> list[str]:
        """Everything the log shows, top to bottom (tests and copying)."""
        return [self.list.item(i).text() for i in range(self.list.count())]

    def retranslate(self) -> None:
        self._on_log_change()

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)
