"""The table's parts are the ruleset's choice: a ruleset without the card table
(CoC) gets no deck, piles, hands or card flags, and the Upland's own things on
the table (gate, party token, markers, lingering bone) live in the Upland's
slice, not in the core state."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from engine.core.state import State
from engine.errors import EngineError
from engine.session import new_session
from engine.table.commands import AddCharacter, DealCard, MoveCard, ShuffleDeck
from engine.table.places import secret, square
from engine.upland.bone import SetBone
from engine.upland.slice import bone_of, gate_of, markers_of, party_of
from engine.upland.table_commands import MoveParty, PlaceMarker

ROOT = Path(__file__).resolve().parents[3]
UPLAND_WORDS = ("gate", "bone", "party", "markers")
CARD_TABLE = ("deck", "discard", "removed", "squares", "hands", "flags", "cols", "rows")


def engine(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "engine", *args],
        input=stdin,
        capture_output=True,
        text=True,
        encoding="utf-8",
        cwd=ROOT,
        timeout=60,
    )


def test_a_coc6_b_session_from_the_command_line_shows_no_card_table_gate_bone_or_party(tmp_path: Path) -> None:
    path = tmp_path / "keeper.yobigoe"
    assert engine("new", str(path), "--ruleset", "coc6-b", "--seed", "3").returncode == 0
    lines = [{"type": "add_character", "name": "ミナ"}, {"type": "deal_card", "square": "A1"}]
    played = engine("play", str(path), stdin="".join(json.dumps(x) + "\n" for x in lines))
    answers = [json.loads(line) for line in played.stdout.splitlines()]
    assert answers[0]["ok"] and not answers[1]["ok"]
    assert answers[1]["error"] == "A coc6-b session plays without the card table: there are no cards to move."
    shown = json.loads(engine("show", str(path)).stdout)
    assert shown["ruleset"] == "coc6-b" and list(shown["characters"]) == ["c1"]
    for key in (*CARD_TABLE, *UPLAND_WORDS):
        assert key not in shown, key
    assert shown["slices"] == {}
    # what is left out reads back as the same state
    assert State.model_validate(shown).model_dump() == State.model_validate_json(json.dumps(shown)).model_dump()


def test_card_commands_are_refused_with_a_translated_message_without_the_card_table() -> None:
    session = new_session(ruleset="coc6-a", seed=5)
    session.dispatch(AddCharacter(name="ケン"))
    for command in (ShuffleDeck(), DealCard(square="A1"), MoveCard(card="AS", to=square("A1"))):
        with pytest.raises(EngineError) as refused:
            session.dispatch(command)
        assert refused.value.text("ja") == "coc6-a のセッションはカードテーブルを使いません。動かすカードはありません。"
    assert session.state.hands == {} and session.state.deck == ()


def test_map_1_the_upland_keeps_its_gate_party_markers_and_bone_in_its_slice() -> None:
    session = new_session(ruleset="upland", seed=4, cols=6, rows=4, gate="b4")
    session.dispatch(AddCharacter(name="アイリン"))
    session.dispatch(MoveParty(square="B4"))
    session.dispatch(PlaceMarker(character="c1", square="C3"))
    session.dispatch(SetBone(square="D2"))
    state = session.state
    assert (gate_of(state), party_of(state), markers_of(state)) == ("B4", "B4", {"c1": "C3"})
    assert bone_of(state).square == "D2" and state.find(bone_of(state).card or "") == (secret("upland"), 0)
    dumped = json.loads(state.model_dump_json())
    assert not any(key in dumped for key in UPLAND_WORDS)
    assert dumped["slices"]["upland"]["gate"] == "B4" and dumped["slices"]["upland"]["party"] == "B4"


def test_a_leaving_character_takes_its_marker_off_the_map() -> None:
    session = new_session(ruleset="upland", seed=4)
    session.dispatch(AddCharacter(name="ロイ"))
    session.dispatch(PlaceMarker(character="c1", square="C3"))
    session.dispatch({"type": "remove_character", "character": "c1"})
    assert markers_of(session.state) == {}
    session.undo()
    assert markers_of(session.state) == {"c1": "C3"}


def test_schema_2_states_move_the_upland_things_into_its_slice_and_drop_them_elsewhere() -> None:
    upland = new_session(ruleset="upland", seed=4, gate="A5")
    upland.dispatch(MoveParty(square="A5"))
    data = json.loads(upland.state.model_dump_json())
    part = data["slices"]["upland"]
    data |= {"schema_version": 2, **{key: part.pop(key) for key in UPLAND_WORDS}}
    assert State.model_validate(data) == upland.state
    coc = new_session(ruleset="coc6-b", seed=4)
    coc.dispatch(AddCharacter(name="ミナ"))
    old = json.loads(coc.state.model_dump_json()) | {
        "schema_version": 2,
        "gate": "C5",
        "party": None,
        "markers": {},
        "bone": {"card": None, "square": None, "revealed": False},
        "hands": {"c1": []},
    }
    assert State.model_validate(old) == coc.state


def test_changes_name_the_slices_a_command_changed_and_its_undo() -> None:
    session = new_session(ruleset="upland", seed=4)
    session.dispatch(AddCharacter(name="ミナ"))
    assert session.dispatch(MoveParty(square="C5")).changes.slices == {"upland"}
    assert session.dispatch(AddCharacter(name="ロイ")).changes.slices == set()
    session.undo()
    assert "upland" in session.undo().changes.slices


def test_the_card_table_is_a_part_only_a_card_ruleset_gets() -> None:
    # rule: MAP-1, MAP-6
    keeper = new_session(ruleset="coc6-b", seed=3)
    keeper.dispatch(AddCharacter(name="ミナ"))
    assert keeper.state.table is None and not keeper.state.card_table
    assert keeper.state.hands == {} and keeper.state.deck == ()  # read through the state: nothing to hold
    upland = new_session(seed=3)
    upland.dispatch(AddCharacter(name="ケン"))
    assert upland.state.table is not None and upland.state.table.hands == {"c1": ()}
    assert len(upland.state.table.deck) == len(upland.state.deck) > 0
    # the Upland's stored state keeps the card table's fields where they always were
    stored = list(json.loads(upland.state.model_dump_json()))
    assert stored[:8] == ["schema_version", "started", "ruleset", "options", "cols", "rows", "dice", "deck"]
    assert State.model_validate_json(upland.state.model_dump_json()) == upland.state
