"""Crafted imports and the import bounds: a crafted export is checked as the
engine would apply it, before anything is written, and quickly."""

from __future__ import annotations

import copy
import json
import time
from pathlib import Path
from typing import Any

import pytest

from engine.errors import EngineError
from engine.store import SessionFile
from engine.store.admission import MAX_IMPORT_ROWS
from engine.store.export import read_export
from engine.store.writer import FileImage, snapshots_by_replay, write_file
from tests.engine.upland.test_golden import expedition


@pytest.fixture(scope="module")
def document(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    folder = tmp_path_factory.mktemp("doc")
    with SessionFile.create(folder / "s.yobigoe", _root()) as sf:
        sf.session.dispatch({"type": "add_character", "name": "A"})
        sf.session.dispatch({"type": "draw_cards", "character": "c1", "count": 2})
        sf.session.dispatch({"type": "deal_card", "square": "B2", "face_up": False})
        sf.export_json(folder / "s.json")
    data: dict[str, Any] = json.loads((folder / "s.json").read_text(encoding="utf-8"))
    return data


def _root() -> Any:
    from engine.table.commands import NewSession

    return NewSession(ruleset="upland", seed=5)


def _deck_of(doc: dict[str, Any]) -> list[str]:
    started = doc["journal"][0]["events"][0]
    assert started["type"] == "session_started"
    deck: list[str] = started["deck"]
    return deck


def _with_deck(doc: dict[str, Any], deck: list[str]) -> dict[str, Any]:
    """The set-up's deck replaced, in the set-up and in its shuffle (a new
    session shuffles its deck in the same entry)."""
    crafted = copy.deepcopy(doc)
    for event in crafted["journal"][0]["events"]:
        if event["type"] == "session_started":
            event["deck"] = deck
        elif event["type"] == "pile_shuffled" and event["place"]["zone"] == "deck":
            event["order"] = deck
    return crafted


def _import(tmp_path: Path, doc: dict[str, Any], within: float = 10.0) -> str:
    """Import ``doc``; it must be refused within ``within`` seconds, writing nothing."""
    source = tmp_path / "crafted.json"
    source.write_text(json.dumps(doc), encoding="utf-8")
    target = tmp_path / "out.yobigoe"
    started = time.monotonic()
    with pytest.raises(EngineError) as caught:
        SessionFile.import_json(source, target)
    assert time.monotonic() - started < within
    assert not target.exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["crafted.json"]  # nothing written, no leftovers
    return str(caught.value)


@pytest.mark.parametrize(
    "craft",
    [
        lambda deck: ["ZZ", *deck[1:]],
        lambda deck: ["1X", *deck[1:]],
        lambda deck: ["AS", "AS", *deck[2:]],
        lambda deck: [deck[i % len(deck)] for i in range(5000)],
        lambda deck: deck[:-1],
    ],
    ids=["unknown-ZZ", "unknown-1X", "duplicated-AS", "5000-cards", "a-card-missing"],
)
def test_crafted_deck_is_refused_before_anything_is_written(tmp_path: Path, document: dict[str, Any], craft) -> None:  # type: ignore[no-untyped-def]
    crafted = _with_deck(document, craft(_deck_of(document)))
    message = _import(tmp_path, crafted)
    assert "not what the engine would have recorded" in message


def test_a_genuine_export_still_imports_and_opens(tmp_path: Path, document: dict[str, Any]) -> None:
    source = tmp_path / "fine.json"
    source.write_text(json.dumps(document), encoding="utf-8")
    with SessionFile.import_json(source, tmp_path / "fine.yobigoe") as sf:
        assert sf.session.state.seq == 4 and len(sf.session.state.hands["c1"]) == 2


def test_a_long_upland_expedition_passes_the_rerun(tmp_path: Path) -> None:
    """Every procedure command re-runs to its recorded events (the dice are in the state)."""
    session, _ = expedition()
    imported = read_export_of(session, tmp_path)
    assert imported.state == session.state


def read_export_of(session: Any, tmp_path: Path) -> Any:
    from engine.store.export import export_document, write_export
    from engine.store.rows import StoredRow
    from engine.store.writer import header_meta

    rows = [StoredRow.from_entry(i + 1, entry) for i, entry in enumerate(session.done)]
    meta = header_meta(session.initial, session.done[0].after)
    write_export(tmp_path / "x.json", export_document(meta, rows, session.state))
    return read_export(tmp_path / "x.json")


def test_a_journal_of_200000_rows_is_refused_quickly(tmp_path: Path, document: dict[str, Any]) -> None:
    crafted = copy.deepcopy(document)
    crafted["journal"] = [document["journal"][1]] * 200_000
    message = _import(tmp_path, crafted, within=30.0)  # parsing 40 MB of JSON dominates
    assert f"more than {MAX_IMPORT_ROWS} commands" in message


def test_repeated_row_ids_are_refused_before_parsing(tmp_path: Path, document: dict[str, Any]) -> None:
    crafted = copy.deepcopy(document)
    crafted["journal"] = [document["journal"][1]] * 50_000
    message = _import(tmp_path, crafted, within=15.0)
    assert "journal ids" in message


def test_a_crafted_session_file_is_refused_at_open(tmp_path: Path, document: dict[str, Any]) -> None:
    """A file written around the importer (unknown card in the deck) does not open into a broken table."""
    path = tmp_path / "crafted.yobigoe"
    crafted_file(document, path)
    with pytest.raises(EngineError, match="unknown card 'ZZ'"):
        SessionFile.open(path)


def crafted_file(document: dict[str, Any], path: Path) -> None:
    from engine.core.state import State
    from engine.store.admission import Readers
    from engine.store.export import _row
    from engine.store.rows import split_line

    crafted = _with_deck(document, [*_deck_of(document)[:-1], "ZZ"])  # at the bottom: never drawn
    readers = Readers.of_every_ruleset()
    rows = [_row(i, item, readers)[0] for i, item in enumerate(crafted["journal"])]
    done, undone = split_line(rows)
    snapshots, _, _ = snapshots_by_replay(State(), done, undone)
    meta = {key: value for key, value in crafted["meta"].items()}
    meta.update(format="yobigoe-session", schema_version="1", initial_state=State().model_dump_json())
    write_file(path, FileImage(meta=meta, rows=rows, snapshots=snapshots))
