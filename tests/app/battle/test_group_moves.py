"""The battle board as the card board: Ctrl+click and a rubber band pick several
tokens, and dragging one of them moves the whole group by the same step — one
``MoveTokens``, one undo step (enemies are placed in groups)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtCore import QPoint, Qt
from pytestqt.qtbot import QtBot

from app.battle.scene import BattleScene
from app.board.view import BoardView
from app.bridge import SessionBridge
from engine.hexbattle.commands import MoveTokens, OpenBattle, PlaceToken
from engine.hexbattle.model import Token
from engine.session import new_session
from tests.app.battle.test_board import at, glide, shown, start_drag, token_key


def three_enemies() -> SessionBridge:
    session = new_session(seed=7)
    session.dispatch(OpenBattle(map1="marsh-reed-beds", map2="marsh-mud-flats"))
    for n, where in enumerate(("1:C5", "1:D5", "1:C6"), start=1):
        session.dispatch(PlaceToken(token=Token(id=f"enemy-{n}", kind="enemy", label=f"鰐{n}", at=where)))
    return SessionBridge(session, lang="en")


@pytest.fixture
def board(qtbot: QtBot) -> Iterator[tuple[BattleScene, BoardView, SessionBridge]]:
    bridge = three_enemies()
    yield shown(qtbot, bridge)


def test_ctrl_click_picks_tokens_and_a_group_drag_is_one_undo_step(board: tuple, qtbot: QtBot) -> None:
    scene, view, bridge = board
    ctrl = Qt.KeyboardModifier.ControlModifier
    for key in ("1:C5", "1:D5"):
        qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, ctrl, at(scene, view, key))
    assert scene.picked == {"enemy-1", "enemy-2"}
    assert scene.token_items["enemy-1"].picked and not scene.token_items["enemy-3"].picked
    done = len(bridge.session.done)
    a = start_drag(qtbot, scene, view, "1:C5")
    b = at(scene, view, "1:C4")
    glide(qtbot, view, a, b)
    qtbot.mouseRelease(view.viewport(), Qt.MouseButton.LeftButton, pos=b)
    assert (token_key(bridge, "enemy-1"), token_key(bridge, "enemy-2")) == ("1:C4", "1:D4")
    assert token_key(bridge, "enemy-3") == "1:C6"  # not picked: stays
    assert len(bridge.session.done) == done + 1 and isinstance(bridge.session.done[-1].command, MoveTokens)
    assert bridge.undo()
    assert (token_key(bridge, "enemy-1"), token_key(bridge, "enemy-2")) == ("1:C5", "1:D5")


def test_a_rubber_band_picks_the_tokens_it_covers(board: tuple, qtbot: QtBot) -> None:
    scene, view, bridge = board
    corner = at(scene, view, "1:B4") - QPoint(30, 30)
    far = at(scene, view, "1:E7") + QPoint(30, 30)
    qtbot.mousePress(view.viewport(), Qt.MouseButton.LeftButton, pos=corner)
    glide(qtbot, view, corner, far)
    qtbot.mouseRelease(view.viewport(), Qt.MouseButton.LeftButton, pos=far)
    assert scene.picked == {"enemy-1", "enemy-2", "enemy-3"}
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=at(scene, view, "1:H2"))
    assert scene.picked == set()  # a click on the ground lets the group go


def test_a_click_then_ctrl_click_picks_both_and_dragging_the_first_moves_the_pair(board: tuple, qtbot: QtBot) -> None:
    # the order a GM clicks in: A alone, Ctrl+B added, then A dragged
    scene, view, bridge = board
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=at(scene, view, "1:C5"))
    assert scene.picked == {"enemy-1"}
    ctrl = Qt.KeyboardModifier.ControlModifier
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, ctrl, at(scene, view, "1:D5"))
    assert scene.picked == {"enemy-1", "enemy-2"}
    a = start_drag(qtbot, scene, view, "1:C5")
    b = at(scene, view, "1:C4")
    glide(qtbot, view, a, b)
    qtbot.mouseRelease(view.viewport(), Qt.MouseButton.LeftButton, pos=b)
    assert (token_key(bridge, "enemy-1"), token_key(bridge, "enemy-2")) == ("1:C4", "1:D4")
    assert isinstance(bridge.session.done[-1].command, MoveTokens)  # one undo step
