"""Where the CoC rule tables live (``assets/rules/coc6``), bundle or checkout."""

from __future__ import annotations

import tomllib
from functools import cache
from pathlib import Path
from typing import Any

from engine.assets import assets_root


def coc6_rules_dir() -> Path:
    return assets_root() / "rules" / "coc6"


@cache
def load_table(name: str) -> dict[str, Any]:
    """One TOML table of ``assets/rules/coc6`` (read once)."""
    with (coc6_rules_dir() / f"{name}.toml").open("rb") as handle:
        return tomllib.load(handle)
