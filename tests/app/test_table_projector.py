"""At the table: the players' window
never traps the GM, can be blanked, is remembered, and shows the public rolls
and the cycle banner."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from app.bridge import SessionBridge
from app.demo import create_demo
from app.dialogs.prompts import Prompts
from app.i18n import Translations
from app.mainwindow import MainWindow
from app.sessions import SessionController
from engine.store import RecentFiles
from engine.table.commands import DealCard, Roll
from engine.upland.commands import SetSheet, StartExploration
from engine.upland.sheet import UplandSheet

ROOT = Path(__file__).resolve().parents[2]
SCREENS = Path(__file__).with_name("screens.json")


@pytest.fixture
def translations(qapp: QApplication):  # type: ignore[no-untyped-def]
    t = Translations(qapp)
    t.install("ja")
    yield t
    t.install("en")


def gm_key(
    qtbot: object, window: MainWindow, key: Qt.Key, modifier: Qt.KeyboardModifier = Qt.KeyboardModifier.NoModifier
) -> None:
    """A key pressed where the GM's keyboard focus is, which must be in the GM window
    (QTest aborts the whole run on a key sent to no widget)."""
    focused = QApplication.focusWidget()
    assert focused is not None and focused.window() is window, "the GM window lost the keyboard"
    qtbot.keyClick(focused, key, modifier)  # type: ignore[attr-defined]


def make_window(qtbot: object, translations: Translations) -> MainWindow:
    session_file, path = create_demo()
    bridge = SessionBridge(session_file.session, lang="ja")
    sessions = SessionController(bridge, RecentFiles())
    sessions.adopt(session_file, path)
    window = MainWindow(bridge, sessions, translations=translations, prompts=Prompts())
    qtbot.addWidget(window)  # type: ignore[attr-defined]
    window.show()
    qtbot.waitExposed(window)  # type: ignore[attr-defined]
    window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window)  # type: ignore[attr-defined]
    window.board_view.setFocus()
    return window


def test_f5_toggles_the_players_window_and_the_keyboard_stays_with_the_gm(
    qtbot: object, translations: Translations
) -> None:
    window = make_window(qtbot, translations)
    window.bridge.dispatch(DealCard(square="A1"))
    dealt = window.bridge.state.squares["A1"]
    qtbot.keyClick(window.board_view, Qt.Key.Key_F5)  # type: ignore[attr-defined]
    projector = window.projector
    assert projector is not None
    qtbot.addWidget(projector)  # type: ignore[attr-defined]
    qtbot.waitExposed(projector)  # type: ignore[attr-defined]
    qtbot.wait(200)  # type: ignore[attr-defined]
    assert projector.isVisible()
    # One screen: a normal window, its title bar on the screen, not full screen over the GM.
    assert not projector.isFullScreen()
    assert projector.screen().availableGeometry().contains(projector.geometry())
    # The GM window still has the keyboard: Ctrl+Z undoes the deal at once.
    assert QApplication.activeWindow() is window
    gm_key(qtbot, window, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert "A1" not in window.bridge.state.squares and dealt
    # T and F act on the GM's selected card too.
    window.bridge.dispatch(DealCard(square="B1"))
    card = window.bridge.state.squares["B1"][0]
    item = window.board_scene.card_item(card)
    assert item is not None
    item.setSelected(True)
    gm_key(qtbot, window, Qt.Key.Key_T)
    assert window.bridge.state.card_flags(card).tapped
    gm_key(qtbot, window, Qt.Key.Key_F)
    assert window.bridge.state.card_flags(card).face_up
    # F5 again hides it; the View menu item shows whether it is open.
    assert window.player_view_action.isChecked()
    gm_key(qtbot, window, Qt.Key.Key_F5)
    assert not projector.isVisible() and not window.player_view_action.isChecked()


def test_f11_in_the_players_window_goes_full_screen_and_esc_comes_back(
    qtbot: object, translations: Translations, monkeypatch: pytest.MonkeyPatch
) -> None:
    import app.projector

    # A click on the players' window (long after it opened) gives it the keyboard.
    monkeypatch.setattr(app.projector, "FOCUS_GRACE_S", 0.1)
    window = make_window(qtbot, translations)
    projector = window.show_player_view()
    qtbot.addWidget(projector)  # type: ignore[attr-defined]
    qtbot.waitExposed(projector)  # type: ignore[attr-defined]
    qtbot.wait(250)  # type: ignore[attr-defined]
    projector.activateWindow()  # the GM clicked on it
    qtbot.waitUntil(lambda: QApplication.activeWindow() is projector)  # type: ignore[attr-defined]
    qtbot.keyClick(projector, Qt.Key.Key_F11)  # type: ignore[attr-defined]
    qtbot.waitUntil(projector.isFullScreen)  # type: ignore[attr-defined]
    assert window.projector_fullscreen_action.isChecked()
    qtbot.keyClick(projector, Qt.Key.Key_Escape)  # type: ignore[attr-defined]
    qtbot.waitUntil(lambda: not projector.isFullScreen())  # type: ignore[attr-defined]
    assert projector.isVisible()
    assert projector.screen().availableGeometry().contains(projector.geometry())
    # F5 works from the players' window too: it hides itself.
    qtbot.keyClick(projector, Qt.Key.Key_F5)  # type: ignore[attr-defined]
    assert not projector.isVisible()


def test_b_blanks_the_players_screen_and_brings_it_back(qtbot: object, translations: Translations) -> None:
    window = make_window(qtbot, translations)
    projector = window.show_player_view()
    qtbot.addWidget(projector)  # type: ignore[attr-defined]
    gm_key(qtbot, window, Qt.Key.Key_B)
    assert projector.blanked and window.blank_action.isChecked()
    assert projector.blank_page.isVisible() and not projector.view.isVisible()
    assert projector.blank_page.text() == "GMが準備中です"
    image = projector.grab().toImage()
    centre = image.pixelColor(image.width() // 8, image.height() // 8)
    assert centre.value() < 10  # black
    assert window.blank_action.text() == "プレイヤー画面を隠す(&B)"
    gm_key(qtbot, window, Qt.Key.Key_B)
    assert not projector.blanked and projector.view.isVisible()


def test_the_players_window_comes_back_as_it_was_after_exit_or_crash(qtbot: object, translations: Translations) -> None:
    first = make_window(qtbot, translations)
    projector = first.show_player_view()
    qtbot.addWidget(projector)  # type: ignore[attr-defined]
    first.blank_action.trigger()
    # A crash: nothing more is written; the next start reads what was written on the way.
    second = make_window(qtbot, translations)
    qtbot.waitUntil(lambda: second.projector is not None and second.projector.isVisible())  # type: ignore[attr-defined]
    assert second.projector is not None
    qtbot.addWidget(second.projector)  # type: ignore[attr-defined]
    assert second.projector.blanked and second.blank_action.isChecked()
    assert QApplication.activeWindow() is second
    # Hidden and unblanked at exit: the next start opens without it.
    second.blank_action.trigger()
    second.toggle_player_view()
    second.close()
    third = make_window(qtbot, translations)
    qtbot.wait(100)  # type: ignore[attr-defined]
    assert third.projector is None and not third.blank_action.isChecked()


def test_the_players_screen_shows_public_rolls_with_names_and_never_secret_ones(
    qtbot: object, translations: Translations
) -> None:
    window = make_window(qtbot, translations)
    projector = window.show_player_view()
    qtbot.addWidget(projector)  # type: ignore[attr-defined]
    assert not projector.feed.isVisible()  # no rolls yet: the board has the room
    bridge = window.bridge
    assert bridge.dispatch(Roll(command="1D100<=60 目星", by="c1", dice=[23]))
    assert bridge.dispatch(Roll(command="S1D100<=45", by="c2", dice=[71]))
    assert bridge.dispatch(Roll(command="1D100<=55", by="c2", dice=[4]))
    lines = projector.feed.lines()
    assert lines[0] == "九条 蒼: (1D100<=55) ＞ 4 ＞ 効果的成功"
    assert lines[1].startswith("鷹野 遥: 目星 (1D100<=60) ＞ 23")
    assert len(lines) == 2 and not any("71" in line for line in lines)
    assert projector.feed.isVisible()
    bridge.undo()  # rolls are final, the players keep seeing them
    assert projector.feed.lines() == lines


def test_the_players_screen_has_a_banner_with_the_cycle_and_phase(qtbot: object, translations: Translations) -> None:
    window = make_window(qtbot, translations)
    projector = window.show_player_view()
    qtbot.addWidget(projector)  # type: ignore[attr-defined]
    assert not projector.banner.isVisible()  # before the exploration: no cycle to show
    bridge = window.bridge
    for cid in bridge.state.characters:
        assert bridge.dispatch(SetSheet(character=cid, sheet=UplandSheet()))
    assert bridge.dispatch(StartExploration())
    assert projector.banner.isVisible()
    assert projector.banner.text() == "サイクル 1 — 調査フェイズ：行動宣言"


CHILD = textwrap.dedent(
    """
    import json, os
    from PySide6.QtWidgets import QApplication
    from app.bridge import SessionBridge
    from app.demo import create_demo
    from app.mainwindow import MainWindow
    from app.sessions import SessionController
    from engine.store import RecentFiles

    app = QApplication([])

    def settle():
        for _ in range(10):
            app.processEvents()

    def window():
        session_file, path = create_demo()
        bridge = SessionBridge(session_file.session, lang="ja")
        sessions = SessionController(bridge, RecentFiles())
        sessions.adopt(session_file, path)
        w = MainWindow(bridge, sessions)
        w.setScreen(app.screens()[0])
        w.show()
        w.activateWindow()
        settle()
        return w

    gm = window()
    gm.player_view_action.trigger()
    settle()
    p = gm.projector
    report = {"screen": p.screen().name(), "fullscreen": p.isFullScreen(),
              "active": app.activeWindow() is gm}
    gm.close()
    settle()
    again = window()
    settle()
    q = again.projector
    report.update(restored=q is not None and q.isVisible(), restored_screen=q.screen().name(),
                  restored_fullscreen=q.isFullScreen())
    print(json.dumps(report))
    """
)


def test_with_two_screens_it_opens_full_screen_on_the_projector_and_is_restored_there(tmp_path: Path) -> None:
    env = dict(os.environ)
    env["QT_QPA_PLATFORM"] = f"offscreen:configfile={SCREENS}"
    env["PYTHONPATH"] = str(ROOT) + os.pathsep + env.get("PYTHONPATH", "")
    env["YOBIGOE_DATA_DIR"] = str(tmp_path / "data2")
    env["YOBIGOE_CONFIG_DIR"] = str(tmp_path / "config2")
    done = subprocess.run([sys.executable, "-c", CHILD], cwd=ROOT, env=env, capture_output=True, text=True, timeout=90)
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout.strip().splitlines()[-1])
    assert report == {
        "screen": "Projector",
        "fullscreen": True,
        "active": True,
        "restored": True,
        "restored_screen": "Projector",
        "restored_fullscreen": True,
    }
