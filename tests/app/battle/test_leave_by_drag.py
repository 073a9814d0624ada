"""ENC-10 by hand: a token dragged from an edge hex onto the space just past that
edge steps off the battle maps by that side (the context menu's "leave from here"
as a gesture); dropped farther out it goes back, as before."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtCore import QPoint, QPointF, Qt
from pytestqt.qtbot import QtBot

from app.battle.geometry import HEX_SIZE
from app.battle.scene import BattleScene
from app.board.view import BoardView
from app.bridge import SessionBridge
from engine.hexbattle.commands import LeaveBattle, OpenBattle, PlaceToken
from engine.hexbattle.model import Token
from engine.hexbattle.slot import battle_of
from engine.session import new_session
from tests.app.battle.test_board import glide, shown, start_drag


@pytest.fixture
def board(qtbot: QtBot) -> Iterator[tuple[BattleScene, BoardView, SessionBridge]]:
    session = new_session(seed=7)
    session.dispatch(OpenBattle(map1="marsh-reed-beds", map2="marsh-mud-flats"))
    session.dispatch(PlaceToken(token=Token(id="pc-1", kind="character", label="ロイ", at="1:A5")))
    bridge = SessionBridge(session, lang="en")
    yield shown(qtbot, bridge)


def _past_west(scene: BattleScene, view: BoardView, key: str, hexes: float) -> QPoint:
    centre = scene.hex_centre(key)
    return view.mapFromScene(QPointF(centre.x() - hexes * HEX_SIZE * 1.732, centre.y()))


def test_enc10_a_token_dragged_past_its_edge_leaves_the_maps_by_that_side(board: tuple, qtbot: QtBot) -> None:
    scene, view, bridge = board
    a = start_drag(qtbot, scene, view, "1:A5")
    b = _past_west(scene, view, "1:A5", 1)
    glide(qtbot, view, a, b)
    qtbot.mouseRelease(view.viewport(), Qt.MouseButton.LeftButton, pos=b)
    battle = battle_of(bridge.state)
    assert battle is not None and battle.tokens["pc-1"].at is None  # off the maps
    assert [(e.token, e.side) for e in battle.exits] == [("pc-1", "west")]
    assert isinstance(bridge.session.done[-1].command, LeaveBattle)  # one undo step
    assert bridge.undo() and str(battle_of(bridge.state).tokens["pc-1"].at) == "1:A5"  # type: ignore[union-attr]


def test_a_token_dropped_far_past_the_edge_goes_back(board: tuple, qtbot: QtBot) -> None:
    scene, view, bridge = board
    done = len(bridge.session.done)
    a = start_drag(qtbot, scene, view, "1:A5")
    b = _past_west(scene, view, "1:A5", 4)
    glide(qtbot, view, a, b)
    qtbot.mouseRelease(view.viewport(), Qt.MouseButton.LeftButton, pos=b)
    assert str(battle_of(bridge.state).tokens["pc-1"].at) == "1:A5"  # type: ignore[union-attr]
    assert len(bridge.session.done) == done
