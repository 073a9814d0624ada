"""Where the rule tables live, from the source tree and from a PyInstaller bundle.

The bundle copies the repository's ``assets/`` folder to ``sys._MEIPASS/assets``
(packaging/yobigoe.spec); from a checkout or an editable install the folder sits
at the repository root, two levels above this package.
"""

from __future__ import annotations

import sys
from pathlib import Path


def assets_root() -> Path:
    """The ``assets`` folder of this program (bundle first, then the source tree)."""
    bundle = getattr(sys, "_MEIPASS", None)
    if bundle:
        return Path(bundle) / "assets"
    return Path(__file__).resolve().parents[2] / "assets"


def upland_rules_dir() -> Path:
    """``assets/rules/upland``: the Upland tables as TOML (tables.py reads them)."""
    return assets_root() / "rules" / "upland"
