"""The layers are checked by a machine: ``engine`` never imports Qt or ``app``, and
the core and the table never import a ruleset (rulesets plug in through the registry)."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
FORBIDDEN = ("PySide6", "shiboken6", "app")


def test_engine_modules_import_no_qt_and_no_app() -> None:
    offenders = []
    for path in (ROOT / "engine").rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names: list[str] = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                names = [node.module]
            offenders += [f"{path.name}: {n}" for n in names if n.split(".")[0] in FORBIDDEN]
    assert offenders == []


def test_importing_the_whole_engine_loads_no_qt() -> None:
    code = (
        "import sys, pkgutil, importlib, engine\n"
        "for m in pkgutil.walk_packages(engine.__path__, 'engine.'):\n"
        "    if not m.name.endswith('__main__'): importlib.import_module(m.name)\n"
        "bad = [m for m in sys.modules if m.split('.')[0] in ('PySide6', 'shiboken6', 'app')]\n"
        "print(bad); sys.exit(1 if bad else 0)\n"
    )
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr


def test_import_linter_contract_holds() -> None:
    exe = Path(sys.executable).with_name("lint-imports")
    result = subprocess.run([str(exe)], cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr
    assert " 0 broken" in result.stdout and "engine.hexbattle imports no ruleset KEPT" in result.stdout


RULESET_MODULES = (
    "engine.upland",
    "engine.coc6",
    "engine.hexbattle",
    "engine.rulesets.builtin",
    "engine.rulesets.coc6_checks",
    "engine.dice.bcdice",
    "engine.checks.upland",
    "engine.checks.coc",
)


def test_the_core_and_the_table_import_no_ruleset() -> None:
    offenders = []
    for folder in ("core", "table"):
        for path in (ROOT / "engine" / folder).rglob("*.py"):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                names: list[str] = []
                if isinstance(node, ast.Import):
                    names = [a.name for a in node.names]
                elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                    names = [node.module] + [f"{node.module}.{a.name}" for a in node.names]
                offenders += [f"{folder}/{path.name}: {n}" for n in names if n.startswith(RULESET_MODULES)]
    assert offenders == []
