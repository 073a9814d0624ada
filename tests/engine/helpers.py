"""Shared builders for engine tests."""

from __future__ import annotations

from engine.core.session import Session
from engine.session import new_session
from engine.table.commands import AddCharacter


def party_session(seed: int = 7, names: tuple[str, ...] = ("アイリン", "ロイ", "ミナ", "ケイ")) -> Session:
    """A started upland session with a party, deck in standard order."""
    session = new_session(seed=seed)
    for name in names:
        session.dispatch(AddCharacter(name=name))
    return session


def all_card_locations(state) -> list[str]:  # type: ignore[no-untyped-def]
    """Every card code in every pile (hidden bone included), for MAP-6 checks."""
    cards: list[str] = list(state.deck) + list(state.discard) + list(state.removed)
    for stack in state.squares.values():
        cards += stack
    for pile in state.hands.values():
        cards += pile
    if state.bone.card and not state.bone.revealed:
        cards.append(state.bone.card)
    return cards
