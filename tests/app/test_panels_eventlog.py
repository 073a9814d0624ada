"""Event log: every command in words, undo and redo shown as such."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.bridge import SessionBridge
from app.panels.eventlog import EventLog
from engine.session import new_session
from engine.table.commands import AddCharacter, DealCard, FlipCard, ShuffleDeck


@pytest.fixture(autouse=True)
def _private_dirs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("YOBIGOE_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("YOBIGOE_CONFIG_DIR", str(tmp_path / "config"))


def test_commands_events_undo_and_redo_in_words(qtbot: object) -> None:
    session = new_session(seed=5)
    bridge = SessionBridge(session, lang="ja")
    log = EventLog(bridge)
    qtbot.addWidget(log)  # type: ignore[attr-defined]
    # The session's first command is already there.
    assert log.lines()[0] == "新しいセッション"
    bridge.dispatch(ShuffleDeck())
    bridge.dispatch(AddCharacter(name="鷹野 遥", color="#d64541"))
    bridge.dispatch(DealCard(square="C4"))
    card = bridge.state.squares["C4"][0]
    bridge.dispatch(FlipCard(card=card))
    bridge.undo()
    bridge.redo()
    lines = log.lines()
    deal = DealCard(square="C4").label("ja")
    flip = FlipCard(card=card).label("ja")
    tops = [line for line in lines if not line.startswith("    ")]
    assert tops[-4:] == [deal, flip, f"Undone: {flip}", f"Redone: {flip}"]
    # Each command is followed by its events as the engine describes them.
    flip_events = [e.describe("ja") for e in session.done[-1].events]
    index = lines.index(flip)
    assert lines[index + 1 : index + 1 + len(flip_events)] == ["    " + text for text in flip_events]
    # A refused command leaves no trace.
    count = len(lines)
    assert not bridge.dispatch(FlipCard(card="JK2"))
    assert len(log.lines()) == count

    # Switching the language re-renders everything from the records.
    bridge.lang = "en"
    log.retranslate()
    assert log.lines()[0] == "New session"
    assert f"Undone: {FlipCard(card=card).label('en')}" in log.lines()


def test_opening_a_session_shows_its_history(qtbot: object) -> None:
    bridge = SessionBridge(new_session(seed=1), lang="en")
    log = EventLog(bridge)
    qtbot.addWidget(log)  # type: ignore[attr-defined]
    other = new_session(seed=2)
    other.dispatch(ShuffleDeck())
    bridge.replace_session(other)
    assert [line for line in log.lines() if not line.startswith("    ")] == ["New session", "Shuffle the deck"]
