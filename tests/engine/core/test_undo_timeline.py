"""The undo stack's memory is bounded: entries keep their command
and events, full states only for the newest ones and one checkpoint every
CHECKPOINT_EVERY; undo and redo still give exactly the states a session that
kept every state gives (the reference below records each one as it was made)."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from benchmarks.crash_soak import command_mix
from engine.core.session import Entry, Session
from engine.core.state import State
from engine.core.timeline import CHECKPOINT_EVERY, RECENT, Timeline
from engine.errors import EngineError
from engine.rulesets.registry import parse_command
from engine.store import SessionFile
from engine.store.history import StoredEntry
from engine.table.commands import AddNote, NewSession, Roll
from engine.upland.slice import party_of
from engine.upland.table_commands import MoveParty

SQUARES = [f"{c}{r}" for c in "ABCDE" for r in range(1, 6)]


@pytest.fixture(autouse=True)
def _private_dirs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("YOBIGOE_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("YOBIGOE_CONFIG_DIR", str(tmp_path / "config"))


@dataclass
class Reference:
    """The states as they were made, every one kept (what the old undo stack held)."""

    initial: State
    done: list[State] = field(default_factory=list)
    undone: list[State] = field(default_factory=list)
    #: Each dice-box roll's entry with the state the table showed when it was made.
    finals: list[tuple[Entry, State]] = field(default_factory=list)

    def current(self) -> State:
        return self.done[-1] if self.done else self.initial


def small_session(recent: int, every: int) -> Session:
    session = Session()
    session.timeline = Timeline(session.initial, recent=recent, every=every)
    return session


def step(session: Session, ref: Reference, data: dict[str, Any]) -> None:
    """One line of the crash-soak mix, mirrored on the reference."""
    if data == {"type": "undo"}:
        if session.can_undo:
            session.undo()
            ref.undone.append(ref.done.pop())
    elif data == {"type": "redo"}:
        if session.can_redo:
            session.redo()
            ref.done.append(ref.undone.pop())
    else:
        try:
            outcome = session.dispatch(parse_command(data))
        except EngineError:
            return
        if outcome.entry.final:
            ref.finals.append((outcome.entry, session.state))
        else:
            ref.done.append(session.state)  # the very object the command made
            ref.undone.clear()
    assert session.state == ref.current()


def walk(session: Session, ref: Reference, moves: list[int]) -> None:
    """Undo (negative) or redo (positive) that many times, checking each state."""
    for move in moves:
        for _ in range(abs(move)):
            if move < 0 and session.can_undo:
                session.undo()
                ref.undone.append(ref.done.pop())
            elif move > 0 and session.can_redo:
                session.redo()
                ref.done.append(ref.undone.pop())
            assert session.state == ref.current()


def check_every_entry(session: Session, ref: Reference) -> None:
    line = [*session.done, *reversed(session.undone)]
    states = [*ref.done, *reversed(ref.undone)]
    assert len(line) == len(states)
    for index, (entry, expected) in enumerate(zip(line, states, strict=True)):
        assert entry.after == expected
        assert entry.before == (states[index - 1] if index else ref.initial)
    for entry, shown in ref.finals:
        assert entry.before == shown and entry.after == shown


def played(session: Session, lines: int, seed: int) -> Reference:
    session.dispatch(NewSession(seed=seed))
    ref = Reference(initial=session.initial, done=[session.state])
    rng = random.Random(seed)
    for _ in range(lines):
        step(session, ref, command_mix(rng))
    return ref


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 2**31),
    window=st.sampled_from([(2, 2), (5, 3), (8, 8), (12, 5)]),
    moves=st.lists(st.integers(-120, 120), max_size=6),
    tail=st.integers(0, 40),
)
def test_undo_and_redo_give_the_states_a_session_keeping_every_state_gives(
    seed: int, window: tuple[int, int], moves: list[int], tail: int
) -> None:
    session = small_session(*window)
    ref = played(session, 160, seed)
    walk(session, ref, moves)
    rng = random.Random(seed + 1)
    for _ in range(tail):  # new commands after the walk drop the redo branch
        step(session, ref, command_mix(rng))
    check_every_entry(session, ref)
    walk(session, ref, [-1000, 1000])


def test_after_5000_commands_only_the_newest_and_the_checkpoints_hold_a_state() -> None:
    session = Session()
    session.dispatch(NewSession(seed=4))
    for index in range(5000):
        if index % 5 == 4:
            session.dispatch(Roll(command="1D6"))
        elif index % 2:
            session.dispatch(AddNote(text=f"メモ {index}"))
        else:
            session.dispatch(MoveParty(square=SQUARES[(index // 2) % len(SQUARES)]))
    assert len(session.done) == 4001 and len(session.finals) == 1000
    holding = [entry.seq for entry in session.done if entry.held_state() is not None]
    assert len(holding) <= RECENT + 4001 // CHECKPOINT_EVERY
    checkpoints = [seq for seq in holding if seq % CHECKPOINT_EVERY == 0]
    assert checkpoints == list(range(CHECKPOINT_EVERY, 4002, CHECKPOINT_EVERY))
    newest = [seq for seq in range(1, 4002) if seq % CHECKPOINT_EVERY][-RECENT:]
    assert [seq for seq in holding if seq % CHECKPOINT_EVERY] == newest
    assert not any(entry.held_state() is not None for entry in session.finals)


def test_undo_across_checkpoint_boundaries_gives_the_reference_states() -> None:
    session = Session()
    ref = played(session, 6 * (RECENT + CHECKPOINT_EVERY), seed=9)
    assert len(session.done) > RECENT + 2 * CHECKPOINT_EVERY  # the walk leaves the window and crosses checkpoints
    walk(session, ref, [-10_000])
    assert not session.can_undo
    assert session.timeline.recent_count() <= RECENT
    walk(session, ref, [10_000])
    check_every_entry(session, ref)


def test_an_entry_of_a_dropped_redo_branch_keeps_its_own_states() -> None:
    session = small_session(2, 2)
    session.dispatch(NewSession(seed=3))
    for square in ("A1", "B2", "C3", "D4", "E5", "A2"):
        session.dispatch(MoveParty(square=square))
    gone = session.dispatch(MoveParty(square="B3")).entry
    made = session.state
    session.undo()
    session.undo()
    for square in ("C1", "D1", "E1", "A3", "B4", "C5"):  # a new branch past the old seqs
        session.dispatch(MoveParty(square=square))
    assert gone.after == made
    assert party_of(gone.after) != party_of(session.done[gone.seq - 1].after)


def test_live_commands_after_reopening_undo_back_into_the_file(tmp_path: Path) -> None:
    """Entries made after a reopen rebuild from the stored ones; the history of
    the file holds at most the newest RECENT states plus its checkpoints."""
    path = tmp_path / "long.yobigoe"
    live = SessionFile.create(path, NewSession(seed=8))
    ref = Reference(initial=live.session.initial, done=[live.session.state])
    rng = random.Random(8)
    for _ in range(700):
        step(live.session, ref, command_mix(rng))
    live.close()
    with SessionFile.open(path) as again:
        session = again.session
        assert all(isinstance(e, StoredEntry) for e in session.done)
        assert again._history is not None
        assert again._history.held_count() <= RECENT + 3  # opening rebuilt only from the last snapshot
        assert len(session.undone) == len(ref.undone)  # the file keeps the redo line too
        stored = len(session.done) + len(session.undone)
        for _ in range(300):
            step(session, ref, command_mix(rng))
        walk(session, ref, [-10_000])
        assert not session.can_undo
        assert again._history.held_count() <= RECENT + stored // CHECKPOINT_EVERY + 1
        walk(session, ref, [10_000])
        check_every_entry(session, ref)
