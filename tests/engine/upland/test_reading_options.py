"""How the engine reads some Upland rules: OBS-1 back-only movement, EVT-4 hearts
always resolved, MAP-8/DSP-2 the gate not near itself, INV-4 the vision heart
spent, TIM-3 no sleep while holding back — the options that restore the other
readings, and old session files keeping the options they were created with."""

from __future__ import annotations

import shutil
from pathlib import Path

from engine.store import SessionFile
from engine.upland.commands import (
    ChooseMove,
    ChooseWait,
    DeclareAction,
    EndCycle,
    ResolveIncident,
    ResolveInvestigation,
    StartIncidents,
)
from engine.upland.facts import near_gate, options
from engine.upland.options import UplandOptions
from engine.upland.procedure import StepId
from engine.upland.slice import cycle_now, party_of
from tests.engine.upland.test_golden import expedition
from tests.engine.upland_support import give, lay, refuse, upland_session

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
#: the expedition as the old file recorded it (before the stepper ran the ♦ stages)
OLD_GOLDEN = FIXTURES / "upland_schema1.log"


def _fail_obstacle_on_c4(session_options: dict[str, object] | None = None):  # type: ignore[no-untyped-def]
    """Cycle 1: the party moves C5 → C4, whose ♣8 is failed (left standing)."""
    session = upland_session(options=session_options)
    lay(session, "C4", "8C")
    session.dispatch(ResolveInvestigation())
    session.dispatch(ChooseMove(square="C4"))
    session.dispatch(StartIncidents())
    return session


def test_obs1_a_failed_obstacle_allows_only_the_way_back() -> None:  # rule: OBS-1
    session = _fail_obstacle_on_c4()
    session.dispatch(ResolveIncident(card="8C", outcome="left"))
    session.dispatch(EndCycle())
    session.dispatch(ResolveInvestigation())
    message = refuse(session, ChooseMove(square="B4"))
    assert "OBS-1" in message.text("ja") and "C5" in message.text("ja")
    refuse(session, ChooseMove(square="C3"))
    session.dispatch(ChooseMove(square="C5"))
    assert party_of(session.state) == "C5"


def test_obs1_an_overcome_obstacle_is_tapped_and_allows_any_direction() -> None:  # rule: OBS-1
    session = _fail_obstacle_on_c4()
    session.dispatch(ResolveIncident(card="8C", outcome="tapped"))
    assert session.state.card_flags("8C").tapped
    session.dispatch(EndCycle())
    session.dispatch(ResolveInvestigation())
    session.dispatch(ChooseMove(square="B4"))
    assert party_of(session.state) == "B4"


def test_obs1_a_party_that_waited_still_may_only_go_back() -> None:  # rule: OBS-1
    session = _fail_obstacle_on_c4()
    session.dispatch(ResolveIncident(card="8C", outcome="left"))
    session.dispatch(EndCycle())
    session.dispatch(ResolveInvestigation())
    session.dispatch(ChooseWait())
    session.dispatch(StartIncidents())  # the standing ♣8 triggers again
    session.dispatch(ResolveIncident(card="8C", outcome="left"))
    session.dispatch(EndCycle())
    session.dispatch(ResolveInvestigation())
    refuse(session, ChooseMove(square="D4"))
    session.dispatch(ChooseMove(square="C5"))
    assert party_of(session.state) == "C5"


def test_evt4_an_interaction_cannot_be_left_face_up() -> None:  # rule: EVT-4
    session = upland_session()
    lay(session, "C5", "5H")
    session.dispatch(ResolveInvestigation())
    session.dispatch(ChooseWait())
    session.dispatch(StartIncidents())
    message = refuse(session, ResolveIncident(card="5H", outcome="left"))
    assert "EVT-4" in message.text("ja")
    assert session.state.squares["C5"] == ("5H",) and cycle_now(session.state).step is StepId.INCIDENT_RESOLVE  # type: ignore[union-attr]
    session.dispatch(ResolveIncident(card="5H", outcome="removed"))
    assert session.state.discard[0] == "5H" and len(session.state.squares["C5"]) == 1  # replaced face down
    assert not session.state.card_flags(session.state.squares["C5"][0]).face_up


def test_map8_the_gate_is_not_near_itself_unless_the_option_says_so() -> None:  # rule: MAP-8
    session = upland_session()
    assert near_gate(session.state)[:3] == ["C4", "B5", "D5"]
    session = upland_session(options={"gate_counts_as_near": True})
    assert near_gate(session.state)[:2] == ["C5", "C4"]


