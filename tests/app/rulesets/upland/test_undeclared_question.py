"""Resolve with undeclared characters asks first (INV-1).

With one of four declared, Ctrl+Enter does not take the others as "no action":
a question names them; "Go back" leaves everything as it was, the other answer
declares "no action" for each (logged) and then resolves.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QApplication, QMessageBox
from pytestqt.qtbot import QtBot

from app.mainwindow import MainWindow
from engine.upland.commands import DeclareAction, StartExploration
from engine.upland.procedure import Action, StepId
from engine.upland.slice import cycle_now
from tests.app.expedition_window import open_expedition_window

CTRL = Qt.KeyboardModifier.ControlModifier


@pytest.fixture
def window(qtbot: QtBot, tmp_path: Path) -> Iterator[MainWindow]:
    win, sessions = open_expedition_window(qtbot, tmp_path)
    bridge = win.bridge
    bridge.dispatch(StartExploration(), origin="stepper")
    bridge.dispatch(DeclareAction(character="c1", action=Action.SCOUT, target="C3"), origin="stepper")
    win.activateWindow()
    win.board_view.setFocus()
    yield win
    sessions.close()


def answer_with(button_text: str, seen: list[str]) -> None:
    """When the question comes up, remember its text and press the named button."""

    def press() -> None:
        box = QApplication.activeModalWidget()
        if not isinstance(box, QMessageBox):
            return  # no question came up: ``seen`` stays empty and the test says so
        seen.append(box.text())
        chosen = next(b for b in box.buttons() if button_text in b.text())
        chosen.click()

    QTimer.singleShot(50, press)


def test_inv1_ctrl_enter_with_undeclared_characters_asks_and_go_back_changes_nothing(
    qtbot: QtBot, window: MainWindow
) -> None:
    win, bridge = window, window.bridge
    before = bridge.state
    seen: list[str] = []
    status: list[str] = []
    win.stepper.status_message.connect(status.append)
    answer_with("Go back", seen)
    qtbot.keyClick(win.board_view, Qt.Key.Key_Return, CTRL)
    # the question names exactly the three who have not declared
    assert seen and "ロイ" in seen[0] and "ミナ" in seen[0] and "ケイ" in seen[0] and "アイリン" not in seen[0]
    assert bridge.state is before  # nothing resolved, nobody declared for
    assert cycle_now(bridge.state).step is StepId.DECLARE  # type: ignore[union-attr]
    assert set(cycle_now(bridge.state).declarations) == {"c1"}  # type: ignore[union-attr]
    assert "ロイ" in status[-1]


def test_inv1_declaring_no_action_for_the_others_then_resolves_and_logs_each(qtbot: QtBot, window: MainWindow) -> None:
    win, bridge = window, window.bridge
    seen: list[str] = []
    answer_with("no action", seen)
    qtbot.keyClick(win.board_view, Qt.Key.Key_Return, CTRL)
    assert seen
    # resolved: the investigation is over, c1's scout dealt a card onto C3
    assert cycle_now(bridge.state).step is not StepId.DECLARE  # type: ignore[union-attr]
    assert bridge.state.squares.get("C3")
    log = "\n".join(win.eventlog.lines())
    for name in ("ロイ", "ミナ", "ケイ"):
        assert any(name in line and "行動なし" in line for line in log.splitlines()), log


def test_inv1_all_declared_resolves_without_a_question(qtbot: QtBot, window: MainWindow) -> None:
    win, bridge = window, window.bridge
    for cid in ("c2", "c3", "c4"):
        bridge.dispatch(DeclareAction(character=cid, action=Action.NONE), origin="stepper")
    asked: list[str] = []
    answer_with("Go back", asked)  # would press Go back if a question came up
    qtbot.keyClick(win.board_view, Qt.Key.Key_Return, CTRL)
    qtbot.wait(100)
    assert not asked
    assert cycle_now(bridge.state).step is not StepId.DECLARE  # type: ignore[union-attr]
