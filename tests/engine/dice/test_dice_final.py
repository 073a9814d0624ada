"""Dice-box rolls are final (never on the undo stack), the dice
generator never moves backwards, and rolls live outside the state."""

from __future__ import annotations

import shutil
from pathlib import Path

from engine.core.session import Session
from engine.core.state import State
from engine.session import new_session
from engine.store import SessionFile
from engine.table.commands import AddCharacter, DealCard, NewSession, Roll, ShuffleDeck
from engine.upland.slice import party_of
from engine.upland.table_commands import MoveParty

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"


def table(seed: int = 5) -> Session:
    session = new_session(seed=seed)
    session.dispatch(AddCharacter(name="アイリン"))
    return session


def dice_of(session: Session) -> list[int]:
    return [r.result.dice_values[0] for r in session.rolls.records()]


def test_dice8_ctrl_z_after_a_move_and_a_roll_undoes_the_move_and_keeps_the_roll() -> None:
    # rule: DICE-8 (the dice box)
    session = table()
    session.dispatch(MoveParty(square="B2"))
    rolled = session.dispatch(Roll(command="1D100", by="c1"))
    assert session.undo_label("en") == "Move the party token"
    undone = session.undo()
    assert undone.entry.command == MoveParty(square="B2")
    assert party_of(session.state) != "B2"
    assert session.rolls.records() == (rolled.entry.events[0].record,)  # type: ignore[attr-defined]
    session.redo()
    assert party_of(session.state) == "B2"


def test_dice8_a_roll_keeps_the_redo_stack() -> None:
    # rule: DICE-8 — a roll changes no undoable state, so what was undone can still be redone
    session = table()
    session.dispatch(DealCard(square="A1"))
    session.undo()
    session.dispatch(Roll(command="2D6"))
    assert session.redo_label("en") == "Deal a card to A1"


def test_dice2_after_an_undo_the_next_roll_is_a_new_die_never_a_repeat() -> None:
    # rule: DICE-2 — one generator per session; it never moves backwards
    plain = table(seed=8)
    for _ in range(3):
        plain.dispatch(Roll(command="1D100"))
    plain.dispatch(ShuffleDeck())
    plain.dispatch(Roll(command="1D100"))
    plain_dice = dice_of(plain)
    # the same stream, but the GM undoes the shuffle before the fourth roll
    undoing = table(seed=8)
    for _ in range(3):
        undoing.dispatch(Roll(command="1D100"))
    undoing.dispatch(ShuffleDeck())
    undoing.undo()
    undoing.dispatch(Roll(command="1D100"))
    assert dice_of(undoing) == plain_dice  # the fourth roll is die #n+1 of the stream, as without the undo
    positions = []
    again = table(seed=8)
    again.dispatch(MoveParty(square="B2"))
    for _ in range(5):
        again.dispatch(Roll(command="1D100"))
        positions.append(again.dice_position)
        again.undo() if again.can_undo else None
    assert positions == sorted(set(positions))  # strictly increasing: no die drawn twice


def test_dice2_the_generator_position_survives_a_reopen(tmp_path: Path) -> None:
    # rule: DICE-2 — a reopened session goes on with new dice, not ones the table saw before the undo
    path = tmp_path / "reopen.yobigoe"
    with SessionFile.create(path, NewSession(seed=12)) as live:
        live.session.dispatch(ShuffleDeck())
        live.session.dispatch(Roll(command="1D100"))
        live.session.undo()  # the shuffle; the state's dice go back, the table's do not
        continued = Session(live.session.initial)
        continued.state, continued.dice_position = live.session.state, live.session.dice_position
        expected = continued.dispatch(Roll(command="1D100")).entry.events[0].record  # type: ignore[attr-defined]
    with SessionFile.open(path) as again:
        rolled = again.session.dispatch(Roll(command="1D100")).entry.events[0].record  # type: ignore[attr-defined]
        assert rolled == expected
        assert len(again.session.rolls) == 2


def test_state_size_is_constant_over_a_thousand_rolls() -> None:
    session = table()
    session.dispatch(Roll(command="1D100"))
    size = len(session.state.model_dump_json())
    for _ in range(1000):
        session.dispatch(Roll(command="1D100<=50"))
    assert len(session.state.model_dump_json()) == size
    assert len(session.done) == 2  # the rolls are not on the undo stack either
    assert len(session.rolls) == session.rolls.limit  # the roll log is bounded; the journal keeps them all


def test_a_state_written_with_rolls_still_loads() -> None:
    """States written before rolls left the state (snapshots, the header's
    initial state) carried a ``rolls`` list; it is dropped on load."""
    old = State().model_dump(mode="json")
    old["rolls"] = [{"seq": 1, "by": None, "reason": None, "result": {"text": "1D6"}}]
    assert State.model_validate(old) == State()


def test_files_that_kept_rolls_in_the_state_open_with_their_rolls(tmp_path: Path) -> None:
    for name in ("session_v1.yobigoe", "upland_schema1.yobigoe"):
        copy = tmp_path / name
        shutil.copyfile(FIXTURES / name, copy)
        with SessionFile.open(copy) as opened:
            assert opened.session.state.started
            assert opened.session.dice_position >= opened.session.state.dice.counter
            assert opened.session.rolls.records()  # their rolls, read back from the journal


def test_dice8_the_event_log_lists_final_rolls_where_they_were_made_also_after_a_reopen(tmp_path: Path) -> None:
    # rule: DICE-8 — a roll stays in the log at its place
    path = tmp_path / "log.yobigoe"
    with SessionFile.create(path, NewSession(seed=3)) as live:
        live.session.dispatch(AddCharacter(name="アイリン"))
        live.session.dispatch(Roll(command="1D6"))
        live.session.dispatch(DealCard(square="A1"))
        live.session.dispatch(Roll(command="2D6"))
        live.session.dispatch(Roll(command="3D6"))
        live.session.dispatch(MoveParty(square="B2"))
        order = [(e.command.type, getattr(e.command, "command", None)) for e in live.session.logged()]
    assert order[1:] == [
        ("add_character", None),
        ("roll", "1D6"),
        ("deal_card", None),
        ("roll", "2D6"),
        ("roll", "3D6"),
        ("move_party", None),
    ]
    with SessionFile.open(path) as again:
        assert [(e.command.type, getattr(e.command, "command", None)) for e in again.session.logged()] == order


def test_undo_after_reopening_crosses_snapshot_boundaries(tmp_path: Path) -> None:
    """A reopened session rebuilds earlier states from the nearest snapshot
    (crash recovery replays from the last snapshot, not from the beginning)."""
    path = tmp_path / "long.yobigoe"
    with SessionFile.create(path, NewSession(seed=6, cols=6, rows=6)) as live:
        live.session.dispatch(AddCharacter(name="アイリン"))
        squares = [f"{c}{r}" for c in "ABCDEF" for r in range(1, 7)]
        for index in range(240):
            if index % 3 == 2:
                live.session.dispatch(Roll(command="1D100"))
            else:
                live.session.dispatch(MoveParty(square=squares[index % len(squares)]))
        states = [entry.after for entry in live.session.done]
        snapshots = len(live.journal.catalogue.snapshot_ids)
    assert snapshots >= 3  # the undo below crosses at least two of them
    with SessionFile.open(path) as again:
        assert again.session.state == states[-1]
        for expected in reversed(states[:-1]):
            again.session.undo()
            assert again.session.state == expected
        assert not again.session.can_undo
        assert len(again.session.rolls) == 80  # the dice-box rolls were not undone
