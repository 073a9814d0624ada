"""The CoC state slice: what a ``coc6-a``/``coc6-b`` session keeps beside the sheets.

The party modifier pool (ruleset A), the game clock with SAN losses and
madness (ruleset A), and the combat tracker while a combat runs.
"""

from __future__ import annotations

from engine.coc6.checks import CocRuleset
from engine.coc6.madness import SanityState
from engine.coc6.pool import PartyPool
from engine.coc6.tracker import CombatTracker
from engine.core.models import SliceBase


class CocState(SliceBase):
    """Stored in ``State.slices["coc6"]``; ``ruleset`` says which house rules run."""

    ruleset: CocRuleset
    pool: PartyPool = PartyPool()
    sanity: SanityState = SanityState()
    combat: CombatTracker | None = None
