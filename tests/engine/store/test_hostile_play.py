"""``play`` refuses hostile lines with a clear line,
quickly, with the state unchanged; it never says ok for what is not on disk;
and the file opens afterwards with every acknowledged command."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path

from engine.store import SessionFile
from engine.store.journal import SqliteJournal
from engine.table.commands import NewSession

ROOT = Path(__file__).resolve().parents[3]
NOTE = b'{"type": "add_note", "text": "fine"}\n'

HOSTILE: dict[str, bytes] = {
    "inf": b'{"type":"add_character","name":"inf","values":{"hp":1e999}}\n',
    "Infinity": b'{"type":"add_character","name":"inf","values":{"hp":Infinity}}\n',
    "NaN": b'{"type":"add_character","name":"nan","values":{"hp":NaN}}\n',
    "edit-inf": b'{"type":"edit_character","character":"c1","values":{"hp":-Infinity}}\n',
    "surrogate-name": b'{"type":"add_character","name":"\\ud800"}\n',
    "surrogate-text": b'{"type":"add_note","text":"x\\udfffy"}\n',
    "invalid-utf8": b'{"type":"add_note","text":"\xff\xfe"}\n',
    "cut-utf8": b'{"type":"add_note","text":"\xe3\x81"}\n',
    "deep-array": b"[" * 5000 + b"]" * 5000 + b"\n",
    "deep-object": b'{"a":' * 3000 + b"1" + b"}" * 3000 + b"\n",
    "face_up-yes": b'{"type":"deal_card","square":"A1","face_up":"yes"}\n',
    "count-string": b'{"type":"draw_cards","character":"c1","count":"2"}\n',
    "dice-letters": b'{"type":"roll","command":"2D6","dice":["a"]}\n',
    "huge-line": b'{"type":"add_note","text":"' + b"x" * (1024 * 1024 + 10) + b'"}\n',
}


def _play(path: Path, stdin: bytes) -> tuple[int, list[dict[str, object]], str]:
    done = subprocess.run(
        [sys.executable, "-m", "engine", "play", str(path)], input=stdin, capture_output=True, cwd=ROOT, timeout=120
    )
    reports = [json.loads(line) for line in done.stdout.decode("utf-8").splitlines()]
    return done.returncode, reports, done.stderr.decode("utf-8", "replace")


def test_every_hostile_line_is_refused_quickly_and_the_lines_after_it_run(tmp_path: Path) -> None:
    path = tmp_path / "s.yobigoe"
    SessionFile.create(path, NewSession(ruleset="upland", seed=4)).close()
    script = b'{"type":"add_character","name":"A","values":{"hp":5}}\n' + NOTE  # warm up the command union
    for line in HOSTILE.values():
        script += line + NOTE
    started = time.monotonic()
    code, reports, stderr = _play(path, script)
    elapsed = time.monotonic() - started
    assert stderr == "" and code == 1
    assert len(reports) == 2 + 2 * len(HOSTILE)
    for name, refusal, after in zip(HOSTILE, reports[2::2], reports[3::2], strict=True):
        assert refusal["ok"] is False and refusal["error"], name
        assert "Traceback" not in str(refusal["error"]), name
        assert after["ok"] is True and after["seq"] == refusal["line"] // 2 + 3, name  # no gap in seq
    assert elapsed < 30  # all fourteen, start-up included (each took up to seconds before)
    with SessionFile.open(path) as again:
        state = again.session.state
        assert state.seq == 3 + len(HOSTILE)
        assert [c.values for c in state.characters.values()] == [{"hp": 5}]
        assert not state.squares and not any(state.hands.values()) and not again.session.rolls.records()


def test_a_command_that_could_not_be_saved_is_not_ok(tmp_path: Path, monkeypatch: object) -> None:
    """The promise of play: a line with ok true is on disk.  Here the disk refuses
    every write after the first command (a patched journal inside the process)."""
    path = tmp_path / "s.yobigoe"
    SessionFile.create(path, NewSession(ruleset="upland", seed=4)).close()
    script = (
        "import sqlite3, sys\n"
        "from engine.store import journal\n"
        "real = journal.SqliteJournal.flush\n"
        "calls = []\n"
        "def flaky(self):\n"
        "    calls.append(1)\n"
        "    if len(calls) > 1:\n"
        "        import errno, os\n"
        "        raise journal.write_error(OSError(errno.ENOSPC, 'full'))\n"
        "    return real(self)\n"
        "journal.SqliteJournal.flush = flaky\n"
        "from engine.cli import main\n"
        f"sys.exit(main(['play', {str(path)!r}]))\n"
    )
    done = subprocess.run([sys.executable, "-c", script], input=NOTE * 3, capture_output=True, cwd=ROOT, timeout=60)
    reports = [json.loads(line) for line in done.stdout.decode().splitlines()]
    assert [r["ok"] for r in reports] == [True, False, False]
    assert reports[1]["saved"] is False and "disk is full" in str(reports[1]["error"])
    assert done.returncode == 2  # and the closing message says changes were not saved
    with SessionFile.open(path) as again:
        assert again.session.state.seq == 2  # exactly the acknowledged one
    assert SqliteJournal  # the class patched above


def test_state_changes_only_once_the_journal_took_the_command(tmp_path: Path, monkeypatch: object) -> None:
    """Whatever the exception while recording, no gap in seq and the file opens."""
    import pytest

    from engine.store import rows

    mp: pytest.MonkeyPatch = monkeypatch  # type: ignore[assignment]
    path = tmp_path / "s.yobigoe"
    with SessionFile.create(path, NewSession(ruleset="upland", seed=4)) as sf:
        before = sf.session.state

        def broken(*args: object, **kwargs: object) -> object:
            raise RuntimeError("unexpected")

        mp.setattr(rows.StoredRow, "from_entry", broken)
        with pytest.raises(RuntimeError):
            sf.session.dispatch({"type": "add_note", "text": "lost"})
        assert sf.session.state is before and len(sf.session.done) == 1
        mp.undo()
        from engine.store.journal import InsertRow

        mp.setattr(InsertRow, "apply", broken)
        outcome = sf.session.dispatch({"type": "add_note", "text": "pending"})
        assert not outcome.saved and sf.pending == 1 and sf.session.state.seq == 2
        mp.undo()
        assert sf.retry() and sf.pending == 0
        sf.session.dispatch({"type": "add_note", "text": "next"})
        acknowledged = sf.session.state
    with SessionFile.open(path) as again:
        assert again.session.state == acknowledged and acknowledged.seq == 3
