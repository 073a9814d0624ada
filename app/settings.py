"""What the GM's table remembers between runs: the window, its docks, the
board's zoom and the players' window (screen, shown, full screen, blanked, its
place and size).

A ``QSettings`` INI file in the config folder (``engine.store.config_folder``,
from ``platformdirs``; ``YOBIGOE_CONFIG_DIR`` overrides it), next to the
recent-sessions list and ``gui.json`` (the language).  Every change is written
at once, not only at a clean exit, so after a crash the table comes back as
the GM left it.  Settings are not precious: an unusable folder only means
nothing is remembered.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass

from PySide6.QtCore import QByteArray, QPointF, QSettings

from engine.errors import EngineError

log = logging.getLogger(__name__)

SETTINGS_FILE = "table.ini"


@dataclass
class ProjectorMemory:
    """The players' window as the GM left it."""

    screen: str | None = None
    shown: bool = False
    fullscreen: bool = False
    blanked: bool = False
    #: its windowed place and size (x, y, width, height) the GM gave it, None: never moved
    geometry: tuple[int, int, int, int] | None = None


@dataclass
class BoardZoom:
    """A zoom the GM chose by hand (None in settings: the board fits the window)."""

    factor: float
    center: QPointF


def _as_bool(value: object) -> bool:
    # INI files give strings back ("true"/"false").
    if isinstance(value, str):
        return value.lower() in ("true", "1", "yes")
    return bool(value)


def _as_rect(value: object) -> tuple[int, int, int, int] | None:
    """ "x y width height" back from the INI file; anything else (a hand-edited line) is None."""
    try:
        x, y, width, height = (int(part) for part in str(value).split())
    except ValueError:
        return None
    return (x, y, width, height) if width > 0 and height > 0 else None


class TableSettings:
    """Typed access to the settings file; each setter writes through."""

    def __init__(self) -> None:
        self._qs: QSettings | None
        try:
            from engine.store import config_folder

            path = config_folder() / SETTINGS_FILE
            self._qs = QSettings(str(path), QSettings.Format.IniFormat)
        except EngineError as exc:
            log.warning("settings cannot be remembered: %s", exc)
            self._qs = None

    def _get(self, key: str) -> object:
        return self._qs.value(key) if self._qs is not None else None

    def _set(self, key: str, value: object) -> None:
        if self._qs is None:
            return
        if value is None:
            self._qs.remove(key)
        else:
            self._qs.setValue(key, value)
        self._qs.sync()  # on disk now: a crash must not lose it

    # -- the GM window ----------------------------------------------------------
    def window_geometry(self) -> QByteArray | None:
        value = self._get("window/geometry")
        return value if isinstance(value, QByteArray) and not value.isEmpty() else None

    def set_window_geometry(self, value: QByteArray) -> None:
        self._set("window/geometry", value)

    def window_state(self) -> QByteArray | None:
        value = self._get("window/state")
        return value if isinstance(value, QByteArray) and not value.isEmpty() else None

    def set_window_state(self, value: QByteArray) -> None:
        self._set("window/state", value)

    # -- the board's zoom ----------------------------------------------------------
    def board_zoom(self) -> BoardZoom | None:
        try:
            factor = float(str(self._get("board/zoom")))
            x = float(str(self._get("board/center_x")))
            y = float(str(self._get("board/center_y")))
        except (TypeError, ValueError):
            return None
        return BoardZoom(factor, QPointF(x, y))

    def set_board_zoom(self, zoom: BoardZoom | None) -> None:
        if zoom is None:
            self._set("board/zoom", None)
            return
        self._set("board/center_x", zoom.center.x())
        self._set("board/center_y", zoom.center.y())
        self._set("board/zoom", zoom.factor)

    # -- the players' window ---------------------------------------------------------
    def projector(self) -> ProjectorMemory:
        screen = self._get("projector/screen")
        return ProjectorMemory(
            screen=str(screen) if screen else None,
            shown=_as_bool(self._get("projector/shown") or False),
            fullscreen=_as_bool(self._get("projector/fullscreen") or False),
            blanked=_as_bool(self._get("projector/blanked") or False),
            geometry=_as_rect(self._get("projector/geometry")),
        )

    def set_projector(self, memory: ProjectorMemory) -> None:
        self._set("projector/screen", memory.screen)
        self._set("projector/shown", memory.shown)
        self._set("projector/fullscreen", memory.fullscreen)
        self._set("projector/blanked", memory.blanked)
        self._set("projector/geometry", " ".join(map(str, memory.geometry)) if memory.geometry else None)


__all__ = ["BoardZoom", "ProjectorMemory", "TableSettings"]
