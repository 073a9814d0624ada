"""Tokens of one battle board are told apart: two NPCs whose names begin with the
same character (教団員A, 教団員B) used to both read "教"; they now read 教1 and 教2,
in the order they were placed, on the GM's board.  The players' board numbers only
the tokens it shows, so a hidden enemy's number does not give it away."""

from __future__ import annotations

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from app.battle.items import token_marks
from app.battle.scene import BattleScene
from app.bridge import SessionBridge
from app.rulesets.coc6.tracker import TrackerPanel
from engine.hexbattle.commands import OpenBattle, RemoveToken, RevealToken
from engine.hexbattle.maps import shipped_maps
from engine.hexbattle.model import Token
from tests.engine.coc6.test_commands import party


def marks(scene: BattleScene) -> dict[str, str]:
    return {token_id: item.mark for token_id, item in scene.token_items.items()}


def cult_battle(qtbot: QtBot) -> tuple[SessionBridge, BattleScene]:
    """ミナ against 教団員A and 教団員B (the players have met them), placed from the tracker dock's button."""
    session = party(
        "coc6-b",
        ("ミナ", {"DEX": 14}, {"こぶし": 75}, False),
        ("教団員A", {"DEX": 12}, {"こぶし": 60}, True),
        ("教団員B", {"DEX": 11}, {"こぶし": 60}, True),
        seed=1,
        options={"npcs_start_hidden": False},
    )
    session.dispatch({"type": "coc_start_combat", "characters": ["ミナ", "教団員A", "教団員B"]})
    bridge = SessionBridge(session, lang="ja")
    first, second = list(shipped_maps())[:2]
    assert bridge.dispatch(OpenBattle(map1=first, map2=second))
    scene = BattleScene(bridge)
    panel = TrackerPanel(bridge)
    qtbot.addWidget(panel)
    qtbot.mouseClick(panel.manoeuvres.buttons["place"], Qt.MouseButton.LeftButton)
    return bridge, scene


def test_two_npcs_of_the_same_initial_get_numbered_marks_on_the_battle_board(qtbot: QtBot) -> None:
    bridge, scene = cult_battle(qtbot)
    assert marks(scene) == {"ミナ": "ミ", "教団員A": "教1", "教団員B": "教2"}
    bridge.dispatch(RemoveToken(token="教団員A"))
    assert marks(scene) == {"ミナ": "ミ", "教団員B": "教"}  # alone again: the plain initial
    bridge.undo()
    assert marks(scene) == {"ミナ": "ミ", "教団員A": "教1", "教団員B": "教2"}


def test_the_players_board_does_not_number_a_hidden_enemy_into_view(qtbot: QtBot) -> None:
    bridge, gm = cult_battle(qtbot)
    bridge.dispatch(RevealToken(token="教団員A", hidden=True))
    players = BattleScene(bridge, player=True)
    assert marks(gm) == {"ミナ": "ミ", "教団員A": "教1", "教団員B": "教2"}
    assert marks(players) == {"ミナ": "ミ", "教団員B": "教"}


def test_a_number_suffix_skips_a_mark_an_enemy_already_has_from_its_digits() -> None:
    tokens = [
        Token(id="a", kind="enemy", label="教団員1"),  # digits of its own: 教1
        Token(id="b", kind="enemy", label="教授"),
        Token(id="c", kind="enemy", label="教祖"),
        Token(id="d", kind="character", label="ミナ"),
    ]
    assert token_marks(tokens) == {"a": "教1", "b": "教2", "c": "教3", "d": "ミ"}
