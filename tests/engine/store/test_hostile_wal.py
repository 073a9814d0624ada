"""A damaged write-ahead log no longer loses acknowledged
commands silently — the GM is told how many and a copy of the damaged files is
kept beside the session."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from engine.store import SessionFile
from engine.store.acknowledged import Mark, read_mark
from engine.table.commands import NewSession


def _crash_left(tmp_path: Path, commands: int) -> tuple[Path, list[int]]:
    """A session as a kill -9 leaves it (file + -wal + mark), copied while open."""
    live = tmp_path / "live"
    live.mkdir()
    sf = SessionFile.create(live / "s.yobigoe", NewSession(ruleset="upland", seed=3))
    for index in range(commands):
        sf.session.dispatch({"type": "add_note", "text": f"note {index} " + "x" * 200})
    seqs = [sf.session.state.seq]
    crashed = tmp_path / "crashed"
    crashed.mkdir()
    for name in ("s.yobigoe", "s.yobigoe-wal", "s.yobigoe-ack"):
        shutil.copy2(live / name, crashed / name)
    sf.close()
    return crashed / "s.yobigoe", seqs


def _flip(path: Path, offset: int) -> None:
    data = bytearray(path.read_bytes())
    for i in range(3):
        data[offset + i * 7] ^= 0x5A
    path.write_bytes(bytes(data))


def test_damaged_wal_reports_lost_commands_and_keeps_a_copy(tmp_path: Path) -> None:
    path, (acknowledged,) = _crash_left(tmp_path, 150)
    wal = path.with_name(path.name + "-wal")
    assert wal.stat().st_size > 50_000
    _flip(wal, wal.stat().st_size // 2)
    damaged_bytes = {name: (path.parent / name).read_bytes() for name in ("s.yobigoe", "s.yobigoe-wal")}
    with SessionFile.open(path) as sf:
        assert sf.notice is not None
        held = sf.session.state.seq
        assert 1 <= held < acknowledged
        text = sf.notice.text("en")
        assert f"{acknowledged - held} command(s) after #{held} could not be recovered" in text
        assert "command(s) after" in sf.notice.source
        assert sf.notice.text("ja") != text
        copies = list(tmp_path.joinpath("crashed").glob("s.yobigoe.damaged-*"))
        assert len(copies) == 1 and str(copies[0]) in text
        for name, data in damaged_bytes.items():
            assert (copies[0] / name).read_bytes() == data
        sf.session.dispatch({"type": "add_note", "text": "carry on"})
    with SessionFile.open(path) as again:  # told once; the file is sound again
        assert again.notice is None and again.session.state.seq == held + 1
    assert len(list(tmp_path.joinpath("crashed").glob("s.yobigoe.damaged-*"))) == 1


def test_an_intact_crash_left_file_opens_without_notice(tmp_path: Path) -> None:
    path, (acknowledged,) = _crash_left(tmp_path, 40)
    with SessionFile.open(path) as sf:
        assert sf.notice is None and sf.session.state.seq == acknowledged


def test_a_second_damage_never_overwrites_the_first_copy(tmp_path: Path) -> None:
    path, _ = _crash_left(tmp_path, 60)
    wal = path.with_name(path.name + "-wal")
    saved = {n: (path.parent / n).read_bytes() for n in ("s.yobigoe", "s.yobigoe-wal", "s.yobigoe-ack")}
    _flip(wal, wal.stat().st_size // 2)
    with SessionFile.open(path) as sf:
        assert sf.notice is not None
    for name, data in saved.items():  # the same damage again, the same second
        (path.parent / name).write_bytes(data)
    _flip(wal, wal.stat().st_size // 2)
    with SessionFile.open(path) as sf:
        assert sf.notice is not None
    assert len(list(path.parent.glob("s.yobigoe.damaged-*"))) == 2


@pytest.mark.parametrize("raw", [b"", b"YBGACK1 9 9 9 00000000\n", b"garbage" * 10])
def test_a_torn_or_foreign_mark_is_ignored(tmp_path: Path, raw: bytes) -> None:
    path, (acknowledged,) = _crash_left(tmp_path, 5)
    path.with_name(path.name + "-ack").write_bytes(raw)
    assert read_mark(path) is None
    with SessionFile.open(path) as sf:
        assert sf.notice is None and sf.session.state.seq == acknowledged


def test_the_mark_follows_every_commit_undo_and_redo(tmp_path: Path) -> None:
    with SessionFile.create(tmp_path / "m.yobigoe", NewSession(ruleset="upland", seed=1)) as sf:
        sf.session.dispatch({"type": "add_note", "text": "a"})
        sf.session.dispatch({"type": "add_note", "text": "b"})
        sf.session.undo()
        mark = read_mark(sf.path)
        assert mark is not None and (mark.rows, mark.done) == (3, 2)
        assert Mark.decode(mark.encode()) == mark


def test_a_clean_close_leaves_only_the_session_file(tmp_path: Path) -> None:
    with SessionFile.create(tmp_path / "c.yobigoe", NewSession(ruleset="upland", seed=1)) as sf:
        sf.session.dispatch({"type": "add_note", "text": "a"})
        assert (tmp_path / "c.yobigoe-ack").exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["c.yobigoe"]


@pytest.mark.slow
@pytest.mark.skipif(os.name != "posix", reason="uses the crash-soak harness's POSIX children")
def test_soak_harness_damaged_wal_and_two_writers_lose_nothing_silently(tmp_path: Path) -> None:
    from benchmarks.crash_soak import race_soak, wal_soak

    wal = wal_soak(3, 77, tmp_path)
    assert [r.outcome for r in wal] != [] and all(
        r.outcome in ("held", "reported", "refused") for r in wal
    )  # never "silent" nor "false alarm"
    races = race_soak(4, 78, tmp_path)
    assert all(r.refused_cleanly and r.lost == 0 for r in races), races
    assert sum(r.acknowledged for r in races) > 100


def test_show_and_export_say_acknowledged_commands_are_missing(tmp_path: Path) -> None:
    import subprocess
    import sys

    path, _ = _crash_left(tmp_path, 150)
    wal = path.with_name(path.name + "-wal")
    _flip(wal, wal.stat().st_size // 2)
    root = Path(__file__).resolve().parents[3]
    for args in (["show", str(path)], ["export", str(path), str(tmp_path / "out.json")]):
        done = subprocess.run([sys.executable, "-m", "engine", *args], cwd=root, capture_output=True, text=True)
        assert done.returncode == 0 and "Acknowledged commands are missing" in done.stderr
    assert not list(path.parent.glob("*.damaged-*"))  # show and export never write beside the file
