"""Hex geometry and battle maps (ENC-2..ENC-7): engine/hexbattle/hexgrid.py, engine/hexbattle/hexmap.py."""

from __future__ import annotations

import ast
import json
import math
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import engine.hexbattle.hexgrid as hexgrid_module
import engine.hexbattle.hexmap as hexmap_module
from engine.errors import EngineError
from engine.hexbattle.hexgrid import (
    DIRECTIONS,
    Hex,
    d3_direction,
    direction_to,
    disk,
    distance,
    from_offset,
    label,
    line,
    neighbor,
    neighbors,
    opposite,
    parse_label,
    ring,
    spiral,
    step_toward,
    to_offset,
    to_pixel,
)
from engine.hexbattle.hexmap import (
    ZONE_BREAKTHROUGH,
    ZONE_LEAD,
    HexMap,
    MoveCost,
    cheapest_path,
    clamp_to_map,
    path_cost,
    path_distance_avoiding,
    reachable,
)
from engine.i18n import catalog

H = parse_label  # tests speak in the labels a GM reads


def labels(hexes: object) -> list[str]:
    return [label(h) for h in hexes]  # type: ignore[attr-defined]


# ---------------------------------------------------------------- coordinates


def test_cube_coordinates_sum_to_zero_and_round_trip() -> None:
    h = Hex(3, -5)
    assert h.cube() == (3, -5, 2)
    assert h.s == 2
    assert Hex.from_cube(3, -5, 2) == h


def test_labels_use_column_letters_and_one_based_rows() -> None:
    assert label(from_offset(0, 0)) == "A1"
    assert label(from_offset(2, 3)) == "C4"
    assert label(from_offset(25, 0)) == "Z1"
    assert label(from_offset(26, 9)) == "AA10"
    assert parse_label(" c4 ") == from_offset(2, 3)
    assert parse_label("AA10") == from_offset(26, 9)


def test_odd_rows_sit_half_a_hex_to_the_right() -> None:
    # odd-r: A2 (second printed row) is drawn right of A1 and A3.
    size = 10.0
    a1_x, a1_y = to_pixel(H("A1"), size)
    a2_x, a2_y = to_pixel(H("A2"), size)
    a3_x, _ = to_pixel(H("A3"), size)
    assert (a1_x, a1_y) == (0.0, 0.0)
    assert a2_x == pytest.approx(size * math.sqrt(3) / 2)
    assert a2_y == pytest.approx(15.0)
    assert a3_x == pytest.approx(0.0)
    assert to_offset(H("A2")) == (0, 1)


# ---------------------------------------------------------------- directions


def test_die_faces_go_clockwise_from_east_on_screen() -> None:
    # Face n points at (n - 1) × 60° clockwise from east; screen y grows downward.
    origin = H("C3")
    ox, oy = to_pixel(origin, 1.0)
    for face in DIRECTIONS:
        x, y = to_pixel(neighbor(origin, face), 1.0)
        angle = math.degrees(math.atan2(y - oy, x - ox)) % 360
        assert angle == pytest.approx((face - 1) * 60)


def test_die_faces_by_label_from_even_and_odd_rows() -> None:
    # C3 is on an unshifted row, C4 on a shifted one; "up" is row decreasing.
    assert labels(neighbor(H("C3"), f) for f in DIRECTIONS) == ["D3", "C4", "B4", "B3", "B2", "C2"]
    assert labels(neighbor(H("C4"), f) for f in DIRECTIONS) == ["D4", "D5", "C5", "B4", "C3", "D3"]
    assert neighbors(H("C3")) == [neighbor(H("C3"), f) for f in DIRECTIONS]


def test_opposite_and_direction_to() -> None:
    assert [opposite(f) for f in DIRECTIONS] == [4, 5, 6, 1, 2, 3]
    c = H("C3")
    for face in DIRECTIONS:
        assert direction_to(c, neighbor(c, face)) == face
        assert neighbor(neighbor(c, face), opposite(face)) == c
    assert direction_to(c, H("E3")) is None


def test_d3_reading_is_directions_one_to_three() -> None:
    # rule: ENC-7 (D3 when discovery strength ≤ 1) — Reading: D3 face n = D6 direction n.
    assert [d3_direction(n) for n in (1, 2, 3)] == [1, 2, 3]
    # The same fan turned to face east: north-east, east, south-east.
    assert [d3_direction(n, forward=1) for n in (1, 2, 3)] == [6, 1, 2]
    assert [d3_direction(n, forward=5) for n in (1, 2, 3)] == [4, 5, 6]


