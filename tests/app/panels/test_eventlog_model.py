"""The event log stays cheap in long sessions: it builds only the rows
it shows, fetches older ones in batches when scrolled to the top, never
re-measures the other rows on an append, and adds an outcome only after the
window has repainted.  Structure, not timing: counts of what was built."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QEvent, QModelIndex, QObject, QPersistentModelIndex, QSize
from PySide6.QtWidgets import QApplication, QStyledItemDelegate, QStyleOptionViewItem

from app.bridge import SessionBridge
from app.panels.eventlog import EventLog
from app.panels.log_model import FETCH_ROWS, MAX_ROWS
from engine.core.session import Session
from engine.table.commands import AddCharacter, DealCard, FlipCard, MoveCard, NewSession, TapCard
from engine.table.places import square


def long_session(commands: int) -> Session:
    """A party of two and two cards on the map, then taps and flips up to ``commands``."""
    session = Session()
    session.dispatch(NewSession(seed=11, cols=5, rows=5, gate="C5"))
    session.dispatch(AddCharacter(name="鷹野 遥", color="#d64541"))
    session.dispatch(AddCharacter(name="九条 蒼", color="#3a7bd5"))
    session.dispatch(DealCard(square="C4"))
    session.dispatch(DealCard(square="B4"))
    cards = [session.state.squares["C4"][0], session.state.squares["B4"][0]]
    n = 0
    while len(session.done) < commands:
        card = cards[n % 2]
        session.dispatch(TapCard(card=card) if n % 3 else FlipCard(card=card))
        n += 1
    return session


def shown_log(qtbot: object, bridge: SessionBridge, height: int = 400) -> EventLog:
    log = EventLog(bridge)
    qtbot.addWidget(log)  # type: ignore[attr-defined]
    log.resize(320, height)
    log.show()
    qtbot.waitExposed(log)  # type: ignore[attr-defined]
    for _ in range(5):
        QApplication.processEvents()
    return log


def visible_rows(log: EventLog) -> int:
    view = log.list
    return view.viewport().height() // max(1, view.sizeHintForRow(0)) + 2


def test_a_10000_command_session_opens_with_one_batch_of_rows_and_only_the_visible_texts(qtbot: object) -> None:
    session = long_session(10_000)
    bridge = SessionBridge(session, lang="en")
    log = shown_log(qtbot, bridge)
    model = log.model
    assert model.record_count == 10_000
    # One batch of the newest rows, not 10,000 commands' worth (≈ 20,000 lines).
    assert 0 < model.rowCount() <= FETCH_ROWS + 2
    assert model.examined_records <= FETCH_ROWS
    # Texts exist only for the rows that were painted.
    assert 0 < model.built_lines <= visible_rows(log)
    # The newest command is at the bottom, in view.
    last = session.done[-1]
    assert log.lines()[-1 - len(last.events)] == last.command.label("en")
    bottom = log.list.indexAt(log.list.viewport().rect().bottomLeft() - log.list.viewport().rect().topLeft())
    assert bottom.isValid() and bottom.row() >= model.rowCount() - 2


def test_scrolling_to_the_top_fetches_one_older_batch_and_keeps_the_rows_in_view(qtbot: object) -> None:
    session = long_session(2_000)
    log = shown_log(qtbot, SessionBridge(session, lang="en"))
    model, view = log.model, log.list
    before = model.rowCount()
    top_text = model.row_text(0)
    view.verticalScrollBar().setValue(0)
    qtbot.waitUntil(lambda: model.rowCount() > before)  # type: ignore[attr-defined]
    added = model.rowCount() - before
    assert added <= FETCH_ROWS + 2
    # The row that was at the top is still the one at the top of the view.
    assert model.row_text(view.indexAt(view.viewport().rect().topLeft()).row()) == top_text
    assert model.row_text(added) == top_text
    # Still far from all of it.
    assert model.rowCount() < 2 * (FETCH_ROWS + 2) < len(session.done)


class CountingDelegate(QStyledItemDelegate):
    """Counts how often the view measures a row."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.measured = 0

    def sizeHint(self, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex) -> QSize:
        self.measured += 1
        return super().sizeHint(option, index)


