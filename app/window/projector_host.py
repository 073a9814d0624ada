"""The GM window's side of the players' window: which screen it opens on, shown
or hidden (F5), blanked (B), full screen, following the GM's zoom, and all of
it remembered for the next start.

The GM window keeps the keyboard: opening the players' window never takes it.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QRect, QTimer
from PySide6.QtGui import QAction, QActionGroup, QGuiApplication, QScreen
from PySide6.QtWidgets import QMenu, QWidget

from app.settings import ProjectorMemory, TableSettings

if TYPE_CHECKING:
    from app.board.view import BoardView
    from app.bridge import SessionBridge
    from app.projector import ProjectorWindow

#: Makes a window action: (slot, shortcuts) -> the action, added to the GM window.
ActionMaker = Callable[..., QAction]


class ProjectorHost(QObject):
    """Opens, moves, blanks and remembers the players' window for one GM window."""

    def __init__(
        self,
        window: QWidget,
        bridge: SessionBridge,
        settings: TableSettings,
        action: ActionMaker,
        *,
        board_view: BoardView,
        battle_view: Callable[[], BoardView],
        battle_shown: Callable[[], bool],
    ) -> None:
        super().__init__(window)
        self._window = window
        self._board_view = board_view
        self._battle_view = battle_view  # built on the players' window's first opening
        self._battle_shown = battle_shown
        self._bridge = bridge
        self._settings = settings
        self.projector: ProjectorWindow | None = None
        self._memory = settings.projector()
        self._screen_name: str | None = self._memory.screen
        self.player_view_action = action(self.toggle, ("F5",))
        self.player_view_action.setCheckable(True)
        self.blank_action = action(self._on_blank_change, ("B",))
        self.blank_action.setCheckable(True)
        self.blank_action.setChecked(self._memory.blanked)
        self.fullscreen_action = action(self._on_fullscreen_change, ("Shift+F11",))
        self.fullscreen_action.setCheckable(True)
        # Off by default: the players' screen fits the whole board to itself;
        # following mirrors the GM's zoom and centre when the GM wants to point.
        self.follow_action = action(self._on_follow_change)
        self.follow_action.setCheckable(True)
        self.follow_action.setChecked(False)
        self.screen_menu: QMenu | None = None
        # a drag moves the window many times a second: its place is written once it rests
        self._moved = QTimer(self)
        self._moved.setSingleShot(True)
        self._moved.setInterval(300)
        self._moved.timeout.connect(self._remember)

    def add_to(self, menu: QMenu) -> None:
        """The View menu's entries for the players' window."""
        menu.addAction(self.player_view_action)
        menu.addAction(self.blank_action)
        menu.addAction(self.fullscreen_action)
        self.screen_menu = menu.addMenu("")
        self.screen_menu.aboutToShow.connect(self._on_screens_change)
        menu.addAction(self.follow_action)
        self._on_screens_change()

    # -- the screen ------------------------------------------------------------------------------
    def screen(self) -> QScreen:
        """The screen chosen for the players: the named one, else the first one
        the GM window is not on (which screen is "primary" varies by system)."""
        screens = QGuiApplication.screens()
        for screen in screens:
            if screen.name() == self._screen_name:
                return screen
        mine = self._window.screen()
        others = [s for s in screens if s is not mine]
        return others[0] if others else mine

    def _on_screens_change(self) -> None:
        menu = self.screen_menu
        if menu is None:
            return
        menu.clear()
        group = QActionGroup(menu)
        chosen = self.screen()
        for screen in QGuiApplication.screens():
            size = screen.geometry()
            action = menu.addAction(f"{screen.name()} ({size.width()}×{size.height()})")
            action.setCheckable(True)
            action.setChecked(screen is chosen)
            group.addAction(action)
            action.triggered.connect(partial(self._choose_screen_from_menu, screen.name()))

    def _choose_screen_from_menu(self, name: str, _checked: bool = False) -> None:
        self.choose_screen(name)

    def choose_screen(self, name: str) -> None:
        self._screen_name = name
        if self.projector is not None and self.projector.isVisible():
            self.show()
        self._remember()

    # -- the window ----------------------------------------------------------------------------
    def ensure(self) -> ProjectorWindow:
        if self.projector is None:
            from app.projector import ProjectorWindow

            # the players' window draws the battle board too: the GM's page is built first
            battle_view = self._battle_view()
            self.projector = ProjectorWindow(self._bridge, gm_view=self._board_view, battle_gm_view=battle_view)
            self.projector.show_battle(self._battle_shown())
            self.projector.set_follow_gm(self.follow_action.isChecked())
            self.projector.set_blanked(self.blank_action.isChecked())
            # F5 and B work from the players' window too (after a click on it).
            self.projector.addAction(self.player_view_action)
            self.projector.addAction(self.blank_action)
            self.projector.state_changed.connect(self._on_projector_change)
            self.projector.geometry_changed.connect(self._moved.start)
        return self.projector

    def show_battle(self, on: bool) -> None:
        """The players' window follows the GM's page (the battle board or the card board)."""
        if self.projector is not None:
            self.projector.show_battle(on)

    def show(self, fullscreen: bool | None = None) -> ProjectorWindow:
        """Open (or move) the projector window on the chosen screen, leaving the
        keyboard with the GM window; full screen only on a screen of its own
        unless ``fullscreen`` says otherwise."""
        projector = self.ensure()
        remembered = self._memory.geometry
        if remembered is not None and not projector.placed:
            # where the GM left it at the last run, inside the screen and off the GM window
            projector.restore_place(QRect(*remembered), self.screen())
        projector.show_on(self.screen(), fullscreen)
        self._keep_keyboard()
        return projector

    def hide(self) -> None:
        if self.projector is not None:
            self.projector.hide()

    def toggle(self) -> None:
        """F5: show the players' window, or hide it when it is shown."""
        if self.projector is not None and self.projector.isVisible():
            self.hide()
        else:
            self.show()

    def _keep_keyboard(self) -> None:
        """Give the keyboard back to the GM window if the players' window took it
        (a window manager may activate a new window despite being asked not to)."""
        window = self._window

        def reclaim() -> None:
            projector = self.projector
            taken = projector is not None and QGuiApplication.focusWindow() is projector.windowHandle()
            if window.isVisible() and taken:
                window.activateWindow()

        reclaim()
        QTimer.singleShot(0, window, reclaim)
        QTimer.singleShot(150, window, reclaim)

    def _on_blank_change(self) -> None:
        """B: black out the players' screen (the GM is preparing) or bring it back."""
        if self.projector is not None:
            self.projector.set_blanked(self.blank_action.isChecked())
        self._remember()

    def _on_fullscreen_change(self) -> None:
        self.show(fullscreen=self.fullscreen_action.isChecked())

    def _on_follow_change(self) -> None:
        if self.projector is not None:
            self.projector.set_follow_gm(self.follow_action.isChecked())

    def _on_projector_change(self) -> None:
        projector = self.projector
        if projector is None:
            return
        self.player_view_action.setChecked(projector.isVisible())
        self.fullscreen_action.setChecked(projector.isVisible() and projector.isFullScreen())
        self.blank_action.setChecked(projector.blanked)
        self._remember()

    # -- remembered --------------------------------------------------------------------------------
    def _remember(self) -> None:
        projector = self.projector
        memory = ProjectorMemory(
            screen=self._screen_name,
            shown=projector is not None and projector.isVisible(),
            fullscreen=projector is not None and projector.isVisible() and projector.isFullScreen(),
            blanked=self.blank_action.isChecked(),
            geometry=self._place(projector),
        )
        if memory != self._memory:
            self._memory = memory
            self._settings.set_projector(memory)

    def _place(self, projector: ProjectorWindow | None) -> tuple[int, int, int, int] | None:
        """The windowed place and size to remember: the window's own while it is
        windowed, the one it comes back to while full screen, else the last one."""
        if projector is None or not projector.placed:
            return self._memory.geometry
        shown = projector.normalGeometry() if projector.isFullScreen() else projector.geometry()
        if not shown.isValid():
            return self._memory.geometry
        return (shown.x(), shown.y(), shown.width(), shown.height())

    def restore(self) -> None:
        """Bring the players' window back as it was at the last exit (or crash).
        Full screen only on a screen of its own: on the GM's only screen a
        remembered full screen would cover the GM's window at start-up."""
        if not self._memory.shown:
            return
        projector = self.ensure()
        self.show(fullscreen=self._memory.fullscreen and projector.own_screen(self.screen()))

    def close(self) -> None:
        """Closed with the GM window: remembered as it was, shown at the next start."""
        if self.projector is not None:
            self._remember()  # its place as the GM left it (a move still waiting to be written)
            self.projector.state_changed.disconnect(self._on_projector_change)
            self.projector.close()


__all__ = ["ProjectorHost"]
