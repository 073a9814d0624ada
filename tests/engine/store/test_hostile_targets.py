"""Save as, export and import never write onto an open
session, and onto an existing file only when told to (write aside, fsync, rename)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from engine.errors import EngineError
from engine.store import SessionFile
from engine.table.commands import NewSession

ROOT = Path(__file__).resolve().parents[3]


def engine(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "engine", *args], input=stdin, capture_output=True, text=True, cwd=ROOT, timeout=60
    )


class Player:
    """``python -m engine play`` holding a session open, fed line by line."""

    def __init__(self, path: Path) -> None:
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "engine", "play", str(path)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            cwd=ROOT,
        )

    def send(self, line: str) -> dict[str, object]:
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()
        return json.loads(self.proc.stdout.readline())

    def finish(self) -> int:
        assert self.proc.stdin is not None
        self.proc.stdin.close()
        return self.proc.wait(timeout=60)


def _new(path: Path) -> None:
    assert engine("new", str(path)).returncode == 0


def test_save_as_onto_a_session_play_holds_is_refused_and_nothing_is_lost(tmp_path: Path) -> None:
    held = tmp_path / "held.yobigoe"
    _new(held)
    player = Player(held)
    first = player.send('{"type": "add_note", "text": "one"}')
    assert first["ok"] is True
    with SessionFile.create(tmp_path / "mine.yobigoe", NewSession(ruleset="upland", seed=9)) as mine:
        with pytest.raises(EngineError, match="open in another window or program; it was not replaced"):
            mine.save_as(held)
        assert mine.path == tmp_path / "mine.yobigoe" and not mine.closed
    acknowledged = [player.send(f'{{"type": "add_note", "text": "n{i}"}}')["seq"] for i in range(6)]
    assert player.finish() == 0
    with SessionFile.open(held) as again:
        assert again.session.state.seq == acknowledged[-1] == 8
        assert [n.text for n in again.session.state.notes][-1] == "n5"
    assert not list(tmp_path.glob(".*.tmp*"))


def test_export_and_import_onto_an_open_session_are_refused(tmp_path: Path) -> None:
    held, other = tmp_path / "held.yobigoe", tmp_path / "other.yobigoe"
    _new(held)
    _new(other)
    assert engine("export", str(other), str(tmp_path / "o.json")).returncode == 0
    player = Player(held)
    assert player.send('{"type": "add_note", "text": "one"}')["ok"] is True
    exported = engine("export", str(other), str(held), "--overwrite")
    assert exported.returncode == 2 and "it was not replaced" in exported.stderr
    imported = engine("import", str(tmp_path / "o.json"), str(held), "--overwrite")
    assert imported.returncode == 2 and "it was not replaced" in imported.stderr
    assert player.send('{"type": "add_note", "text": "two"}')["seq"] == 3
    assert player.finish() == 0
    with SessionFile.open(held) as again:
        assert again.session.state.seq == 3


def test_export_onto_the_session_itself_is_refused_even_with_overwrite(tmp_path: Path) -> None:
    path = tmp_path / "s.yobigoe"
    _new(path)
    before = path.read_bytes()
    for extra in ((), ("--overwrite",)):
        result = engine("export", str(path), str(path), *extra)
        assert result.returncode == 2 and "is the session itself" in result.stderr
        alias = engine("export", str(path), str(tmp_path / "." / "s.yobigoe"), *extra)
        assert alias.returncode == 2
    assert path.read_bytes() == before
    with SessionFile.open(path) as again:
        assert again.session.state.seq == 1


def test_existing_files_are_replaced_only_with_overwrite(tmp_path: Path) -> None:
    path, doc, target = tmp_path / "s.yobigoe", tmp_path / "s.json", tmp_path / "t.yobigoe"
    _new(path)
    doc.write_text("keep me", encoding="utf-8")
    refused = engine("export", str(path), str(doc))
    assert refused.returncode == 2 and "--overwrite" in refused.stderr and doc.read_text() == "keep me"
    assert engine("export", str(path), str(doc), "--overwrite").returncode == 0
    assert json.loads(doc.read_text(encoding="utf-8"))["format"] == "yobigoe-session-export"
    _new(target)
    assert engine("play", str(target), stdin='{"type": "add_note", "text": "t"}\n').returncode == 0
    refused = engine("import", str(doc), str(target))
    assert refused.returncode == 2 and "already exists" in refused.stderr
    with SessionFile.open(target) as still:
        assert still.session.state.seq == 2
    assert engine("import", str(doc), str(target), "--overwrite").returncode == 0
    with SessionFile.open(target) as replaced:
        assert replaced.session.state.seq == 1 and not replaced.session.state.notes
    assert sorted(p.name for p in tmp_path.iterdir()) == ["s.json", "s.yobigoe", "t.yobigoe"]
