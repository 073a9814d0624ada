"""Start-up: a drag made on the last board's picture is not lost.  The
picture (app/preview.py) takes drags of a square's top card or a marker onto a
square, shows where they will go, and the live board then makes them through
the real mouse path (app/picture_drags.py); every other gesture is still
refused visibly.  The engine loads on a worker thread meanwhile, so the picture
answers the mouse while it loads."""

from __future__ import annotations

import json
import os
import threading
from pathlib import Path

import pytest
from PySide6.QtCore import QCoreApplication, QPoint, QPointF, QRect, QRectF, Qt, QTimer, QTranslator
from PySide6.QtGui import QColor, QPainter, QPixmap
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from app import preview, start_files
from app.mainwindow import MainWindow
from app.picture_drags import CARD, MARKER, Grip, HitMap, QueuedDrag, Spot, hit_map_of, replay
from app.resources import i18n_dir
from engine.store import SessionFile
from engine.upland.slice import markers_of
from tests.app.expedition_window import open_expedition_window
from tests.app.test_startup_preview import run_app

ROOT = Path(__file__).resolve().parents[2]

CARD_4C = Grip(CARD, "4C", "♣4", True, QRectF(20, 20, 40, 56))
MARKER_C1 = Grip(MARKER, "c1", "Airin", True, QRectF(30, 60, 16, 16))  # lies over the card's lower half
HITS = HitMap(
    (CARD_4C, MARKER_C1),
    (Spot("A1", QRectF(10, 10, 80, 80)), Spot("B1", QRectF(100, 10, 80, 80)), Spot("C1", QRectF(190, 10, 80, 80))),
)


def _picture(tmp_path: Path, qtbot: QtBot, hits: HitMap | None = HITS) -> preview.LoadingPicture:
    cfg, session = tmp_path / "config", tmp_path / "data" / "s.yobigoe"
    session.parent.mkdir(parents=True)
    session.write_bytes(b"x" * 100)
    pixmap = QPixmap(400, 300)
    pixmap.fill(QColor("darkgreen"))
    painter = QPainter(pixmap)
    painter.fillRect(CARD_4C.rect, QColor("white"))  # the card, as the picture shows it
    painter.end()
    preview.save_last_board(pixmap, session, QRect(20, 30, 400, 300), maximized=False, lang="en", folder=cfg, hits=hits)
    (cfg / start_files.RECENT).write_text(json.dumps({"last": str(session), "clean_exit": True}), encoding="utf-8")
    os.environ[start_files.CONFIG_ENV] = str(cfg)  # the autouse fixture restores the variable after the test
    picture = preview.show_last_board(QCoreApplication.instance(), None, "en")  # type: ignore[arg-type]
    assert picture is not None
    qtbot.addWidget(picture)
    return picture


def _drag(qtbot: QtBot, widget: preview.LoadingPicture, a: QPointF, b: QPointF) -> None:
    start, end = a.toPoint(), b.toPoint()
    qtbot.mousePress(widget, Qt.MouseButton.LeftButton, pos=start)
    qtbot.mouseMove(widget, start + QPoint(12, 12))
    qtbot.mouseMove(widget, end)
    qtbot.mouseRelease(widget, Qt.MouseButton.LeftButton, pos=end)


def test_the_hit_map_survives_the_sidecar_and_a_damaged_one_means_no_drags(tmp_path: Path, qtbot: QtBot) -> None:
    assert HitMap.from_json(json.loads(json.dumps(HITS.to_json()))) == HITS
    assert HITS.grip_at(QPointF(38, 68)) == MARKER_C1  # the marker lies over the card
    assert HITS.grip_at(QPointF(25, 25)) == CARD_4C and HITS.grip_at(QPointF(300, 200)) is None
    for broken in ({"grips": [{"kind": "card", "id": 3}]}, {"grips": "x"}, [], {"squares": []}):
        assert HitMap.from_json(broken) is None
    picture = _picture(tmp_path, qtbot, hits=None)
    _drag(qtbot, picture, QPointF(40, 40), QPointF(140, 50))
    assert picture.queued == [] and picture.refused == 1  # no map: refused as before


