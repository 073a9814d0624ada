"""The dice box speaks BCDice (DICE-8): each command kind prints the line the dice bot prints.

Every expected Japanese line below is what BCDice 3.x prints for the same
command and dice (its "Cthulhu" bot for coc6-a/coc6-b, its "RuneQuest" bot for
upland); the English lines use the words of BCDice's English Cthulhu bot.
"""

from __future__ import annotations

import pytest

from engine.checks import Level
from engine.core.state import RollRecord
from engine.dice.bcdice import check_command, evaluate, roll_check
from engine.dice.result import RollResult
from engine.dice.rng import DiceSource, DiceState
from engine.errors import EngineError
from engine.rulesets.registry import options_for


def run(command: str, ruleset: str = "coc6-a", dice: tuple[int, ...] = (), **options: object) -> RollResult:
    opts = options_for(ruleset, dict(options)) if options else None
    return evaluate(command, ruleset, opts, DiceSource(DiceState(seed=3), dice))


CASES = [
    # ---- CC / CCB (CHK-A-1, CHK-A-2, CHK-A-5)
    (
        "coc6-a",
        "CCB<=50",
        (5,),
        "(1D100<=50) ＞ 5 ＞ 決定的成功/スペシャル",
        "(1D100<=50) ＞ 5 ＞ Critical Success/Special",
    ),
    ("coc6-a", "CCB<=50", (6,), "(1D100<=50) ＞ 6 ＞ スペシャル", "(1D100<=50) ＞ 6 ＞ Special"),
    ("coc6-a", "CCB<=50", (11,), "(1D100<=50) ＞ 11 ＞ 成功", "(1D100<=50) ＞ 11 ＞ Success"),
    ("coc6-a", "CCB<=50", (95,), "(1D100<=50) ＞ 95 ＞ 失敗", "(1D100<=50) ＞ 95 ＞ Failure"),
    ("coc6-a", "CCB<=50", (96,), "(1D100<=50) ＞ 96 ＞ 致命的失敗", "(1D100<=50) ＞ 96 ＞ Fumble"),
    ("coc6-a", "CCB<=98", (98,), "(1D100<=98) ＞ 98 ＞ 成功", "(1D100<=98) ＞ 98 ＞ Success"),
    ("coc6-a", "CCB<=150", (100,), "(1D100<=150) ＞ 100 ＞ 致命的失敗", "(1D100<=150) ＞ 100 ＞ Fumble"),
    (
        "coc6-a",
        "CCB<=3",
        (1,),
        "(1D100<=3) ＞ 1 ＞ 決定的成功/スペシャル",
        "(1D100<=3) ＞ 1 ＞ Critical Success/Special",
    ),
    ("coc6-a", "CC<=60", (2,), "(1D100<=60) ＞ 2 ＞ スペシャル", "(1D100<=60) ＞ 2 ＞ Special"),
    ("coc6-a", "CC<=60", (99,), "(1D100<=60) ＞ 99 ＞ 失敗", "(1D100<=60) ＞ 99 ＞ Failure"),
    ("coc6-a", "CC<=60", (100,), "(1D100<=60) ＞ 100 ＞ 致命的失敗", "(1D100<=60) ＞ 100 ＞ Fumble"),
    (
        "coc6-a",
        "CC<=10",
        (1,),
        "(1D100<=10) ＞ 1 ＞ 決定的成功/スペシャル",
        "(1D100<=10) ＞ 1 ＞ Critical Success/Special",
    ),
    (
        "coc6-a",
        "CC<=2",
        (1,),
        "(1D100<=2) ＞ 1 ＞ 決定的成功/スペシャル",
        "(1D100<=2) ＞ 1 ＞ Critical Success/Special",
    ),
    ("coc6-a", "CCB<=20", (5,), "(1D100<=20) ＞ 5 ＞ 決定的成功", "(1D100<=20) ＞ 5 ＞ Critical Success"),
    ("coc6-a", "CC", (100,), "(1D100) ＞ 100", "(1D100) ＞ 100"),
    ("coc6-a", "CCB<=0", (3,), "(1D100) ＞ 3", "(1D100) ＞ 3"),
    (
        "coc6-a",
        "CC(94)<=98",
        (97,),
        "(1D100<=98) 故障ナンバー[94] ＞ 97 ＞ 故障",
        "(1D100<=98) Malfunction Number[94] ＞ 97 ＞ Malfunction",
    ),
    (
        "coc6-a",
        "CCB(98)<=80",
        (99,),
        "(1D100<=80) 故障ナンバー[98] ＞ 99 ＞ 致命的失敗/故障",
        "(1D100<=80) Malfunction Number[98] ＞ 99 ＞ Fumble/Malfunction",
    ),
    # arithmetic targets, rounded down
    ("coc6-a", "CCB<=50+10", (37,), "(1D100<=60) ＞ 37 ＞ 成功", "(1D100<=60) ＞ 37 ＞ Success"),
    ("coc6-a", "CCB<=(60*2)/3", (41,), "(1D100<=40) ＞ 41 ＞ 失敗", "(1D100<=40) ＞ 41 ＞ Failure"),
    ("coc6-a", "CC<=70/3", (23,), "(1D100<=23) ＞ 23 ＞ 成功", "(1D100<=23) ＞ 23 ＞ Success"),
    ("coc6-a", "CC<=+60/2+15*2-10", (37,), "(1D100<=50) ＞ 37 ＞ 成功", "(1D100<=50) ＞ 37 ＞ Success"),
    # ---- RES / RESB (CHK-A-5)
    ("coc6-a", "RES(12-10)", (47,), "(1d100<=60) ＞ 47 ＞ 成功", "(1d100<=60) ＞ 47 ＞ Success"),
    (
        "coc6-a",
        "RES(12-10)",
        (1,),
        "(1d100<=60) ＞ 1 ＞ 決定的成功/スペシャル",
        "(1d100<=60) ＞ 1 ＞ Critical Success/Special",
    ),
    ("coc6-a", "RES(12-10)", (99,), "(1d100<=60) ＞ 99 ＞ 失敗", "(1d100<=60) ＞ 99 ＞ Failure"),
    ("coc6-a", "RESB(13-10)", (96,), "(1d100<=65) ＞ 96 ＞ 致命的失敗", "(1d100<=65) ＞ 96 ＞ Fumble"),
    ("coc6-a", "RES(10-15)", (25,), "(1d100<=25) ＞ 25 ＞ 成功", "(1d100<=25) ＞ 25 ＞ Success"),
    ("coc6-a", "RES(11-30)", (), "(1d100<=-45) ＞ 自動失敗", "(1d100<=-45) ＞ Automatic Failure"),
    ("coc6-a", "RESB(25-10)", (), "(1d100<=125) ＞ 自動成功", "(1d100<=125) ＞ Automatic Success"),
    # ---- CBR / CBRB (CHK-A-5)
    (
        "coc6-a",
        "CBR(70,30)",
        (31,),
        "(1d100<=70,30) ＞ 31[成功,失敗] ＞ 部分的成功",
        "(1d100<=70,30) ＞ 31[Success,Failure] ＞ Partial Success",
    ),
    (
        "coc6-a",
        "CBR(70,30)",
        (1,),
        "(1d100<=70,30) ＞ 1[決定的成功/スペシャル,決定的成功/スペシャル] ＞ 成功",
        "(1d100<=70,30) ＞ 1[Critical Success/Special,Critical Success/Special] ＞ Success",
    ),
    (
        "coc6-a",
        "CBR(70,30)",
        (100,),
        "(1d100<=70,30) ＞ 100[致命的失敗,致命的失敗] ＞ 失敗",
        "(1d100<=70,30) ＞ 100[Fumble,Fumble] ＞ Failure",
    ),
    (
        "coc6-a",
        "CBRB(98,50)",
        (96,),
        "(1d100<=98,50) ＞ 96[成功,致命的失敗] ＞ 部分的成功",
        "(1d100<=98,50) ＞ 96[Success,Fumble] ＞ Partial Success",
    ),
    # ---- plain 1D100<=x in the Cthulhu bot: no levels (DICE-8)
    ("coc6-a", "1D100<=45", (46,), "(1D100<=45) ＞ 46 ＞ 失敗", "(1D100<=45) ＞ 46 ＞ Failure"),
    ("coc6-a", "1D100<=70", (1,), "(1D100<=70) ＞ 1 ＞ 成功", "(1D100<=70) ＞ 1 ＞ Success"),
    ("coc6-a", "1D100<=70", (100,), "(1D100<=70) ＞ 100 ＞ 失敗", "(1D100<=70) ＞ 100 ＞ Failure"),
    ("coc6-a", "1d100>=68+12", (11,), "(1D100>=80) ＞ 11 ＞ 失敗", "(1D100>=80) ＞ 11 ＞ Failure"),
    # ---- sums (DICE-1)
    ("coc6-a", "2D6", (3, 4), "(2D6) ＞ 7[3,4] ＞ 7", "(2D6) ＞ 7[3,4] ＞ 7"),
    ("coc6-a", "1D3+1", (2,), "(1D3+1) ＞ 2[2]+1 ＞ 3", "(1D3+1) ＞ 2[2]+1 ＞ 3"),
    ("coc6-a", "D20", (5,), "(1D20) ＞ 5", "(1D20) ＞ 5"),
    ("coc6-a", "d20+4", (5,), "(1D20+4) ＞ 5[5]+4 ＞ 9", "(1D20+4) ＞ 5[5]+4 ＞ 9"),
    (
        "coc6-a",
        "(2D6+1D4)*2",
        (5, 3, 4),
        "((2D6+1D4)*2) ＞ (8[5,3]+4[4])*2 ＞ 24",
        "((2D6+1D4)*2) ＞ (8[5,3]+4[4])*2 ＞ 24",
    ),
    ("coc6-a", "1D6+3/2U", (1,), "(1D6+3/2U) ＞ 1[1]+3/2U ＞ 3", "(1D6+3/2U) ＞ 1[1]+3/2U ＞ 3"),
    ("coc6-a", "2D6>=7", (3, 4), "(2D6>=7) ＞ 7[3,4] ＞ 7 ＞ 成功", "(2D6>=7) ＞ 7[3,4] ＞ 7 ＞ Success"),
    ("coc6-a", "2D6<>7", (3, 4), "(2D6<>7) ＞ 7[3,4] ＞ 7 ＞ 失敗", "(2D6<>7) ＞ 7[3,4] ＞ 7 ＞ Failure"),
    ("coc6-a", "1D100<=?", (42,), "(1D100<=?) ＞ 42", "(1D100<=?) ＞ 42"),
    ("coc6-a", "2D", (3, 4), "(2D6) ＞ 7[3,4] ＞ 7", "(2D6) ＞ 7[3,4] ＞ 7"),
    ("coc6-a", "D66", (1, 2), "(D66) ＞ 12", "(D66) ＞ 12"),
    ("coc6-a", "C(60*2/3)", (), "c(60*2/3) ＞ 40", "c(60*2/3) ＞ 40"),
    # ---- upland: the RuneQuest bot (CHK-U-1)
    ("upland", "1D100<=50", (1,), "(1D100<=50) ＞ 1 ＞ 決定的成功", "(1D100<=50) ＞ 1 ＞ Critical Success"),
    ("upland", "1D100<=50", (3,), "(1D100<=50) ＞ 3 ＞ 決定的成功", "(1D100<=50) ＞ 3 ＞ Critical Success"),
    ("upland", "1D100<=50", (5,), "(1D100<=50) ＞ 5 ＞ 効果的成功", "(1D100<=50) ＞ 5 ＞ Special"),
    ("upland", "1D100<=50", (11,), "(1D100<=50) ＞ 11 ＞ 成功", "(1D100<=50) ＞ 11 ＞ Success"),
    ("upland", "1D100<=50", (97,), "(1D100<=50) ＞ 97 ＞ 失敗", "(1D100<=50) ＞ 97 ＞ Failure"),
    ("upland", "1D100<=50", (98,), "(1D100<=50) ＞ 98 ＞ 致命的失敗", "(1D100<=50) ＞ 98 ＞ Fumble"),
    ("upland", "1D100<=0", (95,), "(1D100<=0) ＞ 95 ＞ 致命的失敗", "(1D100<=0) ＞ 95 ＞ Fumble"),
    ("upland", "1D100<=150", (99,), "(1D100<=150) ＞ 99 ＞ 成功", "(1D100<=150) ＞ 99 ＞ Success"),
    (
        "upland",
        "1D100+10<=50",
        (5,),
        "(1D100+10<=50) ＞ 5[5]+10 ＞ 15 ＞ 成功",
        "(1D100+10<=50) ＞ 5[5]+10 ＞ 15 ＞ Success",
    ),
    ("upland", "1D100>=50", (42,), "(1D100>=50) ＞ 42 ＞ 失敗", "(1D100>=50) ＞ 42 ＞ Failure"),
    ("upland", "2D6", (6, 6), "(2D6) ＞ 12[6,6] ＞ 12", "(2D6) ＞ 12[6,6] ＞ 12"),
]


