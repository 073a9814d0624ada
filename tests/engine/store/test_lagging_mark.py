"""A kill between a commit and the rewrite of the ``-ack`` mark leaves the file
one step ahead of its mark: that is no loss, and opening must not say so (no
"could not be recovered" notice, no ``.damaged-…`` copy).  A step really
missing from the file still raises the alarm.

The kill is simulated deterministically: the journal's commit hook (which
rewrites the mark) first copies the session, its ``-wal`` and its mark as
they are on disk at that instant — what a kill -9 there would leave — and the
copy is opened.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from engine.core.session import Session
from engine.errors import EngineError
from engine.store import SessionFile
from engine.store.acknowledged import Mark, lost, read_mark
from engine.table.commands import NewSession

NAMES = ("s.yobigoe", "s.yobigoe-wal", "s.yobigoe-ack")
ROOT = Path(__file__).resolve().parents[3]

Steps = tuple[tuple[int, object], ...]
Signature = tuple[object, Steps, Steps, Steps, int]


def signature(session: Session) -> Signature:
    """What a reopened file must reproduce: the state, both stacks, the final
    rolls (off the undo line) and where the dice stand."""
    return (
        session.state,
        tuple((e.seq, e.command) for e in session.done),
        tuple((e.seq, e.command) for e in session.undone),
        tuple((e.seq, e.command) for e in session.finals),
        session.dice_position,
    )


def _copy(live: Path, into: Path) -> Path:
    into.mkdir()
    for name in NAMES:
        source = live.parent / name
        if source.exists():
            shutil.copy2(source, into / name)
    return into / "s.yobigoe"


def _played(tmp_path: Path) -> SessionFile:
    """A session with cards dealt, a roll, and one undone command (so redo is possible)."""
    live = tmp_path / "live"
    live.mkdir()
    sf = SessionFile.create(live / "s.yobigoe", NewSession(ruleset="upland", seed=11))
    for square in ("A1", "B2", "C3", "D4"):
        sf.session.dispatch({"type": "deal_card", "square": square, "face_up": True})
    sf.session.dispatch({"type": "roll", "command": "2D6"})
    sf.session.dispatch({"type": "move_party", "square": "B2"})
    sf.session.dispatch({"type": "add_note", "text": "before the kill"})
    sf.session.undo()
    return sf


def _killed_before_mark(sf: SessionFile, crashed: Path, step: Callable[[Session], object]) -> Path:
    """Run ``step``; at its commit, before the mark is rewritten, copy the files as a kill would leave them."""
    rewrite_mark = sf.journal.on_commit
    assert rewrite_mark is not None
    taken: list[Path] = []

    def kill_here() -> None:
        if not taken:
            taken.append(_copy(sf.path, crashed))
        rewrite_mark()

    sf.journal.on_commit = kill_here
    step(sf.session)
    sf.journal.on_commit = rewrite_mark
    assert len(taken) == 1, "the step committed exactly once"
    return taken[0]


STEPS: dict[str, Callable[[Session], object]] = {
    "undo": lambda s: s.undo(),
    "redo": lambda s: s.redo(),
    "final roll": lambda s: s.dispatch({"type": "roll", "command": "1D100<=50"}),
    "new command": lambda s: s.dispatch({"type": "deal_card", "square": "E5", "face_up": False}),
    "second undo": lambda s: (s.undo(), s.undo())[1],
}


@pytest.mark.parametrize("kind", list(STEPS))
def test_a_kill_between_commit_and_mark_raises_no_alarm(tmp_path: Path, kind: str) -> None:
    with _played(tmp_path) as sf:
        acknowledged = signature(sf.session)
        before = read_mark(sf.path)
        if kind == "second undo":  # the first undo is acknowledged, the kill hits the second
            sf.session.undo()
            acknowledged = signature(sf.session)
            before = read_mark(sf.path)
            path = _killed_before_mark(sf, tmp_path / "crashed", lambda s: s.undo())
        else:
            path = _killed_before_mark(sf, tmp_path / "crashed", STEPS[kind])
        committed = signature(sf.session)
    assert committed != acknowledged
    assert read_mark(path) == before  # the mark as it stood before the step: it lags the file
    with SessionFile.open(path) as reopened:
        assert reopened.notice is None
        found = signature(reopened.session)
        # Every acknowledged step is there, and the committed one too (it reached the disk).
        assert found == committed
    assert not list(path.parent.glob("*.damaged-*"))
    assert sorted(p.name for p in path.parent.iterdir()) == ["s.yobigoe"]


def test_every_commit_of_an_evening_survives_a_kill_before_its_mark(tmp_path: Path) -> None:
    """A kill at each commit of a mixed run (commands, undos, redos, rolls):
    never an alarm, never a copy, and the file always holds the committed step."""
    steps: list[Callable[[Session], object]] = [
        lambda s: s.dispatch({"type": "deal_card", "square": "A1", "face_up": True}),
        lambda s: s.undo(),
        lambda s: s.redo(),
        lambda s: s.dispatch({"type": "roll", "command": "3D6"}),
        lambda s: s.undo(),
        lambda s: s.dispatch({"type": "roll", "command": "1D100<=30"}),
        lambda s: s.redo(),
        lambda s: s.dispatch({"type": "move_party", "square": "C3"}),
        lambda s: s.undo(),
        lambda s: s.undo(),
        lambda s: s.dispatch({"type": "add_note", "text": "drops the redo branch"}),
    ]
    live = tmp_path / "live"
    live.mkdir()
    with SessionFile.create(live / "s.yobigoe", NewSession(ruleset="upland", seed=5)) as sf:
        sf.session.dispatch({"type": "deal_card", "square": "B1", "face_up": True})
        for number, step in enumerate(steps):
            path = _killed_before_mark(sf, tmp_path / f"kill-{number}", step)
            with SessionFile.open(path) as reopened:
                assert reopened.notice is None, number
                assert signature(reopened.session) == signature(sf.session), number
            assert not list(path.parent.glob("*.damaged-*")), number


@pytest.mark.parametrize("kind", ["undo", "redo"])
def test_a_lost_undo_or_redo_step_still_raises_the_alarm(tmp_path: Path, kind: str) -> None:
    """The file from before the step with the mark from after it: the
    acknowledged step is really missing, and the GM is told."""
    with _played(tmp_path) as sf:
        older = _copy(sf.path, tmp_path / "older")
        STEPS[kind](sf.session)
        newer_mark = read_mark(sf.path)
        seq = sf.session.state.seq
    assert newer_mark is not None
    older.with_name("s.yobigoe-ack").write_bytes(newer_mark.encode())
    with SessionFile.open(older) as reopened:
        assert reopened.notice is not None
        text = reopened.notice.text("en")
        assert text.startswith("Undo or redo steps after #")
        assert reopened.session.state.seq != seq
    assert len(list(older.parent.glob("s.yobigoe.damaged-*"))) == 1


def test_a_lost_final_roll_still_raises_the_alarm(tmp_path: Path) -> None:
    with _played(tmp_path) as sf:
        older = _copy(sf.path, tmp_path / "older")
        sf.session.dispatch({"type": "roll", "command": "1D6"})
        newer_mark = read_mark(sf.path)
    assert newer_mark is not None
    older.with_name("s.yobigoe-ack").write_bytes(newer_mark.encode())
    with SessionFile.open(older) as reopened:
        assert reopened.notice is not None
        assert "1 command(s) after #" in reopened.notice.text("en")


def test_the_reported_reproduction_deal_undo_kill_old_mark(tmp_path: Path) -> None:
    """Acknowledge a deal and an undo, kill, put back the mark as it stood
    before the undo: ``show`` and ``play`` say nothing, and nothing is copied."""
    live = tmp_path / "live"
    live.mkdir()
    sf = SessionFile.create(live / "s.yobigoe", NewSession(ruleset="upland", seed=2))
    sf.session.dispatch({"type": "deal_card", "square": "A1", "face_up": True})
    mark_before_undo = (live / "s.yobigoe-ack").read_bytes()
    sf.session.undo()
    crashed = _copy(sf.path, tmp_path / "crashed")
    sf.close()
    crashed.with_name("s.yobigoe-ack").write_bytes(mark_before_undo)
    for args, stdin in ((["show", str(crashed)], ""), (["play", str(crashed)], '{"type": "redo"}\n')):
        done = subprocess.run(
            [sys.executable, "-m", "engine", *args], cwd=ROOT, input=stdin, capture_output=True, text=True
        )
        assert done.returncode == 0, done.stderr
        assert done.stderr == ""
    assert not list(crashed.parent.glob("*.damaged-*"))
    with SessionFile.open(crashed) as reopened:  # the redo that play acknowledged is there
        assert reopened.notice is None and reopened.session.state.seq == 2


def test_marks_written_before_the_counter_still_open_without_alarm(tmp_path: Path) -> None:
    """An older mark (``YBGACK1``, no commit count) lagging an undo or redo
    cannot be told from a lost one: it raises no alarm; missing rows still do."""
    with _played(tmp_path) as sf:
        rows, done = len(sf.journal.catalogue.rows), len(sf.journal.catalogue.done_ids)
        identity = read_mark(sf.path).identity  # type: ignore[union-attr]
        crashed = _copy(sf.path, tmp_path / "crashed")
    for lagging in (Mark(rows, done + 1, identity), Mark(rows, done - 1, identity)):
        raw = lagging.encode()
        assert raw.startswith(b"YBGACK1 ") and Mark.decode(raw) == lagging
        crashed.with_name("s.yobigoe-ack").write_bytes(raw)
        with SessionFile.open(crashed) as reopened:
            assert reopened.notice is None
        crashed = _copy(crashed, tmp_path / f"again-{lagging.done}")  # a clean close removed the mark
    crashed.with_name("s.yobigoe-ack").write_bytes(Mark(rows + 2, done, identity).encode())
    with SessionFile.open(crashed) as reopened:
        assert reopened.notice is not None and "2 command(s) after #" in reopened.notice.text("en")


def test_the_decision_table() -> None:
    """``lost`` on its own: (rows, done, commits) of the file against the mark."""
    mark = Mark(rows=10, done=8, identity=7, commits=20)
    assert not lost(mark, 7, 10, 8, 20)  # as acknowledged
    assert not lost(mark, 7, 10, 7, 21)  # an undo committed, mark not yet rewritten
    assert not lost(mark, 7, 10, 9, 21)  # a redo committed, mark not yet rewritten
    assert not lost(mark, 7, 11, 8, 21)  # a command or a final roll committed
    assert not lost(mark, 7, 10, 8, 18)  # an undo and its redo lost: the same file, nothing missing
    assert lost(mark, 7, 10, 9, 19)  # the acknowledged undo is missing
    assert lost(mark, 7, 10, 7, 20)  # the same count but another position: damage
    assert lost(mark, 7, 9, 8, 25)  # a row is missing, whatever the count says
    assert not lost(mark, 8, 1, 1, 0)  # the mark of another session
    assert not lost(None, 7, 1, 1, 0)
    old = Mark(rows=10, done=8, identity=7)
    assert not lost(old, 7, 10, 7, 0) and not lost(old, 7, 10, 9, 0) and lost(old, 7, 9, 8, 0)


def test_the_counter_follows_save_as_and_an_old_file(tmp_path: Path) -> None:
    """A copy made by Save as and a file written before the counter both get
    marks that match their files: a kill right after opening them raises no alarm."""
    with _played(tmp_path) as sf:
        copy = sf.save_as(tmp_path / "copy.yobigoe")
        with copy:
            mark = read_mark(copy.path)
            assert mark is not None and mark.commits == copy.journal.catalogue.commits
            copy.session.undo()
            assert read_mark(copy.path).commits == mark.commits + 1  # type: ignore[union-attr]
    fixture = ROOT / "tests" / "engine" / "fixtures" / "session_v1.yobigoe"
    old = tmp_path / "old" / "s.yobigoe"
    old.parent.mkdir()
    shutil.copy2(fixture, old)
    with SessionFile.open(old) as sf:
        assert sf.journal.catalogue.commits == 0  # the file predates the counter
        sf.session.dispatch({"type": "add_note", "text": "carry on"})
        path = _killed_before_mark(sf, tmp_path / "old-crashed", lambda s: s.undo())
    with SessionFile.open(path) as reopened:
        assert reopened.notice is None
        assert reopened.journal.catalogue.commits == 2


def test_a_second_writer_is_refused_before_it_touches_sqlite(tmp_path: Path) -> None:
    """Two programs opening one file at once raced for SQLite's lock and could
    both be refused.  The claim on the mark file is taken by exactly one: while
    another program holds it, opening says "open elsewhere" and changes nothing."""
    from engine.store.acknowledged import MarkWriter

    path = tmp_path / "s.yobigoe"
    SessionFile.create(path, NewSession(ruleset="upland", seed=1)).close()
    before = path.read_bytes()
    other = MarkWriter(path, 0)  # another program that got there first
    assert other.claim()
    try:
        with pytest.raises(EngineError, match="open in another window"):
            SessionFile.open(path)
        assert path.read_bytes() == before
        assert sorted(p.name for p in tmp_path.iterdir()) == ["s.yobigoe", "s.yobigoe-ack"]
    finally:
        other.abandon()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["s.yobigoe"]
    with SessionFile.open(path) as sf:  # free again
        assert sf.notice is None
        with pytest.raises(EngineError, match="open in another window"):
            SessionFile.open(path)  # and this window now holds it
    assert sorted(p.name for p in tmp_path.iterdir()) == ["s.yobigoe"]


def test_a_damaged_file_is_refused_without_writing_beside_it(tmp_path: Path) -> None:
    """The second look at a file that failed validation (was another program
    writing it?) reads only: no -wal, -shm or mark appears beside a damaged file."""
    path = tmp_path / "s.yobigoe"
    SessionFile.create(path, NewSession(ruleset="upland", seed=1)).close()
    data = path.read_bytes()
    path.write_bytes(data[: len(data) // 2])
    with pytest.raises(EngineError, match="damaged"):
        SessionFile.open(path)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["s.yobigoe"]
