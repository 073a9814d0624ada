"""Session files: what the GM did is there after closing, reopening or a crash,
undo and redo included, and nothing re-rolls."""

from __future__ import annotations

import os
import random
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from benchmarks.crash_soak import apply_line, command_mix, mirror, replay_matches, signature
from engine.errors import EngineError
from engine.store import SessionFile, autosave_path, default_folder
from engine.store.history import StoredEntry
from engine.table.commands import AddCharacter, DealCard, FlipCard, NewSession, Roll, ShuffleDeck
from engine.upland.table_commands import MoveParty


@pytest.fixture(autouse=True)
def _private_dirs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("YOBIGOE_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("YOBIGOE_CONFIG_DIR", str(tmp_path / "config"))


def played(path: Path, count: int, seed: int = 11) -> SessionFile:
    """A file with ``count`` random lines played on it (undo/redo included)."""
    session_file = SessionFile.create(path, NewSession(seed=seed))
    rng = random.Random(seed)
    for _ in range(count):
        apply_line(session_file.session, command_mix(rng))
    return session_file


def test_reopening_gives_the_same_state_and_the_same_undo_and_redo_stacks(tmp_path: Path) -> None:
    path = tmp_path / "evening.yobigoe"
    live = played(path, 300)
    live.session.undo()
    live.session.undo()
    expected = signature(live.session)
    live.close()
    with SessionFile.open(path) as again:
        assert signature(again.session) == expected
        assert [e.events for e in again.session.done] == [e.events for e in mirror(again).done]


def test_undo_then_reopen_then_redo_gives_the_same_state_and_the_same_dice(tmp_path: Path) -> None:
    # rule: DICE-2 — a shuffle is undoable; redo (even after a reopen) replays the recorded dice
    path = tmp_path / "dice.yobigoe"
    with SessionFile.create(path, NewSession(seed=4)) as live:
        live.session.dispatch(AddCharacter(name="アイリン"))
        shuffled = live.session.dispatch(ShuffleDeck())
        after_shuffle = live.session.state
        live.session.undo()
    with SessionFile.open(path) as again:
        assert again.session.redo_label("en") == "Shuffle the deck"
        redone = again.session.redo()
        assert again.session.state == after_shuffle
        assert redone.entry.events == shuffled.entry.events  # the same order, not a new shuffle


def test_a_dice_box_roll_survives_undo_and_reopen_and_the_dice_never_repeat(tmp_path: Path) -> None:
    # rule: DICE-2 — one generator per session; rolls are final, the dice never move backwards
    path = tmp_path / "final.yobigoe"
    with SessionFile.create(path, NewSession(seed=4)) as live:
        live.session.dispatch(AddCharacter(name="アイリン"))
        live.session.dispatch(ShuffleDeck())
        rolled = live.session.dispatch(Roll(command="1D100", by="c1")).entry
        live.session.undo()  # undoes the shuffle, not the roll
        assert live.session.redo_label("en") == "Shuffle the deck"
        position = live.session.dice_position
    with SessionFile.open(path) as again:
        assert again.session.rolls.records() == (rolled.events[0].record,)  # type: ignore[attr-defined]
        assert again.session.dice_position == position
        again.session.dispatch(ShuffleDeck())  # a fresh shuffle, not the undone one again
        assert again.session.dice_position > position
        assert not again.session.can_redo
        fresh = again.session.state
    with SessionFile.open(path) as third:
        assert third.session.state == fresh
        assert replay_matches(third)


def test_undo_after_reopening_walks_back_to_the_root_through_snapshots(tmp_path: Path) -> None:
    path = tmp_path / "long.yobigoe"
    live = played(path, 700, seed=5)
    states = [entry.after for entry in live.session.done]
    live.close()
    with SessionFile.open(path) as again:
        session = again.session
        assert all(isinstance(e, StoredEntry) for e in session.done)
        for expected in reversed(states[:-1]):
            session.undo()
            assert session.state == expected
        assert not session.can_undo  # the NewSession root stays
        assert session.state.seq == 1


def test_a_new_command_after_undo_drops_the_redo_branch_in_the_file_too(tmp_path: Path) -> None:
    path = tmp_path / "branch.yobigoe"
    with SessionFile.create(path, NewSession(seed=2)) as live:
        live.session.dispatch(DealCard(square="A1"))
        live.session.dispatch(DealCard(square="B1"))
        live.session.undo()
        live.session.dispatch(MoveParty(square="C3"))
        state = live.session.state
    with SessionFile.open(path) as again:
        assert not again.session.can_redo
        assert again.session.state == state
    statuses = sqlite3.connect(path).execute("SELECT seq, status FROM journal ORDER BY id").fetchall()
    assert statuses == [(1, "done"), (2, "done"), (3, "discarded"), (3, "done")]  # the bytes stay, marked


def test_every_dispatch_is_on_disk_before_it_returns(tmp_path: Path) -> None:
    """Another process reading the file right after dispatch sees the command."""
    path = tmp_path / "now.yobigoe"
    live = SessionFile.create(path, NewSession(seed=8))
    live.session.dispatch(DealCard(square="D4"))
    live.session.dispatch(FlipCard(card=live.session.state.squares["D4"][0]))
    # Copy the file and its WAL as they are this instant, as a crash would leave them.
    copy = tmp_path / "copy.yobigoe"
    copy.write_bytes(path.read_bytes())
    Path(str(copy) + "-wal").write_bytes(Path(str(path) + "-wal").read_bytes())
    with SessionFile.open(copy) as crashed:
        assert crashed.session.state == live.session.state
    live.close()


def test_a_new_session_without_a_name_is_saved_from_its_first_command(tmp_path: Path) -> None:
    path = autosave_path()
    assert path.parent == default_folder() == tmp_path / "data"
    live = SessionFile.create(path, NewSession(seed=1))
    assert path.exists()
    with pytest.raises(EngineError):
        SessionFile.open(path)  # already open here: refused, not shared
    live.close()
    with SessionFile.open(path) as again:
        assert again.session.state.started and not again.session.can_undo
    assert autosave_path() != path


def test_create_refuses_to_overwrite_and_an_illegal_first_command_writes_nothing(tmp_path: Path) -> None:
    path = tmp_path / "taken.yobigoe"
    path.write_bytes(b"precious")
    with pytest.raises(EngineError) as taken:
        SessionFile.create(path, NewSession())
    assert "already exists" in str(taken.value) and path.read_bytes() == b"precious"
    fresh = tmp_path / "never.yobigoe"
    with pytest.raises(EngineError):
        SessionFile.create(fresh, NewSession(ruleset="chess"))
    assert os.listdir(tmp_path) == ["taken.yobigoe"]


def test_a_session_open_in_another_program_is_refused_with_a_clear_message(tmp_path: Path) -> None:
    path = tmp_path / "busy.yobigoe"
    SessionFile.create(path, NewSession()).close()
    holder = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "import sys; from engine.store import SessionFile; "
            "f = SessionFile.open(sys.argv[1]); print('open', flush=True); sys.stdin.read()",
            str(path),
        ],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "open"
        with pytest.raises(EngineError) as refused:
            SessionFile.open(path)
        assert refused.value.text("ja") == "このセッションは別のウィンドウまたはプログラムで開かれています。"
    finally:
        holder.communicate("")
    with SessionFile.open(path) as again:  # free again once the other program quits
        assert again.session.state.seq == 1


