"""Typed physical dice (DICE-2) as the GM types them in the dice box and the stepper."""

from __future__ import annotations

import pytest

from engine.dice.typed import parse_typed_dice
from engine.errors import EngineError


def test_dice2_typed_dice_are_read_in_rolling_order() -> None:
    assert parse_typed_dice("") is None and parse_typed_dice("   ") is None  # the session rolls
    assert parse_typed_dice(" 5 ") == [5]
    assert parse_typed_dice("23 71 4") == [23, 71, 4]
    assert parse_typed_dice("3,4") == [3, 4] == parse_typed_dice("3、4")


def test_dice2_anything_else_is_refused_in_words() -> None:
    with pytest.raises(EngineError) as err:
        parse_typed_dice("3d")
    assert "3d" in err.value.text("ja") and err.value.text("ja") != err.value.text("en")
