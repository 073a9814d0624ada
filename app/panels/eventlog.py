"""The event log: every command in words, GM-only, with a filter and a search.

One row per line — the command's label in bold, marked when it was an undo or
a redo, then the events it caused, indented, each ``describe``d by the engine
in the current language (a dice-box roll's line also says who rolled and why,
as the dice box does).  Opening a session shows its done commands, so the log
reads the same after a restart.

It stays cheap in long sessions: rows come from
:class:`app.panels.log_model.LogModel`, which builds only the rows the view
shows; every row is one line high (long lines are elided; the tooltip, and the
pane below the list for the chosen row, have the whole text), so an append
measures nothing; and an outcome is added only after the window has
repainted, so the board a GM just dropped a card on is never kept waiting by
the log.

Filters: a kind (rolls, board, procedure, characters, notes, undo
and redo), a character, and a search box, so a burst of taps does not bury
the rolls.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QIdentityProxyModel, QModelIndex, QObject, QPersistentModelIndex, Qt, QTime, QTimer
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QApplication,
    QComboBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListView,
    QPlainTextEdit,
    QVBoxLayout,
    QWidget,
)

from app.bridge import SessionBridge
from app.i18n import Retranslating
from app.panels.log_filter import Kind, LogFilter
from app.panels.log_model import MAX_ROWS, LogModel, LogRecord
from engine.core.changes import Area
from engine.core.session import Outcome

#: A search runs this long after the last key, not on every key.
SEARCH_DELAY_MS = 250
#: Add outcomes this long after they happened if no repaint of the window came first.
FLUSH_FALLBACK_MS = 100
#: Within this many pixels of the bottom the log follows new rows.
FOLLOW_SLACK = 4


class _ViewSide(QIdentityProxyModel):
    """The model as the list sees it, minus Qt's own fetch trigger.

    Qt's item views call ``fetchMore`` whenever their *last* row is in view —
    right for lists that grow downwards, but here the unfetched rows are the
    older ones above the top, and the last row is in view all the time.  So
    the view does not see the capacity; :class:`LogView` fetches at the top.
    """

    def canFetchMore(self, parent: QModelIndex | QPersistentModelIndex) -> bool:
        return False


class LogView(QListView):
    """Uniform one-line rows; older rows are fetched when the top comes into view."""

    def __init__(self, model: LogModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.log_model = model
        self._side = _ViewSide(self)
        self._side.setSourceModel(model)
        self.setModel(self._side)
        self.setUniformItemSizes(True)
        self.setWordWrap(False)
        self.setTextElideMode(Qt.TextElideMode.ElideRight)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollMode(QAbstractItemView.ScrollMode.ScrollPerPixel)
        self.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        #: at the bottom: new rows, a resize or a first layout keep the newest row in view
        self.following = True
        bar = self.verticalScrollBar()
        bar.valueChanged.connect(self._on_scroll_change)
        bar.rangeChanged.connect(self._on_range_change)
        self._fetch_timer = QTimer(self)
        self._fetch_timer.setSingleShot(True)
        self._fetch_timer.setInterval(0)
        self._fetch_timer.timeout.connect(self._fetch_if_at_top)

    def count(self) -> int:
        """Rows the list holds now (older ones may still be unfetched)."""
        return self.log_model.rowCount()

    def at_bottom(self) -> bool:
        bar = self.verticalScrollBar()
        return bar.value() >= bar.maximum() - FOLLOW_SLACK

    def _on_range_change(self, _low: int, high: int) -> None:
        bar = self.verticalScrollBar()
        if self.following and bar.value() != high:
            bar.setValue(high)
        else:
            self._on_scroll_change(bar.value())

    def _on_scroll_change(self, value: int) -> None:
        self.following = self.at_bottom()
        # At the top, or rows too few to fill the view (a filter that matches little).
        if value <= self.verticalScrollBar().minimum() and self.log_model.canFetchMore(QModelIndex()):
            self._fetch_timer.start()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._on_scroll_change(self.verticalScrollBar().value())

    def _fetch_if_at_top(self) -> None:
        """Checked again once the layout is done: a view not shown or not laid out yet fetches nothing."""
        if not self.isVisible() or self.viewport().height() <= 0:
            return
        self.executeDelayedItemsLayout()
        bar = self.verticalScrollBar()
        if bar.value() <= bar.minimum():
            self.fetch_older()

    def fetch_older(self) -> None:
        """One batch of older rows above the top, the rows in view staying where they are."""
        model = self.log_model
        if not model.canFetchMore(QModelIndex()):
            return
        bar = self.verticalScrollBar()
        before_rows, before_value = model.rowCount(), bar.value()
        model.fetchMore(QModelIndex())
        added = model.rowCount() - before_rows
        if added:
            self.doItemsLayout()  # one pass, no measuring: every row has the first row's size
            if not self.following:  # (a view the rows did not fill keeps the newest at the bottom)
                bar.setValue(before_value + added * self.sizeHintForRow(0))
        if bar.value() <= bar.minimum() and model.canFetchMore(QModelIndex()):
            # Still not full (a filter that matched little in that stretch): go on, one
            # batch per turn of the event loop so the window stays responsive.
            self._fetch_timer.start()


class LogFilterBar(Retranslating, QWidget):
    """Search box, kind and character pickers; says what the GM wants to see."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.search = QLineEdit()
        self.search.setClearButtonEnabled(True)
        self.kind = QComboBox()
        self.character = QComboBox()
        self.kind.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.character.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.kind.setMinimumContentsLength(6)
        self.character.setMinimumContentsLength(6)
        pickers = QHBoxLayout()
        pickers.setContentsMargins(0, 0, 0, 0)
        pickers.addWidget(self.kind, 1)
        pickers.addWidget(self.character, 1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(2)
        layout.addWidget(self.search)
        layout.addLayout(pickers)
        self._names: list[tuple[str, str]] = []
        self.retranslate()

    def current(self) -> LogFilter:
        kind = self.kind.currentData()
        character = self.character.currentData()
        return LogFilter(
            kind=Kind(kind) if isinstance(kind, str) else None,
            character=character if isinstance(character, str) else None,
            text=self.search.text(),
        )

    def set_characters(self, names: list[tuple[str, str]]) -> bool:
        """(id, name) in marching order; True when the chosen one left (the filter changed)."""
        if names == self._names:
            return False
        chosen = self.character.currentData()
        self._names = list(names)
        self._fill_characters(chosen)
        return chosen is not None and self.character.currentData() != chosen

    def _fill_characters(self, chosen: object) -> None:
        self.character.blockSignals(True)
        self.character.clear()
        self.character.addItem(self.tr("All characters"), None)
        for character_id, name in self._names:
            self.character.addItem(name, character_id)
        index = self.character.findData(chosen) if chosen is not None else 0
        self.character.setCurrentIndex(max(0, index))
        self.character.blockSignals(False)

    def _kind_names(self) -> list[tuple[Kind | None, str]]:
        return [
            (None, self.tr("All kinds")),
            (Kind.ROLLS, self.tr("Rolls and checks")),
            (Kind.BOARD, self.tr("Board: cards, markers, party")),
            (Kind.PROCEDURE, self.tr("Procedure")),
            (Kind.CHARACTERS, self.tr("Characters and sheets")),
            (Kind.NOTES, self.tr("GM notes")),
            (Kind.HISTORY, self.tr("Undo and redo")),
        ]

    def retranslate(self) -> None:
        self.search.setPlaceholderText(self.tr("Search the log…"))
        self.search.setToolTip(self.tr("Shows only the commands with a line containing this text."))
        self.kind.setToolTip(self.tr("Show one kind of entry"))
        self.character.setToolTip(self.tr("Show what concerns one character"))
        chosen = self.kind.currentData()
        self.kind.blockSignals(True)
        self.kind.clear()
        for kind, name in self._kind_names():
            self.kind.addItem(name, None if kind is None else str(kind))
        self.kind.setCurrentIndex(max(0, self.kind.findData(chosen)) if chosen is not None else 0)
        self.kind.blockSignals(False)
        self._fill_characters(self.character.currentData())


class EventLog(Retranslating, QWidget):
    """The log dock's panel: the filter bar over the list."""

    def __init__(self, bridge: SessionBridge, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.bridge = bridge
        self.model = LogModel(bridge.lang, self)
        self.filters = LogFilterBar()
        self.list = LogView(self.model)
        # Rows are one line high; the chosen row's whole command, wrapped, is here.
        self.detail = QPlainTextEdit()
        self.detail.setReadOnly(True)
        self.detail.setLineWrapMode(QPlainTextEdit.LineWrapMode.WidgetWidth)
        self.detail.setMaximumHeight(self.detail.fontMetrics().lineSpacing() * 5 + 12)
        self.detail.setVisible(False)
        # the last refusal, on record where the log is read (it changes no state, so it is no log row)
        self.refusal = QLabel()
        self.refusal.setObjectName("eventlog.refusal")
        self.refusal.setWordWrap(True)
        self.refusal.setStyleSheet("color: #b03030;")
        self.refusal.setVisible(False)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.setSpacing(4)
        layout.addWidget(self.refusal)  # on top: a short dock scrolls its bottom out of sight
        layout.addWidget(self.filters)
        layout.addWidget(self.list, 1)
        layout.addWidget(self.detail)
        self.list.selectionModel().currentChanged.connect(lambda current, _previous: self._on_current_change(current))
        self.model.modelReset.connect(lambda: self._on_current_change(QModelIndex()))

        self._pending: list[LogRecord] = []
        self._names: dict[str, str] = {}
        self._waiting_for_paint = False
        self._flush_timer = QTimer(self)  # a real zero timer: runs after the posted paint
        self._flush_timer.setSingleShot(True)
        self._flush_timer.setInterval(0)
        self._flush_timer.timeout.connect(self.flush)
        self._fallback = QTimer(self)
        self._fallback.setSingleShot(True)
        self._fallback.setInterval(FLUSH_FALLBACK_MS)
        self._fallback.timeout.connect(self.flush)
        self._search_timer = QTimer(self)
        self._search_timer.setSingleShot(True)
        self._search_timer.setInterval(SEARCH_DELAY_MS)
        self._search_timer.timeout.connect(self._on_filter_change)

        self.filters.search.textChanged.connect(lambda _text: self._search_timer.start())
        self.filters.search.returnPressed.connect(self._on_filter_change)
        self.filters.kind.currentIndexChanged.connect(lambda _index: self._on_filter_change())
        self.filters.character.currentIndexChanged.connect(lambda _index: self._on_filter_change())
        bridge.applied.connect(self._on_outcome)
        bridge.session_replaced.connect(self.sync_from_state)
        self.sync_from_state()

    def heightForWidth(self, width: int) -> int:
        """The height the panel needs at ``width`` with the list at its smallest.

        The wrapped refusal line gives the layout a height for its width, and
        the dock's scroll area then makes the panel at least that tall — by
        default the *preferred* height, the list at full size — so a short dock
        cut the newest rows off below its edge.  Asking only for the list's
        minimum lets the panel take the dock's height and the list give way."""
        layout = self.layout()
        full = layout.heightForWidth(width) if layout is not None else -1
        if full < 0:
            return full
        slack = max(0, self.list.sizeHint().height() - self.list.minimumSizeHint().height())
        return max(self.minimumSizeHint().height(), full - slack)

    # -- state → rows ----------------------------------------------------------------------------
    def sync_from_state(self) -> None:
        """The session's done commands, oldest first; only the newest become rows."""
        self._pending.clear()
        self._stop_waiting()
        self._clear_refusal()  # another session: what was refused in the last one is not this one's
        self._names = {}
        self.model.set_language(self.bridge.lang)
        self._on_characters_change()
        self.model.replace_records([LogRecord("do", entry) for entry in self.bridge.session.logged()])
        self.list.following = True

    def _on_outcome(self, outcome: Outcome) -> None:
        """Kept until the window has repainted (see the module docstring).  A command the
        engine took ends the refusal line on top: the GM has acted past it."""
        if outcome.kind == "do":
            self.refusal.setVisible(False)
        self._pending.append(LogRecord(outcome.kind, outcome.entry))
        self._clear_refusal()  # the table took a command since: the refusal is history, not news
        if outcome.changes.touches(Area.CHARACTERS):
            self._on_characters_change()
        if not self._waiting_for_paint:
            self._waiting_for_paint = True
            app = QApplication.instance()
            if app is not None:
                app.installEventFilter(self)
            self._fallback.start()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        # A window's repaint is one UpdateRequest handled just after this returns;
        # the zero timer fires after it.
        if self._waiting_for_paint and event.type() == QEvent.Type.UpdateRequest:
            self._stop_waiting()
            self._flush_timer.start()
        return False

    def _stop_waiting(self) -> None:
        if self._waiting_for_paint:
            self._waiting_for_paint = False
            app = QApplication.instance()
            if app is not None:
                app.removeEventFilter(self)
        self._fallback.stop()

    def flush(self) -> None:
        """Add the outcomes that happened since the last repaint."""
        self._stop_waiting()
        self._flush_timer.stop()
        if not self._pending:
            return
        records, self._pending = self._pending, []
        if self.list.following and self.model.rowCount() > MAX_ROWS:
            self.model.trim()
        # A view at the bottom follows when the new rows are laid out (LogView._on_range_change).
        self.model.append_records(records)

    def _on_characters_change(self) -> None:
        characters = sorted(self.bridge.state.characters.values(), key=lambda c: (c.order, c.id))
        # Names of characters who left stay, for their old rolls.
        self._names.update((c.id, c.name) for c in characters)
        self.model.set_names(self._names)
        if self.filters.set_characters([(c.id, c.name) for c in characters]):
            self._on_filter_change()

    def _on_filter_change(self) -> None:
        self._search_timer.stop()
        self.flush()
        self.list.following = True
        self.model.set_filter(self.filters.current())

    def _on_current_change(self, current: QModelIndex) -> None:
        row = current.row() if current.isValid() else -1
        if not 0 <= row < self.model.rowCount():
            self.detail.setVisible(False)
            self.detail.clear()
            return
        self.detail.setPlainText("\n".join(line.strip() for line in self.model.record_lines(row)))
        self.detail.setVisible(True)

    # -- reading ---------------------------------------------------------------------------------
    def _clear_refusal(self) -> None:
        self.refusal.clear()
        self.refusal.setToolTip("")
        self.refusal.setVisible(False)

    def note_refusal(self, message: str) -> None:
        """Keep the latest refusal in view under the log (the GM may have looked away)."""
        stamp = QTime.currentTime().toString("HH:mm:ss")
        self.refusal.setText(self.tr("Refused {time}: {message}").format(time=stamp, message=message))
        self.refusal.setToolTip(message)
        self.refusal.setVisible(True)

    def lines(self) -> list[str]:
        """Every row the log holds, top to bottom, outcomes not yet shown included
        (tests and copying); older rows not fetched yet are not among them."""
        self.flush()
        return [self.model.row_text(row) for row in range(self.model.rowCount())]

    def retranslate(self) -> None:
        self.model.set_language(self.bridge.lang)
        self.filters.retranslate()
