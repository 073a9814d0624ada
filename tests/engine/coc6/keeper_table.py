"""A keeper's table for the combat and check rule tests: two investigators and a cultist with weapons."""

from __future__ import annotations

from typing import Any

from engine.coc6.events import COC_SLICE
from engine.coc6.sheet import CocSheet, Weapon, add_skill, new_investigator, set_skill
from engine.coc6.state import CocState
from engine.coc6.tracker import CombatTracker
from engine.core.session import Session
from engine.errors import EngineError
from engine.session import new_session

BASE = {"STR": 12, "POW": 12, "APP": 10, "INT": 13, "EDU": 14, "CON": 12, "DEX": 12, "SIZ": 12}
KATANA = Weapon(name="日本刀", skill="日本刀", damage="1D10+DB", impaling=True)
KNIFE = Weapon(name="ナイフ", skill="投擲", damage="1D4+DB", impaling=True, thrown=True)


def sheet_of(name: str, skills: dict[str, int], *, npc: bool = False, weapons: tuple[Weapon, ...] = (),
             **chars: int) -> CocSheet:  # fmt: skip
    sheet = new_investigator(name, BASE | chars, npc=npc)
    for skill, value in skills.items():
        sheet = set_skill(sheet, skill, value) if skill in sheet.skills else add_skill(sheet, skill, value)
    return sheet.model_copy(update={"weapons": weapons})


def table(seed: int, ruleset: str = "coc6-b", *sheets: CocSheet, combat: bool = True,
          options: dict[str, object] | None = None) -> Session:  # fmt: skip
    """A session of ``ruleset`` with the sheets as characters (a combat started when ``combat``)."""
    session = new_session(ruleset, seed=seed, options=options)
    for sheet in sheets:
        session.dispatch({"type": "add_character", "name": sheet.name})
        session.dispatch({"type": "coc_set_sheet", "character": sheet.name, "sheet": sheet.model_dump(mode="json")})
    if combat:
        session.dispatch({"type": "coc_start_combat", "characters": [s.name for s in sheets]})
    return session


def mina(**skills: int) -> CocSheet:
    """An investigator with a katana and a throwing knife; STR 16 SIZ 16 give DB +1D4."""
    values = {"こぶし": 75, "回避": 40, "日本刀": 70, "投擲": 60, "マーシャルアーツ": 65} | skills
    return sheet_of("ミナ", values, weapons=(KATANA, KNIFE), STR=16, SIZ=16, DEX=15)


def cultist(**skills: int) -> CocSheet:
    return sheet_of("教団員", {"こぶし": 60, "回避": 30, "日本刀": 50} | skills, npc=True, weapons=(KATANA,))


def ken(**skills: int) -> CocSheet:
    return sheet_of("ケン", {"こぶし": 50, "回避": 30} | skills, DEX=8)


def coc(session: Session) -> CocState:
    found = session.state.slices[COC_SLICE]
    assert isinstance(found, CocState)
    return found


def tracker(session: Session) -> CombatTracker:
    found = coc(session).combat
    assert found is not None
    return found


def lines(session: Session, lang: str = "ja") -> list[str]:
    """The log lines of the last command."""
    return [event.describe(lang) for event in session.done[-1].events]


def refused(session: Session, command: dict[str, Any]) -> str:
    """Dispatch a command that must be refused; the state, the undo line and the dice stay as they were."""
    before = session.state.model_dump_json()
    done, position = len(session.done), session.dice_position
    try:
        session.dispatch(command)
    except EngineError as exc:
        assert session.state.model_dump_json() == before
        assert (len(session.done), session.dice_position) == (done, position)
        return exc.text("en")
    raise AssertionError(f"not refused: {command}")
