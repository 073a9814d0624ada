"""The players' window: the board on a projector or a second monitor.

Its scene is a ``BoardScene(player=True)``, drawn only from
``player_view(state)``: face-down cards are backs, hands are backs with a
count, and the lingering bone, secret rolls and GM notes are simply not in the
state it draws.  It follows the GM view's zoom and pan unless told otherwise,
updates live from the same bridge signals, and takes no gestures.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, Qt
from PySide6.QtGui import QColor, QKeySequence, QPalette, QScreen, QShortcut
from PySide6.QtWidgets import QVBoxLayout, QWidget

from app.board.scene import BoardScene
from app.board.view import BoardView
from app.bridge import SessionBridge


class ProjectorWindow(QWidget):
    """A top-level window showing the players' board, full screen on a chosen screen."""

    def __init__(self, bridge: SessionBridge, gm_view: BoardView | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent, Qt.WindowType.Window)
        self.setObjectName("projector")
        self._gm_view = gm_view
        self.scene = BoardScene(bridge, player=True, parent=self)
        self.view = BoardView(self.scene, self)
        self.view.setFrameShape(BoardView.Shape.NoFrame)
        self.view.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        palette = self.palette()
        palette.setColor(QPalette.ColorRole.Window, QColor(self.scene.board_style.board_bg))
        self.setPalette(palette)
        self.setAutoFillBackground(True)
        box = QVBoxLayout(self)
        box.setContentsMargins(0, 0, 0, 0)
        box.addWidget(self.view)
        self._fullscreen_key = QShortcut(QKeySequence(Qt.Key.Key_F11), self)
        self._fullscreen_key.activated.connect(self.toggle_fullscreen)
        self._follow = False
        self.resize(1280, 720)
        self.retranslate()
        self.set_follow_gm(gm_view is not None)

    # -- interface ------------------------------------------------------------------
    @property
    def following(self) -> bool:
        return self._follow

    def set_follow_gm(self, enabled: bool) -> None:
        """Mirror the GM view's visible area (default), or keep this view's own."""
        self._follow = enabled and self._gm_view is not None
        self.view.follow(self._gm_view if self._follow else None)
        if not self._follow:
            self.view.fit()

    def show_on(self, screen: QScreen | None) -> None:
        """Full screen on ``screen`` (None: wherever the window is)."""
        if screen is not None:
            self.setScreen(screen)
            self.setGeometry(screen.geometry())
            handle = self.windowHandle()
            if handle is not None:
                handle.setScreen(screen)
        self.showFullScreen()
        if not self._follow:
            self.view.fit()

    def toggle_fullscreen(self) -> None:
        """F11: leave or enter full screen (on the window's current screen)."""
        if self.isFullScreen():
            self.showNormal()
        else:
            self.showFullScreen()
        if not self._follow:
            self.view.fit()

    # -- language -------------------------------------------------------------------------
    def retranslate(self) -> None:
        self.setWindowTitle(self.tr("Players' view — yobigoe"))
        self.scene.retranslate()

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)


__all__ = ["ProjectorWindow"]
