"""The start page: what the GM sees when there is no session to continue —
the very first start, after declining to reopen the session a crash
interrupted, and after File ▸ Close.

It lists the recent sessions with what tells them apart at a glance (name,
ruleset, cycle, characters, last change), says which one was open last, and
offers New…, Open… and the demo.  Nothing is created until the GM picks one.
:func:`app.start_choice.choose_on_start_page` asks until something opens;
start-up and File ▸ Close both use it.

Summaries are read with the store's validating reader, which never writes to a
file, so listing a session cannot disturb it (or one open in another window).
That reader checks every journal row, so a long session would make the page
slow to appear; a summary is therefore kept in the settings folder
(:class:`SummaryCache`) with the file's size and modification time (and its
``-wal``'s), written when the session is closed from its live state, and used
only while those stamps are unchanged — a file changed since is read again.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from app.i18n import Retranslating
from engine.errors import EngineError

if TYPE_CHECKING:
    from app.rulesets.parts import Progress
    from engine.core.state import State

#: The start page's summaries, in the settings folder.
SUMMARY_FILE = "recent-summaries.json"


class StartAction(StrEnum):
    OPEN_RECENT = "open_recent"
    NEW = "new"
    BROWSE = "browse"
    DEMO = "demo"


@dataclass(frozen=True)
class StartChoice:
    """What the GM picked on the start page (``path`` for a recent session)."""

    action: StartAction
    path: Path | None = None


@dataclass(frozen=True)
class SessionSummary:
    """One recent session as the start page lists it."""

    path: Path
    name: str
    ruleset: str | None
    #: the ruleset's round when the game is under way (the Upland's cycle, a CoC fight's round)
    progress: int | None
    characters: int | None
    changed: datetime | None
    problem: str | None = None
    #: what ``progress`` counts (``Progress.unit``)
    unit: str = "cycle"


def _key(path: Path) -> str:
    return str(Path(path).resolve())


def _stamp(path: Path) -> list[list[int] | None]:
    """Size and mtime_ns of the file and of its ``-wal`` (None if absent): any write changes one."""
    stamp: list[list[int] | None] = []
    for part in (path, path.with_name(path.name + "-wal")):
        try:
            info = part.stat()
        except OSError:
            stamp.append(None)
            continue
        stamp.append([info.st_size, info.st_mtime_ns])
    return stamp


class SummaryCache:
    """What the list showed of each session, with the stamps of the file it was read from."""

    def __init__(self, folder: Path | None = None) -> None:
        from engine.store.paths import config_folder

        self.file = (folder if folder is not None else config_folder()) / SUMMARY_FILE
        try:
            data = json.loads(self.file.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            data = {}
        self.entries: dict[str, Any] = data if isinstance(data, dict) else {}

    def get(self, path: Path) -> dict[str, Any] | None:
        """The kept summary fields of ``path`` if the file is exactly as it was then."""
        entry = self.entries.get(_key(path))
        if not isinstance(entry, dict) or entry.get("stamp") != _stamp(path):
            return None
        fields = entry.get("summary")
        # a summary kept by an earlier version (no "unit") is read from the file again
        return fields if isinstance(fields, dict) and "unit" in fields else None

    def put(self, path: Path, ruleset: str | None, progress: Progress | None, characters: int | None) -> None:
        number, unit = (progress.number, progress.unit) if progress is not None else (None, "cycle")
        summary = {"ruleset": ruleset, "progress": number, "unit": unit, "characters": characters}
        self.entries[_key(path)] = {"stamp": _stamp(path), "summary": summary}

    def keep_only(self, paths: list[Path]) -> None:
        """Forget sessions no longer listed (the file stays small)."""
        listed = {_key(p) for p in paths}
        self.entries = {key: value for key, value in self.entries.items() if key in listed}

    def save(self) -> None:
        try:
            self.file.parent.mkdir(parents=True, exist_ok=True)
            self.file.write_text(json.dumps(self.entries, ensure_ascii=False), encoding="utf-8")
        except OSError:
            pass  # a summary is read again next time; nothing is lost


def remember_summary(path: Path, state: State, lang: str = "ja", folder: Path | None = None) -> None:
    """Keep the summary of a session just closed, from its live state (the file is
    final now), so the start page shown next need not read the file back."""
    from app.rulesets import progress_of

    cache = SummaryCache(folder)
    cache.put(Path(path), state.ruleset, progress_of(state, lang), len(state.characters))
    cache.save()


def summarize(path: Path, lang: str = "ja", cache: SummaryCache | None = None) -> SessionSummary:
    """Read what the list shows from the file (or from ``cache`` while the file is
    unchanged), without writing to it; a file that cannot be read is still
    listed, with the reason."""
    from engine.store.reader import Contents, inspect

    path = Path(path)
    # the last write may sit in the -wal (a session still open elsewhere, or left by a crash)
    written = [part[1] for part in _stamp(path) if part is not None]
    changed = datetime.fromtimestamp(max(written) / 1e9) if written else None
    kept = cache.get(path) if cache is not None else None
    if kept is not None:
        return SessionSummary(
            path,
            path.stem,
            kept.get("ruleset"),
            kept.get("progress"),
            kept.get("characters"),
            changed,
            unit=str(kept.get("unit")),
        )
    try:
        found = inspect(path)
    except EngineError as exc:
        return SessionSummary(path, path.stem, None, None, None, changed, exc.text(lang))
    if not isinstance(found, Contents):  # an older format: opening migrates it
        return SessionSummary(path, path.stem, None, None, None, changed)
    from app.rulesets import progress_of

    state = found.state
    progress = progress_of(state, lang)
    if cache is not None:
        cache.put(path, state.ruleset, progress, len(state.characters))
    number, unit = (progress.number, progress.unit) if progress is not None else (None, "cycle")
    return SessionSummary(path, path.stem, state.ruleset, number, len(state.characters), changed, unit=unit)


class StartPage(Retranslating, QDialog):
    """Recent sessions and the three ways to begin; ``choice`` says what was picked."""

    def __init__(self, recent: list[Path], lang: str = "ja", parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("startpage")
        self.choice: StartChoice | None = None
        cache = SummaryCache()
        self.summaries = [summarize(path, lang, cache) for path in recent]
        cache.keep_only(list(recent))
        cache.save()
        self.heading = QLabel()
        heading_font = self.heading.font()
        heading_font.setPointSizeF(heading_font.pointSizeF() * 1.4)
        heading_font.setBold(True)
        self.heading.setFont(heading_font)
        self.recent_label = QLabel()
        #: which session was open last (the first recent one), so the GM knows where they left off
        self.last_label = QLabel()
        self.last_label.setObjectName("startpage-last")
        self.table = QTreeWidget()
        self.table.setRootIsDecorated(False)
        self.table.setColumnCount(5)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.header().setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        self.table.itemActivated.connect(lambda _item, _col: self._open_selected())
        self.open_button = QPushButton()
        self.new_button = QPushButton()
        self.browse_button = QPushButton()
        self.demo_button = QPushButton()
        self.open_button.clicked.connect(self._open_selected)
        self.new_button.clicked.connect(lambda: self._choose(StartChoice(StartAction.NEW)))
        self.browse_button.clicked.connect(lambda: self._choose(StartChoice(StartAction.BROWSE)))
        self.demo_button.clicked.connect(lambda: self._choose(StartChoice(StartAction.DEMO)))
        buttons = QHBoxLayout()
        buttons.addWidget(self.open_button)
        buttons.addStretch(1)
        for button in (self.new_button, self.browse_button, self.demo_button):
            buttons.addWidget(button)
        layout = QVBoxLayout(self)
        layout.addWidget(self.heading)
        layout.addWidget(self.last_label)
        layout.addWidget(self.recent_label)
        layout.addWidget(self.table, 1)
        layout.addStretch(0)  # takes the room of the list while there is none (the texts stay together)
        layout.addLayout(buttons)
        self._lang = lang
        self.resize(760, 420)
        self.retranslate()
        first = self.table.topLevelItem(0)
        if first is not None:
            self.table.setCurrentItem(first)
            self.open_button.setDefault(True)
        else:
            self.new_button.setDefault(True)

    # -- picking ------------------------------------------------------------------
    def _choose(self, choice: StartChoice) -> None:
        self.choice = choice
        self.accept()

    def _open_selected(self) -> None:
        item = self.table.currentItem()
        if item is None:
            return
        path = item.data(0, Qt.ItemDataRole.UserRole)
        self._choose(StartChoice(StartAction.OPEN_RECENT, Path(str(path))))

    def rows(self) -> list[list[str]]:
        """The list as shown (tests read it as the GM would)."""
        out = []
        for index in range(self.table.topLevelItemCount()):
            item = self.table.topLevelItem(index)
            if item is not None:
                out.append([item.text(col) for col in range(self.table.columnCount())])
        return out

    # -- language -------------------------------------------------------------------
    def _ruleset_name(self, ruleset: str | None) -> str:
        from app.rulesets import ruleset_title  # the rulesets' GUI parts: only when a session is listed

        return ruleset_title(ruleset, short=True)

    def _progress_text(self, summary: SessionSummary) -> str:
        """The Upland's cycle or a fight's round; before that, what the ruleset says of it."""
        if summary.progress:
            if summary.unit == "round":
                return self.tr("Round {number}").format(number=summary.progress)
            return self.tr("Cycle {number}").format(number=summary.progress)
        from app.rulesets import parts_for

        idle = parts_for(summary.ruleset).progress_idle if summary.ruleset else None
        return idle() if idle is not None else "—"

    def _fill(self) -> None:
        self.table.clear()
        for summary in self.summaries:
            if summary.problem is not None:
                progress = summary.problem
                people = ""
            else:
                progress = self._progress_text(summary)
                people = str(summary.characters) if summary.characters is not None else "—"
            changed = summary.changed.strftime("%Y-%m-%d %H:%M") if summary.changed is not None else "—"
            item = QTreeWidgetItem([summary.name, self._ruleset_name(summary.ruleset), progress, people, changed])
            item.setData(0, Qt.ItemDataRole.UserRole, str(summary.path))
            item.setToolTip(0, str(summary.path))
            self.table.addTopLevelItem(item)
        for column in range(1, 5):
            self.table.resizeColumnToContents(column)

    def retranslate(self) -> None:
        self.setWindowTitle(self.tr("Start — yobigoe"))
        self.heading.setText(self.tr("What shall we play?"))
        self.recent_label.setText(self.tr("Recent sessions") if self.summaries else self.tr("No recent sessions yet."))
        if self.summaries:
            self.last_label.setText(self.tr("Last open: {name}").format(name=self.summaries[0].name))
        else:
            self.last_label.setText(self.tr("Welcome! Start with the demo to see a session already laid out."))
        self.table.setVisible(bool(self.summaries))
        self.table.setHeaderLabels(
            [self.tr("Name"), self.tr("Ruleset"), self.tr("Progress"), self.tr("Characters"), self.tr("Last change")]
        )
        self.open_button.setText(self.tr("&Continue the selected session"))
        self.open_button.setVisible(bool(self.summaries))
        self.new_button.setText(self.tr("&New session…"))
        self.browse_button.setText(self.tr("&Open a file…"))
        self.demo_button.setText(self.tr("&Demo"))
        self._fill()


__all__ = [
    "SessionSummary",
    "StartAction",
    "StartChoice",
    "StartPage",
    "SummaryCache",
    "remember_summary",
    "summarize",
]
