"""Where the Upland's rule tables live (``assets/rules/upland``), bundle or checkout."""

from __future__ import annotations

from pathlib import Path

from engine.assets import assets_root

__all__ = ["assets_root", "upland_rules_dir"]


def upland_rules_dir() -> Path:
    """``assets/rules/upland``: the Upland tables as TOML (tables.py reads them)."""
    return assets_root() / "rules" / "upland"
