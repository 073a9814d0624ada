"""The players' view of the battle slice (boardgame.io's playerView).

The projector draws the battle board only from this copy: enemies the players
have not noticed (hidden tokens) are not in it at all — not even as a blank
token, which would give their position away — and every GM note is stripped;
while anything is hidden, the encounter table's creature name is blanked too.
The GM's shading of reachable hexes is GUI state and never part of a slice.
"""

from __future__ import annotations

from engine.core.models import SliceBase
from engine.core.state import State
from engine.hexbattle.model import BattleState


def battle_player_view(battle: BattleState) -> BattleState:
    """A copy with hidden tokens and GM notes removed."""
    tokens = {tid: t.model_copy(update={"note": ""}) for tid, t in battle.tokens.items() if not t.hidden}
    delays = {tid: d for tid, d in battle.sr_delays.items() if tid in tokens}
    exits = tuple(e for e in battle.exits if e.token in tokens)
    appearance = battle.appearance
    if appearance is not None and len(tokens) < len(battle.tokens):
        # The table row names the creature; while any token is hidden it would give it away.
        appearance = appearance.model_copy(update={"creature": "", "count_text": ""})
    return battle.model_copy(
        update={"tokens": tokens, "sr_delays": delays, "exits": exits, "notes": (), "appearance": appearance}
    )


def battle_slice_view(_state: State, part: SliceBase) -> SliceBase:
    """The registry's hook: what the players' window may show of the battle slice."""
    assert isinstance(part, BattleState)
    return battle_player_view(part)
