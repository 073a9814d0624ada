"""Dice rolls of the CoC rules, drawn from the session's seeded dice (DICE-2).

Every function takes a :class:`~engine.dice.rng.DiceSource`, so the same call
works with the seeded generator and with dice the GM typed in.
"""

from __future__ import annotations

from engine.coc6.model import CocModel
from engine.dice.expression import parse_expression, roll_node
from engine.dice.rng import DiceSource


class Rolled(CocModel):
    """One rolled expression: what was rolled, each die, the total."""

    expression: str
    dice: tuple[int, ...]
    total: int


def roll(source: DiceSource, expression: str) -> Rolled:
    """Roll ``expression`` (``1D10+1D4``, ``1D3``, ``-1D4``) from ``source``."""
    result = roll_node(parse_expression(expression), source)
    return Rolled(expression=expression, dice=result.dice_values, total=result.total)


def d100(source: DiceSource) -> int:
    return source.die(100)
