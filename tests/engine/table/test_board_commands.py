"""Free board commands: each works, is undoable, and refuses illegal uses
with the engine's single error type, a translated message and no change."""

from __future__ import annotations

import pytest

from engine.core.session import Session
from engine.errors import EngineError
from engine.rulesets.registry import parse_command
from engine.session import new_session
from engine.table.cards import all_cards
from engine.table.commands import (
    AddCharacter,
    AddNote,
    DealCard,
    DrawCards,
    EditCharacter,
    FlipCard,
    GiveCard,
    MoveCard,
    MoveStack,
    NewSession,
    RecycleDiscard,
    RemoveCharacter,
    Roll,
    ShuffleDeck,
    ShuffleStack,
    TapCard,
)
from engine.table.legal import card_targets
from engine.table.places import DECK, DISCARD, REMOVED, PileKind, Place, hand, secret, square
from engine.upland.bone import RevealBone, SetBone
from engine.upland.facts import crossed
from engine.upland.slice import bone_of, gate_of, markers_of, party_of
from engine.upland.table_commands import MoveParty, PlaceMarker, marker_targets
from tests.engine.helpers import all_card_locations, party_session, refuse


def test_new_session_sets_ruleset_grid_gate_and_deck() -> None:
    session = new_session(ruleset="upland", seed=3, cols=6, rows=4, gate="B4")
    state = session.state
    assert state.started and state.ruleset == "upland"
    assert (state.cols, state.rows, gate_of(state)) == (6, 4, "B4")
    assert len(state.deck) == 52
    assert bone_of(state).card == "JK1" and state.removed == ("JK2",)
    assert not session.can_undo  # the session's root stays


def test_new_session_illegal_uses() -> None:
    session = new_session()
    refuse(session, NewSession())  # already started
    fresh = Session()
    for bad in (
        NewSession(ruleset="dnd"),
        NewSession(cols=0),
        NewSession(cols=30),
        NewSession(gate="Z9"),
        NewSession(options={"ace_strength": 7}),
        NewSession(options={"bone_card": "AS"}),
    ):
        refuse(fresh, bad)


def test_commands_before_start_are_refused() -> None:
    msg = refuse(Session(), ShuffleDeck())
    assert "開始" in msg.text("ja")


def test_dice2_shuffle_deck_uses_seeded_dice_and_undo_never_rewinds_them() -> None:
    # rule: DICE-2 — same seed, same commands, same shuffle; an undo never rewinds the dice
    a, b = new_session(seed=11), new_session(seed=11)
    a.dispatch(ShuffleDeck())
    b.dispatch(ShuffleDeck())
    assert a.state.deck == b.state.deck != new_session(seed=11).state.deck
    first = a.state.deck
    a.undo()
    a.redo()
    assert a.state.deck == first  # redo replays the recorded shuffle
    a.undo()
    a.dispatch(ShuffleDeck())
    assert a.state.deck != first  # a fresh shuffle after an undo is a new one, not the one undone
    assert new_session(seed=12).dispatch(ShuffleDeck()).entry.after.deck != first


def test_shuffle_deck_illegal_when_too_few_cards() -> None:
    session = party_session()
    session.dispatch(DrawCards(character="c1", count=51))
    refuse(session, ShuffleDeck())


def test_deal_card_face_down_then_up() -> None:
    session = party_session()
    session.dispatch(DealCard(square="B3"))
    session.dispatch(DealCard(square="B3", face_up=True))
    stack = session.state.squares["B3"]
    assert stack == ("2S", "AS")  # top first: the second card dealt is on top
    assert session.state.card_flags("2S").face_up
    assert not session.state.card_flags("AS").face_up


def test_deal_card_illegal_uses() -> None:
    session = party_session()
    refuse(session, DealCard(square="F9"))
    session.dispatch(DrawCards(character="c1", count=52))
    refuse(session, DealCard(square="A1"))  # deck and discard empty


