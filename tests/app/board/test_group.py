"""The GM selects several cards or markers (Ctrl+click, a band on empty
space) and drags one of them: the whole selection moves, keeping its shape, as
one undo step; an illegal drop for any member is refused where the GM dropped,
naming the member, and nothing moves.  Driven with the real mouse on the real
widgets; every step checks the engine state and what the board shows."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QCursor, QImage, QPainter
from PySide6.QtWidgets import QApplication, QToolTip
from pytestqt.qtbot import QtBot

from app.board import BoardScene, BoardView
from app.board.items import SELECTED_COLOR, Highlight
from app.common.refusal_notice import balloon_text
from app.mainwindow import MainWindow
from engine.table.commands import DealCard
from engine.table.places import square
from engine.upland.slice import markers_of
from engine.upland.table_commands import PlaceMarker
from tests.app.board.test_gestures import board, drag, square_center, vp
from tests.app.expedition_window import open_expedition_window

__all__ = ["board"]  # the fixture, shared with the gesture tests

CTRL = Qt.KeyboardModifier.ControlModifier


def ctrl_click(qtbot: QtBot, view: BoardView, at: QPointF) -> None:
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, CTRL, vp(view, at))


def band(qtbot: QtBot, view: BoardView, start: QPointF, end: QPointF) -> None:
    """A rubber band: press on empty space, move in steps, release."""
    a, b = vp(view, start), vp(view, end)
    viewport = view.viewport()
    qtbot.mouseMove(viewport, a)  # the mouse comes to the start first (its square lights)
    qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, a)
    qtbot.mouseMove(viewport, a + QPoint(10, 10))
    qtbot.mouseMove(viewport, (a + b) / 2)
    qtbot.mouseMove(viewport, b)
    qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, b)


def outline_pixels(scene: BoardScene, rect: QRectF) -> int:
    """How many pixels of the selection outline's colour the board paints in ``rect``."""
    image = QImage(int(rect.width()), int(rect.height()), QImage.Format.Format_ARGB32)
    image.fill(QColor("#000000"))
    painter = QPainter(image)
    scene.render(painter, QRectF(image.rect()), rect)
    painter.end()
    want = QColor(SELECTED_COLOR)
    count = 0
    for y in range(image.height()):
        for x in range(image.width()):
            c = image.pixelColor(x, y)
            if abs(c.red() - want.red()) + abs(c.green() - want.green()) + abs(c.blue() - want.blue()) < 40:
                count += 1
    return count


def around(item_pos: QPointF, half: float = 60.0) -> QRectF:
    return QRectF(item_pos.x() - half, item_pos.y() - half, 2 * half, 2 * half)


def test_ctrl_click_two_cards_then_drag_one_moves_both_in_one_undo_step(qtbot: QtBot, board: tuple) -> None:
    session, bridge, scene, view = board
    for name in ("B2", "C3"):
        bridge.dispatch(DealCard(square=name), origin="test")
    first, second = session.state.squares["B2"][0], session.state.squares["C3"][0]
    one, two = scene.card_item(first), scene.card_item(second)
    assert one is not None and two is not None
    assert outline_pixels(scene, around(one.pos())) == 0  # nothing selected yet

    ctrl_click(qtbot, view, one.pos())
    ctrl_click(qtbot, view, two.pos())
    assert one.isSelected() and two.isSelected()
    assert outline_pixels(scene, around(one.pos())) > 200  # a clear outline on each
    assert outline_pixels(scene, around(two.pos())) > 200
    ctrl_click(qtbot, view, two.pos())  # Ctrl+click again takes it out
    assert one.isSelected() and not two.isSelected()
    ctrl_click(qtbot, view, two.pos())

    done = len(session.done)
    drag(qtbot, view, one.pos(), square_center(scene, "B3"))  # one row down
    assert session.state.squares["B3"] == (first,) and session.state.squares["C4"] == (second,)
    assert not session.state.squares.get("B2") and not session.state.squares.get("C3")
    assert len(session.done) == done + 1  # one command, one undo step
    assert one.pos() == scene.layout.card_spot(square("B3"), 0, 1).center
    assert two.pos() == scene.layout.card_spot(square("C4"), 0, 1).center
    assert one.isSelected() and two.isSelected()  # the selection stays for the next move

    assert bridge.undo()
    assert session.state.squares["B2"] == (first,) and session.state.squares["C3"] == (second,)
    assert one.pos() == scene.layout.card_spot(square("B2"), 0, 1).center
    assert two.pos() == scene.layout.card_spot(square("C3"), 0, 1).center
    assert bridge.redo()
    assert session.state.squares["B3"] == (first,) and session.state.squares["C4"] == (second,)


