"""Physical dice typed by the GM (DICE-2): ``23 71 4`` in rolling order.

The dice box and the phase stepper both take typed dice; they ask here, so
what counts as typed dice is said once, with a translated refusal.
"""

from __future__ import annotations

import re

from engine.errors import EngineError

_TYPED = re.compile(r"^\s*\d+(?:[\s,、]+\d+)*\s*$")


def parse_typed_dice(text: str) -> list[int] | None:
    """``5`` → [5], ``3 4``, ``3,4`` or ``3、4`` → [3, 4]; empty → None (the session rolls)."""
    if not text.strip():
        return None
    if not _TYPED.match(text):
        raise EngineError(
            "Typed dice are whole numbers separated by spaces, e.g. 23 71 4 (got '{text}').", text=text.strip()
        )
    return [int(part) for part in re.split(r"[\s,、]+", text.strip()) if part]


__all__ = ["parse_typed_dice"]