@pytest.mark.parametrize(("ruleset", "command", "dice", "ja", "en"), CASES)
def test_dice8_bcdice_lines_in_japanese_and_english(
    ruleset: str, command: str, dice: tuple[int, ...], ja: str, en: str
) -> None:  # rule: DICE-8
    result = run(command, ruleset, dice)
    assert result.render("ja") == ja
    assert result.render("en") == en
    assert result.dice_values == dice


def test_dice8_the_two_reference_examples() -> None:  # rule: DICE-8, CHK-A-1, CHK-U-1
    assert run("CCB<=50", "coc6-a", (5,)).render("ja") == "(1D100<=50) ＞ 5 ＞ 決定的成功/スペシャル"
    assert run("1D100<=50", "upland", (98,)).render("ja") == "(1D100<=50) ＞ 98 ＞ 致命的失敗"


def test_dice8_levels_reach_the_engine() -> None:  # rule: DICE-8, DICE-3
    assert run("CCB<=50", "coc6-a", (5,)).level is Level.critical
    assert run("CCB<=50", "coc6-a", (8,)).level is Level.special
    assert run("1D100<=50", "upland", (5,)).level is Level.special
    assert run("1D100<=50", "coc6-a", (5,)).level is Level.success  # plain comparison
    assert run("2D6", "coc6-a", (3, 4)).level is None
    result = run("CCB<=50", "coc6-a", (99,))
    assert (result.success, result.failure, result.critical, result.fumble) == (False, True, False, True)


