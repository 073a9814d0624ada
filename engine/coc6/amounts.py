"""What a CoC command accepts as an amount: checked when the command is read, before it runs.

A SAN loss or a heal is ``0``, ``3``, ``1D3``, ``1D6+1`` — never negative, never
text the dice cannot read; a damage roll may subtract (``1D4-1``, a negative
damage bonus) but must be a dice expression.  A bad value is refused with a
translated message and the command never runs, so the state, the dice and the
undo line stay as they were.
"""

from __future__ import annotations

import re
from typing import Annotated

from pydantic import AfterValidator, Field

from engine.dice.expression import DiceSyntaxError, parse_expression
from engine.errors import EngineError

_NON_NEGATIVE = re.compile(r"^\s*[0-9]+(?:[dD][0-9]+)?(?:\s*\+\s*[0-9]+(?:[dD][0-9]+)?)*\s*$")


def _readable(text: str) -> str:
    try:
        parse_expression(text)
    except (DiceSyntaxError, EngineError):
        raise EngineError("'{text}' is not a dice roll such as 1D6+1.", text=text) from None
    return text


def non_negative_roll(text: str) -> str:
    """A loss or a heal: a number or dice added up (``1D6+1``), nothing negative."""
    if not _NON_NEGATIVE.match(text):
        if text.strip().startswith("-") or re.search(r"-\s*[0-9]", text):
            raise EngineError("A loss or a heal cannot be negative ('{text}').", text=text)
        raise EngineError("'{text}' is not a dice roll such as 1D6+1.", text=text)
    return _readable(text)


def damage_roll(text: str) -> str:
    """A damage roll: any dice expression the dice read (it may subtract)."""
    return _readable(text)


LossRoll = Annotated[str, Field(min_length=1, max_length=20), AfterValidator(non_negative_roll)]
DamageRoll = Annotated[str, Field(min_length=1, max_length=40), AfterValidator(damage_roll)]
