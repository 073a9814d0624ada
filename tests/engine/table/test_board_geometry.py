"""The Upland grid and its cards (MAP-1…MAP-8)."""

import pytest

from engine.errors import EngineError
from engine.table.board import Grid
from engine.table.cards import parse_card, standard_deck


def test_map1_default_grid_is_5x5_columns_a_to_e_rows_1_to_5() -> None:
    grid = Grid()
    squares = grid.squares()
    assert len(squares) == 25
    assert squares[0] == "A1" and squares[4] == "E1" and squares[-1] == "E5"
    assert grid.pos("C5") == (2, 4)  # gate default: bottom middle
    with pytest.raises(EngineError):
        grid.pos("F1")
    with pytest.raises(EngineError):
        grid.pos("A6")


def test_map1_grid_size_is_a_setting() -> None:
    grid = Grid(7, 4).validate()
    assert grid.is_square("G4") and not grid.is_square("A5")
    with pytest.raises(EngineError) as err:
        Grid(0, 3).validate()
    assert err.value.text("ja") != err.value.text("en")


def test_map7_orthogonal_and_diagonal_neighbours() -> None:
    grid = Grid()
    assert sorted(grid.orthogonal("C3")) == ["B3", "C2", "C4", "D3"]
    assert sorted(grid.diagonal("C3")) == ["B2", "B4", "D2", "D4"]
    assert sorted(grid.orthogonal("A1")) == ["A2", "B1"]
    assert grid.diagonal("A1") == ["B2"]


def test_map7_step_toward_goes_vertical_first() -> None:
    grid = Grid()
    # From C5 toward E1: rows differ, so the first step is up (C4), not right.
    assert grid.step_toward("C5", "E1") == "C4"
    assert grid.step_toward("C1", "E1") == "D1"
    assert grid.step_toward("B2", "B2") == "B2"
    path = ["A5"]
    while path[-1] != "D2":
        path.append(grid.step_toward(path[-1], "D2"))
    assert path == ["A5", "A4", "A3", "A2", "B2", "C2", "D2"]


def test_map7_manhattan_distance() -> None:
    grid = Grid()
    assert grid.distance("A1", "E5") == 8
    assert grid.distance("C5", "C5") == 0
    assert grid.distance("B2", "C3") == 2


def test_map8_nearest_to_gate_prefers_vertical_axis() -> None:
    grid = Grid()
    order = grid.by_nearness("C5")
    assert order[0] == "C5"
    # distance 1: C4 (same column) before B5/D5
    assert order[1] == "C4"
    assert set(order[2:4]) == {"B5", "D5"}
    # distance 2: C3 (column offset 0) before B4/D4 (offset 1) before A5/E5 (offset 2)
    assert order[4] == "C3"
    assert set(order[5:7]) == {"B4", "D4"}
    assert set(order[7:9]) == {"A5", "E5"}


def test_map2_blank_closed_open_squares() -> None:
    from engine.session import new_session
    from engine.table.commands import DealCard, FlipCard

    session = new_session(seed=1)
    assert "B2" not in session.state.squares  # blank
    session.dispatch(DealCard(square="B2"))
    card = session.state.squares["B2"][0]
    assert not session.state.card_flags(card).face_up  # closed
    session.dispatch(FlipCard(card=card))
    assert session.state.card_flags(card).face_up  # open


def test_map3_deck_has_52_cards_with_strengths() -> None:
    deck = standard_deck()
    assert len(deck) == 52 and len(set(deck)) == 52
    assert parse_card("10H").strength() == 10
    assert parse_card("JS").strength() == 11
    assert parse_card("QD").strength() == 12
    assert parse_card("KC").strength() == 13
    assert parse_card("AS").strength() == 1
    assert parse_card("AS").strength(ace=14) == 14


def test_map3_card_names_in_japanese_and_english() -> None:
    card = parse_card("as")
    assert card.code == "AS"
    assert card.short() == "♠A"
    assert card.display("ja") == "スペードのA"
    assert card.display("en") == "ace of spades"
    assert parse_card("10h").display("ja") == "ハートの10"
    assert parse_card("JK1").display("ja") == "ジョーカー1"
    assert parse_card("QD").is_red and not parse_card("QC").is_red


def test_map3_unknown_card_code_is_a_clear_error() -> None:
    for bad in ("1S", "11H", "ZZ", "", "JK3", "A"):
        with pytest.raises(EngineError) as err:
            parse_card(bad)
        assert "AS" in err.value.text("en")
        assert "カードコード" in err.value.text("ja")
