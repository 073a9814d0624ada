"""Golden test: a keeper's scripted session, replayed through ``Session`` and through
``python -m engine play``, must equal the reviewed ``golden/coc6_keeper_session.log`` byte for byte.

Ruleset B (``golden_keeper_b.jsonl``, seed 34): two investigators imported from a キャラクター保管所
and a CCFOLIA document, two cultists made as NPCs (hidden) with weapons and shown one by one, a
flank surprise, three rounds and more of the one attack flow (a dodge, an action-point refusal, a
thrown knife's critical — unavoidable, armour ignored, DB/2 —, a pulled blow refused), a delay, a
fire that burns each round to a death, a death by the keeper's damage, a SAN roll with its madness
dice (cited as B's MAD-B-1) and a negative loss refused.  Ruleset A (``golden_keeper_a.jsonl``,
seed 2): checks that earn growth marks, then the end-of-session growth.  The log: each command's
label, then ``describe("ja")`` of each event, ``× reason`` for a refusal.

Regenerate (then review line by line before committing):
``YOBIGOE_REGEN_GOLDEN=1 python -m pytest tests/engine/test_coc6_keeper_golden.py``
"""

from __future__ import annotations

import os
from pathlib import Path

from tests.engine.coc6.scripted import cli_lines, session_lines

ROOT = Path(__file__).resolve().parents[3]
DATA = ROOT / "tests" / "data" / "coc6"
GOLDEN = Path(__file__).resolve().parents[1] / "golden" / "coc6_keeper_session.log"
#: (ruleset, script, seed) of each part of the session.
PARTS = (("coc6-b", DATA / "golden_keeper_b.jsonl", 34), ("coc6-a", DATA / "golden_keeper_a.jsonl", 2))


def session_log(ruleset: str, script: Path, seed: int) -> str:
    return "\n".join([f"== {ruleset} (seed {seed})", *session_lines(ruleset, script, seed)]) + "\n"


def cli_log(tmp_path: Path, ruleset: str, script: Path, seed: int) -> str:
    return "\n".join([f"== {ruleset} (seed {seed})", *cli_lines(tmp_path, ruleset, script, seed)]) + "\n"


def test_the_keepers_session_replays_byte_identically_through_session() -> None:
    # rule: CHK-B-5, CBT-B-1, CBT-B-4, CBT-B-8, CND-B-2, CND-B-3, HP-B-1, MAD-B-1, GRW-A-2
    log = "".join(session_log(*part) for part in PARTS)
    if os.environ.get("YOBIGOE_REGEN_GOLDEN"):
        GOLDEN.write_text(log, encoding="utf-8")
    assert log.encode("utf-8") == GOLDEN.read_bytes()


def test_the_keepers_session_replays_byte_identically_through_engine_play(tmp_path: Path) -> None:
    log = "".join(cli_log(tmp_path, *part) for part in PARTS)
    assert log.encode("utf-8") == GOLDEN.read_bytes()


def test_the_keepers_session_shows_every_required_moment() -> None:
    text = GOLDEN.read_text(encoding="utf-8")
    assert "一ノ瀬 ミナ の探索者シートを取り込みました" in text and "雪村 ユキ の探索者シートを取り込みました" in text
    assert "教団員Bをプレイヤーに公開しました" in text  # an NPC hidden, then shown
    assert "必中のため回避・受け流し不可 [CHK-B-5]" in text and "決定的成功なので必中です" in text
    assert "投擲：DB +1D4 の半分" in text and "[CND-B-3]" in text and "ディレイ" in text
    assert "→ 炎上 [CND-B-2]" in text and "（死亡）" in text
    assert "期間 1D10+1D4 = " in text and "[MAD-B-1]" in text and "MAD-A-" not in text
    assert "成長" in text.split("== coc6-a")[1]
