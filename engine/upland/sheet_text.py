"""How an Upland sheet's fatigue reads on paper: thirds of a point (TIM-5) as
``0``, ``⅔``, ``3``, ``3⅔``, and back from what the GM types.

The sheet editor and the party list show and read fatigue through these, so the
notation lives with the rules, not in a widget.
"""

from __future__ import annotations

import re

#: the vulgar fractions a fatigue value shows (the engine keeps thirds)
THIRDS = {0: "", 1: "⅓", 2: "⅔"}
_FATIGUE = re.compile(r"^\s*(\d*)\s*(⅓|⅔|1/3|2/3)?\s*$")


def fatigue_text(thirds: int) -> str:
    """Thirds as the GM writes them on the sheet: ``0``, ``⅔``, ``3``, ``3⅔`` (never below 0)."""
    whole, rest = divmod(max(thirds, 0), 3)
    if rest == 0:
        return str(whole)
    return (str(whole) if whole else "") + THIRDS[rest]


def parse_fatigue(text: str) -> int | None:
    """``3⅔``, ``3 2/3``, ``⅔`` or ``4`` → thirds; None when it is not a fatigue."""
    match = _FATIGUE.match(text)
    if match is None or not (match.group(1) or match.group(2)):
        return None
    whole = int(match.group(1) or 0)
    frac = match.group(2) or ""
    rest = 1 if frac in ("⅓", "1/3") else 2 if frac in ("⅔", "2/3") else 0
    return whole * 3 + rest


__all__ = ["THIRDS", "fatigue_text", "parse_fatigue"]
