"""A picture of the last board, shown while the live window loads (issue 13).

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

The picture takes no input: a click, drag or key press on it is refused
visibly (a "still loading" line, and a busy cursor throughout) and changes
nothing; the GM repeats it on the live board.  The picture closes itself as
soon as any other top-level window shows (the live window, an error, the start
page) and the caller closes it on every other path.

This module imports only the standard library, ``platformdirs`` and Qt, so
the picture paints before ``engine`` or pydantic load; it therefore reads
``recent.json`` (``engine.store.recent``) itself, and finds the config folder
the way ``engine.store.paths`` does.
"""

from __future__ import annotations

import json
import os
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import platformdirs
from PySide6.QtCore import QCoreApplication, QEvent, QObject, QRect, QTranslator
from PySide6.QtGui import QCloseEvent, QKeyEvent, QMouseEvent, QPainter, QPaintEvent, QPixmap
from PySide6.QtWidgets import QApplication, QLabel, QWidget

SIDECAR = "last-board.json"
PICTURE = "last-board.png"
RECENT = "recent.json"  # engine.store.recent.FILE_NAME (a test keeps them equal)
CONFIG_ENV = "YOBIGOE_CONFIG_DIR"  # engine.store.paths.CONFIG_ENV
#: Test and screenshot aid: keep the picture up this many milliseconds before the live build.
HOLD_ENV = "YOBIGOE_PREVIEW_HOLD_MS"
#: Modules whose presence at the picture's first paint would mean it waited for them.
HEAVY = ("pydantic", "engine", "app.mainwindow")


def config_folder() -> Path:
    """The settings folder, as ``engine.store.paths.config_folder`` finds it (not created here)."""
    return Path(os.environ.get(CONFIG_ENV) or platformdirs.user_config_dir("yobigoe", appauthor=False)).expanduser()


def file_stamp(path: Path) -> dict[str, Any]:
    """What tells a changed session file: its size and mtime_ns, and its ``-wal``'s if one exists."""
    stamp: dict[str, Any] = {}
    for key, target in (("file", path), ("wal", path.with_name(path.name + "-wal"))):
        try:
            st = target.stat()
        except OSError:
            stamp[key] = None
            continue
        stamp[key] = {"size": st.st_size, "mtime_ns": st.st_mtime_ns}
    return stamp


@dataclass(frozen=True)
class LastBoard:
    """A picture that may be shown: where it is and how the window stood."""

    session: Path
    picture: Path
    geometry: QRect
    maximized: bool
    lang: str


def save_last_board(
    picture: QPixmap, session: Path, geometry: QRect, *, maximized: bool, lang: str, folder: Path | None = None
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
        }
        temp = target / (SIDECAR + ".tmp")
        temp.write_text(json.dumps(data), encoding="utf-8")
        os.replace(temp, target / SIDECAR)
    except OSError:
        return


def _read_json(path: Path) -> dict[str, Any]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def matching_last_board(requested: Path | None, folder: Path | None = None) -> LastBoard | None:
    """The saved picture when it shows exactly what is about to open, else None."""
    source = folder if folder is not None else config_folder()
    data = _read_json(source / SIDECAR)
    recent = _read_json(source / RECENT)
    session = data.get("session")
    geometry = data.get("geometry")
    if not isinstance(session, str) or not (isinstance(geometry, list) and len(geometry) == 4):
        return None
    if recent.get("last") != session or recent.get("clean_exit", True) is False:
        return None  # another session opens, or a crash prompt comes first
    path = Path(session)
    if requested is not None and Path(requested).absolute() != path:
        return None
    if data.get("stamp") != file_stamp(path) or (data.get("stamp") or {}).get("file") is None:
        return None
    picture = source / PICTURE
    if not picture.is_file():
        return None
    try:
        rect = QRect(*(int(v) for v in geometry))
    except (TypeError, ValueError):
        return None
    lang = data.get("lang")
    return LastBoard(path, picture, rect, bool(data.get("maximized")), lang if isinstance(lang, str) else "en")


class LoadingPicture(QWidget):
    """The last board as a still picture; every input on it is refused visibly."""

    def __init__(self, board: LastBoard, pixmap: QPixmap, *, probe: bool = False) -> None:
        super().__init__()
        self.board = board
        self._pixmap = pixmap
        self._probe = probe
        self._painted = False
        self.refused = 0
        self.setWindowTitle(self.tr("{name} — loading").format(name=board.session.stem))
        self.status = QLabel(self.tr("Still loading — one moment"), self)
        self.status.setStyleSheet("QLabel { background: #fff3c4; color: #222; padding: 6px 12px; font-size: 14px; }")
        self.status.hide()

    def settle(self) -> None:
        """What the first paint need not wait for (Qt's ``Qt`` namespace alone costs
        ≈ 45 ms to load): the busy cursor, keyboard focus, no quitting on close."""
        from PySide6.QtCore import Qt

        self.setAttribute(Qt.WidgetAttribute.WA_QuitOnClose, False)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setCursor(Qt.CursorShape.BusyCursor)

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.drawPixmap(self.rect(), self._pixmap)
        painter.end()
        if not self._painted:
            self._painted = True
            if self._probe:
                heavy = [name for name in HEAVY if name in sys.modules]
                print(f"PICTURE_PAINT {time.time():.6f} heavy={','.join(heavy) or '-'}", flush=True)

    def resizeEvent(self, event: Any) -> None:
        super().resizeEvent(event)
        self.status.adjustSize()
        self.status.move(0, self.height() - self.status.height())
        self.status.resize(self.width(), self.status.height())

    def refuse(self) -> None:
        """Say that the gesture was not taken; nothing else happens."""
        self.refused += 1
        self.status.adjustSize()
        self.status.setGeometry(0, self.height() - self.status.height(), self.width(), self.status.height())
        self.status.show()
        self.status.raise_()

    def mousePressEvent(self, event: QMouseEvent) -> None:
        self.refuse()
        event.accept()

    def mouseDoubleClickEvent(self, event: QMouseEvent) -> None:
        self.refuse()
        event.accept()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        self.refuse()
        event.accept()

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
    remembered = _read_json(config_folder() / "gui.json").get("language")  # app.i18n.SETTINGS_FILE
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


__all__ = [
    "LastBoard",
    "LoadingPicture",
    "file_stamp",
    "matching_last_board",
    "pump",
    "save_last_board",
    "show_last_board",
]
