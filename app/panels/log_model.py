"""The event log's rows: a list model that builds only what a view asks for.

A long campaign has tens of thousands of log lines (a command, then one line
per event).  Building them all up front took seconds when a big session
opened, and a word-wrapped list re-measured every row on each append.  So:

* the model holds the session's records (one per outcome) but turns only the
  newest ones into rows when it is (re)filled; older rows come in batches of
  :data:`FETCH_ROWS` through Qt's ``canFetchMore``/``fetchMore``, prepended
  above the top, when the view scrolls up to them;
* a row is a (record, line) pair; its text is made (``label``/``describe`` in
  the current language) the first time the view paints it, and kept;
* every row has the same height (the view uses uniform item sizes), so
  appending a row measures nothing.

Filtering happens here, not in a proxy: a fetch walks older records until it
has a batch of *matching* rows, so a "rolls only" view over 10,000 taps fills
its screen without building the taps' rows.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from PySide6.QtCore import QAbstractListModel, QCoreApplication, QModelIndex, QObject, QPersistentModelIndex, Qt
from PySide6.QtGui import QBrush, QColor, QFont

from app.panels.log_filter import LogFilter, RecordFacts, record_facts
from engine.core.session import Entry

#: Rows added per fetch (the first fill too): a few screens of a dock.
FETCH_ROWS = 200
#: A log followed at the bottom keeps at most this many rows: the oldest go back
#: to being unfetched (and come again when scrolled to), so memory and the
#: view's layout stay the same size however long the evening.
MAX_ROWS = 4 * FETCH_ROWS
#: Records examined per fetch at most, so a filter that matches little keeps
#: each step short; the view fetches again while it is not full.
SCAN_LIMIT = 1000
UNDO_COLOUR = QColor("#7a7a7a")
#: Secret rolls are marked as in the dice box (this dock is GM-only anyway).
SECRET_BACKGROUND = QColor("#efe6f7")
#: Events sit under their command, like a chat thread.
INDENT = "    "

Index = QModelIndex | QPersistentModelIndex


@dataclass(frozen=True)
class LogRecord:
    kind: str  # "do", "undo" or "redo"
    entry: Entry


class LogModel(QAbstractListModel):
    """Rows of the log, oldest at the top; see the module docstring."""

    def __init__(self, lang: str = "ja", parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._lang = lang
        self._records: list[LogRecord] = []
        self._facts: dict[int, RecordFacts] = {}
        #: (record index, line): line 0 is the command, n the n-th event
        self._rows: list[tuple[int, int]] = []
        #: records[:_unscanned] have not been looked at for the current filter
        self._unscanned = 0
        self._texts: dict[tuple[int, int], str] = {}
        self._filter = LogFilter()
        self._names: dict[str, str] = {}
        self._bold = QFont()
        self._bold.setBold(True)
        self._undo_brush = QBrush(UNDO_COLOUR)
        self._secret_brush = QBrush(SECRET_BACKGROUND)

    # -- what the widget feeds in ------------------------------------------------------------
    @property
    def record_count(self) -> int:
        return len(self._records)

    @property
    def built_lines(self) -> int:
        """How many row texts exist (made when a view paints a row, or a search reads it)."""
        return len(self._texts)

    @property
    def examined_records(self) -> int:
        """How many records were looked at (commands and events read) since the last opening."""
        return len(self._facts)

    @property
    def log_filter(self) -> LogFilter:
        return self._filter

    def replace_records(self, records: Sequence[LogRecord]) -> None:
        """A session opened: its records, with only the newest batch turned into rows."""
        self.beginResetModel()
        self._records = list(records)
        self._facts.clear()
        self._texts.clear()
        self._unscanned = len(self._records)
        self._rows = []
        self._rows = self._older_batch()
        self.endResetModel()

    def append_records(self, records: Sequence[LogRecord]) -> None:
        """New outcomes at the bottom; rows above are not touched."""
        new_rows: list[tuple[int, int]] = []
        for record in records:
            number = len(self._records)
            self._records.append(record)
            new_rows.extend(self._rows_of(number))
        if not new_rows:
            return
        first = len(self._rows)
        self.beginInsertRows(QModelIndex(), first, first + len(new_rows) - 1)
        self._rows.extend(new_rows)
        self.endInsertRows()

    def trim(self, keep: int = 2 * FETCH_ROWS) -> None:
        """Drop the oldest rows so about ``keep`` remain (whole records: a command
        keeps its events); they are fetched again like any older rows."""
        if len(self._rows) <= keep:
            return
        cut = len(self._rows) - keep
        while cut < len(self._rows) and self._rows[cut][1] != 0:
            cut += 1  # to the next command line
        if cut >= len(self._rows):
            return
        self.beginRemoveRows(QModelIndex(), 0, cut - 1)
        for key in self._rows[:cut]:
            self._texts.pop(key, None)
        self._unscanned = self._rows[cut][0]
        del self._rows[:cut]
        self.endRemoveRows()

    def set_filter(self, log_filter: LogFilter) -> None:
        """Show only matching records: refilled from the newest, like an opening."""
        if log_filter == self._filter:
            return
        self._filter = log_filter
        self._refill()

    def _refill(self) -> None:
        self.beginResetModel()
        self._unscanned = len(self._records)
        self._rows = []
        self._rows = self._older_batch()
        self.endResetModel()

    def set_language(self, lang: str) -> None:
        """Texts are made again in ``lang`` as they are painted; a search filters anew."""
        if lang == self._lang:
            return
        self._lang = lang
        self._texts.clear()
        if self._filter.needs_text:
            self._refill()
        elif self._rows:
            self.dataChanged.emit(self.index(0), self.index(len(self._rows) - 1))

    def set_names(self, names: dict[str, str]) -> None:
        """Character names by id: a dice-box roll's line says who rolled (a rule's check names them itself)."""
        if names == self._names:
            return
        self._names = dict(names)
        self._texts.clear()
        if self._filter.needs_text:
            self._refill()
        elif self._rows:
            self.dataChanged.emit(self.index(0), self.index(len(self._rows) - 1))

    # -- lazy rows ------------------------------------------------------------------------------
    def canFetchMore(self, parent: Index = QModelIndex()) -> bool:  # noqa: B008 - Qt's default argument
        """Older records remain above the top row (for the current filter)."""
        return not parent.isValid() and self._unscanned > 0

    def fetchMore(self, parent: Index = QModelIndex()) -> None:  # noqa: B008 - Qt's default argument
        """Prepend the next batch of older rows."""
        if parent.isValid():
            return
        older = self._older_batch()
        if not older:
            return
        self.beginInsertRows(QModelIndex(), 0, len(older) - 1)
        self._rows[0:0] = older
        self.endInsertRows()

    def _older_batch(self) -> list[tuple[int, int]]:
        """Rows of the records just above those already scanned, oldest first."""
        batch: list[list[tuple[int, int]]] = []
        count = 0
        number = self._unscanned
        stop = max(0, number - SCAN_LIMIT)
        while number > stop and count < FETCH_ROWS:
            number -= 1
            rows = self._rows_of(number)
            if rows:
                batch.append(rows)
                count += len(rows)
        self._unscanned = number
        return [row for rows in reversed(batch) for row in rows]

    def _rows_of(self, number: int) -> list[tuple[int, int]]:
        """The record's rows if the filter accepts it, else none."""
        facts = self.facts(number)
        lines = (self.text(number, line) for line in range(facts.lines)) if self._filter.needs_text else ()
        if not self._filter.accepts(facts, lines):
            return []
        return [(number, line) for line in range(facts.lines)]

    def facts(self, number: int) -> RecordFacts:
        found = self._facts.get(number)
        if found is None:
            record = self._records[number]
            found = self._facts[number] = record_facts(record.kind, record.entry)
        return found

    # -- texts --------------------------------------------------------------------------------
    def text(self, number: int, line: int) -> str:
        """One line in the current language, made once."""
        key = (number, line)
        found = self._texts.get(key)
        if found is None:
            found = self._texts[key] = self._make_text(self._records[number], line)
        return found

    def _make_text(self, record: LogRecord, line: int) -> str:
        lang = self._lang
        if line:
            event = record.entry.events[line - 1]
            return INDENT + self._who(event, lang) + event.describe(lang)
        label = record.entry.command.label(lang)
        # The context is the widget's, where these strings have always been translated.
        if record.kind == "undo":
            return QCoreApplication.translate("EventLog", "Undone: {label}").format(label=label)
        if record.kind == "redo":
            return QCoreApplication.translate("EventLog", "Redone: {label}").format(label=label)
        return label

    def _who(self, event: object, lang: str) -> str:
        """ "鷹野 遥（聞き耳）: " before a dice-box roll (a rule's check names its roller itself)."""
        roll = getattr(event, "record", None)
        if roll is None or hasattr(event, "name"):
            return ""
        by = getattr(roll, "by", None) or ""
        if by and by not in self._names:
            return ""  # a rule's roll (a CoC check) names its roller by name and says what it is itself
        name = self._names.get(by, "")
        reason = getattr(roll, "reason", None) or ""
        if reason:
            name = f"{name}（{reason}）" if lang == "ja" else f"{name} ({reason})".lstrip()
        return f"{name}: " if name else ""

    def row_text(self, row: int) -> str:
        return self.text(*self._rows[row])

    def record_lines(self, row: int) -> list[str]:
        """Every line of the record the row belongs to (the command and all its events)."""
        number = self._rows[row][0]
        return [self.text(number, line) for line in range(self.facts(number).lines)]

    def row_record(self, row: int) -> LogRecord:
        return self._records[self._rows[row][0]]

    # -- Qt model ------------------------------------------------------------------------------
    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008 - Qt's default argument
        return 0 if parent.isValid() else len(self._rows)

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if not index.isValid() or not 0 <= index.row() < len(self._rows):
            return None
        number, line = self._rows[index.row()]
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole):
            return self.text(number, line)
        if role == Qt.ItemDataRole.FontRole:
            return self._bold if line == 0 else None
        if role == Qt.ItemDataRole.ForegroundRole:
            return self._undo_brush if self._records[number].kind == "undo" else None
        if role == Qt.ItemDataRole.BackgroundRole:
            return self._secret_brush if line in self.facts(number).secret_lines else None
        return None