def test_map6_empty_deck_takes_the_shuffled_discard_and_says_so() -> None:
    session = party_session()
    session.dispatch(DrawCards(character="c1", count=50))
    session.dispatch(MoveCard(card="AS", to=DISCARD))
    session.dispatch(MoveCard(card="2S", to=DISCARD))
    outcome = session.dispatch(DrawCards(character="c2", count=3))
    texts = [e.describe("en") for e in outcome.entry.events]
    assert any("shuffled into the deck" in t for t in texts)
    assert len(session.state.hands["c2"]) == 3
    assert session.state.discard == ()


def test_map6_every_card_is_in_exactly_one_place_after_moves() -> None:
    session = party_session()
    session.dispatch(ShuffleDeck())
    session.dispatch(DealCard(square="A1"))
    session.dispatch(DrawCards(character="c1", count=5))
    card = session.state.hands["c1"][0]
    session.dispatch(MoveCard(card=card, to=square("C3")))
    session.dispatch(MoveCard(card=session.state.deck[0], to=REMOVED))
    session.dispatch(MoveCard(card=session.state.deck[0], to=DECK, index=-1))
    cards = all_card_locations(session.state)
    assert sorted(cards) == sorted(all_cards())


def test_move_card_positions_and_faces() -> None:
    session = party_session()
    session.dispatch(DealCard(square="B2", face_up=True))
    session.dispatch(DealCard(square="B2", face_up=True))
    session.dispatch(DealCard(square="B2", face_up=True))
    # Put 5S in the middle of B2's stack, and AS... where it is.
    session.dispatch(MoveCard(card="5S", to=square("b2"), index=1))
    assert session.state.squares["B2"] == ("3S", "5S", "2S", "AS")
    session.dispatch(MoveCard(card="3S", to=DECK, index=-1))
    assert session.state.deck[-1] == "3S" and not session.state.card_flags("3S").face_up
    session.dispatch(MoveCard(card="2S", to=hand("c2")))
    assert session.state.hands["c2"] == ("2S",) and not session.state.card_flags("2S").face_up
    session.dispatch(MoveCard(card="2S", to=DISCARD))
    assert session.state.discard == ("2S",) and session.state.card_flags("2S").face_up


def test_move_card_illegal_uses() -> None:
    session = party_session()
    session.dispatch(DealCard(square="A1"))
    refuse(session, MoveCard(card="XX", to=DISCARD))
    refuse(session, MoveCard(card="AS", to=square("A1")))  # already there
    refuse(session, MoveCard(card="2S", to=hand("c99")))
    refuse(session, MoveCard(card="2S", to=square("Q7")))
    refuse(session, MoveCard(card="JK1", to=DISCARD))  # the secret bone
    refuse(session, MoveCard(card="2S", to=secret("upland")))
    refuse(session, MoveCard(card="2S", to=Place(zone=PileKind.DECK, key="A1")))


def test_map4_tap_turns_a_card_sideways_and_back() -> None:
    session = party_session()
    session.dispatch(DealCard(square="C3"))
    session.dispatch(TapCard(card="AS"))
    assert session.state.card_flags("AS").tapped
    session.dispatch(MoveCard(card="AS", to=square("C2")))
    assert session.state.card_flags("AS").tapped  # square to square keeps it
    session.dispatch(TapCard(card="AS"))
    assert not session.state.card_flags("AS").tapped


def test_tap_card_illegal_uses() -> None:
    session = party_session()
    refuse(session, TapCard(card="AS"))  # in the deck
    session.dispatch(DealCard(square="C3"))
    refuse(session, TapCard(card="AS", tapped=False))


def test_flip_card_toggles_and_illegal_uses() -> None:
    session = party_session()
    session.dispatch(FlipCard(card="AS"))  # the deck's top card
    assert session.state.card_flags("AS").face_up
    refuse(session, FlipCard(card="2S"))  # not the top of the deck
    refuse(session, FlipCard(card="AS", face_up=True))
    session.dispatch(DrawCards(character="c1"))
    refuse(session, FlipCard(card="AS"))  # in a hand


def test_draw_cards_and_illegal_uses() -> None:
    session = party_session()
    session.dispatch(DrawCards(character="c3", count=2))
    assert session.state.hands["c3"] == ("2S", "AS")
    refuse(session, DrawCards(character="nobody"))
    refuse(session, DrawCards(character="c1", count=0))
    refuse(session, DrawCards(character="c1", count=51))


