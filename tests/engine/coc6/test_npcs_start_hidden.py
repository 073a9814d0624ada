"""A keeper's NPC — a new investigator or an imported sheet marked NPC — starts
hidden from the players in sessions created now (option ``npcs_start_hidden``),
as the table's own NPCs do; the keeper shows it when the players meet it.
Sessions created before the option keep every character in view."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from engine.coc6.importers.documents import export_sheet
from engine.core.player_view import player_view
from engine.core.session import Session
from engine.rulesets.coc6_checks import Coc6AOptions, Coc6BOptions
from engine.session import new_session
from engine.store import SessionFile
from tests.engine.coc6.support import investigator

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
BASE = {"STR": 12, "POW": 12, "APP": 10, "INT": 13, "EDU": 14, "CON": 12, "DEX": 12, "SIZ": 12}


def make(session: Session, name: str, *, npc: bool) -> str:
    session.dispatch({"type": "add_character", "name": name})
    session.dispatch({"type": "coc_new_investigator", "character": name, "characteristics": BASE, "npc": npc})
    return next(c.id for c in session.state.characters.values() if c.name == name)


def seen_by_players(session: Session, name: str) -> bool:
    return name in player_view(session.state).model_dump_json()


def test_a_new_npc_investigator_starts_hidden_and_the_keeper_shows_it() -> None:
    session = new_session("coc6-b", seed=3)
    mina, cultist = make(session, "ミナ", npc=False), make(session, "教団員", npc=True)
    assert session.state.characters[mina].shown and seen_by_players(session, "ミナ")
    assert not session.state.characters[cultist].shown and not seen_by_players(session, "教団員")
    assert session.done[-1].events[-1].describe("ja") == "教団員 の探索者シートを設定しました。"  # the log as ever
    session.undo()  # one undo step: the sheet and the hiding go together
    assert session.state.characters[cultist].shown and session.state.characters[cultist].sheet is None
    session.redo()
    session.dispatch({"type": "show_character", "character": cultist, "shown": True})  # the players meet it
    assert seen_by_players(session, "教団員")
    session.dispatch({"type": "coc_new_investigator", "character": "教団員", "characteristics": BASE, "npc": True})
    assert session.state.characters[cultist].shown  # a new sheet for a met NPC does not hide it again


def test_an_imported_npc_sheet_starts_hidden_a_player_sheet_in_view() -> None:
    session = new_session("coc6-a", seed=3)
    for name, npc in (("教団員", True), ("ケン", False)):
        document = export_sheet(investigator(name).model_copy(update={"npc": npc}), "yobigoe")
        session.dispatch({"type": "coc_import_sheet", "document": json.dumps(document, ensure_ascii=False)})
    shown = {c.name: c.shown for c in session.state.characters.values()}
    assert shown == {"教団員": False, "ケン": True}
    assert not seen_by_players(session, "教団員") and seen_by_players(session, "ケン")


def test_the_option_off_keeps_a_new_npc_in_view() -> None:
    session = new_session("coc6-b", seed=3, options={"npcs_start_hidden": False})
    cultist = make(session, "教団員", npc=True)
    assert session.state.characters[cultist].shown


def test_options_stored_before_the_option_read_as_off_and_new_sessions_as_on() -> None:
    assert Coc6AOptions().npcs_start_hidden and Coc6BOptions().npcs_start_hidden
    stored = Coc6BOptions().model_dump(exclude={"npcs_start_hidden", "hex_metres"})
    assert not Coc6BOptions.model_validate(stored).npcs_start_hidden
    assert Coc6BOptions.model_validate(Coc6BOptions().model_dump()).npcs_start_hidden  # today's files keep it on
    assert Coc6BOptions.model_validate({"ruleset": "coc6-b", "skill_cap": 90}).npcs_start_hidden  # a GM's overrides


def test_an_npc_made_in_a_session_written_before_the_option_stays_in_view(tmp_path: Path) -> None:
    path = tmp_path / "old.yobigoe"
    shutil.copyfile(FIXTURES / "coc6_b_before_decisions.yobigoe", path)
    with SessionFile.open(path) as opened:
        session = opened.session
        options = session.state.options
        assert isinstance(options, Coc6BOptions) and not options.npcs_start_hidden
        cultist = make(session, "教団員C", npc=True)
        assert session.state.characters[cultist].shown
