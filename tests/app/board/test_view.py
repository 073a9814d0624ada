"""Zoom and pan as Udonarium/CCFOLIA users expect: the wheel zooms around the
cursor, the middle button or Space + drag pans (without moving cards), and
"fit" shows the whole board; a language switch redraws the labels live."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QCoreApplication, QEvent, QPoint, QPointF, Qt, QTranslator
from PySide6.QtGui import QWheelEvent
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from app.board import BoardScene, BoardView
from app.bridge import SessionBridge
from engine.core.session import Session
from engine.session import new_session
from engine.table.commands import AddCharacter, DealCard
from engine.table.places import PileKind

QM = Path(__file__).resolve().parents[3] / "assets" / "i18n" / "board_ja.qm"


@pytest.fixture
def shown(qtbot: QtBot) -> Iterator[tuple[Session, BoardScene, BoardView]]:
    session = new_session(seed=2)
    session.dispatch(AddCharacter(name="Airin"))
    session.dispatch(DealCard(square="C3", face_up=True))
    bridge = SessionBridge(session, lang="en")
    scene = BoardScene(bridge)
    view = BoardView(scene)
    qtbot.addWidget(view)
    view.resize(900, 700)
    view.show()
    qtbot.waitExposed(view)
    view.reset_zoom()
    view.centerOn(scene.content_rect().center())
    yield session, scene, view


def wheel(view: BoardView, at: QPoint, notches: int) -> None:
    event = QWheelEvent(
        QPointF(at),
        QPointF(view.viewport().mapToGlobal(at)),
        QPoint(0, 0),
        QPoint(0, 120 * notches),
        Qt.MouseButton.NoButton,
        Qt.KeyboardModifier.NoModifier,
        Qt.ScrollPhase.NoScrollPhase,
        False,
    )
    QApplication.sendEvent(view.viewport(), event)


def test_wheel_zooms_around_the_cursor(shown: tuple) -> None:
    session, scene, view = shown
    at = view.mapFromScene(scene.layout.squares["B2"].center())
    under = view.mapToScene(at)
    changes: list[None] = []
    view.view_changed.connect(lambda: changes.append(None))
    wheel(view, at, 2)
    assert view.zoom == pytest.approx(1.44)
    after = view.mapToScene(at)
    assert abs(after.x() - under.x()) < 2 and abs(after.y() - under.y()) < 2
    assert changes
    wheel(view, at, -2)
    assert view.zoom == pytest.approx(1.0)
    view.zoom_in()
    assert view.zoom == pytest.approx(1.2)
    view.zoom_out()
    view.zoom_out()
    assert view.zoom == pytest.approx(1 / 1.2)
    view.reset_zoom()
    assert view.zoom == pytest.approx(1.0)


def test_middle_drag_and_space_drag_pan_without_moving_cards(shown: tuple, qtbot: QtBot) -> None:
    session, scene, view = shown
    viewport = view.viewport()
    center = view.visible_scene_rect().center()
    start = QPoint(400, 300)
    qtbot.mousePress(viewport, Qt.MouseButton.MiddleButton, pos=start)
    qtbot.mouseMove(viewport, start + QPoint(60, 40))
    qtbot.mouseRelease(viewport, Qt.MouseButton.MiddleButton, pos=start + QPoint(60, 40))
    moved = view.visible_scene_rect().center()
    assert moved.x() == pytest.approx(center.x() - 60, abs=1.5) and moved.y() == pytest.approx(center.y() - 40, abs=1.5)
    # Space + left drag starting on a card pans too, and leaves the card alone
    before = session.state
    card_at = view.mapFromScene(scene.card_item(session.state.squares["C3"][0]).pos())
    qtbot.keyPress(view, Qt.Key.Key_Space)
    qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, pos=card_at)
    qtbot.mouseMove(viewport, card_at + QPoint(-30, -20))
    qtbot.mouseMove(viewport, card_at + QPoint(-50, -30))
    qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, pos=card_at + QPoint(-50, -30))
    qtbot.keyRelease(view, Qt.Key.Key_Space)
    panned = view.visible_scene_rect().center()
    assert panned.x() == pytest.approx(moved.x() + 50, abs=1.5) and panned.y() == pytest.approx(moved.y() + 30, abs=1.5)
    assert session.state is before


def test_fit_shows_the_whole_board(shown: tuple) -> None:
    session, scene, view = shown
    view.set_zoom(3.0)
    assert not view.visible_scene_rect().contains(scene.content_rect())
    view.fit()
    assert view.visible_scene_rect().adjusted(-2, -2, 2, 2).contains(scene.content_rect())
    assert view.zoom < 1.0


def test_language_change_reaches_the_scene(shown: tuple) -> None:
    session, scene, view = shown
    seen: list[bool] = []
    original = scene.retranslate
    scene.retranslate = lambda: (seen.append(True), original())  # type: ignore[method-assign]
    QApplication.sendEvent(view, QEvent(QEvent.Type.LanguageChange))
    assert seen


def test_switching_to_japanese_redraws_the_labels_live(shown: tuple, qtbot: QtBot) -> None:
    session, scene, view = shown
    view.fit()
    label = scene.layout.piles[PileKind.DECK].adjusted(0, 110, 0, 0)  # the name under the deck
    box = view.mapFromScene(label).boundingRect()
    before = view.grab(box).toImage()
    translator = QTranslator()
    assert translator.load(str(QM))
    QCoreApplication.installTranslator(translator)
    try:
        qtbot.waitUntil(lambda: view.grab(box).toImage() != before)
        assert "山札" in scene.pile_item(PileKind.DECK).texts()
        assert "門" in scene.square_item("C5").texts()
    finally:
        QCoreApplication.removeTranslator(translator)
    qtbot.waitUntil(lambda: view.grab(box).toImage() == before)
