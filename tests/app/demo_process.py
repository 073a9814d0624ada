"""User folders with the demo session in them, for tests that start ``app.main`` in a
separate process (what is imported before what can only be seen in a fresh interpreter)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
MAKE = (
    "from app.demo import create_demo; from pathlib import Path; import sys; create_demo(Path(sys.argv[1]))[0].close()"
)


def demo_as_last_session(tmp_path: Path, *, clean_exit: bool) -> tuple[dict[str, str], Path]:
    """The demo made by another process in fresh folders under ``tmp_path`` and recorded
    as the last session, left cleanly or not; returns the environment a start-up process
    runs in (offscreen, those folders) and the session's path."""
    data, cfg = tmp_path / "run-data", tmp_path / "run-cfg"
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", YOBIGOE_DATA_DIR=str(data), YOBIGOE_CONFIG_DIR=str(cfg))
    session = data / "demo.yobigoe"
    data.mkdir()
    subprocess.run([sys.executable, "-c", MAKE, str(session)], cwd=ROOT, env=env, check=True, timeout=120)
    cfg.mkdir()
    recent = {"files": [str(session)], "last": str(session), "clean_exit": clean_exit}
    (cfg / "recent.json").write_text(json.dumps(recent), encoding="utf-8")
    return env, session