def test_a_band_selects_the_three_cards_and_the_marker_inside_it_and_they_move_together(
    qtbot: QtBot, board: tuple
) -> None:
    session, bridge, scene, view = board
    for name in ("A1", "B1", "B2", "D4"):
        bridge.dispatch(DealCard(square=name), origin="test")
    bridge.dispatch(PlaceMarker(character="c1", square="B2"), origin="test")
    inside = [session.state.squares[n][0] for n in ("A1", "B1", "B2")]
    outside = session.state.squares["D4"][0]
    a1, b2 = scene.layout.squares["A1"], scene.layout.squares["B2"]

    band(qtbot, view, a1.topLeft() + QPointF(3, 3), b2.bottomRight() - QPointF(3, 3))
    selected = {i.code for i in scene.selection.items() if hasattr(i, "code")}
    assert selected == set(inside)
    marker = scene.marker_item("c1")
    assert marker is not None and marker.isSelected()
    assert not scene.card_item(outside).isSelected()  # type: ignore[union-attr]
    assert not scene.selection.band.isVisible()  # the band is gone after the release
    assert scene.hovered_square is None  # and no square stays lit where it started
    assert outline_pixels(scene, around(marker.pos(), 16)) > 40  # the marker is ringed

    lead = scene.card_item(inside[2])
    assert lead is not None
    drag(qtbot, view, lead.pos(), square_center(scene, "C3"))  # B2 → C3: one right, one down
    state = session.state
    assert [state.squares[n][0] for n in ("B2", "C2", "C3")] == inside
    assert markers_of(state)["c1"] == "C3"
    assert state.squares["D4"] == (outside,)
    assert marker.pos() == scene.layout.marker_spot("C3", 0, 1)

    # Esc clears the selection; so does a plain click on empty space
    view.setFocus()
    qtbot.keyClick(view.viewport(), Qt.Key.Key_Escape)
    assert scene.selection.items() == []
    ctrl_click(qtbot, view, lead.pos())
    assert scene.selection.items() == [lead]
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=vp(view, a1.topLeft() + QPointF(3, 3)))
    assert scene.selection.items() == []


def test_a_plain_click_on_a_card_outside_the_selection_picks_it_alone(qtbot: QtBot, board: tuple) -> None:
    session, bridge, scene, view = board
    for name in ("A1", "B1", "C1"):
        bridge.dispatch(DealCard(square=name), origin="test")
    items = [scene.card_item(session.state.squares[n][0]) for n in ("A1", "B1", "C1")]
    ctrl_click(qtbot, view, items[0].pos())  # type: ignore[union-attr]
    ctrl_click(qtbot, view, items[1].pos())  # type: ignore[union-attr]
    drag(qtbot, view, items[2].pos(), square_center(scene, "C2"))  # type: ignore[union-attr]
    assert session.state.squares["C2"] == (items[2].code,)  # type: ignore[union-attr]
    assert session.state.squares["A1"] and session.state.squares["B1"]  # the others stayed
    assert scene.selection.items() == [items[2]]
    ctrl_click(qtbot, view, items[0].pos())  # type: ignore[union-attr]
    assert scene.selection.is_group()
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=vp(view, items[0].pos()))  # type: ignore[union-attr]
    assert scene.selection.items() == [items[0]]  # a click without a drag picks one of the group alone


