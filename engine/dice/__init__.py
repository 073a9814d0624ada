"""Dice: the seeded generator, expressions and dice-bot commands."""
