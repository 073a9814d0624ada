"""Issue 14's remaining suit rules, each asserting the state after the event:
the way back past an obstacle the party reached by an interaction's move
(OBS-1), the ♦ raised after an overcome obstacle (OBS-4), and the interaction
effects applied to the state (INT-3)."""

from __future__ import annotations

from engine.core.session import Session
from engine.upland.chs_command_types import CheckObstacle, ResolveInteraction
from engine.upland.commands import ChooseMove, ChooseWait, EndCycle, ResolveInvestigation, StartIncidents
from engine.upland.procedure import StepId
from engine.upland.slice import cycle_now
from tests.engine.upland_support import events, lay, refuse, to_deck_top, upland_session


def step(session: Session) -> StepId:
    cycle = cycle_now(session.state)
    assert cycle is not None
    return cycle.step


def at_event(session: Session) -> None:
    session.dispatch(ResolveInvestigation())
    session.dispatch(ChooseWait())
    session.dispatch(StartIncidents())


# ---------------------------------------------------------------------------- OBS-1 after a ♥ move
def test_obs1_after_an_interaction_move_the_way_back_is_the_last_square_passed() -> None:  # rule: OBS-1, INT-3
    session = upland_session()
    lay(session, "C3", "8C")  # 崩れ道 on the destination
    lay(session, "C5", "4H")  # Dの渡し守: move(2) over C4 to C3
    to_deck_top(session, "7D", "2D")
    at_event(session)
    evs = events(session, ResolveInteraction(card="4H", effect="move", path=["C4", "C3"], dice=[1]))
    assert "交流ハートの4：Dの渡し守（1）— 移動（INT-1）。" in [e.describe("ja") for e in evs]
    rollers = [(c, "STR×3") for c in ("c1", "c2", "c3", "c4")]
    session.dispatch(CheckObstacle(card="8C", rollers=rollers, dice=[90, 90, 90, 90]))  # not overcome
    session.dispatch(EndCycle())
    session.dispatch(ResolveInvestigation())
    message = refuse(session, ChooseMove(square="C2"))
    assert "C4" in message.text("ja")
    refuse(session, ChooseMove(square="B3"))
    session.dispatch(ChooseMove(square="C4"))
    assert session.state.party == "C4"
