"""Every refusal is shown where the GM acted — a balloon at the
drop point or beside the field — and kept under the event log, not only in the
status bar."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QCursor
from PySide6.QtWidgets import QApplication, QToolTip
from pytestqt.qtbot import QtBot

from app.common.refusal_notice import balloon_text
from app.mainwindow import MainWindow
from engine.upland.commands import StartExploration
from tests.app.expedition_window import open_expedition_window
from tests.app.rulesets.upland.test_stepper_gui import drag_marker


@pytest.fixture
def window(qtbot: QtBot, tmp_path: Path) -> Iterator[MainWindow]:
    win, sessions = open_expedition_window(qtbot, tmp_path)
    bridge = win.bridge
    win.activateWindow()
    win.board_view.fit()
    bridge.dispatch(StartExploration(), origin="stepper")
    yield win
    sessions.close()


def test_a_refused_drop_is_said_in_a_balloon_at_the_drop_point_and_under_the_log(
    qtbot: QtBot, window: MainWindow
) -> None:
    win = window
    before = win.bridge.state
    target = win.board_view.viewport().mapToGlobal(
        win.board_view.mapFromScene(win.board_scene.layout.squares["E2"].center())
    )
    QCursor.setPos(target)  # where the real mouse is when the GM lets go
    drag_marker(qtbot, win, "c1", "E2")  # a vision needs a heart: アイリン has none (INV-4)
    assert win.bridge.state is before
    expected = "アイリンはハートを持っていません。幻視は手札のハートを裏向きのカードに置きます（INV-4）。"
    assert QToolTip.isVisible() and QToolTip.text() == balloon_text(expected)
    assert (win.last_refusal_at - QCursor.pos()).manhattanLength() <= 2
    assert expected in win.eventlog.refusal.text() and win.eventlog.refusal.isVisibleTo(win.eventlog)
    assert win.statusBar().currentMessage() == expected  # still said there too


def test_a_refused_roll_is_said_beside_the_dice_field(qtbot: QtBot, window: MainWindow) -> None:
    win = window
    field = win.dicebox.command
    field.setFocus()
    qtbot.waitUntil(field.hasFocus)
    field.setText("CCB<=60")  # not a roll of this ruleset
    qtbot.keyClick(field, Qt.Key.Key_Return)
    message = win.statusBar().currentMessage()
    assert message
    assert QToolTip.isVisible() and QToolTip.text() == balloon_text(message)
    below_field = field.mapToGlobal(QPoint(0, field.height()))
    assert win.last_refusal_at == below_field
    assert message in win.eventlog.refusal.text()


def test_the_refusal_line_leaves_the_log_once_the_gm_acts_successfully(qtbot: QtBot, window: MainWindow) -> None:
    from engine.table.commands import AddNote

    win = window
    drag_marker(qtbot, win, "c1", "E2")  # refused: アイリン has no heart (INV-4)
    assert win.eventlog.refusal.isVisibleTo(win.eventlog)
    assert win.bridge.dispatch(AddNote(text="next"))
    assert not win.eventlog.refusal.isVisibleTo(win.eventlog)


def test_the_drop_points_balloon_takes_no_click_so_the_next_drag_starts_under_it(
    qtbot: QtBot, window: MainWindow
) -> None:
    from PySide6.QtCore import Qt as QtNs

    win = window
    drag_marker(qtbot, win, "c1", "E2")  # refused: the balloon at the drop point
    tips = [w for w in QApplication.topLevelWidgets() if w.inherits("QTipLabel") and w.isVisible()]
    assert tips and all(w.testAttribute(QtNs.WidgetAttribute.WA_TransparentForMouseEvents) for w in tips)
    assert all(w.windowFlags() & QtNs.WindowType.WindowTransparentForInput for w in tips)
