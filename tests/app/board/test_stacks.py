"""Zoomed out, the cards on the squares are painted by one cached item.

Below ``LOD_SIMPLE`` a card on a square shows a simplified face, so the scene's
``StackLayer`` paints all of them (one blit per repaint instead of a paint call
and a cache lookup per card).  The card items keep their place for the mouse
but paint nothing; what the GM sees must not change, and a card that moves,
flips or is selected must show so at once.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtCore import QPointF
from PySide6.QtGui import QColor, QImage
from PySide6.QtWidgets import QGraphicsItem
from pytestqt.qtbot import QtBot

from app.board import BoardScene, BoardView
from app.board.cards import CardItem
from app.bridge import SessionBridge
from engine.core.session import Session
from engine.session import new_session as _registers_rulesets  # noqa: F401
from engine.table.commands import AddCharacter, DealCard, FlipCard, MoveCard, NewSession, TapCard
from engine.table.places import DECK, square

NO_CONTENTS = QGraphicsItem.GraphicsItemFlag.ItemHasNoContents


@pytest.fixture
def board(qtbot: QtBot) -> Iterator[tuple[Session, BoardScene, BoardView]]:
    session = Session()
    session.dispatch(NewSession(ruleset="upland", seed=7, cols=5, rows=5, gate="C5"))
    session.dispatch(AddCharacter(name="鷹野 遥", color="#d64541"))
    session.dispatch(DealCard(square="A1", face_up=True))
    session.dispatch(DealCard(square="B2"))
    session.dispatch(DealCard(square="B2", face_up=True))
    session.dispatch(TapCard(card=session.state.squares["B2"][0]))
    scene = BoardScene(SessionBridge(session, lang="en"))
    view = BoardView(scene)
    qtbot.addWidget(view)
    view.resize(1000, 800)
    view.show()
    qtbot.waitExposed(view)
    view.set_zoom(0.3)
    qtbot.wait(20)
    yield session, scene, view


def shown(view: BoardView) -> QImage:
    return view.viewport().grab().toImage()


def differing(a: QImage, b: QImage, tolerance: int = 24) -> int:
    """How many pixels differ by more than ``tolerance`` in some channel."""
    count = 0
    for y in range(0, a.height(), 2):
        for x in range(0, a.width(), 2):
            pa, pb = a.pixelColor(x, y), b.pixelColor(x, y)
            if max(abs(pa.red() - pb.red()), abs(pa.green() - pb.green()), abs(pa.blue() - pb.blue())) > tolerance:
                count += 1
    return count


def card_on(scene: BoardScene, session: Session, name: str) -> CardItem:
    item = scene.card_item(session.state.squares[name][0])
    assert item is not None
    return item


def color_at(view: BoardView, scene_point: QPointF) -> QColor:
    p = view.mapFromScene(scene_point)
    return shown(view).pixelColor(p.x(), p.y())


def test_zoomed_out_the_square_cards_paint_nothing_and_the_board_looks_the_same(
    qtbot: QtBot, board: tuple[Session, BoardScene, BoardView]
) -> None:
    session, scene, view = board
    on_squares = [scene.card_item(c) for n in ("A1", "B2") for c in session.state.squares[n]]
    assert scene.stacked and scene.stack_layer.isVisible()
    assert all(item is not None and item.flags() & NO_CONTENTS for item in on_squares)
    in_deck = scene.card_item(session.state.deck[0])
    assert in_deck is not None and not in_deck.flags() & NO_CONTENTS  # only the squares' cards are layered
    layered = shown(view)

    # the same view with every card painting itself, as before the layer existed
    for item in scene.card_items():
        item.set_stacked(False)
    scene.stack_layer.setVisible(False)
    qtbot.wait(20)
    itemwise = shown(view)
    for item in on_squares:
        assert item is not None
        item.setVisible(False)
    qtbot.wait(20)
    no_cards = shown(view)
    assert differing(itemwise, no_cards) > 50  # the comparison sees the cards at all
    assert differing(layered, itemwise) <= 3  # and the layer draws them as the items did


def test_back_at_full_zoom_every_card_paints_itself(qtbot: QtBot, board: tuple[Session, BoardScene, BoardView]) -> None:
    session, scene, view = board
    view.set_zoom(1.0)
    qtbot.wait(20)
    assert not scene.stacked and not scene.stack_layer.isVisible()
    assert not any(item.flags() & NO_CONTENTS for item in scene.card_items())


def test_a_moved_flipped_or_selected_card_shows_at_once_zoomed_out(
    qtbot: QtBot, board: tuple[Session, BoardScene, BoardView]
) -> None:
    session, scene, view = board
    card = card_on(scene, session, "A1")
    spot_a1 = card.scenePos()
    floor_a1 = color_at(view, spot_a1)  # a face-up card's pale face
    empty_d4 = color_at(view, scene.layout.squares["D4"].center())
    assert scene.bridge.dispatch(MoveCard(card=card.code, to=square("D4")))
    qtbot.wait(20)
    spot_d4 = card.scenePos()
    assert scene.layout.squares["D4"].contains(spot_d4)
    assert card.flags() & NO_CONTENTS  # still painted by the layer, now on D4
    assert color_at(view, spot_d4) == floor_a1 != empty_d4  # the card shows on D4 …
    assert color_at(view, spot_a1) != floor_a1  # … and A1's cell was repainted without it

    assert scene.bridge.dispatch(FlipCard(card=card.code, face_up=False))
    qtbot.wait(20)
    assert color_at(view, spot_d4) != floor_a1  # the back shows now

    card.setSelected(True)
    assert not card.flags() & NO_CONTENTS  # a selected card paints itself (its outline)
    card.setSelected(False)
    assert card.flags() & NO_CONTENTS


def test_the_players_window_loses_a_card_that_leaves_its_square_zoomed_out(
    qtbot: QtBot, board: tuple[Session, BoardScene, BoardView]
) -> None:
    session, gm_scene, _ = board
    scene = BoardScene(gm_scene.bridge, player=True)
    view = BoardView(scene)
    qtbot.addWidget(view)
    view.resize(1000, 800)
    view.show()
    qtbot.waitExposed(view)
    view.set_zoom(0.3)
    qtbot.wait(20)
    code = session.state.squares["A1"][0]
    item = card_on(scene, session, "A1")  # face up: the players' scene knows it by its code
    spot = item.scenePos()
    with_card = color_at(view, spot)
    empty = color_at(view, scene.layout.squares["D4"].center())
    assert scene.stacked and item.flags() & NO_CONTENTS
    assert scene.bridge.dispatch(MoveCard(card=code, to=DECK, face_up=False))
    qtbot.wait(20)
    assert scene.card_item(code) is None  # face down in the deck: the players' item is gone …
    assert color_at(view, spot) == empty != with_card  # … and so is its picture on A1
