"""Export to JSON and import back: the round trip is exact, and a tampered or
foreign document is refused with a clear message."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from benchmarks.crash_soak import apply_line, command_mix, signature
from engine.errors import EngineError
from engine.store import SessionFile
from engine.table.commands import DealCard, NewSession


def evening(path: Path) -> SessionFile:
    """A session with rolls, a dropped redo branch and something left to redo."""
    live = SessionFile.create(path, NewSession(seed=31, options={"ace_strength": 14}))
    rng = random.Random(31)
    for _ in range(250):
        apply_line(live.session, command_mix(rng))
    live.session.undo()
    live.session.undo()
    live.session.dispatch(DealCard(square="E5"))
    live.session.undo()
    return live


def test_export_then_import_is_exact(tmp_path: Path) -> None:
    live = evening(tmp_path / "original.yobigoe")
    live.export_json(tmp_path / "shared.json")
    expected = signature(live.session)
    rows = {
        row.id: (row.seq, row.status, row.recorded_at, row.command_text, row.events_text)
        for row in live.journal.catalogue.ordered()
    }
    assert any(status == "discarded" for _, status, *_ in rows.values())
    live.close()

    with SessionFile.import_json(tmp_path / "shared.json", tmp_path / "imported.yobigoe") as imported:
        assert signature(imported.session) == expected
        assert {
            row.id: (row.seq, row.status, row.recorded_at, row.command_text, row.events_text)
            for row in imported.journal.catalogue.ordered()
        } == rows
        assert imported.meta["created_at"] == live.meta["created_at"]
        imported.export_json(tmp_path / "again.json")
        # Undo and redo still work in the imported copy.
        imported.session.redo()
        imported.session.undo()
    assert (tmp_path / "again.json").read_bytes() == (tmp_path / "shared.json").read_bytes()


def test_the_export_is_readable_json_with_the_dice_inside(tmp_path: Path) -> None:
    live = evening(tmp_path / "a.yobigoe")
    live.export_json(tmp_path / "a.json")
    document = json.loads((tmp_path / "a.json").read_text(encoding="utf-8"))
    assert document["format"] == "yobigoe-session-export" and document["version"] == 1
    rolls = [e for row in document["journal"] for e in row["events"] if e["type"] == "dice_rolled"]
    assert rolls and all(e["record"]["result"]["dice"] for e in rolls if e["record"]["result"]["total"] is not None)
    assert document["state"]["seq"] == live.session.state.seq
    live.close()


def test_a_tampered_export_is_refused_and_no_file_is_made(tmp_path: Path) -> None:
    live = evening(tmp_path / "a.yobigoe")
    live.export_json(tmp_path / "a.json")
    live.close()
    document = json.loads((tmp_path / "a.json").read_text(encoding="utf-8"))
    target = next(row for row in document["journal"] if row["status"] == "done" and row["seq"] > 1)
    target["events"] = []  # a command whose effects were cut out
    (tmp_path / "b.json").write_text(json.dumps(document), encoding="utf-8")
    with pytest.raises(EngineError) as refused:
        SessionFile.import_json(tmp_path / "b.json", tmp_path / "b.yobigoe")
    assert refused.value.text("ja").startswith("セッションのエクスポートが壊れています")
    assert not (tmp_path / "b.yobigoe").exists()


@pytest.mark.parametrize(
    ("content", "japanese"),
    [
        ('{"hello": 1}', "この JSON ファイルは yobigoe のセッションのエクスポートではありません。"),
        ("not json at all", "この JSON ファイルは yobigoe のセッションのエクスポートではありません。"),
        (
            '{"format": "yobigoe-session-export", "version": 99}',
            "このエクスポートは新しいバージョンの yobigoe で書き出されています（形式 99）。yobigoe を更新してください。",
        ),
        (
            '{"format": "yobigoe-session-export", "version": 1, "meta": []}',
            "セッションのエクスポートが壊れています（meta）。",
        ),
    ],
)
def test_foreign_or_newer_documents_are_refused_clearly(tmp_path: Path, content: str, japanese: str) -> None:
    (tmp_path / "in.json").write_text(content, encoding="utf-8")
    with pytest.raises(EngineError) as refused:
        SessionFile.import_json(tmp_path / "in.json", tmp_path / "out.yobigoe")
    assert refused.value.text("ja") == japanese
    assert not (tmp_path / "out.yobigoe").exists()


def test_opening_an_export_renamed_to_a_session_says_to_import_it(tmp_path: Path) -> None:
    live = evening(tmp_path / "a.yobigoe")
    live.export_json(tmp_path / "renamed.yobigoe")
    live.close()
    with pytest.raises(EngineError) as refused:
        SessionFile.open(tmp_path / "renamed.yobigoe")
    assert "インポート" in refused.value.text("ja")


def test_import_never_overwrites(tmp_path: Path) -> None:
    live = evening(tmp_path / "a.yobigoe")
    live.export_json(tmp_path / "a.json")
    live.close()
    before = (tmp_path / "a.yobigoe").read_bytes()
    with pytest.raises(EngineError):
        SessionFile.import_json(tmp_path / "a.json", tmp_path / "a.yobigoe")
    assert (tmp_path / "a.yobigoe").read_bytes() == before
