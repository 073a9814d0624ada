"""INV-1: who has not declared yet; the engine refuses the resolve until every
character has declared ("no action" included) in sessions created since it
enforces this, while older session files keep reading silence as no action."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from engine.session import new_session
from engine.store import SessionFile
from engine.upland.commands import DeclareAction, ResolveInvestigation
from engine.upland.facts import options
from engine.upland.investigation import NotDeclared, undeclared
from engine.upland.options import UplandOptions
from engine.upland.procedure import StepId
from engine.upland.slice import cycle_now
from tests.engine.upland_support import upland_session

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"


def test_inv1_undeclared_lists_the_characters_still_to_declare_in_action_order() -> None:
    session = upland_session()
    assert undeclared(session.state) == ["c1", "c2", "c3", "c4"]
    session.dispatch(DeclareAction(character="c2", action="prayer"))
    session.dispatch(DeclareAction(character="c4", action="none"))
    # "no action" declared by the GM counts as a declaration
    assert undeclared(session.state) == ["c1", "c3"]
    session.dispatch(DeclareAction(character="c2", action=None))  # withdrawn: undeclared again
    assert undeclared(session.state) == ["c1", "c2", "c3"]


def test_inv1_outside_the_declaration_step_nobody_is_waited_for() -> None:
    session = upland_session()
    for who in ("c1", "c2", "c3", "c4"):
        session.dispatch(DeclareAction(character=who, action="none"))
    assert undeclared(session.state) == []
    session.dispatch(ResolveInvestigation())
    # the time phase declares nothing: nobody is "still to declare"
    assert undeclared(session.state) == []


# -- the engine refuses the resolve (new sessions) --------------------------------------
def test_inv1_a_new_session_requires_every_declaration_by_default() -> None:
    assert UplandOptions().require_declarations is True
    assert options(new_session(seed=1).state).require_declarations is True


def test_inv1_resolving_is_refused_naming_who_has_not_declared() -> None:
    session = upland_session(options={"require_declarations": True})
    session.dispatch(DeclareAction(character="c2", action="prayer"))
    before, done, dice = session.state, len(session.done), session.dice_position
    with pytest.raises(NotDeclared) as caught:
        session.dispatch(ResolveInvestigation())
    assert session.state is before and len(session.done) == done and session.dice_position == dice
    assert caught.value.text("en") == (
        "Not yet: アイリン, ミナ, ケイ must declare an action first (“no action” is a declaration too)."
    )
    assert (
        caught.value.text("ja")
        == "まだ判定できません：アイリン、ミナ、ケイが行動を宣言していません（「行動なし」も宣言です）。"
    )


def test_inv1_the_gm_passes_by_declaring_no_action_for_each() -> None:
    session = upland_session(options={"require_declarations": True})
    session.dispatch(DeclareAction(character="c2", action="prayer"))
    for who in undeclared(session.state):
        session.dispatch(DeclareAction(character=who, action="none"))
    session.dispatch(ResolveInvestigation())
    cycle = cycle_now(session.state)
    assert cycle is not None and cycle.step is not StepId.DECLARE


def test_inv1_the_old_reading_takes_silence_as_no_action() -> None:
    session = upland_session(options={"require_declarations": False})
    session.dispatch(ResolveInvestigation())
    cycle = cycle_now(session.state)
    assert cycle is not None and cycle.step is not StepId.DECLARE


def test_inv1_a_stored_options_dump_from_before_keeps_the_old_reading() -> None:
    stored = UplandOptions().model_dump()
    del stored["require_declarations"]
    assert UplandOptions.model_validate(stored).require_declarations is False
    # a GM's partial overrides for a new session are not a stored dump: today's default
    assert UplandOptions.model_validate({"ruleset": "upland", "decks": 1}).require_declarations is True


def test_inv1_an_old_session_file_keeps_the_old_reading_and_goes_on(tmp_path: Path) -> None:
    path = tmp_path / "old.yobigoe"
    shutil.copyfile(FIXTURES / "upland_schema1.yobigoe", path)
    with SessionFile.open(path) as opened:
        session = opened.session
        assert options(session.state).require_declarations is False
        while cycle_now(session.state) is not None and cycle_now(session.state).step is not StepId.DECLARE:
            session.undo()
        assert undeclared(session.state)  # somebody is still to declare, as the file recorded it
        session.dispatch(ResolveInvestigation())  # silence is "no action" in this file
