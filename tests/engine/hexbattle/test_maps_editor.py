"""Map files (assets/maps/*.toml) and the map editor model."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.errors import EngineError
from engine.hexbattle.editor import blank_map, paint_cost, rename, replace_map, resize, set_zone
from engine.hexbattle.hexgrid import parse_label
from engine.hexbattle.maps import load_map, map_from_toml, map_to_toml, shipped_map, shipped_maps
from engine.hexbattle.model import BattleState

from .support import battle, pc, plain, with_tokens

GOOD = """
id = "pond"
width = 3
height = 2
rows = ["12#", "3 1 1"]
[name]
ja = "池"
[[zones]]
name = "lead"
hexes = ["b1"]
"""


def test_ready_made_marsh_maps_load_with_reeds_mud_and_water() -> None:
    maps = shipped_maps()
    assert {"marsh-reed-beds", "marsh-mud-flats", "marsh-open-water"} <= set(maps)
    for hex_map in maps.values():
        assert 10 <= hex_map.width <= 16 and 8 <= hex_map.height <= 12
        assert hex_map.name.ja and hex_map.name.en
    water = shipped_map("marsh-open-water")
    costs = {c for row in water.costs for c in row}
    assert costs == {1, 2, 3, None}  # open ground, reeds, wading water, deep water


def test_a_map_file_reads_costs_from_text_rows_and_round_trips() -> None:
    pond = map_from_toml(GOOD, "pond.toml")
    assert pond.costs == ((1, 2, None), (3, 1, 1))
    assert pond.zone("lead") == frozenset({parse_label("B1")})
    assert pond.title("ja") == "池"
    assert map_from_toml(map_to_toml(pond)) == pond


@pytest.mark.parametrize(
    ("text", "english", "japanese"),
    [
        (GOOD.replace('"12#"', '"12x"'), "the sign x", "記号 x"),
        (GOOD.replace("width = 3", "width = 4"), "4 hexes wide", "4 ヘクス"),
        (GOOD.replace('hexes = ["b1"]', 'hexes = ["Z9"]'), "off the map", "マップ外"),
        (GOOD.replace("id =", "idd ="), "malformed at", "壊れています"),
        ("id = [", "not valid TOML", "正しい TOML"),
    ],
)
def test_bad_map_files_are_refused_with_a_clear_message(text: str, english: str, japanese: str) -> None:
    with pytest.raises(EngineError) as error:
        map_from_toml(text, "bad.toml")
    assert english in str(error.value) and "bad.toml" in str(error.value)
    assert japanese in error.value.text("ja")


def test_a_missing_map_file_is_refused(tmp_path: Path) -> None:
    with pytest.raises(EngineError) as error:
        load_map(tmp_path / "nowhere.toml")
    assert "読めません" in error.value.text("ja")


def test_editor_paints_costs_sets_zones_renames_and_resizes() -> None:
    m = blank_map("new", 4, 3)
    m = paint_cost(m, ["A1", "B1"], 3)
    m = paint_cost(m, ["D3"], None)
    assert m.costs[0][:2] == (3, 3) and m.costs[2][3] is None
    m = set_zone(m, "lead", ["B2", "C2"])
    m = rename(m, ja="葦の原", en="Reeds")
    assert m.title("ja") == "葦の原" and m.title("en") == "Reeds"
    smaller = resize(m, 2, 2)
    assert smaller.width == 2 and smaller.costs == ((3, 3), (1, 1))
    assert smaller.zone("lead") == frozenset({parse_label("B2")})  # C2 fell off
    bigger = resize(m, 5, 4)
    assert bigger.costs[3] == (1, 1, 1, 1, 1) and bigger.costs[0][:2] == (3, 3)
    assert "lead" not in set_zone(m, "lead", []).zone_names()


def test_editor_refuses_bad_sizes_and_hexes() -> None:
    with pytest.raises(EngineError):
        resize(plain("a", 3, 3), 0, 3)
    with pytest.raises(EngineError):
        resize(plain("a", 3, 3), 81, 3)
    with pytest.raises(EngineError):
        paint_cost(plain("a", 3, 3), ["D1"], 2)
    with pytest.raises(EngineError):
        paint_cost(plain("a", 3, 3), ["A1"], 4)  # type: ignore[arg-type]
    with pytest.raises(EngineError):
        set_zone(plain("a", 3, 3), " ", ["A1"])


def test_an_edit_that_would_strand_a_token_is_refused() -> None:
    b: BattleState = with_tokens(battle(plain("a", 5, 5), plain("b", 5, 5)), [pc("p", "1:E5")])
    with pytest.raises(EngineError) as error:
        replace_map(b, 1, resize(b.maps[0], 3, 3))
    assert "move it first" in str(error.value)
    with pytest.raises(EngineError):
        replace_map(b, 1, paint_cost(b.maps[0], ["E5"], None))
    assert replace_map(b, 1, paint_cost(b.maps[0], ["A1"], None)).maps[0].costs[0][0] is None


def test_the_maps_travel_inside_the_battle_state() -> None:
    b = with_tokens(battle(shipped_map("marsh-reed-beds"), shipped_map("marsh-mud-flats")), [pc("p", "1:F5")])
    restored = BattleState.model_validate_json(b.model_dump_json())
    assert restored == b
    assert restored.maps[0].costs == shipped_map("marsh-reed-beds").costs