def test_dsp2_the_golden_expedition_under_todays_defaults_puts_the_despair_spade_on_c4() -> None:  # rule: DSP-2
    _, old = expedition()
    _, new = expedition(options={"require_declarations": False})  # today's turn-2 defaults
    assert "スペードのQをミナの手札からC5へ移動しました（表向き）。" in old
    assert "スペードのQをミナの手札からC4へ移動しました（表向き）。" in new


def test_inv4_the_vision_heart_stays_only_with_the_option() -> None:  # rule: INV-4
    session = upland_session(options={"vision_heart_stays": True})
    lay(session, "E1", "9D")
    give(session, "c1", "5H")
    session.dispatch(DeclareAction(character="c1", action="vision", target="E1", card="5H"))
    session.dispatch(ResolveInvestigation())
    assert session.state.squares["E1"] == ("5H", "9D")


def test_new_sessions_take_the_reading_defaults() -> None:
    chosen = options(upland_session().state)
    assert (chosen.gate_counts_as_near, chosen.vision_heart_stays, chosen.holding_back_forbids) == (
        False,
        False,
        "sleep_and_rest",
    )


def test_an_old_session_file_keeps_the_options_it_was_created_with(tmp_path: Path) -> None:
    path = tmp_path / "old.yobigoe"
    shutil.copyfile(FIXTURES / "upland_schema1.yobigoe", path)
    with SessionFile.open(path) as opened:
        session = opened.session
        kept = options(session.state)
        assert (kept.gate_counts_as_near, kept.vision_heart_stays, kept.holding_back_forbids) == (True, True, "rest")
        # it replays identically: undo to the root and redo every stored command
        end_state, done = session.state, len(session.done)
        told = [event.describe("ja") for entry in session.done[1:] for event in entry.events]
        while session.can_undo:
            session.undo()
        while len(session.done) < done:  # the file also holds one undone command: not redone
            session.redo()
        assert session.state == end_state
        again = [event.describe("ja") for entry in session.done[1:] for event in entry.events]
        golden = [line for line in OLD_GOLDEN.read_text(encoding="utf-8").splitlines() if not line.startswith("## ")]
        assert again == told == golden[: len(told)]


def test_a_stored_options_dump_without_the_gate_option_keeps_the_gate_near() -> None:  # rule: MAP-8
    stored = UplandOptions().model_dump()
    del stored["gate_counts_as_near"]
    assert UplandOptions.model_validate(stored).gate_counts_as_near is True
    assert UplandOptions.model_validate({"ruleset": "upland"}).gate_counts_as_near is False


def test_obs1_the_stepper_offers_only_the_way_back() -> None:  # rule: OBS-1
    from engine.upland.stepper import current_step

    session = _fail_obstacle_on_c4()
    session.dispatch(ResolveIncident(card="8C", outcome="left"))
    session.dispatch(EndCycle())
    session.dispatch(ResolveInvestigation())
    info = current_step(session.state)
    assert info.choices[0].kind == "move" and info.choices[0].options == ("C5",) and info.squares == ("C5",)


def test_an_old_json_export_reruns_with_the_options_it_recorded(tmp_path: Path) -> None:
    """An export from before the turn-2 defaults: its NewSession left the options
    empty, its SessionStarted recorded them in full; the import's re-run (issue
    15) must use the recorded ones, not today's defaults."""
    import json

    from engine.table.commands import AddCharacter, NewSession

    live = SessionFile.create(
        tmp_path / "old.yobigoe",
        NewSession(
            ruleset="upland",
            seed=3,
            options={"gate_counts_as_near": True, "vision_heart_stays": True, "holding_back_forbids": "rest"},
        ),
    )
    live.session.dispatch(AddCharacter(name="アイリン"))
    live.export_json(tmp_path / "old.json")
    live.close()
    document = json.loads((tmp_path / "old.json").read_text(encoding="utf-8"))
    document["journal"][0]["command"]["options"] = {}  # as an engine of the old defaults wrote it
    (tmp_path / "old.json").write_text(json.dumps(document, ensure_ascii=False), encoding="utf-8")
    imported = SessionFile.import_json(tmp_path / "old.json", tmp_path / "back.yobigoe")
    kept = options(imported.session.state)
    assert (kept.gate_counts_as_near, kept.vision_heart_stays, kept.holding_back_forbids) == (True, True, "rest")
    imported.close()
