"""A board that repaints cheaply, pinned by structure, not by timing.

The grid is the scene's background, which ``BoardView`` caches as one pixmap:
squares paint nothing themselves but still take the mouse, and whatever a
square shows (its hover, its stack count) reaches the cached picture.  The
drag's target highlights are images rendered once and reused by later drags.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtCore import QPoint, QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QImage, QPainter
from PySide6.QtWidgets import QGraphicsItem, QGraphicsView, QStyleOptionGraphicsItem
from pytestqt.qtbot import QtBot

from app.board import BoardScene, BoardView
from app.board.layout import GM_STYLE
from app.bridge import SessionBridge
from engine.core.session import Session
from engine.session import new_session as _registers_rulesets  # noqa: F401
from engine.table.commands import AddCharacter, DealCard, NewSession


@pytest.fixture
def board(qtbot: QtBot) -> Iterator[tuple[Session, BoardScene, BoardView]]:
    session = Session()
    session.dispatch(NewSession(ruleset="upland", seed=7, cols=5, rows=5, gate="C5"))
    session.dispatch(AddCharacter(name="鷹野 遥", color="#d64541"))
    session.dispatch(DealCard(square="A1", face_up=True))
    scene = BoardScene(SessionBridge(session, lang="en"))
    view = BoardView(scene)
    qtbot.addWidget(view)
    view.resize(1400, 900)
    view.show()
    qtbot.waitExposed(view)
    view.fit()
    qtbot.wait(20)
    yield session, scene, view


def shown(view: BoardView) -> QImage:
    return view.viewport().grab().toImage()


def pixel(view: BoardView, image: QImage, scene_point: QPointF) -> QColor:
    p = view.mapFromScene(scene_point)
    return image.pixelColor(p.x(), p.y())


def near(a: QColor, b: QColor, tolerance: int = 12) -> bool:
    return all(abs(x - y) <= tolerance for x, y in zip(a.getRgb()[:3], b.getRgb()[:3], strict=True))


def empty_spot(scene: BoardScene, name: str) -> QPointF:
    """A point inside a square, below its label strip and away from any card."""
    rect = scene.layout.squares[name]
    return QPointF(rect.left() + 14, rect.bottom() - 14)


def test_squares_paint_nothing_and_the_grid_is_the_views_cached_background(
    board: tuple[Session, BoardScene, BoardView],
) -> None:
    _, scene, view = board
    assert view.cacheMode() & QGraphicsView.CacheModeFlag.CacheBackground
    square = scene.square_item("B2")
    assert square is not None
    assert all(s.flags() & QGraphicsItem.GraphicsItemFlag.ItemHasNoContents for s in scene.frame.squares.values())
    blank = QImage(200, 200, QImage.Format.Format_ARGB32_Premultiplied)
    blank.fill(Qt.GlobalColor.transparent)
    painter = QPainter(blank)
    square.paint(painter, QStyleOptionGraphicsItem(), None)
    painter.end()
    assert all(blank.pixelColor(x, y).alpha() == 0 for x in range(0, 200, 5) for y in range(0, 200, 5))
    # yet the window shows the square (its colour, not the board's) and the mouse finds it
    image = shown(view)
    assert near(pixel(view, image, empty_spot(scene, "B2")), QColor(GM_STYLE.square_bg))
    outside = scene.layout.squares["A1"].topLeft() - QPointF(8, 40)
    assert near(pixel(view, image, outside), QColor(GM_STYLE.board_bg))
    assert square in scene.items(scene.layout.squares["B2"].center())


def test_hover_and_a_new_stack_count_reach_the_cached_grid(
    qtbot: QtBot, board: tuple[Session, BoardScene, BoardView]
) -> None:
    session, scene, view = board
    spot = empty_spot(scene, "D4")
    plain = pixel(view, shown(view), spot)
    qtbot.mouseMove(view.viewport(), view.mapFromScene(scene.layout.squares["D4"].center()))
    qtbot.wait(20)
    assert scene.hovered_square == "D4"
    lit = pixel(view, shown(view), spot)
    assert lit.lightness() > plain.lightness() + 8  # the hovered square is drawn lighter
    qtbot.mouseMove(view.viewport(), view.mapFromScene(scene.layout.squares["A5"].center()))
    qtbot.wait(20)
    assert near(pixel(view, shown(view), spot), plain)  # and back when the mouse leaves

    rect = scene.layout.squares["C2"].adjusted(4, 4, -4, -4)
    d = GM_STYLE.badge_px + 10.0
    badge = QRectF(rect.right() - d - 3, rect.top() + 3, d, d)

    def brightest() -> int:
        image = shown(view)
        area = view.mapFromScene(badge).boundingRect()
        return max(
            image.pixelColor(x, y).lightness()
            for x in range(area.left(), area.right() + 1)
            for y in range(area.top(), area.bottom() + 1)
        )

    before = brightest()
    assert scene.bridge.dispatch(DealCard(square="C2")) and scene.bridge.dispatch(DealCard(square="C2"))
    assert len(session.state.squares["C2"]) == 2
    qtbot.wait(20)
    assert before < 160 and brightest() > 225  # the white count badge "2" appears on C2


def test_a_second_drag_start_reuses_the_highlight_images(
    qtbot: QtBot, board: tuple[Session, BoardScene, BoardView]
) -> None:
    session, scene, view = board
    viewport = view.viewport()
    card = session.state.squares["A1"][0]
    item = scene.card_item(card)
    assert item is not None
    images = scene.target_overlay.images

    def drag_start() -> None:
        start = view.mapFromScene(item.scenePos())
        qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, pos=start)
        qtbot.mouseMove(viewport, start + QPoint(12, 12))
        qtbot.mouseMove(viewport, view.mapFromScene(scene.layout.squares["E5"].center()))
        qtbot.wait(20)

    spot = empty_spot(scene, "B3")
    plain = pixel(view, shown(view), spot)
    drag_start()
    assert not near(pixel(view, shown(view), spot), plain, 4)  # the legal square B3 is lit
    first = images.cache_keys()
    assert first  # rendered once for this drag ...
    qtbot.keyClick(viewport, Qt.Key.Key_Escape)
    qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, pos=view.mapFromScene(item.scenePos()))
    qtbot.wait(20)
    assert near(pixel(view, shown(view), spot), plain, 4)
    drag_start()
    assert images.cache_keys() == first  # ... and the second drag blits the very same images
    assert not near(pixel(view, shown(view), spot), plain, 4)
