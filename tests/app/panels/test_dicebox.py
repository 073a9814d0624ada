"""Dice box: dice-bot commands typed like in a chat box, the roll log below."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from app.bridge import SessionBridge
from app.panels.dicebox import DiceBox
from engine.session import new_session


@pytest.fixture
def box(qtbot: object) -> tuple[DiceBox, SessionBridge]:
    bridge = SessionBridge(new_session(ruleset="coc6-a", seed=11), lang="ja")
    widget = DiceBox(bridge)
    qtbot.addWidget(widget)  # type: ignore[attr-defined]
    widget.show()
    return widget, bridge


def type_and_enter(qtbot: object, box: DiceBox, command: str, typed: str = "") -> None:
    box.command.setFocus()
    qtbot.keyClicks(box.command, command)  # type: ignore[attr-defined]
    if typed:
        qtbot.keyClicks(box.typed, typed)  # type: ignore[attr-defined]
    qtbot.keyClick(box.command, Qt.Key.Key_Return)  # type: ignore[attr-defined]


def test_typed_dice_give_the_bcdice_line(box: tuple[DiceBox, SessionBridge], qtbot: object) -> None:
    widget, bridge = box
    type_and_enter(qtbot, widget, "CCB<=50", "5")
    assert widget.row_texts() == ["(1D100<=50) ＞ 5 ＞ 決定的成功/スペシャル"]
    assert widget.command.text() == "" and widget.typed.text() == ""
    assert len(bridge.session.rolls) == 1
    # a roll is final — Ctrl+Z does not take it back, it stays in the log.
    assert not bridge.session.can_undo
    assert widget.row_texts() == ["(1D100<=50) ＞ 5 ＞ 決定的成功/スペシャル"]
    # The log re-renders in English when the language changes.
    bridge.lang = "en"
    widget.retranslate()
    assert widget.row_texts() == ["(1D100<=50) ＞ 5 ＞ Critical Success/Special"]


def test_secret_rolls_are_marked(box: tuple[DiceBox, SessionBridge], qtbot: object) -> None:
    widget, bridge = box
    type_and_enter(qtbot, widget, "S1D100<=45", "80")
    widget.secret.setChecked(True)
    type_and_enter(qtbot, widget, "2D6")
    rows = widget.row_texts()
    assert len(rows) == 2
    assert all(row.startswith("[Secret] ") for row in rows)
    assert "(1D100<=45) ＞ 80 ＞ 失敗" in rows[0]
    assert all(r.result.secret for r in bridge.session.rolls.records())
    assert not widget.log.item(0).icon().isNull()


def test_malformed_command_shows_the_engine_message_and_changes_nothing(
    box: tuple[DiceBox, SessionBridge], qtbot: object
) -> None:
    widget, bridge = box
    before = bridge.state
    type_and_enter(qtbot, widget, "CCB<=")
    assert bridge.state is before
    assert widget.error.isVisible() and widget.error.text()
    assert widget.command.text() == "CCB<="  # left for the GM to fix
    assert widget.row_texts() == []
    # Bad typed dice are refused before reaching the engine.
    widget.command.clear()
    type_and_enter(qtbot, widget, "1D6", "x")
    assert bridge.state is before and widget.error.isVisible()
    assert "「x」" in widget.error.text()  # the engine's refusal (DICE-2), in Japanese


def test_up_and_down_recall_earlier_commands(box: tuple[DiceBox, SessionBridge], qtbot: object) -> None:
    widget, _ = box
    for command in ("1D100<=45", "2D6", "RES(12-10)"):
        type_and_enter(qtbot, widget, command)
    qtbot.keyClicks(widget.command, "CC")  # type: ignore[attr-defined]
    qtbot.keyClick(widget.command, Qt.Key.Key_Up)  # type: ignore[attr-defined]
    assert widget.command.text() == "RES(12-10)"
    qtbot.keyClick(widget.command, Qt.Key.Key_Up)  # type: ignore[attr-defined]
    qtbot.keyClick(widget.command, Qt.Key.Key_Up)  # type: ignore[attr-defined]
    qtbot.keyClick(widget.command, Qt.Key.Key_Up)  # type: ignore[attr-defined]
    assert widget.command.text() == "1D100<=45"
    qtbot.keyClick(widget.command, Qt.Key.Key_Down)  # type: ignore[attr-defined]
    assert widget.command.text() == "2D6"
    qtbot.keyClick(widget.command, Qt.Key.Key_Down)  # type: ignore[attr-defined]
    qtbot.keyClick(widget.command, Qt.Key.Key_Down)  # type: ignore[attr-defined]
    assert widget.command.text() == "CC"  # the unfinished draft comes back
