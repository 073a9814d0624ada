"""Hovering a stack on a square lists its cards,
top first; the GM sees the face-down ones named, the players' board never does."""

from __future__ import annotations

from PySide6.QtCore import QEvent
from PySide6.QtGui import QHelpEvent
from PySide6.QtWidgets import QApplication, QToolTip
from pytestqt.qtbot import QtBot

from app.board.scene import BoardScene
from app.board.stack_list import stack_lines
from app.board.view import BoardView
from app.bridge import SessionBridge
from engine.core.player_view import player_view
from engine.session import new_session
from engine.table.commands import MoveCard, TapCard
from engine.table.places import square


def stacked_bridge() -> SessionBridge:
    """C4 holds, top first: ♥3 face up, ♠K face down (tapped), ♣9 face down."""
    session = new_session(seed=1)
    for code, up in (("9C", False), ("KS", False), ("3H", True)):
        session.dispatch(MoveCard(card=code, to=square("C4"), index=0, face_up=up))
    session.dispatch(TapCard(card="KS"))
    return SessionBridge(session, lang="ja")


def hover(qtbot: QtBot, view: BoardView, name: str) -> str:
    """Ask for the tooltip over a square, as the mouse resting there does."""
    scene = view.scene()
    assert isinstance(scene, BoardScene)
    point = view.mapFromScene(scene.layout.squares[name].center())
    event = QHelpEvent(QEvent.Type.ToolTip, point, view.viewport().mapToGlobal(point))
    QApplication.sendEvent(view.viewport(), event)
    return QToolTip.text() if QToolTip.isVisible() else ""


def test_the_gm_hovers_a_stack_and_reads_every_card_top_first(qtbot: QtBot) -> None:
    bridge = stacked_bridge()
    scene = BoardScene(bridge)
    view = BoardView(scene)
    qtbot.addWidget(view)
    view.resize(1000, 800)
    view.show()
    qtbot.waitExposed(view)
    view.fit()
    text = hover(qtbot, view, "C4")
    assert "C4" in text and "3" in text
    top, middle, bottom = (text.index(s) for s in ("ハートの3", "スペードのK", "クラブの9"))
    assert top < middle < bottom
    assert "スペードのK (face down), tapped" in text or "スペードのK（裏向き）" in text


def test_the_players_never_learn_a_face_down_card_from_the_list() -> None:
    bridge = stacked_bridge()
    seen = stack_lines(player_view(bridge.state), "C4", "ja", gm=False)
    assert len(seen) == 3 and seen[0] == "ハートの3"
    assert not any("スペード" in line or "クラブ" in line for line in seen)
    # even given the GM's state, a players' list names no face-down card
    assert not any("スペード" in line for line in stack_lines(bridge.state, "C4", "ja", gm=False))


def test_a_single_card_needs_no_list(qtbot: QtBot) -> None:
    session = new_session(seed=1)
    session.dispatch(MoveCard(card="3H", to=square("D4"), index=0, face_up=True))
    scene = BoardScene(SessionBridge(session, lang="ja"))
    view = BoardView(scene)
    qtbot.addWidget(view)
    view.resize(1000, 800)
    view.show()
    qtbot.waitExposed(view)
    view.fit()
    QToolTip.hideText()
    assert "D4:" not in hover(qtbot, view, "D4")  # one card is seen on the board itself
    assert stack_lines(session.state, "D4", "ja", gm=True) == ["ハートの3"]