def test_dice8_secret_prefix_prints_the_same_line_and_is_flagged() -> None:  # rule: DICE-8, DICE-1
    for command, dice in (
        ("CCB<=50", (30,)),
        ("2D6", (3, 4)),
        ("RES(12-10)", (47,)),
        ("CBR(50,20)", (5,)),
        ("1D100<=50", (7,)),
    ):
        public = run(command, "coc6-a", dice)
        secret = run("S" + command, "coc6-a", dice)
        lower = run("s" + command.lower(), "coc6-a", dice)
        assert not public.secret and secret.secret and lower.secret
        assert secret.render("ja") == public.render("ja") == lower.render("ja")


def test_dice8_case_whitespace_and_comments_as_bcdice() -> None:  # rule: DICE-8
    result = run("  ccb<=50　目星", "coc6-a", (30,))
    assert result.render("ja") == "(1D100<=50) ＞ 30 ＞ 成功"
    assert result.comment == "目星" and result.command == "CCB<=50"
    assert run("\tCCB<=50 目星 +10", "coc6-a", (55,)).render("ja") == "(1D100<=50) ＞ 55 ＞ 失敗"


def test_chk_u_1b_upland_res_uses_upland_levels_without_automatic_results() -> None:  # rule: CHK-U-1b
    assert run("RES(12-10)", "upland", (3,)).render("ja") == "(1d100<=60) ＞ 3 ＞ 決定的成功"
    assert run("RES(30-11)", "upland", (99,)).render("ja") == "(1d100<=145) ＞ 99 ＞ 成功"
    low = run("RES(1-20)", "upland", (50,))
    assert low.render("ja") == "(1d100<=-45) ＞ 50 ＞ 失敗" and not low.automatic
    assert run("RES(1-20)", "upland", (1,)).level is Level.critical
    # the Cthulhu bot decides the same RES without a die
    assert run("RES(1-20)", "coc6-a").render("ja") == "(1d100<=-45) ＞ 自動失敗"


