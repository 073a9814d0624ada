"""pydantic looks for no plugins in yobigoe: the engine's models build and
validate without importing the installed packages' metadata (≈ 20 ms of every
start, before the board could paint)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from engine.pydantic_plugins import LOADER, skip_plugin_discovery

ROOT = Path(__file__).resolve().parents[2]

OPEN_A_STATE = """
import sys
from engine.core.state import State
from engine.session import new_session

state = State.model_validate_json(new_session(seed=7).state.model_dump_json())
print(type(State.__pydantic_validator__).__name__, "importlib.metadata" in sys.modules, state.ruleset, len(state.deck))
"""


def test_the_engines_models_validate_without_reading_package_metadata() -> None:
    out = subprocess.run([sys.executable, "-c", OPEN_A_STATE], cwd=ROOT, capture_output=True, text=True,
                         timeout=60, check=True)  # fmt: skip
    validator, metadata_loaded, ruleset, deck = out.stdout.split()
    assert (validator, metadata_loaded, ruleset) == ("SchemaValidator", "False", "upland")
    assert int(deck) > 0  # a real state came back through validation


def test_a_loader_already_imported_is_left_alone(monkeypatch: pytest.MonkeyPatch) -> None:
    real = sys.modules.get(LOADER)
    marker = type(sys)("a loader imported before the engine")
    monkeypatch.setitem(sys.modules, LOADER, marker)
    skip_plugin_discovery()
    assert sys.modules[LOADER] is marker
    monkeypatch.delitem(sys.modules, LOADER)
    skip_plugin_discovery()
    assert list(sys.modules[LOADER].get_plugins()) == []
    if real is not None:
        monkeypatch.setitem(sys.modules, LOADER, real)
