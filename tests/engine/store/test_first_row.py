"""Start-up: opening a session file reads the first journal row's
``type`` from its JSON instead of building the union of every ruleset's
commands before the first paint, and still refuses a file whose first row is
not a new session."""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from engine.errors import EngineError
from engine.store import SessionFile
from engine.store.format import content_crc, row_crc
from engine.table.commands import DealCard, NewSession

ROOT = Path(__file__).resolve().parents[3]


def saved_session(path: Path) -> None:
    file = SessionFile.create(path, NewSession(ruleset="upland", seed=4))
    file.session.dispatch(DealCard(square="A1", face_up=True))
    file.close()


def test_opening_a_file_does_not_build_the_command_union(tmp_path: Path) -> None:
    path = tmp_path / "quick.yobigoe"
    saved_session(path)
    probe = (
        "import sys; from engine.store import SessionFile; from engine.rulesets import registry\n"
        f"f = SessionFile.open({str(path)!r})\n"
        "print(sorted(registry._cache), len(f.session.done))\n"
        "f.close()\n"
    )
    out = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, capture_output=True, text=True, check=True)
    cached, done = out.stdout.split("] ")
    assert "commands" not in cached and int(done) == 2  # opened with its two commands, no union built


def test_a_file_whose_first_row_is_not_a_new_session_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "odd.yobigoe"
    saved_session(path)
    conn = sqlite3.connect(path)
    row_id, seq, status, stamp, command, events = conn.execute(
        "SELECT id, seq, status, recorded_at, command, events FROM journal WHERE id = 1"
    ).fetchone()
    data = json.loads(command)
    assert data["type"] == "new_session"
    data["type"] = "shuffle_deck"
    forged = json.dumps(data)
    crc = row_crc(content_crc(row_id, seq, stamp, forged, events), status)
    conn.execute("UPDATE journal SET command = ?, crc = ? WHERE id = 1", (forged, crc))
    conn.commit()
    conn.close()
    with pytest.raises(EngineError) as refused:
        SessionFile.open(path)
    assert "first command" in refused.value.text("en")
