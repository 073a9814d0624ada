"""The players' window shows nothing the players may not see.

After a scripted session with face-down cards, hands, a secret lingering bone,
secret rolls and a GM note, every item of the projector's scene and every text
it paints is inspected, and the scene is rendered to an image; then the bone
is revealed and the projector shows it.  It also updates live, follows the GM
view, and takes no gestures."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

import pytest
from PySide6.QtCore import QPoint, QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QImage, QPainter
from pytestqt.qtbot import QtBot

from app.board import BoardScene, BoardView
from app.board.cards import CardItem
from app.board.items import BoardItem
from app.board.squares import BoneMarkerItem
from app.bridge import SessionBridge
from app.projector import ProjectorWindow
from engine.core.session import Session
from engine.core.state import RollRecord, State
from engine.session import new_session
from engine.table.cards import parse_card
from engine.table.commands import AddCharacter, AddNote, DealCard, DrawCards, FlipCard, Roll, ShuffleDeck, TapCard
from engine.upland.bone import RevealBone, SetBone
from engine.upland.slice import bone_of
from engine.upland.table_commands import MoveParty, PlaceMarker

NOTE = "The cultist waits on E5 with the silver key"
SECRET_REASON = "誰にも言えない真相"


@pytest.fixture
def table(qtbot: QtBot) -> Iterator[tuple[Session, SessionBridge, BoardView, ProjectorWindow]]:
    session = new_session(seed=31)
    session.dispatch(ShuffleDeck())
    for name, color in (("鷹野 遥", "#d64541"), ("九条 蒼", "#3a7bd5"), ("真木 灯", "#2e9e5b")):
        session.dispatch(AddCharacter(name=name, color=color))
    for sq, face_up in (("B3", False), ("C3", False), ("C3", True), ("D4", False), ("A1", True), ("E2", False)):
        session.dispatch(DealCard(square=sq, face_up=face_up))
    session.dispatch(TapCard(card=session.state.squares["A1"][0]))
    session.dispatch(DrawCards(character="c1", count=2))
    session.dispatch(DrawCards(character="c2", count=1))
    session.dispatch(SetBone(square="B2"))
    session.dispatch(MoveParty(square="C5"))
    session.dispatch(PlaceMarker(character="c1", square="C4"))
    session.dispatch(Roll(command="1D100<=45", secret=True, reason=SECRET_REASON))
    session.dispatch(Roll(command="S2D6", reason=SECRET_REASON))
    session.dispatch(AddNote(text=NOTE))
    bridge = SessionBridge(session, lang="ja")
    gm_scene = BoardScene(bridge)
    gm_view = BoardView(gm_scene)
    qtbot.addWidget(gm_view)
    gm_view.resize(1200, 800)
    gm_view.show()
    qtbot.waitExposed(gm_view)
    projector = ProjectorWindow(bridge, gm_view)
    qtbot.addWidget(projector)
    projector.resize(1280, 720)
    projector.show()
    qtbot.waitExposed(projector)
    yield session, bridge, gm_view, projector


def hidden_cards(state: State) -> set[str]:
    """Cards whose identity players may not know: the deck (but a turned-up
    top card), every hand, face-down cards on squares, the secret bone."""
    cards = {c for c in state.deck if not state.card_flags(c).face_up}
    cards |= {c for pile in state.hands.values() for c in pile}
    cards |= {c for pile in state.squares.values() for c in pile if not state.card_flags(c).face_up}
    if bone_of(state).card and not bone_of(state).revealed:
        cards.add(bone_of(state).card)
    return cards


def secrets_of(state: State, rolls: Sequence[RollRecord]) -> list[str]:
    """Every way a hidden thing could be written: codes, ♠A forms, names; the
    bone; secret roll lines and reasons; notes."""
    hidden: list[str] = []
    for code in hidden_cards(state):
        card = parse_card(code)
        hidden += [card.code, card.short(), card.display("ja"), card.display("en")]
    if not bone_of(state).revealed and bone_of(state).card:
        hidden += ["残想骨", "lingering bone", "Lingering bone"]
    for roll in rolls:
        if roll.result.secret:
            hidden += [roll.result.render("ja"), roll.result.render("en"), roll.result.text]
            hidden += [roll.reason] if roll.reason else []
    hidden += [n.text for n in state.notes]
    return hidden


def painted_texts(scene: BoardScene) -> list[str]:
    out: list[str] = []
    for item in scene.items():
        if isinstance(item, BoardItem):
            out += item.texts()
        out.append(item.toolTip())
    return [t for t in out if t]


def render(scene: BoardScene) -> QImage:
    rect = scene.content_rect()
    image = QImage(int(rect.width()), int(rect.height()), QImage.Format.Format_ARGB32)
    image.fill(QColor("black"))
    painter = QPainter(image)
    scene.render(painter, QRectF(image.rect()), rect)
    painter.end()
    return image


def inner_pixels(image: QImage, scene: BoardScene, name: str) -> bytes:
    """The pixels of a square below its name strip (the part a mark would show in)."""
    rect = scene.layout.squares[name].translated(-scene.content_rect().topLeft()).adjusted(6, 28, -6, -6)
    part = image.copy(rect.toRect())  # keep the copy alive while its bits are read
    return bytes(part.constBits())[: part.sizeInBytes()]


def test_projector_paints_no_secret_until_the_crossing(table: tuple) -> None:
    session, bridge, gm_view, projector = table
    scene = projector.scene
    state = session.state
    rolls = session.rolls.records()
    assert bone_of(state).square == "B2" and any(r.result.secret for r in rolls) and state.notes
    secrets = secrets_of(state, rolls)
    assert len(secrets) > 30
    hidden_codes = hidden_cards(state)
    assert "JK1" in hidden_codes and len(hidden_codes) > 40

    items = list(scene.items())
    cards = [i for i in items if isinstance(i, CardItem)]
    assert len(cards) == 52 + 1  # the 52 and the removed joker; the bone is not there
    assert not [i for i in items if isinstance(i, BoneMarkerItem)]
    shown = {c.face_code for c in cards if c.face_code}
    assert shown and not shown & hidden_codes
    assert all(c.code.startswith("?") for c in cards if c.face_code is None)
    texts = painted_texts(scene)
    leaks = [(s, t) for s in secrets for t in texts if s in t]
    assert leaks == []
    # the same inspection of the GM's scene does find the secrets (peeks, hands, the bone)
    gm_texts = painted_texts(gm_view.scene())
    assert {s for s in secrets for t in gm_texts if s in t} >= {parse_card(c).display("ja") for c in state.hands["c1"]}
    assert any("lingering bone" in t for t in gm_texts)  # the dashed mark's tooltip
    # the hands are backs with counts
    assert "2枚" in " ".join(scene.hand_item("c1").texts()) or "2 cards" in " ".join(scene.hand_item("c1").texts())
    # painting works, and the bone's square looks exactly like a blank one
    image = render(scene)
    assert inner_pixels(image, scene, "B2") == inner_pixels(image, scene, "A2")
    gm_image = render(gm_view.scene())
    assert inner_pixels(gm_image, gm_view.scene(), "B2") != inner_pixels(gm_image, gm_view.scene(), "A2")

    # the crossing: now the players see the bone on B2
    bridge.dispatch(RevealBone())
    jk = scene.card_item("JK1")
    assert jk is not None and jk.face_code == "JK1" and jk.isVisible()
    assert scene.layout.squares["B2"].contains(jk.pos())
    assert "JK" in jk.texts()
    image = render(scene)
    assert inner_pixels(image, scene, "B2") != inner_pixels(image, scene, "A2")
    # secret rolls and notes still never appear
    texts = painted_texts(scene)
    assert not [t for t in texts if NOTE in t or SECRET_REASON in t]


def test_projector_updates_live_from_the_gm_board(table: tuple) -> None:
    session, bridge, gm_view, projector = table
    scene = projector.scene
    assert scene.square_item("E5").count == 0
    bridge.dispatch(DealCard(square="E5"))
    assert scene.square_item("E5").count == 1
    back = [c for c in scene.card_items() if c.place is not None and c.place.key == "E5"]
    assert len(back) == 1 and back[0].face_code is None
    code = session.state.squares["E5"][0]
    bridge.dispatch(FlipCard(card=code))
    front = [c for c in scene.card_items() if c.place is not None and c.place.key == "E5"]
    assert [c.face_code for c in front] == [code]
    bridge.undo()
    assert [c.face_code for c in scene.card_items() if c.place is not None and c.place.key == "E5"] == [None]


def test_projector_takes_no_gestures_and_has_a_bolder_style(table: tuple, qtbot: QtBot) -> None:
    session, bridge, gm_view, projector = table
    scene = projector.scene
    assert scene.player and scene.board_style.line > gm_view.scene().board_style.line
    assert scene.board_style.label_px > gm_view.scene().board_style.label_px
    assert scene.menu_at(scene.layout.squares["C3"].center()) is None
    before = session.state
    projector.set_follow_gm(False)
    view = projector.view
    start = view.mapFromScene(scene.layout.squares["C3"].center())
    end = view.mapFromScene(scene.layout.squares["E5"].center())
    qtbot.mousePress(view.viewport(), Qt.MouseButton.LeftButton, pos=start)
    qtbot.mouseMove(view.viewport(), start + QPoint(20, 20))
    qtbot.mouseMove(view.viewport(), end)
    qtbot.mouseRelease(view.viewport(), Qt.MouseButton.LeftButton, pos=end)
    qtbot.mouseDClick(
        view.viewport(),
        Qt.MouseButton.LeftButton,
        pos=view.mapFromScene(scene.layout.piles[next(iter(scene.layout.piles))].center()),
    )
    assert session.state is before
    assert not scene.dispatch_command(ShuffleDeck())
    assert session.state is before


def test_projector_follows_the_gm_view_until_told_not_to(table: tuple) -> None:
    session, bridge, gm_view, projector = table
    assert projector.following
    gm_view.set_zoom(1.6)
    gm_view.centerOn(gm_view.scene().layout.squares["D4"].center())
    gm_center = gm_view.visible_scene_rect().center()
    pj_center = projector.view.visible_scene_rect().center()
    assert abs(gm_center.x() - pj_center.x()) < 3 and abs(gm_center.y() - pj_center.y()) < 3
    # the projector shows what the GM sees: the same area, scaled to its own size
    gm_rect, pj_rect = gm_view.visible_scene_rect(), projector.view.visible_scene_rect()
    assert pj_rect.contains(gm_rect.adjusted(3, 3, -3, -3))
    projector.set_follow_gm(False)
    fitted = projector.view.visible_scene_rect()
    gm_view.set_zoom(3.0)
    gm_view.centerOn(QPointF(100, 100))
    assert projector.view.visible_scene_rect() == fitted
    assert fitted.contains(projector.scene.content_rect().adjusted(2, 2, -2, -2))
