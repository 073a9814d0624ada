"""What the board draws: vector card faces in suit colours, a clear back, the
bone joker apart, simplified cards when zoomed far out; and the scene keeping
up with undo, a replaced session and a changing party."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QColor, QImage, QPainter
from PySide6.QtWidgets import QStyleOptionGraphicsItem
from pytestqt.qtbot import QtBot

from app.board import BoardScene
from app.board.cardface import BACK_BG, BLACK, JOKER_EDGE, RED
from app.board.cards import CardItem
from app.board.layout import CARD_H, CARD_W
from app.bridge import SessionBridge
from engine.session import new_session
from engine.table.commands import AddCharacter, DealCard, DrawCards, EditCharacter, RemoveCharacter, ShuffleDeck
from engine.table.places import DECK, DISCARD, hand, square


def paint_card(qtbot: QtBot, code: str, face_up: bool, scale: float) -> QImage:
    """One card item alone in a scene, rendered at ``scale``."""
    bridge = SessionBridge(new_session(seed=1), lang="en")
    scene = BoardScene(bridge)
    item = CardItem(code, scene.board_style, gm=True)
    item.present(square("A1"), 0, face_up, False)
    size = (max(4, int(CARD_W * scale)), max(4, int(CARD_H * scale)))
    image = QImage(size[0], size[1], QImage.Format.Format_ARGB32)
    image.fill(QColor("white"))
    painter = QPainter(image)
    painter.scale(scale, scale)
    painter.translate(CARD_W / 2, CARD_H / 2)
    item.paint(painter, QStyleOptionGraphicsItem(), None)
    painter.end()
    return image


def colour_at(image: QImage, fx: float, fy: float) -> QColor:
    return image.pixelColor(int(image.width() * fx), int(image.height() * fy))


def close(a: QColor, b: QColor, tol: int = 12) -> bool:
    return abs(a.red() - b.red()) <= tol and abs(a.green() - b.green()) <= tol and abs(a.blue() - b.blue()) <= tol


def test_faces_are_red_or_black_and_the_back_and_bone_stand_apart(qtbot: QtBot) -> None:
    assert close(colour_at(paint_card(qtbot, "7H", True, 2.0), 0.5, 0.5), RED)
    assert close(colour_at(paint_card(qtbot, "7D", True, 2.0), 0.5, 0.5), RED)
    assert close(colour_at(paint_card(qtbot, "KS", True, 2.0), 0.5, 0.52), BLACK)
    assert close(colour_at(paint_card(qtbot, "2C", True, 2.0), 0.5, 0.45), BLACK)
    back = paint_card(qtbot, "7H", False, 2.0)
    assert close(colour_at(back, 0.5, 0.25), BACK_BG, 40)  # navy lattice, whatever the card
    assert back == paint_card(qtbot, "KS", False, 2.0)
    joker = paint_card(qtbot, "JK1", True, 2.0)
    assert close(colour_at(joker, 0.01, 0.5), JOKER_EDGE, 40)  # the violet frame


def test_zoomed_far_out_cards_are_drawn_simplified(qtbot: QtBot) -> None:
    tiny = paint_card(qtbot, "7S", False, 0.15)
    # a plain navy block: no frame, no lattice, no medallion
    colours = {tiny.pixelColor(x, y).name() for x in range(tiny.width()) for y in range(tiny.height())}
    assert colours == {BACK_BG.name()}
    full = paint_card(qtbot, "7S", False, 1.0)
    assert len({full.pixelColor(x, y).name() for x in range(full.width()) for y in range(full.height())}) > 10


def test_scene_follows_undo_character_changes_and_a_new_session(qtbot: QtBot) -> None:
    session = new_session(seed=4)
    session.dispatch(ShuffleDeck())
    bridge = SessionBridge(session, lang="en")
    scene = BoardScene(bridge)
    bridge.dispatch(AddCharacter(name="Airin", color="#d64541"))
    bridge.dispatch(AddCharacter(name="Bosk", color="#3a7bd5"))
    assert scene.hand_item("c1") is not None and scene.hand_item("c2") is not None
    assert scene.hand_item("c2").texts()[1] == "Bosk"
    assert scene.marker_item("c2").pos() == scene.layout.marker_home("c2")
    # undo a deal: the card goes back on the deck, drawn as a back
    top = session.state.deck[0]
    bridge.dispatch(DealCard(square="B2", face_up=True))
    assert scene.card_item(top).face_code == top
    bridge.undo()
    assert scene.card_item(top).pos() == scene.layout.card_spot(DECK, 0, 52).center
    assert scene.card_item(top).face_code is None and scene.square_item("B2").count == 0
    # a character's cards follow them; editing renames the zone; removing discards the hand
    bridge.dispatch(DrawCards(character="c2", count=2))
    bridge.dispatch(EditCharacter(character="c2", name="Bosk the Bold", color="#112233"))
    assert scene.hand_item("c2").name == "Bosk the Bold" and scene.marker_item("c2").initial == "B"
    held = session.state.hands["c2"]
    assert scene.card_item(held[1]).pos() == scene.layout.card_spot(hand("c2"), 1, 2).center
    bridge.dispatch(RemoveCharacter(character="c1"))
    assert scene.hand_item("c1") is None and scene.marker_item("c1") is None
    # c2 moved up into the first hand slot, with its cards
    assert scene.card_item(held[0]).pos() == scene.layout.card_spot(hand("c2"), 0, 2).center
    bridge.dispatch(RemoveCharacter(character="c2"))
    assert (
        scene.card_item(held[0]).pos()
        == scene.layout.card_spot(DISCARD, session.state.discard.index(held[0]), 2).center
    )
    # a new, larger session replaces everything
    bigger = new_session(seed=9, cols=7, rows=4, gate="D4")
    bridge.replace_session(bigger)
    assert sorted(scene.layout.squares) == sorted(bigger.state.grid.squares())
    assert scene.square_item("G4") is not None and scene.square_item("D4").gate
    assert len(scene.card_items()) == 54 and scene.hand_item("c2") is None
    assert not scene.card_item("JK1").isVisible()  # the secret bone's card is nowhere on the board
    assert all(c.face_code is None for c in scene.card_items() if c.place == DECK)


def test_the_gm_scene_renders_with_every_kind_of_item(qtbot: QtBot) -> None:
    session = new_session(seed=8)
    session.dispatch(ShuffleDeck())
    session.dispatch(AddCharacter(name="鷹野 遥", color="#d64541"))
    for sq, up in (("A1", True), ("A1", False), ("C3", True)):
        session.dispatch(DealCard(square=sq, face_up=up))
    bridge = SessionBridge(session, lang="ja")
    scene = BoardScene(bridge)
    rect = scene.content_rect()
    image = QImage(int(rect.width()), int(rect.height()), QImage.Format.Format_ARGB32)
    image.fill(QColor("black"))
    painter = QPainter(image)
    scene.render(painter, QRectF(image.rect()), rect)
    painter.end()
    # the face-up C3 card is drawn where the layout says (its cream face at its centre-top)
    spot = scene.layout.card_spot(square("C3"), 0, 1).center - rect.topLeft() + QPointF(0, -CARD_H * 0.42)
    assert image.pixelColor(spot.toPoint()).lightness() > 200
