"""The battle board's GUI asks the session's ruleset how far a token moves, and
offers only the set-up steps the ruleset has.

On the reed-bed map's causeway (row 5: every hex costs 1) a CoC investigator on
1:A5 reaches I5 with MOV 8 (cost 8) but not J5 — where the Upland's 3 move
points stop at D5.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QWidget
from pytestqt.qtbot import QtBot

from app.battle.actions import BattleActions
from app.battle.scene import BattleScene
from app.board.view import BoardView
from app.bridge import SessionBridge
from app.common.drag import Highlight
from engine.hexbattle.commands import OpenBattle, PlaceToken
from engine.hexbattle.model import Token
from engine.session import new_session
from engine.table.commands import AddCharacter
from tests.app.battle.test_board import at, glide, shown, start_drag, token_key


def coc_bridge() -> SessionBridge:
    session = new_session("coc6-b", seed=7)
    session.dispatch(AddCharacter(name="ミナ"))
    session.dispatch(OpenBattle(map1="marsh-reed-beds", map2="marsh-mud-flats"))
    session.dispatch(PlaceToken(token=Token(id="ミナ", kind="character", label="ミナ", character="c1", at="1:A5")))
    return SessionBridge(session, lang="en")


@pytest.fixture
def coc_board(qtbot: QtBot) -> Iterator[tuple[BattleScene, BoardView, SessionBridge]]:
    bridge = coc_bridge()
    yield shown(qtbot, bridge)


def test_a_coc_investigator_is_shaded_and_moved_by_mov_not_the_uplands_move_points(
    coc_board: tuple, qtbot: QtBot
) -> None:
    scene, view, bridge = coc_board
    a = start_drag(qtbot, scene, view, "1:A5")
    lit = {k for k, level in scene.drags.levels().items() if level is Highlight.LEGAL}
    assert {"1:B5", "1:E5", "1:G5", "1:I5"} <= lit  # E5 and beyond: out of the Upland's reach of 3
    assert "1:J5" not in lit  # cost 9 along the causeway: beyond MOV 8
    b = at(scene, view, "1:G5")
    glide(qtbot, view, a, b)
    assert scene.bubble.isVisible() and "cost 6 / 8" in scene.bubble.text
    qtbot.mouseRelease(view.viewport(), Qt.MouseButton.LeftButton, pos=b)
    assert token_key(bridge, "ミナ") == "1:G5"


def test_a_drop_beyond_mov_is_refused_with_the_coc_limit(coc_board: tuple, qtbot: QtBot) -> None:
    scene, view, bridge = coc_board
    said: list[str] = []
    scene.status_message.connect(said.append)
    a = start_drag(qtbot, scene, view, "1:A5")
    b = at(scene, view, "1:J5")
    glide(qtbot, view, a, b)
    qtbot.mouseRelease(view.viewport(), Qt.MouseButton.LeftButton, pos=b)
    assert token_key(bridge, "ミナ") == "1:A5"
    assert said and said[-1] == "Moving ミナ to 1:J5 costs 9 but it has only 8 move points."


def test_the_battle_menu_offers_the_upland_set_up_steps_only_to_an_upland_session(qtbot: QtBot) -> None:
    window = QWidget()
    qtbot.addWidget(window)
    coc = BattleActions(coc_bridge(), window)
    assert not coc.step_actions  # the CoC has no set-up steps
    assert coc.open_action.isVisible() and coc.close_action.isEnabled()  # the board itself is every ruleset's
    upland = SessionBridge(new_session(seed=7), lang="en")
    actions = BattleActions(upland, window)
    assert (
        actions.step_actions["lay_out_zones"].isVisible() and not actions.step_actions["lay_out_zones"].isEnabled()
    )  # no battle open yet
    upland.dispatch(OpenBattle(map1="marsh-reed-beds", map2="marsh-mud-flats"))
    assert actions.step_actions["lay_out_zones"].isEnabled() and actions.step_actions["apply_sr_delays"].isEnabled()
    assert actions.run_step("lay_out_zones")  # the Upland's command, found by its type
    assert upland.state.slices["battle"].maps[0].zones  # type: ignore[attr-defined]
