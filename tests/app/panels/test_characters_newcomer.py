"""A character that joins by another way than the characters panel (a CoC import from the
ruleset's menu, a script) is shown at once: its row is selected and the characters dock comes
to the front of the tab it shares with the dice box and the log."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QTabBar
from pytestqt.qtbot import QtBot

from app.bridge import SessionBridge
from app.dialogs.prompts import Prompts
from app.mainwindow import MainWindow
from app.rulesets.coc6.parts import import_document
from app.sessions import RecentFiles, SessionController
from engine.store.session_file import SessionFile
from engine.table.commands import NewSession

DATA = Path(__file__).resolve().parents[2] / "data" / "coc6"


def front_tabs(window: MainWindow) -> set[str]:
    return {bar.tabText(bar.currentIndex()) for bar in window.findChildren(QTabBar) if bar.count() > 1}


def test_an_imported_investigator_is_selected_and_the_characters_tab_comes_to_the_front(
    qtbot: QtBot, tmp_path: Path
) -> None:
    session_file = SessionFile.create(tmp_path / "b.yobigoe", NewSession(ruleset="coc6-b", seed=3))
    bridge = SessionBridge(session_file.session, lang="ja")
    sessions = SessionController(bridge, RecentFiles())
    sessions.adopt(session_file, tmp_path / "b.yobigoe")
    window = MainWindow(bridge, sessions, prompts=Prompts())
    qtbot.addWidget(window)
    window.show()
    window.dice_dock.raise_()
    characters = window.characters_dock.windowTitle()
    assert characters not in front_tabs(window)
    assert import_document((DATA / "ccfolia_yuki.json").read_text(encoding="utf-8"), bridge)
    assert characters in front_tabs(window)
    assert window.characters.selected_id() == next(iter(bridge.state.characters))
