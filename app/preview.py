"""A picture of the last board, shown while the live window loads.

Building the live GM window needs pydantic, the State models, the ruleset's
models and the panels (about a second).  On a clean exit the window is grabbed
to ``last-board.png`` in the config folder, with a sidecar ``last-board.json``
naming the session file, its size and ``mtime_ns`` (and those of its SQLite
``-wal`` file when one is left), the window's geometry and the language.  At
the next start, before anything heavy is imported, :func:`show_last_board`
shows that picture only when it is certainly still true: the session about to
open is the last one, the last run ended cleanly (no crash prompt), no other
file was asked for, and the file's stamps are unchanged.  Otherwise nothing is
shown: a stale picture would be worse than none.

The picture takes one kind of input: a drag of a square's top card or of a
marker onto a square (:mod:`app.picture_drags`) is kept, drawn where it will
go, and made on the live board once it shows.  Every other click or key on it
is refused visibly (a "still loading" line, and a busy cursor throughout) and
changes nothing.  The heavy imports run on a worker thread meanwhile
(:func:`load_while_showing`), so the picture answers the mouse as it moves.
The picture closes itself as soon as any other top-level window shows (the
live window, an error, the start page) and the caller closes it on every other
path; a drag still held then is finished first (:meth:`LoadingPicture.finish_gesture`).

This module imports only the standard library, ``platformdirs`` and Qt, so
the picture paints before ``engine`` or pydantic load; whether the picture is
still true is read from the sidecar and ``recent.json`` by
:mod:`app.start_files`, which start-up also asks before it imports Qt.
"""

from __future__ import annotations

import json
import os
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from PySide6.QtCore import QCoreApplication, QEvent, QObject, QPointF, QRect, QRectF, QTranslator
from PySide6.QtGui import QCloseEvent, QColor, QKeyEvent, QMouseEvent, QPainter, QPaintEvent, QPen, QPixmap
from PySide6.QtWidgets import QApplication, QLabel, QWidget

from app.import_worker import ImportWorker
from app.picture_drags import Grip, HitMap, QueuedDrag, describe, queued_texts
from app.start_files import PICTURE, SIDECAR, config_folder, file_stamp, matching_sidecar, read_json

#: Test and screenshot aid: keep the picture up this many milliseconds before the live build.
HOLD_ENV = "YOBIGOE_PREVIEW_HOLD_MS"
#: Modules whose presence at the picture's first paint would mean it waited for them.
HEAVY = ("pydantic", "engine", "app.mainwindow")


@dataclass(frozen=True)
class LastBoard:
    """A picture that may be shown: where it is and how the window stood."""

    session: Path
    picture: Path
    geometry: QRect
    maximized: bool
    lang: str
    #: where the picture's cards, markers and squares are (None: drags are refused too)
    hits: HitMap | None = field(default=None, compare=False)
    #: the session's ruleset id, so its models load while the picture shows ("" if unknown)
    ruleset: str = ""


def save_last_board(
    picture: QPixmap,
    session: Path,
    geometry: QRect,
    *,
    maximized: bool,
    lang: str,
    folder: Path | None = None,
    hits: HitMap | None = None,
    ruleset: str = "",
) -> None:
    """Write the picture and its sidecar; call it after the session file is closed,
    so the stamps are the ones the next start will see.  Failures only cost the
    picture next time, never the exit."""
    target = folder if folder is not None else config_folder()
    try:
        target.mkdir(parents=True, exist_ok=True)
        # The old sidecar goes first: a half-written pair never matches.
        (target / SIDECAR).unlink(missing_ok=True)
        if not picture.save(str(target / PICTURE), "PNG"):
            return
        data = {
            "session": str(Path(session).absolute()),
            "stamp": file_stamp(Path(session)),
            "geometry": [geometry.x(), geometry.y(), geometry.width(), geometry.height()],
            "maximized": maximized,
            "lang": lang,
            "ruleset": ruleset,
        }
        if hits is not None:
            data["hits"] = hits.to_json()
        temp = target / (SIDECAR + ".tmp")
        temp.write_text(json.dumps(data), encoding="utf-8")
        os.replace(temp, target / SIDECAR)
    except OSError:
        return