def test_give_card_and_illegal_uses() -> None:
    # rule: END-2 (the GM moves a card between hands; logged)
    session = party_session()
    session.dispatch(DrawCards(character="c1", count=1))
    outcome = session.dispatch(GiveCard(card="AS", to_character="c2"))
    assert session.state.hands["c2"] == ("AS",) and session.state.hands["c1"] == ()
    assert "ロイの手札" in outcome.entry.events[0].describe("ja")
    refuse(session, GiveCard(card="AS", to_character="c2"))
    refuse(session, GiveCard(card="2S", to_character="c2"))  # deck card
    refuse(session, GiveCard(card="AS", to_character="c9"))


def test_recycle_discard_and_illegal_uses() -> None:
    session = party_session()
    refuse(session, RecycleDiscard())
    session.dispatch(MoveCard(card="AS", to=DISCARD))
    session.dispatch(RecycleDiscard())
    assert session.state.discard == () and session.state.deck[-1] == "AS"


def test_map5_bone_set_secretly_and_revealed_at_the_crossing() -> None:
    session = party_session()
    session.dispatch(SetBone(square="d2"))
    assert bone_of(session.state).square == "D2"
    refuse(session, SetBone(square="D2"))
    refuse(session, SetBone(square="Z1"))
    session.dispatch(SetBone(square="E1"))
    session.dispatch(DealCard(square="E1"))
    session.dispatch(RevealBone())
    assert session.state.squares["E1"][0] == "JK1"
    assert crossed(session.state)
    refuse(session, RevealBone())
    refuse(session, SetBone(square="A1"))


def test_reveal_bone_refused_when_not_set() -> None:
    refuse(party_session(), RevealBone())


def test_markers_and_party_token() -> None:
    session = party_session()
    session.dispatch(PlaceMarker(character="c1", square="b2"))
    assert markers_of(session.state) == {"c1": "B2"}
    refuse(session, PlaceMarker(character="c1", square="B2"))
    refuse(session, PlaceMarker(character="c7", square="B2"))
    refuse(session, PlaceMarker(character="c2", square=None))
    session.dispatch(PlaceMarker(character="c1", square=None))
    assert markers_of(session.state) == {}
    session.dispatch(MoveParty(square="C5"))
    assert party_of(session.state) == "C5"
    refuse(session, MoveParty(square="C5"))
    refuse(session, MoveParty(square="K1"))


def test_characters_add_edit_remove() -> None:
    session = party_session(names=("アイリン",))
    session.dispatch(AddCharacter(name=" ロイ ", color="#AA0000", values={"POW": 14}))
    roy = session.state.characters["c2"]
    assert roy.name == "ロイ" and roy.order == 2 and roy.color == "#aa0000" and roy.values == {"POW": 14}
    session.dispatch(EditCharacter(character="c2", order=1, values={"POW": 15}))
    assert [c.name for c in session.state.ordered_characters()] == ["アイリン", "ロイ"]  # tie by id
    session.dispatch(EditCharacter(character="c1", order=3))
    assert [c.name for c in session.state.ordered_characters()] == ["ロイ", "アイリン"]
    session.dispatch(DrawCards(character="c2", count=2))
    session.dispatch(PlaceMarker(character="c2", square="A1"))
    session.dispatch(RemoveCharacter(character="c2"))
    assert "c2" not in session.state.characters and "c2" not in markers_of(session.state)
    assert sorted(session.state.discard) == ["2S", "AS"]  # the hand went to the discard, nothing lost


def test_character_illegal_uses() -> None:
    session = party_session(names=("アイリン",))
    refuse(session, AddCharacter(name="   "))
    refuse(session, AddCharacter(name="x" * 41))
    refuse(session, AddCharacter(name="ok", color="red"))
    refuse(session, AddCharacter(name="ok", order=0))
    refuse(session, EditCharacter(character="c1"))  # nothing changes
    refuse(session, EditCharacter(character="c9", name="x"))
    refuse(session, EditCharacter(character="c1", order=-2))
    refuse(session, RemoveCharacter(character="c9"))
    for i in range(11):
        session.dispatch(AddCharacter(name=f"n{i}"))
    refuse(session, AddCharacter(name="one too many"))


