"""A long session keeps the parsed command and events of only its newest rows
(the models of every command were most of a 100,000-command
session's memory).  Older rows keep their texts and parse again when undo,
redo, the event log or the players' results read them — with the same result."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from benchmarks.crash_soak import apply_line, command_mix
from engine.rulesets import builtin, registry
from engine.store import SessionFile
from engine.store import parsed as parsed_module
from engine.store.parsed import ParsedWindow
from engine.store.rows import StoredRow
from engine.table.commands import NewSession
from engine.upland.public_results import public_results
from tests.engine.upland.test_four_suits_golden import SCRIPT, SEED, expedition

WINDOW_ROWS = 16


@pytest.fixture(autouse=True)
def _small_window(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> ParsedWindow:
    monkeypatch.setenv("YOBIGOE_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("YOBIGOE_CONFIG_DIR", str(tmp_path / "config"))
    window = ParsedWindow(WINDOW_ROWS)
    monkeypatch.setattr(parsed_module, "WINDOW", window)
    monkeypatch.setattr("engine.store.rows.WINDOW", window)
    return window


def is_parsed(row: StoredRow) -> bool:
    return row._command is not None or row._events is not None


def played(tmp_path: Path, lines: int, seed: int = 5) -> SessionFile:
    live = SessionFile.create(tmp_path / "long.yobigoe", NewSession(seed=seed))
    rng = random.Random(seed)
    for _ in range(lines):
        apply_line(live.session, command_mix(rng))
    return live


def test_a_long_live_session_holds_models_for_the_newest_rows_only(tmp_path: Path) -> None:
    live = played(tmp_path, 300)
    rows = live.journal.catalogue.rows
    parsed = [row_id for row_id, row in rows.items() if is_parsed(row)]
    assert len(rows) > 150 and len(parsed) <= WINDOW_ROWS
    assert max(rows) in parsed  # the newest command is still at hand for the log
    live.close()


def test_undo_through_rows_that_dropped_their_models_gives_the_states_they_had(tmp_path: Path) -> None:
    live = played(tmp_path, 300)
    session = live.session
    expected = [entry.after for entry in session.done]  # rebuilt from checkpoints: the reference
    commands = [entry.command for entry in session.done]
    oldest = live.journal.catalogue.rows[live.journal.catalogue.done_ids[1]]
    assert not is_parsed(oldest)  # pushed out while the reference was read
    while session.can_undo:
        session.undo()
        assert session.state == expected[len(session.done) - 1]
    for _ in expected[1:]:  # back to where the walk began (the redo stack may hold more)
        session.redo()
    assert session.state == expected[-1]
    assert [entry.command for entry in session.done] == commands
    live.close()
    with SessionFile.open(tmp_path / "long.yobigoe") as reopened:
        assert reopened.session.state == expected[-1]
        assert [entry.command for entry in reopened.session.done] == commands


def test_players_results_skip_rows_without_a_result_and_still_find_old_ones(tmp_path: Path) -> None:  # rule: EVT-2
    builtin.load()
    memory_session, _ = expedition()
    wanted = public_results(memory_session.done, "ja", 100)
    adapter = registry.command_adapter()
    with SessionFile.create(tmp_path / "trip.yobigoe", NewSession(seed=SEED, ruleset="upland")) as live:
        for raw in SCRIPT.read_text(encoding="utf-8").splitlines():
            live.session.dispatch(adapter.validate_json(raw, strict=True))
        rows = live.journal.catalogue.rows
        assert len(rows) > 2 * WINDOW_ROWS
        for row in rows.values():
            row.forget_models()
        assert public_results(live.session.done, "ja", 100) == wanted
        holders = [row for row in rows.values() if '"type":"upland_' in row.events_text]
        silent = [row for row in rows.values() if not row.may_hold(("upland_",))]
        assert holders and silent
        assert not any(is_parsed(row) for row in silent)  # never parsed by the scan
    with SessionFile.open(tmp_path / "trip.yobigoe") as reopened:  # entries read from the file (StoredEntry)
        rows = reopened.journal.catalogue.rows
        for row in rows.values():
            row.forget_models()
        assert public_results(reopened.session.done, "ja", 100) == wanted
        assert not any(is_parsed(row) for row in rows.values() if not row.may_hold(("upland_",)))


def test_the_window_drops_the_least_recently_read_row_first() -> None:
    window = ParsedWindow(2)
    dropped: list[str] = []

    class Row:
        def __init__(self, name: str) -> None:
            self.name = name

        def forget_models(self) -> None:
            dropped.append(self.name)

    a, b, c = Row("a"), Row("b"), Row("c")
    window.hold(a)
    window.hold(b)
    window.hold(a)  # read again: now the newest
    window.hold(c)
    assert dropped == ["b"] and len(window) == 2
    with pytest.raises(ValueError):
        ParsedWindow(0)