def matching_last_board(requested: Path | None, folder: Path | None = None) -> LastBoard | None:
    """The saved picture when it shows exactly what is about to open, else None."""
    source = folder if folder is not None else config_folder()
    data = matching_sidecar(requested, source)
    if data is None:
        return None
    geometry = data["geometry"]
    try:
        rect = QRect(*(int(v) for v in geometry))
    except (TypeError, ValueError):
        return None
    lang = data.get("lang")
    hits = HitMap.from_json(data.get("hits"))
    ruleset = data.get("ruleset")
    return LastBoard(
        Path(data["session"]),
        source / PICTURE,
        rect,
        bool(data.get("maximized")),
        lang if isinstance(lang, str) else "en",
        hits,
        ruleset if isinstance(ruleset, str) else "",
    )


class LoadingPicture(QWidget):
    """The last board as a still picture: drags of cards and markers onto squares
    are kept for the live board, every other input is refused visibly."""

    def __init__(self, board: LastBoard, pixmap: QPixmap, *, probe: bool = False) -> None:
        super().__init__()
        self.board = board
        self._pixmap = pixmap
        self._probe = probe
        self._painted = False
        self.refused = 0
        #: drags taken, in the order they were made; the live board makes them (app.picture_drags.replay)
        self.queued: list[QueuedDrag] = []
        self._press: tuple[Grip, QPointF] | None = None  # a press on a grip, in picture coordinates
        self._cursor: QPointF | None = None  # while dragging: where the grip is carried
        #: the longest the picture went without answering the mouse while the engine loaded (ms)
        self.longest_wait_ms = 0.0
        self.setWindowTitle(self.tr("{name} — loading").format(name=board.session.stem))
        self.status = QLabel(self.tr("Still loading — one moment"), self)
        self.status.setStyleSheet("QLabel { background: #fff3c4; color: #222; padding: 6px 12px; font-size: 14px; }")
        self.status.setWordWrap(True)
        self.status.hide()

    def settle(self) -> None:
        """What the first paint need not wait for (Qt's ``Qt`` namespace alone costs
        ≈ 45 ms to load): the busy cursor, keyboard focus, no quitting on close."""
        from PySide6.QtCore import Qt

        self.setAttribute(Qt.WidgetAttribute.WA_QuitOnClose, False)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setCursor(Qt.CursorShape.BusyCursor)

    # -- coordinates: the map is in the closed window's, the widget may be another size ----------
    def _scale(self) -> tuple[float, float]:
        geometry = self.board.geometry
        return (self.width() / max(1, geometry.width()), self.height() / max(1, geometry.height()))

    def to_picture(self, pos: QPointF) -> QPointF:
        sx, sy = self._scale()
        return QPointF(pos.x() / sx, pos.y() / sy)

    def to_widget(self, rect: QRectF) -> QRectF:
        sx, sy = self._scale()
        return QRectF(rect.x() * sx, rect.y() * sy, rect.width() * sx, rect.height() * sy)

    def _source(self, rect: QRectF) -> QRectF:
        """``rect`` (picture coordinates) in the pixmap's own pixels."""
        geometry = self.board.geometry
        fx = self._pixmap.width() / max(1, geometry.width())
        fy = self._pixmap.height() / max(1, geometry.height())
        return QRectF(rect.x() * fx, rect.y() * fy, rect.width() * fx, rect.height() * fy)

    # -- painting ---------------------------------------------------------------------------
    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.drawPixmap(self.rect(), self._pixmap)
        for queued in self.queued:
            self._paint_carried(painter, queued.grip, queued.drop, queued.target)
        if self._press is not None and self._cursor is not None:
            self._paint_carried(painter, self._press[0], self._cursor, None)
        painter.end()
        if not self._painted:
            self._painted = True
            if self._probe:
                heavy = [name for name in HEAVY if name in sys.modules]
                print(f"PICTURE_PAINT {time.time():.6f} heavy={','.join(heavy) or '-'}", flush=True)

    def _paint_carried(self, painter: QPainter, grip: Grip, at: QPointF, target: str | None) -> None:
        """The grip's place dimmed, its picture at ``at`` (picture coordinates) and,
        for a kept drag, the target square outlined: where it will go."""
        hits = self.board.hits
        home = self.to_widget(grip.rect)
        painter.fillRect(home, QColor(0, 0, 0, 90))
        if target is not None and hits is not None:
            spot = next((s for s in hits.spots if s.name == target), None)
            if spot is not None:
                pen = QPen(QColor("#f0b400"), 3)
                painter.setPen(pen)
                painter.drawRect(self.to_widget(spot.rect).adjusted(2, 2, -2, -2))
        moved = QRectF(grip.rect)
        moved.moveCenter(at)
        painter.setOpacity(0.85)
        painter.drawPixmap(self.to_widget(moved), self._pixmap, self._source(grip.rect))
        painter.setOpacity(1.0)

    def resizeEvent(self, event: Any) -> None:
        super().resizeEvent(event)
        self._place_status()

    def _place_status(self) -> None:
        self.status.setFixedWidth(self.width())
        self.status.adjustSize()
        self.status.move(0, self.height() - self.status.height())

    def _say(self, text: str) -> None:
        self.status.setText(text)
        self._place_status()
        self.status.show()
        self.status.raise_()

    def refuse(self) -> None:
        """Say that the gesture was not taken; nothing else happens."""
        self.refused += 1
        self._say(self.tr("Still loading — one moment"))

    # -- gestures -----------------------------------------------------------------------------
    def mousePressEvent(self, event: QMouseEvent) -> None:
        from PySide6.QtCore import Qt

        event.accept()
        hits = self.board.hits
        grip = hits.grip_at(self.to_picture(event.position())) if hits is not None else None
        if event.button() != Qt.MouseButton.LeftButton or grip is None:
            self.refuse()
            return
        self._press = (grip, self.to_picture(event.position()))
        self._cursor = None

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        event.accept()
        if self._press is None:
            return
        grip, pressed = self._press
        pos = self.to_picture(event.position())
        if self._cursor is None and (pos - pressed).manhattanLength() < QApplication.startDragDistance():
            return
        from PySide6.QtCore import Qt

        if self._cursor is None:
            self.setCursor(Qt.CursorShape.ClosedHandCursor)
        self._cursor = grip.rect.center() + (pos - pressed)
        self.update()

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        event.accept()
        press, carried = self._press, self._cursor
        self._press, self._cursor = None, None
        if press is None:
            return
        from PySide6.QtCore import Qt

        self.setCursor(Qt.CursorShape.BusyCursor)
        if carried is None:  # a click, not a drag: nothing the picture can do
            self.refuse()
            return
        hits = self.board.hits
        spot = hits.spot_at(self.to_picture(event.position())) if hits is not None else None
        self.update()
        if spot is None:
            self._say(self.tr("{what} was put back: drop it on a square.").format(what=describe(press[0])))
            return
        self.queued = [q for q in self.queued if q.grip.ident != press[0].ident]
        self.queued.append(QueuedDrag(press[0], spot.name, spot.rect.center()))
        self._say("\n".join(queued_texts(self.queued)))

    def mouseDoubleClickEvent(self, event: QMouseEvent) -> None:
        self.refuse()
        event.accept()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        from PySide6.QtCore import Qt

        event.accept()
        if event.key() == Qt.Key.Key_Escape and self._press is not None:
            self._press, self._cursor = None, None  # the drag is dropped where it started
            self.setCursor(Qt.CursorShape.BusyCursor)
            self.update()
            return
        self.refuse()

    @property
    def dragging(self) -> bool:
        """The GM holds something picked up on the picture."""
        return self._press is not None

    def finish_gesture(self, limit_s: float = 30.0) -> None:
        """Called just before the live window shows: a drag still held on the picture
        is let go first (the live board would cover it mid-drag), up to ``limit_s``."""
        deadline = time.monotonic() + limit_s
        while self._press is not None and self.isVisible() and time.monotonic() < deadline:
            QApplication.processEvents()
            time.sleep(0.005)
        self._press, self._cursor = None, None

    def stop_watching(self) -> None:
        """No more dialogs can come before the live window: stop watching every
        event of the application (a Python call per event would slow the live
        build by a tenth of a second or more); the caller closes the picture."""
        QApplication.instance().removeEventFilter(_REPLACERS.pop(id(self), _NOOP))  # type: ignore[union-attr]

    def closeEvent(self, event: QCloseEvent) -> None:
        self.stop_watching()
        super().closeEvent(event)


