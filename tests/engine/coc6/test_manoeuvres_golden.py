"""Golden test: the martial-arts specials and counters of ruleset B scripted through
``python -m engine play`` (tests/data/coc6/play_manoeuvres_b.jsonl): a refused rush
before any hit, an MA attack whose dice are rolled twice and a knockout stun, a
rush held until the round's end and parried with MA for free, counters B and A,
a feint refused after the roll and one whose MA parry fails.

Regenerate (then review line by line): ``YOBIGOE_REGEN_GOLDEN=1 python -m pytest
tests/engine/coc6/test_manoeuvres_golden.py``
"""

from __future__ import annotations

import os
from pathlib import Path

from tests.engine.coc6.test_golden import ROOT, cli_log, session_log

SCRIPT = ROOT / "tests" / "data" / "coc6" / "play_manoeuvres_b.jsonl"
GOLDEN = Path(__file__).resolve().parents[1] / "golden" / "coc6_b_manoeuvres.log"
SEED = 1


def test_cbt_b6_cbt_b7_the_manoeuvres_replay_byte_identically_through_session() -> None:
    log = session_log(SCRIPT, SEED)
    if os.environ.get("YOBIGOE_REGEN_GOLDEN"):
        GOLDEN.write_text(log, encoding="utf-8")
    assert log.encode("utf-8") == GOLDEN.read_bytes()


def test_cbt_b6_cbt_b7_the_manoeuvres_replay_byte_identically_through_engine_play(tmp_path: Path) -> None:
    assert cli_log(tmp_path, SCRIPT, SEED).encode("utf-8") == GOLDEN.read_bytes()


def test_cbt_b6_cbt_b7_the_manoeuvre_log_shows_each_rule_at_work() -> None:
    text = GOLDEN.read_text(encoding="utf-8")
    assert "× ラッシュは一撃目がヒットし対象がスタンしたときだけ宣言できます。" in text
    assert "1D3+1D3+1D4" in text  # CBT-B-6: the fist's dice twice, the damage bonus once
    assert "× ラウンドを終える前に ミナ のラッシュの二撃目を処理してください。" in text
    assert "教団員：受け流し（0 AP、残り 3） [CBT-B-1, CBT-B-7]" in text  # a free MA parry
    assert "× ケン は B カウンターの後、このラウンドは行動できません。" in text
    assert "× フェイントは判定前に宣言してください。" in text
    assert "ケン が 教団員B にAカウンター：受け流し -10 の後に攻撃" in text
