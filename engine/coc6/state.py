"""The CoC state slice: what a ``coc6-a``/``coc6-b`` session keeps beside the sheets.

The party modifier pool (ruleset A), the game clock with SAN losses and
madness (ruleset A), the combat tracker while a combat runs, and the decision
a check waits for (ruleset A's C/F ruling) while the GM has not answered.
"""

from __future__ import annotations

from engine.coc6.checks import CocRuleset
from engine.coc6.decisions import PendingDecision
from engine.coc6.madness import SanityState
from engine.coc6.pool import PartyPool
from engine.coc6.tracker import CombatTracker, Wound
from engine.core.models import SliceBase


class CocState(SliceBase):
    """Stored in ``State.slices["coc6"]``; ``ruleset`` says which house rules run."""

    ruleset: CocRuleset
    pool: PartyPool = PartyPool()
    sanity: SanityState = SanityState()
    combat: CombatTracker | None = None
    #: A check waiting for the GM (None: nothing pending); see :mod:`engine.coc6.decisions`.
    pending: PendingDecision | None = None
    #: HP-B-1: what the last combats left on each character beyond its HP, by sheet name.
    wounds: dict[str, Wound] = {}
    #: CND-B-3: tokens the keeper marked on the battle board as caught unready (strike ranks of
    #: delay, by token id = combatant name), taken up as a frontal surprise when a B combat starts.
    board_delays: dict[str, int] = {}
