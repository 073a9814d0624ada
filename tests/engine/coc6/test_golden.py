"""Golden test: a scripted three-round combat under ruleset B (two investigators,
two cultists; a stun, a parry, a cover, a death countdown stopped by first aid,
and refusals with their reasons), replayed through ``Session`` and through
``python -m engine play``.  The log — each command's label, then
``describe("ja")`` of each event, ``× reason`` for a refusal — must equal the
reviewed file ``golden/coc6_b_three_rounds.log`` byte for byte.

Regenerate (then review line by line before committing):
``YOBIGOE_REGEN_GOLDEN=1 python -m pytest tests/engine/coc6/test_golden.py``
"""

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
SCRIPT = ROOT / "tests" / "data" / "coc6" / "golden_play_b.jsonl"
GOLDEN = Path(__file__).resolve().parents[1] / "golden" / "coc6_b_three_rounds.log"
SEED = 6


def session_log(script: Path = SCRIPT, seed: int = SEED) -> str:
    session = new_session("coc6-b", seed=seed)
    lines: list[str] = []
    for raw in script.read_text(encoding="utf-8").splitlines():
        try:
            outcome = session.dispatch(raw)
        except EngineError as exc:
            lines.append(f"× {exc.text('ja')}")
            continue
        lines.append(f"# {outcome.entry.command.label('ja')}")
        lines += [f"  {event.describe('ja')}" for event in outcome.entry.events]
    return "\n".join(lines) + "\n"


def cli_log(tmp_path: Path, script: Path = SCRIPT, seed: int = SEED) -> str:
    file = tmp_path / "combat.yobigoe"
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    run = [sys.executable, "-m", "engine"]
    subprocess.run([*run, "new", str(file), "--ruleset", "coc6-b", "--seed", str(seed)], check=True, env=env,
                   capture_output=True, cwd=ROOT)  # fmt: skip
    played = subprocess.run([*run, "play", str(file), "--lang", "ja"], input=script.read_bytes(), env=env,
                            capture_output=True, cwd=ROOT)  # fmt: skip
    commands = [registry.parse_command(line) for line in script.read_text(encoding="utf-8").splitlines()]
    lines: list[str] = []
    for report in (json.loads(line) for line in played.stdout.decode("utf-8").splitlines()):
        if not report["ok"]:
            lines.append(f"× {report['error']}")
            continue
        lines.append(f"# {commands[report['line'] - 1].label('ja')}")
        events = [registry.event_adapter().validate_python(e) for e in report["events"]]
        lines += [f"  {event.describe('ja')}" for event in events]
    return "\n".join(lines) + "\n"


def test_cbt_b_hp_b_cnd_b_golden_combat_replays_byte_identically_through_session() -> None:
    # rule: CBT-B-1, CBT-B-3, HP-B-1, CND-B-1
    log = session_log()
    if os.environ.get("YOBIGOE_REGEN_GOLDEN"):
        GOLDEN.write_text(log, encoding="utf-8")
    assert log.encode("utf-8") == GOLDEN.read_bytes()


def test_golden_combat_replays_byte_identically_through_engine_play(tmp_path: Path) -> None:
    assert cli_log(tmp_path).encode("utf-8") == GOLDEN.read_bytes()


def test_golden_combat_shows_the_required_moments() -> None:
    text = GOLDEN.read_text(encoding="utf-8")
    assert "スタン（1 ラウンド）" in text  # CND-B-1: 教団員A CON 10 → ⌊18/10⌋ = 1
    assert "受け流し" in text and "かばう" in text
    assert "治療がなければ第3ラウンド終了時に死亡" in text  # HP-B-1 countdown for ケン, down in round 1
    assert "ケン の治療" in text
    assert "× " in text  # a refusal with its reason
