"""The scripted ♠ ♣ ♥ sequence (``scripts/upland_chs_events.jsonl``, seed 7):
the same JSON lines ``python -m engine play`` reads, parsed strictly and played
from a new session — a ♥4 move (INT-3) onto a ♣8 overcome (OBS-5), then an
active ♠9 escaped by the north side (ENC-10) and the next cycle's forced move."""

from __future__ import annotations

from pathlib import Path

from engine.rulesets import builtin, registry
from engine.session import new_session
from engine.upland.slice import cycle_now, party_of

SCRIPT = Path(__file__).resolve().parents[1] / "scripts" / "upland_chs_events.jsonl"


def test_the_chs_script_plays_from_seed_7() -> None:  # rule: INT-3, OBS-5, ENC-10
    builtin.load()
    adapter = registry.command_adapter()
    session = new_session(seed=7)
    for line in SCRIPT.read_text(encoding="utf-8").splitlines():
        session.dispatch(adapter.validate_json(line, strict=True))
    state = session.state
    assert party_of(state) == "C1" and state.card_flags("8C").tapped and "4H" in state.discard
    assert state.squares["C2"][0] == "9S" and state.card_flags("9S").face_up
    cycle = cycle_now(state)
    assert cycle is not None and cycle.cycle == 3 and cycle.escape_to is None
    assert len(state.squares["C1"]) == 1  # the deck card stacked on the escape's square (ENC-10)
    told = [e.describe("ja") for entry in session.done for e in entry.events]
    assert any("障害「崩れ道」" in line and "克服" in line for line in told)
    assert (
        "探索隊は戦闘マップの北側から離脱しました。イベントフェイズは終了し、次のサイクルはC1へ移動します（ENC-10）。"
        in told
    )
