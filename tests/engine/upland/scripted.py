"""An Upland expedition played from a script of JSON command lines — the lines
``python -m engine play`` reads — and its log as the golden files hold it:
``## `` and each command's label, then ``describe("ja")`` of its events."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from engine.core.session import Session
from engine.rulesets import builtin, registry
from engine.session import new_session

ROOT = Path(__file__).resolve().parents[3]


def play_script(script: Path, seed: int) -> tuple[Session, str]:
    """The script dispatched to a new session of ``seed``: the session and its log."""
    builtin.load()
    adapter = registry.command_adapter()
    session = new_session(seed=seed)
    lines: list[str] = []
    for raw in script.read_text(encoding="utf-8").splitlines():
        command = adapter.validate_json(raw, strict=True)
        outcome = session.dispatch(command)
        lines.append(f"## {command.label('ja')}")
        lines += [event.describe("ja") for event in outcome.entry.events]
    return session, "\n".join(lines) + "\n"


def play_script_through_cli(script: Path, seed: int, tmp_path: Path) -> str:
    """The same log from ``python -m engine new`` then ``play`` of the script, read from play's reports."""
    file = tmp_path / "expedition.yobigoe"
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    run = [sys.executable, "-m", "engine"]
    subprocess.run([*run, "new", str(file), "--seed", str(seed)], check=True, env=env, capture_output=True, cwd=ROOT)
    played = subprocess.run([*run, "play", str(file), "--lang", "ja"], input=script.read_bytes(), env=env,
                            capture_output=True, cwd=ROOT)  # fmt: skip
    commands = [registry.parse_command(line) for line in script.read_text(encoding="utf-8").splitlines()]
    lines: list[str] = []
    for report in (json.loads(line) for line in played.stdout.decode("utf-8").splitlines()):
        assert report["ok"], report
        lines.append(f"## {commands[report['line'] - 1].label('ja')}")
        events = [registry.event_adapter().validate_python(e) for e in report["events"]]
        lines += [event.describe("ja") for event in events]
    return "\n".join(lines) + "\n"
