"""The program imports nothing the bundle leaves out (packaging/yobigoe.spec's
``EXCLUDED_MODULES``): such an import works from source and fails only in the
GM's bundle.  The start-up probe's drags once used ``PySide6.QtTest`` and the
bundle stopped at start with ModuleNotFoundError."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def excluded_modules() -> list[str]:
    tree = ast.parse((ROOT / "packaging" / "yobigoe.spec").read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(getattr(t, "id", "") == "EXCLUDED_MODULES" for t in node.targets):
            value = ast.literal_eval(node.value)
            assert isinstance(value, list)
            return [str(name) for name in value]
    raise AssertionError("packaging/yobigoe.spec has no EXCLUDED_MODULES")


def imported_names(path: Path) -> list[tuple[int, str]]:
    found: list[tuple[int, str]] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            found.append((node.lineno, node.module))
            found += [(node.lineno, f"{node.module}.{alias.name}") for alias in node.names]
    return found


def test_the_program_imports_no_module_the_bundle_leaves_out() -> None:
    excluded = excluded_modules()
    assert "PySide6.QtTest" in excluded  # the list this test reads is the real one
    offenders = [
        f"{path.relative_to(ROOT)}:{line} {name}"
        for folder in ("app", "engine")
        for path in sorted((ROOT / folder).rglob("*.py"))
        for line, name in imported_names(path)
        if any(name == gone or name.startswith(gone + ".") for gone in excluded)
    ]
    assert offenders == []
