"""The NPC switch in the engine: an edit makes a character an NPC (hidden until
shown) or a player character again; a CoC sheet saved with its switch moves the
character with it, in one event, so the seats and the caps agree."""

from __future__ import annotations

import pytest

from engine.coc6.sheet import CocSheet
from engine.core.seats import Seat, seats_of
from engine.errors import EngineError
from engine.session import new_session

BASE = {"STR": 12, "POW": 12, "APP": 10, "INT": 13, "EDU": 14, "CON": 12, "DEX": 12, "SIZ": 12}


def table():  # type: ignore[no-untyped-def]
    session = new_session("coc6-b", seed=1)
    session.dispatch({"type": "add_character", "name": "ミナ"})
    session.dispatch({"type": "coc_new_investigator", "character": "ミナ", "characteristics": BASE})
    return session


def test_an_edit_makes_a_character_an_npc_hidden_and_back_shown() -> None:
    session = table()
    session.dispatch({"type": "edit_character", "character": "c1", "npc": True})
    who = session.state.characters["c1"]
    assert who.npc and not who.shown and Seat.character("c1") not in seats_of(session.state)
    session.dispatch({"type": "edit_character", "character": "c1", "npc": False})
    who = session.state.characters["c1"]
    assert not who.npc and who.shown


def test_an_edit_that_leaves_the_flag_alone_is_stored_as_before() -> None:
    session = table()
    outcome = session.dispatch({"type": "edit_character", "character": "c1", "name": "ミナミ"})
    assert "npc" not in outcome.entry.command.model_dump()


def test_chk_b_2_a_sheet_saved_with_the_npc_switch_moves_the_character() -> None:
    session = table()
    sheet = session.state.characters["c1"].sheet
    assert isinstance(sheet, CocSheet)
    session.dispatch({"type": "coc_set_sheet", "character": "c1", "sheet": sheet.model_copy(update={"npc": True})})
    who = session.state.characters["c1"]
    assert who.npc and not who.shown  # npcs_start_hidden
    session.dispatch({"type": "coc_set_sheet", "character": "c1", "sheet": sheet})
    who = session.state.characters["c1"]
    assert not who.npc and who.shown
    session.undo()
    assert session.state.characters["c1"].npc


def test_nothing_to_change_is_refused_with_the_state_unchanged() -> None:
    session = table()
    before = session.state
    with pytest.raises(EngineError):
        session.dispatch({"type": "edit_character", "character": "c1", "npc": False})
    assert session.state == before
