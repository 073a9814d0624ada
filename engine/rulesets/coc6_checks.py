"""The options of the two Call of Cthulhu 6th edition house rulesets, ``coc6-a``
(seed 002) and ``coc6-b`` (seed 004).  The rulesets themselves (slice, sheet,
commands, steps) are declared in :mod:`engine.coc6.ruleset`.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field, model_validator

from engine.core.models import OptionsBase

#: Fields added to the CoC options after sessions were first stored: a stored dump
#: holds every other field (see :meth:`CocOptions._keep_stored_options`).
ADDED_LATER = frozenset({"hex_metres", "npcs_start_hidden", "cap_before_modifiers", "keeper_round"})
#: What a stored dump without a field added later did before it existed.
STORED_BEFORE: dict[str, Any] = {"npcs_start_hidden": False, "cap_before_modifiers": True, "keeper_round": False}


class CocOptions(OptionsBase):
    """What both CoC rulesets' options share: the players' view of the keeper's NPCs."""

    #: **Reading** (a keeper's NPCs): an NPC the keeper makes — a new investigator
    #: or an imported sheet marked NPC — starts hidden from the players
    #: (``Character.shown`` False) until the keeper shows it, as the table's own
    #: NPCs do.  False is how sessions created before it behave: every character
    #: in view from the start.  Old session files keep False (stored options).
    npcs_start_hidden: bool = True
    #: The combat round as the keeper runs it: an unconscious or dying combatant gets no turn
    #: (HP-B-1), a delay (ディレイ) lets the next combatant act first for the round (CBT-B-1), and
    #: death, treatment and a running death countdown stay with the character into the next
    #: combat (HP-B-1).  False is how sessions created before it ran: only the dead were passed
    #: over, a delay only paid its 0 points, and each combat began from the sheets' HP alone.
    keeper_round: bool = True

    @model_validator(mode="before")
    @classmethod
    def _keep_stored_options(cls, data: Any) -> Any:
        """Old session files keep the options they were created with.

        A session stores its options in full, so a changed default never reaches
        an old file — except for a field added since: a stored dump holding every
        other field but not ``npcs_start_hidden`` was written before the keeper's
        NPCs started hidden.  (A new session's partial overrides never hold every
        field, so they get today's defaults.)
        """
        if not isinstance(data, dict):
            return data
        if not set(cls.model_fields) - ADDED_LATER <= set(data):
            return data  # not a stored dump: the defaults apply
        return {k: v for k, v in STORED_BEFORE.items() if k in cls.model_fields} | data


class Coc6AOptions(CocOptions):
    """Options of the ``coc6-a`` ruleset (seed 002)."""

    ruleset: Literal["coc6-a"] = "coc6-a"
    # CHK-A-4: a C/F with no fitting special effect goes to the party pool.
    pool_criticals_by_default: bool = True
    #: The projector shows HP/MP/SAN bars (the GM allows it).
    show_bars: bool = False
    #: **Reading** (movement): a hex of the battle map is this many metres (yards in
    #: the English book); a human moves MOV 8 of them a round (engine.coc6.battle_link).
    hex_metres: int = Field(default=1, ge=1, le=8)


class Coc6BOptions(CocOptions):
    """Options of the ``coc6-b`` ruleset (seed 004)."""

    ruleset: Literal["coc6-b"] = "coc6-b"
    # CHK-B-0: ``ccb`` = critical 1–5 / fumble 96–100; ``cc`` = 1 / 100.
    crit_fumble: Literal["ccb", "cc"] = "ccb"
    # CHK-B-2: cap of investigator skill checks.
    skill_cap: int = 80
    # CHK-B-4: cap of SAN roll targets.
    san_cap: int = 70
    #: CHK-B-2/3/4 order: False caps the value rolled against, after the modifiers
    #: (目星 90 + 15 → 80); True caps the bare skill and adds the modifiers to it
    #: (90 + 15 → 95), which is what sessions stored before the option did.
    cap_before_modifiers: bool = False
    #: The projector shows HP/MP/SAN bars (the GM allows it).
    show_bars: bool = False
    #: **Reading** (movement): a hex of the battle map is this many metres (yards in
    #: the English book); a human moves MOV 8 of them a round (engine.coc6.battle_link).
    hex_metres: int = Field(default=1, ge=1, le=8)
