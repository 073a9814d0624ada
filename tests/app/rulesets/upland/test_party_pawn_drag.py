"""The party pawn dragged mid-cycle asks first, because in
the Upland the procedure says where the party goes (TIM-4, INV-3); before the
exploration starts the pawn moves freely."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, Qt, QTimer
from PySide6.QtWidgets import QApplication, QMessageBox
from pytestqt.qtbot import QtBot

from app.mainwindow import MainWindow
from engine.upland.commands import StartExploration
from engine.upland.slice import party_of
from tests.app.expedition_window import open_expedition_window


@pytest.fixture
def window(qtbot: QtBot, tmp_path: Path) -> Iterator[MainWindow]:
    win, sessions = open_expedition_window(qtbot, tmp_path)
    win.board_view.fit()
    yield win
    sessions.close()


def drag_party(qtbot: QtBot, win: MainWindow, to: str) -> None:
    view, scene = win.board_view, win.board_scene
    a = view.mapFromScene(scene.party_item.sceneBoundingRect().center())
    b = view.mapFromScene(scene.layout.squares[to].center())
    viewport = view.viewport()
    qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, a)
    qtbot.mouseMove(viewport, a + QPoint(12, 12))
    qtbot.mouseMove(viewport, b)
    qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, b)


def answer_with(button_text: str, seen: list[str]) -> None:
    def press() -> None:
        box = QApplication.activeModalWidget()
        if not isinstance(box, QMessageBox):
            return
        seen.append(box.text())
        next(b for b in box.buttons() if b.text() == button_text).click()

    QTimer.singleShot(50, press)


def test_tim4_a_mid_cycle_party_drag_asks_and_leave_it_keeps_the_party(qtbot: QtBot, window: MainWindow) -> None:
    win, bridge = window, window.bridge
    bridge.dispatch(StartExploration(), origin="stepper")
    seen: list[str] = []
    answer_with("Leave it", seen)
    drag_party(qtbot, win, "C3")
    assert seen and "C3" in seen[0] and "TIM-4" in seen[0]
    assert party_of(bridge.state) == "C4"
    answer_with("Move it", seen)
    drag_party(qtbot, win, "C3")
    assert len(seen) == 2 and party_of(bridge.state) == "C3"


def test_before_the_exploration_the_party_moves_without_a_question(qtbot: QtBot, window: MainWindow) -> None:
    win, bridge = window, window.bridge
    seen: list[str] = []
    answer_with("Leave it", seen)
    drag_party(qtbot, win, "C3")
    qtbot.wait(100)
    assert not seen and party_of(bridge.state) == "C3"


def test_tim4_in_the_time_phase_a_party_drag_is_that_move_with_its_fatigue(qtbot: QtBot, window: MainWindow) -> None:
    from engine.upland.commands import ChooseMove, ResolveInvestigation
    from engine.upland.procedure import StepId
    from engine.upland.slice import cycle_now

    win, bridge = window, window.bridge
    bridge.dispatch(StartExploration(), origin="stepper")
    for character in bridge.state.characters:  # everyone declares "no action" (INV-1)
        from engine.upland.commands import DeclareAction

        bridge.dispatch(DeclareAction(character=character, action="none"), origin="stepper")
    bridge.dispatch(ResolveInvestigation(), origin="stepper")
    assert cycle_now(bridge.state).step is StepId.CHOOSE  # type: ignore[union-attr]
    seen: list[str] = []
    answer_with("Leave it", seen)
    drag_party(qtbot, win, "C3")
    qtbot.wait(100)
    assert not seen  # no "move by hand?" question: the drop is the time phase's move
    assert party_of(bridge.state) == "C3" and isinstance(bridge.session.done[-1].command, ChooseMove)
    assert any("TIM-5" in e.describe("ja") for e in bridge.session.done[-1].events)  # its fatigue paid
