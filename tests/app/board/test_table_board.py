"""At the table: the board fits its view and follows the
window until the GM zooms; window, docks and zoom come back at the next start;
small screens leave the board room and cut nothing off."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from app.bridge import SessionBridge
from app.demo import create_demo
from app.dialogs.prompts import Prompts
from app.mainwindow import MainWindow, dock_panel
from app.sessions import SessionController
from engine.store import RecentFiles


def make_window(qtbot: object, size: tuple[int, int] | None = (1280, 720)) -> MainWindow:
    session_file, path = create_demo()
    bridge = SessionBridge(session_file.session, lang="ja")
    sessions = SessionController(bridge, RecentFiles())
    sessions.adopt(session_file, path)
    window = MainWindow(bridge, sessions, prompts=Prompts())
    qtbot.addWidget(window)  # type: ignore[attr-defined]
    if size is not None:
        window.resize(*size)
    window.show()
    qtbot.waitExposed(window)  # type: ignore[attr-defined]
    window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window)  # type: ignore[attr-defined]
    window.board_view.setFocus()
    return window


def board_fits(window: MainWindow) -> bool:
    """The whole board is in view, and it is not lost in a sea of margin either."""
    view = window.board_view
    seen = view.visible_scene_rect()
    content = window.board_scene.content_rect()
    snug = seen.width() < content.width() * 1.05 or seen.height() < content.height() * 1.05
    return seen.adjusted(-1, -1, 1, 1).contains(content) and snug


def test_the_board_fits_on_start_and_follows_every_resize_until_the_gm_zooms(qtbot: object) -> None:
    window = make_window(qtbot)
    assert board_fits(window)
    window.resize(1600, 1000)
    qtbot.waitUntil(lambda: board_fits(window))  # type: ignore[attr-defined]
    window.resize(1100, 700)
    qtbot.waitUntil(lambda: board_fits(window))  # type: ignore[attr-defined]
    # The GM zooms by hand: the view stays where the GM put it through a resize.
    qtbot.keyClick(window.board_view, Qt.Key.Key_Equal, Qt.KeyboardModifier.ControlModifier)  # type: ignore[attr-defined]
    zoom = window.board_view.zoom
    assert not board_fits(window)
    window.resize(1500, 950)
    qtbot.wait(50)  # type: ignore[attr-defined]
    assert window.board_view.zoom == pytest.approx(zoom)
    # Ctrl+0 fits again and resumes following.
    qtbot.keyClick(window.board_view, Qt.Key.Key_0, Qt.KeyboardModifier.ControlModifier)  # type: ignore[attr-defined]
    assert board_fits(window)
    window.resize(1200, 760)
    qtbot.waitUntil(lambda: board_fits(window))  # type: ignore[attr-defined]


def test_window_docks_and_zoom_come_back_at_the_next_start(qtbot: object) -> None:
    first = make_window(qtbot, (760, 560))  # within the offscreen screen (800×600)
    first.log_dock.hide()
    first.board_view.set_zoom(1.3)
    centre = first.board_view.visible_scene_rect().center()
    first.close()
    second = make_window(qtbot, size=None)
    assert (second.width(), second.height()) == (760, 560)
    assert not second.log_dock.isVisible() and second.characters_dock.isVisible()
    assert second.board_view.zoom == pytest.approx(1.3)
    now = second.board_view.visible_scene_rect().center()
    assert abs(now.x() - centre.x()) < 2 and abs(now.y() - centre.y()) < 2
    # Fit again: the next start fits too (and follows the window).
    second.fit_action.trigger()
    second.close()
    third = make_window(qtbot, size=None)
    assert third.board_view.auto_fit and board_fits(third)


def test_at_1280_by_720_the_board_has_half_the_width_and_readable_labels(qtbot: object) -> None:
    window = make_window(qtbot, (1280, 720))
    view = window.board_view
    assert view.width() >= window.width() / 2
    label_on_screen = window.board_scene.board_style.label_px * view.zoom
    assert label_on_screen >= 10


def test_at_1024_by_600_no_panel_is_squeezed_below_what_it_needs(qtbot: object) -> None:
    window = make_window(qtbot, (1024, 600))
    assert window.width() <= 1024 and window.height() <= 600
    for dock in (window.characters_dock, window.log_dock, window.stepper_dock, window.dice_dock):
        panel = dock_panel(dock)
        assert panel is not None
        need = panel.minimumSizeHint()
        # Smaller docks scroll instead of cutting rows off.
        assert panel.height() >= need.height() and panel.width() >= need.width(), dock.objectName()
    assert board_fits(window)
