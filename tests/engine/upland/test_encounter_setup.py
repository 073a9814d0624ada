"""The Upland's encounter set-up on the battle board (seed 000, ENC-3…ENC-9), step by step, with typed dice."""

from __future__ import annotations

import pytest

from engine.errors import EngineError
from engine.hexbattle.board import board_of
from engine.hexbattle.hexgrid import distance
from engine.hexbattle.hexmap import ZONE_BREAKTHROUGH, ZONE_LEAD
from engine.hexbattle.model import BattleState
from engine.upland.encounter_appearance import (
    Declaration,
    forward_direction,
    number_appearing,
    place_enemies,
    roll_appearance,
    sr_delays,
    table_sides,
)
from engine.upland.encounter_setup import drift, lay_out_zones, place_marching_order, placement_distances
from engine.upland.encounter_state import Appearance, SpotterResult
from engine.upland.tables import tables
from tests.engine.hexbattle.support import at, battle, drawn, foe, h, pc, plain, s, typed, with_tokens


def open_field() -> BattleState:
    return lay_out_zones(battle(plain("a", 9, 7), plain("b", 9, 7), "east"))


def spots(b: BattleState, hexes: object) -> list[str]:
    return sorted(s(b, x) for x in hexes)  # type: ignore[attr-defined]


# ---------------------------------------------------------------- ENC-2


def test_enc2_lead_zone_at_centre_of_map_1_breakthrough_on_the_far_edge_of_map_2() -> None:
    b = lay_out_zones(battle(plain("a", 9, 7), plain("b", 9, 7), "east"))
    board = board_of(b)
    assert spots(b, board.zone(ZONE_LEAD)) == ["1:D4", "1:E3", "1:E4", "1:E5", "1:F3", "1:F4", "1:F5"]
    breakthrough = board.zone(ZONE_BREAKTHROUGH)
    assert spots(b, breakthrough) == [f"2:I{row}" for row in range(1, 8)]
    # Every breakthrough hex is on the board's outer edge, facing away from map 1.
    assert all("east" in board.open_sides(x) for x in breakthrough)


def test_enc2_a_pond_at_the_centre_moves_the_lead_zone_to_the_nearest_dry_hex() -> None:
    # C3 and all six of its neighbours are deep water.
    pond = drawn("a", "11111", "1##11", "1###1", "1##11", "11111")
    b = lay_out_zones(battle(pond, plain("b", 5, 5)))
    lead = board_of(b).zone(ZONE_LEAD)
    assert h(b, "1:C3") not in lead
    placed, _ = place_marching_order(b, [pc("p1")])
    assert h(placed, at(placed, "p1")) in lead


def test_enc2_map_2_south_of_map_1_far_edge_is_its_bottom_row() -> None:
    b = lay_out_zones(battle(plain("a", 9, 7), plain("b", 5, 4), "south"))
    assert spots(b, board_of(b).zone(ZONE_BREAKTHROUGH)) == [f"2:{c}4" for c in "ABCDE"]


# ---------------------------------------------------------------- ENC-3


def test_enc3_a_cost_3_hex_between_two_members_forces_the_longer_count() -> None:
    reeds = drawn("a", "1111111", "1111111", "1131111", "1111111", "1111111")
    b = battle(reeds, plain("b", 3, 5))
    counted = placement_distances(board_of(b), [h(b, "1:B3")])
    assert counted[h(b, "1:D3")] == 3  # round the dense reeds, not straight through C3
    b_open = battle(plain("a", 7, 5), plain("b", 3, 5))
    assert placement_distances(board_of(b_open), [h(b_open, "1:B3")])[h(b_open, "1:D3")] == 2


def test_enc3_a_cost_3_hex_is_crossed_when_unavoidable() -> None:
    # C3 is ringed by cost-3 hexes: there is no other way in, so the count goes straight through.
    ringed = drawn("a", "11111", "13311", "13131", "13311", "11111")
    b = battle(ringed, plain("b", 3, 5))
    assert placement_distances(board_of(b), [h(b, "1:A3")])[h(b, "1:C3")] == 2