def append_one(log: EventLog, bridge: SessionBridge, card: str) -> None:
    assert bridge.dispatch(TapCard(card=card))
    log.flush()
    for _ in range(5):
        QApplication.processEvents()


def test_appending_a_row_does_not_measure_the_others(qtbot: object) -> None:
    session = long_session(300)
    bridge = SessionBridge(session, lang="en")
    log = shown_log(qtbot, bridge)
    view = log.list
    delegate = CountingDelegate(view)
    view.setItemDelegate(delegate)
    card = session.state.squares["C4"][0]
    append_one(log, bridge, card)
    rows = log.model.rowCount()
    assert rows > 200
    delegate.measured = 0
    append_one(log, bridge, card)
    assert log.model.rowCount() == rows + 2  # the tap and its event
    assert delegate.measured <= 2  # the first row's size stands for every row
    # The same append in a list that measures each row (what the log did before)
    # measures them all: the count above is what the uniform rows buy.
    view.setUniformItemSizes(False)
    append_one(log, bridge, card)
    delegate.measured = 0
    append_one(log, bridge, card)
    assert delegate.measured >= rows


def test_an_outcome_reaches_the_log_after_the_board_repainted(qtbot: object, tmp_path: Path) -> None:
    from app.mainwindow import MainWindow
    from app.sessions import SessionController
    from engine.store import RecentFiles, SessionFile

    session_file = SessionFile.create(tmp_path / "t.yobigoe", NewSession(seed=3))
    session_file.session.dispatch(DealCard(square="C4"))
    bridge = SessionBridge(session_file.session, lang="en")
    sessions = SessionController(bridge, RecentFiles())
    sessions.adopt(session_file)
    window = MainWindow(bridge, sessions)
    qtbot.addWidget(window)  # type: ignore[attr-defined]
    window.show()
    qtbot.waitExposed(window)  # type: ignore[attr-defined]
    for _ in range(10):
        QApplication.processEvents()
    model = window.eventlog.model
    rows_at_paint: list[int] = []

    class PaintSpy(QObject):
        def eventFilter(self, watched: QObject, event: QEvent) -> bool:
            if event.type() == QEvent.Type.Paint:
                rows_at_paint.append(model.rowCount())
            return False

    spy = PaintSpy(window)
    window.board_view.viewport().installEventFilter(spy)
    before = model.rowCount()
    card = bridge.state.squares["C4"][0]
    assert bridge.dispatch(MoveCard(card=card, to=square("D2")), origin="board")
    assert model.rowCount() == before  # not yet: the board paints first
    qtbot.waitUntil(lambda: model.rowCount() > before)  # type: ignore[attr-defined]
    assert rows_at_paint and rows_at_paint[0] == before
    assert window.eventlog.lines()[before] == MoveCard(card=card, to=square("D2")).label("en")
    sessions.close()


def expected_lines(session: Session, lang: str = "en") -> list[str]:
    lines: list[str] = []
    for entry in session.done:
        lines.append(entry.command.label(lang))
        lines.extend("    " + event.describe(lang) for event in entry.events)
    return lines


def test_a_log_followed_through_a_long_evening_keeps_a_bounded_window_and_gives_back_the_rest(
    qtbot: object,
) -> None:
    session = long_session(10)
    bridge = SessionBridge(session, lang="en")
    log = shown_log(qtbot, bridge)
    card = session.state.squares["C4"][0]
    for n in range(1_000):
        assert bridge.dispatch(TapCard(card=card))
        if n % 25 == 0:
            log.flush()
            QApplication.processEvents()
    log.flush()
    QApplication.processEvents()
    model, view = log.model, log.list
    assert model.rowCount() <= MAX_ROWS + 2  # not 2,020 rows
    assert view.following and log.lines()[-2:] == expected_lines(session)[-2:]
    # Scrolling up brings the older rows back, in order, with nothing lost or doubled.
    for _ in range(20):
        if not model.canFetchMore(QModelIndex()):
            break
        view.verticalScrollBar().setValue(0)
        view.fetch_older()
    assert not model.canFetchMore(QModelIndex())
    assert log.lines() == expected_lines(session)
