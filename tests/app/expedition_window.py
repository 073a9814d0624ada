"""The GM's main window on the stepper tests' expedition, shown and fitted: the
starting point of the table tests that drive the whole window."""

from __future__ import annotations

from pathlib import Path

from pytestqt.qtbot import QtBot

from app.bridge import SessionBridge
from app.dialogs.prompts import Prompts
from app.mainwindow import MainWindow
from app.sessions import SessionController
from engine.store import RecentFiles
from tests.app.rulesets.upland.test_stepper_gui import setup_session


def open_expedition_window(qtbot: QtBot, tmp_path: Path) -> tuple[MainWindow, SessionController]:
    """A 1600×1000 window on a fresh copy of the expedition (Japanese); close the controller after."""
    session_file = setup_session(tmp_path / "expedition.yobigoe")
    bridge = SessionBridge(session_file.session, lang="ja")
    sessions = SessionController(bridge, RecentFiles())
    sessions.adopt(session_file)
    win = MainWindow(bridge, sessions, prompts=Prompts())
    qtbot.addWidget(win)
    win.resize(1600, 1000)
    win.show()
    qtbot.waitExposed(win)
    return win, sessions
