"""The dice box names a ruleset's BCDice bot from its declaration, before the
ruleset loads: the declared name must be the one the loaded ruleset gives."""

from __future__ import annotations

from engine.rulesets import builtin, registry


def test_dice_2_declared_dice_system_is_the_loaded_rulesets() -> None:
    # rule: DICE-2 (each ruleset's dice-box commands are read by its own dice bot)
    builtin.declare()
    for part in builtin.DECLARED:
        for ruleset in part.rulesets:
            assert part.dice_system == registry.get(ruleset).dice_system == registry.dice_system(ruleset)