def test_drift_moves_one_hex_per_d6_roll_even_into_swamp() -> None:
    # rule: ENC-4 — spirit pressure 25 → 2 drifts; faces 2 (south-east) then 6 (north-east).
    swamp = HexMap(id="m", width=5, height=5).with_cost(H("C4"), 3)
    here = H("C3")
    visited = []
    for face in (2, 6)[: 25 // 10]:
        here = clamp_to_map(swamp, here, face, 1)
        visited.append(label(here))
    assert visited == ["C4", "D3"]
    assert swamp.cost(H("C4")) == 3


# ---------------------------------------------------------------- distances, rings, lines


@pytest.mark.parametrize(
    ("a", "b", "expected"),
    [
        ("A1", "A1", 0),
        ("A1", "B1", 1),
        ("A1", "E1", 4),
        ("A1", "C3", 3),
        ("A1", "A5", 4),
        ("A2", "E2", 4),
        ("C3", "B2", 1),
        ("C3", "D2", 2),
        ("B4", "E1", 4),
    ],
)
def test_distance_against_hand_counted_steps(a: str, b: str, expected: int) -> None:
    assert distance(H(a), H(b)) == expected


def test_ring_has_six_r_hexes_starting_east_going_clockwise() -> None:
    c = Hex(0, 0)
    assert ring(c, 0) == [c]
    assert ring(c, 1) == neighbors(c)  # E, SE, SW, W, NW, NE
    r2 = ring(c, 2)
    assert len(r2) == 12
    assert r2[0] == Hex(2, 0)
    assert r2[1] == Hex(1, 1)  # one step south-west: clockwise on screen
    assert {distance(c, h) for h in r2} == {2}
    assert len(set(r2)) == 12


def test_spiral_and_disk() -> None:
    c = H("C3")
    s = spiral(c, 2)
    assert s[0] == c
    assert len(s) == 1 + 6 + 12
    assert s[1:7] == ring(c, 1)
    assert disk(c, 2) == frozenset(s)
    assert disk(c, 2) == {h for h in spiral(c, 4) if distance(c, h) <= 2}


def test_line_along_a_row_and_on_an_exact_edge() -> None:
    assert labels(line(H("A1"), H("E1"))) == ["A1", "B1", "C1", "D1", "E1"]
    # (0,0)→(2,-1) passes exactly between (1,-1) and (1,0); the nudge picks (1,0), always.
    assert line(Hex(0, 0), Hex(2, -1)) == [Hex(0, 0), Hex(1, 0), Hex(2, -1)]
    assert line(H("B2"), H("B2")) == [H("B2")]


def test_step_toward() -> None:
    assert step_toward(H("A1"), H("E1")) == H("B1")
    assert step_toward(H("C3"), H("C3")) == H("C3")
    assert step_toward(Hex(0, 0), Hex(2, -1)) == Hex(1, 0)


# ---------------------------------------------------------------- maps


def small_map() -> HexMap:
    """4×3: a swamp (3) at B2, a wall at C2, rough ground (2) at D1.

    A1 B1 C1 D1(2)
     A2 B2(3) C2(#) D2
    A3 B3 C3 D3
    """
    return HexMap(
        id="small",
        width=4,
        height=3,
        costs=((1, 1, 1, 2), (1, 3, None, 1), (1, 1, 1, 1)),
    )


def test_map_shape_costs_and_edge() -> None:
    m = HexMap(id="m", width=5, height=5)
    assert len(m.hexes()) == 25
    assert labels(m.hexes()[:6]) == ["A1", "B1", "C1", "D1", "E1", "A2"]
    assert all(m.cost(h) == 1 for h in m.hexes())
    assert m.in_bounds(H("E5")) and not m.in_bounds(H("F1")) and not m.in_bounds(H("A6"))
    assert m.in_bounds(H("A2")) and not m.in_bounds(neighbor(H("A2"), 4))
    assert set(labels(m.edge_hexes())) == {
        "A1",
        "B1",
        "C1",
        "D1",
        "E1",
        "A5",
        "B5",
        "C5",
        "D5",
        "E5",
        "A2",
        "A3",
        "A4",
        "E2",
        "E3",
        "E4",
    }
    s = small_map()
    assert s.cost(H("B2")) == 3 and s.cost(H("C2")) is None and s.cost(H("D1")) == 2


def test_center_is_the_middle_hex() -> None:
    # rule: ENC-2 — the lead zone sits at the centre of map 1.
    assert label(HexMap(id="m", width=5, height=5).center()) == "C3"
    assert label(HexMap(id="m", width=3, height=3).center()) == "B2"
    assert label(HexMap(id="m", width=1, height=1).center()) == "A1"
    assert label(HexMap(id="m", width=7, height=3).center()) == "D2"


def test_zones_for_lead_and_breakthrough() -> None:
    # rule: ENC-2
    m = HexMap(id="m", width=5, height=5)
    m = m.with_zone(ZONE_LEAD, disk(m.center(), 1))
    m = m.with_zone(ZONE_BREAKTHROUGH, [H("E2"), H("E3"), H("E4")])
    assert m.zone(ZONE_LEAD) == disk(H("C3"), 1)
    assert m.zone(ZONE_BREAKTHROUGH) <= set(m.edge_hexes())
    assert m.zone_names() == (ZONE_LEAD, ZONE_BREAKTHROUGH)
    assert m.zones[1].hexes == ("E2", "E3", "E4")


def test_reachable_costs_on_small_map_by_hand() -> None:
    m = small_map()
    got = {label(h): c for h, c in reachable(m, H("A2"), None).items()}
    assert got == {"A2": 0, "A1": 1, "B1": 1, "A3": 1, "B3": 1, "C1": 2, "C3": 2, "B2": 3, "D3": 3, "D1": 4, "D2": 4}
    within_two = reachable(m, H("A2"), 2)
    assert set(labels(within_two)) == {"A2", "A1", "B1", "A3", "B3", "C1", "C3"}
    no_swamp = reachable(m, H("A2"), None, avoid_cost_at_least=3)
    assert H("B2") not in no_swamp and no_swamp[H("D2")] == 4


def test_cheapest_path_on_small_map_by_hand() -> None:
    m = small_map()
    path = cheapest_path(m, H("A2"), H("D2"))
    assert path is not None and labels(path) == ["A2", "B3", "C3", "D3", "D2"]
    assert path_cost(m, path) == 4
    # Someone standing on D3: round the top through the rough hex, cost 1+1+2+1.
    around = cheapest_path(m, H("A2"), H("D2"), blocked=frozenset({H("D3")}))
    assert around is not None and labels(around) == ["A2", "B1", "C1", "D1", "D2"]
    assert path_cost(m, around) == 5
    assert cheapest_path(m, H("A2"), H("C2")) is None  # the wall itself
    # The swamp is avoided on the way but may be the goal.
    assert cheapest_path(m, H("A2"), H("B2"), avoid_cost_at_least=3) == [H("A2"), H("B2")]


def test_distance_avoids_swamp_when_possible() -> None:
    # rule: ENC-3 — distances avoid hexes of move cost ≥ 3 unless unavoidable.
    m = HexMap(id="m", width=5, height=3).with_cost(H("C2"), 3)
    found = path_distance_avoiding(m, H("A2"), H("E2"))
    assert found is not None
    assert found.steps == 5 and found.avoided  # around C2: one more than the open 4
    assert H("C2") not in found.path and found.path[0] == H("A2") and found.path[-1] == H("E2")


def test_distance_crosses_swamp_when_unavoidable() -> None:
    # rule: ENC-3
    m = HexMap(id="m", width=5, height=3, costs=((1, 1, 3, 1, 1),) * 3)
    found = path_distance_avoiding(m, H("A2"), H("E2"))
    assert found is not None and found.steps == 4 and not found.avoided
    # Standing in the swamp is not crossing it.
    into = path_distance_avoiding(m, H("A2"), H("C2"))
    assert into is not None and into.steps == 2 and into.avoided
    walled = HexMap(id="w", width=3, height=2, costs=((1, None, 1), (1, None, 1)))
    assert path_distance_avoiding(walled, H("A1"), H("C1")) is None


def test_first_enemy_is_clamped_at_the_map_edge() -> None:
    # rule: ENC-7 — discovery strength 4 → 20 m → 4 hexes (one hex = 5 m).
    m = HexMap(id="m", width=5, height=5)
    assert clamp_to_map(m, H("C3"), 1, 4) == H("E3")  # only 2 hexes to the east edge
    assert clamp_to_map(m, H("C3"), 4, 1) == H("B3")
    assert clamp_to_map(m, H("C3"), 5, 1) == H("B2")
    assert clamp_to_map(m, H("C3"), 6, 9) == H("D1")  # C2, D1, then the top edge
    assert clamp_to_map(m, H("A1"), 5, 3) == H("A1")
    # Strength 1 rolls a D3: face 3 → direction 3 (south-west), 1 hex.
    assert clamp_to_map(m, H("C3"), d3_direction(3), 1) == H("B4")


def test_json_round_trip_is_exact() -> None:
    m = HexMap(
        id="marsh-1",
        name={"ja": "湿原 1", "en": "Marsh 1"},
        width=4,
        height=3,
        costs=((1, 1, 1, 2), (1, 3, None, 1), (1, 1, 1, 1)),
        zones=({"name": ZONE_LEAD, "hexes": ["b2", "A2"]},),
    )
    data = m.model_dump(mode="json")
    assert data["costs"][1] == [1, 3, None, 1]
    assert data["zones"] == [{"name": "lead", "hexes": ["A2", "B2"]}]
    text = json.dumps(data, ensure_ascii=False)
    back = HexMap.model_validate(json.loads(text))
    assert back == m
    assert back.model_dump(mode="json") == data
    assert HexMap.model_validate_json(m.model_dump_json()) == m
    assert back.title("ja") == "湿原 1" and back.title("en") == "Marsh 1"
    assert HexMap(id="x", width=1, height=1).title("en") == "x"


# ---------------------------------------------------------------- errors

ERROR_CASES: dict[str, Callable[[], object]] = {
    "direction 0": lambda: neighbor(Hex(0, 0), 0),
    "direction 7": lambda: clamp_to_map(small_map(), H("A1"), 7, 0),
    "d3 face 4": lambda: d3_direction(4),
    "negative radius": lambda: ring(Hex(0, 0), -1),
    "bad cube": lambda: Hex.from_cube(1, 1, 1),
    "label left of A": lambda: label(from_offset(-1, 0)),
    "bad label": lambda: parse_label("4C"),
    "row zero": lambda: parse_label("C0"),
    "off the map": lambda: small_map().cost(H("E1")),
    "start off the map": lambda: reachable(small_map(), H("A9"), 3),
    "negative budget": lambda: reachable(small_map(), H("A1"), -1),
    "negative steps": lambda: clamp_to_map(small_map(), H("A1"), 1, -2),
    "unknown zone": lambda: small_map().zone(ZONE_LEAD),
    "walk through wall": lambda: path_cost(small_map(), [H("B1"), H("C2")]),
    "width 0": lambda: HexMap(id="m", width=0, height=2),
    "wrong type": lambda: HexMap.model_validate({"id": "m", "width": "wide", "height": 2}),
    "unknown key": lambda: HexMap.model_validate({"id": "m", "width": 1, "height": 1, "x": 1}),
    "too few rows": lambda: HexMap(id="m", width=2, height=2, costs=((1, 1),)),
    "short row": lambda: HexMap(id="m", width=2, height=2, costs=((1, 1), (1,))),
    "cost 4": lambda: HexMap(id="m", width=2, height=1, costs=((1, 4),)),
    "set cost 0": lambda: small_map().with_cost(H("A1"), 0),
    "zone off map": lambda: HexMap.model_validate(
        {"id": "m", "width": 2, "height": 2, "zones": [{"name": "lead", "hexes": ["C1"]}]}
    ),
    "zone twice": lambda: HexMap.model_validate(
        {
            "id": "m",
            "width": 2,
            "height": 2,
            "zones": [{"name": "lead", "hexes": ["A1"]}, {"name": "lead", "hexes": ["B1"]}],
        }
    ),
    "json garbage": lambda: HexMap.model_validate_json('{"id": "m", "width": 2, "height": [1]}'),
}


@pytest.mark.parametrize("case", sorted(ERROR_CASES))
def test_bad_input_raises_translated_engine_error(case: str) -> None:
    with pytest.raises(EngineError) as caught:
        ERROR_CASES[case]()
    error = caught.value
    assert error.text("en") and "{" not in error.text("en")
    assert error.text("ja") != error.text("en")


def test_malformed_map_names_the_bad_field() -> None:
    with pytest.raises(EngineError) as caught:
        HexMap.model_validate({"id": "m", "width": "wide", "height": 2})
    assert caught.value.params == {"where": "width"}


def test_every_hex_message_has_a_japanese_translation() -> None:
    sources: list[str] = []
    for module in (hexgrid_module, hexmap_module):
        tree = ast.parse(Path(str(module.__file__)).read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "EngineError":
                first = node.args[0]
                assert isinstance(first, ast.Constant) and isinstance(first.value, str)
                sources.append(first.value)
    assert len(sources) >= 15
    missing = [s for s in sources if s not in catalog("ja")]
    assert missing == []


# ---------------------------------------------------------------- properties

coords = st.integers(min_value=-30, max_value=30)
hexes = st.builds(Hex, coords, coords)


@given(hexes, hexes, hexes)
def test_distance_is_a_metric(a: Hex, b: Hex, c: Hex) -> None:
    assert distance(a, b) == distance(b, a)
    assert distance(a, c) <= distance(a, b) + distance(b, c)
    assert (distance(a, b) == 0) == (a == b)


@given(hexes, hexes)
def test_line_is_a_connected_shortest_walk(a: Hex, b: Hex) -> None:
    path = line(a, b)
    assert len(path) == distance(a, b) + 1
    assert path[0] == a and path[-1] == b
    assert all(distance(p, q) == 1 for p, q in zip(path, path[1:], strict=False))
    if a != b:
        assert step_toward(a, b) == path[1]


@given(hexes, st.integers(min_value=1, max_value=6))
def test_ring_size_and_radius(center: Hex, radius: int) -> None:
    hexes_on_ring = ring(center, radius)
    assert len(hexes_on_ring) == 6 * radius == len(set(hexes_on_ring))
    assert all(distance(center, h) == radius for h in hexes_on_ring)
    assert all(distance(p, q) == 1 for p, q in zip(hexes_on_ring, hexes_on_ring[1:], strict=False))


@given(st.integers(0, 60), st.integers(0, 60))
def test_offset_and_label_round_trip(col: int, row: int) -> None:
    h = from_offset(col, row)
    assert to_offset(h) == (col, row)
    assert parse_label(label(h)) == h


@st.composite
def maps_with_start(draw: st.DrawFn) -> tuple[HexMap, Hex]:
    width = draw(st.integers(1, 5))
    height = draw(st.integers(1, 5))
    cost = st.sampled_from([1, 1, 2, 3, None])
    rows: tuple[tuple[MoveCost, ...], ...] = tuple(tuple(draw(cost) for _ in range(width)) for _ in range(height))
    m = HexMap(id="p", width=width, height=height, costs=rows)
    return m, draw(st.sampled_from(m.hexes()))


@settings(max_examples=60)
@given(maps_with_start())
def test_reachable_costs_equal_cheapest_path_costs(case: tuple[HexMap, Hex]) -> None:
    m, start = case
    costs = reachable(m, start, None)
    for goal in m.hexes():
        path = cheapest_path(m, start, goal)
        if goal not in costs:
            assert path is None
            continue
        assert path is not None and path[0] == start and path[-1] == goal
        assert all(distance(p, q) == 1 for p, q in zip(path, path[1:], strict=False))
        assert path_cost(m, path) == costs[goal]


@settings(max_examples=60)
@given(maps_with_start(), st.integers(0, 4))
def test_budget_cuts_reachable_exactly(case: tuple[HexMap, Hex], budget: int) -> None:
    m, start = case
    unlimited = reachable(m, start, None)
    assert reachable(m, start, budget) == {h: c for h, c in unlimited.items() if c <= budget}


@settings(max_examples=60)
@given(maps_with_start(), st.sampled_from(DIRECTIONS), st.integers(0, 8))
def test_clamp_stays_on_the_ray_and_the_map(case: tuple[HexMap, Hex], face: int, steps: int) -> None:
    m, origin = case
    end = clamp_to_map(m, origin, face, steps)
    assert m.in_bounds(end)
    walked = distance(origin, end)
    assert walked <= steps
    ray = [origin]
    for _ in range(walked):
        ray.append(neighbor(ray[-1], face))
    assert ray[-1] == end
    if walked < steps:
        assert not m.in_bounds(neighbor(end, face))


@settings(max_examples=60)
@given(maps_with_start(), st.data())
def test_enc3_distance_never_beats_the_open_grid(case: tuple[HexMap, Hex], data: st.DataObject) -> None:
    # rule: ENC-3
    m, a = case
    b = data.draw(st.sampled_from(m.hexes()))
    found = path_distance_avoiding(m, a, b)
    if found is None:
        assert cheapest_path(m, a, b) is None
        return
    assert found.steps == len(found.path) - 1 >= distance(a, b)
    assert all(distance(p, q) == 1 for p, q in zip(found.path, found.path[1:], strict=False))
    crossed = [m.cost(h) for h in found.path[1:-1]]
    assert None not in crossed
    if found.avoided:
        assert all(c is not None and c < 3 for c in crossed)
    else:  # crossing was unavoidable: no way round exists at all
        assert cheapest_path(m, a, b, avoid_cost_at_least=3) is None
