"""The square under the mouse is lit only while it is true.

A square no longer stays lit after a drag or a context menu until the mouse
moves, and during a marker drag of the investigation's declare step an illegal
square gets no hover at all (a legal one is lit as the drop target)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, Qt, QTimer
from PySide6.QtGui import QContextMenuEvent
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from app.board import BoardScene, BoardView
from app.board.items import Highlight
from app.bridge import SessionBridge
from engine.upland.commands import StartExploration
from engine.upland.procedure import StepId
from engine.upland.slice import cycle_now
from tests.app.rulesets.upland.test_stepper_gui import setup_session


@pytest.fixture
def board(qtbot: QtBot, tmp_path: Path) -> Iterator[tuple[SessionBridge, BoardScene, BoardView]]:
    session = setup_session(tmp_path / "hover.yobigoe").session
    session.dispatch(StartExploration())
    assert cycle_now(session.state) is not None and cycle_now(session.state).step is StepId.DECLARE
    bridge = SessionBridge(session, lang="en")
    scene = BoardScene(bridge)
    view = BoardView(scene)
    qtbot.addWidget(view)
    view.resize(1500, 1050)
    view.show()
    qtbot.waitExposed(view)
    view.fit()
    yield bridge, scene, view


def at(view: BoardView, scene: BoardScene, name: str) -> QPoint:
    return view.mapFromScene(scene.layout.squares[name].center())


def lit_squares(scene: BoardScene) -> set[str]:
    return {item.name for item in scene.frame.squares.values() if item.hovered}


def test_an_illegal_square_gets_no_hover_during_a_marker_drag_and_none_stays_after(qtbot: QtBot, board: tuple) -> None:
    # rule: INV-1 — A1 is no investigation target from C4; C3 (blank, orthogonal) is
    bridge, scene, view = board
    viewport = view.viewport()
    qtbot.mouseMove(viewport, at(view, scene, "A1"))
    assert scene.hovered_square == "A1" and lit_squares(scene) == {"A1"}  # plain hover still works

    marker = scene.marker_item("c2")
    assert marker is not None
    start = view.mapFromScene(marker.scenePos())
    qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, pos=start)
    qtbot.mouseMove(viewport, start + QPoint(12, 12))
    qtbot.mouseMove(viewport, at(view, scene, "A1"))
    assert scene.square_item("A1").highlight is Highlight.NONE  # type: ignore[union-attr]
    assert lit_squares(scene) == set() and scene.hovered_square is None
    qtbot.mouseMove(viewport, at(view, scene, "C3"))
    assert scene.square_item("C3").highlight is Highlight.UNDER  # type: ignore[union-attr]
    assert lit_squares(scene) == set()
    qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, pos=at(view, scene, "C3"))

    assert cycle_now(bridge.state).declarations["c2"].target == "C3"  # type: ignore[union-attr]
    assert lit_squares(scene) == set() and scene.hovered_square is None  # nothing lit after the drop
    assert all(item.highlight is Highlight.NONE for item in scene.frame.squares.values())


def test_no_square_stays_lit_after_a_context_menu(qtbot: QtBot, board: tuple) -> None:
    bridge, scene, view = board
    viewport = view.viewport()
    point = at(view, scene, "B2")
    qtbot.mouseMove(viewport, point)
    assert lit_squares(scene) == {"B2"}
    shown: list[str] = []

    def close_menu() -> None:
        popup = QApplication.activePopupWidget()
        shown.append(popup.objectName() if popup is not None else "")
        if popup is not None:
            popup.close()

    QTimer.singleShot(50, close_menu)
    event = QContextMenuEvent(QContextMenuEvent.Reason.Mouse, point, viewport.mapToGlobal(point))
    QApplication.sendEvent(viewport, event)
    assert len(shown) == 1  # the square's menu was open
    assert lit_squares(scene) == set() and scene.hovered_square is None
    qtbot.mouseMove(viewport, at(view, scene, "B3"))  # the next move lights where the mouse is
    assert lit_squares(scene) == {"B3"}
