"""File ▸ New from a ruleset B session with a combat running to a ruleset A one:
the docks of the old session go with it, and the commands of the new one raise
no exception anywhere in the window (any exception fails this test: see
tests/conftest.py)."""

from __future__ import annotations

from pathlib import Path

from pytestqt.qtbot import QtBot

from app.bridge import SessionBridge
from app.dialogs.prompts import Prompts
from app.mainwindow import MainWindow
from app.sessions import RecentFiles, SessionController
from engine.rulesets.registry import parse_command
from engine.store.session_file import SessionFile
from engine.table.commands import NewSession

BASE = {"STR": 12, "CON": 12, "POW": 11, "DEX": 10, "APP": 10, "SIZ": 13, "INT": 13, "EDU": 14}


class Answers(Prompts):
    def __init__(self) -> None:
        super().__init__()
        self.new_command: NewSession | None = None

    def new_session(self, lang: str) -> NewSession | None:
        return self.new_command


def party(bridge: SessionBridge) -> None:
    commands: list[dict[str, object]] = []
    for name, npc in (("ミナ", False), ("教団員", True)):
        commands.append({"type": "add_character", "name": name})
        commands.append({"type": "coc_new_investigator", "character": name, "characteristics": BASE, "npc": npc})
    commands += [{"type": "coc_start_combat", "characters": ["ミナ", "教団員"]}, {"type": "coc_next_turn"}]
    for command in commands:
        assert bridge.dispatch(parse_command(command)), command


def test_file_new_from_b_to_a_leaves_no_dead_widget_behind(qtbot: QtBot, tmp_path: Path) -> None:
    session_file = SessionFile.create(tmp_path / "b.yobigoe", NewSession(ruleset="coc6-b", seed=3))
    bridge = SessionBridge(session_file.session, lang="ja")
    sessions = SessionController(bridge, RecentFiles())
    sessions.adopt(session_file, tmp_path / "b.yobigoe")
    answers = Answers()
    window = MainWindow(bridge, sessions, prompts=answers)
    qtbot.addWidget(window)
    window.show()
    party(bridge)
    window.characters.select("c1")
    assert window.characters.edit_sheet()  # a sheet window open when the session goes
    answers.new_command = NewSession(ruleset="coc6-a", seed=4)
    window.new_action.trigger()
    assert window.bridge.state.ruleset == "coc6-a" and window.characters.sheet_windows == {}
    party(window.bridge)
    qtbot.wait(20)  # let queued repaints and deferred deletes run
    assert window.bridge.undo() and window.bridge.redo()
