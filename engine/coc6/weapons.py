"""Ruleset B's weapon house rules (SKL-B-1).

Small and large clubs and blackjacks are all used with 〈杖〉 (base 25, in the
skill list); a blackjack's damage follows what is really used.  Aimed blows at
body parts are refused unless the GM allows one, and then they take a minus
modifier and never change the damage.
"""

from __future__ import annotations

from engine.errors import EngineError

STAFF = "杖"
CLUBS: tuple[str, ...] = ("小さい棍棒", "小さな棍棒", "大きい棍棒", "大きな棍棒", "棍棒", "ブラックジャック")


def weapon_skill(weapon: str, skill: str) -> str:
    """SKL-B-1: the skill a weapon is used with (every club and blackjack: 〈杖〉)."""
    return STAFF if weapon.strip() in CLUBS else skill


def aimed_blow_modifier(gm_allows: bool, modifier: int) -> int:
    """SKL-B-1: an aimed blow only where the GM allows it, and only as a minus modifier."""
    if not gm_allows:
        raise EngineError("Aimed blows at body parts are not allowed.")
    return -abs(modifier)