def test_shuffle_stack_and_illegal_uses() -> None:
    session = party_session()
    for _ in range(6):
        session.dispatch(DealCard(square="A2"))
    before = session.state.squares["A2"]
    session.dispatch(ShuffleStack(square="A2"))
    after = session.state.squares["A2"]
    assert sorted(after) == sorted(before) and after != before
    refuse(session, ShuffleStack(square="B2"))
    refuse(session, ShuffleStack(square="Z2"))


def test_roll_and_illegal_uses() -> None:
    # rule: DICE-1 (every roll recorded with its expression, dice, who and why)
    session = party_session()
    session.dispatch(Roll(command="2D6", dice=[3, 4], by="c1", reason="DICE-1"))
    record = session.rolls.records()[-1]
    assert record.by == "c1" and record.reason == "DICE-1"
    assert record.result.dice_values == (3, 4)
    assert "7" in record.result.render("ja")
    refuse(session, Roll(command="2D6+"))
    refuse(session, Roll(command="2D6", dice=[9, 1]))
    refuse(session, Roll(command="2D6", dice=[1]))


def test_secret_roll_is_marked_secret() -> None:
    session = party_session()
    session.dispatch(Roll(command="1D100<=50", secret=True))
    session.dispatch(Roll(command="S2D6"))
    assert all(r.result.secret for r in session.rolls.records())


def test_note_and_illegal_uses() -> None:
    session = party_session()
    session.dispatch(AddNote(text="骨はD2"))
    assert session.state.notes[-1].text == "骨はD2"
    refuse(session, AddNote(text="  "))
    refuse(session, AddNote(text="x" * 5000))


def test_undo_redo_names_the_action_and_a_new_command_clears_redo() -> None:
    session = party_session()
    session.dispatch(DealCard(square="B3"))
    assert session.undo_label("ja") == "B3にカードを配る"
    assert session.undo_label("en") == "Deal a card to B3"
    session.undo()
    assert "B3" not in session.state.squares
    assert session.redo_label("en") == "Deal a card to B3"
    session.redo()
    assert session.state.squares["B3"] == ("AS",)
    session.undo()
    session.dispatch(DealCard(square="C3"))
    assert not session.can_redo
    with pytest.raises(EngineError):
        session.redo()


def test_undo_stops_at_the_session_root() -> None:
    session = party_session(names=())
    with pytest.raises(EngineError) as err:
        session.undo()
    assert err.value.text("ja") != err.value.text("en")
    assert session.state.started


def test_every_board_command_type_has_an_illegal_use_test() -> None:
    """The tests above refuse an illegal use of every free board command; a new
    command type must add one (procedure commands have their own files)."""
    import inspect
    import sys

    from engine.table.commands import BOARD_COMMANDS

    source = inspect.getsource(sys.modules[__name__])
    missing = {
        cls.__name__
        for cls in BOARD_COMMANDS
        if f"refuse(session, {cls.__name__}(" not in source
        and f"refuse(fresh, {cls.__name__}(" not in source
        and f"        {cls.__name__}(" not in source
    }
    assert not missing, f"no illegal-use test for {sorted(missing)}"


def test_parse_command_from_json_and_bad_json() -> None:
    cmd = parse_command('{"type": "deal_card", "square": "B3"}')
    assert isinstance(cmd, DealCard) and cmd.square == "B3"
    for bad in (
        '{"type": "teleport"}',
        '{"type": "deal_card"}',
        "not json",
        '{"type":"deal_card","square":"B3","x":1}',
    ):
        with pytest.raises(EngineError) as err:
            parse_command(bad)
        assert err.value.text("ja") != err.value.text("en")


def test_changes_summary_names_what_moved() -> None:
    session = party_session()
    outcome = session.dispatch(DealCard(square="B3"), origin="board")
    assert outcome.changes.squares == {"B3"}
    assert outcome.changes.cards == {"AS"}
    assert outcome.changes.origin == "board"
    outcome = session.dispatch(PlaceMarker(character="c1", square="A1"))
    assert outcome.changes.characters == {"c1"} and outcome.changes.squares == {"A1"}


