"""The options of the two Call of Cthulhu 6th edition house rulesets, ``coc6-a``
(seed 002) and ``coc6-b`` (seed 004).  The rulesets themselves (slice, sheet,
commands, steps) are declared in :mod:`engine.coc6.ruleset`.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from engine.core.models import OptionsBase


class Coc6AOptions(OptionsBase):
    """Options of the ``coc6-a`` ruleset (seed 002)."""

    ruleset: Literal["coc6-a"] = "coc6-a"
    # CHK-A-4: a C/F with no fitting special effect goes to the party pool.
    pool_criticals_by_default: bool = True
    #: The projector shows HP/MP/SAN bars (the GM allows it).
    show_bars: bool = False
    #: **Reading** (movement): a hex of the battle map is this many metres (yards in
    #: the English book); a human moves MOV 8 of them a round (engine.coc6.battle_link).
    hex_metres: int = Field(default=1, ge=1, le=8)


class Coc6BOptions(OptionsBase):
    """Options of the ``coc6-b`` ruleset (seed 004)."""

    ruleset: Literal["coc6-b"] = "coc6-b"
    # CHK-B-0: ``ccb`` = critical 1–5 / fumble 96–100; ``cc`` = 1 / 100.
    crit_fumble: Literal["ccb", "cc"] = "ccb"
    # CHK-B-2: cap of investigator skill checks.
    skill_cap: int = 80
    # CHK-B-4: cap of SAN roll targets.
    san_cap: int = 70
    #: The projector shows HP/MP/SAN bars (the GM allows it).
    show_bars: bool = False
    #: **Reading** (movement): a hex of the battle map is this many metres (yards in
    #: the English book); a human moves MOV 8 of them a round (engine.coc6.battle_link).
    hex_metres: int = Field(default=1, ge=1, le=8)
