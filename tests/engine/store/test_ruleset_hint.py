"""Start-up guesses which ruleset a crashed session plays, to import it while the
crash prompt waits: the guess reads the file's ``meta`` and leaves every file of
the session as the crash left it (the store's recovery must find them so)."""

from __future__ import annotations

import shutil
from pathlib import Path

from engine.store import SessionFile
from engine.store.ruleset_hint import named_ruleset
from engine.table.commands import NewSession


def test_a_crash_left_file_names_its_ruleset_and_nothing_beside_it_changes(tmp_path: Path) -> None:
    live = tmp_path / "live"
    live.mkdir()
    sf = SessionFile.create(live / "s.yobigoe", NewSession(ruleset="coc6-a", seed=3))
    for index in range(5):
        sf.session.dispatch({"type": "add_note", "text": f"note {index}"})
    crashed = tmp_path / "crashed"
    crashed.mkdir()
    for name in ("s.yobigoe", "s.yobigoe-wal", "s.yobigoe-ack"):  # what a kill -9 leaves
        shutil.copy2(live / name, crashed / name)
    sf.close()
    before = {p.name: p.read_bytes() for p in crashed.iterdir()}
    assert named_ruleset(crashed / "s.yobigoe") == "coc6-a"
    assert {p.name: p.read_bytes() for p in crashed.iterdir()} == before  # no -shm made, nothing written
    reopened = SessionFile.open(crashed / "s.yobigoe")  # and the store recovers it as before
    assert reopened.notice is None and len(reopened.session.state.notes) == 5
    reopened.close()


def test_a_missing_or_foreign_file_names_no_ruleset(tmp_path: Path) -> None:
    assert named_ruleset(tmp_path / "gone.yobigoe") == ""
    foreign = tmp_path / "notes.yobigoe"
    foreign.write_text("not a session")
    assert named_ruleset(foreign) == "" and foreign.read_text() == "not a session"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["notes.yobigoe"]
