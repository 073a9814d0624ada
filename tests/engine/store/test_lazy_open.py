"""Opening a long session parses only what it shows: every row's
checksum is checked, but the pydantic models are built only for the rows
replayed from the latest snapshot, the redo stack and the newest rolls.  A
damaged row is still refused — at open when its bytes do not match their
checksum or it lies on the replay, at the undo that reaches it otherwise."""

from __future__ import annotations

import random
import shutil
import sqlite3
from pathlib import Path

import pytest

from benchmarks.crash_soak import apply_line, command_mix
from engine.errors import EngineError
from engine.store import SessionFile
from engine.store.format import content_crc, row_crc
from engine.store.rows import StoredRow
from engine.table.commands import NewSession


@pytest.fixture(autouse=True)
def _private_dirs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("YOBIGOE_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("YOBIGOE_CONFIG_DIR", str(tmp_path / "config"))


def crashed_copy(tmp_path: Path, lines: int, seed: int = 3) -> Path:
    """A session of ``lines`` random lines (undo/redo and rolls included), copied
    with its write-ahead log while still open, as a crash leaves it."""
    live_path = tmp_path / "live.yobigoe"
    live = SessionFile.create(live_path, NewSession(seed=seed))
    rng = random.Random(seed)
    for _ in range(lines):
        apply_line(live.session, command_mix(rng))
    copy = tmp_path / "crashed.yobigoe"
    shutil.copyfile(live_path, copy)
    shutil.copyfile(f"{live_path}-wal", f"{copy}-wal")
    live.close()
    return copy


def is_parsed(row: StoredRow) -> bool:
    return row._command is not None or row._events is not None


def holds_roll(row: StoredRow) -> bool:
    return '"record":{' in row.events_text


def test_opening_a_long_session_parses_only_the_rows_after_the_latest_snapshot(tmp_path: Path) -> None:
    path = crashed_copy(tmp_path, 1500)
    with SessionFile.open(path) as opened:
        cat = opened.journal.catalogue
        latest = max(i for i in cat.snapshot_ids if i in cat.done_ids)
        needed = {1, *cat.undone_ids, *(i for i in cat.done_ids if i > latest)}
        parsed = {row.id for row in cat.rows.values() if is_parsed(row)}
        assert len(cat.rows) > 800 and latest > 400  # a long file, with snapshots well past its start
        unexpected = {i for i in parsed - needed if not holds_roll(cat.rows[i])}
        assert unexpected == set()  # nothing before the snapshot but the roll log's newest rolls
        plain = [row for row in cat.rows.values() if not holds_roll(row)]
        assert len(needed) < len(plain) // 3  # so the check above leaves most rows unparsed
        # What was not parsed is parsed on demand: undo walks back past the snapshot.
        state_before = opened.session.done[-200].after
        for _ in range(199):
            opened.session.undo()
        assert opened.session.state == state_before


def damage_row(path: Path, row_id: int, events: str, *, fix_crc: bool) -> None:
    """Replace a row's events text; with ``fix_crc`` the checksum is recomputed,
    as a crafted file would (the bytes then pass the checksum check)."""
    conn = sqlite3.connect(path)
    seq, status, recorded_at, command = conn.execute(
        "SELECT seq, status, recorded_at, command FROM journal WHERE id = ?", (row_id,)
    ).fetchone()
    crc = row_crc(content_crc(row_id, seq, recorded_at, command, events), status)
    conn.execute("UPDATE journal SET events = ?, crc = crc + ? WHERE id = ?", (events, 0, row_id))
    if fix_crc:
        conn.execute("UPDATE journal SET crc = ? WHERE id = ?", (crc, row_id))
    conn.commit()
    conn.close()


def first_unparsed_done_row(path: Path) -> int:
    """A done row well before the latest snapshot that opening does not parse."""
    with SessionFile.open(path) as opened:
        cat = opened.journal.catalogue
        for row_id in cat.done_ids[10:]:
            if not is_parsed(cat.rows[row_id]) and not holds_roll(cat.rows[row_id]):
                return row_id
    raise AssertionError("no unparsed row")


def test_a_damaged_row_before_the_snapshot_is_still_refused_at_open(tmp_path: Path) -> None:
    path = crashed_copy(tmp_path, 1200)
    row_id = first_unparsed_done_row(path)  # (the open above merged the WAL: the file stands alone)
    damage_row(path, row_id, '[{"type":"nothing_we_know"}]', fix_crc=False)
    before = path.read_bytes()
    with pytest.raises(EngineError) as raised:
        SessionFile.open(path)
    assert raised.value.text("ja") != raised.value.text("en")  # a translated message
    assert f"journal #{row_id}" in raised.value.text("en")
    assert path.read_bytes() == before  # refused before anything was written


def test_a_crafted_row_that_passes_its_checksum_is_refused_at_the_undo_that_reaches_it(tmp_path: Path) -> None:
    path = crashed_copy(tmp_path, 1200)
    row_id = first_unparsed_done_row(path)
    damage_row(path, row_id, '[{"type":"nothing_we_know"}]', fix_crc=True)
    with SessionFile.open(path) as opened:  # only the checksum is checked this far back
        session = opened.session
        position = next(i for i, e in enumerate(session.done) if e.row.id == row_id)
        with pytest.raises(EngineError) as raised:
            while len(session.done) > position + 1:
                session.undo()
        assert "damaged" in raised.value.text("en")
        # The undo that found it changed nothing: the stacks and the state are as before it.
        top = session.done[-1]
        assert session.state == top.after
        assert len(session.done) + len(session.undone) == len(opened.journal.catalogue.line())


def test_a_crafted_row_after_the_latest_snapshot_is_refused_at_open(tmp_path: Path) -> None:
    path = crashed_copy(tmp_path, 300)
    with SessionFile.open(path) as opened:
        cat = opened.journal.catalogue
        row_id = cat.done_ids[-1]
        opened.journal.snapshot_current = lambda state: None  # type: ignore[method-assign]  # keep it a replay
    damage_row(path, row_id, '[{"type":"nothing_we_know"}]', fix_crc=True)
    with pytest.raises(EngineError) as raised:
        SessionFile.open(path)
    assert f"journal #{row_id}" in raised.value.text("en")


def test_a_closed_session_opens_without_parsing_a_row_until_its_rolls_are_asked_for(tmp_path: Path) -> None:
    """Closing stores the head's snapshot, so the next open replays nothing; the
    dice box's newest rolls are read when first listed (after the board's first
    paint), and list exactly what the table had."""
    path = tmp_path / "closed.yobigoe"
    live = SessionFile.create(path, NewSession(seed=5))
    rng = random.Random(5)
    for _ in range(300):
        apply_line(live.session, command_mix(rng))
    shown = live.session.rolls.records()
    live.close()
    assert len(shown) > 20  # the mix rolls dice
    with SessionFile.open(path) as opened:
        cat = opened.journal.catalogue
        rows = cat.rows.values()
        # at most the root and the redo stack (checked at open): no roll read, nothing replayed
        expected = {1, *cat.undone_ids}
        assert {row.id for row in rows if is_parsed(row)} <= expected
        assert any(holds_roll(row) for row in rows if row.id not in expected)
        assert opened.session.rolls.records() == shown
        read = {row.id for row in rows if is_parsed(row)} - expected
        assert read and all(holds_roll(cat.rows[i]) for i in read)  # only rows that hold a roll
