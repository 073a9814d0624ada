"""Where the shipped data lives, from the source tree and from a PyInstaller bundle."""

from __future__ import annotations

import sys
from pathlib import Path


def assets_dir() -> Path:
    """The ``assets`` folder: next to the packages in the source tree, or at the
    root of a PyInstaller bundle (``sys._MEIPASS``), where the spec copies it."""
    bundle = getattr(sys, "_MEIPASS", None)
    if bundle:
        return Path(bundle) / "assets"
    return Path(__file__).resolve().parent.parent / "assets"


def i18n_dir() -> Path:
    """The compiled translations (``*_<lang>.qm``)."""
    return assets_dir() / "i18n"
