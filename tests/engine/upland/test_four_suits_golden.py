"""Golden test: one scripted Upland expedition, seed 4, from the gate (C5)
through the crossing to the lingering bone's fight, with an event of every suit
— the JSON lines of ``scripts/upland_four_suits.jsonl``, the same
lines ``python -m engine play`` reads.

The GM's set-up (logged commands): four characters, the bone hidden on B2, and
five map cards laid face down — ♥4 on ♣10 at the gate, ♣8 on ♦7 at C3, ♠9 at
C2.  Cycle 1: アイリン scouts C4, ミナ prays, the party waits; the ferrymen of
the ♥4 carry the party over C4 to C3 (INT-3, move 2: C4 gets an opened card,
the ♣10 under the heart raises nothing, a new card lies on C5); the ♣8
crumbling path is overcome (OBS-5) and the ♦7 remains are searched (REM-1,
REM-2).  Cycle 2: two resonances answer from the bone's block, the party moves
to C2, where the ♠9 is active (ENC-1); the enemy is eliminated, its treasure
rolled with a 〈目星〉 roll (TRS-1 … TRS-3).  Cycle 3: the third response makes
the crossing (INV-9), the party enters B2 and ロイ, who made it, fights the
bone with 〈死祭り〉 until it disperses (TEAR-2, TEAR-3, BONE-1).

The full log — ``## `` and each command's label, then ``describe("ja")`` of its
events — must equal ``golden/upland_four_suits.log`` byte for byte.
Regenerate (then review line by line before committing):
``YOBIGOE_REGEN_GOLDEN=1 python -m pytest tests/engine/upland/test_four_suits_golden.py``
"""

from __future__ import annotations

import os
from pathlib import Path

from engine.core.session import Session
from engine.upland.facts import sheet_of
from engine.upland.slice import cycle_now, party_of
from tests.engine.upland.scripted import play_script, play_script_through_cli

SCRIPT = Path(__file__).resolve().parents[1] / "scripts" / "upland_four_suits.jsonl"
GOLDEN = Path(__file__).resolve().parents[1] / "golden" / "upland_four_suits.log"
SEED = 4


def expedition() -> tuple[Session, str]:
    return play_script(SCRIPT, SEED)


def cli_log(tmp_path: Path) -> str:
    return play_script_through_cli(SCRIPT, SEED, tmp_path)


def test_golden_four_suit_expedition_log() -> None:  # rule: INT-3, OBS-5, REM-1, ENC-1, TRS-1, INV-9, BONE-1
    session, log = expedition()
    if os.environ.get("YOBIGOE_REGEN_GOLDEN"):
        GOLDEN.write_text(log, encoding="utf-8")
    assert log.encode("utf-8") == GOLDEN.read_bytes()


def test_golden_four_suit_expedition_replays_byte_identically_through_engine_play(tmp_path: Path) -> None:
    assert cli_log(tmp_path).encode("utf-8") == GOLDEN.read_bytes()


def test_golden_four_suit_expedition_replays_to_the_same_state() -> None:
    first, _ = expedition()
    again = Session(first.initial)
    again.replay([entry.command for entry in first.done])
    assert again.state == first.state


def test_int3_obs5_rem1_enc1_trs1_bone1_the_expedition_leaves_each_suits_outcome_in_the_state() -> None:
    session, log = expedition()
    state = session.state
    # ♥ INT-3: the ferrymen's heart is spent and replaced; the party went on to C3 and beyond
    assert "4H" in state.discard and state.squares["C5"][1:] == ("10C",)
    assert state.card_flags(state.squares["C4"][0]).face_up
    # ♣ OBS-5: the crumbling path stays tapped on C3
    assert state.squares["C3"] == ("8C",) and state.card_flags("8C").tapped
    # ♦ REM-1/REM-2: アイリン special ×2, ロイ success ×1
    assert sheet_of(state, "c1").remains == 2 and sheet_of(state, "c1").death_rite == 37
    # ♠ ENC-1 / TRS-1: the ♠9 defeated, its treasure of rank 5 kept
    cycle = cycle_now(state)
    assert cycle is not None and "9S" in state.discard
    assert [(t.card, t.rank, t.lunars) for t in cycle.diamonds.treasures] == [("9S", 5, 250)]
    # INV-9 / BONE-1: the crossing by ロイ, who beat the bone: 1 more remains and 〈死祭り〉 +5
    assert cycle.crossing_by == "c2" and cycle.diamonds.bone_won_by == "c2"
    assert sheet_of(state, "c2").remains == 2 and sheet_of(state, "c2").death_rite == 46
    assert "JK1" in state.removed and party_of(state) == "B2" and cycle.cycle == 4
    told = log.splitlines()
    assert "転界: 残想骨がB2に現れました。" in told
    # TEAR-3: the last hit moves only the Call the spirit had left
    assert "涙霊の攻撃がロイに命中：MP−3、〈呼び声〉1がロイに移動（TEAR-3）。" in told
    assert "スペードの9の宝物：ランク5　250Lルナー相当の一般品（内容は帰還後に確定）（TRS-3）。" in told


def test_the_expeditions_public_results_list_each_suit_and_no_gm_secret() -> None:  # rule: EVT-2
    from engine.upland.public_results import public_results

    session, _ = expedition()
    lines = public_results(session.done, "ja", 100)
    assert lines[0] == "ジョーカー1の涙霊は霧散：ロイの勝利（BONE-1）。"
    for expected in (
        "交流ハートの4：Dの渡し守（1）— 移動（INT-1）。",
        "障害「崩れ道」（クラブの8）：成功度3／必要3 — 克服、カードをタップ（OBS-1）。",
        "ダイヤの7の遺骨捜索（アイリン、ロイ、ミナ）：遺骨3個を発見（上限7）（REM-1）。",
        "スペードの9の敵を撃破しました（ENC-10）。",
        "スペードの9の宝物：ランク5　250Lルナー相当の一般品（内容は帰還後に確定）（TRS-3）。",
    ):
        assert expected in lines
    assert not any(line.startswith("マスターは") for line in lines)  # INV-3: a suit told to one player
    assert not any("山札から" in line for line in lines)  # no card dealt face down
