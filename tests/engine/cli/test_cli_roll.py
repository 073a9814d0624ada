"""``python -m engine roll``: one line per command, typed dice, errors on stderr with status 2, batches."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

import pytest

from engine.cli import main

ROOT = Path(__file__).resolve().parents[3]


def cli(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PYTHONIOENCODING="utf-8")
    return subprocess.run(
        [sys.executable, "-m", "engine", "roll", *args],
        input=stdin,
        capture_output=True,
        text=True,
        encoding="utf-8",
        cwd=ROOT,
        env=env,
        timeout=60,
    )


def test_dice8_cli_prints_the_coc_example() -> None:  # rule: DICE-8, CHK-A-1
    done = cli("--ruleset", "coc6-a", "--dice", "5", "CCB<=50")
    assert done.returncode == 0, done.stderr
    assert done.stdout == "(1D100<=50) ＞ 5 ＞ 決定的成功/スペシャル\n"


def test_dice8_cli_prints_the_upland_example() -> None:  # rule: DICE-8, CHK-U-1
    done = cli("--ruleset", "upland", "--dice", "98", "1D100<=50")
    assert done.returncode == 0, done.stderr
    assert done.stdout == "(1D100<=50) ＞ 98 ＞ 致命的失敗\n"


def test_dice8_cli_malformed_command_is_one_line_on_stderr_and_status_2() -> None:  # rule: DICE-8
    done = cli("--ruleset", "coc6-a", "CCB<=")
    assert done.returncode == 2
    assert done.stdout == ""
    assert len(done.stderr.strip().splitlines()) == 1
    assert "CCB<=" in done.stderr and "目標値" in done.stderr  # Japanese by default
    english = cli("--ruleset", "coc6-a", "--lang", "en", "CCB<=")
    assert english.returncode == 2 and "target number" in english.stderr


def test_dice2_cli_batch_of_hundreds_of_lines() -> None:  # rule: DICE-2, DICE-8
    commands = []
    expected: dict[int, str] = {}
    for i in range(300):
        kind = i % 6
        if kind == 0:
            roll = i % 100 + 1
            commands.append(f"CCB<=50\t{roll}")
        elif kind == 1:
            commands.append("2D6\t3,4")
            expected[i] = "(2D6) ＞ 7[3,4] ＞ 7"
        elif kind == 2:
            commands.append("1D100<=45")  # random from the seed
        elif kind == 3:
            commands.append("RES(12-10)\t47")
            expected[i] = "(1d100<=60) ＞ 47 ＞ 成功"
        elif kind == 4:
            commands.append("CCB<=abc" if i % 4 == 0 else "SCBR(70,30)\t31")
        else:
            commands.append("2D6\t3")  # too few typed dice
    done = cli("--ruleset", "coc6-a", "--batch", "--seed", "11", stdin="\n".join(commands) + "\n")
    lines = done.stdout.splitlines()
    assert len(lines) == 300
    assert done.returncode == 2  # some lines failed
    for i, line in enumerate(lines):
        if i in expected:
            assert line == expected[i]
        if i % 6 == 5 or (i % 6 == 4 and i % 4 == 0):
            assert line.startswith("ERROR: ")
        else:
            assert not line.startswith("ERROR: "), (i, line)
    assert lines[0] == "(1D100<=50) ＞ 1 ＞ 決定的成功/スペシャル"
    assert lines[4].startswith("ERROR: ") and "CCB<=abc" in lines[4]
    assert lines[10] == "(1d100<=70,30) ＞ 31[成功,失敗] ＞ 部分的成功"
    # The same seed reproduces the random lines.
    again = cli("--ruleset", "coc6-a", "--batch", "--seed", "11", stdin="\n".join(commands) + "\n")
    assert again.stdout == done.stdout


def run_in_process(argv: list[str], capsys: pytest.CaptureFixture[str], stdin: str = "") -> tuple[int, str, str]:
    old = sys.stdin
    sys.stdin = io.StringIO(stdin)
    try:
        status = main(argv)
    finally:
        sys.stdin = old
    out, err = capsys.readouterr()
    return status, out, err


def test_dice2_cli_typed_dice_forms(capsys: pytest.CaptureFixture[str]) -> None:  # rule: DICE-2
    for dice in (["--dice", "3", "--dice", "4"], ["--dice", "3,4"], ["--dice", "3, 4"]):
        status, out, _ = run_in_process(["roll", "--ruleset", "coc6-a", *dice, "2D6"], capsys)
        assert (status, out) == (0, "(2D6) ＞ 7[3,4] ＞ 7\n")
    status, out, err = run_in_process(["roll", "--ruleset", "coc6-a", "--dice", "3", "2D6"], capsys)
    assert status == 2 and out == "" and err.count("\n") == 1
    status, _, err = run_in_process(["roll", "--ruleset", "coc6-a", "--dice", "x", "2D6"], capsys)
    assert status == 2 and "x" in err


def test_dice8_cli_english_secret_and_seed(capsys: pytest.CaptureFixture[str]) -> None:  # rule: DICE-8, DICE-2
    status, out, _ = run_in_process(["roll", "--ruleset", "coc6-a", "--lang", "en", "--dice", "3,4", "2D6>=7"], capsys)
    assert (status, out) == (0, "(2D6>=7) ＞ 7[3,4] ＞ 7 ＞ Success\n")
    # a secret roll prints the same line, as BCDice does
    _, public, _ = run_in_process(["roll", "--ruleset", "coc6-a", "--seed", "4", "CCB<=50"], capsys)
    _, secret, _ = run_in_process(["roll", "--ruleset", "coc6-a", "--seed", "4", "SCCB<=50"], capsys)
    assert public == secret and public.startswith("(1D100<=50) ＞ ")
    _, other, _ = run_in_process(["roll", "--ruleset", "coc6-a", "--seed", "5", "3D6*5"], capsys)
    _, same, _ = run_in_process(["roll", "--ruleset", "coc6-a", "--seed", "5", "3D6*5"], capsys)
    assert other == same


def test_chk_b_0_cli_options_and_a_clean_batch(capsys: pytest.CaptureFixture[str]) -> None:  # rule: CHK-B-0
    status, out, _ = run_in_process(
        ["roll", "--ruleset", "coc6-b", "--option", "crit_fumble=cc", "--batch"],
        capsys,
        stdin="CCB<=50\t3\nCC<=50\t3\n",
    )
    assert status == 0
    assert out.splitlines() == ["(1D100<=50) ＞ 3 ＞ 決定的成功/スペシャル", "(1D100<=50) ＞ 3 ＞ スペシャル"]
    status, _, err = run_in_process(["roll", "--ruleset", "coc6-b", "--option", "crit_fumble=x", "CC<=50"], capsys)
    assert status == 2 and err
