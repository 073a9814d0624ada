"""Which checkout a benchmark measures: this one, or the one named by ``--root``.

Before/after figures come from one script run twice in the same session, once
with ``--root`` pointing at an older checkout (``git archive REV | tar -x -C DIR``).
The choice has to be made before ``app`` or ``engine`` is imported, so this
module reads ``sys.argv`` itself and imports nothing from the project.  It sits
beside the scripts, which Python finds first when a script runs as
``python benchmarks/NAME.py``.
"""

from __future__ import annotations

import sys
from pathlib import Path


def root_from_argv() -> Path:
    """The checkout named by ``--root DIR`` / ``--root=DIR``, else this one."""
    for i, arg in enumerate(sys.argv):
        if arg == "--root" and i + 1 < len(sys.argv):
            return Path(sys.argv[i + 1]).resolve()
        if arg.startswith("--root="):
            return Path(arg.split("=", 1)[1]).resolve()
    return Path(__file__).resolve().parents[1]


def use_root() -> Path:
    """Put the chosen checkout first on ``sys.path`` and return it."""
    root = root_from_argv()
    sys.path.insert(0, str(root))
    return root
