"""Files written by older versions open in newer ones.

``fixtures/session_v1.yobigoe`` is a real file written by version 1 of the
writer (``fixtures/make_session_v1.py``), committed so every later version is
checked against it.  Layout 1 is still the current one, so the migration
mechanism is driven here by a step 1 -> 2 registered by the test: it adds a
bookmarks table and bookmarks the current command, as a real step would.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import sqlite3
from pathlib import Path

import pytest

from engine.core.state import State
from engine.errors import EngineError
from engine.store import SessionFile, migrations
from engine.store import format as file_format
from engine.store.database import put_meta
from engine.store.migrations import Step, read_current
from engine.upland.table_commands import MoveParty

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
FIXTURE = FIXTURES / "session_v1.yobigoe"
EXPECTED = json.loads((FIXTURES / "session_v1.expected.json").read_text(encoding="utf-8"))

BOOKMARKS = (
    "CREATE TABLE bookmarks (\n    journal_id INTEGER PRIMARY KEY REFERENCES journal (id),\n    label TEXT NOT NULL\n)"
)


def add_bookmarks(conn: sqlite3.Connection) -> None:
    """The test's v1 -> v2 step: a new table, filled from the old data."""
    conn.execute(BOOKMARKS)
    (top,) = conn.execute("SELECT max(id) FROM journal WHERE status = 'done'").fetchone()
    conn.execute("INSERT INTO bookmarks (journal_id, label) VALUES (?, 'migrated')", (top,))
    put_meta(conn, "migrated_from", "1")


@pytest.fixture
def version_2(monkeypatch: pytest.MonkeyPatch) -> None:
    layout = file_format.Layout(version=2, statements=(*file_format.LAYOUT_V1.statements, BOOKMARKS))
    monkeypatch.setitem(file_format.LAYOUTS, 2, layout)
    monkeypatch.setitem(migrations.STEPS, 1, Step(source=1, run=add_bookmarks, purpose="bookmarks"))


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def copy_of_fixture(tmp_path: Path) -> Path:
    target = tmp_path / "old session.yobigoe"
    shutil.copyfile(FIXTURE, target)
    return target


def assert_is_the_fixture_session(session_file: SessionFile) -> None:
    session = session_file.session
    assert session.state == State.model_validate(EXPECTED["state"])
    assert [[e.seq, e.command.type] for e in session.done] == EXPECTED["done"]
    assert [[e.seq, e.command.type] for e in session.undone] == EXPECTED["undone"]


def test_the_committed_version_1_file_still_opens_to_the_same_session(tmp_path: Path) -> None:
    path = copy_of_fixture(tmp_path)
    with SessionFile.open(path) as opened:
        assert_is_the_fixture_session(opened)
        session = opened.session
        session.redo()
        assert session.state == State.model_validate(EXPECTED["redo_state"])  # the same 2D6, not a new roll
        while session.can_undo:  # every stored command still parses and replays
            session.undo()
        assert session.state.seq == 1


def test_an_older_file_is_migrated_forward_and_the_old_one_kept(tmp_path: Path, version_2: None) -> None:
    path = copy_of_fixture(tmp_path)
    original = digest(path)
    with SessionFile.open(path) as opened:
        assert_is_the_fixture_session(opened)
        assert opened.meta["schema_version"] == "2" and opened.meta["migrated_from"] == "1"
        opened.session.dispatch(MoveParty(square="A1"))  # and it keeps working in the new layout
        state = opened.session.state
    conn = sqlite3.connect(path)
    assert conn.execute("PRAGMA user_version").fetchone() == (2,)
    assert conn.execute("SELECT label FROM bookmarks").fetchall() == [("migrated",)]
    conn.close()
    backup = tmp_path / "old session.yobigoe.v1.bak"
    assert digest(backup) == original  # an older yobigoe can still open this one
    with SessionFile.open(path) as again:
        assert again.session.state == state


def test_a_failing_migration_leaves_the_file_exactly_as_it_was(
    tmp_path: Path, version_2: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    def half_done(conn: sqlite3.Connection) -> None:
        conn.execute(BOOKMARKS)
        raise ValueError("a bug in the step")

    monkeypatch.setitem(migrations.STEPS, 1, Step(source=1, run=half_done, purpose="broken"))
    path = copy_of_fixture(tmp_path)
    original = digest(path)
    with pytest.raises(EngineError) as refused:
        SessionFile.open(path)
    assert refused.value.text("ja").startswith("このセッションを現在の形式に更新できませんでした")
    assert digest(path) == original
    assert os.listdir(tmp_path) == ["old session.yobigoe"]


def test_show_reads_an_older_file_without_migrating_it(tmp_path: Path, version_2: None) -> None:
    path = copy_of_fixture(tmp_path)
    original = digest(path)
    assert read_current(path).state == State.model_validate(EXPECTED["state"])
    assert digest(path) == original and os.listdir(tmp_path) == ["old session.yobigoe"]


def test_a_file_from_a_newer_version_is_refused_and_untouched(tmp_path: Path) -> None:
    path = copy_of_fixture(tmp_path)
    conn = sqlite3.connect(path)
    conn.execute("PRAGMA user_version = 7")
    conn.close()
    before = digest(path)
    with pytest.raises(EngineError) as refused:
        SessionFile.open(path)
    assert refused.value.text("en") == (
        "This session was saved by a newer version of yobigoe (format 7); please update."
    )
    assert refused.value.text("ja") == (
        "このセッションは新しいバージョンの yobigoe で保存されています（形式 7）。yobigoe を更新してください。"
    )
    assert digest(path) == before
