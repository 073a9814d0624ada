"""Session files written before the ruleset plug-ins (state schema 1: the Upland procedure in
``State.cycle``, sheets without a ``kind``) open, replay and go on.

``fixtures/upland_schema1.yobigoe`` is the three-cycle golden expedition written
by the engine of commit 43c77b6 (``fixtures/make_upland_schema1.py``), with
snapshots, so both the stored events and the stored state JSON of the old
schema are read.  The file's layout (SQL) is unchanged; the state JSON is
brought up to date as it is read by the Upland ruleset's own upgrade.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from engine.core.state import SCHEMA_VERSION, State
from engine.store import SessionFile
from engine.upland.commands import DeclareAction
from engine.upland.procedure import StepId
from engine.upland.sheet import UplandSheet
from engine.upland.slice import cycle_now
from engine.upland.stepper import current_step

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
EXPECTED = json.loads((FIXTURES / "upland_schema1.expected.json").read_text(encoding="utf-8"))
#: The golden expedition's log as the engine of the fixture told it (the stepper
#: has since run the ♦ events itself, so today's golden log has more lines).
GOLDEN = FIXTURES / "upland_schema1.log"


def test_an_upland_file_of_schema_1_opens_replays_and_goes_on(tmp_path: Path) -> None:
    path = tmp_path / "expedition.yobigoe"
    shutil.copyfile(FIXTURES / "upland_schema1.yobigoe", path)
    with SessionFile.open(path) as opened:
        session = opened.session
        assert EXPECTED["state"]["schema_version"] == 1 and "cycle" in EXPECTED["state"]
        assert session.state == State.model_validate(EXPECTED["state"])
        assert session.state.schema_version == SCHEMA_VERSION
        cycle = cycle_now(session.state)
        assert cycle is not None and cycle.cycle == 3 and cycle.step is StepId.END
        assert all(isinstance(c.sheet, UplandSheet) for c in session.state.characters.values())
        assert current_step(session.state).step is StepId.END
        # the stored events still tell the golden expedition, line for line
        told = [event.describe("ja") for entry in session.done[1:] for event in entry.events]
        golden = [line for line in GOLDEN.read_text(encoding="utf-8").splitlines() if not line.startswith("## ")]
        assert len(told) > 100 and told == golden[: len(told)]
        session.redo()  # the stored EndCycle, not a new one
        assert session.state == State.model_validate(EXPECTED["redo_state"])
        assert cycle_now(session.state).cycle == 4  # type: ignore[union-attr]
        session.dispatch(DeclareAction(character="c3", action="prayer"))
        assert cycle_now(session.state).declarations["c3"].action == "prayer"  # type: ignore[union-attr]
    with SessionFile.open(path) as reopened:
        assert len(reopened.session.done) == EXPECTED["done"] + 2
        while reopened.session.can_undo:  # every stored command still parses and replays
            reopened.session.undo()
        assert reopened.session.state.seq == 1
