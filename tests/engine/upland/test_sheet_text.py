"""Fatigue as the GM writes it on the sheet: thirds of a point (TIM-5)."""

from __future__ import annotations

from engine.upland.sheet_text import fatigue_text, parse_fatigue


def test_tim5_fatigue_reads_in_thirds() -> None:
    assert [fatigue_text(t) for t in (0, 1, 2, 3, 11)] == ["0", "⅓", "⅔", "1", "3⅔"]
    assert fatigue_text(-2) == "0"  # fatigue never shows below zero


def test_tim5_fatigue_typed_by_the_gm() -> None:
    assert parse_fatigue("3⅔") == parse_fatigue("3 2/3") == 11
    assert parse_fatigue("⅔") == 2 and parse_fatigue("4") == 12
    assert parse_fatigue("") is None and parse_fatigue("x") is None
    assert all(parse_fatigue(fatigue_text(t)) == t for t in range(30))