class _Replacer(QObject):
    """Closes the picture when any other window or dialog shows (an error about
    the file, the start page) while the session is being chosen."""

    def __init__(self, picture: LoadingPicture) -> None:
        super().__init__(picture)
        self._picture = picture

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() != QEvent.Type.Show or watched is self._picture or not isinstance(watched, QWidget):
            return False
        from PySide6.QtCore import Qt  # not before the picture's own paint (see LoadingPicture.settle)

        if watched.isWindow() and watched.windowType() in (Qt.WindowType.Window, Qt.WindowType.Dialog):
            self._picture.close()
        return False


_NOOP = QObject()
_REPLACERS: dict[int, _Replacer] = {}


def _install_translation(app: QCoreApplication, lang: str) -> None:
    if lang == "en":
        return
    from app.resources import i18n_dir

    translator = QTranslator(app)
    if translator.load(f"preview_{lang}", str(i18n_dir())):
        app.installTranslator(translator)


def show_last_board(
    app: QApplication, requested: Path | None, lang: str | None, *, probe: bool = False
) -> LoadingPicture | None:
    """Show the last board's picture if it is still true (see the module docstring)."""
    board = matching_last_board(requested)
    if board is None:
        return None
    pixmap = QPixmap(str(board.picture))
    if pixmap.isNull():
        return None
    remembered = read_json(config_folder() / "gui.json").get("language")  # app.i18n.SETTINGS_FILE
    _install_translation(app, lang or (remembered if remembered in ("ja", "en") else board.lang))
    picture = LoadingPicture(board, pixmap, probe=probe)
    picture.setGeometry(board.geometry)
    replacer = _Replacer(picture)
    _REPLACERS[id(picture)] = replacer
    app.installEventFilter(replacer)
    if board.maximized:
        picture.showMaximized()
    else:
        picture.show()
    app.processEvents()
    picture.settle()
    hold = int(os.environ.get(HOLD_ENV, "0") or 0)
    deadline = time.monotonic() + hold / 1000
    while time.monotonic() < deadline and picture.isVisible():
        app.processEvents()
        time.sleep(0.01)
    return picture