def test_legal_targets_for_cards_and_markers() -> None:
    session = party_session()
    targets = card_targets(session.state, "AS")
    assert square("A1") in targets and hand("c1") in targets and DISCARD in targets
    assert DECK not in targets  # AS already lies on top of the deck
    assert len(targets) == 25 + 4 + 2
    assert card_targets(session.state, "JK1") == []  # the secret bone moves only by SetBone
    assert len(marker_targets(session.state, "c1")) == 25
    session.dispatch(PlaceMarker(character="c1", square="A1"))
    assert "A1" not in marker_targets(session.state, "c1")


def test_dice2_each_roll_advances_the_sessions_generator() -> None:
    # rule: DICE-2 — the generator's position lives in the session
    session = party_session(seed=99)
    values = []
    for _ in range(6):
        session.dispatch(Roll(command="1D100"))
        values.append(session.rolls.records()[-1].result.dice_values[0])
    assert session.dice_position >= 6
    assert len(set(values)) > 1  # not the same die over and over
    again = party_session(seed=99)
    for _ in range(6):
        again.dispatch(Roll(command="1D100"))
    assert [r.result.dice_values[0] for r in again.rolls.records()] == values
    typed = party_session(seed=99)
    typed.dispatch(Roll(command="1D100", dice=[42]))
    assert typed.rolls.records()[-1].result.dice_values == (42,)
    assert typed.dice_position == 0  # a typed die consumes nothing from the generator


def test_move_stack_is_one_undo_step_and_keeps_the_order() -> None:
    session = party_session()
    for _ in range(3):
        session.dispatch(DealCard(square="B2", face_up=True))
    stack = session.state.squares["B2"]
    session.dispatch(MoveStack(square="B2", to=square("D4")))
    assert session.state.squares["D4"] == stack and "B2" not in session.state.squares
    assert all(session.state.card_flags(c).face_up for c in stack)
    session.undo()
    assert session.state.squares["B2"] == stack and "D4" not in session.state.squares
    session.dispatch(MoveStack(square="B2", to=hand("c1")))
    assert session.state.hands["c1"] == stack


def test_move_stack_illegal_uses() -> None:
    session = party_session()
    refuse(session, MoveStack(square="B2", to=DISCARD))  # blank square
    session.dispatch(DealCard(square="B2"))
    refuse(session, MoveStack(square="B2", to=square("b2")))
    refuse(session, MoveStack(square="B2", to=hand("c9")))
    refuse(session, MoveStack(square="Z2", to=DISCARD))


def test_a_new_sessions_deck_is_shuffled_with_its_seeded_dice_as_part_of_set_up() -> None:
    """File ▸ New (and ``python -m engine new``) no longer deals ♠A, ♠2, ♠3…"""
    # rule: MAP-6
    first = new_session(ruleset="upland", seed=11)
    factory = new_session(ruleset="upland", seed=11, shuffle=False)
    assert first.state.deck != factory.state.deck and sorted(first.state.deck) == sorted(factory.state.deck)
    assert new_session(ruleset="upland", seed=11).state.deck == first.state.deck  # the seed decides it
    assert new_session(ruleset="upland", seed=12).state.deck != first.state.deck
    root = first.done[0]
    assert [e.type for e in root.events] == ["session_started", "pile_shuffled"]  # logged with the set-up
    assert first.state.dice.seed == 11 and first.state.dice.counter > factory.state.dice.counter == 0
    assert not first.can_undo  # the set-up is the root that undo keeps
    replayed = Session(first.initial)
    replayed.replay([root.command])
    assert replayed.state.deck == first.state.deck


def test_a_ruleset_without_cards_gets_no_deck_and_no_bone() -> None:
    session = new_session(ruleset="coc6-a", seed=11)
    assert session.state.deck == () and session.state.removed == () and "upland" not in session.state.slices
    assert session.state.places() == [DECK, DISCARD, REMOVED]  # no secret pile either
    assert [e.type for e in session.done[0].events] == ["session_started"]
