"""A drag start and a drop on a crowded board, pinned by structure.

Zoomed out, the drop-target highlights of a drag are one composed picture that
the ``TargetOverlay`` keeps between drags: a drag that lights what the last one
lit re-draws only the glows that changed, and the picture shows exactly what
blitting every glow by itself shows.  The stack layer finds the cards a drop
repaints through the scene's index, not by asking every card; the grid and the
mouse find their squares by the grid's arithmetic.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtCore import QPoint, QPointF, QRectF, Qt
from PySide6.QtGui import QImage, QPainter
from pytestqt.qtbot import QtBot

from app.board import BoardScene, BoardView
from app.board.cards import CardItem
from app.board.drag import place_key
from app.board.items import Highlight, TargetOverlay
from app.board.layout import BoardLayout
from app.bridge import SessionBridge
from engine.core.session import Session
from engine.session import new_session as _registers_rulesets  # noqa: F401
from engine.table.commands import AddCharacter, DealCard, NewSession
from engine.table.places import square

COLS = ROWS = 10


@pytest.fixture
def board(qtbot: QtBot) -> Iterator[tuple[Session, BoardScene, BoardView]]:
    """A 10 × 10 board with a card on every square, fitted (zoomed out) as the GM sees it."""
    session = Session()
    session.dispatch(NewSession(ruleset="upland", seed=7, cols=COLS, rows=ROWS, gate="E10"))
    session.dispatch(AddCharacter(name="鷹野 遥", color="#d64541"))
    for name in session.state.grid.squares()[:50]:
        session.dispatch(DealCard(square=name, face_up=True))
    scene = BoardScene(SessionBridge(session, lang="en"))
    view = BoardView(scene)
    qtbot.addWidget(view)
    view.resize(1400, 900)
    view.show()
    qtbot.waitExposed(view)
    view.set_zoom(0.35)
    view.centerOn(scene.content_rect().center())
    qtbot.wait(20)
    yield session, scene, view


def shown(view: BoardView) -> QImage:
    return view.viewport().grab().toImage()


def largest_difference(a: QImage, b: QImage) -> int:
    """The largest difference of any colour channel of any pixel (0–255)."""
    diff = a.convertToFormat(QImage.Format.Format_RGB32)
    painter = QPainter(diff)
    painter.setCompositionMode(QPainter.CompositionMode.CompositionMode_Difference)
    painter.drawImage(0, 0, b.convertToFormat(QImage.Format.Format_RGB32))
    painter.end()
    # three bytes a pixel and a width divisible by 4: no padding at the ends of the rows
    rgb = diff.copy(0, 0, diff.width() - diff.width() % 4, diff.height()).convertToFormat(QImage.Format.Format_RGB888)
    return max(bytes(rgb.constBits()))


def press_and_drag(qtbot: QtBot, view: BoardView, scene: BoardScene, card: str, to: str) -> QPoint:
    """Press a card and drag it over ``to`` (the button stays down); the drop point."""
    item = scene.card_item(card)
    assert item is not None
    start = view.mapFromScene(item.scenePos())
    end = view.mapFromScene(scene.layout.squares[to].center())
    qtbot.mousePress(view.viewport(), Qt.MouseButton.LeftButton, pos=start)
    qtbot.mouseMove(view.viewport(), start + QPoint(12, 12))
    qtbot.mouseMove(view.viewport(), end)
    qtbot.wait(20)
    return end


def drop(qtbot: QtBot, view: BoardView, at: QPoint) -> None:
    qtbot.mouseRelease(view.viewport(), Qt.MouseButton.LeftButton, pos=at)
    qtbot.wait(20)


class CountedImages:
    """Counts the glows drawn (each ``HighlightImages.image`` call is one blit)."""

    def __init__(self, overlay: TargetOverlay, monkeypatch: pytest.MonkeyPatch) -> None:
        self.calls = 0
        real = overlay.images.image

        def counted(*args: object) -> object:
            self.calls += 1
            return real(*args)  # type: ignore[arg-type]

        monkeypatch.setattr(overlay.images, "image", counted)


def test_a_drag_after_a_drop_redraws_only_the_glows_that_changed(
    qtbot: QtBot, board: tuple[Session, BoardScene, BoardView], monkeypatch: pytest.MonkeyPatch
) -> None:
    session, scene, view = board
    overlay = scene.target_overlay
    glows = CountedImages(overlay, monkeypatch)
    targets = len(scene.frame.targets)
    assert targets > COLS * ROWS

    at = press_and_drag(qtbot, view, scene, session.state.squares["A1"][0], "F6")
    first = glows.calls
    assert overlay.picture is not None  # zoomed out: one composed picture
    assert overlay.level(place_key(square("B2"))) is Highlight.LEGAL
    assert first >= COLS * ROWS  # the first drag composes every lit glow once
    drop(qtbot, view, at)
    assert session.state.squares["F6"][0] != session.state.squares.get("A1", ("",))[0]

    glows.calls = 0
    at = press_and_drag(qtbot, view, scene, session.state.squares["C3"][0], "G7")
    # the next drag lights nearly the same targets: only the two sources (and what
    # is under the mouse) changed, each redrawn with the glows reaching into it
    assert 0 < glows.calls <= 4 * 9
    assert overlay.level(place_key(square("A1"))) is Highlight.LEGAL
    assert overlay.level(place_key(square("C3"))) is Highlight.NONE
    assert overlay.level(place_key(square("G7"))) is Highlight.UNDER
    drop(qtbot, view, at)


def test_the_kept_picture_shows_what_blitting_each_glow_shows(
    qtbot: QtBot, board: tuple[Session, BoardScene, BoardView]
) -> None:
    session, scene, view = board
    overlay = scene.target_overlay
    for source, target in (("A1", "F6"), ("B1", "F7"), ("C1", "F8")):
        drop(qtbot, view, press_and_drag(qtbot, view, scene, session.state.squares[source][0], target))
    plain = shown(view)
    at = press_and_drag(qtbot, view, scene, session.state.squares["D1"][0], "G8")
    kept = shown(view)  # the picture, brought up to date three times over
    assert largest_difference(kept, plain) > 60  # the highlights show at all

    overlay.drop_picture()
    overlay.PICTURE_PIXELS = 0  # this overlay blits every glow by itself, as before the picture
    view.viewport().repaint()
    assert overlay.picture is None
    # the same picture; where two glows share an edge pixel, blending them into the
    # picture first rounds differently by a level of 255
    assert largest_difference(shown(view), kept) <= 2
    drop(qtbot, view, at)
    assert largest_difference(shown(view), kept) > 60  # and the drop takes the highlights away


def test_a_drop_asks_only_the_cards_near_its_squares_to_paint(
    qtbot: QtBot, board: tuple[Session, BoardScene, BoardView], monkeypatch: pytest.MonkeyPatch
) -> None:
    session, scene, view = board
    assert scene.stacked  # zoomed out: the stack layer paints the squares' cards
    asked: list[str] = []
    real = CardItem.in_stack_layer

    def counted(item: CardItem) -> bool:
        asked.append(item.code)
        return bool(real.fget(item))  # type: ignore[attr-defined]

    under = session.state.squares["E4"][0]
    at = press_and_drag(qtbot, view, scene, session.state.squares["B2"][0], "E4")
    monkeypatch.setattr(CardItem, "in_stack_layer", property(counted))
    asked.clear()
    drop(qtbot, view, at)
    assert session.state.squares["E4"][1] == under  # the card landed on E4's card, which moved down
    # the layer repainted that cell: it asked the cards there and around it, not all 50
    assert under in asked and len(set(asked)) <= 9


@pytest.mark.parametrize("cols,rows", [(5, 5), (20, 20), (7, 3)])
def test_the_grid_arithmetic_finds_the_same_squares_as_testing_every_one(cols: int, rows: int) -> None:
    layout = BoardLayout.build(cols, rows, ("c1", "c2"))
    grid = layout.grid_rect
    xs = [grid.left() - 20 + i * 35.0 for i in range(int(grid.width() / 35) + 2)] + [grid.left() + 140.0]
    ys = [grid.top() - 20 + i * 37.5 for i in range(int(grid.height() / 37.5) + 2)] + [grid.top() + 150.0]
    for x in xs:
        for y in ys:
            point = QPointF(x, y)
            every = next((name for name, rect in layout.squares.items() if rect.contains(point)), None)
            found = layout.place_at(point)
            if every is not None:
                assert found == square(every), (x, y)
            else:
                assert found is None or found.key not in layout.squares
            area = QRectF(x, y, 90, 130)
            meeting = {name for name, rect in layout.squares.items() if rect.intersects(area)}
            assert meeting <= set(layout.squares_near(area)), (x, y)
