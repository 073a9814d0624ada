"""The View menu's Players' devices: off by default, turned on and off by the GM,
a link and a QR code per seat, renewal that ends the old link at once, and each
GM move reaching the phones from the session's own outcomes."""

from __future__ import annotations

import json
import socket
import time
import urllib.error
import urllib.request
from urllib.parse import urlsplit

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from app.dialogs.players_service import PlayersServiceDialog, SeatRow, qr_pixmap
from app.i18n import Translations
from app.mainwindow import MainWindow
from app.window import players
from engine.core.player_view import player_view
from engine.core.seats import PROJECTOR, Seat
from engine.serve import service
from engine.table.commands import AddCharacter, DrawCards
from tests.app.window.test_window import make_window
from tests.engine.serve.support import Stream, UrlService


@pytest.fixture
def translations(qapp: QApplication):  # type: ignore[no-untyped-def]
    t = Translations(qapp)
    yield t
    t.install("en")


def fetch(url: str) -> tuple[int, bytes]:
    try:
        with urllib.request.urlopen(url, timeout=10) as answer:  # noqa: S310 (the loopback only)
            return answer.status, answer.read()
    except urllib.error.HTTPError as exc:
        return exc.code, exc.read()


def listening(url: str) -> bool:
    parts = urlsplit(url)
    try:
        socket.create_connection((parts.hostname or "", parts.port or 0), timeout=2).close()
    except OSError:
        return False
    return True


def open_dialog(window: MainWindow, qtbot: object) -> PlayersServiceDialog:
    window.devices.host, window.devices.port = "127.0.0.1", 0
    action = next(a for a in window.view_menu.actions() if a.objectName() == "players-devices")
    assert action.text() == "プレイヤーの端末(&P)…"
    action.trigger()
    dialog = window.devices.dialog
    assert dialog is not None and dialog.isVisible()
    return dialog


def test_the_gm_turns_the_service_on_and_each_seat_gets_a_link_and_a_qr_code(
    qtbot: object, translations: Translations
) -> None:
    window = make_window(qtbot, translations)
    dialog = open_dialog(window, qtbot)
    assert dialog.windowTitle() == "プレイヤーの端末"
    assert not window.devices.running and not dialog.rows and "オフ" in dialog.status.text()
    qtbot.mouseClick(dialog.switch, Qt.MouseButton.LeftButton)  # type: ignore[attr-defined]
    assert window.devices.running and "127.0.0.1" in dialog.status.text() and dialog.switch.text() == "停止する"
    state = window.bridge.state
    names = [row.name.text() for row in dialog.rows.values()]
    assert names == ["卓", *(c.name for c in state.ordered_characters())]
    for key, row in dialog.rows.items():
        assert isinstance(row, SeatRow) and row.link.text() == row.url
        assert row.qr.pixmap().toImage() == qr_pixmap(row.url).toImage()
        status, body = fetch(row.url + "view.json")
        seat = PROJECTOR if key == "table" else Seat.character(key)
        assert status == 200 and json.loads(body) == json.loads(player_view(state, seat).model_dump_json())
    assert service.DEFAULT_PORT == players.DEFAULT_PORT and service.ALL_INTERFACES == players.ALL_INTERFACES
    window.devices.turn_off()


def test_a_gm_move_reaches_the_players_page_from_the_sessions_outcome(
    qtbot: object, translations: Translations
) -> None:
    window = make_window(qtbot, translations)
    dialog = open_dialog(window, qtbot)
    window.devices.turn_on()
    url = dialog.rows["c1"].url
    stream = Stream(UrlService(url), urlsplit(url).path + "live")
    before = stream.message()
    # the GM sees that the seat's page is open on a device
    qtbot.waitUntil(lambda: dialog.rows["c1"].pages == 1, timeout=3000)  # type: ignore[attr-defined]
    assert dialog.rows["c1"].devices.text() == "● 1台の端末で表示中"
    assert dialog.rows["c2"].devices.text() == "未接続"
    started = time.monotonic()
    assert window.bridge.dispatch(DrawCards(character="c1", count=1))
    after = stream.message()
    assert time.monotonic() - started < 1.0
    assert (
        after["seq"] == before["seq"] + 1
        and len(after["view"]["hands"]["c1"]) == len(before["view"]["hands"]["c1"]) + 1
    )
    assert after["view"]["hands"]["c1"] == list(window.bridge.state.hands["c1"])
    stream.close()
    # a character who joins gets a seat and a row
    assert window.bridge.dispatch(AddCharacter(name="新顔"))
    qtbot.waitUntil(lambda: len(dialog.rows) == 6)  # type: ignore[attr-defined]
    window.devices.turn_off()


def test_renewing_a_link_ends_the_old_one_at_once_and_turning_off_stops_listening(
    qtbot: object, translations: Translations
) -> None:
    window = make_window(qtbot, translations)
    dialog = open_dialog(window, qtbot)
    qtbot.mouseClick(dialog.switch, Qt.MouseButton.LeftButton)  # type: ignore[attr-defined]
    old = dialog.rows["c2"].url
    assert fetch(old + "view.json")[0] == 200
    qtbot.mouseClick(dialog.rows["c2"].renew_button, Qt.MouseButton.LeftButton)  # type: ignore[attr-defined]
    new = dialog.rows["c2"].url
    assert new != old and fetch(old + "view.json")[0] == 404 and fetch(new + "view.json")[0] == 200
    assert dialog.rows["c2"].renew_button.text() == "リンクを更新"
    qtbot.mouseClick(dialog.switch, Qt.MouseButton.LeftButton)  # type: ignore[attr-defined]
    assert not window.devices.running and not dialog.rows and not listening(new)
    # closing the window stops the service too
    qtbot.mouseClick(dialog.switch, Qt.MouseButton.LeftButton)  # type: ignore[attr-defined]
    assert window.devices.running
    again = dialog.rows["c2"].url
    assert listening(again)
    window.close()
    assert not window.devices.running and not listening(again)


def test_the_dialog_follows_the_language(qtbot: object, translations: Translations) -> None:
    window = make_window(qtbot, translations)
    dialog = open_dialog(window, qtbot)
    window.devices.turn_on()
    window.set_language("en")
    assert dialog.windowTitle() == "Players' devices" and dialog.switch.text() == "Turn off"
    assert [row.name.text() for row in dialog.rows.values()][0] == "Table"
    window.devices.turn_off()


def test_links_last_between_runs_and_follow_the_session_saved_under_another_name(
    qtbot: object, translations: Translations, tmp_path: object
) -> None:
    from pathlib import Path

    window = make_window(qtbot, translations)
    dialog = open_dialog(window, qtbot)
    window.devices.turn_on()
    first = urlsplit(dialog.rows["c1"].url).path
    window.devices.turn_off()
    window.devices.turn_on()  # the program restarted, say: the phone's link still works
    assert urlsplit(dialog.rows["c1"].url).path == first
    target = Path(str(tmp_path)) / "saved-elsewhere.yobigoe"
    window.sessions.save_as(target)
    assert window.sessions.path == target and window.devices.running
    window.devices.turn_off()
    window.devices.turn_on()
    assert urlsplit(dialog.rows["c1"].url).path == first  # kept for the new name
    assert fetch(dialog.rows["c1"].url + "view.json")[0] == 200
    window.devices.turn_off()
