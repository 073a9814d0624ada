"""``python -m engine`` for scripts: a sub-command imports what it needs and no
more — ``roll`` loads the ruleset asked for (no session store, no other
ruleset), ``show`` no dice bot — so a script calling it in a loop does not pay
for the whole engine on every call.  The answers are the same as before."""

from __future__ import annotations

import gc
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]

PROBE = """
import sys
from engine.cli import main
code = main(sys.argv[1:])
print("LOADED", code, *sorted(m for m in sys.modules if m.startswith("engine.")))
"""


def areas(modules: list[str]) -> set[str]:
    """``engine.store.reader`` → ``store``; the command line's modules by full name."""
    return {m if m.startswith("engine.cli.") else m.split(".")[1] for m in modules if m.count(".") >= 1}


def loaded_by(*argv: str) -> tuple[str, list[str]]:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    out = subprocess.run([sys.executable, "-c", PROBE, *argv], cwd=ROOT, env=env, capture_output=True, text=True,
                         timeout=120, check=True)  # fmt: skip
    lines = out.stdout.splitlines()
    _, code, *loaded = lines[-1].split()
    return "\n".join(lines[:-1]), [code, *loaded]


def test_roll_loads_no_ruleset_without_options() -> None:
    # rule: DICE-2 (a dice-box command rolled from the command line, as the ruleset's dice bot reads it)
    text, loaded = loaded_by("roll", "--ruleset", "coc6-a", "--dice", "5", "CCB<=50")
    assert text == "(1D100<=50) ＞ 5 ＞ 決定的成功/スペシャル"
    code, *names = loaded
    modules = areas(names)
    assert code == "0" and "engine.cli.roll" in modules
    # the bot is named by the declared ruleset: neither its models nor its options are built
    assert not {"store", "coc6", "upland", "engine.cli.sessions", "engine.cli.character"} & modules, modules
    assert "engine.rulesets.coc6_checks" not in names


#: Runs the command line as ``python -m engine`` does, then names the pydantic modules it imported.
PYDANTIC_PROBE = """
import runpy, sys
sys.argv = ["engine", *sys.argv[1:]]
try:
    runpy.run_module("engine", run_name="__main__", alter_sys=True)
except SystemExit as end:
    code = end.code
from engine.pydantic_plugins import LOADER  # the engine's stand-in, named before pydantic is imported
loaded = [m for m in sys.modules if m.split(".")[0] in ("pydantic", "pydantic_core") and m != LOADER]
print("PYDANTIC", code, *sorted(loaded))
"""


def rolled_without_pydantic(*argv: str, stdin: str = "") -> tuple[list[str], list[str]]:
    """The lines ``python -m engine roll ...`` printed, and its exit code followed by
    the pydantic modules it imported."""
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    out = subprocess.run([sys.executable, "-c", PYDANTIC_PROBE, "roll", *argv], cwd=ROOT, env=env, input=stdin,
                         capture_output=True, text=True, timeout=120, check=True)  # fmt: skip
    *printed, probe = out.stdout.splitlines()
    return printed, probe.split()[1:]


def test_roll_builds_no_pydantic_model_and_prints_the_bot_line() -> None:
    # rule: DICE-2 (a script rolling from the command line starts about as fast as ``import pydantic``:
    # a model class costs more to build than the roll, so none is built and pydantic is not imported)
    printed, (code, *modules) = rolled_without_pydantic("--ruleset", "coc6-a", "--seed", "3", "CCB<=50")
    assert code == "0" and modules == [], modules
    assert len(printed) == 1 and printed[0].startswith("(1D100<=50) ＞ ")
    roll, word = printed[0].split(" ＞ ")[1:]
    assert 1 <= int(roll) <= 100 and word in ("決定的成功/スペシャル", "スペシャル", "成功", "失敗", "致命的失敗")
    printed, (code, *modules) = rolled_without_pydantic("--ruleset", "coc6-a", "--dice", "5", "CCB<=50")
    assert (code, modules, printed) == ("0", [], ["(1D100<=50) ＞ 5 ＞ 決定的成功/スペシャル"])


