"""The CoC sheet-side rules through commands: SAN checks and madness (MAD-A-1/3),
the game clock, end-of-session growth (GRW-A-2), student changes (STU-B-1), the
APP×5 pre-roll (CHK-B-7) and a lore roll's SAN cost (CHK-B-8)."""

from __future__ import annotations

import pytest

from engine.coc6.sheet import CocSheet
from engine.errors import EngineError
from tests.engine.coc6.test_commands import coc, facts, party, sheet


def test_mad_a_1_a_loss_of_five_asks_idea_and_its_success_starts_a_temporary_madness() -> None:
    session = party("coc6-a", ("ミナ", {"INT": 18}, {}, False), seed=4)
    before = sheet(session, "ミナ").san
    session.dispatch({"type": "coc_san_check", "character": "ミナ", "success_loss": "5", "failure_loss": "5"})
    assert sheet(session, "ミナ").san == before - 5
    checks = facts(session, "check")
    assert [c["what"] for c in checks] == ["SAN", "アイデア"]
    madness = facts(session, "madness")
    assert (checks[1]["level"] in ("critical", "special", "success")) == (len(madness) == 1)
    if madness:
        assert coc(session).sanity.active("ミナ")[0].kind == madness[0]["kind"]


def test_mad_a_3_a_fifth_of_san_lost_within_one_game_hour_is_indefinite_madness() -> None:
    session = party("coc6-a", ("ミナ", {"POW": 10, "INT": 3}, {}, False), seed=4)  # SAN 50, Idea 15
    session.dispatch({"type": "coc_san_check", "character": "ミナ", "success_loss": "4", "failure_loss": "4"})
    session.dispatch({"type": "coc_advance_clock", "minutes": 30})
    session.dispatch({"type": "coc_san_check", "character": "ミナ", "success_loss": "6", "failure_loss": "6"})
    assert any(b.kind == "indefinite" for b in coc(session).sanity.active("ミナ"))
    assert "MAD-A-3" in session.done[-1].events[-1].describe("en")


def test_mad_a_3_losses_more_than_an_hour_apart_do_not_add_up() -> None:
    session = party("coc6-a", ("ミナ", {"POW": 10, "INT": 3}, {}, False), seed=4)
    session.dispatch({"type": "coc_san_check", "character": "ミナ", "success_loss": "4", "failure_loss": "4"})
    session.dispatch({"type": "coc_advance_clock", "minutes": 61})
    assert coc(session).sanity.minute == 61
    session.dispatch({"type": "coc_san_check", "character": "ミナ", "success_loss": "4", "failure_loss": "4"})
    assert not any(b.kind == "indefinite" for b in coc(session).sanity.active("ミナ"))


def test_grw_a_2_end_of_session_growth_rolls_each_marked_skill_and_logs_it() -> None:
    session = party("coc6-a", ("ミナ", {}, {"目星": 60}, False), seed=9)
    marked = sheet(session, "ミナ").model_copy(
        update={"skills": sheet(session, "ミナ").skills | {
            "目星": sheet(session, "ミナ").skills["目星"].model_copy(update={"growth": "critical"})}}
    )  # fmt: skip
    session.dispatch({"type": "coc_set_sheet", "character": "ミナ", "sheet": marked.model_dump(mode="json")})
    session.dispatch({"type": "coc_session_growth", "character": "ミナ"})
    grown = facts(session, "growth_roll")
    assert len(grown) == 1 and grown[0]["skill"] == "目星"
    after = sheet(session, "ミナ").skills["目星"]
    assert after.value == grown[0]["after"] and after.growth is None
    assert "GRW-A-2" in session.done[-1].events[-1].describe("en")
    with pytest.raises(EngineError):  # no marks left: nothing to roll
        session.dispatch({"type": "coc_session_growth", "character": "ミナ"})


def test_stu_b_1_student_changes_are_made_once() -> None:
    session = party("coc6-b", ("ミナ", {}, {}, False))
    student = sheet(session, "ミナ").model_copy(update={"occupation": "大学生"})
    session.dispatch({"type": "coc_set_sheet", "character": "ミナ", "sheet": student.model_dump(mode="json")})
    session.dispatch({"type": "coc_student", "character": "ミナ", "track": "arts"})
    change = facts(session, "student")[0]
    after = sheet(session, "ミナ")
    assert after.student_modified and change["english_after"] != change["english_before"]
    with pytest.raises(EngineError):
        session.dispatch({"type": "coc_student", "character": "ミナ", "track": "arts"})


def test_chk_b_7_the_app_preroll_gives_plus_15_or_minus_20() -> None:
    session = party("coc6-b", ("ミナ", {"APP": 16}, {}, False))
    session.dispatch({"type": "coc_app_preroll", "character": "ミナ", "skill": "説得"})
    roll = facts(session, "app_preroll")[0]
    assert roll["target"] == 80 and roll["modifier"] == (15 if roll["roll"] <= 80 else -20)
    with pytest.raises(EngineError):
        session.dispatch({"type": "coc_app_preroll", "character": "ミナ", "skill": "目星"})


def test_chk_b_8_the_san_cost_is_paid_before_the_mythos_roll() -> None:
    session = party("coc6-b", ("ミナ", {}, {"クトゥルフ神話": 10}, False))
    before = sheet(session, "ミナ").san
    session.dispatch({"type": "coc_lore_check", "character": "ミナ", "what": "クトゥルフ神話", "san_cost": 3})
    assert sheet(session, "ミナ").san == before - 3
    kinds = [e.type for e in session.done[-1].events]
    assert kinds == ["coc_san_paid", "coc_checked"] and facts(session, "san_paid")[0]["cost"] == 3  # paid, then rolled
    assert facts(session, "check")[0]["level"] in ("success", "failure")  # CHK-B-5: no special levels


def test_an_imported_sheet_keeps_being_a_coc_sheet_after_undo_and_redo() -> None:
    session = party("coc6-b", ("ミナ", {}, {}, False))
    session.dispatch({"type": "coc_set_skill", "character": "ミナ", "skill": "目星", "value": 70})
    assert sheet(session, "ミナ").skills["目星"].value == 70
    session.undo()
    assert sheet(session, "ミナ").skills["目星"].value == 25
    session.redo()
    assert isinstance(sheet(session, "ミナ"), CocSheet) and sheet(session, "ミナ").skills["目星"].value == 70
