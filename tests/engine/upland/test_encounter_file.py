"""A session file holding the encounter set-up, written when the set-up was the
battle board's own commands, opens, replays, continues and undoes to the root.

``fixtures/upland_battle_setup.yobigoe`` was written by the engine of commit
2a476d8 (``fixtures/make_upland_battle_setup.py``); its journal names the
set-up's commands and events by the ``type`` strings they still have.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from engine.core.state import State
from engine.hexbattle.commands import MoveToken
from engine.hexbattle.movement import reach
from engine.hexbattle.slot import require_battle
from engine.store import SessionFile
from engine.upland.encounter_commands import ENCOUNTER_COMMANDS
from engine.upland.encounter_events import AppearanceRolled, DriftRolled, EnemiesPlaced, SrDelaysSet
from engine.upland.slice import encounter_of

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
EXPECTED = json.loads((FIXTURES / "upland_battle_setup.expected.json").read_text(encoding="utf-8"))


def test_an_encounter_set_up_written_before_opens_replays_continues_and_undoes(tmp_path: Path) -> None:
    path = tmp_path / "encounter.yobigoe"
    shutil.copyfile(FIXTURES / "upland_battle_setup.yobigoe", path)
    with SessionFile.open(path) as opened:
        session = opened.session
        assert session.state == State.model_validate(EXPECTED["state"])
        assert len(session.done) == EXPECTED["done"]
        told = [event.describe("ja") for entry in session.done[1:] for event in entry.events]
        assert told == EXPECTED["log"]  # the stored events tell the set-up line for line
        commands = {type(entry.command) for entry in session.done}
        assert set(ENCOUNTER_COMMANDS[:6]) <= commands  # read back as the Upland's commands
        events = {type(event) for entry in session.done for event in entry.events}
        assert {DriftRolled, AppearanceRolled, EnemiesPlaced, SrDelaysSet} <= events
        # the set-up's appearance and delays are the Upland's, no longer the board's
        stored = EXPECTED["state"]["slices"]["battle"]
        encounter = encounter_of(session.state)
        assert encounter.appearance is not None
        assert encounter.appearance.model_dump(mode="json") == stored["appearance"]
        assert encounter.sr_delays == stored["sr_delays"]
        assert "appearance" not in require_battle(session.state).model_dump()
        battle = require_battle(session.state)
        token = battle.token("pc-c2")
        goal = next(spot for spot, cost in reach(session.state, battle, "pc-c2").items() if cost > 0)
        session.dispatch(MoveToken(token="pc-c2", to=goal))  # the Upland's move points, 3
        assert require_battle(session.state).token("pc-c2").at == goal != token.at
    with SessionFile.open(path) as reopened:
        session = reopened.session
        assert len(session.done) == EXPECTED["done"] + 1
        while session.can_undo:  # every stored command still parses and undoes
            session.undo()
        assert session.state.seq == 1
        while session.can_redo:  # and replays to the same board
            session.redo()
        assert require_battle(session.state).token("pc-c2").at == goal
        session.undo()
        assert session.state == State.model_validate(EXPECTED["state"])
