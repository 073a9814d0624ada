"""What the ♦ events and the lingering bone keep between their steps.

A diamond's event runs over several steps of the event phase — remains search,
the tear-spirit choice, summoning, combat rounds, acceptance — and a treasure
may follow an encounter.  The procedure state (``CycleState.diamonds``) holds
only what those steps need to remember: the spirit being fought (its POW, MP,
Call and target), the treasure that is due, and the treasures found so far.
Everything else (sheets, cards) is read from the board each time.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from engine.upland.sheet import UplandModel


class TearSpirit(UplandModel):
    """TEAR-2 … TEAR-5, BONE-1: the tear spirit of ``card`` (a ♦ or the bone).

    ``pow`` and ``mp`` are None until the summoning visualises it; ``call`` starts
    at the card's strength (TEAR-3) and only falls as hits move it away."""

    card: str
    strength: int
    bone: bool = False
    #: TEAR-1: "combat" or "accept" once the party has chosen (the bone always fights).
    mode: Literal["combat", "accept"] | None = None
    pow: int | None = None
    mp: int | None = None
    call: int = 0
    #: The character the spirit attacks this round.
    target: str | None = None
    #: TEAR-4: the taunter it attacks from the next round on.
    next_target: str | None = None
    round: int = 0
    #: True when the spirit came from a remains fumble (REM-2) on this card.
    from_remains: bool = False


class TreasureDue(UplandModel):
    """TRS-1: a treasure roll waits for ``card`` (cap = its strength, or a given cap)."""

    card: str
    cap: int
    #: After the roll the map card is removed and the event phase goes on;
    #: False returns to ``back`` (the step the treasure was opened from).
    settle: bool = False
    back: str = "event.resolve"


class TreasureFound(UplandModel):
    """TRS-3: a treasure of ``rank`` found on ``card``: only its row (and so its
    size class) is fixed now; its contents are decided after the return."""

    card: str
    cycle: int
    rank: int
    rank_ja: str
    kind: str
    ja: str
    lunars: int | None = None
    pow: int | None = None


class DiamondState(UplandModel):
    """The ♦ events' part of the procedure state."""

    tear: TearSpirit | None = None
    treasure: TreasureDue | None = None
    treasures: tuple[TreasureFound, ...] = ()
    #: TRS-1: map cards whose treasure roll is over (found, nothing, or lost)
    treasure_rolled: tuple[str, ...] = ()
    #: BONE-1: the lingering bone's fight is over (won by this character).
    bone_won_by: str | None = None
    #: OBS-4: the ♦ a character played after overcoming an obstacle — its remains
    #: found or its spirit repelled give a treasure roll capped at its strength.
    obstacle_diamond: str | None = None
    #: TEAR-5: characters the spirit possessed (MP 0); the GM decides what follows.
    possessed: tuple[str, ...] = Field(default_factory=tuple)
