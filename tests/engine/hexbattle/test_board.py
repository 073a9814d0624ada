"""The joined battle board: zones, paths across both maps, tokens, reach, leaving, player view."""

from __future__ import annotations

import pytest

from engine.errors import EngineError
from engine.hexbattle.board import board_of
from engine.hexbattle.hexgrid import distance, from_offset
from engine.hexbattle.hexmap import ZONE_BREAKTHROUGH, cheapest_path
from engine.hexbattle.model import BattleState, spot
from engine.hexbattle.tokens import (
    escape,
    leave_board,
    move_token,
    place_token,
    reachable_spots,
    remove_token,
    reveal_token,
)
from engine.hexbattle.view import battle_player_view

from .support import at, battle, drawn, foe, h, pc, plain, s, with_tokens


def spots(b: BattleState, hexes: object) -> list[str]:
    return sorted(s(b, x) for x in hexes)  # type: ignore[attr-defined]


# ---------------------------------------------------------------- joined maps


@pytest.mark.parametrize(
    ("side", "a", "b"),
    [("east", "1:I4", "2:A4"), ("west", "1:A4", "2:I4"), ("south", "1:E7", "2:E1"), ("north", "1:E1", "2:E7")],
)
def test_enc2_the_maps_touch_along_the_chosen_side(side: str, a: str, b: str) -> None:
    joined = battle(plain("a", 9, 7), plain("b", 9, 7), side)  # type: ignore[arg-type]
    assert distance(h(joined, a), h(joined, b)) == 1


def test_enc2_paths_and_distances_run_across_both_maps() -> None:
    # Map 1's only way east is row 2; map 2 is entered from there.
    first = drawn("a", "111#", "1111", "111#")
    second = drawn("b", "1111", "1111", "1111")
    b = battle(first, second, "east")
    board = board_of(b)
    path = cheapest_path(board, h(b, "1:A1"), h(b, "2:D3"))
    assert path is not None
    names = [s(b, x) for x in path]
    assert "1:D2" in names and names[0] == "1:A1" and names[-1] == "2:D3"
    assert any(n.startswith("2:") for n in names) and any(n.startswith("1:") for n in names)


def test_enc2_a_join_offset_that_leaves_the_maps_apart_is_refused() -> None:
    with pytest.raises(EngineError) as error:
        board_of(battle(plain("a", 4, 4), plain("b", 4, 4), "east", offset=9))
    assert "does not touch" in str(error.value)
    assert "接しません" in error.value.text("ja")


# ---------------------------------------------------------------- reach


def test_reachable_set_pays_1_2_3_and_stops_at_impassable() -> None:
    b = with_tokens(battle(drawn("a", "1123#1"), plain("b", 3, 1)), [pc("p", "1:A1", movement=3)])
    assert reachable_spots(b, "p") == {spot("1:A1"): 0, spot("1:B1"): 1, spot("1:C1"): 3}
    far = reachable_spots(b, "p", allowance=50)
    assert far[spot("1:D1")] == 6
    assert spot("1:E1") not in far and spot("1:F1") not in far  # the wall of # cuts map 2 off


def test_reachable_set_crosses_the_join_and_respects_tokens() -> None:
    b = battle(plain("a", 3, 1), plain("b", 3, 1), "east")
    b = with_tokens(b, [pc("p", "1:A1", movement=9), pc("friend", "1:B1"), foe("enemy", "2:B1")])
    reach = reachable_spots(b, "p")
    assert spot("1:C1") in reach and spot("2:A1") in reach  # through a friend, over the join
    assert spot("1:B1") not in reach  # but not ending on the friend
    assert spot("2:C1") not in reach  # nor past an enemy


def test_move_reports_the_path_and_its_cost_and_refuses_too_far() -> None:
    b = with_tokens(battle(drawn("a", "1231"), plain("b", 2, 1)), [pc("p", "1:A1", movement=5)])
    moved, move = move_token(b, "p", spot("1:C1"))
    assert at(moved, "p") == "1:C1"
    assert [str(x) for x in move.path] == ["1:A1", "1:B1", "1:C1"] and move.cost == 5
    with pytest.raises(EngineError) as error:
        move_token(b, "p", spot("1:D1"))
    assert "costs 6" in str(error.value)
    freed, forced = move_token(b, "p", spot("1:D1"), free=True)  # the GM's override
    assert at(freed, "p") == "1:D1" and forced.cost == 6


