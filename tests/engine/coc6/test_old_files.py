"""CoC session files written before checks, pool rulings and APP pre-rolls had
events of their own (every fact one ``coc_fact`` with whole-slice snapshots and a
``detail`` dict) open, replay, go on and undo to the root.

The fixtures were written by that older engine (``fixtures/make_coc6_before_decisions.py``)
from the scripts beside them: ruleset A with a critical put into the pool, a
fumble, chips paid and cancelled, a SAN check, growth and a short combat;
ruleset B with the golden three-round combat, an APP×5 pre-roll followed by its
check, a Mythos roll with its SAN cost and a secret 〈心理学〉.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.coc6.check_events import CocChecked
from engine.coc6.events import CocFact
from engine.core.state import State
from engine.errors import EngineError
from engine.rulesets.registry import parse_command
from engine.store import SessionFile
from engine.table.commands import NewSession
from tests.engine.recorded_files import FIXTURES, assert_opened_as_recorded, recorded_copy


@pytest.mark.parametrize("ruleset", ["coc6_a", "coc6_b"])
def test_a_coc_file_of_single_fact_events_opens_replays_goes_on_and_undoes_to_the_root(
    ruleset: str, tmp_path: Path
) -> None:
    stem = f"{ruleset}_before_decisions"
    path, want = recorded_copy(stem, tmp_path)
    with SessionFile.open(path) as opened:
        session = opened.session
        assert_opened_as_recorded(session, want)
        stored = [event for entry in session.done for event in entry.events]
        assert any(isinstance(e, CocFact) and e.fact == "check" for e in stored)  # the old event, read as it is
        assert [event.describe("ja") for event in stored] == want["log"]  # the log reads as it did
        session.redo()  # the stored last command, not a new one
        assert session.state == State.model_validate(want["redo_state"])
        session.dispatch({"type": "coc_check", "character": "ミナ", "what": "目星"})
        assert isinstance(session.done[-1].events[0], CocChecked)  # a new check is a typed event
    with SessionFile.open(path) as reopened:
        session = reopened.session
        assert len(session.done) == len(want["done"]) + 2  # type: ignore[arg-type]
        while session.can_undo:  # every stored command and event still parses and replays
            session.undo()
        assert session.state.seq == 1 and "coc6" not in session.state.slices  # back to the new session


@pytest.mark.parametrize(("ruleset", "seed"), [("coc6_a", 16), ("coc6_b", 6)])
def test_the_same_play_by_todays_engine_is_written_and_read_back_event_for_event(
    ruleset: str, seed: int, tmp_path: Path
) -> None:
    """Every typed event today's commands emit is a registered event the file reads back."""
    script = (FIXTURES / f"{ruleset}_before_decisions.jsonl").read_text(encoding="utf-8").splitlines()
    script += [
        '{"type": "coc_check", "character": "ミナ", "what": "説得", "first_meeting": true}',
        '{"type": "coc_check", "character": "ケン", "what": "目星", "ask": true}',
        '{"type": "coc_decide", "choice": "special_effect"}',
    ]
    path = tmp_path / "new.yobigoe"
    live = SessionFile.create(path, NewSession(ruleset=ruleset.replace("_", "-"), seed=seed))
    for line in script:
        try:
            live.session.dispatch(parse_command(line))
        except EngineError:
            pass
    told = [event.describe("ja") for entry in live.session.done for event in entry.events]
    types = {event.type for entry in live.session.done for event in entry.events}
    state = live.session.state
    live.close()
    assert "coc_checked" in types and ("coc_clock_advanced" in types or ruleset == "coc6_b")
    with SessionFile.open(path) as opened:
        assert [event.describe("ja") for entry in opened.session.done for event in entry.events] == told
        assert opened.session.state == state
