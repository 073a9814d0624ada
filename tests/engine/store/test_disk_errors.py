"""A full disk or a read-only folder while saving: the GM is told, the game
goes on in memory, nothing already saved is damaged, and a retry after the
disk frees writes everything."""

from __future__ import annotations

import errno
import os
import shutil
import sqlite3
from pathlib import Path

import pytest

from engine.errors import EngineError
from engine.store import SessionFile
from engine.store.journal import InsertRow
from engine.table.commands import AddCharacter, DealCard, NewSession, Roll
from engine.upland.table_commands import MoveParty

FULL_JA = "セッションを保存できませんでした: ディスクがいっぱいです。"
READONLY_JA = "セッションを保存できませんでした: フォルダーが読み取り専用です。"


def crash_copy(path: Path, folder: Path) -> Path:
    """The file and its WAL exactly as a crash at this instant would leave them."""
    folder.mkdir()
    copy = folder / path.name
    shutil.copyfile(path, copy)
    wal = Path(str(path) + "-wal")
    if wal.exists():
        shutil.copyfile(wal, Path(str(copy) + "-wal"))
    return copy


def started(path: Path) -> SessionFile:
    live = SessionFile.create(path, NewSession(seed=21))
    live.session.dispatch(AddCharacter(name="ミナ"))
    live.session.dispatch(DealCard(square="A1"))
    return live


def test_a_full_disk_is_reported_the_game_goes_on_and_retry_saves_everything(tmp_path: Path) -> None:
    live = started(tmp_path / "full.yobigoe")
    conn = live.journal.conn
    assert conn is not None
    saved_state = live.session.state
    (pages,) = conn.execute("PRAGMA page_count").fetchone()
    conn.execute(f"PRAGMA max_page_count = {pages}")  # SQLite's own SQLITE_FULL path
    outcomes = [live.session.dispatch(Roll(command="1D100<=50", reason="x" * 3000)) for _ in range(4)]
    first_failure = next(i for i, o in enumerate(outcomes) if not o.saved)
    failed = outcomes[first_failure]
    saved_state = outcomes[first_failure - 1].entry.after if first_failure else saved_state
    assert failed.save_error is not None
    assert failed.save_error.text("ja") == FULL_JA
    assert failed.save_error.text("en") == "Could not save the session: the disk is full."
    # The game goes on in memory, and the pending count grows with every command.
    assert len(live.session.rolls) == 4
    assert live.pending == 4 - first_failure
    live.session.dispatch(MoveParty(square="B2"))
    live.session.undo()
    assert live.pending == 6 - first_failure
    # What was saved is intact: a crash now would reopen at the last saved command.
    with SessionFile.open(crash_copy(live.path, tmp_path / "crash")) as crashed:
        assert crashed.session.state == saved_state
    # The disk frees up: one retry writes everything, in order.
    conn.execute("PRAGMA max_page_count = 1073741823")
    assert live.retry() and live.pending == 0
    expected_state, expected_redo = live.session.state, live.session.redo_label("en")
    live.close()
    with SessionFile.open(live.path) as again:
        assert again.session.state == expected_state
        assert again.session.redo_label("en") == expected_redo


def test_a_folder_gone_read_only_is_reported_and_the_next_command_catches_up(tmp_path: Path) -> None:
    live = started(tmp_path / "ro.yobigoe")
    conn = live.journal.conn
    assert conn is not None
    conn.execute("PRAGMA query_only = ON")  # every write now fails with SQLITE_READONLY
    outcome = live.session.dispatch(DealCard(square="B1"))
    assert not outcome.saved and outcome.save_error is not None
    assert outcome.save_error.text("ja") == READONLY_JA
    assert live.pending == 1 and "B1" in live.session.state.squares
    conn.execute("PRAGMA query_only = OFF")
    later = live.session.dispatch(DealCard(square="C1"))
    assert later.saved and live.pending == 0  # the pending one went first
    state = live.session.state
    live.close()
    with SessionFile.open(live.path) as again:
        assert again.session.state == state


