"""What killed runs leave behind is cleaned at the next start
and never piles up; a clean close leaves only the session file."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest

from engine.store import SessionFile
from engine.store.leftovers import CHECK_PREFIX, sweep_check_folders, sweep_temp_files
from engine.table.commands import NewSession

ROOT = Path(__file__).resolve().parents[3]


def _dead_pid() -> int:
    proc = subprocess.Popen([sys.executable, "-c", "pass"])
    proc.wait()
    return proc.pid


def test_temp_files_of_dead_writers_are_removed_and_live_ones_kept(tmp_path: Path) -> None:
    dead, mine = _dead_pid(), os.getpid()
    stale = [tmp_path / f".s.yobigoe.{dead}.0badf00d.tmp{suffix}" for suffix in ("", "-wal", "-shm", "-journal")]
    stale.append(tmp_path / f".s.json.{dead}.12345678.tmp")
    live = tmp_path / f".t.yobigoe.{mine}.abcdef01.tmp"
    foreign = tmp_path / ".s.yobigoe.1234.tmp.bak"
    for path in (*stale, live, foreign):
        path.write_bytes(b"x" * 1000)
    assert sorted(sweep_temp_files(tmp_path)) == sorted(stale)
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted([live.name, foreign.name])


def test_validation_copies_of_dead_programs_are_removed(tmp_path: Path) -> None:
    dead = _dead_pid()
    stale = tmp_path / f"{CHECK_PREFIX}{dead}-abc"
    stale.mkdir()
    (stale / "check.yobigoe").write_bytes(b"x" * 10_000)
    live = tmp_path / f"{CHECK_PREFIX}{os.getpid()}-def"
    live.mkdir()
    assert sweep_check_folders(tmp_path) == [stale]
    assert not stale.exists() and live.exists()


def _crash_left(tmp_path: Path) -> Path:
    live = SessionFile.create(tmp_path / "live.yobigoe", NewSession(ruleset="upland", seed=2))
    for index in range(300):
        live.session.dispatch({"type": "add_note", "text": f"{index} " + "x" * 500})
    crashed = tmp_path / "crashed"
    crashed.mkdir()
    for name in ("live.yobigoe", "live.yobigoe-wal", "live.yobigoe-ack"):
        shutil.copy2(tmp_path / name, crashed / name)
    live.close()
    return crashed / "live.yobigoe"


@pytest.mark.skipif(os.name != "posix", reason="SIGKILL is POSIX")
def test_killed_validations_never_pile_up_in_the_temp_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = _crash_left(tmp_path)
    temp_root = tmp_path / "tmp"
    temp_root.mkdir()
    env = {**os.environ, "TMPDIR": str(temp_root)}
    script = (
        "import sys, time\n"
        "from engine.store import reader\n"
        "real = reader._read\n"
        "def slow(conn, path):\n"
        "    print('copied', flush=True); time.sleep(60); return real(conn, path)\n"
        "reader._read = slow\n"
        "from engine.store import SessionFile\n"
        f"SessionFile.open({str(path)!r})\n"
    )
    for _ in range(3):
        proc = subprocess.Popen([sys.executable, "-c", script], cwd=ROOT, env=env, stdout=subprocess.PIPE, text=True)
        assert proc.stdout is not None and proc.stdout.readline().strip() == "copied"
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait()
        left = [p for p in temp_root.iterdir() if p.name.startswith(CHECK_PREFIX)]
        assert len(left) == 1 and str(proc.pid) in left[0].name  # the previous kill's copy is gone
    monkeypatch.setattr(tempfile, "tempdir", str(temp_root))
    with SessionFile.open(path) as sf:  # the next start validates, and cleans up first
        assert sf.session.state.seq == 301
    assert [p for p in temp_root.iterdir() if p.name.startswith(CHECK_PREFIX)] == []
    assert sorted(p.name for p in path.parent.iterdir()) == ["live.yobigoe"]  # merged, closed, no mark


@pytest.mark.skipif(os.name != "posix", reason="SIGKILL is POSIX")
def test_killed_exports_leave_nothing_after_the_next_run(tmp_path: Path) -> None:
    session = tmp_path / "s.yobigoe"
    with SessionFile.create(session, NewSession(ruleset="upland", seed=2)) as sf:
        for index in range(200):
            sf.session.dispatch({"type": "add_note", "text": f"{index} " + "y" * 2000})
    script = (
        "import os, sys\n"
        "from engine.store import export\n"
        "real = os.replace\n"
        "def hang(a, b):\n"
        "    print('written', flush=True); import time; time.sleep(60)\n"
        "export.os.replace = hang\n"
        "from engine.cli import main\n"
        f"main(['export', {str(session)!r}, {str(tmp_path / 'out.json')!r}])\n"
    )
    proc = subprocess.Popen([sys.executable, "-c", script], cwd=ROOT, stdout=subprocess.PIPE, text=True)
    assert proc.stdout is not None and proc.stdout.readline().strip() == "written"
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait()
    assert [p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")]  # the kill left one
    started = time.monotonic()
    done = subprocess.run(
        [sys.executable, "-m", "engine", "export", str(session), str(tmp_path / "out.json")], cwd=ROOT, timeout=60
    )
    assert done.returncode == 0 and time.monotonic() - started < 30
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out.json", "s.yobigoe"]
