"""File ▸ New into another ruleset's session in the same window (as File ▸ Close then New does):
the docks are laid out as a first start of that ruleset lays them out, and a session with the
card table shows its card board again, not the battle page the last session was left on."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QDockWidget
from pytestqt.qtbot import QtBot

from app.bridge import SessionBridge
from app.dialogs.prompts import Prompts
from app.mainwindow import MainWindow
from app.sessions import RecentFiles, SessionController
from engine.store.session_file import SessionFile
from engine.table.commands import NewSession


class Answers(Prompts):
    def __init__(self) -> None:
        super().__init__()
        self.new_command: NewSession | None = None

    def new_session(self, lang: str) -> NewSession | None:
        return self.new_command


def window_on(qtbot: QtBot, tmp_path: Path, ruleset: str) -> tuple[MainWindow, Answers]:
    session_file = SessionFile.create(tmp_path / f"{ruleset}.yobigoe", NewSession(ruleset=ruleset, seed=3))
    bridge = SessionBridge(session_file.session, lang="ja")
    sessions = SessionController(bridge, RecentFiles())
    sessions.adopt(session_file, tmp_path / f"{ruleset}.yobigoe")
    answers = Answers()
    window = MainWindow(bridge, sessions, prompts=answers)
    qtbot.addWidget(window)
    window.resize(1280, 720)  # a narrow window: one tabbed column of docks on the right
    window.show()
    return window, answers


def tabbed_with(window: MainWindow, dock: QDockWidget) -> list[str]:
    return [d.objectName() for d in window.tabifiedDockWidgets(dock)]


def test_a_keepers_session_after_an_upland_one_gets_the_keepers_layout(qtbot: QtBot, tmp_path: Path) -> None:
    window, answers = window_on(qtbot, tmp_path, "upland")
    assert window.layout_memory.compact and window.stepper_dock is not None
    assert window.characters_dock.objectName() in tabbed_with(window, window.stepper_dock)
    answers.new_command = NewSession(ruleset="coc6-b", seed=4)
    window.new_action.trigger()
    assert window.bridge.state.ruleset == "coc6-b"
    # the characters no longer stand alone where the Upland's stepper was: they join the dice box's tabs
    assert window.characters_dock.objectName() in tabbed_with(window, window.dice_dock)
    tracker = window.ruleset_docks.main_dock()
    assert tracker is not None and tracker.objectName() == "dock-coc-tracker"
    qtbot.wait(20)
    assert window.dice_dock.height() >= 200  # the dice box keeps room beside the tracker


def test_an_upland_session_after_a_keepers_one_shows_its_card_board(qtbot: QtBot, tmp_path: Path) -> None:
    window, answers = window_on(qtbot, tmp_path, "coc6-b")
    assert window.pages.showing_battle  # a keeper's session has only the battle page
    answers.new_command = NewSession(ruleset="upland", seed=4)
    window.new_action.trigger()
    assert window.bridge.state.ruleset == "upland"
    assert not window.pages.showing_battle and window.pages.isTabVisible(0)