def test_a_patched_writer_raising_enospc_is_a_full_disk(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    live = started(tmp_path / "patched.yobigoe")

    def no_space(self: InsertRow, conn: sqlite3.Connection) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(InsertRow, "apply", no_space)
    outcome = live.session.dispatch(DealCard(square="E5"))
    assert outcome.save_error is not None and outcome.save_error.text("ja") == FULL_JA
    assert not live.retry() and live.last_error is not None
    with pytest.raises(EngineError) as refused:
        live.close()  # closing would lose the command: refused, still open
    assert "1" in refused.value.text("ja") and not live.closed
    monkeypatch.undo()
    assert live.retry()
    live.close()
    with SessionFile.open(live.path) as again:
        assert "E5" in again.session.state.squares


def test_save_as_rescues_pending_commands_to_another_disk(tmp_path: Path) -> None:
    live = started(tmp_path / "stick.yobigoe")
    conn = live.journal.conn
    assert conn is not None
    conn.execute("PRAGMA query_only = ON")
    live.session.dispatch(DealCard(square="B3"))
    live.session.dispatch(MoveParty(square="B3"))
    assert live.pending == 2
    (tmp_path / "local").mkdir()
    rescued = live.save_as(tmp_path / "local" / "rescued.yobigoe")
    assert rescued.pending == 0 and live.closed
    rescued.session.dispatch(DealCard(square="C3"))  # the game continues in the new file
    state = rescued.session.state
    rescued.close()
    with SessionFile.open(tmp_path / "local" / "rescued.yobigoe") as again:
        assert again.session.state == state
    with SessionFile.open(tmp_path / "stick.yobigoe") as old:
        assert "B3" not in old.session.state.squares  # the old file: its last saved command


def test_save_as_works_from_memory_when_the_old_file_cannot_be_read(tmp_path: Path) -> None:
    live = started(tmp_path / "gone.yobigoe")
    live.session.dispatch(Roll(command="2D6"))
    live.session.undo()
    assert live.journal.conn is not None
    live.journal.conn.close()  # the drive went away
    outcome = live.session.dispatch(DealCard(square="D2"))
    assert not outcome.saved and live.pending == 1
    copy = live.save_as(tmp_path / "elsewhere.yobigoe")
    state, stacks = copy.session.state, (len(copy.session.done), len(copy.session.undone))
    copy.close()
    with SessionFile.open(tmp_path / "elsewhere.yobigoe") as again:
        assert again.session.state == state
        assert (len(again.session.done), len(again.session.undone)) == stacks
        while again.session.can_undo:
            again.session.undo()
        assert again.session.state.seq == 1


@pytest.mark.skipif(os.name != "posix" or os.geteuid() == 0, reason="root ignores folder permissions")
def test_creating_a_session_in_a_read_only_folder_says_so(tmp_path: Path) -> None:
    folder = tmp_path / "locked"
    folder.mkdir()
    folder.chmod(0o555)
    try:
        with pytest.raises(EngineError) as refused:
            SessionFile.create(folder / "new.yobigoe", NewSession())
        assert refused.value.text("ja") == READONLY_JA
        assert os.listdir(folder) == []
    finally:
        folder.chmod(0o755)


def test_creating_a_session_where_the_os_refuses_says_read_only(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The same as above for CI running as root: the OS refusal is simulated."""
    import engine.store.writer as writer

    def refuse(temp: Path, image: object, report: object = None) -> None:
        raise PermissionError(errno.EACCES, "Permission denied", str(temp))

    monkeypatch.setattr(writer, "_write", refuse)
    with pytest.raises(EngineError) as refused:
        SessionFile.create(tmp_path / "new.yobigoe", NewSession())
    assert refused.value.text("ja") == READONLY_JA
    assert os.listdir(tmp_path) == []
