"""INV-1: who has not declared yet, so the GM is asked before a resolve takes
them as taking no action."""

from __future__ import annotations

from engine.upland.commands import DeclareAction, ResolveInvestigation
from engine.upland.investigation import undeclared
from tests.engine.upland_support import upland_session


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
