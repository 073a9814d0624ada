"""The colours offered to new characters (no Qt here: the start-up path reads it)."""

from __future__ import annotations

# Colours offered to a new character in turn, so a party is told apart at a glance.
PALETTE: tuple[str, ...] = ("#d64541", "#3a7bd5", "#2e9e5b", "#e0a526", "#8e44ad", "#16a5a5", "#d35400", "#7f8c8d")

#: A keeper's NPC (a cultist, a witness): its own colour, told apart from the party on the
#: board and in the characters list; not one of the party's colours above.
NPC_COLOR = "#5c2a2a"

__all__ = ["NPC_COLOR", "PALETTE"]
