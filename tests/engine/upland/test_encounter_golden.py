"""Golden test: the Upland encounter from the ♠ to the treasure, seed 8 — the JSON
lines of ``scripts/upland_encounter.jsonl``, the same lines ``python -m engine
play`` reads.

Three characters walk from the gate (C5) onto C4, where the ♠9 opens and is
active (ENC-1: 9 above deathless 4).  The battle is laid out on two maps — a map
the GM drew (move costs 2 and 3, an impassable hex, a named zone) against the
shipped mud flats (ENC-2) — and set up step by step: the zones, the marching
order (ENC-3), the drift of the two above spirit pressure 10 (ENC-4), the
appearance with the strength the game gives (ENC-5, ENC-6: the GM typed the
dice), the enemies placed hidden (ENC-7, ENC-9) then shown, the SR delays
(ENC-8).  Two rounds: ミナ, still delayed, is attacked at SR 2 and surprised;
in the second round she is not.  The enemy is defeated and its treasure comes
up and is rolled (TRS-1, TRS-2).

The full log — ``## `` and each command's label, then ``describe("ja")`` of its
events — must equal ``golden/upland_encounter.log`` byte for byte, through
``Session`` and through ``python -m engine play``.
Regenerate (then review line by line before committing):
``YOBIGOE_REGEN_GOLDEN=1 python -m pytest tests/engine/upland/test_encounter_golden.py``
"""

from __future__ import annotations

import os
from pathlib import Path

from engine.core.session import Session
from engine.upland.slice import cycle_now, encounter_of
from tests.engine.upland.scripted import play_script, play_script_through_cli

ROOT = Path(__file__).resolve().parents[3]
SCRIPT = ROOT / "tests" / "engine" / "scripts" / "upland_encounter.jsonl"
GOLDEN = ROOT / "tests" / "engine" / "golden" / "upland_encounter.log"
SEED = 8


def expedition() -> tuple[Session, str]:
    return play_script(SCRIPT, SEED)


def cli_log(tmp_path: Path) -> str:
    return play_script_through_cli(SCRIPT, SEED, tmp_path)


def test_golden_encounter_log() -> None:  # rule: ENC-2, ENC-3, ENC-4, ENC-5, ENC-7, ENC-8, TRS-1
    _, log = expedition()
    if os.environ.get("YOBIGOE_REGEN_GOLDEN"):
        GOLDEN.write_text(log, encoding="utf-8")
    assert log.encode("utf-8") == GOLDEN.read_bytes()


def test_golden_encounter_replays_byte_identically_through_engine_play(tmp_path: Path) -> None:
    assert cli_log(tmp_path).encode("utf-8") == GOLDEN.read_bytes()


def test_golden_encounter_replays_to_the_same_state_and_undoes_to_the_root() -> None:
    first, _ = expedition()
    again = Session(first.initial)
    again.replay([entry.command for entry in first.done])
    assert again.state == first.state
    while again.can_undo:
        again.undo()
    assert again.state.seq == 1


def test_enc8_trs1_the_encounter_leaves_a_surprised_character_and_its_treasure_rolled() -> None:
    session, log = expedition()
    told = log.splitlines()
    assert "ミナ は行動遅延中（+3SR）の SR2 に攻撃を受けました（ブルー1 から）：不意打ち（ENC-8）。" in told
    assert "ミナ は SR2 に攻撃を受けました（ブルー1 から）：不意打ちではありません（ENC-8）。" in told
    assert any(line.startswith("遭遇強度 9（有効なスペード") for line in told)
    assert any(line.startswith("スペードの9の宝物") for line in told)
    cycle = cycle_now(session.state)
    assert cycle is not None and cycle.cycle == 2 and "9S" in session.state.discard
    assert encounter_of(session.state).appearance is None  # the encounter is over
