"""``show`` prints a file whose newest command has a snapshot from the stored
JSON, without the state's models: the text must be byte for byte what the
models print, and any file the stored JSON cannot answer for (undone commands,
a head to replay, an older shape, a damaged snapshot) goes the full way."""

from __future__ import annotations

import argparse
import io
import json
import shutil
import sqlite3
import sys
from pathlib import Path

import pytest

from engine.cli import main
from engine.cli.sessions import show_state
from engine.core.state import SCHEMA_VERSION
from engine.store.format import meta_crc, snapshot_crc
from engine.store.head import head_state_json
from engine.store.migrations import read_current
from engine.store.reader import Contents, inspect

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
CURRENT_LAYOUT = sorted(
    p.name for p in FIXTURES.glob("*.yobigoe") if p.name not in {"session_v1.yobigoe", "upland_schema1.yobigoe"}
)


def full_show(path: Path, capsys: pytest.CaptureFixture[str]) -> str:
    """What ``show`` printed before: the reader and the models, always."""
    assert show_state(argparse.Namespace(file=path, player_view=False, seat=None, lang="en")) == 0
    return capsys.readouterr().out


def cli_show(path: Path, capsys: pytest.CaptureFixture[str]) -> str:
    assert main(["show", str(path)]) == 0
    return capsys.readouterr().out


def snapshot_the_head(path: Path) -> None:
    """Store the current state as a snapshot of the newest done command, as the
    writer does when its policy says one is due."""
    contents = inspect(path)
    assert isinstance(contents, Contents)
    head_id = contents.catalogue.done_ids[-1]
    seq = contents.catalogue.rows[head_id].seq
    text = contents.state.model_dump_json()
    with sqlite3.connect(path) as conn:
        conn.execute("PRAGMA journal_mode=DELETE")
        conn.execute(
            "INSERT OR REPLACE INTO snapshots (journal_id, seq, state, crc) VALUES (?, ?, ?, ?)",
            (head_id, seq, text, snapshot_crc(head_id, seq, text)),
        )
    conn.close()


@pytest.mark.parametrize("name", CURRENT_LAYOUT)
def test_show_from_the_head_snapshot_prints_what_the_models_print(
    name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / name
    shutil.copyfile(FIXTURES / name, path)
    as_given = full_show(path, capsys)
    assert cli_show(path, capsys) == as_given  # the fixture as it is (an undone command or an old snapshot)
    snapshot_the_head(path)
    fast = head_state_json(path)
    if read_current(path).catalogue.undone_ids:
        assert fast is None  # undone commands are checked by parsing them: the full path
    else:
        assert fast is not None
        assert fast + "\n" == as_given
    assert cli_show(path, capsys) == as_given == full_show(path, capsys)


def test_show_of_a_new_and_a_played_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "s.yobigoe"
    assert main(["new", str(path), "--ruleset", "upland", "--seed", "7"]) == 0
    capsys.readouterr()
    assert head_state_json(path) is not None  # the first command's snapshot is the head
    assert cli_show(path, capsys) == full_show(path, capsys)

    lines = [{"type": "add_character", "name": "アイリン"}, {"type": "deal_card", "square": "A1"}]
    text = "".join(json.dumps(x, ensure_ascii=False) + "\n" for x in lines)
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(text.encode()), encoding="utf-8"))
    assert main(["play", str(path)]) == 0
    capsys.readouterr()
    assert head_state_json(path) is not None  # closing the file stored its state
    shown = cli_show(path, capsys)
    assert shown == full_show(path, capsys) and "アイリン" in shown

    with sqlite3.connect(path) as conn:  # as if the program had been killed before closing
        conn.execute("DELETE FROM snapshots WHERE journal_id = 3")
    conn.close()
    assert head_state_json(path) is None  # the head is a command to replay
    assert cli_show(path, capsys) == shown == full_show(path, capsys)


def test_a_damaged_or_older_head_snapshot_takes_the_full_path(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "s.yobigoe"
    assert main(["new", str(path), "--ruleset", "upland", "--seed", "7"]) == 0
    capsys.readouterr()
    good = cli_show(path, capsys)

    older = tmp_path / "older.yobigoe"
    shutil.copyfile(path, older)
    with sqlite3.connect(older) as conn:
        (text,) = conn.execute("SELECT state FROM snapshots WHERE journal_id = 1").fetchone()
        data = json.loads(text)
        data["schema_version"] = SCHEMA_VERSION - 1
        text = json.dumps(data, separators=(",", ":"), ensure_ascii=False)
        conn.execute("UPDATE snapshots SET state = ?, crc = ? WHERE journal_id = 1", (text, snapshot_crc(1, 1, text)))
    conn.close()
    assert head_state_json(older) is None  # an older shape is upgraded by the models

    other = tmp_path / "other.yobigoe"
    shutil.copyfile(path, other)
    with sqlite3.connect(other) as conn:
        writer = "yobigoe 0.0.9"
        conn.execute("UPDATE meta SET value = ?, crc = ? WHERE key = 'writer'", (writer, meta_crc("writer", writer)))
    conn.close()
    assert head_state_json(other) is None  # another version's snapshot may lack a field it did not know
    assert cli_show(other, capsys) == good

    damaged = tmp_path / "damaged.yobigoe"
    shutil.copyfile(path, damaged)
    with sqlite3.connect(damaged) as conn:
        conn.execute("UPDATE snapshots SET state = replace(state, '\"seed\":7', '\"seed\":8') WHERE journal_id = 1")
    conn.close()
    assert head_state_json(damaged) is None
    assert main(["show", str(damaged)]) == 2  # the reader's refusal, as before
    refused = capsys.readouterr()
    assert refused.out == "" and "damaged" in refused.err
    assert cli_show(path, capsys) == good
