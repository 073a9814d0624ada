"""CoC files whose combat facts and student change are the older single
``coc_fact`` event (whole-slice snapshots and a ``detail`` dict) open, replay,
go on and undo to the root; today's engine plays the same scripts with typed
events only — and leaves, command for command, the very same state and log.

The fixtures were written by ``python -m engine new … --seed N`` then
``python -m engine play`` with the engine before the combat facts had typed
events, from scripts under tests/data/coc6/:

* ``coc6_b_combat_facts`` — the golden three-round combat as it was then (``combat_facts_b.jsonl``, seed 6);
* ``coc6_b_manoeuvre_facts`` — the martial-arts specials and counters, then
  grapples, a salto, a tackle, a condition, standing up, a reorder, a pulled
  blow, a treatment, a death, the combat's end and a student's change
  (``manoeuvre_facts_b.jsonl``, seed 1);
* ``coc6_a_combat_facts`` — ruleset A's actions and contests, a treatment, and
  a short madness counting down at each round's end (``combat_facts_a.jsonl``, seed 4).
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from engine.coc6.combat_events import CocCombatFact, CocCombatStarted, CocTurnBegan
from engine.coc6.events import CocFact, CocStudentChanged
from engine.core.events import EventBase
from engine.core.session import Session
from engine.core.state import State
from engine.errors import EngineError
from engine.session import new_session
from engine.store import SessionFile

ROOT = Path(__file__).resolve().parents[3]
FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
SCRIPTS = ROOT / "tests" / "data" / "coc6"

#: (fixture, ruleset, seed, script, a command that goes on from where the file stops)
CASES = [
    ("coc6_b_combat_facts", "coc6-b", 6, "combat_facts_b.jsonl", {"type": "coc_next_turn"}),
    ("coc6_b_manoeuvre_facts", "coc6-b", 1, "manoeuvre_facts_b.jsonl",
     {"type": "coc_start_combat", "characters": ["ミナ", "ケン"]}),
    ("coc6_a_combat_facts", "coc6-a", 4, "combat_facts_a.jsonl",
     {"type": "coc_start_combat", "characters": ["ミナ", "ケン"]}),
]  # fmt: skip
IDS = [case[0] for case in CASES]

#: The facts each older file tells as ``coc_fact`` events (what today's typed events must match).
OLD_FACTS = {
    "coc6_b_combat_facts": {"combat_start", "action_b", "damage_roll", "hp", "condition", "turn", "round_end",
                            "cover", "treated"},
    "coc6_b_manoeuvre_facts": {"ma_bonus", "rush", "strike", "parried", "feint", "counter_a", "counter_b", "grapple",
                               "manoeuvre", "tackle", "order", "combat_end", "student"},
    "coc6_a_combat_facts": {"order", "action_a", "contest", "treated", "round_end"},
}  # fmt: skip


def play_today(ruleset: str, seed: int, script: str) -> tuple[Session, list[State]]:
    """The script played by today's engine, and the state before it and after each command it took —
    in a session of the older file's options, where the keeper's NPCs start in view and B's caps come
    before the modifiers (CHK-B-2)."""
    older: dict[str, object] = {"npcs_start_hidden": False, "keeper_round": False}
    if ruleset == "coc6-b":
        older["cap_before_modifiers"] = True
    session = new_session(ruleset, seed=seed, options=older)
    states = [session.state]
    for line in (SCRIPTS / script).read_text(encoding="utf-8").splitlines():
        try:
            session.dispatch(line)
        except EngineError:
            continue  # the script's refusals are part of the play
        states.append(session.state)
    return session, states


def events_of(session: Session) -> list[EventBase]:
    return [event for entry in session.done for event in entry.events]


def copy(stem: str, tmp_path: Path) -> Path:
    path = tmp_path / f"{stem}.yobigoe"
    shutil.copyfile(FIXTURES / f"{stem}.yobigoe", path)
    return path


@pytest.mark.parametrize(("stem", "ruleset", "seed", "script", "_more"), CASES, ids=IDS)
def test_todays_typed_combat_events_leave_the_states_and_log_the_older_coc_facts_left(
    stem: str, ruleset: str, seed: int, script: str, _more: dict[str, object], tmp_path: Path
) -> None:
    # rule: CBT-A-1, CBT-B-1, CBT-B-7, HP-B-1, CND-B-1, STU-B-1
    today, states = play_today(ruleset, seed, script)
    typed = events_of(today)
    assert not any(isinstance(event, CocFact) for event in typed)  # no fact is a coc_fact any more
    told = {event.fact for event in typed if isinstance(event, CocCombatFact)}
    told |= {"student"} if any(isinstance(event, CocStudentChanged) for event in typed) else set()
    with SessionFile.open(copy(stem, tmp_path)) as opened:
        old = opened.session
        stored = events_of(old)
        older = {event.fact for event in stored if isinstance(event, CocFact)}
        assert older >= OLD_FACTS[stem] and told >= OLD_FACTS[stem]
        assert [e.describe("ja") for e in stored] == [e.describe("ja") for e in typed]  # the log reads word for word
        assert [e.describe("en") for e in stored] == [e.describe("en") for e in typed]
        assert [entry.command for entry in old.done[1:]] == [entry.command for entry in today.done[1:]]
        for want in reversed(states[1:]):  # each stored command replays to the state today's events leave
            assert old.state == want
            old.undo()
        assert old.state == states[0] and not old.can_undo  # the new session, as today's engine made it


@pytest.mark.parametrize(("stem", "ruleset", "seed", "script", "more"), CASES, ids=IDS)
def test_a_file_of_older_combat_facts_goes_on_with_typed_events_and_undoes_to_the_root(
    stem: str, ruleset: str, seed: int, script: str, more: dict[str, object], tmp_path: Path
) -> None:
    path = copy(stem, tmp_path)
    with SessionFile.open(path) as opened:
        count = len(opened.session.done)
        opened.session.dispatch(more)
        added = opened.session.done[-1].events
        assert any(isinstance(event, (CocCombatStarted, CocTurnBegan)) for event in added)
        assert not any(isinstance(event, CocFact) for event in added)
        state = opened.session.state
    with SessionFile.open(path) as reopened:
        session = reopened.session
        assert len(session.done) == count + 1 and session.state == state  # the typed events read back
        while session.can_undo:  # every stored command and event, old and new, replays
            session.undo()
        assert session.state.seq == 1 and "coc6" not in session.state.slices
