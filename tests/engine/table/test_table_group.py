"""Several cards and markers moved together: every member is checked
first, the move is one command (one journal row, one undo step, one log line),
and an illegal member refuses the whole move, named, with nothing moved."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.core.session import Session
from engine.rulesets.registry import parse_command
from engine.store import SessionFile
from engine.table.commands import DealCard, DrawCards, NewSession
from engine.upland.group import GroupMoved, MoveGroup
from engine.upland.slice import markers_of
from engine.upland.table_commands import PlaceMarker
from tests.engine.helpers import all_card_locations, party_session, refuse
from tests.engine.store.test_cli import engine


@pytest.fixture(autouse=True)
def _private_dirs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("YOBIGOE_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("YOBIGOE_CONFIG_DIR", str(tmp_path / "config"))


def laid_out() -> Session:
    """Factory-order deck: ♠A on B2; ♠2 then ♠3 on C2 (♠3 on top); ♠4 on D4;
    アイリン's marker (c1) on B3, ロイ's (c2) on C3."""
    session = party_session()
    for name in ("B2", "C2", "C2", "D4"):
        session.dispatch(DealCard(square=name))
    session.dispatch(PlaceMarker(character="c1", square="B3"))
    session.dispatch(PlaceMarker(character="c2", square="C3"))
    return session


def test_map6_group_keeps_its_shape_and_each_stack_its_order() -> None:
    # rule: MAP-6 — every card still in exactly one place after the group move
    session = laid_out()
    session.dispatch(MoveGroup(cards=("AS", "2S", "3S"), lead="AS", to="B3"))
    state = session.state
    assert state.squares.get("B2", ()) == () and state.squares.get("C2", ()) == ()
    assert state.squares["B3"] == ("AS",)
    assert state.squares["C3"] == ("3S", "2S")  # ♠3 stays on top of ♠2
    assert state.squares["D4"] == ("4S",)  # not in the group: untouched
    assert sorted(all_card_locations(state)) == sorted(all_card_locations(laid_out().state))


def test_cards_and_markers_move_by_the_lead_s_step_in_one_undo_step() -> None:
    session = laid_out()
    before = session.state
    done = len(session.done)
    session.dispatch(MoveGroup(cards=("AS",), markers=("c1", "c2"), lead="c1", to="C4"))
    moved = session.state
    assert len(session.done) == done + 1  # one journal row
    # the lead went B3 → C4 (one column right, one row down): ♠A B2 → C3, ロイ's marker C3 → D4
    assert moved.squares["C3"] == ("AS",) and not moved.squares.get("B2")
    assert markers_of(moved)["c1"] == "C4" and markers_of(moved)["c2"] == "D4"
    session.undo()
    assert session.state == before  # Ctrl+Z puts every member back at once
    session.redo()
    assert session.state == moved  # Ctrl+Y moves them all again


def test_the_log_says_the_group_move_in_one_line_in_both_languages() -> None:
    session = laid_out()
    outcome = session.dispatch(MoveGroup(cards=("2S", "3S", "AS"), lead="2S", to="D3"))
    assert len(outcome.entry.events) == 1 and isinstance(outcome.entry.events[0], GroupMoved)
    event = outcome.entry.events[0]
    assert (
        event.describe("ja") == "3枚のカードをB2、C2からC3、D3へ動かしました（スペードのA、スペードの2、スペードの3）。"
    )
    assert event.describe("en") == "3 cards moved from B2, C2 to C3, D3 (ace of spades, 2 of spades, 3 of spades)."
    assert session.undo_label("ja") == "3個をまとめて移動"
    markers = session.dispatch(MoveGroup(markers=("c1", "c2"), lead="c2", to="C2")).entry.events[0]
    assert markers.describe("ja") == "2個のマーカーをB3、C3からB2、C2へ動かしました（アイリン、ロイ）。"


def test_a_member_that_would_leave_the_map_refuses_the_whole_move_by_name() -> None:
    session = laid_out()
    # ♠A dragged two columns right (B2 → D2) would put ♠4 from D4 on F4, off a 5-wide map
    message = refuse(session, MoveGroup(cards=("AS", "4S"), lead="AS", to="D2"))
    assert "♠4" in message.text("ja") and "D4" in message.text("ja")
    assert "マップの外" in message.text("ja")
    assert message.text("en").startswith("♠4 on D4 would land off the map")
    message = refuse(session, MoveGroup(cards=("AS",), markers=("c2",), lead="c2", to="C1"))
    assert "♠A" in message.text("ja") and "B2" in message.text("ja")  # B2 two rows up is off the map


def test_members_that_are_not_on_the_map_or_not_in_the_group_are_refused() -> None:
    session = laid_out()
    session.dispatch(DrawCards(character="c3", count=1))  # ♠5 in ミナ's hand
    assert "♠5" in refuse(session, MoveGroup(cards=("AS", "5S"), lead="AS", to="B3")).text("ja")
    assert "ミナ" in refuse(session, MoveGroup(cards=("AS",), markers=("c3",), lead="AS", to="B3")).text("ja")
    refuse(session, MoveGroup(cards=("AS", "as"), lead="AS", to="B3"))  # named twice
    refuse(session, MoveGroup(cards=("AS", "2S"), lead="4S", to="B3"))  # the lead is not a member
    refuse(session, MoveGroup(cards=("AS", "2S"), lead="AS", to="B2"))  # no step at all
    refuse(session, MoveGroup(cards=("AS", "2S"), lead="AS", to="Z9"))  # no such square
    refuse(session, MoveGroup(cards=("AS",), lead="AS", to="B3"))  # a group of one is a single move
    refuse(session, MoveGroup(cards=("AS", "QQ"), lead="AS", to="B3"))  # not a card
    refuse(Session(), MoveGroup(cards=("AS", "2S"), lead="AS", to="B3"))  # no session yet


def test_a_script_line_moves_a_group_and_the_file_replays_it(tmp_path: Path) -> None:
    path = tmp_path / "group.yobigoe"
    made = engine("new", str(path), "--ruleset", "upland", "--seed", "5", "--grid", "5x5", "--gate", "C5")
    assert made.returncode == 0, made.stderr
    with SessionFile.open(path) as opened:
        deck = opened.session.state.deck  # shuffled by the seed: the script names what is dealt
    lines = [
        {"type": "deal_card", "square": "A1"},
        {"type": "deal_card", "square": "B1"},
        {"type": "move_group", "cards": [deck[0], deck[1]], "lead": deck[1], "to": "B2"},
        {"type": "undo"},
        {"type": "redo"},
    ]
    played = engine("play", str(path), stdin="".join(json.dumps(x) + "\n" for x in lines))
    assert played.returncode == 0, played.stdout + played.stderr
    reports = [json.loads(line) for line in played.stdout.splitlines()]
    assert [r["ok"] for r in reports] == [True] * 5
    with SessionFile.open(path) as opened:
        state = opened.session.state
        assert state.squares["A2"] == (deck[0],) and state.squares["B2"] == (deck[1],)
        assert not state.squares.get("A1") and not state.squares.get("B1")
        opened.session.undo()  # the reopened file still has the group as one undo step
        assert opened.session.state.squares["A1"] == (deck[0],)
        assert opened.session.state.squares["B1"] == (deck[1],)


def test_a_group_move_survives_closing_and_reopening_the_file(tmp_path: Path) -> None:
    path = tmp_path / "reopen.yobigoe"
    with SessionFile.create(path, NewSession(seed=9, shuffle=False)) as live:
        for name in ("A1", "A1", "E5"):
            live.session.dispatch(DealCard(square=name))
        live.session.dispatch(parse_command({"type": "move_group", "cards": ["AS", "2S"], "lead": "2S", "to": "B2"}))
        expected = live.session.state
    with SessionFile.open(path) as again:
        assert again.session.state == expected
        assert again.session.state.squares["B2"] == ("2S", "AS")
        assert again.session.state.squares["E5"] == ("3S",)


def test_the_lit_targets_of_a_group_drag_are_exactly_the_squares_move_group_accepts() -> None:
    from engine.core.commands import Context
    from engine.errors import EngineError
    from engine.upland.group import group_targets

    session = laid_out()
    state = session.state
    for cards, markers, lead in (
        (("AS", "2S", "3S"), (), "AS"),
        (("AS", "4S"), ("c1", "c2"), "c2"),
        (("2S",), ("c1",), "c1"),
        (("AS", "9S"), (), "AS"),  # ♠9 is in the deck: no target at all
    ):
        accepted = []
        for name in state.grid.squares():
            try:
                MoveGroup(cards=cards, markers=markers, lead=lead, to=name).run(Context(state))
            except EngineError:
                continue
            accepted.append(name)
        assert group_targets(state, cards, markers, lead) == accepted
    assert group_targets(state, ("AS", "4S"), (), "AS") == ["A1", "B1", "C1", "A2", "C2", "A3", "B3", "C3"]
