"""The scripting interface, run as a user would: ``python -m engine ...``."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from engine.core.player_view import is_hidden
from engine.core.state import State
from engine.store import SessionFile
from engine.store.migrations import read_current

ROOT = Path(__file__).resolve().parents[3]


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


def test_new_play_show_round_trip_with_an_illegal_line(tmp_path: Path) -> None:
    path = tmp_path / "script.yobigoe"
    made = engine("new", str(path), "--ruleset", "upland", "--seed", "42", "--grid", "4x3", "--gate", "B3")
    assert made.returncode == 0, made.stderr
    assert json.loads(made.stdout) == {"ok": True, "file": str(path), "seq": 1, "seed": 42}

    lines = [
        {"type": "add_character", "name": "アイリン"},
        {"type": "deal_card", "square": "A1"},
        {"type": "deal_card", "square": "Z9"},  # not on a 4x3 map
        {"type": "roll", "command": "1D100<=45"},
        {"type": "undo"},
        {"type": "redo"},
    ]
    played = engine("play", str(path), "--lang", "ja", stdin="".join(json.dumps(x) + "\n" for x in lines))
    reports = [json.loads(line) for line in played.stdout.splitlines()]
    assert [r["ok"] for r in reports] == [True, True, False, True, True, True]
    # the roll is final: it keeps seq 3, and undo/redo take back and replay the deal
    assert [r.get("seq") for r in reports] == [2, 3, None, 3, 3, 3]
    assert reports[2]["error"] == "4×3 のマップにスクエア「Z9」はありません。"
    assert played.returncode == 1  # a script can tell that a line was refused
    rolled = reports[3]["events"][0]["record"]["result"]["dice"][0]["value"]

    shown = engine("show", str(path))
    assert shown.returncode == 0, shown.stderr
    state = State.model_validate_json(shown.stdout)
    assert state.seq == 3 and "Z9" not in state.squares and len(state.squares["A1"]) == 1
    with SessionFile.open(path) as opened:
        assert opened.session.state == state
        assert opened.session.rolls.records()[-1].result.dice[0].value == rolled  # the roll survived the undo


def test_play_acknowledges_only_after_the_command_is_durable(tmp_path: Path) -> None:
    """Every acknowledged seq is in the file when play has exited."""
    path = tmp_path / "acks.yobigoe"
    engine("new", str(path), "--seed", "5")
    script = "".join(json.dumps({"type": "deal_card", "square": f"{c}{r}"}) + "\n" for c in "ABC" for r in "123")
    played = engine("play", str(path), stdin=script)
    seqs = [json.loads(line)["seq"] for line in played.stdout.splitlines()]
    assert seqs == list(range(2, 11))
    with SessionFile.open(path) as opened:
        assert [e.seq for e in opened.session.done] == list(range(1, 11))


def test_show_player_view_hides_every_face_down_identity(tmp_path: Path) -> None:
    path = tmp_path / "secret.yobigoe"
    engine("new", str(path), "--seed", "9")
    lines = [
        {"type": "add_character", "name": "ロイ"},
        {"type": "deal_card", "square": "A1"},
        {"type": "deal_card", "square": "A2", "face_up": True},
        {"type": "draw_cards", "character": "c1", "count": 2},
        {"type": "set_bone", "square": "B2"},
        {"type": "roll", "command": "S1D100<=30"},
        {"type": "add_note", "text": "骨はB2"},
    ]
    assert engine("play", str(path), stdin="".join(json.dumps(x) + "\n" for x in lines)).returncode == 0
    gm = State.model_validate_json(engine("show", str(path)).stdout)
    shown = engine("show", str(path), "--player-view")
    players = json.loads(shown.stdout)
    face_down = [c for c in gm.squares["A1"]] + list(gm.hands["c1"]) + list(gm.deck[:3])
    text = shown.stdout
    for card in face_down:
        assert f'"{card}"' not in text, card
    assert all(is_hidden(c) for c in players["squares"]["A1"])
    assert players["squares"]["A2"] == list(gm.squares["A2"])  # face up stays visible
    assert players["slices"]["upland"]["bone"]["square"] is None and players["notes"] == [] and "rolls" not in players
    assert gm.slices["upland"].model_dump()["bone"]["square"] == "B2"  # the GM sees it: the players do not
    assert "骨はB2" not in text


def test_show_never_changes_the_file(tmp_path: Path) -> None:
    path = tmp_path / "look.yobigoe"
    engine("new", str(path))
    before = path.read_bytes()
    assert engine("show", str(path)).returncode == 0
    assert path.read_bytes() == before and sorted(p.name for p in tmp_path.iterdir()) == ["look.yobigoe"]


def test_commands_prints_the_schema_of_every_command() -> None:
    printed = engine("commands")
    schema = json.loads(printed.stdout)
    names = set(schema["discriminator"]["mapping"])
    assert {"new_session", "deal_card", "move_card", "flip_card", "roll", "add_note"} <= names
    assert len(schema["oneOf"]) == len(names)


def test_errors_are_one_translated_line_on_stderr(tmp_path: Path) -> None:
    bad = tmp_path / "bad.yobigoe"
    bad.write_text("hello", encoding="utf-8")
    shown = engine("show", str(bad), "--lang", "ja")
    assert shown.returncode == 2 and shown.stdout == ""
    assert shown.stderr.strip() == "このファイルは yobigoe のセッションではありません。"
    assert bad.read_text(encoding="utf-8") == "hello"
    made = engine("new", str(bad))
    assert made.returncode == 2 and "already exists" in made.stderr


def test_export_and_import_from_the_command_line(tmp_path: Path) -> None:
    path = tmp_path / "a.yobigoe"
    engine("new", str(path), "--seed", "3")
    engine("play", str(path), stdin=json.dumps({"type": "roll", "command": "2D6"}) + "\n")
    assert engine("export", str(path), str(tmp_path / "a.json")).returncode == 0
    imported = engine("import", str(tmp_path / "a.json"), str(tmp_path / "b.yobigoe"))
    assert json.loads(imported.stdout)["seq"] == 1  # the roll is final: a row off the undo line
    assert engine("show", str(tmp_path / "b.yobigoe")).stdout == engine("show", str(path)).stdout


def test_map6_new_without_a_seed_gets_its_own_shuffle_and_prints_the_seed_to_replay_it(tmp_path: Path) -> None:
    """Two sessions made with `engine new` do not share a deck order
    (the seed was always 0); the printed seed gives that order again."""
    orders, seeds = [], []
    for name in ("a", "b"):
        made = engine("new", str(tmp_path / f"{name}.yobigoe"), "--ruleset", "upland")
        seeds.append(json.loads(made.stdout)["seed"])
        orders.append(read_current(tmp_path / f"{name}.yobigoe").state.deck)
    assert seeds[0] != seeds[1] and orders[0] != orders[1]
    again = engine("new", str(tmp_path / "again.yobigoe"), "--ruleset", "upland", "--seed", str(seeds[0]))
    assert json.loads(again.stdout)["seed"] == seeds[0]
    assert read_current(tmp_path / "again.yobigoe").state.deck == orders[0]
