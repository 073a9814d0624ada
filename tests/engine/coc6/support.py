"""Builders shared by the CoC tests: a standard investigator and typed dice."""

from __future__ import annotations

from engine.coc6.sheet import CocSheet, new_investigator, set_skill
from engine.dice.rng import DiceSource, DiceState

CHARS = {"STR": 10, "CON": 12, "POW": 13, "DEX": 14, "APP": 11, "SIZ": 13, "INT": 15, "EDU": 16}


def investigator(name: str = "ミナ", **overrides: int) -> CocSheet:
    return new_investigator(name, CHARS | overrides, occupation="探偵")


def with_skill(sheet: CocSheet, skill: str, value: int) -> CocSheet:
    return set_skill(sheet, skill, value)


def typed(*values: int) -> DiceSource:
    """Dice the GM typed in, used in order (DICE-2); more dice than typed is an error."""
    return DiceSource(DiceState(seed=1), list(values))


def seeded(seed: int = 11) -> DiceSource:
    return DiceSource(DiceState(seed=seed))
