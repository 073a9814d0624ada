"""A ruleset defined only in tests plugs in beside the core — its
options, state slice, command, event and step — with no edit to the core."""

from __future__ import annotations

import json

import pytest

from engine.core.models import SliceBase
from engine.core.player_view import player_view
from engine.core.state import State
from engine.errors import EngineError
from engine.rulesets import registry
from engine.rulesets.base import Ruleset
from engine.session import new_session
from engine.table.places import DECK, DISCARD, REMOVED
from tests.toy_ruleset import TOY_FLOW, ToySlice, toy


def test_a_toy_ruleset_runs_through_the_session_and_its_step_table(toy_ruleset: Ruleset) -> None:
    session = new_session(ruleset="toy", seed=1, options={"goal": 2})
    # A ruleset without cards gets none: no deck, no secret pile.
    assert session.state.deck == () and session.state.places() == [DECK, DISCARD, REMOVED]
    assert TOY_FLOW.current(session.state).id == "toy.count"
    session.dispatch({"type": "toy_count"})  # parsed through the registry's union
    session.dispatch({"type": "toy_count"})
    assert toy(session.state).count == 2
    assert TOY_FLOW.current(session.state).id == "toy.done" and TOY_FLOW.current(session.state).ends
    with pytest.raises(EngineError):
        session.dispatch({"type": "toy_count"})  # the done step accepts no count
    session.undo()
    assert toy(session.state).count == 1 and TOY_FLOW.current(session.state).id == "toy.count"


def test_the_toy_slice_survives_a_save_and_hides_its_secret_from_players(toy_ruleset: Ruleset) -> None:
    session = new_session(ruleset="toy", seed=1)
    session.dispatch({"type": "toy_count"})
    stored = json.loads(session.state.model_dump_json())
    assert stored["slices"] == {"toy": {"count": 1, "secret": "hidden"}}
    assert stored["options"]["goal"] == 3
    assert State.model_validate_json(json.dumps(stored)) == session.state
    assert player_view(session.state).slices["toy"] == ToySlice(count=1, secret="")


def test_the_toy_ruleset_does_not_leak_out_of_its_test() -> None:
    assert "toy" not in registry.ids()
    with pytest.raises(EngineError):
        new_session(ruleset="toy")
    with pytest.raises(EngineError):
        registry.parse_command({"type": "toy_count"})


class Tokens(SliceBase):
    """A shared part of the state that belongs to no ruleset (like the hex battle's)."""

    placed: tuple[str, ...] = ()


def test_a_slice_that_is_not_a_ruleset_can_be_stored_by_any_ruleset() -> None:
    registry.register_slice("tokens", Tokens)
    try:
        session = new_session(ruleset="coc6-b", seed=2)
        state = session.state.with_slice("tokens", Tokens(placed=("A1",)))
        again = State.model_validate_json(state.model_dump_json())
        assert again.slice("tokens", Tokens) == Tokens(placed=("A1",))
        assert player_view(state).slices["tokens"] == Tokens(placed=("A1",))  # no view: nothing hidden
    finally:
        registry.unregister_slice("tokens")
    with pytest.raises(EngineError):  # unknown once unregistered: a clear refusal, not silent data loss
        State.model_validate_json(state.model_dump_json())


def test_the_registry_finds_each_rulesets_step_table(toy_ruleset: Ruleset) -> None:
    assert registry.flow("toy") is TOY_FLOW
    upland = registry.flow("upland")
    declare = upland.step("investigation.declare") if upland is not None else None
    assert declare is not None and declare.moves == ("upland_resolve_investigation",)
    assert declare.free == ("upland_declare_action",)  # declaring does not resolve the step
    coc = registry.flow("coc6-b")
    assert coc is not None and "coc_attack" in coc.step("coc.combat_turn").free
