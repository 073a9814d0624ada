"""The players' view of the battle slice (boardgame.io's playerView).

The projector draws the battle board only from this copy: enemies the players
have not noticed (hidden tokens) are not in it at all — not even as a blank
token, which would give their position away — nor are the tokens of characters
the GM has not shown yet, and every GM note is stripped (a ruleset's own
set-up, such as the Upland's appearance, is hidden by that ruleset's view).  Every seat sees the
board alike (a token is no one's secret hand).  The GM's shading of reachable
hexes is GUI state and never part of a slice.
"""

from __future__ import annotations

from collections.abc import Collection

from engine.core.models import SliceBase
from engine.core.seats import Seat, hidden_characters
from engine.core.state import State
from engine.hexbattle.model import BattleState


def battle_player_view(battle: BattleState, hidden: Collection[str] = ()) -> BattleState:
    """A copy with hidden tokens and GM notes removed; ``hidden``: ids and names of
    characters not shown yet, whose tokens go too (a token of a ruleset without
    character ids is named after its combatant)."""
    gone = set(hidden)
    tokens = {
        tid: t.model_copy(update={"note": ""})
        for tid, t in battle.tokens.items()
        if not t.hidden and not gone & {tid, t.label, t.character or ""}
    }
    exits = tuple(e for e in battle.exits if e.token in tokens)
    return battle.model_copy(update={"tokens": tokens, "exits": exits, "notes": ()})


def battle_slice_view(state: State, part: SliceBase, seat: Seat) -> SliceBase:
    """The registry's hook: what a seat's window may show of the battle slice."""
    assert isinstance(part, BattleState)
    hidden = hidden_characters(state, seat)
    return battle_player_view(part, (*hidden, *hidden.values()))
