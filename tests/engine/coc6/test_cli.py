"""``python -m engine character import|export`` with the sample documents of
tests/data/coc6: formats detected, stdin, broken documents refused whole, and an
export → import round trip that keeps every value."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from engine.coc6.sheet import CocSheet
from engine.store.migrations import read_current

ROOT = Path(__file__).resolve().parents[3]
DATA = ROOT / "tests" / "data" / "coc6"


def engine(*args: str, stdin: bytes = b"") -> subprocess.CompletedProcess[bytes]:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.run([sys.executable, "-m", "engine", *args], input=stdin, capture_output=True, env=env, cwd=ROOT)


def new_file(tmp_path: Path, ruleset: str = "coc6-b") -> Path:
    file = tmp_path / "party.yobigoe"
    assert engine("new", str(file), "--ruleset", ruleset).returncode == 0
    return file


def sheets(file: Path) -> dict[str, CocSheet]:
    state = read_current(file).state
    return {c.name: c.sheet for c in state.ordered_characters() if isinstance(c.sheet, CocSheet)}


def test_import_a_vampire_document_from_a_file_and_a_ccfolia_one_from_stdin(tmp_path: Path) -> None:
    file = new_file(tmp_path)
    first = engine("character", "import", str(file), str(DATA / "vampire_mina.json"))
    assert first.returncode == 0, first.stderr
    second = engine("character", "import", str(file), "-", stdin=(DATA / "ccfolia_yuki.json").read_bytes())
    assert second.returncode == 0, second.stderr
    found = sheets(file)
    assert set(found) == {"一ノ瀬 ミナ", "雪村 ユキ"}
    assert found["一ノ瀬 ミナ"].STR == 10 and found["一ノ瀬 ミナ"].hp_max == 13


def test_a_broken_document_is_refused_naming_the_field_and_nothing_is_imported(tmp_path: Path) -> None:
    file = new_file(tmp_path)
    refused = engine("character", "import", str(file), str(DATA / "broken_vampire_bad_number.json"), "--lang", "ja")
    assert refused.returncode == 2
    assert "NA3" in refused.stderr.decode("utf-8")
    unknown = engine("character", "import", str(file), str(DATA / "broken_unknown_kind.json"))
    assert unknown.returncode == 2 and "Unknown character document" in unknown.stderr.decode("utf-8")
    assert sheets(file) == {} and read_current(file).state.characters == {}


def test_export_then_import_keeps_every_value(tmp_path: Path) -> None:
    file = new_file(tmp_path)
    engine("character", "import", str(file), str(DATA / "vampire_mina.json"))
    exported = engine("character", "export", str(file), "一ノ瀬 ミナ", "--format", "yobigoe")
    assert exported.returncode == 0, exported.stderr
    other = tmp_path / "other.yobigoe"
    engine("new", str(other), "--ruleset", "coc6-a")
    back = engine("character", "import", str(other), "-", stdin=exported.stdout)
    assert back.returncode == 0, back.stderr
    assert sheets(other)["一ノ瀬 ミナ"] == sheets(file)["一ノ瀬 ミナ"]


def test_ccfolia_export_has_a_chat_palette_and_hp_mp_san_status(tmp_path: Path) -> None:
    file = new_file(tmp_path)
    engine("character", "import", str(file), str(DATA / "vampire_mina.json"))
    exported = engine("character", "export", str(file), "一ノ瀬 ミナ", "--format", "ccfolia")
    doc = json.loads(exported.stdout)
    assert doc["kind"] == "character"
    assert [s["label"] for s in doc["data"]["status"]] == ["HP", "MP", "SAN"]
    assert any(line.startswith("CCB<=") and "【目星】" in line for line in doc["data"]["commands"].splitlines())


def test_export_of_an_unknown_character_is_refused(tmp_path: Path) -> None:
    file = new_file(tmp_path)
    refused = engine("character", "export", str(file), "誰か")
    assert refused.returncode == 2 and "There is no character" in refused.stderr.decode("utf-8")
