"""The session enforces each ruleset's step table (``engine.rulesets.steps``):
a command the flow names runs only at a step that takes it, the refusal names
the step (in the GM's language), and the state, the undo line and the dice
are untouched.  Commands the flow does not name — the card table, the battle
board, the dice box — are never refused by it."""

from __future__ import annotations

import dataclasses

import pytest

from engine.core.session import Session
from engine.errors import EngineError
from engine.rulesets import registry
from engine.rulesets.base import Ruleset
from engine.rulesets.steps import Flow, NotAtThisStep, Step
from engine.session import new_session
from engine.table.commands import AddCharacter
from engine.upland.commands import ChooseWait, DeclareAction, EndCycle, ResolveInvestigation
from engine.upland.procedure import StepId
from engine.upland.slice import cycle_now
from engine.upland.table_commands import MoveParty
from tests.engine.upland_support import upland_session
from tests.toy_ruleset import TOY, TOY_FLOW, ToySlice, toy


def refused(session: Session, command: object) -> NotAtThisStep:
    """Dispatch ``command``, expect the step refusal, and check nothing moved."""
    before, done, dice, finals = session.state, list(session.done), session.dice_position, list(session.finals)
    with pytest.raises(NotAtThisStep) as caught:
        session.dispatch(command)  # type: ignore[arg-type]
    assert session.state is before and session.done == done
    assert session.dice_position == dice and session.finals == finals
    return caught.value


# -- the toy ruleset -----------------------------------------------------------------
def test_toy_a_move_past_its_step_is_refused_naming_the_step(toy_ruleset: Ruleset) -> None:
    session = new_session(ruleset="toy", seed=1, options={"goal": 1})
    session.dispatch({"type": "toy_count"})
    assert TOY_FLOW.current(session.state).id == "toy.done"
    refusal = refused(session, {"type": "toy_count"})
    assert refusal.step.id == "toy.done" and "“done”" in refusal.text("en") and "“count”" in refusal.text("en")
    # a free command is taken at every step, the ended one included
    session.dispatch({"type": "toy_note", "secret": "kept"})
    assert toy(session.state) == ToySlice(count=1, secret="kept")


def test_toy_a_dry_run_is_refused_the_same_way(toy_ruleset: Ruleset) -> None:
    session = new_session(ruleset="toy", seed=1, options={"goal": 1})
    session.dispatch({"type": "toy_count"})
    with pytest.raises(NotAtThisStep):
        session.run({"type": "toy_count"})


def test_a_static_next_the_rules_do_not_follow_is_refused() -> None:
    """A step table whose ``next`` disagrees with where the command leads: the
    session refuses the command rather than let the table and the rules part."""
    wrong: Flow[ToySlice] = Flow.of(
        (
            Step(id="toy.count", phase="play", moves=("toy_count",), next="toy.done", view=toy),
            Step(id="toy.done", phase="done", ends=True, view=toy),
        ),
        TOY_FLOW.at,
    )
    with registry.registered(dataclasses.replace(TOY, flow=lambda: wrong)):
        session = new_session(ruleset="toy", seed=1, options={"goal": 2})
        with pytest.raises(EngineError, match="leads to toy.done"):
            session.dispatch({"type": "toy_count"})  # the count is 1 of 2: still counting
        assert toy(session.state).count == 0


def test_a_flow_refuses_a_next_step_it_does_not_have() -> None:
    with pytest.raises(EngineError, match="nowhere"):
        Flow.of((Step(id="a", phase="p", moves=("x",), next="nowhere"),), lambda state: "a")


# -- the Upland ----------------------------------------------------------------------
def test_upland_a_command_of_another_step_is_refused_naming_the_step() -> None:
    session = upland_session()
    assert cycle_now(session.state) is not None and cycle_now(session.state).step is StepId.DECLARE
    refusal = refused(session, ChooseWait())
    assert refusal.text("en") == (
        "Not now: the procedure is at the step “investigation phase: declare actions”, "
        "which does not take “Wait one hour”."
    )
    assert "「調査フェイズ：行動宣言」" in refusal.text("ja") and "今は実行できません" in refusal.text("ja")
    refused(session, EndCycle())


def test_upland_before_the_exploration_only_the_setup_step_runs() -> None:
    session = upland_session(start=False)
    refusal = refused(session, DeclareAction(character="c1", action="none"))
    assert refusal.step.id == StepId.SETUP.value
    # the table's commands and the sheet edits stay free
    session.dispatch(AddCharacter(name="ユキ"))
    session.dispatch(MoveParty(square="C4"))


def test_upland_a_declaration_does_not_leave_the_step_and_the_resolve_does() -> None:
    session = upland_session()
    session.dispatch(DeclareAction(character="c1", action="none"))
    assert cycle_now(session.state).step is StepId.DECLARE
    session.dispatch(ResolveInvestigation())
    assert cycle_now(session.state).step is not StepId.DECLARE
    refused(session, DeclareAction(character="c1", action="none"))


def test_upland_every_command_of_the_ruleset_is_declared_in_its_table() -> None:
    flow = registry.flow("upland")
    assert flow is not None
    kinds = {str(c.model_fields["type"].default) for c in registry.get("upland").commands}
    assert {k for k in kinds if not flow.governs(k)} == set()


