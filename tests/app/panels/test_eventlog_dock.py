"""The newest log rows stay in sight in a short dock.

Found trying the program at a 1280-pixel-wide window (the docks in one
tabbed column): after a refusal, the wrapped red line above the log made the
dock's scroll area size the panel to its preferred height, and the list's
bottom — the newest rows — fell below the dock's edge."""

from __future__ import annotations

from PySide6.QtCore import QPoint
from PySide6.QtWidgets import QScrollArea
from pytestqt.qtbot import QtBot

from engine.table.commands import MoveCard
from engine.table.places import square
from tests.app.board.test_table_board import make_window


def test_after_a_refusal_the_newest_row_is_still_inside_a_short_dock(qtbot: QtBot) -> None:
    window = make_window(qtbot, (1280, 720))
    window.log_dock.raise_()
    log = window.eventlog
    bridge = window.bridge
    card = bridge.state.squares["C4"][0]
    bridge.dispatch(MoveCard(card=card, to=square("D3")))
    # refused: Upland's dice bot is not CoC's (the line stays until the GM's next command is taken)
    bridge.dispatch({"type": "roll", "command": "CCB<=50"})
    qtbot.waitUntil(lambda: log.refusal.isVisible() and log.list.count() == log.model.rowCount())
    qtbot.wait(50)
    area = window.log_dock.widget()
    assert isinstance(area, QScrollArea)
    viewport = area.viewport()
    assert log.refusal.height() > log.refusal.fontMetrics().lineSpacing() * 1.5  # wrapped over lines
    newest = log.list.model().index(log.list.model().rowCount() - 1, 0)
    rect = log.list.visualRect(newest)
    bottom = log.list.viewport().mapTo(viewport, QPoint(rect.left(), rect.bottom()))
    assert 0 <= bottom.y() <= viewport.height()  # the newest row is where the GM can see it
    assert "D3" in log.lines()[-1]