def test_chk_a_5_automatic_res_rolls_no_die() -> None:  # rule: CHK-A-5
    result = run("RES(30-11)", "coc6-a")
    assert result.automatic and result.dice == () and result.level is Level.success
    with pytest.raises(EngineError, match="left over"):
        run("RES(30-11)", "coc6-a", (50,))


def test_chk_b_0_ruleset_check_follows_the_crit_fumble_option() -> None:  # rule: CHK-B-0
    cc = options_for("coc6-b", {"crit_fumble": "cc"})
    assert check_command("coc6-b", 50) == "CCB<=50"
    assert check_command("coc6-b", 50, cc) == "CC<=50"
    assert check_command("coc6-a", 50) == "CCB<=50"
    assert check_command("upland", 50) == "1D100<=50"
    source = lambda: DiceSource(DiceState(), [3])  # noqa: E731
    assert roll_check("coc6-b", 50, source()).render("ja") == "(1D100<=50) ＞ 3 ＞ 決定的成功/スペシャル"
    assert roll_check("coc6-b", 50, source(), cc).render("ja") == "(1D100<=50) ＞ 3 ＞ スペシャル"
    assert roll_check("coc6-b", 50, source(), cc, secret=True).secret
    # typed explicitly, CC and CCB mean what they say whatever the option
    assert run("CCB<=50", "coc6-b", (3,), crit_fumble="cc").level is Level.critical
    assert run("CC<=50", "coc6-b", (3,)).level is Level.special


