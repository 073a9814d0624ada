"""A ruleset without the card table gets none of it in the GUI: its GUI part says
``Ruleset.card_table=False`` (CoC), so the GM window's central area is the battle map
alone, the players' window shows the battle map and never the card board, the
Edit menu has no Tap/Flip (nor their keys), and New Session asks no map size or
gate and puts no party token on a gate.  An Upland session keeps all of it."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtGui import QAction
from pytestqt.qtbot import QtBot

from app.bridge import SessionBridge
from app.dialogs.new_session import NewSessionDialog
from app.mainwindow import MainWindow
from app.rulesets import has_card_table
from app.sessions import SessionController
from engine.store import RecentFiles, SessionFile
from engine.table.commands import NewSession
from engine.upland.slice import gate_of, party_of
from tests.app.test_sessions_gui import Answers


def window_for(qtbot: QtBot, tmp_path: Path, ruleset: str) -> MainWindow:
    session_file = SessionFile.create(tmp_path / f"{ruleset}.yobigoe", NewSession(ruleset=ruleset, seed=3))
    bridge = SessionBridge(session_file.session, lang="en")
    sessions = SessionController(bridge, RecentFiles())
    sessions.adopt(session_file)
    window = MainWindow(bridge, sessions, prompts=Answers())
    qtbot.addWidget(window)
    window.resize(1400, 900)
    window.show()
    qtbot.waitExposed(window)
    return window


def edit_entries(window: MainWindow) -> list[QAction]:
    """What the GM sees in the Edit menu (separators left out)."""
    return [a for a in window.edit_menu.actions() if a.isVisible() and not a.isSeparator()]


def test_the_parts_say_which_rulesets_play_on_the_card_table() -> None:
    assert has_card_table("upland")
    assert not has_card_table("coc6-a") and not has_card_table("coc6-b")


def test_a_coc6_b_session_shows_no_card_board_on_the_gm_window_or_the_projector(qtbot: QtBot, tmp_path: Path) -> None:
    window = window_for(qtbot, tmp_path, "coc6-b")
    assert not window.pages.isTabVisible(0) and window.pages.showing_battle
    assert not window.board_view.isVisible() and window.battle_view.isVisible()
    assert edit_entries(window) == [window.undo_action, window.redo_action]
    assert not window.tap_action.isEnabled() and not window.flip_action.isEnabled()  # nor their keys
    projector = window.show_player_view(fullscreen=False)
    qtbot.waitExposed(projector)
    assert projector.showing_battle
    assert not projector.view.isVisible() and projector.battle_view.isVisible()
    window.players.hide()


def test_an_upland_session_keeps_the_card_board_and_tap_flip(qtbot: QtBot, tmp_path: Path) -> None:
    window = window_for(qtbot, tmp_path, "upland")
    assert window.pages.isTabVisible(0) and not window.pages.showing_battle
    assert window.board_view.isVisible()
    assert edit_entries(window) == [window.undo_action, window.redo_action, window.tap_action, window.flip_action]
    projector = window.show_player_view(fullscreen=False)
    qtbot.waitExposed(projector)
    assert not projector.showing_battle and projector.view.isVisible()
    window.players.hide()


def test_new_brings_the_card_board_and_goes_again_with_the_ruleset(qtbot: QtBot, tmp_path: Path) -> None:
    # rule: MAP-1 — only a ruleset on the card table gets its party token on the gate
    window = window_for(qtbot, tmp_path, "upland")
    answers = window.prompts
    assert isinstance(answers, Answers)
    answers.new_command = NewSession(ruleset="coc6-a", seed=7)
    assert window.new_session()
    assert window.bridge.state.ruleset == "coc6-a" and party_of(window.bridge.state) is None
    assert not window.pages.isTabVisible(0) and window.pages.showing_battle
    assert window.tap_action not in edit_entries(window)
    answers.new_command = NewSession(ruleset="upland", seed=7)
    assert window.new_session()
    assert party_of(window.bridge.state) == gate_of(window.bridge.state)
    assert window.pages.isTabVisible(0) and window.tap_action in edit_entries(window)


def test_new_session_for_coc6_asks_no_map_size_or_gate(qtbot: QtBot) -> None:
    dialog = NewSessionDialog("en")
    qtbot.addWidget(dialog)
    size_row, gate_row = 2, 3
    assert dialog.form.isRowVisible(size_row) and dialog.form.isRowVisible(gate_row)  # the Upland's
    for ruleset in ("coc6-a", "coc6-b"):
        dialog.ruleset.setCurrentIndex(dialog.ruleset.findData(ruleset))
        assert not dialog.form.isRowVisible(size_row) and not dialog.form.isRowVisible(gate_row)
        dialog.cols.setValue(9)  # left over from the Upland: not asked, not sent
        command = dialog.command()
        assert (command.ruleset, command.cols, command.rows, command.setup) == (ruleset, 5, 5, {})
    dialog.ruleset.setCurrentIndex(dialog.ruleset.findData("upland"))
    assert dialog.form.isRowVisible(size_row) and dialog.command().cols == 9


def test_deferred_panels_follow_the_first_paint_of_the_battle_board(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Without the card board, the battle board is what paints first: the panels
    are built after it, not after the safety-net timer."""
    monkeypatch.setattr("app.mainwindow.PANELS_FALLBACK_MS", 600_000)
    session_file = SessionFile.create(tmp_path / "coc.yobigoe", NewSession(ruleset="coc6-b", seed=3))
    bridge = SessionBridge(session_file.session, lang="en")
    sessions = SessionController(bridge, RecentFiles())
    sessions.adopt(session_file)
    window = MainWindow(bridge, sessions, prompts=Answers(), defer_panels=True)
    qtbot.addWidget(window)
    assert not window.panels_ready
    window.show()
    qtbot.waitUntil(lambda: window.panels_ready, timeout=10_000)
    assert window.ruleset_docks.dock("coc-tracker") is not None


def test_a_coc_character_list_counts_no_hands_an_upland_one_does(qtbot: QtBot, tmp_path: Path) -> None:
    from engine.table.commands import AddCharacter

    for ruleset, counted in (("coc6-b", False), ("upland", True)):
        window = window_for(qtbot, tmp_path, ruleset)
        assert window.bridge.dispatch(AddCharacter(name="ミナ"))
        rows = [window.characters.list.item(i).text() for i in range(window.characters.list.count())]
        assert rows and rows[0].startswith("1. ミナ")
        assert ("(hand: 0)" in rows[0]) is counted
