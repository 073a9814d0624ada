"""The battle board's GUI: dragging a token, the shading, the refused
drop, the menus' commands, the page switch and what the projector shows.

The reed-bed map (assets/maps/marsh-reed-beds.toml) has a causeway on row 5 (every
hex costs 1) and deep water at J8-L8 (impassable), so a token on 1:C5 with 3
move points reaches D5, E5 and F5 along the row but not G5.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from app.battle.scene import BattleScene
from app.board.view import BoardView
from app.bridge import SessionBridge
from app.common.drag import Highlight
from engine.hexbattle.commands import OpenBattle, PlaceToken, RevealToken
from engine.hexbattle.model import Token
from engine.hexbattle.slot import battle_of
from engine.session import new_session
from engine.table.commands import AddCharacter


def battle_bridge() -> SessionBridge:
    session = new_session(seed=7)
    for name in ("鷹野 遥", "九条 蒼"):
        session.dispatch(AddCharacter(name=name))
    session.dispatch(OpenBattle(map1="marsh-reed-beds", map2="marsh-mud-flats"))
    session.dispatch(
        PlaceToken(
            token=Token(
                id="pc-c1", kind="character", label="鷹野 遥", character="c1", color="#3b6fb6", at="1:C5", movement=3
            )
        )
    )
    return SessionBridge(session, lang="en")


def shown(qtbot: QtBot, bridge: SessionBridge) -> tuple[BattleScene, BoardView, SessionBridge]:
    """The session's battle board in a 1100×700 view on screen, fitted, as the tests drag on it."""
    scene = BattleScene(bridge)
    view = BoardView(scene)
    qtbot.addWidget(view)
    view.resize(1100, 700)
    view.show()
    qtbot.waitExposed(view)
    view.fit()
    return scene, view, bridge


@pytest.fixture
def board(qtbot: QtBot) -> Iterator[tuple[BattleScene, BoardView, SessionBridge]]:
    bridge = battle_bridge()
    yield shown(qtbot, bridge)


def at(scene: BattleScene, view: BoardView, key: str) -> QPoint:
    return view.mapFromScene(scene.hex_centre(key))


def start_drag(qtbot: QtBot, scene: BattleScene, view: BoardView, key: str) -> QPoint:
    a = at(scene, view, key)
    qtbot.mousePress(view.viewport(), Qt.MouseButton.LeftButton, pos=a)
    qtbot.mouseMove(view.viewport(), a + QPoint(QApplication.startDragDistance() + 4, 0))
    return a


def glide(qtbot: QtBot, view: BoardView, a: QPoint, b: QPoint, steps: int = 6) -> None:
    for n in range(1, steps + 1):
        qtbot.mouseMove(view.viewport(), a + (b - a) * (n / steps))


def token_key(bridge: SessionBridge, token: str) -> str:
    battle = battle_of(bridge.state)
    assert battle is not None
    return str(battle.tokens[token].at)


def test_dragging_a_token_shades_what_it_can_reach_and_the_drop_moves_it(board: tuple, qtbot: QtBot) -> None:
    # rule: the move allowance over costs 1/2/3 (tokens.reachable_spots)
    scene, view, bridge = board
    a = start_drag(qtbot, scene, view, "1:C5")
    lit = {k for k, level in scene.drags.levels().items() if level is Highlight.LEGAL}
    assert {"1:D5", "1:E5", "1:F5", "1:B5", "1:A5"} <= lit
    assert "1:G5" not in lit and "1:C5" not in lit  # cost 4 along the causeway; the start is not a target
    assert len(scene.shading.levels) == len(lit)
    b = at(scene, view, "1:E5")
    glide(qtbot, view, a, b)
    assert scene.drags.levels()["1:E5"] is Highlight.UNDER
    assert scene.bubble.isVisible() and "cost 2 / 3" in scene.bubble.text
    qtbot.mouseRelease(view.viewport(), Qt.MouseButton.LeftButton, pos=b)
    assert token_key(bridge, "pc-c1") == "1:E5"
    assert scene.token_items["pc-c1"].pos() == scene.hex_centre("1:E5")
    assert not scene.shading.levels  # the GM's shading is gone after the drop


