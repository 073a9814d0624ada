"""Rolls and dice positions stored by an earlier engine open, replay and are
stored again byte for byte (DICE-1, DICE-2).

The fixtures (``fixtures/make_dice_rolls.py``) were written while rolls and the
dice position were pydantic models; they hold every kind of dice-box roll, the
CoC rules' checks and the Upland bot's words.  Re-storing a row must give the very
text on disk: a journal written later must not differ from one written earlier.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from pydantic import ValidationError

from engine.core.state import State
from engine.rulesets import registry
from engine.store import SessionFile
from tests.engine.recorded_files import FIXTURES, assert_opened_as_recorded, recorded_copy

STEMS = ["dice_rolls_coc6_a", "dice_rolls_upland"]


def stored_rows(path: Path) -> tuple[list[tuple[str, str]], list[str]]:
    """The journal's (command, events) texts and the snapshots' state texts, as on disk."""
    with sqlite3.connect(path) as db:
        journal = [(str(c), str(e)) for c, e in db.execute("SELECT command, events FROM journal ORDER BY id")]
        snapshots = [str(s) for (s,) in db.execute("SELECT state FROM snapshots ORDER BY journal_id")]
    db.close()
    return journal, snapshots


@pytest.mark.parametrize("stem", STEMS)
def test_dice1_stored_rolls_open_replay_and_print_as_they_did(stem: str, tmp_path: Path) -> None:
    # rule: DICE-1 (a saved roll prints again without re-rolling), DICE-2 (the dice position is replayed)
    path, want = recorded_copy(stem, tmp_path)
    with SessionFile.open(path) as opened:
        session = opened.session
        assert_opened_as_recorded(session, want)
        # the dice box lists the same lines, in the same order, without rolling again
        assert [record.result.render("ja") for record in session.rolls.records()] == want["rolls"]
        position = session.state.dice
        undone = 0
        while session.can_undo:  # every stored row still reads and replays
            session.undo()
            undone += 1
        for _ in range(undone):
            session.redo()
        assert session.state == State.model_validate(want["state"]) and session.state.dice == position


@pytest.mark.parametrize("stem", STEMS)
def test_dice1_stored_rolls_are_written_again_byte_for_byte(stem: str) -> None:
    # rule: DICE-1 (a roll is kept as its facts: reading and writing it again changes nothing)
    journal, snapshots = stored_rows(FIXTURES / f"{stem}.yobigoe")
    rolls = [events for _, events in journal if '"system":' in events]
    assert len(rolls) >= 6 and any('"dice":{"seed":' in events for _, events in journal)
    for command, events in journal:
        assert registry.command_from_json(command).model_dump_json() == command
        assert registry.events_to_json(registry.events_from_json(events)).decode() == events
    for state in snapshots:
        assert State.model_validate_json(state).model_dump_json() == state


def test_dice1_a_stored_roll_or_die_with_an_unknown_field_is_refused() -> None:
    # rule: DICE-1 (a damaged roll is not read as some other roll)
    journal, _ = stored_rows(FIXTURES / "dice_rolls_upland.yobigoe")
    events = next(events for _, events in journal if '"system":' in events)
    with pytest.raises(ValidationError, match="hidden"):
        registry.events_from_json(events.replace('"secret":', '"hidden":false,"secret":', 1))
    with pytest.raises(ValidationError, match="faces"):
        registry.events_from_json(events.replace('{"sides":', '{"faces":6,"sides":', 1))
    with pytest.raises(ValidationError, match="counter"):
        registry.events_from_json(events.replace('"counter":', '"counter":"many","was":', 1))
