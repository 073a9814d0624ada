"""A keeper's session played from a script of JSON command lines — the lines
``python -m engine play`` reads — and its log as the CoC golden files hold it:
``# `` and each command's label, then ``describe("ja")`` of its events indented;
a refused line as ``× `` and its message."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from engine.errors import EngineError
from engine.rulesets import registry
from engine.session import new_session

ROOT = Path(__file__).resolve().parents[3]


def session_lines(ruleset: str, script: Path, seed: int) -> list[str]:
    """The script dispatched to a new session of ``ruleset`` and ``seed``: its log lines."""
    session = new_session(ruleset, seed=seed)
    lines: list[str] = []
    for raw in script.read_text(encoding="utf-8").splitlines():
        try:
            outcome = session.dispatch(raw)
        except EngineError as exc:
            lines.append(f"× {exc.text('ja')}")
            continue
        lines.append(f"# {outcome.entry.command.label('ja')}")
        lines += [f"  {event.describe('ja')}" for event in outcome.entry.events]
    return lines


def cli_lines(tmp_path: Path, ruleset: str, script: Path, seed: int) -> list[str]:
    """The same lines from ``python -m engine new`` then ``play`` of the script, read from play's reports."""
    file = tmp_path / f"{ruleset}.yobigoe"
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    run = [sys.executable, "-m", "engine"]
    subprocess.run([*run, "new", str(file), "--ruleset", ruleset, "--seed", str(seed)], check=True, env=env,
                   capture_output=True, cwd=ROOT)  # fmt: skip
    played = subprocess.run([*run, "play", str(file), "--lang", "ja"], input=script.read_bytes(), env=env,
                            capture_output=True, cwd=ROOT)  # fmt: skip
    commands = script.read_text(encoding="utf-8").splitlines()
    lines: list[str] = []
    for report in (json.loads(line) for line in played.stdout.decode("utf-8").splitlines()):
        if not report["ok"]:
            lines.append(f"× {report['error']}")
            continue
        lines.append(f"# {registry.parse_command(commands[report['line'] - 1]).label('ja')}")
        events = [registry.event_adapter().validate_python(e) for e in report["events"]]
        lines += [f"  {event.describe('ja')}" for event in events]
    return lines
