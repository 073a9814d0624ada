"""Issue 15 in the GUI: a Value cell never produces a number the file cannot hold."""

from __future__ import annotations

import pytest

from app.dialogs.character import parse_value


@pytest.mark.parametrize("typed", ["inf", "-inf", "nan", "1e999", "Infinity", "NaN"])
def test_value_cell_keeps_non_finite_text_as_text(typed: str) -> None:
    assert parse_value(typed) == typed


def test_value_cell_still_reads_finite_numbers() -> None:
    assert parse_value("1e3") == 1000.0 and parse_value(" 7 ") == 7