def test_the_gm_can_set_a_token_down_where_no_path_leads() -> None:
    b = with_tokens(battle(drawn("a", "11#11"), plain("b", 2, 1)), [pc("p", "1:A1", movement=9)])
    with pytest.raises(EngineError) as error:
        move_token(b, "p", spot("1:E1"))
    assert "No path" in str(error.value)
    moved, move = move_token(b, "p", spot("1:E1"), free=True)
    assert at(moved, "p") == "1:E1" and move.cost == 0


def test_move_along_a_given_path_must_be_contiguous() -> None:
    b = with_tokens(battle(plain("a", 5, 1), plain("b", 2, 1)), [pc("p", "1:A1", movement=9)])
    with pytest.raises(EngineError) as error:
        move_token(b, "p", spot("1:C1"), [spot("1:A1"), spot("1:C1")])
    assert "jumps" in str(error.value)


def test_place_remove_reveal_tokens() -> None:
    b = battle(plain("a", 3, 3), plain("b", 3, 3))
    b = place_token(b, foe("e1", "1:B2", hidden=True))
    with pytest.raises(EngineError):
        place_token(b, pc("p", "1:B2"))  # taken
    with pytest.raises(EngineError):
        place_token(b, foe("e1", "1:A1"))  # same id
    b = reveal_token(b, "e1")
    assert b.tokens["e1"].hidden is False
    with pytest.raises(EngineError):
        reveal_token(b, "e1")
    assert "e1" not in remove_token(b, "e1").tokens


# ---------------------------------------------------------------- ENC-10


def east_breakthrough() -> BattleState:
    """Two 9×7 maps side by side, map 2's east column the breakthrough zone (as a set-up leaves it)."""
    b = battle(plain("a", 9, 7), plain("b", 9, 7), "east")
    second = b.maps[1]
    edge = [from_offset(second.width - 1, row) for row in range(second.height)]
    return b.model_copy(update={"maps": (b.maps[0], second.with_zone(ZONE_BREAKTHROUGH, edge))})


def test_enc10_leaving_elsewhere_counts_as_unscouted_and_the_majority_side_wins() -> None:
    b = east_breakthrough()
    b = with_tokens(b, [pc("p1", "2:I4"), pc("p2", "1:A4"), pc("p3", "1:A3"), foe("e", "1:E4")])
    b, first = leave_board(b, "p1")
    assert first.breakthrough and first.side == "east"
    assert escape(b).all_out is False
    b, _ = leave_board(b, "p2")
    b, _ = leave_board(b, "p3")
    result = escape(b)
    assert result.all_out and result.side == "west" and result.unscouted


def test_enc10_all_through_the_breakthrough_is_not_unscouted() -> None:
    b = east_breakthrough()
    b = with_tokens(b, [pc("p1", "2:I4"), pc("p2", "2:I2")])
    b, _ = leave_board(b, "p1")
    b, _ = leave_board(b, "p2")
    assert escape(b) == escape(b)._replace(all_out=True, side="east", unscouted=False)


def test_enc10_only_edge_hexes_can_be_left_and_corners_need_a_side() -> None:
    b = with_tokens(battle(plain("a", 5, 5), plain("b", 5, 5)), [pc("mid", "1:C3"), pc("corner", "1:A1")])
    with pytest.raises(EngineError):
        leave_board(b, "mid")
    with pytest.raises(EngineError) as error:
        leave_board(b, "corner")
    assert "corner" in str(error.value)
    left, exit_ = leave_board(b, "corner", "north")
    assert exit_.side == "north" and left.tokens["corner"].at is None


# ---------------------------------------------------------------- player view


def test_player_view_drops_hidden_enemies_and_gm_notes() -> None:
    b = battle(plain("a", 3, 3), plain("b", 3, 3))
    secret = foe("lurker", "1:C3", hidden=True)
    seen = foe("seen", "1:A1").model_copy(update={"note": "weak to fire"})
    b = with_tokens(b, [secret, seen, pc("p", "1:B2")])
    b = b.model_copy(update={"notes": ("ambush from the reeds",)})
    view = battle_player_view(b)
    assert set(view.tokens) == {"seen", "p"}
    assert view.tokens["seen"].note == "" and view.notes == ()
    assert "lurker" not in view.model_dump_json() and "fire" not in view.model_dump_json()


def test_a_spot_is_written_map_colon_label() -> None:
    assert str(spot(" 2:c4 ")) == "2:C4"
    for bad in ("3:C4", "C4", "1:", "1:4C"):
        with pytest.raises(EngineError):
            spot(bad)
