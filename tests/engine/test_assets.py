"""The assets folder is found by the engine itself, not through a ruleset: the
battle maps and each ruleset's rule tables are located from ``engine.assets``."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from engine.assets import assets_root
from engine.coc6.assets import coc6_rules_dir
from engine.hexbattle.maps import maps_dir
from engine.upland.assets import upland_rules_dir

ROOT = Path(__file__).resolve().parents[2]


def test_every_part_finds_its_files_under_the_one_assets_folder() -> None:
    assert assets_root() == ROOT / "assets"
    assert maps_dir() == ROOT / "assets" / "maps" and any(maps_dir().glob("*.toml"))
    assert coc6_rules_dir() == ROOT / "assets" / "rules" / "coc6" and coc6_rules_dir().is_dir()
    assert upland_rules_dir() == ROOT / "assets" / "rules" / "upland" and upland_rules_dir().is_dir()


def test_a_pyinstaller_bundle_moves_them_all_together(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path), raising=False)
    assert maps_dir() == tmp_path / "assets" / "maps"
    assert coc6_rules_dir() == tmp_path / "assets" / "rules" / "coc6"
    assert upland_rules_dir() == tmp_path / "assets" / "rules" / "upland"
