"""The combat tracker: DEX order with the GM's ties, turns and rounds (CBT-B-1)."""

from __future__ import annotations

import pytest

from engine.coc6.tracker import combatant_from, next_turn, set_order, start_combat
from engine.errors import EngineError
from tests.engine.coc6.support import investigator


def _people():  # type: ignore[no-untyped-def]
    return [
        combatant_from(investigator(n, DEX=d)) for n, d in (("ミナ", 12), ("ケン", 15), ("ユキ", 12), ("教団員", 9))
    ]


def test_order_by_dex_with_ties_as_the_gm_sets() -> None:
    assert start_combat("coc6-b", _people()).order == ("ケン", "ミナ", "ユキ", "教団員")
    assert start_combat("coc6-b", _people(), tie_order=("ユキ", "ミナ")).order == ("ケン", "ユキ", "ミナ", "教団員")
    tracker = set_order(start_combat("coc6-b", _people()), ("教団員", "ケン", "ミナ", "ユキ"))
    assert tracker.actor == "教団員"
    with pytest.raises(EngineError, match="every combatant exactly once"):
        set_order(tracker, ("教団員", "ケン"))


def test_cbtb1_each_round_starts_with_three_points_for_everyone() -> None:
    tracker = start_combat("coc6-b", _people())
    assert {c.ap_left for c in tracker.combatants.values()} == {3}
    for expected in ("ミナ", "ユキ", "教団員"):
        tracker, end = next_turn(tracker)
        assert tracker.actor == expected and end is None
    tracker, end = next_turn(tracker)
    assert end is not None and (tracker.round, tracker.actor) == (2, "ケン")


def test_duplicate_names_are_refused() -> None:
    with pytest.raises(EngineError, match="share the name 'ミナ'"):
        start_combat("coc6-b", [combatant_from(investigator("ミナ")), combatant_from(investigator("ミナ"))])
