"""File ▸ New from a coc6-b session to a coc6-a one: the old tracker and pool docks go away
without leaving slots on the bridge, so later commands raise nothing in the GUI."""

from __future__ import annotations

from pathlib import Path

from pytestqt.qtbot import QtBot

from engine.table.commands import NewSession
from tests.app.test_sessions_gui import Answers
from tests.app.window.test_card_table import window_for


def test_new_from_b_to_a_leaves_no_dead_tracker_behind(qtbot: QtBot, tmp_path: Path) -> None:
    window = window_for(qtbot, tmp_path, "coc6-b")
    answers = window.prompts
    assert isinstance(answers, Answers)
    answers.new_command = NewSession(ruleset="coc6-a", seed=7)
    assert window.new_session()
    qtbot.wait(50)  # the old docks' deleteLater runs
    window.bridge.dispatch({"type": "add_character", "name": "ミナ"})
    window.bridge.dispatch(
        {
            "type": "coc_new_investigator",
            "character": "ミナ",
            "characteristics": {"STR": 12, "CON": 12, "POW": 12, "DEX": 12, "APP": 12, "SIZ": 12, "INT": 12, "EDU": 12},
        }
    )
    window.bridge.dispatch({"type": "coc_add_chip", "chip": 10})
    assert window.bridge.state.ruleset == "coc6-a"
