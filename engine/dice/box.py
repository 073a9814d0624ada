"""The dice box a ruleset declares (``Ruleset.roll``): BCDice-compatible
commands answered by the ruleset's ``dice_system``.  The bot itself
(:mod:`engine.dice.bcdice`) loads on the first roll, not at start-up."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from engine.core.models import OptionsBase
    from engine.dice.result import RollResult
    from engine.dice.rng import DiceSource


def bcdice_roll(text: str, ruleset: str, options: OptionsBase | None, source: DiceSource) -> RollResult:
    from engine.dice.bcdice import evaluate

    return evaluate(text, ruleset, options, source)
