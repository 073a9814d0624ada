"""A view per seat, and the non-player characters the players have not met yet.

The projector's seat sees what every player may see; a character's seat (a
player's own device) also sees its own hand face up and its own sheet (not the GM's notes).  An
NPC the GM adds starts hidden: its name is in no seat's view — not among the
characters, not on a battle token, not in the roll feed, not in the round order —
until the GM shows it with one logged, undoable command.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from engine.coc6.events import COC_SLICE
from engine.coc6.player_view import public_view
from engine.coc6.sheet import CocSheet
from engine.coc6.state import CocState
from engine.coc6.tracker import CombatTracker, Wound
from engine.core.player_view import is_hidden, player_view
from engine.core.seats import PROJECTOR, Seat, hidden_characters, public_rolls, seats_of
from engine.core.session import Session
from engine.core.state import Character, State
from engine.errors import EngineError
from engine.hexbattle.model import BattleState
from engine.hexbattle.slot import battle_of
from engine.session import new_session
from engine.store.migrations import read_current
from engine.table.cast import CharacterShown
from engine.table.commands import AddCharacter, DrawCards, Roll, ShuffleDeck
from engine.table.events import CharacterAdded
from engine.upland.commands import DeclareAction
from engine.upland.slice import UplandSlice, markers_of
from engine.upland.table_commands import PlaceMarker
from tests.engine.coc6.test_battle_link import open_battle
from tests.engine.coc6.test_manoeuvres import combat
from tests.engine.upland_support import give, lay, upland_session

ROOT = Path(__file__).resolve().parents[3]
FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
CULTIST = "教団員A"
BASE = {"STR": 12, "CON": 12, "POW": 12, "DEX": 12, "APP": 10, "SIZ": 12, "INT": 13, "EDU": 14}


def table_with_a_hidden_cultist() -> Session:
    """Two players holding cards, and a cultist the GM added (c3) with a hand and a marker."""
    session = new_session(seed=3)
    for name in ("鷹野", "九条"):
        session.dispatch(AddCharacter(name=name))
    session.dispatch(AddCharacter(name=CULTIST, npc=True))
    session.dispatch(ShuffleDeck())
    for cid in ("c1", "c2", "c3"):
        session.dispatch(DrawCards(character=cid, count=2))
    session.dispatch(PlaceMarker(character="c3", square="B2"))
    return session


def test_the_projector_is_the_default_seat_and_every_character_has_one() -> None:
    state = table_with_a_hidden_cultist().state
    assert player_view(state) == player_view(state, PROJECTOR) == player_view(state, Seat.projector())
    assert [seat.character_id for seat in seats_of(state)] == [None, "c1", "c2"]  # the cultist has no player
    assert Seat.character("c1").owns("c1") and not Seat.character("c1").owns("c2") and not PROJECTOR.owns("c1")


def test_a_characters_seat_sees_its_own_hand_face_up_and_no_other() -> None:
    state = table_with_a_hidden_cultist().state
    mine = player_view(state, Seat.character("c1"))
    assert mine.hands["c1"] == state.hands["c1"]
    assert all(mine.card_flags(card).face_up for card in mine.hands["c1"])
    assert all(is_hidden(card) for card in mine.hands["c2"]) and len(mine.hands["c2"]) == 2
    text = mine.model_dump_json()
    for card in (*state.hands["c2"], *state.hands["c3"], *state.deck):
        assert f'"{card}"' not in text
    projector = player_view(state)
    assert all(is_hidden(card) for hand in projector.hands.values() for card in hand)
    # The GM's flags are untouched: the card is open to its holder only.
    assert not any(state.card_flags(card).face_up for card in state.hands["c1"])


def test_a_characters_seat_sees_its_own_sheet_but_never_the_gms_notes() -> None:
    session = combat(seed=1)
    state = session.state
    characters = {
        cid: c.model_copy(update={"sheet": c.sheet.model_copy(update={"notes": f"GM: secret of {c.name}"})})
        for cid, c in state.characters.items()
        if isinstance(c.sheet, CocSheet)
    }
    state = state.model_copy(update={"characters": characters})
    mina = next(cid for cid, c in state.characters.items() if c.name == "ミナ")
    own = player_view(state, Seat.character(mina))
    sheet = state.characters[mina].sheet
    assert isinstance(sheet, CocSheet)
    # Every number of the own sheet, but the notes are the keeper's.
    assert own.characters[mina].sheet == sheet.model_copy(update={"notes": ""})
    assert own.characters[mina].sheet == sheet.for_owner()
    for seat in seats_of(state):
        assert "GM: secret of" not in player_view(state, seat).model_dump_json(), seat


def test_a_hidden_npcs_waiting_attack_the_order_before_a_delay_and_its_wound_do_not_name_it() -> None:
    session = new_session("coc6-b", seed=1)
    for name, dex, npc in (("ミナ", 14, False), ("教団員", 12, True), ("ケン", 10, False)):
        session.dispatch(AddCharacter(name=name, npc=npc))  # the keeper's NPC starts hidden
        session.dispatch({"type": "coc_new_investigator", "character": name, "npc": npc,
                          "characteristics": BASE | {"DEX": dex}, "skills": {"こぶし": 60}})  # fmt: skip
    session.dispatch({"type": "coc_start_combat", "characters": ["ミナ", "教団員", "ケン"]})
    session.dispatch({"type": "coc_action_b", "name": "ミナ", "action": "delay"})  # CBT-B-1: ミナ acts later
    assert tracker_of(session).actor == "教団員"
    session.dispatch({"type": "coc_attack", "name": "教団員", "target": "ミナ", "dice": [20]})
    gm = tracker_of(session)
    assert gm.attack is not None and gm.attack.attacker == "教団員" and gm.order_before_delay is not None
    part = session.state.slices[COC_SLICE]
    assert isinstance(part, CocState)
    state = session.state.model_copy(
        update={
            "slices": {
                **session.state.slices,
                COC_SLICE: part.model_copy(update={"wounds": {"教団員": Wound(dies_in=2)}}),
            }
        }
    )
    for seat in seats_of(state):
        view = player_view(state, seat)
        assert "教団員" not in view.model_dump_json(), seat
        seen = view.slices[COC_SLICE]
        assert isinstance(seen, CocState) and seen.combat is not None and seen.combat.attack is not None
        # The players feel the blow coming from an opaque name, in the order as it was before the delay.
        assert (seen.combat.attack.attacker, seen.combat.attack.target) == ("?npc-1", "ミナ")
        assert seen.combat.order_before_delay == ("ミナ", "?npc-1", "ケン")
        assert seen.wounds == {}


def test_an_npc_starts_hidden_and_its_name_is_in_no_players_view() -> None:
    session = table_with_a_hidden_cultist()
    session.dispatch(Roll(command="1D6", dice=[4], by="c3"))
    session.dispatch(Roll(command="1D6", dice=[2], by="c1", reason=f"{CULTIST}を見張る"))
    session.dispatch(Roll(command="2D6", dice=[3, 3], by="c1"))
    state = session.state
    assert state.characters["c3"].npc and not state.characters["c3"].shown
    assert hidden_characters(state) == {"c3": CULTIST}
    for seat in seats_of(state):
        view = player_view(state, seat)
        text = view.model_dump_json()
        assert CULTIST not in text
        assert "c3" not in view.characters and "c3" not in view.hands and "c3" not in markers_of(view)
        for card in state.hands["c3"]:
            assert f'"{card}"' not in text
    # The roll feed keeps only the roll that neither is the cultist's nor names it.
    kept = public_rolls(state, session.rolls.records())
    assert [r.result.text for r in kept] == ["2D6"]
    # A seat always knows its own character, hidden or not.
    assert player_view(state, Seat.character("c3")).characters["c3"].name == CULTIST


def test_showing_an_npc_is_one_logged_undoable_command() -> None:
    session = table_with_a_hidden_cultist()
    session.dispatch({"type": "show_character", "character": "c3"})
    event = session.done[-1].events[0]
    assert isinstance(event, CharacterShown)
    assert event.describe("ja") == "教団員Aをプレイヤーに公開しました。"
    assert event.describe("en") == "教団員A was shown to the players."
    assert session.done[-1].command.label("ja") == "キャラクターをプレイヤーに公開"
    view = player_view(session.state)
    assert view.characters["c3"].name == CULTIST and markers_of(view)["c3"] == "B2" and len(view.hands["c3"]) == 2
    with pytest.raises(EngineError) as refused:
        session.dispatch({"type": "show_character", "character": "c3"})
    assert refused.value.text("ja") == "教団員Aはすでにプレイヤーに公開されています。"
    session.undo()
    assert CULTIST not in player_view(session.state).model_dump_json()
    session.redo()
    session.dispatch({"type": "show_character", "character": "c3", "shown": False})
    assert session.done[-1].events[0].describe("ja") == "教団員Aをプレイヤーから隠しました。"
    assert CULTIST not in player_view(session.state).model_dump_json()


def test_a_hidden_coc_npc_keeps_its_place_in_the_round_order_under_an_opaque_name() -> None:
    session = combat(seed=1)  # order ミナ, 教団員, ケン
    open_battle(session)
    session.dispatch({"type": "coc_place_on_battle_map"})
    npc = next(cid for cid, c in session.state.characters.items() if c.name == "教団員")
    assert not session.state.characters[npc].shown  # a keeper's NPC starts hidden
    session.dispatch({"type": "coc_next_turn"})  # the hidden NPC acts now
    gm = session.state.slices[COC_SLICE]
    assert isinstance(gm, CocState) and gm.combat is not None and gm.combat.actor == "教団員"
    for seat in seats_of(session.state):
        if seat.owns(npc):
            continue
        view = player_view(session.state, seat)
        shown = view.slices[COC_SLICE]
        assert isinstance(shown, CocState) and shown.combat is not None
        assert shown.combat.order == ("ミナ", "?npc-1", "ケン") and shown.combat.actor == "?npc-1"
        battle = battle_of(view)
        assert isinstance(battle, BattleState) and set(battle.tokens) == {"ミナ", "ケン"}
        assert "教団員" not in view.model_dump_json()
    # The projector's CoC summary drops the hidden NPC's checks too.
    assert isinstance(gm, CocState)
    summary = public_view(gm, [], [], hidden=("教団員",))
    assert [c.name for c in summary.order] == ["ミナ", "?npc-1", "ケン"] and summary.order[1].current


def test_characters_stored_before_the_flag_read_as_shown_player_characters() -> None:
    """Every character was on the projector before NPCs could be hidden: older
    sessions keep showing them, so replaying one shows what the table saw."""
    old = CharacterAdded.model_validate(
        {"type": "character_added", "character": {"id": "c7", "name": "ロイ", "order": 1}}
    )
    assert old.character.shown and not old.character.npc
    for name in ("session_v1.yobigoe", "upland_schema1.yobigoe"):
        state = read_current(FIXTURES / name).state
        assert state.characters and all(c.shown and not c.npc for c in state.characters.values())
        seen = player_view(state)
        assert {c.name for c in seen.characters.values()} == {c.name for c in state.characters.values()}


def test_an_npc_is_stored_with_its_flags_and_a_player_character_as_before() -> None:
    session = new_session(seed=1)
    session.dispatch(AddCharacter(name="ロイ"))
    session.dispatch(AddCharacter(name="村人", npc=True))
    player = json.loads(session.done[-2].events[0].model_dump_json())["character"]
    assert "npc" not in player and "shown" not in player  # byte for byte what older versions wrote
    stored = json.loads(session.done[-1].events[0].model_dump_json())["character"]
    assert stored["npc"] is True and stored["shown"] is False
    assert Character.model_validate(stored).shown is False
    assert State.model_validate_json(session.state.model_dump_json()) == session.state


def engine(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "engine", *args],
        input=stdin,
        capture_output=True,
        text=True,
        encoding="utf-8",
        cwd=ROOT,
        check=False,
        timeout=120,
    )


def test_show_seat_prints_what_that_characters_player_may_see(tmp_path: Path) -> None:
    path = tmp_path / "seats.yobigoe"
    assert engine("new", str(path), "--seed", "9").returncode == 0
    lines = [
        {"type": "add_character", "name": "ロイ"},
        {"type": "add_character", "name": "ミサ"},
        {"type": "add_character", "name": CULTIST, "npc": True},
        {"type": "draw_cards", "character": "c1", "count": 2},
        {"type": "draw_cards", "character": "c2", "count": 2},
    ]
    assert engine("play", str(path), stdin=stdin_text(lines)).returncode == 0
    gm = State.model_validate_json(engine("show", str(path)).stdout)
    roy = State.model_validate_json(engine("show", str(path), "--seat", "ロイ").stdout)
    assert roy.hands["c1"] == gm.hands["c1"] and all(is_hidden(c) for c in roy.hands["c2"])
    assert State.model_validate_json(engine("show", str(path), "--player-view", "--seat", "c1").stdout) == roy
    projector = engine("show", str(path), "--player-view").stdout
    assert CULTIST not in projector and CULTIST in engine("show", str(path)).stdout
    unknown = engine("show", str(path), "--seat", "nobody")
    assert unknown.returncode != 0 and "nobody" in unknown.stderr and "c1 (ロイ)" in unknown.stderr


def stdin_text(lines: list[dict[str, object]]) -> str:
    return "".join(json.dumps(line, ensure_ascii=False) + "\n" for line in lines)


def test_inv1_a_declared_hand_card_shows_to_its_holders_seat_only() -> None:
    """INV-1/INV-6: a card declared for an action stays in the hand until resolved:
    its holder still sees which card it is, no other seat does."""
    session = upland_session()
    give(session, "c1", "5H")
    lay(session, "E1", "9D")
    session.dispatch(DeclareAction(character="c1", action="vision", target="E1", card="5H"))
    own = player_view(session.state, Seat.character("c1"))
    upland = own.slices["upland"]
    assert isinstance(upland, UplandSlice) and upland.cycle is not None
    assert upland.cycle.declarations["c1"].card == "5H" and "5H" in own.hands["c1"]
    for seat in seats_of(session.state):
        if not seat.owns("c1"):
            assert '"5H"' not in player_view(session.state, seat).model_dump_json()


def tracker_of(session: Session) -> CombatTracker:
    part = session.state.slices[COC_SLICE]
    assert isinstance(part, CocState) and part.combat is not None
    return part.combat
