"""Every message the engine can show has a Japanese translation, and every
catalogue entry still belongs to a message (no silent English in the ja UI)."""

from __future__ import annotations

import ast
from pathlib import Path

from engine.i18n import catalog

ROOT = Path(__file__).resolve().parents[2] / "engine"
CALLS = {"EngineError", "render", "translate"}


def engine_messages() -> dict[str, str]:
    found: dict[str, str] = {}
    for path in ROOT.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            func = node.func
            name = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""
            if (
                name in CALLS
                and node.args
                and isinstance(node.args[0], ast.Constant)
                and isinstance(node.args[0].value, str)
            ):
                found[node.args[0].value] = f"{path.relative_to(ROOT.parent)}:{node.lineno}"
            # key = "a" if x else "b"; EngineError(key, ...): collect string constants assigned to `key`/`src`
            if name in CALLS and node.args and isinstance(node.args[0], ast.Name):
                pass
        for node in ast.walk(tree):
            if isinstance(node, ast.Assign) and any(
                isinstance(t, ast.Name) and t.id in ("key", "src") for t in node.targets
            ):
                for const in ast.walk(node.value):
                    if isinstance(const, ast.Constant) and isinstance(const.value, str) and " " in const.value:
                        found[const.value] = f"{path.relative_to(ROOT.parent)}:{node.lineno}"
    return found


def test_every_engine_message_has_a_japanese_translation() -> None:
    ja = catalog("ja")
    missing = {src: where for src, where in engine_messages().items() if src not in ja}
    assert missing == {}


def test_japanese_placeholders_match_the_english_ones() -> None:
    import string

    fmt = string.Formatter()
    for source, text in catalog("ja").items():
        src_fields = {f for _, f, _, _ in fmt.parse(source) if f}
        ja_fields = {f for _, f, _, _ in fmt.parse(text) if f}
        assert src_fields == ja_fields, source
