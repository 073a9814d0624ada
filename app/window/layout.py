"""The GM window's layout: the first start's dock arrangement for the screen's
width, and the window, the docks and the board's zoom remembered between starts
(written a moment after the last change, and at exit)."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from PySide6.QtCore import QObject, Qt, QTimer
from PySide6.QtWidgets import QDockWidget, QMainWindow, QScrollArea, QWidget

from app.board.view import BoardView
from app.settings import BoardZoom, TableSettings

#: The window, docks and zoom are written this long after the last change.
REMEMBER_MS = 400
#: A first start's window: this size, or the screen's free area if smaller.
DEFAULT_SIZE = (1280, 800)
#: Dock widths (left, right) of the two-column layout of a wide window.
DOCK_WIDTHS = (300, 420)
#: Narrower first windows get one tabbed column on the right instead (procedure |
#: characters above, dice box | event log below), so the board keeps over half
#: the width and readable labels at 1280×720.
WIDE_WINDOW = 1700
COMPACT_DOCK_WIDTH = 440


def scrolled(panel: QWidget) -> QScrollArea:
    """A dock's panel inside a scroll area: the dock may be narrower or shorter
    than the panel would like (a 1280×720 or 1024×600 screen) and nothing is
    cut off — the GM scrolls instead, and the board keeps its room."""
    area = QScrollArea()
    area.setObjectName(f"scroll-{panel.objectName() or type(panel).__name__}")
    area.setWidgetResizable(True)
    area.setFrameShape(QScrollArea.Shape.NoFrame)
    area.setWidget(panel)
    return area


def dock_panel(dock: QDockWidget) -> QWidget | None:
    """The panel a dock shows (inside its scroll area), or None before it is built."""
    area = dock.widget()
    return area.widget() if isinstance(area, QScrollArea) else area


def add_dock(window: QMainWindow, name: str, area: Qt.DockWidgetArea) -> QDockWidget:
    """An empty dock (its panel comes later) the GM may move, close and float."""
    dock = QDockWidget(window)
    dock.setObjectName(f"dock-{name}")
    dock.setFeatures(
        QDockWidget.DockWidgetFeature.DockWidgetMovable
        | QDockWidget.DockWidgetFeature.DockWidgetClosable
        | QDockWidget.DockWidgetFeature.DockWidgetFloatable
    )
    window.addDockWidget(area, dock)
    return dock


class WindowLayout(QObject):
    """Arranges and remembers one GM window's geometry, docks and board zoom."""

    def __init__(
        self,
        window: QMainWindow,
        settings: TableSettings,
        board_view: BoardView,
        *,
        left: tuple[QDockWidget, QDockWidget],
        dice: QDockWidget,
        procedure: Callable[[], QDockWidget | None],
        ruleset_dock: Callable[[], QDockWidget | None] | None = None,
    ) -> None:
        super().__init__(window)
        self._window = window
        self._settings = settings
        self._board_view = board_view
        self._characters, self._log = left
        self._dice = dice
        self._procedure = procedure  # the ruleset's procedure dock, if it has one
        #: the ruleset's main dock beside the dice box (its procedure, or e.g. CoC's combat tracker)
        self._ruleset_dock = ruleset_dock or procedure
        self.restored = False
        self.compact = False
        self.first_show_done = False
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(REMEMBER_MS)
        self._timer.timeout.connect(self.remember)

    def restore(self) -> None:
        """The window's size and place, the docks and the zoom as last left;
        a first start gets a window that fits the screen and a fitted board."""
        window = self._window
        geometry = self._settings.window_geometry()
        if geometry is None or not window.restoreGeometry(geometry):
            area = window.screen().availableGeometry()
            window.resize(min(DEFAULT_SIZE[0], area.width()), min(DEFAULT_SIZE[1], area.height()))
        state = self._settings.window_state()
        self.restored = state is not None and window.restoreState(state)
        if not self.restored:
            self._arrange_docks()
            self.size_docks()

    def watch(self, ruleset_docks: Iterable[QDockWidget]) -> None:
        """Remember again after the GM moves, shows, hides or floats a dock, or zooms the board."""
        self._board_view.view_changed.connect(self.schedule)
        for dock in (self._characters, self._log, self._dice, *ruleset_docks):
            dock.dockLocationChanged.connect(self.schedule)
            dock.visibilityChanged.connect(self.schedule)
            dock.topLevelChanged.connect(self.schedule)

    def panels_built(self) -> None:
        """A panel may want more room than the empty dock had: keep the planned (or remembered) split."""
        if self.restored:
            state = self._settings.window_state()
            if state is not None:
                self._window.restoreState(state)
        else:
            self.size_docks()

    def _arrange_docks(self) -> None:
        """A first start's dock layout: two columns in a wide window, else one
        tabbed column on the right (see WIDE_WINDOW)."""
        window = self._window
        self.compact = window.width() < WIDE_WINDOW
        if not self.compact:
            return
        for dock in (self._characters, self._log):
            window.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, dock)
        top = self._procedure() or self._dice
        window.tabifyDockWidget(top, self._characters)
        window.tabifyDockWidget(self._dice, self._log)
        top.raise_()
        self._dice.raise_()

    def ruleset_changed(self) -> None:
        """Another ruleset's docks replaced the last one's: the column is laid out again as a
        first start lays it out (in a narrow window the characters join the dice box's tabs
        rather than standing alone where the old procedure dock was), then sized."""
        self._arrange_docks()
        self.size_docks()

    def size_docks(self) -> None:
        window, right, dice = self._window, self._ruleset_dock(), self._dice
        if self.compact:
            window.resizeDocks([right or dice], [COMPACT_DOCK_WIDTH], Qt.Orientation.Horizontal)
            if right is not None:
                window.resizeDocks([right, dice], [560, 300], Qt.Orientation.Vertical)
            return
        window.resizeDocks([self._characters, right or dice], list(DOCK_WIDTHS), Qt.Orientation.Horizontal)
        window.resizeDocks([self._characters, self._log], [220, 520], Qt.Orientation.Vertical)
        if right is not None:
            window.resizeDocks([right, dice], [560, 300], Qt.Orientation.Vertical)

    def first_show(self) -> None:
        """The zoom as last left (or the board fitted), once the window is first shown."""
        self.first_show_done = True
        zoom = self._settings.board_zoom()
        if zoom is None:
            self._board_view.fit()
            return
        self._board_view.set_zoom(zoom.factor)
        self._board_view.centerOn(zoom.center)

    def schedule(self, *_: object) -> None:
        if self.first_show_done:
            self._timer.start()

    def remember(self) -> None:
        """Write the window, docks and zoom now (also at exit)."""
        self._timer.stop()
        if not self.first_show_done:
            return
        window = self._window
        if not window.isFullScreen():
            self._settings.set_window_geometry(window.saveGeometry())
        self._settings.set_window_state(window.saveState())
        view = self._board_view
        zoom = None if view.auto_fit else BoardZoom(view.zoom, view.visible_scene_rect().center())
        self._settings.set_board_zoom(zoom)


__all__ = ["DEFAULT_SIZE", "WIDE_WINDOW", "WindowLayout", "add_dock", "dock_panel", "scrolled"]
