"""Golden test: a scripted three-cycle expedition on a fixed seed, four
characters, with a crossing (INV-9), a despair event (DSP-1/DSP-2), a
sleepwalker held back (TIM-2/TIM-3) and a pursuer's move (PUR-1).  The full log —
each command's label, then ``describe("ja")`` of each of its events, one per
line — must equal the reviewed file ``golden/upland_three_cycles.log``.

Regenerate (then review line by line before committing):
``YOBIGOE_REGEN_GOLDEN=1 python -m pytest tests/engine/upland/test_golden.py``
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

from engine.core.commands import CommandBase
from engine.core.session import Session
from engine.core.state import State
from engine.session import new_session
from engine.table.cards import Suit, parse_card
from engine.table.commands import AddCharacter, ShuffleDeck
from engine.upland.bone import SetBone
from engine.upland.commands import (
    ChooseMove,
    ChooseWait,
    ContinueCycle,
    DeclareAction,
    EndCycle,
    HoldBack,
    MovePursuer,
    ResolveDespair,
    ResolveIncident,
    ResolveInvestigation,
    ResolveSleepwalking,
    SetSheet,
    StartExploration,
    StartIncidents,
)
from engine.upland.incident_phase import DIAMOND_STAGES
from engine.upland.procedure import StepId
from engine.upland.sheet import Skill, UplandSheet
from engine.upland.slice import cycle_now, party_of
from engine.upland.stepper import current_step
from engine.upland.table_commands import MoveParty

GOLDEN = Path(__file__).resolve().parents[1] / "golden" / "upland_three_cycles.log"
SEED = 24

Step = CommandBase | Callable[[State], CommandBase]

SHEETS = {
    "c1": UplandSheet(  # アイリン: the scout
        STR=13,
        CON=14,
        POW=12,
        skills={"視力": Skill(value=55), "聞き耳": Skill(value=40), "歌唱": Skill(value=35)},
        death_rite=35,
        spirit_pressure=6,
        food=4,
        moving_weight=10,
        spell_bonuses=("第二の目",),
    ),
    "c2": UplandSheet(  # ロイ: never despairs (the seed's Roy)
        STR=15,
        CON=15,
        POW=14,
        skills={"捜索": Skill(value=50), "演奏": Skill(value=60)},
        death_rite=40,
        spirit_pressure=4,
        food=4,
        moving_weight=20,
        immune_to_despair=True,
    ),
    "c3": UplandSheet(  # ミナ: the medium
        STR=10,
        CON=11,
        POW=16,
        skills={"歌唱": Skill(value=70), "聞き耳": Skill(value=45)},
        death_rite=60,
        spirit_pressure=9,
        food=4,
        moving_weight=8,
        call=3,
    ),
    "c4": UplandSheet(  # ケイ: the Call already above POW — a sleepwalker
        STR=12,
        CON=12,
        POW=11,
        skills={"視力": Skill(value=45), "追跡": Skill(value=50, no_checks=True)},
        death_rite=25,
        spirit_pressure=3,
        food=0,
        moving_weight=12,
        call=14,
    ),
}


def _event_outcome(state: State) -> CommandBase:
    """How the scripted GM resolves the due card: inactive spades and the bone stay,
    clubs are overcome (tapped), the rest resolved and removed."""
    info = current_step(state)
    assert info.incident is not None
    card = info.cards[0]
    suit = parse_card(card).suit
    if info.incident.active is False or suit is None:
        return ResolveIncident(card=card, outcome="left")
    if suit is Suit.CLUBS:
        return ResolveIncident(card=card, outcome="tapped")
    return ResolveIncident(card=card, outcome="removed")


def _run_events(session: Session, log: list[str]) -> None:
    # ♦ diamonds and the bone: the scripted GM still resolves a ♦ by hand at its first stage
    while cycle_now(session.state) is not None and cycle_now(session.state).step in (
        StepId.INCIDENT_RESOLVE,
        *DIAMOND_STAGES,
    ):
        _do(session, _event_outcome(session.state), log)


def _do(session: Session, step: Step, log: list[str]) -> None:
    command = step(session.state) if callable(step) and not isinstance(step, CommandBase) else step
    assert isinstance(command, CommandBase)
    outcome = session.dispatch(command)
    log.append(f"## {command.label('ja')}")
    log.extend(event.describe("ja") for event in outcome.entry.events)


#: The options the golden log was recorded with: the defaults before the turn-2
#: readings (MAP-8 gate near, INV-4 vision heart stays, TIM-3 rest only).  With
#: today's defaults the despair spade of cycle 2 lands on C4 instead of C5.
OPTIONS_BEFORE_TURN_2: dict[str, object] = {
    "gate_counts_as_near": True,
    "vision_heart_stays": True,
    "holding_back_forbids": "rest",
    # INV-1: the script leaves characters undeclared, read as "no action" when it was recorded
    "require_declarations": False,
}


def expedition(seed: int = SEED, options: dict[str, object] | None = None) -> tuple[Session, list[str]]:
    chosen = OPTIONS_BEFORE_TURN_2 if options is None else options
    session = new_session(seed=seed, shuffle=False, options=chosen)  # the script shuffles as its own first step
    log: list[str] = []
    setup: list[Step] = [
        *(AddCharacter(name=n) for n in ("アイリン", "ロイ", "ミナ", "ケイ")),
        ShuffleDeck(),
        MoveParty(square="C5"),
        SetBone(square="B4"),
        *(SetSheet(character=c, sheet=s) for c, s in SHEETS.items()),
        StartExploration(),
    ]
    for step in setup:
        _do(session, step, log)

    # cycle 1 — scout north and east, resonate toward the bone's block, pray
    for step in (
        DeclareAction(character="c1", action="scout", target="C4"),
        DeclareAction(character="c2", action="resonance", target="B4", skill="演奏"),
        DeclareAction(character="c3", action="resonance", target="B4", skill="歌唱"),
        DeclareAction(character="c4", action="scout", target="D5", skill="視力"),
        ResolveInvestigation(),
    ):
        _do(session, step, log)
    _time_and_events(session, log, move_to="C4")
    _do(session, EndCycle(), log)

    # cycle 2 — resonate again from C4 (block B3 B4 C3 C4)
    for step in (
        DeclareAction(character="c1", action="scout", target="C3"),
        DeclareAction(character="c2", action="resonance", target="B3", skill="演奏"),
        DeclareAction(character="c3", action="resonance", target="B3", skill="歌唱"),
        DeclareAction(character="c4", action="prayer"),
        ResolveInvestigation(),
    ):
        _do(session, step, log)
    _time_and_events(session, log, move_to=None)
    _do(session, EndCycle(), log)

    # cycle 3 — after the crossing
    for step in (
        DeclareAction(character="c1", action="scout", target="C3"),
        DeclareAction(character="c3", action="prayer"),
        ResolveInvestigation(),
    ):
        _do(session, step, log)
    _time_and_events(session, log, move_to="C3")
    _do(session, EndCycle(), log)
    return session, log


def _time_and_events(session: Session, log: list[str], move_to: str | None) -> None:
    """Follow-ups, despair, sleepwalking (ミナ holds ケイ back), the party's choice,
    the pursuer, then the event phase — each as the stepper asks."""
    while True:
        assert cycle_now(session.state) is not None
        step = cycle_now(session.state).step
        if step is StepId.FOLLOW_UP:
            _do(session, ContinueCycle(), log)
        elif step is StepId.TIME_DESPAIR:
            _do(session, ResolveDespair(), log)
        elif step is StepId.SLEEPWALK:
            _do(session, ResolveSleepwalking(), log)
        elif step is StepId.HOLD_BACK:
            walkers = cycle_now(session.state).sleepwalkers
            if "c4" in walkers and walkers["c4"].level != "critical" and walkers["c4"].held_by is None:
                _do(session, HoldBack(sleepwalker="c4", holder="c3"), log)
            _do(session, ContinueCycle(), log)
        elif step is StepId.CHOOSE:
            if move_to is not None and move_to in session.state.grid.orthogonal(party_of(session.state) or ""):
                _do(session, ChooseMove(square=move_to), log)
            else:
                _do(session, ChooseWait(actions={"c1": "watch", "c2": "rest"}), log)
        elif step is StepId.PURSUER:
            _do(session, MovePursuer(), log)
        elif step is StepId.INCIDENT_START:
            _do(session, StartIncidents(), log)
            _run_events(session, log)
        else:
            assert step is StepId.END, step
            return


def test_golden_three_cycle_expedition_log() -> None:
    session, log = expedition()
    text = "\n".join(log) + "\n"
    if os.environ.get("YOBIGOE_REGEN_GOLDEN"):
        GOLDEN.write_text(text, encoding="utf-8")
    expected = GOLDEN.read_text(encoding="utf-8")
    assert text == expected
    # what the script exists to show
    assert "転界: 残想骨がB4に現れました。" in log
    assert any(line.startswith("絶望イベント：") and "失敗" in line for line in log)
    assert any("押しとどめました（TIM-3）" in line for line in log)
    assert any(line.startswith("追跡者") and "移動" in line for line in log)
    assert cycle_now(session.state) is not None and cycle_now(session.state).cycle == 4


def test_golden_expedition_replays_to_the_same_state() -> None:
    first, _ = expedition()
    again = Session(first.initial)
    again.replay([entry.command for entry in first.done])
    assert again.state == first.state