def test_enc3_marching_order_first_in_lead_then_each_within_2_and_behind() -> None:
    b = open_field()
    party = [pc(f"p{i}") for i in range(1, 5)]
    placed, _ = place_marching_order(b, party)
    board = board_of(placed)
    front = placement_distances(board, board.zone(ZONE_BREAKTHROUGH))
    where = [h(placed, at(placed, t.id)) for t in party]
    assert where[0] in board.zone(ZONE_LEAD)
    assert front[where[0]] == min(front[x] for x in board.zone(ZONE_LEAD))  # the front of the lead zone
    for before, after in zip(where, where[1:], strict=False):
        assert 1 <= placement_distances(board, [before])[after] <= 2
        assert front[after] > front[before]  # behind those ranked higher
    assert [at(placed, t.id) for t in party] == ["1:F3", "1:E2", "1:D2", "1:C2"]


def test_enc3_marching_order_needs_a_lead_zone() -> None:
    with pytest.raises(EngineError) as error:
        place_marching_order(battle(plain("a", 5, 5), plain("b", 5, 5)), [pc("p1")])
    assert "先頭範囲" in error.value.text("ja")


# ---------------------------------------------------------------- ENC-4


def test_enc4_25_spirit_pressure_moves_each_character_twice() -> None:
    b = with_tokens(open_field(), [pc("p1", "1:E4"), pc("p2", "1:C2"), pc("p3", "1:H6")])
    dice = typed(1, 1, 4, 2)
    drifted, steps = drift(b, {"p1": 25, "p2": 25, "p3": 9}, dice)
    assert [(st.token, st.face) for st in steps] == [("p1", 1), ("p1", 1), ("p2", 4), ("p2", 2)]
    assert at(drifted, "p1") == "1:G4"  # two hexes east
    assert at(drifted, "p2") == "1:C3"  # west, then south-east (B2 is on a shifted row)
    assert at(drifted, "p3") == "1:H6"  # 9 spirit pressure: no full 10, no roll
    assert dice.typed_left == 0


def test_enc4_drift_enters_cost_3_hexes_but_not_impassable_ones_or_off_the_map() -> None:
    swamp = drawn("a", "11111", "11111", "11113", "1111#", "11111")
    b = with_tokens(battle(swamp, plain("b", 5, 5), "south"), [pc("p", "1:D3"), pc("q", "1:A1")])
    drifted, steps = drift(b, {"p": 20, "q": 10}, typed(1, 2, 4))
    assert at(drifted, "p") == "1:E3"  # cost 3 entered; then south-east is #: stays
    assert [st.moved for st in steps] == [True, False, False]  # q at A1 cannot go west
    assert at(drifted, "q") == "1:A1"


# ---------------------------------------------------------------- ENC-5 / ENC-6 / ENC-9

PARTY = [
    Declaration("A", "sight", 50),
    Declaration("B", "listen", 60),
    Declaration("C", "sight", 40),
    Declaration("D", "listen", 70),
]


def test_enc5_strength_up_to_10_rolls_1d_strength_and_11_up_rolls_1d20() -> None:
    assert table_sides(4) == 4 and table_sides(10) == 10 and table_sides(11) == 20
    table = tables().encounter
    with pytest.raises(EngineError) as error:
        roll_appearance(PARTY[:1], 4, table, typed(30, 5))  # 5 is no face of a D4
    assert "d4" in str(error.value)
    assert roll_appearance(PARTY[:1], 11, table, typed(30, 17)).creature.startswith("屍ドラゴニュート")


def test_enc5_enc6_discovery_strength_first_spotter_and_experience_checks() -> None:
    # d100s in marching order (DICE-7), then the table die: 4 = トード, sight +1, listen 0.
    appearance = roll_appearance(PARTY, 4, tables().encounter, typed(30, 5, 35, 80, 4))
    assert appearance.creature.startswith("トード")
    by = {r.token: r for r in appearance.results}
    assert [by[t].level for t in "ABCD"] == ["success", "special", "success", "failure"]
    assert [by[t].discovery for t in "ABCD"] == [2, 2, 2, 0]
    assert appearance.first_spotter == "B"  # tie at 2 broken by the higher skill %
    assert appearance.experience == ("A", "C")  # others who succeeded with the same strength


def test_enc6_a_failed_roll_with_the_same_strength_gains_no_experience_check() -> None:
    # Row 9 グール: sight +3, listen +5. E fails listen (0 + 5); F succeeds sight (1 + 3); G specials sight (2+3).
    party = [Declaration("E", "listen", 30), Declaration("F", "sight", 50), Declaration("G", "sight", 45)]
    appearance = roll_appearance(party, 9, tables().encounter, typed(90, 40, 9, 9))
    assert [r.discovery for r in appearance.results] == [5, 4, 5]
    assert appearance.first_spotter == "G"  # 45 % beats E's 30 % at strength 5
    assert appearance.experience == ()  # E has strength 5 but failed


