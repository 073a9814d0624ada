"""Where the program's data files live, from the source tree and from a PyInstaller bundle.

The bundle copies the repository's ``assets/`` folder to ``sys._MEIPASS/assets``
(packaging/yobigoe.spec); from a checkout or an editable install the folder sits
at the repository root, one level above this package.  Every part that ships
files (the battle maps, each ruleset's rule tables) finds them from here, so no
part has to import another's package just to locate its own files.
"""

from __future__ import annotations

import sys
from pathlib import Path


def assets_root() -> Path:
    """The ``assets`` folder of this program (bundle first, then the source tree)."""
    bundle = getattr(sys, "_MEIPASS", None)
    if bundle:
        return Path(bundle) / "assets"
    return Path(__file__).resolve().parents[1] / "assets"
