"""Start-up: the built-in rulesets are declared by name and load on
first need, so opening a session imports its own ruleset only — and a command,
a stored row or a state of a ruleset not loaded yet still reads (its owner
loads on demand, it is never refused for being unknown)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from engine.store import SessionFile
from engine.table.commands import DealCard, NewSession

ROOT = Path(__file__).resolve().parents[3]


def run(probe: str) -> list[str]:
    out = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, capture_output=True, text=True, check=True)
    return out.stdout.split()


def saved(path: Path, ruleset: str) -> None:
    """A file with the new session and one move of its own ruleset (a card dealt; CoC's clock advanced)."""
    file = SessionFile.create(path, NewSession(ruleset=ruleset, seed=4))
    if ruleset == "upland":
        file.session.dispatch(DealCard(square="A1", face_up=True))
    else:
        file.session.dispatch({"type": "coc_advance_clock", "minutes": 30})
    file.close()


LOADED = (
    "import sys\n"
    "print('coc6=' + str(any(m.startswith('engine.coc6') for m in sys.modules)),"
    " 'upland=' + str('engine.upland.ruleset' in sys.modules))\n"
)


def test_opening_an_upland_file_leaves_coc6_unloaded(tmp_path: Path) -> None:
    path = tmp_path / "upland.yobigoe"
    saved(path, "upland")
    probe = (
        "from engine.store import SessionFile\n"
        f"f = SessionFile.open({str(path)!r}); print(f.session.state.ruleset, len(f.session.done))\n" + LOADED
    )
    assert run(probe) == ["upland", "2", "coc6=False", "upland=True"]


def test_opening_a_coc_file_leaves_upland_unloaded(tmp_path: Path) -> None:
    path = tmp_path / "coc.yobigoe"
    saved(path, "coc6-b")
    probe = (
        "from engine.store import SessionFile\n"
        f"f = SessionFile.open({str(path)!r}); print(f.session.state.ruleset, len(f.session.done))\n" + LOADED
    )
    assert run(probe) == ["coc6-b", "2", "coc6=True", "upland=False"]


def test_listing_the_rulesets_loads_none_of_them() -> None:
    probe = "import engine.session\nfrom engine.rulesets import registry\nprint(','.join(registry.ids()))\n" + LOADED
    assert run(probe) == ["upland,coc6-a,coc6-b", "coc6=False", "upland=False"]


def test_a_coc_command_parses_before_coc_is_loaded() -> None:
    command = json.dumps({"type": "coc_advance_clock", "minutes": 30})
    probe = (
        "import sys, engine.session\nfrom engine.rulesets import registry\n"
        "before = any(m.startswith('engine.coc6') for m in sys.modules)\n"
        f"c = registry.parse_command({command!r}); print(before, type(c).__module__)\n"
    )
    assert run(probe) == ["False", "engine.coc6.commands.sanity"]


def test_stored_coc_events_read_in_a_process_that_has_not_loaded_coc() -> None:
    """The event log's rows of a CoC session, read where nothing of CoC 6 is loaded yet."""
    from engine.rulesets import registry
    from engine.session import new_session

    session = new_session("coc6-a", seed=3)
    session.dispatch(registry.parse_command({"type": "coc_advance_clock", "minutes": 30}))
    text = registry.events_to_json(list(session.done[-1].events)).decode("utf-8")
    probe = (
        "import sys, engine.session\nfrom engine.rulesets import registry\n"
        "before = any(m.startswith('engine.coc6') for m in sys.modules)\n"
        f"events = registry.events_from_json({text!r}); print(before, [e.type for e in events][0])\n"
    )
    assert run(probe) == ["False", "coc_clock_advanced"]


def test_an_unknown_command_type_is_still_refused_once_everything_is_loaded() -> None:
    probe = (
        "import engine.session\nfrom engine.rulesets import registry\nfrom engine.errors import EngineError\n"
        "try:\n    registry.parse_command({'type': 'no_such_move'})\nexcept EngineError as e:\n    print('refused')\n"
        + LOADED
    )
    assert run(probe) == ["refused", "coc6=True", "upland=True"]
