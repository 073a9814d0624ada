"""The keeper's typed dice (出目入力, DICE-2) in a sheet's check and an attack, and the
SAN loss die as a roll of its own (the dice box and the players' feed list it)."""

from __future__ import annotations

import pytest

from engine.coc6.check_events import CocChecked
from engine.coc6.sanity_events import CocSanLost
from engine.core.seats import public_rolls
from engine.core.session import Session
from engine.errors import EngineError
from engine.session import new_session

BASE = {"STR": 12, "CON": 12, "POW": 12, "DEX": 12, "APP": 10, "SIZ": 12, "INT": 13, "EDU": 14}


def table(seed: int = 4, ruleset: str = "coc6-b") -> Session:
    session = new_session(ruleset, seed=seed)
    for name in ("ミナ", "ケン"):
        session.dispatch({"type": "add_character", "name": name})
        session.dispatch({"type": "coc_new_investigator", "character": name, "characteristics": BASE,
                          "skills": {"目星": 70, "こぶし": 60}})  # fmt: skip
    return session


@pytest.mark.parametrize("ruleset", ["coc6-a", "coc6-b"])
def test_dice_2_a_checks_typed_die_is_its_roll_and_no_seeded_die_is_drawn(ruleset: str) -> None:
    session = table(ruleset=ruleset)
    counter = session.state.dice.counter
    session.dispatch({"type": "coc_check", "character": "c1", "what": "目星", "dice": [71]})
    fact = next(e for e in session.done[-1].events if isinstance(e, CocChecked))
    assert fact.result.roll == 71 and not fact.result.success
    assert session.state.dice.counter == counter
    assert session.rolls.records()[-1].result.render("ja").endswith("＞ 71 ＞ 失敗")


def test_dice_2_a_typed_die_that_is_no_face_of_a_d100_is_refused_with_nothing_changed() -> None:
    session = table()
    before, done, rolls = session.state, len(session.done), session.rolls.records()
    with pytest.raises(EngineError) as refusal:
        session.dispatch({"type": "coc_check", "character": "c1", "what": "目星", "dice": [101]})
    assert refusal.value.text("ja") == "入力された出目 101 は d100 にありません。"
    assert session.state == before and len(session.done) == done and session.rolls.records() == rolls


def test_dice_2_an_attacks_typed_die_decides_the_hit() -> None:
    session = table()
    session.dispatch({"type": "coc_start_combat", "characters": ["ミナ", "ケン"]})
    session.dispatch({"type": "coc_attack", "name": "ミナ", "target": "ケン", "dice": [99]})
    fact = next(e for e in session.done[-1].events if isinstance(e, CocChecked))
    assert fact.result.roll == 99  # a miss: no attack waits for a defence
    part = session.state.slices["coc6"]
    assert part.combat is not None and part.combat.attack is None  # type: ignore[attr-defined]


def test_mad_b_1_a_failed_san_rolls_loss_die_is_a_roll_in_the_dice_box_and_the_players_feed() -> None:
    session = table(seed=4)  # the SAN roll fails with a 92; the 1D6 rolls a 4
    session.dispatch({"type": "coc_san_check", "character": "c1", "success_loss": "1", "failure_loss": "1D6"})
    lost = next(e for e in session.done[-1].events if isinstance(e, CocSanLost))
    assert lost.loss.loss == 4 and lost.record is not None
    record = session.rolls.records()[-1]
    assert (record.by, record.result.render("ja"), record.result.comment) == ("ミナ", "(1D6) ＞ 4", "SAN減少")
    assert record in public_rolls(session.state, session.rolls.records())


def test_mad_b_1_a_fixed_loss_rolls_no_die_to_show() -> None:
    session = table(seed=3)  # the SAN roll succeeds: the loss is the fixed 1
    session.dispatch({"type": "coc_san_check", "character": "c1", "success_loss": "1", "failure_loss": "1D6"})
    lost = next(e for e in session.done[-1].events if isinstance(e, CocSanLost))
    assert lost.loss.loss == 1 and lost.record is None
    assert [r.reason for r in session.rolls.records()] == ["check"]