def test_a_drag_on_the_picture_is_kept_and_shown_where_it_will_go(tmp_path: Path, qtbot: QtBot) -> None:
    picture = _picture(tmp_path, qtbot)
    before = picture.grab().toImage()
    _drag(qtbot, picture, QPointF(40, 30), QPointF(140, 50))
    assert picture.queued == [QueuedDrag(CARD_4C, "B1", QPointF(140, 50))]
    assert picture.status.isVisible() and picture.status.text() == "♣4 → B1: moves when the board has loaded"
    after = picture.grab().toImage()
    # the card's picture now lies on B1 (light over the green), B1 is outlined, the old place is dimmed
    assert after.pixelColor(140, 50).value() > 200 and before.pixelColor(140, 50).value() < 120
    outline = after.pixelColor(103, 80)
    assert outline.red() > 200 and outline.green() > 150 and outline.blue() < 60  # amber #f0b400
    assert after.pixelColor(40, 30).value() < before.pixelColor(40, 30).value()
    # the same card dragged again goes to the newer square; a marker joins the queue
    _drag(qtbot, picture, QPointF(40, 30), QPointF(230, 50))
    _drag(qtbot, picture, QPointF(38, 68), QPointF(140, 50))
    assert [(q.grip.ident, q.target) for q in picture.queued] == [("4C", "C1"), ("c1", "B1")]
    assert picture.status.text().splitlines() == [
        "♣4 → C1: moves when the board has loaded",
        "Airin → B1: moves when the board has loaded",
    ]
    assert picture.refused == 0


def test_a_click_a_miss_or_esc_on_the_picture_keeps_nothing(tmp_path: Path, qtbot: QtBot) -> None:
    picture = _picture(tmp_path, qtbot)
    qtbot.mouseClick(picture, Qt.MouseButton.LeftButton, pos=QPoint(40, 30))  # a click is no drag
    assert picture.refused == 1 and picture.status.text() == "Still loading — one moment"
    _drag(qtbot, picture, QPointF(40, 30), QPointF(300, 250))  # not on a square
    assert picture.queued == [] and picture.status.text() == "♣4 was put back: drop it on a square."
    qtbot.mousePress(picture, Qt.MouseButton.LeftButton, pos=QPoint(40, 30))
    qtbot.mouseMove(picture, QPoint(140, 50))
    assert picture.dragging
    qtbot.keyClick(picture, Qt.Key.Key_Escape)
    qtbot.mouseRelease(picture, Qt.MouseButton.LeftButton, pos=QPoint(140, 50))
    assert picture.queued == [] and not picture.dragging
    qtbot.mouseClick(picture, Qt.MouseButton.RightButton, pos=QPoint(40, 30))
    assert picture.refused == 2


def test_the_new_picture_texts_have_japanese_translations() -> None:
    translator = QTranslator()
    assert translator.load("preview_ja", str(i18n_dir()))
    for source, japanese in (
        ("a face-down card", "裏向きのカード"),
        ("{what} → {square}: moves when the board has loaded", "{what} → {square}：読み込みが終わったら動かします"),
        ("{what} was put back: drop it on a square.", "{what}を元に戻しました：マスの上で離してください。"),
    ):
        assert translator.translate("LoadingPicture", source) == japanese


def test_the_picture_answers_events_while_the_work_runs_on_another_thread(tmp_path: Path, qtbot: QtBot) -> None:
    picture = _picture(tmp_path, qtbot)
    answered = threading.Event()
    seen: list[str] = []

    def work() -> None:
        seen.append(threading.current_thread().name)
        # only the GUI thread's event loop can set this: the work waits for it
        assert answered.wait(10), "the picture's event loop did not run while the work ran"

    QTimer.singleShot(50, answered.set)
    preview.load_while_showing(picture, work)
    assert seen == ["yobigoe-imports"] and answered.is_set()

    def broken() -> None:
        raise ImportError("no module named 'missing'")

    with pytest.raises(ImportError, match="missing"):
        preview.load_while_showing(picture, broken)