def test_enc9_table_rows_are_read_from_data() -> None:
    rows = {r.d20: r for r in tables().encounter}
    assert len(rows) == 20
    assert (rows[1].sight, rows[1].listen, rows[1].creature) == (3, 4, "武装ゾンビ(p50)")
    assert rows[20].sight is None and rows[20].listen is None
    special = roll_appearance(PARTY[:1], 20, tables().encounter, typed(30, 20))
    assert special.special and special.results[0].discovery == 1  # success 1 + no modifier


def test_enc9_number_appearing() -> None:
    dice = typed(4)
    assert number_appearing("強度+3", 5, dice).number == 8
    assert number_appearing("強度-9", 5, dice).number == 1  # at least one
    assert number_appearing("(強度-10)×2", 13, dice).number == 6
    ghost = number_appearing("(強度-10)×10+10MP", 13, dice)
    assert ghost.number == 1 and ghost.detail == "MP 40"
    toads = number_appearing("D3+1/SIZ計=8*強度", 5, typed(3))
    assert toads.number == 4 and toads.detail == "SIZ 40"
    assert number_appearing("-", 5, dice).number is None


# ---------------------------------------------------------------- ENC-7


def spotted(token: str, discovery: int) -> Appearance:
    result = SpotterResult(
        token=token,
        skill="sight",
        target=50,
        roll=30,
        level="success",
        degree=1,
        modifier=discovery - 1,
        discovery=discovery,
    )
    return Appearance(
        strength=5,
        table_die=1,
        table_sides=5,
        creature="x",
        count_text="強度+3",
        special=False,
        results=(result,),
        first_spotter=token,
        experience=(),
    )


def test_enc7_discovery_strength_1_uses_a_d3_fanned_round_the_front() -> None:
    b, seen = with_tokens(open_field(), [pc("p", "1:E4")]), spotted("p", 1)
    assert forward_direction(b, h(b, "1:E4")) == 1  # the breakthrough lies east
    with pytest.raises(EngineError) as error:
        place_enemies(b, [foe("e1")], typed(4), seen)
    assert "d3" in str(error.value)
    placed, facts = place_enemies(b, [foe("e1")], typed(2), seen)
    assert (facts.sides, facts.direction, facts.hexes) == (3, 1, 1)
    assert at(placed, "e1") == "1:F4"  # 5 m = one hex, straight ahead


def test_enc7_strength_2_uses_a_d6_at_10_metres_and_later_enemies_go_behind() -> None:
    b, seen = with_tokens(open_field(), [pc("p", "1:E4")]), spotted("p", 2)
    placed, facts = place_enemies(b, [foe("e1"), foe("e2"), foe("e3")], typed(4), seen)
    assert (facts.sides, facts.direction, facts.hexes) == (6, 4, 2)
    assert [at(placed, e) for e in ("e1", "e2", "e3")] == ["1:C4", "1:B4", "1:A4"]


def test_enc7_clamped_at_the_map_edge() -> None:
    b, seen = with_tokens(open_field(), [pc("p", "2:G4")]), spotted("p", 5)
    placed, facts = place_enemies(b, [foe("e1"), foe("e2")], typed(1), seen)
    assert facts.hexes == 5
    assert at(placed, "e1") == "2:I4"  # 25 m east, but the board ends two hexes on
    origin, first = h(placed, "2:G4"), h(placed, "2:I4")
    assert distance(origin, h(placed, at(placed, "e2"))) >= distance(origin, first)  # still behind it


def test_enc7_metres_per_hex_option() -> None:
    b, seen = with_tokens(open_field(), [pc("p", "1:E4")]), spotted("p", 4)
    _, facts = place_enemies(b, [foe("e1")], typed(4), seen, metres_per_hex=10)
    assert facts.hexes == 2  # 20 m at 10 m a hex


# ---------------------------------------------------------------- ENC-8


def test_enc8_three_strike_ranks_per_missing_point() -> None:
    appearance = roll_appearance(PARTY, 4, tables().encounter, typed(30, 5, 35, 80, 4))
    assert sr_delays(appearance) == {"D": 6}
