"""The players' window keeps the place and size the GM gave it from one run to
the next — inside the screen and off the GM window, whatever the file says."""

from __future__ import annotations

from PySide6.QtCore import QRect
from PySide6.QtWidgets import QApplication

from app.i18n import Translations
from app.mainwindow import MainWindow
from app.settings import TableSettings
from tests.app.test_table_projector import make_window, translations

__all__ = ["translations"]  # the fixture, shared with the players' window's other tests


def _projector(qtbot: object, window: MainWindow) -> QRect:
    qtbot.waitUntil(lambda: window.projector is not None and window.projector.isVisible())  # type: ignore[attr-defined]
    assert window.projector is not None
    qtbot.addWidget(window.projector)  # type: ignore[attr-defined]
    return window.projector.geometry()


def _free_corner(window: MainWindow, width: int, height: int) -> QRect:
    """A place on the screen beside the GM window (the GM's drag), not over it."""
    area = window.screen().availableGeometry()
    gm = window.frameGeometry()
    x = area.x() + area.width() - width - 40 if gm.center().x() < area.center().x() else area.x() + 40
    return QRect(x, area.y() + area.height() - height - 40, width, height)


def test_the_players_window_reopens_where_and_as_big_as_the_gm_left_it(
    qtbot: object, translations: Translations
) -> None:
    first = make_window(qtbot, translations)
    first.resize(640, 480)
    projector = first.show_player_view()
    qtbot.addWidget(projector)  # type: ignore[attr-defined]
    chosen = _free_corner(first, 610, 420)
    projector.setGeometry(chosen)  # the GM's drag and resize
    qtbot.waitUntil(lambda: TableSettings().projector().geometry == chosen.getRect())  # type: ignore[attr-defined]
    first.close()  # a clean exit; the next start opens it again
    second = make_window(qtbot, translations)
    second.resize(640, 480)
    assert _projector(qtbot, second) == chosen  # same place, same size: it did not grow
    assert QApplication.activeWindow() is second  # and the keyboard stays with the GM


def test_a_remembered_place_past_the_screen_edge_or_over_the_gm_window_is_not_reused(
    qtbot: object, translations: Translations
) -> None:
    settings = TableSettings()
    memory = settings.projector()
    probe = make_window(qtbot, translations)
    probe.resize(640, 480)  # the GM window at the top of the screen (remembered as well)
    area = probe.screen().availableGeometry()
    probe.close()
    # past the right and bottom edges, and wider than the screen
    memory.shown, memory.geometry = True, (area.right() - 100, area.bottom() - 50, area.width() + 300, 280)
    settings.set_projector(memory)
    second = make_window(qtbot, translations)
    placed = _projector(qtbot, second)
    assert second.projector is not None
    assert area.contains(second.projector.frameGeometry())  # pulled inside, title bar and all
    assert placed.width() > area.width() - 20 and placed.height() == 280  # shrunk to the screen's width
    second.close()
    # right on top of the GM window: opened away from it instead
    third = make_window(qtbot, translations)
    third.resize(400, 300)
    gm = third.frameGeometry()
    memory.geometry = (gm.x() + 10, gm.y() + 10, 500, 400)
    settings.set_projector(memory)
    third.close()
    fourth = make_window(qtbot, translations)
    fourth.resize(400, 300)
    placed = _projector(qtbot, fourth)
    remembered = QRect(*memory.geometry)
    assert placed != remembered  # not where it would cover the GM's controls

    def covered(rect: QRect) -> int:
        overlap = rect.intersected(fourth.frameGeometry())
        return overlap.width() * overlap.height()

    assert covered(placed) < covered(remembered) // 2  # the far side of the screen from the GM window