@pytest.fixture
def window(qtbot: QtBot, tmp_path: Path) -> MainWindow:
    win, sessions = open_expedition_window(qtbot, tmp_path)
    win.board_view.fit()
    yield win  # type: ignore[misc]
    sessions.close()


def test_the_map_written_at_exit_names_the_top_cards_markers_and_squares(window: MainWindow) -> None:
    hits = hit_map_of(window)
    assert hits is not None
    state = window.bridge.state
    cards = {g.ident for g in hits.grips if g.kind == CARD}
    assert cards == {codes[0] for codes in state.squares.values() if codes}
    assert {g.ident for g in hits.grips if g.kind == MARKER} == set(state.characters)
    assert {s.name for s in hits.spots} == set(window.board_scene.layout.squares)
    # each card's rectangle is where the window shows it
    view, scene = window.board_view, window.board_scene
    item = scene.card_item("9C")
    assert item is not None
    centre = view.viewport().mapTo(window, view.mapFromScene(item.scenePos()))
    assert hits.grip_at(QPointF(centre)).ident == "9C"  # type: ignore[union-attr]


def test_a_kept_drag_is_made_on_the_live_board_as_one_undo_step(window: MainWindow, qtbot: QtBot) -> None:
    hits = hit_map_of(window)
    assert hits is not None
    grip = next(g for g in hits.grips if g.ident == "9C")
    before = window.bridge.state
    assert before.squares["D4"] == ("9C",)
    said: list[str] = []
    assert replay(window, [QueuedDrag(grip, "D3", QPointF())], said.append) == 1
    assert window.bridge.state.squares["D3"] == ("9C",) and not window.bridge.state.squares.get("D4")
    assert said == []
    assert window.bridge.undo()
    assert window.bridge.state.squares["D4"] == ("9C",)


def test_a_kept_drag_the_rules_refuse_is_refused_on_the_live_board(window: MainWindow, qtbot: QtBot) -> None:
    # rule: INV-1 — in the declare step A1 is no investigation target for the marker; C3 is
    from engine.upland.commands import StartExploration

    window.bridge.dispatch(StartExploration(), origin="stepper")
    hits = hit_map_of(window)
    assert hits is not None
    grip = next(g for g in hits.grips if g.ident == "c2")
    before = window.bridge.state
    messages: list[str] = []
    window.board_scene.status_message.connect(messages.append)
    replay(window, [QueuedDrag(grip, "A1", QPointF())], lambda text: None)
    assert window.bridge.state is before and messages  # refused, visibly, nothing changed
    replay(window, [QueuedDrag(grip, "C3", QPointF())], lambda text: None)
    assert markers_of(window.bridge.state)["c2"] == "C3"
    lost = Grip(CARD, "ZZ", "??", True, QRectF())
    said: list[str] = []
    assert replay(window, [QueuedDrag(lost, "C3", QPointF())], said.append) == 0
    assert said == ["?? was not moved: it is not where the picture showed it."]


def test_a_drag_made_on_the_picture_while_loading_lands_in_the_session_file(tmp_path: Path) -> None:
    run_app(tmp_path)  # the first start: the demo, closed cleanly, writes the picture and its map
    sidecar = json.loads((tmp_path / "cfg" / preview.SIDECAR).read_text(encoding="utf-8"))
    assert sidecar["ruleset"] == "upland" and HitMap.from_json(sidecar["hits"]) is not None
    out = run_app(tmp_path)
    marks = [line.split()[0] for line in out.splitlines() if line.split()]
    # the picture took the drag before the live window existed; the live board then applied it
    assert marks.index("PICTURE_PAINT") < marks.index("DRAG_TAKEN") < marks.index("FIRST_PAINT")
    assert "DRAG_ACCEPTED" in marks and "DRAG_REFUSED" not in marks
    hits = HitMap.from_json(sidecar["hits"])
    assert hits is not None
    card = next(g for g in hits.grips if g.kind == CARD)
    with SessionFile.open(Path(sidecar["session"])) as opened:
        last = opened.session.done[-1].command
    assert getattr(last, "card", None) == card.ident  # the card the picture's first grip named
    QApplication.processEvents()
