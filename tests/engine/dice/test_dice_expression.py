"""Dice expressions (DICE-1) and the seeded / typed dice behind them (DICE-2)."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.dice.expression import (
    MAX_DICE,
    MAX_SIDES,
    evaluate_arithmetic,
    parse_dice_command,
    roll,
)
from engine.dice.rng import DiceSource, DiceState
from engine.errors import EngineError


def typed(*faces: int) -> DiceSource:
    return DiceSource(DiceState(seed=1), faces)


# --------------------------------------------------------------------------- DICE-1


@pytest.mark.parametrize(
    ("text", "faces", "total", "expression", "sides"),
    [
        ("2D6", (3, 4), 7, "2D6", (6, 6)),
        ("1D3+1", (2,), 3, "1D3+1", (3,)),
        ("D20", (17,), 17, "1D20", (20,)),
        ("d20+4", (5,), 9, "1D20+4", (20,)),
        ("D100", (42,), 42, "1D100", (100,)),
        ("1d6+1d4", (6, 1), 7, "1D6+1D4", (6, 4)),
        ("3D6*5", (1, 2, 3), 30, "3D6*5", (6, 6, 6)),
        ("2D6+6", (6, 6), 18, "2D6+6", (6, 6)),
        ("10-1D6", (4,), 6, "10-1D6", (6,)),
    ],
)
def test_dice1_expressions_roll_each_die_and_sum(
    text: str, faces: tuple[int, ...], total: int, expression: str, sides: tuple[int, ...]
) -> None:  # rule: DICE-1
    result = roll(text, typed(*faces))
    assert result.total == total
    assert result.expression == expression
    assert result.dice_values == faces
    assert tuple(d.sides for d in result.dice) == sides


def test_dice1_precedence_and_parentheses() -> None:  # rule: DICE-1
    assert roll("1D6+2*3", typed(4)).total == 10
    assert roll("(1D6+2)*3", typed(4)).total == 18
    assert roll("-(1D6-10)", typed(4)).total == 6


def test_dice1_the_middle_part_shows_every_die_like_bcdice() -> None:  # rule: DICE-1
    assert roll("2D6", typed(3, 4)).interim == "7[3,4]"
    assert roll("1D3+1", typed(2)).interim == "2[2]+1"
    # a lone roll of one die has no middle part
    assert roll("1D100", typed(42)).interim is None


@pytest.mark.parametrize(
    ("text", "face", "total"),
    [
        ("1D6/2", 5, 2),  # rounded down by default (BCDice)
        ("1D6/2F", 5, 2),
        ("1D6/2U", 5, 3),
        ("1D6/2C", 5, 3),
        ("1D6/2R", 5, 3),  # 2.5 rounds half away from zero
        ("1D6/4R", 5, 1),  # 1.25
        ("-1D6/2", 5, -3),  # down means toward minus infinity
        ("-1D6/2R", 5, -3),
        ("1D6/0", 5, 1),  # BCDice answers 1 for a division by zero in a dice expression
    ],
)
def test_dice1_division_rounds_down_unless_marked(text: str, face: int, total: int) -> None:  # rule: DICE-1
    assert roll(text, typed(face)).total == total


def test_dice1_implicit_faces_and_sign_folding_print_like_bcdice() -> None:  # rule: DICE-1
    assert roll("2D", typed(1, 6)).expression == "2D6"
    assert roll("2D6+-1", typed(1, 6)).expression == "2D6-1"
    assert roll("(1+1)D6", typed(1, 6)).expression == "2D6"
    assert roll("2D6/2C", typed(1, 6)).expression == "2D6/2U"


def test_dice1_keep_and_drop_filters() -> None:  # rule: DICE-1
    assert roll("2D20KH1", typed(7, 15)).total == 15
    assert roll("2D20KL1", typed(7, 15)).total == 7
    assert roll("4D6DL1", typed(1, 5, 3, 6)).total == 14
    assert roll("4D6DL1", typed(1, 5, 3, 6)).interim == "14[1,3,5,6]"
    assert roll("2D20MAX", typed(7, 15)).expression == "2D20KH1"


@pytest.mark.parametrize(
    ("typed_op", "op"),
    [
        ("<=", "<="),
        ("=<", "<="),
        (">=", ">="),
        ("=>", ">="),
        ("<", "<"),
        (">", ">"),
        ("=", "=="),
        ("==", "=="),
        ("<>", "!="),
        ("!=", "!="),
    ],
)
def test_dice1_comparison_operators_of_the_dice_box(typed_op: str, op: str) -> None:  # rule: DICE-1
    assert parse_dice_command(f"2D6{typed_op}7").cmp_op == op


def test_dice1_arithmetic_targets_round_down() -> None:  # rule: DICE-1
    assert evaluate_arithmetic("(60*2)/3") == 40
    assert evaluate_arithmetic("70/3") == 23
    assert evaluate_arithmetic("70/3U") == 24
    assert evaluate_arithmetic("+60/2+15*2-10") == 50
    assert evaluate_arithmetic("5/0") is None
    assert evaluate_arithmetic("5+") is None


# --------------------------------------------------------------------------- DICE-2


def test_dice2_same_seed_same_rolls() -> None:  # rule: DICE-2
    first = [roll("3D6", DiceSource(DiceState(seed=42, counter=n * 3))).dice_values for n in range(20)]
    again = [roll("3D6", DiceSource(DiceState(seed=42, counter=n * 3))).dice_values for n in range(20)]
    other = [roll("3D6", DiceSource(DiceState(seed=43, counter=n * 3))).dice_values for n in range(20)]
    assert first == again
    assert first != other


def test_dice2_the_source_advances_one_step_per_die() -> None:  # rule: DICE-2
    source = DiceSource(DiceState(seed=5))
    roll("2D6+1D4", source)
    assert source.state.counter == 3


def test_dice2_typed_physical_dice_are_used_first_and_in_order() -> None:  # rule: DICE-2
    result = roll("1D6+1D10", typed(2, 0))
    assert result.dice_values == (2, 10)  # 0 on a d10 reads 10
    assert roll("1D100", typed(0)).total == 100  # 0 on a d100 reads 100


def test_dice2_typed_dice_must_fit_the_roll() -> None:  # rule: DICE-2
    with pytest.raises(EngineError, match="not enough"):
        roll("2D6", typed(3))
    with pytest.raises(EngineError, match="not a face of a d6"):
        roll("1D6", typed(7))
    with pytest.raises(EngineError, match="not a face"):
        roll("1D6", typed(0))
    source = typed(3, 4, 5)
    roll("2D6", source)
    with pytest.raises(EngineError, match="left over"):
        source.check_all_typed_used()


# --------------------------------------------------------------------------- limits and errors


def test_dice1_limits_protect_the_app() -> None:  # rule: DICE-1
    source = DiceSource(DiceState(seed=1))
    assert len(roll(f"{MAX_DICE}D6", source).dice) == MAX_DICE
    with pytest.raises(EngineError, match="Too many dice"):
        roll(f"{MAX_DICE + 1}D6", source)
    with pytest.raises(EngineError, match="Too many dice"):
        roll("600D6+600D6", source)
    with pytest.raises(EngineError, match="at most 10000 sides"):
        roll(f"1D{MAX_SIDES + 1}", source)
    with pytest.raises(EngineError, match="too long"):
        roll("1D6" + "+1" * 400, source)
    with pytest.raises(EngineError, match="nested"):
        roll("(" * 60 + "1D6" + ")" * 60, source)


@pytest.mark.parametrize("text", ["", "2D6+", "1D6)", "abc", "1D6*", "2D6>=7", "5+3"])
def test_dice1_unreadable_expressions_are_refused_in_both_languages(text: str) -> None:  # rule: DICE-1
    with pytest.raises(EngineError) as caught:
        roll(text, DiceSource(DiceState()))
    assert caught.value.text("ja") != caught.value.text("en")


# --------------------------------------------------------------------------- properties


@settings(max_examples=150, deadline=None)
@given(n=st.integers(1, 30), m=st.integers(1, 1000).filter(lambda m: m != 66), seed=st.integers(0, 10**9))
def test_dice1_every_roll_of_ndm_lies_in_n_to_nm(n: int, m: int, seed: int) -> None:  # rule: DICE-1
    result = roll(f"{n}D{m}", DiceSource(DiceState(seed=seed)))
    assert n <= result.total <= n * m
    assert len(result.dice) == n
    assert all(1 <= d.value <= m and d.sides == m for d in result.dice)
    assert result.total == sum(result.dice_values)


def test_dice1_nd66_is_the_d66_of_bcdice() -> None:  # rule: DICE-1
    result = roll("2D66", typed(5, 1, 3, 6))
    assert result.total == 51 + 36
    assert result.interim == "87[51,36]"
    assert all(d.sides == 6 for d in result.dice)


@settings(max_examples=150, deadline=None)
@given(a=st.integers(-500, 500), b=st.integers(-50, 50).filter(lambda x: x != 0))
def test_dice1_division_marks_match_exact_arithmetic(a: int, b: int) -> None:  # rule: DICE-1
    exact = Fraction(a, b)
    half_away = int(abs(exact) + Fraction(1, 2)) * (1 if exact >= 0 else -1)
    assert evaluate_arithmetic(f"({a})/({b})") == a // b
    assert evaluate_arithmetic(f"({a})/({b})F") == a // b
    assert evaluate_arithmetic(f"({a})/({b})U") == -((-a) // b)
    assert evaluate_arithmetic(f"({a})/({b})R") == half_away
