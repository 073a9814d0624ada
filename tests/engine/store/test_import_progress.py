"""A long import says how far it has come and can be stopped; stopped or
refused at any point, it leaves nothing behind.  The speed bound itself
(import at most 1.5x the time of ``play``) is measured by
benchmarks/import_bench.py; here a size-independent check of the work: each
row is parsed once while reading, not once per stage."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest

from engine.cli import main
from engine.cli.sessions import ProgressLine
from engine.errors import EngineError
from engine.rulesets import registry
from engine.store import SessionFile, database, progress
from engine.store.progress import Cancelled, Progress
from engine.table.commands import NewSession

ROWS = 200


@pytest.fixture(scope="module")
def export(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("export")
    database.SYNCHRONOUS = "OFF"  # only to build the fixture quickly
    try:
        with SessionFile.create(folder / "s.yobigoe", NewSession(ruleset="upland", seed=4)) as sf:
            for number in range(ROWS - 1):
                if number < 40:
                    sf.session.dispatch({"type": "deal_card", "square": f"{'ABCDE'[number % 5]}1", "face_up": True})
                elif number % 2:
                    sf.session.dispatch({"type": "move_party", "square": f"B{1 + number % 5}"})
                else:
                    sf.session.dispatch({"type": "add_note", "text": f"n{number}"})
                if number % 17 == 0:
                    sf.session.undo()
                    sf.session.redo()
            sf.export_json(folder / "s.json")
    finally:
        database.SYNCHRONOUS = "FULL"
    return folder / "s.json"


def _stages(export: Path, target: Path) -> list[Progress]:
    seen: list[Progress] = []
    with SessionFile.import_json(export, target, report=seen.append):
        pass
    return seen


def test_progress_goes_through_reading_rerunning_and_writing(
    export: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(progress, "EVERY", 10)
    seen = _stages(export, tmp_path / "a.yobigoe")
    assert [p.stage for p in seen] == sorted((p.stage for p in seen), key=["reading", "checking", "writing"].index)
    fractions = [p.fraction for p in seen]
    assert fractions == sorted(fractions) and fractions[-1] == 1.0
    by_stage = {stage: [p for p in seen if p.stage == stage] for stage in ("reading", "checking", "writing")}
    assert by_stage["reading"][-1] == Progress("reading", ROWS, ROWS)
    assert by_stage["writing"][-1] == Progress("writing", ROWS, ROWS)
    assert by_stage["checking"][-1].done == by_stage["checking"][-1].total == ROWS  # every row is on the line
    assert all(len(found) >= ROWS // 10 for found in by_stage.values())


@pytest.mark.parametrize("stage", ["reading", "checking", "writing"])
def test_a_cancelled_import_leaves_nothing_behind(export: Path, tmp_path: Path, stage: str) -> None:
    folder = tmp_path / "out"
    folder.mkdir()

    def stop_halfway(found: Progress) -> None:
        if found.stage == stage and found.done >= found.total // 2:
            raise Cancelled()

    with pytest.raises(Cancelled):
        SessionFile.import_json(export, folder / "s.yobigoe", report=stop_halfway)
    assert list(folder.iterdir()) == []


def test_a_document_that_fails_halfway_leaves_nothing_behind(
    export: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A row past the middle records an event the engine would not have
    produced: refused after the first half was re-run, and nothing is written."""
    document: dict[str, Any] = json.loads(export.read_text(encoding="utf-8"))
    row = next(r for r in document["journal"] if r["id"] >= 120 and r["command"]["type"] == "move_party")
    moved = row["events"][0]
    assert moved["type"] == "party_moved"
    moved["square"] = "E5" if moved["square"] != "E5" else "D4"  # a valid event, not the command's
    crafted = tmp_path / "crafted.json"
    crafted.write_text(json.dumps(document), encoding="utf-8")
    folder = tmp_path / "out"
    folder.mkdir()
    monkeypatch.setattr(progress, "EVERY", 10)
    checked: list[int] = []
    with pytest.raises(EngineError, match=f"journal #{row['id']}: not what the engine would have recorded"):
        SessionFile.import_json(
            crafted, folder / "s.yobigoe", report=lambda p: checked.append(p.done) if p.stage == "checking" else None
        )
    assert list(folder.iterdir()) == []
    assert checked and ROWS // 2 <= max(checked) < ROWS  # it failed halfway through the re-run


def test_each_row_is_parsed_once(export: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The import read each row's events up to five times (row checks, dice
    starts, re-run, snapshots, dice position) and rebuilt the registry's
    adapters for every row; now the rulesets load once and the stored
    events are only parsed again where the engine's bytes differ."""
    loads: list[int] = []
    original = registry.load_all
    monkeypatch.setattr(registry, "load_all", lambda: (loads.append(1), original())[1])
    parsed: list[int] = []
    events_from_json = registry.events_from_json
    monkeypatch.setattr(registry, "events_from_json", lambda text: (parsed.append(1), events_from_json(text))[1])
    SessionFile.import_json(export, tmp_path / "once.yobigoe").close()
    assert len(loads) <= 3  # the union of every ruleset, once (not once a row)
    assert len(parsed) < ROWS // 4  # the reopened file parses only what opening needs


def test_the_command_line_prints_a_progress_line_after_a_second(
    export: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(ProgressLine, "AFTER", 0.0)  # as if a second had passed
    assert main(["import", str(export), str(tmp_path / "cli.yobigoe")]) == 0
    out, err = capsys.readouterr()
    assert json.loads(out)["ok"] is True
    lines = err.splitlines()
    assert lines[-1] == f"Importing cli.yobigoe: 100% (writing command {ROWS} of {ROWS})"
    assert any("re-running command" in line for line in lines)


def test_a_quick_import_prints_no_progress(
    export: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(ProgressLine, "AFTER", 3600.0)
    assert main(["import", str(export), str(tmp_path / "quiet.yobigoe"), "--lang", "ja"]) == 0
    assert capsys.readouterr().err == ""


def test_a_slow_document_says_it_is_being_read_before_its_rows_are_counted(
    export: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import engine.store.export as export_module

    real_loads = export_module.json.loads

    def slow_loads(text: str, **kwargs: object) -> object:
        """A parse as slow as a season's backup (only the whole document is this long)."""
        if len(text) > 10_000:
            time.sleep(0.5)
        return real_loads(text, **kwargs)

    monkeypatch.setattr(export_module.json, "loads", slow_loads)
    monkeypatch.setattr(ProgressLine, "AFTER", 0.2)
    assert main(["import", str(export), str(tmp_path / "slow.yobigoe"), "--lang", "ja"]) == 0
    lines = capsys.readouterr().err.splitlines()
    assert lines[0] == "slow.yobigoe をインポート中: ファイルを読んでいます…"
    assert lines[-1].startswith("slow.yobigoe をインポート中: 100%")