@pytest.fixture
def window(qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[MainWindow]:
    monkeypatch.setenv("YOBIGOE_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("YOBIGOE_CONFIG_DIR", str(tmp_path / "config"))
    win, sessions = open_expedition_window(qtbot, tmp_path)
    win.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is win)  # the keys below go to the GM window
    win.board_view.setFocus()
    win.board_view.fit()
    yield win
    sessions.close()


def test_in_the_window_ctrl_z_puts_the_group_back_and_the_players_see_the_move(
    qtbot: QtBot, window: MainWindow
) -> None:
    win = window
    view, scene, state = win.board_view, win.board_scene, win.bridge.state
    players = BoardScene(win.bridge, player=True)  # what the projector draws
    assert state.squares["D4"] == ("9C",) and state.squares["E2"] == ("4C",)
    ctrl_click(qtbot, view, scene.card_item("9C").pos())  # type: ignore[union-attr]
    ctrl_click(qtbot, view, scene.card_item("4C").pos())  # type: ignore[union-attr]
    drag(qtbot, view, scene.card_item("9C").pos(), square_center(scene, "D3"))  # type: ignore[union-attr]
    moved = win.bridge.state
    assert moved.squares["D3"] == ("9C",) and moved.squares["E1"] == ("4C",)
    assert "2枚のカードをD4、E2からD3、E1へ動かしました" in "\n".join(win.eventlog.lines())
    # the players' board (face-down cards under hidden names) shows one card on D3 and E1 now
    shown = {n: len(players.view_state().squares.get(n, ())) for n in ("D4", "E2", "D3", "E1")}
    assert shown == {"D4": 0, "E2": 0, "D3": 1, "E1": 1}
    for name in ("D3", "E1"):
        assert any(players.layout.squares[name].contains(i.pos()) for i in players.card_items())

    focused = QApplication.focusWidget()
    assert focused is not None and focused.window() is win  # (a key sent to no widget aborts Qt)
    qtbot.keyClick(focused, Qt.Key.Key_Z, CTRL)
    back = win.bridge.state
    assert back.squares["D4"] == ("9C",) and back.squares["E2"] == ("4C",)
    assert not back.squares.get("D3") and not back.squares.get("E1")
    for name in ("D4", "E2"):
        assert any(players.layout.squares[name].contains(i.pos()) for i in players.card_items())


def test_an_illegal_group_drop_is_refused_where_it_was_dropped_naming_the_card(
    qtbot: QtBot, window: MainWindow
) -> None:
    win = window
    view, scene = win.board_view, win.board_scene
    ctrl_click(qtbot, view, scene.card_item("9C").pos())  # type: ignore[union-attr]
    ctrl_click(qtbot, view, scene.card_item("4C").pos())  # type: ignore[union-attr]
    before = win.bridge.state
    done = len(win.bridge.session.done)
    target = square_center(scene, "E4")  # one column right: ♣4 on E2 would leave the 5-wide map
    QCursor.setPos(view.viewport().mapToGlobal(vp(view, target)))  # where the real mouse is at the drop
    seen: list[tuple[Highlight, Highlight]] = []

    def look() -> None:
        overlay = scene.target_overlay
        seen.append((overlay.level("square:E4"), overlay.level("square:D3")))

    drag(qtbot, view, scene.card_item("9C").pos(), target, during=look)  # type: ignore[union-attr]
    # the illegal square under the group is not lit; a square the whole group fits is
    assert seen == [(Highlight.NONE, Highlight.LEGAL)]
    assert win.bridge.state is before and len(win.bridge.session.done) == done
    expected = "E2の♣4がマップの外に出てしまいます（グループは横に1列、縦に0行動きます）。"
    assert QToolTip.isVisible() and QToolTip.text() == balloon_text(expected)
    assert (win.last_refusal_at - QCursor.pos()).manhattanLength() <= 2
    assert expected in win.eventlog.refusal.text()
    assert scene.card_item("9C").pos() == scene.card_home("9C")  # type: ignore[union-attr]
    assert scene.card_item("4C").pos() == scene.card_home("4C")  # type: ignore[union-attr]


def test_in_the_declare_step_a_group_with_a_declared_marker_is_refused_in_japanese(
    qtbot: QtBot, qapp: QApplication, window: MainWindow
) -> None:
    # rule: INV-1 — in the declare step a marker's drop is that character's declaration
    from app.i18n import Translations

    translations = Translations(qapp)
    translations.install("ja")
    try:
        _refuse_declared_group(qtbot, window)
    finally:
        translations.install("en")


def _refuse_declared_group(qtbot: QtBot, win: MainWindow) -> None:
    from engine.upland.commands import StartExploration
    from tests.app.rulesets.upland.test_stepper_gui import drag_marker

    view, scene = win.board_view, win.board_scene
    win.bridge.dispatch(StartExploration(), origin="stepper")
    drag_marker(qtbot, win, "c1", "C3")  # a scout (INV-2)
    drag_marker(qtbot, win, "c2", "B3")  # a resonance (INV-7)
    before = win.bridge.state
    assert markers_of(before)["c1"] == "C3" and markers_of(before)["c2"] == "B3"
    for character in ("c1", "c2"):
        ctrl_click(qtbot, view, scene.marker_item(character).pos())  # type: ignore[union-attr]
    target = square_center(scene, "C2")
    QCursor.setPos(view.viewport().mapToGlobal(vp(view, target)))
    drag(qtbot, view, scene.marker_item("c1").pos(), target)  # type: ignore[union-attr]
    assert win.bridge.state is before
    expected = "このステップではアイリンのマーカーは行動宣言です。単独でドラッグしてください。何も動かしていません。"
    assert QToolTip.isVisible() and QToolTip.text() == balloon_text(expected)
    assert scene.marker_item("c1").pos() == scene.layout.marker_spot("C3", 0, 1)  # type: ignore[union-attr]


def test_every_group_gesture_message_has_a_japanese_translation() -> None:
    import xml.etree.ElementTree as ET

    from PySide6.QtCore import QTranslator

    from app.resources import assets_dir

    ts = assets_dir() / "i18n" / "group_ja.ts"
    root = ET.parse(ts).getroot()
    translator = QTranslator()
    assert translator.load(str(ts.with_suffix(".qm")))  # lrelease was run on the .ts
    sources = set()
    for message in root.iter("message"):
        source = message.findtext("source") or ""
        sources.add(source)
        assert translator.translate("BoardScene", source) == message.findtext("translation") != source
    code = (Path(__file__).resolve().parents[3] / "app" / "board" / "gestures.py").read_text(encoding="utf-8")
    for source in sources:
        assert source in code  # each one is still said by the board


def test_the_log_filters_count_a_group_move_as_a_board_move_of_the_marker_owners() -> None:
    from app.panels.log_filter import Kind, LogFilter, record_facts
    from engine.upland.group import MoveGroup
    from tests.engine.helpers import party_session

    session = party_session()
    for name in ("A1", "B1"):
        session.dispatch(DealCard(square=name))
    session.dispatch(PlaceMarker(character="c2", square="B2"))
    session.dispatch(MoveGroup(cards=("AS", "2S"), markers=("c2",), lead="AS", to="A2"))
    facts = record_facts("do", session.done[-1])
    assert facts.kinds == {Kind.BOARD} and facts.characters == {"c2"}
    assert LogFilter(kind=Kind.BOARD, character="c2").accepts(facts)
    assert not LogFilter(kind=Kind.PROCEDURE).accepts(facts)


def test_end2_several_hand_cards_are_handed_to_another_hand_as_one_move(qtbot: QtBot, board: tuple) -> None:
    # rule: END-2
    from engine.table.commands import DrawCards
    from engine.upland.group import GiveCards

    session, bridge, scene, view = board
    assert bridge.dispatch(DrawCards(character="c1", count=2), origin="test")
    first, second = session.state.hands["c1"]
    one, two = scene.card_item(first), scene.card_item(second)
    assert one is not None and two is not None
    ctrl_click(qtbot, view, one.pos())
    ctrl_click(qtbot, view, two.pos())
    done = len(session.done)
    drag(qtbot, view, one.pos(), scene.layout.hands["c2"].center())
    assert set(session.state.hands["c2"]) == {first, second} and session.state.hands["c1"] == ()
    assert len(session.done) == done + 1 and isinstance(session.done[-1].command, GiveCards)
    told = session.done[-1].events[0].describe("en")
    assert "Airin" in told and "Bosk" in told and "END-2" in told
    assert bridge.undo() and set(session.state.hands["c1"]) == {first, second}
