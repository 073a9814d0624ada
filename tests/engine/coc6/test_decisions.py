"""Decisions a CoC check waits for, in the engine: one roll, one resolving command, one undo step.

Ruleset A (CHK-A-4): a check sent with ``ask`` whose die shows an
investigator's critical or fumble keeps a pending ruling in the slice; every
other CoC command is refused naming it; ``coc_decide`` answers it, and the
session records check and answer as one step.  Ruleset B (CHK-B-7): a check
with ``first_meeting`` rolls the APP×5 pre-roll and carries its modifier in the
same command.  Each is compared with the two-step path the GUI used before
(dispatching the check again with the answer; the pre-roll as its own command):
the same dice, the same state.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.coc6.check_events import CocAppRolled, CocChecked, CocDecided, CocDecisionOpened, CocPoolUsed, coc_of
from engine.coc6.commands import CocAppPreroll, CocCheck, CocDecide
from engine.coc6.state import CocState
from engine.core.player_view import player_view
from engine.core.session import Session
from engine.core.state import State
from engine.errors import EngineError
from engine.rulesets import registry
from engine.session import new_session
from engine.store import SessionFile
from engine.table.commands import NewSession
from tests.engine.coc6.test_commands import party, sheet

MINA = ("ミナ", {}, {"目星": 60, "説得": 50}, False)
CULTIST = ("教団員", {}, {"目星": 60}, True)
#: Seed 16: ミナ's 目星 60 rolls 02, a critical worth a +10 chip (what the GUI's two-step path rolled);
#: seed 56: it rolls a fumble.
CRITICAL_SEED = 16
FUMBLE_SEED = 56


def coc(session: Session) -> CocState:
    """The CoC slice, also before the first fact made one."""
    return coc_of(session.state)


def a_party(seed: int) -> Session:
    return party("coc6-a", MINA, CULTIST, seed=seed)


def asked(session: Session) -> None:
    session.dispatch(CocCheck(character="ミナ", what="目星", ask=True))


@pytest.mark.parametrize("choice", ["pool", "special_effect"])
def test_chk_a_4_the_check_waits_for_the_ruling_and_ends_as_the_old_dispatch_with_the_answer(choice: str) -> None:
    old = a_party(CRITICAL_SEED)
    old.dispatch(CocCheck(character="ミナ", what="目星", choice=choice))  # type: ignore[arg-type]
    new = a_party(CRITICAL_SEED)
    steps = len(new.done)
    asked(new)
    waiting = coc(new).pending
    assert waiting is not None and waiting.check.roll == 2 and waiting.check.level == "critical"
    assert waiting.chip == 10 and coc(new).pool.chips == ()  # the chip waits for the ruling
    assert isinstance(new.done[-1].events[-1], CocDecisionOpened)
    new.dispatch(CocDecide(choice=choice))  # type: ignore[arg-type]
    assert new.state == old.state  # the same die, pool, growth mark and dice position
    assert coc(new).pool.chips == ((10,) if choice == "pool" else ())
    assert len(new.done) == steps + 1  # check and ruling are one step
    kinds = [type(e) for e in new.done[-1].events]
    assert kinds[:3] == [CocChecked, CocDecisionOpened, CocDecided] and CocPoolUsed in kinds
    assert new.undo_label("ja") == "〈目星〉判定"


def test_chk_a_4_one_undo_takes_back_the_whole_check_and_the_next_die_is_a_new_one() -> None:
    session = a_party(CRITICAL_SEED)
    before = session.state
    asked(session)
    session.dispatch(CocDecide(choice="pool"))
    session.undo()
    assert session.state == before and coc(session).pending is None and coc(session).pool.chips == ()
    session.redo()
    assert coc(session).pool.chips == (10,)
    session.undo()
    session.dispatch(CocCheck(character="ミナ", what="目星", ask=True))
    assert session.done[-1].events[0].result.roll != 2  # type: ignore[attr-defined]  # a roll is final


def test_chk_a_4_a_fumble_waits_too_and_the_pool_takes_its_minus_chip() -> None:
    old = a_party(FUMBLE_SEED)
    old.dispatch(CocCheck(character="ミナ", what="目星", choice="pool"))
    session = a_party(FUMBLE_SEED)
    asked(session)
    assert coc(session).pending is not None and coc(session).pending.check.level == "fumble"  # type: ignore[union-attr]
    session.dispatch(CocDecide(choice="pool"))
    assert session.state == old.state and coc(session).pool.chips == (-10,)
    assert sheet(session, "ミナ").skill("目星").growth == "fumble"


def test_chk_a_4_while_the_ruling_waits_other_coc_commands_are_refused_naming_it_and_undo_works() -> None:
    session = a_party(CRITICAL_SEED)
    before = session.state
    asked(session)
    for command in (
        CocCheck(character="ミナ", what="説得"),
        {"type": "coc_add_chip", "chip": 10},
        {"type": "coc_set_skill", "character": "ミナ", "skill": "目星", "value": 70},
        {"type": "coc_start_combat", "characters": ["ミナ"]},
    ):
        with pytest.raises(EngineError) as refused:
            session.dispatch(command)
        assert "ミナ の〈目星〉の決定的成功" in refused.value.text("ja")
        assert "A decision is pending" in refused.value.text("en")
    session.undo()  # the way out without answering
    assert session.state == before
    session.dispatch(CocCheck(character="ミナ", what="説得"))  # and play goes on


def test_chk_a_4_an_answer_with_nothing_pending_is_refused() -> None:
    session = a_party(CRITICAL_SEED)
    with pytest.raises(EngineError, match="No decision is pending"):
        session.dispatch(CocDecide(choice="pool"))


def test_chk_a_3_an_ordinary_result_or_an_npc_never_waits() -> None:
    old = a_party(5)
    old.dispatch(CocCheck(character="ミナ", what="目星"))
    session = a_party(5)
    asked(session)
    assert coc(session).pending is None and session.state == old.state
    npc = a_party(CRITICAL_SEED)
    npc.dispatch(CocCheck(character="教団員", what="目星", ask=True))
    assert coc(npc).pending is None  # an NPC's C/F feeds no pool, so nothing to rule on


def test_chk_a_4_the_recorded_step_replays_to_the_same_state_from_its_command() -> None:
    session = a_party(CRITICAL_SEED)
    asked(session)
    session.dispatch(CocDecide(choice="special_effect"))
    command = session.done[-1].command
    assert isinstance(command, CocDecide) and command.check is not None and command.check.ask
    again = a_party(CRITICAL_SEED)
    again.dispatch(registry.parse_command(command.model_dump_json()))
    assert again.state == session.state
    assert [e.describe("ja") for e in again.done[-1].events] == [e.describe("ja") for e in session.done[-1].events]


def test_chk_a_4_an_answer_after_another_table_command_is_a_step_of_its_own() -> None:
    session = a_party(CRITICAL_SEED)
    asked(session)
    session.dispatch({"type": "add_note", "text": "the GM thinks it over"})  # not a CoC command: allowed
    steps = len(session.done)
    session.dispatch(CocDecide(choice="pool"))
    assert len(session.done) == steps + 1 and coc(session).pool.chips == (10,)
    assert session.done[-1].command == CocDecide(choice="pool")
    session.undo()
    assert coc(session).pending is not None  # back to waiting for the ruling


def test_chk_a_4_the_ruling_is_not_shown_on_the_projector() -> None:
    session = a_party(CRITICAL_SEED)
    asked(session)
    shown = player_view(session.state).slices["coc6"]
    assert isinstance(shown, CocState) and shown.pending is None


def test_chk_a_4_the_log_names_the_wait_and_the_ruling() -> None:
    session = a_party(CRITICAL_SEED)
    asked(session)
    session.dispatch(CocDecide(choice="pool"))
    lines = [e.describe("ja") for e in session.done[-1].events]
    assert lines[0] == "ミナ：〈目星〉 2 / 60 → 決定的成功 [CHK-A-1, CHK-A-2]"
    assert lines[1].startswith("ミナ：〈目星〉は決定的成功 — GM の裁定待ち") and lines[1].endswith("[CHK-A-4]")
    assert lines[2] == "GM の裁定：ミナ の〈目星〉はプールのチップに。 [CHK-A-4]"
    assert lines[3] == "ミナ の判定後の修正プール：+10 [CHK-A-3, CHK-A-4]"


def test_chk_a_4_a_waiting_check_survives_a_reopen_and_its_answer_is_still_one_step(tmp_path: Path) -> None:
    path = tmp_path / "a.yobigoe"
    live = SessionFile.create(path, NewSession(ruleset="coc6-a", seed=CRITICAL_SEED))
    live.session.replay([entry.command for entry in a_party(CRITICAL_SEED).done[1:]])  # the party, as written
    asked(live.session)
    live.close()
    with SessionFile.open(path) as opened:
        session = opened.session
        assert coc(session).pending is not None
        steps = len(session.done)
        session.dispatch(CocDecide(choice="pool"))
        assert len(session.done) == steps and coc(session).pool.chips == (10,)
    with SessionFile.open(path) as reopened:
        session = reopened.session
        assert len(session.done) == steps and coc(session).pool.chips == (10,) and not session.undone
        session.undo()
        assert coc(session).pending is None and coc(session).pool.chips == ()


def test_chk_a_a_first_meeting_belongs_to_ruleset_b() -> None:
    session = a_party(CRITICAL_SEED)
    with pytest.raises(EngineError, match="ruleset B"):
        session.dispatch(CocCheck(character="ミナ", what="説得", first_meeting=True))


# -- ruleset B: the APP×5 pre-roll inside the check ------------------------------------------------------------------
@pytest.mark.parametrize("seed", [5, 6, 9])
def test_chk_b_7_a_first_meeting_check_rolls_the_app_roll_and_carries_it_in_one_step(seed: int) -> None:
    old = party("coc6-b", MINA, seed=seed)
    old.dispatch(CocAppPreroll(character="ミナ", skill="説得"))
    bonus = old.done[-1].events[0].preroll.modifier  # type: ignore[attr-defined]
    old.dispatch(CocCheck(character="ミナ", what="説得", modifier=bonus))
    new = party("coc6-b", MINA, seed=seed)
    before = new.state
    new.dispatch(CocCheck(character="ミナ", what="説得", first_meeting=True))
    events = new.done[-1].events
    assert [type(e) for e in events] == [CocAppRolled, CocChecked]
    preroll, result = events[0].preroll, events[1].result  # type: ignore[attr-defined]
    assert preroll.target == 50 and result.modifier == preroll.modifier in (15, -20)  # APP 10 × 5; CHK-B-7
    old_lines = [e.describe("ja") for entry in old.done[-2:] for e in entry.events]
    assert [e.describe("ja") for e in events] == old_lines  # the same dice and the same log
    assert new.state.dice == old.state.dice and new.state.characters == old.state.characters
    new.undo()  # one step
    assert new.state == before


def test_chk_b_7_a_first_meeting_is_only_for_the_interpersonal_skills() -> None:
    session = party("coc6-b", MINA)
    with pytest.raises(EngineError, match="only for"):
        session.dispatch(CocCheck(character="ミナ", what="目星", first_meeting=True))


# -- against the older engine's own files ----------------------------------------------------------------------------
FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"


def play_fixture_script(stem: str, seed: int, replace: dict[str, list[str]]) -> Session:
    """The script the older engine played into ``stem``.yobigoe, with some lines
    replaced by the new way of sending them, played as its writer did (refusals
    skipped, the last command undone) — in a session of its options, where the
    keeper's NPCs start in view and B's caps come before the modifiers (CHK-B-2)."""
    ruleset = stem[:6].replace("_", "-")
    older: dict[str, object] = {"npcs_start_hidden": False, "keeper_round": False}
    if ruleset == "coc6-b":
        older["cap_before_modifiers"] = True
    session = new_session(ruleset, seed=seed, options=older)
    for line in (FIXTURES / f"{stem}.jsonl").read_text(encoding="utf-8").splitlines():
        for sent in replace.get(line, [line]):
            try:
                session.dispatch(sent)
            except EngineError:
                pass
    session.undo()
    return session


def test_chk_a_4_the_ruling_through_the_engine_ends_where_the_older_engine_ended() -> None:
    """The A fixture's first check was sent with the GM's answer (``choice``) after the GUI's
    dry run; asking the engine and answering ends in the very state the older engine saved."""
    want = json.loads((FIXTURES / "coc6_a_before_decisions.expected.json").read_text(encoding="utf-8"))
    old_line = '{"type": "coc_check", "character": "ミナ", "what": "目星", "choice": "pool"}'
    new_lines = [
        '{"type": "coc_check", "character": "ミナ", "what": "目星", "ask": true}',
        '{"type": "coc_decide", "choice": "pool"}',
    ]
    session = play_fixture_script("coc6_a_before_decisions", 16, {old_line: new_lines})
    assert session.state == State.model_validate(want["state"])
    types = [e.command.type for e in session.done]
    assert len(types) == len(want["done"]) and types[7] == "coc_decide"  # one step for the check, as before


def test_chk_b_7_the_pre_roll_inside_the_check_rolls_what_the_older_engine_rolled() -> None:
    """The B fixture rolled the APP×5 pre-roll and then 説得 with its +15 as two commands;
    one check with ``first_meeting`` gives the same log lines and the same state."""
    want = json.loads((FIXTURES / "coc6_b_before_decisions.expected.json").read_text(encoding="utf-8"))
    preroll = '{"type": "coc_app_preroll", "character": "ミナ", "skill": "説得"}'
    check = '{"type": "coc_check", "character": "ミナ", "what": "説得", "modifier": 15}'
    one = '{"type": "coc_check", "character": "ミナ", "what": "説得", "first_meeting": true}'
    session = play_fixture_script("coc6_b_before_decisions", 6, {preroll: [one], check: []})
    assert [event.describe("ja") for entry in session.done for event in entry.events] == want["log"]
    old = State.model_validate(want["state"])
    assert session.state == old.model_copy(update={"seq": old.seq - 1})  # one command fewer


def test_chk_a_4_a_ruling_for_an_investigator_removed_meanwhile_is_refused_and_undo_still_works() -> None:
    session = a_party(CRITICAL_SEED)
    asked(session)
    session.dispatch({"type": "remove_character", "character": "c1"})
    with pytest.raises(EngineError, match="ミナ has no investigator sheet"):
        session.dispatch(CocDecide(choice="pool"))
    session.undo()
    session.dispatch(CocDecide(choice="pool"))
    assert coc(session).pool.chips == (10,)
