"""Builders shared by the Upland tests: a started session with four characters,
their sheets and the party at the gate, cards arranged by free board commands."""

from __future__ import annotations

from typing import Any

from engine.core.events import EventBase
from engine.core.session import Session
from engine.core.state import State
from engine.session import new_session
from engine.table.commands import AddCharacter, MoveCard
from engine.table.places import DECK, Place, hand, square
from engine.upland.bone import SetBone
from engine.upland.commands import ChooseWait, ResolveInvestigation, SetSheet, StartExploration, StartIncidents
from engine.upland.procedure import StepId
from engine.upland.sheet import Skill, UplandSheet
from engine.upland.slice import cycle_now
from engine.upland.table_commands import MoveParty
from tests.engine.helpers import refuse  # noqa: F401  (the Upland tests import it from here)

NAMES = ("アイリン", "ロイ", "ミナ", "ケイ")


def sheet(**changes: Any) -> UplandSheet:
    """A plain sheet: 視力 50, 聞き耳 40, 歌唱 60, 〈死祭り〉 30, food, STR/CON 12."""
    base: dict[str, Any] = {
        "STR": 12,
        "CON": 12,
        "POW": 12,
        "skills": {"視力": Skill(value=50), "聞き耳": Skill(value=40), "歌唱": Skill(value=60)},
        "death_rite": 30,
        "food": 3,
        "spirit_pressure": 5,
    }
    base.update(changes)
    return UplandSheet(**base)


def upland_session(
    seed: int = 7,
    party_at: str = "C5",
    bone: str | None = "B3",
    options: dict[str, object] | None = None,
    sheets: dict[str, UplandSheet] | None = None,
    start: bool = True,
) -> Session:
    """Four characters c1..c4 with sheets, party on ``party_at``, bone set; the deck
    in standard order (AS on top) unless a test moves cards.

    These rule tests resolve the investigation with only the actions they are
    about declared, so the session reads silence as "no action" (INV-1's old
    reading, ``require_declarations`` False) unless a test asks for the refusal;
    the INV-1 tests pin the refusal new sessions get by default."""
    chosen: dict[str, object] = {"require_declarations": False, **(options or {})}
    session = new_session(seed=seed, options=chosen, shuffle=False)
    for name in NAMES:
        session.dispatch(AddCharacter(name=name))
    session.dispatch(MoveParty(square=party_at))
    if bone is not None:
        session.dispatch(SetBone(square=bone))
    for index in range(1, 5):
        cid = f"c{index}"
        session.dispatch(SetSheet(character=cid, sheet=(sheets or {}).get(cid, sheet())))
    if start:
        session.dispatch(StartExploration())
    return session


def events(session: Session, command: Any) -> list[EventBase]:
    return list(session.dispatch(command).entry.events)


def of_type(evs: list[EventBase], kind: str) -> list[Any]:
    return [e for e in evs if e.type == kind]


def to_deck_top(session: Session, *cards: str) -> None:
    """Put ``cards`` on top of the deck, the first one topmost."""
    for card in reversed(cards):
        session.dispatch(MoveCard(card=card, to=DECK, index=0))


def give(session: Session, character: str, *cards: str) -> None:
    for card in cards:
        session.dispatch(MoveCard(card=card, to=hand(character)))


def lay(session: Session, square_name: str, card: str, face_up: bool = False) -> None:
    session.dispatch(MoveCard(card=card, to=square(square_name), index=0, face_up=face_up))


def fatigue(state: State, character: str) -> int:
    sheet_ = state.characters[character].sheet
    assert sheet_ is not None
    return sheet_.fatigue_thirds


def sheet_of(state: State, character: str) -> UplandSheet:
    sheet_ = state.characters[character].sheet
    assert sheet_ is not None
    return sheet_


def place(state: State, card: str) -> Place:
    found = state.find(card)
    assert found is not None, card
    return found[0]


def step(session: Session) -> StepId:
    """The exploration cycle's current step (the session must be exploring)."""
    cycle = cycle_now(session.state)
    assert cycle is not None
    return cycle.step


def at_event(session: Session) -> None:
    """From the investigation step to the event phase: resolve, wait, start the incidents."""
    session.dispatch(ResolveInvestigation())
    session.dispatch(ChooseWait())
    session.dispatch(StartIncidents())