def test_a_drop_out_of_reach_is_refused_on_the_hex_and_the_token_snaps_back(board: tuple, qtbot: QtBot) -> None:
    scene, view, bridge = board
    said: list[str] = []
    scene.status_message.connect(said.append)
    a = start_drag(qtbot, scene, view, "1:C5")
    b = at(scene, view, "1:H5")
    glide(qtbot, view, a, b)
    assert "1:H5" not in scene.drags.levels()  # an illegal hex gets no hover
    assert scene.bubble.refused and "out of reach" in scene.bubble.text
    qtbot.mouseRelease(view.viewport(), Qt.MouseButton.LeftButton, pos=b)
    assert token_key(bridge, "pc-c1") == "1:C5"
    assert scene.token_items["pc-c1"].pos() == scene.hex_centre("1:C5")
    assert said and "move points" in said[-1]  # the engine's reason: the cost against the allowance
    assert "鷹野 遥" in said[-1] and "pc-c1" not in said[-1]  # named as the GM knows the token
    assert scene.flash.isVisible() and scene.flash.hex == scene.hex_of("1:H5")  # flashed where the GM looks
    assert scene.bubble.isVisible() and scene.bubble.text == said[-1]


def test_a_drop_on_deep_water_is_refused_as_impassable(board: tuple, qtbot: QtBot) -> None:
    scene, view, bridge = board
    said: list[str] = []
    scene.status_message.connect(said.append)
    a = start_drag(qtbot, scene, view, "1:C5")
    b = at(scene, view, "1:K8")
    glide(qtbot, view, a, b)
    qtbot.mouseRelease(view.viewport(), Qt.MouseButton.LeftButton, pos=b)
    assert token_key(bridge, "pc-c1") == "1:C5"
    assert said and "impassable" in said[-1]


def test_shift_drag_is_the_gms_free_placement(board: tuple, qtbot: QtBot) -> None:
    scene, view, bridge = board
    a = at(scene, view, "1:C5")
    qtbot.mousePress(view.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.ShiftModifier, pos=a)
    b = at(scene, view, "2:C4")
    glide(qtbot, view, a, b)
    qtbot.mouseRelease(view.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.ShiftModifier, pos=b)
    assert token_key(bridge, "pc-c1") == "2:C4"
    assert bridge.undo() and token_key(bridge, "pc-c1") == "1:C5"  # one command, undone at once


def test_the_players_battle_board_leaves_out_a_hidden_enemy_until_revealed(qtbot: QtBot) -> None:
    bridge = battle_bridge()
    bridge.dispatch(PlaceToken(token=Token(id="enemy-1", kind="enemy", label="鰐", hidden=True, at="2:C4")))
    gm, players = BattleScene(bridge), BattleScene(bridge, player=True)
    assert "enemy-1" in gm.token_items and gm.token_items["enemy-1"].token.hidden
    assert "enemy-1" not in players.token_items
    bridge.dispatch(RevealToken(token="enemy-1"))
    assert "enemy-1" in players.token_items and not players.token_items["enemy-1"].token.hidden


def test_the_right_click_menus_reveal_place_and_say_impassable(board: tuple, qtbot: QtBot) -> None:
    from app.battle.menus import hex_menu, token_menu

    scene, view, bridge = board
    menu = hex_menu(scene, "1:D5")
    assert menu is not None
    texts = [a.text() for a in menu.actions()]
    hidden = next(a for a in menu.actions() if a.text() == "Place an enemy here (hidden)")
    hidden.trigger()
    battle = battle_of(bridge.state)
    assert battle is not None and battle.tokens["enemy-1"].hidden and str(battle.tokens["enemy-1"].at) == "1:D5"
    characters = next(a.menu() for a in menu.actions() if a.menu() is not None)
    assert [a.text() for a in characters.actions()] == ["九条 蒼"]  # 鷹野 遥 already stands on the board
    assert "Place a character here" in texts
    water = hex_menu(scene, "1:K8")
    assert water is not None and [a.isEnabled() for a in water.actions()] == [False]
    enemy = token_menu(scene, scene.token_items["enemy-1"])
    next(a for a in enemy.actions() if a.text() == "Reveal to the players").trigger()
    battle = battle_of(bridge.state)
    assert battle is not None and not battle.tokens["enemy-1"].hidden
    assert not scene.token_items["enemy-1"].token.hidden  # repainted from the event