def test_upland_the_pursuer_step_declares_its_next_step() -> None:
    flow = registry.flow("upland")
    assert flow is not None
    assert flow.step(StepId.PURSUER.value).next == StepId.INCIDENT_START.value
    assert flow.step(StepId.CYCLE_DESPAIR.value).next == StepId.DECLARE.value


# -- CoC 6e A and B ------------------------------------------------------------------
def coc_party(ruleset: str) -> Session:
    session = new_session(ruleset, seed=5)
    for name in ("ミナ", "ケン"):
        session.dispatch({"type": "add_character", "name": name})
        session.dispatch(
            {
                "type": "coc_new_investigator",
                "character": name,
                "characteristics": {
                    "STR": 12,
                    "POW": 12,
                    "APP": 10,
                    "INT": 13,
                    "EDU": 14,
                    "CON": 12,
                    "DEX": 12,
                    "SIZ": 12,
                },
                "skills": {"目星": 60},
            }
        )
    return session


@pytest.mark.parametrize("ruleset", ["coc6-a", "coc6-b"])
def test_coc_combat_commands_are_refused_in_free_play_naming_the_step(ruleset: str) -> None:
    session = coc_party(ruleset)
    refusal = refused(session, {"type": "coc_next_turn"})
    assert refusal.step.id == "coc.play" and "“free play”" in refusal.text("en")
    assert "「自由探索」" in refusal.text("ja")
    refused(session, {"type": "coc_end_combat"})
    # a check is free: in play and in combat alike
    session.dispatch({"type": "coc_check", "character": "ミナ", "what": "目星"})
    session.dispatch({"type": "coc_start_combat", "characters": ["ミナ", "ケン"]})
    session.dispatch({"type": "coc_check", "character": "ミナ", "what": "目星"})
    refusal = refused(session, {"type": "coc_start_combat", "characters": ["ミナ"]})
    assert refusal.step.id == "coc.combat_turn" and "「戦闘の手番」" in refusal.text("ja")
    session.dispatch({"type": "coc_next_turn"})
    session.dispatch({"type": "coc_end_combat"})
    refused(session, {"type": "coc_next_turn"})


def test_coc_b_actions_belong_to_the_combat_turn() -> None:
    session = coc_party("coc6-b")
    refused(session, {"type": "coc_attack", "name": "ミナ", "skill": "こぶし"})
    refused(session, {"type": "coc_damage", "target": "ケン", "amount": 1})


@pytest.mark.parametrize("ruleset", ["coc6-a", "coc6-b"])
def test_coc_every_command_is_declared_in_the_table(ruleset: str) -> None:
    from engine.coc6.battle_link import BATTLE_LINK_COMMANDS
    from engine.coc6.commands import COC_COMMANDS
    from engine.coc6.manoeuvre_commands import MANOEUVRE_COMMANDS

    flow = registry.flow(ruleset)
    assert flow is not None
    kinds = {str(c.model_fields["type"].default) for c in (*COC_COMMANDS, *MANOEUVRE_COMMANDS, *BATTLE_LINK_COMMANDS)}
    assert {k for k in kinds if not flow.governs(k)} == set()
    assert flow.step("coc.play").next == "coc.combat_turn" and flow.step("coc.combat_turn").next == "coc.play"


# -- what the flow does not name ---------------------------------------------------------
def test_commands_the_flow_does_not_name_are_not_its_business() -> None:
    session = upland_session()
    flow = session.flow()
    assert flow is not None
    for kind in ("move_card", "roll", "open_battle", "give_card"):
        assert not flow.governs(kind) and flow.accepts(session.state, kind)


def test_upland_pieces_on_the_card_table_are_its_commands_free_at_every_step() -> None:
    """The party token, the markers and a group move are the Upland's own (its slice),
    declared free: the GM moves them by hand at any step."""
    session = upland_session()
    flow = session.flow()
    assert flow is not None
    for kind in ("move_party", "place_marker", "move_group", "set_bone", "reveal_bone"):
        assert flow.governs(kind) and kind in flow.free and flow.accepts(session.state, kind)


def test_upland_the_table_loads_without_the_rule_modules_and_names_views_that_exist() -> None:
    """The session reads the table on every command (the first drag included); the
    views load the rule modules only when the stepper asks for one."""
    import importlib

    flow = registry.flow("upland")
    assert flow is not None
    for step in flow.steps:
        assert step.view is not None
        module, _, name = step.view.__qualname__.rpartition(".")
        if module.startswith("engine.upland.") and module.endswith("_views"):
            assert callable(getattr(importlib.import_module(module), name)), step.id


def test_upland_reading_the_table_imports_no_rule_module() -> None:
    import subprocess
    import sys
    from pathlib import Path

    probe = (
        "import sys\n"
        "from engine.rulesets import builtin, registry\n"
        "builtin.declare(); registry.flow('upland')\n"
        "rules = ('investigation', 'time_phase', 'tear_spirit', 'obstacle', 'step_views', 'diamond_views')\n"
        "print([m for m in rules if 'engine.upland.' + m in sys.modules])\n"
    )
    root = Path(__file__).resolve().parents[3]
    done = subprocess.run([sys.executable, "-c", probe], cwd=root, capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"