def test_japanese_file_names_work(tmp_path: Path) -> None:
    path = tmp_path / "第3回 卓.yobigoe"
    with SessionFile.create(path, NewSession(seed=3)) as live:
        live.session.dispatch(DealCard(square="A1"))
        state = live.session.state
    with SessionFile.open(path) as again:
        assert again.session.state == state


def test_closing_leaves_one_self_contained_file(tmp_path: Path) -> None:
    path = tmp_path / "tidy.yobigoe"
    played(path, 60).close()
    assert sorted(os.listdir(tmp_path)) == ["tidy.yobigoe"]


def test_a_reopened_session_behaves_like_a_fresh_one(tmp_path: Path) -> None:
    """Undo labels, can_undo and replays are the same for stored entries."""
    path = tmp_path / "labels.yobigoe"
    live = played(path, 120, seed=9)
    fresh = mirror(live)
    live.close()
    with SessionFile.open(path) as again:
        assert again.session.undo_label("ja") == fresh.undo_label("ja")
        assert again.session.redo_label("ja") == fresh.redo_label("ja")
        rng = random.Random(99)
        for _ in range(80):
            line = command_mix(rng)
            assert apply_line(again.session, line) == apply_line(fresh, line)
        assert signature(again.session) == signature(fresh)
        assert replay_matches(again)
