"""The projector's view of the CoC slice: no secret rolls, no notes, bars only if allowed (CHK-B-6)."""

from __future__ import annotations

from engine.coc6.checks import check
from engine.coc6.combat_b import add_condition
from engine.coc6.player_view import public_view
from engine.coc6.pool import PartyPool
from engine.coc6.sheet import updated
from engine.coc6.state import CocState
from engine.coc6.tracker import combatant_from, start_combat
from tests.engine.coc6.support import investigator, typed


def test_chkb6_psychology_rolls_and_gm_notes_never_reach_the_projector() -> None:
    sheet = updated(investigator(), notes="実は教団の内通者")
    secret = check(sheet, "心理学", "coc6-b", typed(3))
    public = check(sheet, "目星", "coc6-b", typed(3))
    view = public_view(CocState(ruleset="coc6-b"), [sheet], [secret, public])
    assert view.checks == (public,)
    assert "内通者" not in view.model_dump_json()


def test_bars_pool_order_and_conditions_are_shown_as_allowed() -> None:
    mina, cultist = investigator("ミナ"), updated(investigator("教団員"), npc=True)
    tracker = start_combat("coc6-b", [combatant_from(mina), combatant_from(cultist)], tie_order=("ミナ",))
    tracker, _ = add_condition(tracker, "教団員", "prone")
    state = CocState(ruleset="coc6-b", pool=PartyPool(chips=(10, -20)), combat=tracker)
    hidden = public_view(state, [mina, cultist], [])
    assert hidden.pool == (10, -20) and hidden.sheets[0].hp is None
    assert [s.name for s in hidden.sheets] == ["ミナ"]  # NPC sheets stay with the GM
    assert [(c.name, c.current) for c in hidden.order] == [("ミナ", True), ("教団員", False)]
    assert hidden.order[1].conditions[0].kind == "prone"
    shown = public_view(state, [mina], [], show_bars=True)
    assert shown.sheets[0].hp is not None and (shown.sheets[0].hp.value, shown.sheets[0].hp.maximum) == (13, 13)
