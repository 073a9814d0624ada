"""Decisions a CoC check waits for, kept in the CoC slice until the GM answers.

Like boardgame.io's stages: a check whose result needs the GM's word rolls
once and stays open; the slice holds what it waits for, every other CoC
command is refused meanwhile (undo still works), and one resolving command
(``coc_decide``) finishes it with the GM's answer.

Ruleset A (CHK-A-4): an investigator's critical or fumble is a special effect
or a chip for the party pool, as the GM rules.
"""

from __future__ import annotations

from typing import Literal

from engine.coc6.checks import CheckResult
from engine.coc6.model import CocModel
from engine.coc6.pool import PoolUse
from engine.errors import EngineError
from engine.i18n import render


class CriticalRuling(CocModel):
    """CHK-A-4: a C/F waiting for "special effect or pool chip?".

    The die is rolled and the pool's minus chips applied and plus chips spent
    (``chips``, ``use``); only the chip of the C/F and the growth mark wait."""

    kind: Literal["critical_ruling"] = "critical_ruling"
    #: The character id of the investigator who rolled.
    character: str
    check: CheckResult
    #: The chip the C/F is worth (1C +20, C +10, F −10, 00F −20).
    chip: int
    #: The pool after the check took its chips, before the ruling.
    chips: tuple[int, ...]
    #: What the check did to the pool so far (no chip added yet).
    use: PoolUse
    #: A ruling that waits after this one (a SAN roll's C/F, then its アイデア roll's).
    then: CriticalRuling | None = None


#: What a check can wait for (one kind so far; tagged by ``kind`` for more).
PendingDecision = CriticalRuling


def opened_text(decision: PendingDecision, lang: str) -> str:
    """The log line of a check that now waits for the GM."""
    check = decision.check
    if check.level == "critical":
        key = "{actor}: {what} is a critical — the GM rules: special effect or pool chip?"
    else:
        key = "{actor}: {what} is a fumble — the GM rules: special effect or pool chip?"
    return render(key, lang, actor=check.actor, what=check.what)


def refusal(decision: PendingDecision) -> EngineError:
    """Why another CoC command must wait: the decision named, and the two ways on."""
    check = decision.check
    if check.level == "critical":
        key = "A decision is pending: {actor}'s critical on {what} (special effect or pool chip?). Answer or undo it."
    else:
        key = "A decision is pending: {actor}'s fumble on {what} (special effect or pool chip?). Answer or undo it."
    return EngineError(key, actor=check.actor, what=check.what)
