"""What a marker drop means in the declare step (INV-1), and which hand cards go
with an action (INV-4, INV-6): the rules the board and the stepper ask, checked
against the declarations the engine accepts."""

from __future__ import annotations

import pytest

from engine.errors import EngineError
from engine.table.cards import Suit, parse_card
from engine.upland.commands import DeclareAction
from engine.upland.declaration import (
    declare_drop,
    declare_targets,
    declaring,
    implied_action,
    playable_cards,
    suits_for,
)
from engine.upland.procedure import Action
from tests.engine.upland_support import give, lay, upland_session


def test_inv1_a_drop_square_implies_the_action() -> None:
    # party on C5: C4 / B5 / D5 orthogonal, B4 / D4 diagonal
    session = upland_session()
    lay(session, "A1", "9C")  # a face-down card far away
    state = session.state
    assert declaring(state, "c1") and not declaring(state, "nobody")
    assert implied_action(state, "c1", "C5") is Action.PRAYER
    assert implied_action(state, "c1", "C4") is Action.SCOUT
    assert implied_action(state, "c1", "D4") is Action.RESONANCE
    with pytest.raises(EngineError) as no_heart:
        implied_action(state, "c1", "A1")
    assert "INV-4" in no_heart.value.text("ja") and "アイリン" in no_heart.value.text("ja")
    give(session, "c1", "7H")
    assert implied_action(session.state, "c1", "A1") is Action.VISION
    with pytest.raises(EngineError) as far:
        implied_action(session.state, "c1", "E1")  # far away and no face-down card
    assert "E1" in far.value.text("ja") and "INV-1" in far.value.text("ja")
    assert {"C5", "C4", "D4", "A1"} <= declare_targets(session.state, "c1")
    assert "E1" not in declare_targets(session.state, "c1")


def test_inv1_a_drop_becomes_one_declaration_that_the_engine_accepts() -> None:
    session = upland_session()
    give(session, "c1", "7H")
    lay(session, "A1", "9C")
    vision = declare_drop(session.state, "c1", "A1")
    assert vision == DeclareAction(character="c1", action=Action.VISION, target="A1", card="7H")
    session.dispatch(vision)
    assert declare_drop(session.state, "c1", "A1") is None  # dropped again on the same square: nothing
    scout = declare_drop(session.state, "c1", "C4")
    assert scout is not None and scout.action is Action.SCOUT and scout.card is None
    session.dispatch(scout)
    assert declare_drop(session.state, "c1", None) == DeclareAction(character="c1", action=None)  # home: withdrawn
    assert declare_drop(session.state, "c2", None) is None  # never declared: nothing to withdraw


@pytest.mark.parametrize("action", [Action.SCOUT, Action.PRAYER, Action.VISION, Action.RESONANCE])
def test_inv6_the_cards_an_action_accepts_are_those_validate_accepts(action: Action) -> None:
    # rule: INV-4, INV-6 — one card of each suit in hand; each is offered iff the engine takes it
    session = upland_session()
    give(session, "c1", "7H", "7S", "7D", "7C")
    lay(session, "A1", "9C")
    target = {Action.SCOUT: "C4", Action.PRAYER: "C5", Action.VISION: "A1", Action.RESONANCE: "D4"}[action]
    offered = playable_cards(session.state, "c1", action)
    assert offered == [c for c in session.state.hands["c1"] if parse_card(c).suit in suits_for(action)]  # hand order
    for card in ("7H", "7S", "7D", "7C"):
        command = DeclareAction(character="c1", action=action, target=target, card=card)
        try:
            session.run(command)
            accepted = True
        except EngineError:
            accepted = False
        assert accepted == (card in offered), (action, card)
    assert suits_for(Action.SCOUT) == (Suit.HEARTS, Suit.SPADES) and suits_for(Action.RESONANCE) == ()
