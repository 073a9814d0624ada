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

import os
from pathlib import Path

from tests.engine.coc6.scripted import cli_lines, session_lines

ROOT = Path(__file__).resolve().parents[3]
SCRIPT = ROOT / "tests" / "data" / "coc6" / "golden_play_b.jsonl"
GOLDEN = Path(__file__).resolve().parents[1] / "golden" / "coc6_b_three_rounds.log"
SEED = 6


def session_log(script: Path = SCRIPT, seed: int = SEED) -> str:
    return "\n".join(session_lines("coc6-b", script, seed)) + "\n"


def cli_log(tmp_path: Path, script: Path = SCRIPT, seed: int = SEED) -> str:
    return "\n".join(cli_lines(tmp_path, "coc6-b", script, seed)) + "\n"


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
