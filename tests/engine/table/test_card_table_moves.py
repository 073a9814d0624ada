"""A card move changes the card table in one copy (``CardTable.moved``); it must
leave exactly the state the pile-by-pile path leaves — same piles, same order of
squares (stored files list them in that order), blank squares dropped."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.core.state import State
from engine.session import new_session
from engine.table.commands import AddCharacter, DealCard
from engine.table.events import CardMoved
from engine.table.places import DECK, DISCARD, REMOVED, CardFlags, Place, hand, square

PLACES = [DECK, DISCARD, REMOVED, square("A1"), square("B2"), square("C3"), hand("c1"), hand("c2")]


def table_with_cards() -> State:
    session = new_session(seed=11)
    session.dispatch(AddCharacter(name="ケン"))
    session.dispatch(AddCharacter(name="ミナ"))
    for name in ("A1", "B2", "B2", "C3"):
        session.dispatch(DealCard(square=name))
    return session.state


BASE = table_with_cards()


def pile_by_pile(state: State, event: CardMoved) -> State:
    pile = list(state.pile(event.src))
    pile.pop(event.src_index)
    state = state.with_pile(event.src, tuple(pile))
    pile = list(state.pile(event.dst))
    pile.insert(event.dst_index, event.card)
    state = state.with_pile(event.dst, tuple(pile))
    return state.model_copy(update={"flags": {**state.flags, event.card: CardFlags(face_up=event.face_up)}})


@settings(max_examples=150, deadline=None)
@given(st.data())
def test_map6_a_card_move_leaves_the_same_table_as_moving_pile_by_pile(data: st.DataObject) -> None:
    # rule: MAP-6 (a card is in exactly one pile), MAP-2 (an emptied square is blank)
    src: Place = data.draw(st.sampled_from([p for p in PLACES if BASE.pile(p)]))
    src_index = data.draw(st.integers(0, len(BASE.pile(src)) - 1))
    card = BASE.pile(src)[src_index]
    dst: Place = data.draw(st.sampled_from(PLACES))
    room = len(BASE.pile(dst)) - (1 if dst == src else 0)
    event = CardMoved(
        card=card, src=src, src_index=src_index, dst=dst, dst_index=data.draw(st.integers(0, room)), face_up=True
    )
    moved = event.apply(BASE)
    assert moved == pile_by_pile(BASE, event)
    assert list(moved.squares) == list(pile_by_pile(BASE, event).squares)
    assert moved.model_dump_json() == pile_by_pile(BASE, event).model_dump_json()
    assert sum(len(moved.pile(p)) for p in moved.places()) == sum(len(BASE.pile(p)) for p in BASE.places())