def test_a_roll_batch_builds_no_pydantic_model_and_prints_a_line_a_command() -> None:
    # rule: DICE-2, DICE-8 (a batch of dice-box commands, typed dice and a bad line in between)
    batch = "CCB<=50\t5\n2D6\t3,4\nCC<=\nRES(11-30)\n"
    printed, (code, *modules) = rolled_without_pydantic("--ruleset", "coc6-a", "--batch", "--lang", "en", stdin=batch)
    assert code == "2" and modules == [], modules  # the bad line fails the batch, the others print
    assert printed[:2] == ["(1D100<=50) ＞ 5 ＞ Critical Success/Special", "(2D6) ＞ 7[3,4] ＞ 7"]
    assert printed[2].startswith("ERROR: ") and "CCB<=50" in printed[2]
    assert printed[3] == "(1d100<=-45) ＞ Automatic Failure"  # RES(11-30): decided without a die
    printed, (code, *modules) = rolled_without_pydantic("--ruleset", "upland", "--batch", stdin="1D100<=45\t5\n")
    assert (code, modules, printed) == ("0", [], ["(1D100<=45) ＞ 5 ＞ 効果的成功"])  # RuneQuest bot


def test_roll_with_an_option_loads_only_the_ruleset_it_rolls_for() -> None:
    # rule: DICE-2 (the ruleset's options are still checked when given)
    text, loaded = loaded_by("roll", "--ruleset", "coc6-b", "--option", "crit_fumble=cc", "--dice", "3", "CCB<=50")
    assert text == "(1D100<=50) ＞ 3 ＞ 決定的成功/スペシャル"
    code, *names = loaded
    modules = areas(names)
    assert code == "0" and "coc6" in modules  # the option is validated by the ruleset's model
    assert not {"store", "upland", "engine.cli.sessions"} & modules, modules
    _, loaded = loaded_by("roll", "--ruleset", "coc6-b", "--option", "crit_fumble=xx", "2D6")
    assert loaded[0] == "2"  # refused, as before


def test_show_opens_the_file_without_the_dice_bot_or_other_commands(tmp_path: Path) -> None:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    path = tmp_path / "s.yobigoe"
    subprocess.run([sys.executable, "-m", "engine", "new", str(path), "--ruleset", "upland", "--seed", "3"],
                   cwd=ROOT, env=env, capture_output=True, check=True)  # fmt: skip
    text, loaded = loaded_by("show", str(path))
    assert '"ruleset": "upland"' in text
    code, *names = loaded
    modules = areas(names)
    assert code == "0" and "store" in modules and "engine.cli.show" in modules
    assert not {"coc6", "engine.cli.roll", "engine.cli.character"} & modules, modules
    assert "engine.dice.bcdice" not in names


def test_show_of_a_file_ending_on_a_snapshot_builds_no_model(tmp_path: Path) -> None:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    path = tmp_path / "s.yobigoe"
    subprocess.run([sys.executable, "-m", "engine", "new", str(path), "--ruleset", "upland", "--seed", "3"],
                   cwd=ROOT, env=env, capture_output=True, check=True)  # fmt: skip
    text, loaded = loaded_by("show", str(path))
    assert '"seed": 3' in text
    code, *names = loaded
    assert code == "0" and "engine.store.head" in names
    assert not {"engine.core.state", "engine.store.reader", "engine.cli.sessions"} & set(names), names
    assert "pydantic" not in subprocess.run(
        [sys.executable, "-c", "import sys; from engine.cli import main; main(sys.argv[1:]); print(*sys.modules)",
         "show", str(path)], cwd=ROOT, env=env, capture_output=True, text=True, check=True
    ).stdout.split()  # fmt: skip


def test_a_short_command_in_the_callers_process_leaves_the_garbage_collector_running(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # rule: DICE-2 (a dice-box command rolled from the command line)
    from engine.cli import main

    assert main(["roll", "--ruleset", "coc6-a", "--dice", "5", "CCB<=50"]) == 0
    assert capsys.readouterr().out.strip() == "(1D100<=50) ＞ 5 ＞ 決定的成功/スペシャル"
    assert gc.isenabled()  # paused for the short run only