def pump(picture: LoadingPicture | None) -> None:
    """Let the picture answer gestures made so far (between start-up's import stages)."""
    if picture is not None and picture.isVisible():
        QApplication.processEvents()


def load_while_showing(picture: LoadingPicture | None, work: Callable[[], None]) -> None:
    """Run ``work`` (imports: the engine, pydantic, the main window's code, the
    session's ruleset) on a worker thread while this thread keeps the picture
    answering the mouse; without a picture, run it here.  ``work`` must only
    import and register models: it makes no Qt object and opens no file, and
    this thread touches none of it meanwhile (it only pumps the picture's
    events).  An error in it is raised here, as a direct call would raise it.
    The longest gap between two turns of the picture's event loop is kept in
    ``picture.longest_wait_ms``."""
    if picture is None or not picture.isVisible():
        work()
        return
    worker = ImportWorker(work, "yobigoe-imports")
    last = time.perf_counter()
    while worker.running():
        QApplication.processEvents()
        worker.wait(0.010)  # a turn every 10 ms keeps a drag smooth
        now = time.perf_counter()
        picture.longest_wait_ms = max(picture.longest_wait_ms, (now - last) * 1000)
        last = now
    worker.finish()


__all__ = [
    "LastBoard",
    "LoadingPicture",
    "file_stamp",
    "load_while_showing",
    "matching_last_board",
    "pump",
    "save_last_board",
    "show_last_board",
]
