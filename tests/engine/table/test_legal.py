"""The fast legal-target answer equals the engine's own refusal, always."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.errors import EngineError
from engine.table.cards import all_cards
from engine.table.commands import DealCard, DrawCards, FlipCard, MoveCard, ShuffleDeck
from engine.table.legal import card_targets, card_targets_by_trial
from engine.table.places import DISCARD, REMOVED, hand, square
from engine.upland.bone import SetBone
from engine.upland.table_commands import marker_targets
from tests.engine.helpers import party_session

SQUARES = [f"{c}{r}" for c in "ABCDE" for r in range(1, 6)]


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10_000), steps=st.lists(st.tuples(st.integers(0, 5), st.integers(0, 24)), max_size=25))
def test_fast_card_targets_equal_the_engines_answer(seed: int, steps: list[tuple[int, int]]) -> None:
    session = party_session(seed=seed)
    session.dispatch(ShuffleDeck())
    for kind, n in steps:
        state = session.state
        command = [
            DealCard(square=SQUARES[n], face_up=n % 2 == 0),
            DrawCards(character=f"c{n % 4 + 1}"),
            FlipCard(card=state.deck[0]) if state.deck else DealCard(square=SQUARES[n]),
            MoveCard(card=all_cards()[n], to=DISCARD),
            MoveCard(card=all_cards()[n + 20], to=REMOVED),
            SetBone(square=SQUARES[n]),
        ][kind]
        try:
            session.dispatch(command)
        except EngineError:
            pass
    for card in all_cards():
        assert card_targets(session.state, card) == card_targets_by_trial(session.state, card), card


def test_legal_targets_exclude_only_the_no_op_and_the_secret_bone() -> None:
    session = party_session()
    session.dispatch(DealCard(square="B2"))
    targets = card_targets(session.state, "AS")
    assert square("B2") not in targets and hand("c1") in targets and len(targets) == 25 + 4 + 3 - 1
    assert card_targets(session.state, "JK1") == []
    assert card_targets(session.state, "ZZ") == []
    assert "A1" in marker_targets(session.state, "c1") and marker_targets(session.state, "c9") == []
