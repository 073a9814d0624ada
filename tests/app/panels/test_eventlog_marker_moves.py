"""The event log tells a marker's move as a move (from one square to another),
and only a marker's first placing as placing it."""

from __future__ import annotations

from pytestqt.qtbot import QtBot

from app.bridge import SessionBridge
from app.panels.eventlog import EventLog
from engine.session import new_session
from engine.table.commands import AddCharacter
from engine.upland.table_commands import PlaceMarker


def test_a_moved_marker_is_logged_as_moved_and_a_new_one_as_placed(qtbot: QtBot) -> None:
    bridge = SessionBridge(new_session(seed=5), lang="ja")
    log = EventLog(bridge)
    qtbot.addWidget(log)
    bridge.dispatch(AddCharacter(name="鷹野 遥"))
    bridge.dispatch(PlaceMarker(character="c1", square="C3"))
    bridge.dispatch(PlaceMarker(character="c1", square="D4"))
    log.flush()
    lines = [line.strip() for line in log.lines()]
    assert "鷹野 遥のマーカーをC3に置きました。" in lines
    assert "鷹野 遥のマーカーをC3からD4に動かしました。" in lines
    assert not any("D4に置きました" in line for line in lines)
