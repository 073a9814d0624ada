"""The keeper's physical dice (出目入力, DICE-2) in the real GM window: typed into the
dice box, they are the dice of the next skill rolled from a sheet, as they are of the
box's own roll; and a SAN roll shows its loss die in the dice box beside the check."""

from __future__ import annotations

from pathlib import Path

from pytestqt.qtbot import QtBot

from app.bridge import SessionBridge
from app.dialogs.prompts import Prompts
from app.mainwindow import MainWindow
from app.rulesets.coc6.sheet import NAME, CocSheetDialog
from app.sessions import RecentFiles, SessionController
from engine.coc6.check_events import CocChecked
from engine.coc6.sheet import CocSheet
from engine.rulesets.registry import parse_command
from engine.store.session_file import SessionFile
from engine.table.commands import NewSession

SAN_ROLL, LOST = 92, 4
BASE = {"STR": 12, "CON": 12, "POW": 12, "DEX": 12, "APP": 10, "SIZ": 12, "INT": 13, "EDU": 14}


def keepers_window(qtbot: QtBot, tmp_path: Path, seed: int = 3) -> MainWindow:
    """A ruleset B table with ミナ (目星 70) and her sheet open beside it."""
    session_file = SessionFile.create(tmp_path / "b.yobigoe", NewSession(ruleset="coc6-b", seed=seed))
    bridge = SessionBridge(session_file.session, lang="ja")
    sessions = SessionController(bridge, RecentFiles())
    sessions.adopt(session_file, tmp_path / "b.yobigoe")
    window = MainWindow(bridge, sessions, prompts=Prompts())
    qtbot.addWidget(window)
    window.show()
    for command in (
        {"type": "add_character", "name": "ミナ"},
        {"type": "coc_new_investigator", "character": "ミナ", "characteristics": BASE, "skills": {"目星": 70}},
    ):
        assert bridge.dispatch(parse_command(command))
    window.characters.select("c1")
    assert window.characters.edit_sheet()
    return window


def roll_from_sheet(window: MainWindow, skill: str) -> None:
    dialog = window.characters.sheet_windows["c1"]
    assert isinstance(dialog, CocSheetDialog)
    row = next(r for r in range(dialog.table.rowCount()) if dialog.table.item(r, NAME).text() == skill)
    dialog.table.itemDoubleClicked.emit(dialog.table.item(row, NAME))


def test_dice_typed_in_the_dice_box_are_the_dice_of_a_sheets_roll(qtbot: QtBot, tmp_path: Path) -> None:
    # rule: DICE-2
    window = keepers_window(qtbot, tmp_path)
    counter = window.bridge.state.dice.counter
    qtbot.keyClicks(window.dicebox.typed, "96")
    roll_from_sheet(window, "目星")
    fact = window.bridge.session.done[-1].events[0]
    assert isinstance(fact, CocChecked) and fact.result.roll == 96  # the keeper's die, not the session's
    assert window.dicebox.row_texts()[-1].startswith("ミナ: 〈目星〉 (1D100<=70) ＞ 96")
    assert window.dicebox.typed.text() == ""  # used once, like the box's own roll
    assert window.bridge.state.dice.counter == counter  # no seeded die was drawn
    roll_from_sheet(window, "目星")  # nothing typed: the session rolls again
    assert window.bridge.state.dice.counter == counter + 1


def test_malformed_typed_dice_refuse_the_sheets_roll_and_change_nothing(qtbot: QtBot, tmp_path: Path) -> None:
    # rule: DICE-2
    window = keepers_window(qtbot, tmp_path)
    before, rows, undo = window.bridge.state, window.dicebox.row_texts(), len(window.bridge.session.done)
    qtbot.keyClicks(window.dicebox.typed, "ro")
    roll_from_sheet(window, "目星")
    dialog = window.characters.sheet_windows["c1"]
    assert isinstance(dialog, CocSheetDialog)
    assert dialog.message.text() == "入力する出目は空白で区切った整数です（例: 23 71 4）。「ro」は読めません。"
    assert window.bridge.state == before and window.dicebox.row_texts() == rows
    assert len(window.bridge.session.done) == undo and window.dicebox.typed.text() == "ro"


def test_a_san_roll_shows_its_loss_die_in_the_dice_box(qtbot: QtBot, tmp_path: Path) -> None:
    # rule: MAD-B-1 (the loss die of a failed SAN roll, shown as BCDice prints it)
    window = keepers_window(qtbot, tmp_path, seed=4)  # seed 4: the SAN roll fails with a 92, the 1D6 rolls a 4
    command = {"type": "coc_san_check", "character": "c1", "success_loss": "1", "failure_loss": "1D6"}
    assert window.bridge.dispatch(parse_command(command))
    sheet = window.bridge.state.characters["c1"].sheet
    assert isinstance(sheet, CocSheet) and sheet.san == 60 - LOST
    assert window.dicebox.row_texts()[-2:] == [
        f"ミナ: 〈SAN〉 (1D100<=60) ＞ {SAN_ROLL} ＞ 失敗",
        f"ミナ: SAN減少 (1D6) ＞ {LOST}",
    ]
