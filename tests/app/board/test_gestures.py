"""The GM's board driven with the mouse, as a GM would: deal, flip, tap, hand
it to a character and put it back on the map; refused and outside drops snap
back; legal targets light up during a drag; double-click on the deck draws.

Every step checks the engine state *and* what the items show."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest
from PySide6.QtCore import QEvent, QObject, QPoint, QPointF, QRectF, Qt
from PySide6.QtGui import QRegion
from pytestqt.qtbot import QtBot

from app.board import BoardScene, BoardView
from app.board.items import Highlight
from app.bridge import SessionBridge
from engine.core.session import Session
from engine.session import new_session
from engine.table.commands import AddCharacter, DealCard, DrawCards, ShuffleDeck
from engine.table.places import DECK, PileKind, hand, square
from engine.upland.slice import markers_of, party_of
from engine.upland.table_commands import PlaceMarker


@pytest.fixture
def board(qtbot: QtBot) -> Iterator[tuple[Session, SessionBridge, BoardScene, BoardView]]:
    session = new_session(seed=11)
    session.dispatch(ShuffleDeck())
    for name, color in (("Airin", "#d64541"), ("Bosk", "#3a7bd5"), ("Cyra", "#2e9e5b")):
        session.dispatch(AddCharacter(name=name, color=color))
    bridge = SessionBridge(session, lang="en")
    scene = BoardScene(bridge)
    view = BoardView(scene)
    qtbot.addWidget(view)
    view.resize(1500, 1050)
    view.show()
    qtbot.waitExposed(view)
    view.reset_zoom()
    view.centerOn(scene.content_rect().center())
    messages: list[str] = []
    scene.status_message.connect(messages.append)
    scene.messages = messages  # type: ignore[attr-defined]
    yield session, bridge, scene, view


def vp(view: BoardView, point: QPointF) -> QPoint:
    return view.mapFromScene(point)


def drag(
    qtbot: QtBot,
    view: BoardView,
    start: QPointF,
    end: QPointF,
    shift: bool = False,
    during: Callable[[], None] | None = None,
) -> None:
    """Press, move in steps past the drag distance, optionally look, release."""
    mods = Qt.KeyboardModifier.ShiftModifier if shift else Qt.KeyboardModifier.NoModifier
    a, b = vp(view, start), vp(view, end)
    viewport = view.viewport()
    qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, mods, a)
    try:
        qtbot.mouseMove(viewport, a + QPoint(12, 12))
        qtbot.mouseMove(viewport, (a + b) / 2)
        qtbot.mouseMove(viewport, b)
        if during is not None:
            during()
    finally:
        qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, mods, b)


def square_center(scene: BoardScene, name: str) -> QPointF:
    return scene.layout.squares[name].center()


def test_deal_flip_tap_give_and_put_back(qtbot: QtBot, board: tuple) -> None:
    session, bridge, scene, view = board
    deck_top = session.state.deck[0]
    deck_spot = scene.layout.piles[PileKind.DECK].center()

    # 1. drag the deck onto B3: its top card is dealt face down
    drag(qtbot, view, deck_spot, square_center(scene, "B3"))
    assert session.state.squares["B3"] == (deck_top,)
    assert session.state.card_flags(deck_top).face_up is False
    item = scene.card_item(deck_top)
    assert item is not None
    assert item.pos() == scene.layout.card_spot(square("B3"), 0, 1).center
    assert scene.layout.squares["B3"].contains(item.pos())
    assert item.face_code is None and item.texts() == []  # a back
    assert scene.square_item("B3").count == 1

    # 2. double-click flips it face up
    qtbot.mouseDClick(view.viewport(), Qt.MouseButton.LeftButton, pos=vp(view, item.pos()))
    assert session.state.card_flags(deck_top).face_up is True
    assert item.face_code == deck_top
    assert item.texts() and item.texts()[0] in deck_top

    # 3. T taps the selected card: it lies turned 90°
    assert scene.selected_card() == deck_top
    assert scene.tap_selected()
    assert session.state.card_flags(deck_top).tapped is True
    assert item.rotation() == 90.0

    # 4. drag it into Bosk's hand: untapped, in the hand zone, hidden from players
    drag(qtbot, view, item.pos(), scene.layout.hands["c2"].center())
    assert session.state.hands["c2"] == (deck_top,)
    assert "B3" not in session.state.squares
    assert session.state.card_flags(deck_top).tapped is False
    assert item.rotation() == 0.0
    assert item.pos() == scene.layout.card_spot(hand("c2"), 0, 1).center
    assert scene.hand_item("c2").count == 1
    assert scene.square_item("B3").count == 0
    assert item.face_code == deck_top  # the GM sees into hands

    # 5. and back onto another square, D2: it lands face down there
    drag(qtbot, view, item.pos(), square_center(scene, "D2"))
    assert session.state.squares["D2"] == (deck_top,)
    assert session.state.hands["c2"] == ()
    assert session.state.card_flags(deck_top).face_up is False
    assert item.pos() == scene.layout.card_spot(square("D2"), 0, 1).center
    assert item.face_code is None
    # five gestures, five undoable commands
    assert [type(e.command).__name__ for e in session.done[-5:]] == [
        "DealCard",
        "FlipCard",
        "TapCard",
        "MoveCard",
        "MoveCard",
    ]


def test_drop_outside_snaps_back_with_a_message(qtbot: QtBot, board: tuple) -> None:
    session, bridge, scene, view = board
    bridge.dispatch(DealCard(square="C3", face_up=True))
    code = session.state.squares["C3"][0]
    item = scene.card_item(code)
    home = item.pos()
    session_state = session.state
    outside = scene.layout.grid_rect.bottomLeft() + QPointF(40, 60)  # below the grid
    drag(qtbot, view, home, outside)
    assert session.state is session_state  # nothing dispatched
    assert item.pos() == home == scene.card_home(code)
    assert scene.messages[-1] == "Dropped outside any square, pile or hand: the card went back."


def test_refused_drop_snaps_back_to_where_the_state_says(qtbot: QtBot, board: tuple) -> None:
    """A GM drags a card out of Airin's hand; meanwhile Ctrl+Z undoes the draw,
    so the card is back in the deck.  Dropping it on Bosk's hand is refused by
    the engine (a give needs a card in a hand): the card snaps to the deck."""
    session, bridge, scene, view = board
    bridge.dispatch(DrawCards(character="c1", count=1))
    code = session.state.hands["c1"][0]
    item = scene.card_item(code)
    seen_during: list[QPointF] = []

    def undo_meanwhile() -> None:
        before = QPointF(item.pos())
        assert bridge.undo()
        # the update does not fight the drag: the card stays under the cursor
        seen_during.append(item.pos() - before)

    drag(qtbot, view, item.pos(), scene.layout.hands["c2"].center(), during=undo_meanwhile)
    assert seen_during == [QPointF(0, 0)]
    state = session.state
    assert state.deck[0] == code and state.hands["c2"] == ()
    assert item.pos() == scene.card_home(code) == scene.layout.card_spot(DECK, 0, len(state.deck)).center
    assert scene.messages[-1].endswith("is not in anyone's hand.")
    assert session.done[-1].command.type == "add_character"  # the refused give left no trace


def test_legal_targets_light_up_during_a_drag(qtbot: QtBot, board: tuple) -> None:
    session, bridge, scene, view = board
    bridge.dispatch(DealCard(square="A1", face_up=True))
    code = session.state.squares["A1"][0]
    seen: dict[str, Highlight] = {}

    def look() -> None:
        for name in ("A1", "B1", "E5"):
            seen[name] = scene.square_item(name).highlight
        seen["discard"] = scene.pile_item(PileKind.DISCARD).highlight
        seen["deck"] = scene.pile_item(PileKind.DECK).highlight
        seen["hand"] = scene.hand_item("c3").highlight

    drag(qtbot, view, scene.card_item(code).pos(), square_center(scene, "E5"), during=look)
    assert seen["A1"] is Highlight.NONE  # where it comes from
    assert seen["B1"] is Highlight.LEGAL
    assert seen["E5"] is Highlight.UNDER  # under the cursor
    assert seen["discard"] is Highlight.LEGAL and seen["deck"] is Highlight.LEGAL and seen["hand"] is Highlight.LEGAL
    # after the drop every highlight is gone
    assert all(scene.square_item(n).highlight is Highlight.NONE for n in ("A1", "B1", "E5"))
    assert session.state.squares["E5"] == (code,)


def test_double_click_on_the_deck_draws_for_the_selected_character(qtbot: QtBot, board: tuple) -> None:
    session, bridge, scene, view = board
    deck_point = vp(view, scene.layout.piles[PileKind.DECK].center())
    before = session.state
    qtbot.mouseDClick(view.viewport(), Qt.MouseButton.LeftButton, pos=deck_point)
    assert session.state is before
    assert scene.messages[-1].startswith("Select a character first")
    # clicking Cyra's hand zone selects her; the shell's panel may also set it
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=vp(view, scene.layout.hands["c3"].center()))
    assert scene.selected_character == "c3"
    top = session.state.deck[0]
    qtbot.mouseDClick(view.viewport(), Qt.MouseButton.LeftButton, pos=deck_point)
    assert session.state.hands["c3"] == (top,)
    assert scene.hand_item("c3").count == 1
    assert scene.card_item(top).pos() == scene.layout.card_spot(hand("c3"), 0, 1).center


def test_markers_and_party_token_are_dragged_onto_squares(qtbot: QtBot, board: tuple) -> None:
    session, bridge, scene, view = board
    marker = scene.marker_item("c1")
    assert marker.pos() == scene.layout.marker_home("c1")
    drag(qtbot, view, marker.pos(), square_center(scene, "B2"))
    assert markers_of(session.state) == {"c1": "B2"}
    assert scene.layout.squares["B2"].contains(marker.pos())
    # back to its hand zone takes it off the map
    drag(qtbot, view, marker.pos(), scene.layout.hands["c1"].center())
    assert markers_of(session.state) == {}
    assert marker.pos() == scene.layout.marker_home("c1")
    party = scene.party_item
    drag(qtbot, view, party.pos(), square_center(scene, "C5"))
    assert party_of(session.state) == "C5"
    assert scene.layout.squares["C5"].contains(party.pos())
    drag(qtbot, view, party.pos(), scene.layout.piles[PileKind.DISCARD].center())  # not a square
    assert party_of(session.state) == "C5"
    assert scene.layout.squares["C5"].contains(party.pos())
    assert scene.messages[-1] == "Dropped outside any square: the token went back."


def test_shift_drag_moves_the_whole_stack_in_order(qtbot: QtBot, board: tuple) -> None:
    session, bridge, scene, view = board
    for face_up in (False, True, False):
        bridge.dispatch(DealCard(square="B4", face_up=face_up))
    stack = session.state.squares["B4"]
    flags = [session.state.card_flags(c) for c in stack]
    done = len(session.done)
    drag(qtbot, view, scene.card_item(stack[0]).pos(), square_center(scene, "D4"), shift=True)
    assert session.state.squares["D4"] == stack
    assert "B4" not in session.state.squares
    assert [session.state.card_flags(c) for c in stack] == flags
    assert scene.square_item("D4").count == 3
    # one gesture, one command: a single undo puts the whole stack back
    assert len(session.done) - done == 1
    bridge.undo()
    assert session.state.squares["B4"] == stack and "D4" not in session.state.squares


class PaintRegions(QObject):
    """Records the regions the viewport actually repaints."""

    def __init__(self) -> None:
        super().__init__()
        self.regions: list[QRegion] = []

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Paint:
            self.regions.append(QRegion(event.region()))
        return False


def test_an_update_from_elsewhere_repaints_only_what_it_names(qtbot: QtBot, board: tuple) -> None:
    """One card dealt (from the dice panel, say) repaints that card's way —
    the deck and E1 — and not the rest of the board."""
    session, bridge, scene, view = board
    for sq in ("A1", "A5", "C3"):
        bridge.dispatch(DealCard(square=sq, face_up=True))
    bridge.dispatch(DrawCards(character="c1", count=2))
    bridge.dispatch(PlaceMarker(character="c2", square="C5"))
    spy = PaintRegions()
    view.viewport().installEventFilter(spy)
    qtbot.wait(30)
    spy.regions.clear()
    bridge.dispatch(DealCard(square="E1"), origin="dice")
    qtbot.waitUntil(lambda: bool(spy.regions))
    qtbot.wait(30)
    painted = QRegion()
    for region in spy.regions:
        painted = painted.united(region)

    def seen(rect: QRectF) -> bool:
        return painted.intersects(view.mapFromScene(rect.adjusted(6, 6, -6, -6)).boundingRect())

    assert seen(scene.layout.squares["E1"]) and seen(scene.layout.piles[PileKind.DECK])
    for name in ("A1", "A5", "C3", "C5", "D1", "E2"):
        assert not seen(scene.layout.squares[name]), name
    assert not seen(scene.layout.hands["c1"]) and not seen(scene.layout.piles[PileKind.DISCARD])


def test_escape_during_a_drag_puts_the_card_back(qtbot: QtBot, board: tuple) -> None:
    session, bridge, scene, view = board
    bridge.dispatch(DealCard(square="B2", face_up=True))
    code = session.state.squares["B2"][0]
    item = scene.card_item(code)
    home = QPointF(item.pos())
    before = session.state

    def escape() -> None:
        assert item.pos() != home  # it follows the cursor
        qtbot.keyPress(view, Qt.Key.Key_Escape)
        assert item.pos() == home

    drag(qtbot, view, home, square_center(scene, "D5"), during=escape)
    assert session.state is before and item.pos() == home
    assert scene.square_item("D5").highlight is Highlight.NONE
