"""Secrecy by difference (issue 15): two tables that differ only in what the
players must not know — deck order, the identity of face-down cards, hands,
the lingering bone's square, secret rolls, GM notes, the dice seed — receive
the same visible gestures.  ``player_view`` and the projector window's pixels
must then be identical: anything that differs would be a leak.

Gestures name cards by position ("the top card of B3"), never by code, since
which card lies there is exactly what differs.  Public rolls use typed dice
(DICE-2), the one public thing the seed would otherwise change.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator

import pytest
from PySide6.QtGui import QImage
from pytestqt.qtbot import QtBot

from app.bridge import SessionBridge
from app.projector import ProjectorWindow
from engine.core.commands import CommandBase
from engine.core.player_view import player_view
from engine.core.session import Session
from engine.core.state import State
from engine.errors import EngineError
from engine.session import new_session
from engine.table.commands import (
    AddCharacter,
    AddNote,
    DealCard,
    DrawCards,
    GiveCard,
    MoveCard,
    MoveParty,
    PlaceMarker,
    Roll,
    ShuffleDeck,
    TapCard,
)
from engine.table.places import square
from engine.upland.bone import SetBone

Gesture = Callable[[State, int], CommandBase]
SQUARES = ("A1", "B2", "B3", "C3", "D4", "E2")
SECRET_ROLLS = ("S1D100<=45", "S2D6", "S1D6")


def _top(state: State, name: str) -> str:
    return state.squares[name][0]


def gestures(rng: random.Random) -> Iterator[Gesture]:
    """Visible gestures; the ``variant`` argument only picks secret contents."""
    for _ in range(60):
        kind = rng.choice(
            [
                "deal",
                "deal",
                "draw",
                "move",
                "give",
                "tap",
                "shuffle",
                "bone",
                "secret",
                "note",
                "roll",
                "party",
                "marker",
            ]
        )
        sq, other = rng.choice(SQUARES), rng.choice(SQUARES)
        who, whom = rng.choice(["c1", "c2", "c3"]), rng.choice(["c1", "c2", "c3"])
        seed = rng.randrange(1000)
        if kind == "deal":
            yield lambda s, v, sq=sq: DealCard(square=sq, face_up=False)
        elif kind == "draw":
            yield lambda s, v, who=who: DrawCards(character=who, count=1)
        elif kind == "move":
            yield lambda s, v, sq=sq, other=other: MoveCard(card=_top(s, sq), to=square(other))
        elif kind == "give":
            yield lambda s, v, who=who, whom=whom: GiveCard(card=s.hands[who][0], to_character=whom)
        elif kind == "tap":
            yield lambda s, v, sq=sq: TapCard(card=_top(s, sq))
        elif kind == "shuffle":
            yield lambda s, v: ShuffleDeck()
        elif kind == "bone":  # secret: each table hides the bone somewhere else
            yield lambda s, v, seed=seed: SetBone(square=SQUARES[(seed + 3 * v) % len(SQUARES)])
        elif kind == "secret":
            yield lambda s, v, seed=seed: Roll(
                command=SECRET_ROLLS[(seed + v) % 3], secret=True, reason=f"真相 {seed * (v + 1)}"
            )
        elif kind == "note":
            yield lambda s, v, seed=seed: AddNote(text=f"GM only {seed}/{v}: the key is under {SQUARES[v % 6]}")
        elif kind == "roll":
            yield lambda s, v, seed=seed: Roll(command="2D6", dice=[seed % 6 + 1, seed % 5 + 1], reason="open")
        elif kind == "party":
            yield lambda s, v, sq=sq: MoveParty(square=sq)
        else:
            yield lambda s, v, who=who, sq=sq: PlaceMarker(character=who, square=sq)


def play(seed: int, variant: int, script: list[Gesture]) -> Session:
    session = new_session(seed=seed)
    for name in ("鷹野 遥", "九条 蒼", "真木 灯"):
        session.dispatch(AddCharacter(name=name))
    session.dispatch(ShuffleDeck())
    for gesture in script:
        try:
            command = gesture(session.state, variant)
            session.dispatch(command)
        except (EngineError, KeyError, IndexError):
            session.dispatch(AddNote(text=f"gesture not possible here {variant}"))  # keep seq in step
    return session


def projector_pixels(session: Session, qtbot: QtBot) -> QImage:
    bridge = SessionBridge(session, lang="ja")
    window = ProjectorWindow(bridge)
    qtbot.addWidget(window)
    window.resize(960, 600)
    window.show()
    qtbot.waitExposed(window)
    window.view.fit()
    image = window.grab().toImage()
    window.close()
    return image


@pytest.mark.parametrize("case", range(8))
def test_tables_differing_only_in_secrets_look_the_same_to_players(case: int, qtbot: QtBot) -> None:
    rng = random.Random(1500 + case)
    script = list(gestures(rng))
    one = play(seed=11 + case, variant=0, script=script)
    two = play(seed=911 + 7 * case, variant=1, script=script)
    # The tables really differ in their secrets...
    assert one.state.deck != two.state.deck and one.state.hands != two.state.hands
    assert one.state.notes != two.state.notes or not one.state.notes
    assert one.state.squares.keys() == two.state.squares.keys()
    # ...and the players cannot tell them apart, in the state or on the screen.
    assert player_view(one.state) == player_view(two.state)
    assert player_view(one.state).model_dump_json() == player_view(two.state).model_dump_json()
    first, second = projector_pixels(one, qtbot), projector_pixels(two, qtbot)
    assert first.size() == second.size() and not first.isNull()
    assert first == second


def test_the_differential_sees_a_face_up_difference(qtbot: QtBot) -> None:
    """Guard: the comparison is sharp enough to notice one card shown face up."""
    script: list[Gesture] = [lambda s, v: DealCard(square="B3", face_up=True)]
    one, two = play(seed=11, variant=0, script=script), play(seed=911, variant=1, script=script)
    assert one.state.squares["B3"] != two.state.squares["B3"]
    assert player_view(one.state) != player_view(two.state)
    assert projector_pixels(one, qtbot) != projector_pixels(two, qtbot)
