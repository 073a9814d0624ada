"""The cards of a session read from a file: every one a card of the game, in one place.

A file whose checksums are right may still be crafted (its checksums recomputed),
and a table whose cards are unknown, doubled or missing would open into a board
the GUI cannot show.  The store's reader refuses such a file with the "damaged"
message before anything shows.  Kept apart from the import's checks
(:mod:`engine.store.admission`) so that opening a file needs no command model.
"""

from __future__ import annotations

from typing import Final

from engine.core.state import State
from engine.errors import EngineError
from engine.rulesets import registry
from engine.table.cards import all_cards, parse_card

_EVERY_CARD: Final = frozenset(all_cards())


def card_problem(state: State) -> str | None:
    """Why the cards of ``state`` are not a game's cards (None when they are):
    every code known, every card of the game (the 52 and the jokers, MAP-6) in
    exactly one place once the session has started."""
    seen: set[str] = set()
    for place in state.places():
        for code in state.pile(place):
            try:
                parse_card(code)
            except EngineError:
                return f"unknown card {code[:8]!r}"
            if code in seen:
                return f"card {code} twice"
            seen.add(code)
    for code in state.flags:
        if code not in seen:
            return f"flags of card {code[:8]!r}"
    decks = getattr(state.options, "decks", 1)  # several decks: a stress board
    every = _EVERY_CARD if decks == 1 else frozenset(all_cards(decks))
    if state.started and _plays_with_cards(state) and seen != every:
        missing = sorted(every - seen)
        return f"card {missing[0]} missing" if missing else "cards"
    return None


def _plays_with_cards(state: State) -> bool:
    """Does the session's ruleset set up the card table (CoC sessions play without cards)?"""
    ruleset = registry.find(state.ruleset)
    if ruleset is None or state.options is None:
        return True
    return bool(ruleset.setup(state.options).deck)
