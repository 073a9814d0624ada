"""The README's CoC screenshots are made by ``python -m app.screenshots_coc``: its
scripted combat must still be accepted by the engine and stand where the captions
say (round 1 mid-way: 教団員B's fist on ケン waits for ケン's defence, 教団員A and ミナ
wounded by the hits before, a token per combatant on the battle map, the two
cultists numbered)."""

from __future__ import annotations

from app.battle.items import token_marks
from app.screenshots_coc import PARTY, SEED, arm_mina, combat_commands
from engine.coc6.events import COC_SLICE
from engine.coc6.state import CocState
from engine.hexbattle.maps import shipped_maps
from engine.hexbattle.slot import battle_of
from engine.session import new_session


def test_the_screenshot_combat_is_accepted_and_stands_where_the_captions_say() -> None:
    session = new_session("coc6-b", seed=SEED)
    commands = combat_commands()
    first, second = list(shipped_maps())[:2]
    for data in commands[: 2 * len(PARTY)]:
        session.dispatch(data)
    session.dispatch(arm_mina(session.state))
    session.dispatch({"type": "open_battle", "map1": first, "map2": second})
    for data in commands[2 * len(PARTY) :]:
        session.dispatch(data)
    session.dispatch({"type": "coc_place_on_battle_map"})
    coc = session.state.slices[COC_SLICE]
    assert isinstance(coc, CocState) and coc.combat is not None
    assert (coc.combat.round, coc.combat.actor) == (1, "教団員B")
    waiting = coc.combat.attack
    assert waiting is not None and (waiting.attacker, waiting.target, waiting.stage) == ("教団員B", "ケン", "defence")
    assert coc.combat.get("教団員A").hp < coc.combat.get("教団員A").hp_max  # ミナ's 日本刀 hit
    assert coc.combat.get("ミナ").hp < coc.combat.get("ミナ").hp_max
    battle = battle_of(session.state)
    assert battle is not None
    assert token_marks(battle.tokens.values()) == {"ミナ": "ミ", "ケン": "ケ", "教団員A": "教1", "教団員B": "教2"}