def test_dice2_typed_dice_in_the_dice_box() -> None:  # rule: DICE-2
    assert run("CCB<=50", "coc6-a", (0,)).render("ja") == "(1D100<=50) ＞ 100 ＞ 致命的失敗"
    with pytest.raises(EngineError, match="not enough"):
        run("2D6", "coc6-a", (3,))
    with pytest.raises(EngineError, match="left over"):
        run("2D6", "coc6-a", (3, 4, 5))
    with pytest.raises(EngineError, match="not a face"):
        run("1D6", "coc6-a", (7,))


def test_dice2_same_seed_same_dice_box_results() -> None:  # rule: DICE-2
    def session(seed: int) -> list[str]:
        state = DiceState(seed=seed)
        lines = []
        for command in ("CCB<=50", "2D6", "RES(12-10)", "1D100<=45", "CBR(50,30)", "3D6*5"):
            source = DiceSource(state)
            lines.append(evaluate(command, "coc6-a", None, source).render("ja"))
            state = source.state
        return lines

    assert session(7) == session(7)
    assert session(7) != session(8)


MALFORMED = [
    "CCB<=",
    "CCB<=abc",
    "CC>=50",
    "RES(1-)",
    "RES(12-10",
    "CBR(50)",
    "1D100<=abc",
    "2D6>",
    "2D6+",
    "D",
    "",
    "   ",
    "目星",
    "1D100≦50",
    "1001D6",
    "1D10001",
    "1D6" + "+1" * 300,
]


@pytest.mark.parametrize("command", MALFORMED)
def test_dice8_malformed_commands_are_refused_in_both_languages(command: str) -> None:  # rule: DICE-8
    with pytest.raises(EngineError) as caught:
        run(command, "coc6-a", ())
    en, ja = caught.value.text("en"), caught.value.text("ja")
    assert en and ja and en != ja
    assert any("\u3040" <= ch <= "\u30ff" for ch in ja)  # kana: really Japanese


def test_dice8_upland_refuses_cthulhu_commands_with_a_hint() -> None:  # rule: DICE-8
    with pytest.raises(EngineError, match="1D100<=target"):
        run("CCB<=50", "upland", (5,))
    with pytest.raises(EngineError):
        run("CBR(50,30)", "upland", (5,))


def test_dice1_a_roll_result_is_json_and_renders_again_without_rolling() -> None:  # rule: DICE-1
    for command, dice in (
        ("SCCB<=50", (5,)),
        ("CBR(70,30)", (31,)),
        ("CC(94)<=98", (100,)),
        ("2D6+1", (3, 4)),
        ("RES(11-30)", ()),
    ):
        result = run(command, "coc6-a", dice)
        # stored as the roll log stores it: inside the record its event carries
        stored = RollRecord(seq=1, result=result).model_dump_json()
        again = RollRecord.model_validate_json(stored).result
        assert again == result
        assert again.render("ja") == result.render("ja") and again.render("en") == result.render("en")
        assert again.dice_values == dice
    result = run("CCB<=50 目星", "coc6-a", (5,))
    assert (result.text, result.command, result.target, result.cmp_op) == ("CCB<=50 目星", "CCB<=50", 50, "<=")
