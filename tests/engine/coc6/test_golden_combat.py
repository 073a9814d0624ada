"""A scripted three-round combat under ruleset B replays byte-identically (CBT-B-1, CBT-B-3, CND-B-1, HP-B-1)."""

from __future__ import annotations

import json
from pathlib import Path

from tests.engine.coc6.combat_script import run

GOLDEN = Path(__file__).resolve().parents[2] / "data" / "coc6" / "golden_combat_b.jsonl"


def _text() -> str:
    return "\n".join(run()) + "\n"


def test_the_scripted_combat_replays_byte_identically_to_the_golden_log() -> None:
    first = _text()
    assert first == _text()
    assert first.encode("utf-8") == GOLDEN.read_bytes()


def test_hpb1_cndb1_cbtb3_the_golden_combat_shows_stun_cover_parry_and_a_death_countdown() -> None:
    facts = [json.loads(line) for line in GOLDEN.read_text(encoding="utf-8").splitlines()]
    stun = next(f for f in facts if f["fact"] == "condition")
    assert (stun["target"], stun["kind"], stun["rounds_left"]) == ("教団員A", "stun", 1)  # CON 10
    assert any(f["fact"] == "refused" and "スタン中" in f["message"] for f in facts)
    cover = next(f for f in facts if f["fact"] == "cover")
    assert (cover["coverer"], cover["covered"], cover["target"]) == ("ミナ", "ケン", 99)
    assert any(f["fact"] == "action" and f["action"] == "parry" for f in facts)
    down = next(f for f in facts if f["fact"] == "hp" and f["name"] == "教団員B")
    assert (down["after"], down["state"], down["dies_at_end_of_round"]) == (0, "dying", 3)
    ends = [f for f in facts if f["fact"] == "round_end"]
    assert [e["deaths"] for e in ends] == [[], [], ["教団員B"]]
    assert facts[-1]["hp"]["教団員B"] == [0, "dead"]
