"""Shared builders for engine tests."""

from __future__ import annotations

from typing import Any

import pytest

from engine.core.session import Session
from engine.errors import EngineError
from engine.session import new_session
from engine.table.commands import AddCharacter


def party_session(seed: int = 7, names: tuple[str, ...] = ("アイリン", "ロイ", "ミナ", "ケイ")) -> Session:
    """A started upland session with a party, deck in standard order."""
    session = new_session(seed=seed, shuffle=False)  # factory order: tests lay out cards by it
    for name in names:
        session.dispatch(AddCharacter(name=name))
    return session


def all_card_locations(state) -> list[str]:  # type: ignore[no-untyped-def]
    """Every card code in every pile (a slice's secret pile, the hidden bone, included), for MAP-6 checks."""
    cards: list[str] = list(state.deck) + list(state.discard) + list(state.removed)
    for stack in state.squares.values():
        cards += stack
    for pile in state.hands.values():
        cards += pile
    for part in state.slices.values():
        cards += part.secret_cards()
    return cards


def refuse(session: Session, command: Any) -> EngineError:
    """Dispatch an illegal command: an EngineError with a Japanese text, and the
    state and the undo stack exactly as before."""
    before = session.state
    done = len(session.done)
    with pytest.raises(EngineError) as err:
        session.dispatch(command)
    assert session.state == before
    assert len(session.done) == done
    message = err.value
    assert message.text("en") and message.text("ja") != message.text("en"), message.source
    return message
