"""Right-click menus: built for what is under the cursor, every action one
command, refused actions disabled with the engine's reason, Japanese labels."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QCoreApplication, QPointF, QTranslator
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QMenu
from pytestqt.qtbot import QtBot

from app.board import BoardScene
from app.bridge import SessionBridge
from engine.core.session import Session
from engine.session import new_session
from engine.table.cards import parse_card
from engine.table.commands import AddCharacter, DealCard, DrawCards, MoveCard, ShuffleDeck
from engine.table.places import DISCARD, PileKind
from engine.upland.slice import bone_of, markers_of, party_of
from engine.upland.table_commands import PlaceMarker

QM = Path(__file__).resolve().parents[3] / "assets" / "i18n" / "board_ja.qm"


@pytest.fixture
def board(qtbot: QtBot) -> Iterator[tuple[Session, BoardScene]]:
    session = new_session(seed=23)
    session.dispatch(ShuffleDeck())
    session.dispatch(AddCharacter(name="Airin", color="#d64541"))
    session.dispatch(AddCharacter(name="Bosk", color="#3a7bd5"))
    bridge = SessionBridge(session, lang="en")
    scene = BoardScene(bridge)
    yield session, scene


def action(menu: QMenu, name: str) -> QAction:
    found = menu.findChild(QAction, name)
    assert found is not None, f"no action {name}; have {[a.objectName() for a in menu.findChildren(QAction)]}"
    return found


def trigger(session: Session, menu: QMenu, name: str) -> None:
    """Trigger one action and check it dispatched exactly one command."""
    before = len(session.done)
    act = action(menu, name)
    assert act.isEnabled(), act.toolTip()
    act.trigger()
    assert len(session.done) == before + 1


def test_square_menu_deals_shuffles_moves_party_places_markers_and_bone(board: tuple) -> None:
    session, scene = board
    menu = scene.menu_at(scene.layout.squares["B2"].center())
    assert menu is not None and menu.title() == "B2"
    trigger(session, menu, "square.deal_down")
    trigger(session, scene.menus.square_menu("B2"), "square.deal_up")
    b2 = session.state.squares["B2"]
    assert [session.state.card_flags(c).face_up for c in b2] == [True, False]
    trigger(session, scene.menus.square_menu("B2"), "square.shuffle")
    assert sorted(session.state.squares["B2"]) == sorted(b2)
    trigger(session, scene.menus.square_menu("B2"), "square.party")
    assert party_of(session.state) == "B2"
    assert scene.layout.squares["B2"].contains(scene.party_item.pos())
    trigger(session, scene.menus.square_menu("B2"), "square.marker.c2")
    assert markers_of(session.state)["c2"] == "B2"
    trigger(session, scene.menus.square_menu("D4"), "square.bone")
    assert bone_of(session.state).square == "D4"
    assert scene.bone_item.isVisible() and scene.bone_item.square == "D4"
    # the party is already on B2: that action is disabled, with the engine's reason
    menu = scene.menus.square_menu("B2")
    again = action(menu, "square.party")
    assert not again.isEnabled() and again.toolTip() == "The party token is already there."
    trigger(session, scene.menus.square_menu("D4"), "square.reveal_bone")
    assert session.state.squares["D4"][0] == "JK1"
    assert scene.card_item("JK1").face_code == "JK1"
    assert not scene.bone_item.isVisible()
    menu = scene.menus.square_menu("D4")
    assert menu.findChild(QAction, "square.bone") is None  # no longer secret


def test_card_menu_flips_taps_moves_and_gives(board: tuple) -> None:
    session, scene = board
    scene.bridge.dispatch(DealCard(square="C3"))
    code = session.state.squares["C3"][0]
    menu = scene.menu_at(scene.card_item(code).pos())
    assert menu is not None
    assert action(menu, "card.flip").text() == "Turn face up"
    trigger(session, menu, "card.flip")
    assert session.state.card_flags(code).face_up
    menu = scene.menus.card_menu(code)
    assert action(menu, "card.flip").text() == "Turn face down"
    trigger(session, menu, "card.tap")
    assert session.state.card_flags(code).tapped and scene.card_item(code).rotation() == 90
    menu = scene.menus.card_menu(code)
    assert action(menu, "card.tap").text() == "Untap"
    trigger(session, scene.menus.card_menu(code), "card.give.c1")
    assert session.state.hands["c1"] == (code,)
    # in a hand: flip and tap are refused by the engine, so they are disabled
    menu = scene.menus.card_menu(code)
    assert not action(menu, "card.tap").isEnabled()
    assert menu.findChild(QAction, "card.give.c1") is None  # not to its own holder
    trigger(session, menu, "card.give.c2")
    assert session.done[-1].command.type == "give_card"
    trigger(session, scene.menus.card_menu(code), "card.move.deck_bottom")
    assert session.state.deck[-1] == code
    trigger(session, scene.menus.card_menu(code), "card.move.deck_top")
    assert session.state.deck[0] == code
    trigger(session, scene.menus.card_menu(code), "card.move.removed")
    assert session.state.removed[0] == code
    trigger(session, scene.menus.card_menu(code), "card.move.discard")
    assert session.state.discard == (code,)
    item = scene.card_item(code)
    assert item.pos() == scene.layout.card_spot(DISCARD, 0, 1).center and item.face_code == code


def test_deck_discard_hand_marker_and_party_menus(board: tuple) -> None:
    session, scene = board
    deck_menu = scene.menu_at(scene.layout.piles[PileKind.DECK].center())
    assert deck_menu is not None and deck_menu.title() == "Deck"
    top = session.state.deck[0]
    trigger(session, deck_menu, "deck.draw.c2")
    assert session.state.hands["c2"] == (top,)
    trigger(session, scene.menus.deck_menu(), "deck.shuffle")
    top = session.state.deck[0]
    trigger(session, scene.menus.deck_menu(), "deck.flip_top")
    assert session.state.card_flags(top).face_up and scene.card_item(top).face_code == top
    trigger(session, scene.menus.deck_menu(), "deck.deal.E5")
    assert session.state.squares["E5"] == (top,)
    # the GM's list of the deck, top first: a dialog, no command
    before = len(session.done)
    menu = scene.menus.deck_menu()
    action(menu, "deck.list").trigger()
    dialog = scene.deck_dialog
    assert dialog is not None and dialog.isVisible()
    assert dialog.list.count() == len(session.state.deck)
    assert parse_card(session.state.deck[0]).short() in dialog.list.item(0).text()
    assert len(session.done) == before
    dialog.close()
    # discard: shuffle it back into the deck
    scene.bridge.dispatch(MoveCard(card=top, to=DISCARD))
    pile = scene.layout.piles[PileKind.DISCARD]
    discard_menu = scene.menu_at(QPointF(pile.center().x(), pile.bottom() - 4))  # its label, below the card
    assert discard_menu is not None
    trigger(session, discard_menu, "discard.recycle")
    assert session.state.discard == () and top in session.state.deck
    # hand: draw one
    zone = scene.layout.hands["c1"]
    hand_menu = scene.menu_at(QPointF(zone.right() - 20, zone.bottom() - 20))  # the empty end of the zone
    assert hand_menu is not None and hand_menu.title() == "Airin"
    trigger(session, hand_menu, "hand.draw")
    assert len(session.state.hands["c1"]) == 1
    # marker: remove it
    scene.bridge.dispatch(PlaceMarker(character="c1", square="A3"))
    marker_menu = scene.menu_at(scene.marker_item("c1").pos())
    assert marker_menu is not None
    trigger(session, marker_menu, "marker.remove")
    assert markers_of(session.state) == {}
    # party: take it off the map
    trigger(session, scene.menus.square_menu("A1"), "square.party")
    party_menu = scene.menu_at(scene.party_item.pos())
    trigger(session, party_menu, "party.remove")
    assert party_of(session.state) is None
    assert scene.layout.party_home.contains(scene.party_item.pos())


def test_menus_speak_japanese_with_the_board_catalogue(board: tuple, qtbot: QtBot) -> None:
    session, scene = board
    scene.bridge.dispatch(DealCard(square="C3"))
    scene.bridge.dispatch(DrawCards(character="c1", count=1))
    translator = QTranslator()
    assert translator.load(str(QM)), QM
    QCoreApplication.installTranslator(translator)
    try:
        code = session.state.squares["C3"][0]
        card = scene.menus.card_menu(code)
        assert action(card, "card.flip").text() == "表にする"
        assert action(card, "card.tap").text() == "タップ"
        deck = scene.menus.deck_menu()
        assert action(deck, "deck.shuffle").text() == "山札をシャッフル"
        assert deck.findChild(QMenu, "deck.draw").title() == "１枚引く"
        assert "山札" in scene.pile_item(PileKind.DECK).texts()
        assert "1枚" in scene.hand_item("c1").texts()
    finally:
        QCoreApplication.removeTranslator(translator)
    assert "Deck" in scene.pile_item(PileKind.DECK).texts()
