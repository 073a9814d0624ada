"""What the event log's filters read from a record, and their catalogue."""

from __future__ import annotations

from app.panels.log_filter import Kind, LogFilter, command_kind, fold, record_facts
from engine.session import new_session
from engine.table.commands import AddCharacter, DealCard, DrawCards, GiveCard, Roll, ShuffleDeck
from tests.app.shipped_catalogues import shipped_messages


def test_kinds_follow_what_the_gm_did() -> None:
    assert command_kind("roll") is Kind.ROLLS
    assert command_kind("add_note") is Kind.NOTES
    assert command_kind("tap_card") is Kind.BOARD
    assert command_kind("move_party") is Kind.BOARD
    assert command_kind("add_character") is Kind.CHARACTERS
    assert command_kind("upland_set_skill") is Kind.CHARACTERS
    assert command_kind("upland_resolve_investigation") is Kind.PROCEDURE


def test_a_record_names_the_characters_it_concerns_and_its_secret_rolls() -> None:
    session = new_session(seed=4)
    session.dispatch(ShuffleDeck())
    session.dispatch(AddCharacter(name="A", color="#d64541"))
    session.dispatch(AddCharacter(name="B", color="#3a7bd5"))
    session.dispatch(DrawCards(character="c1", count=1))
    card = session.state.hands["c1"][0]
    draw = record_facts("do", session.done[-1])
    assert draw.characters == {"c1"} and draw.kinds == {Kind.BOARD}
    session.dispatch(GiveCard(card=card, to_character="c2"))  # from c1's hand to c2's
    assert record_facts("do", session.done[-1]).characters == {"c1", "c2"}
    roll = record_facts("undo", session.dispatch(Roll(command="S2D6", by="c2")).entry)
    assert roll.kinds == {Kind.ROLLS, Kind.HISTORY} and roll.characters == {"c2"}
    assert roll.secret_lines == {1} and roll.lines == 2
    session.dispatch(DealCard(square="C4"))
    deal = record_facts("do", session.done[-1])
    assert deal.characters == frozenset() and deal.secret_lines == frozenset()
    assert LogFilter(kind=Kind.ROLLS).accepts(roll) and not LogFilter(kind=Kind.ROLLS).accepts(deal)
    assert LogFilter(character="c2").accepts(roll) and not LogFilter(character="c1").accepts(roll)
    assert LogFilter(text="ｓ２ｄ６").accepts(roll, ["S2D6をロール"])
    assert fold("ＣＣＢ＜＝６０") == fold("ccb<=60")


def test_every_filter_label_has_a_japanese_translation_in_the_shipped_catalogue() -> None:
    messages = 0
    for shipped in shipped_messages("eventlog_ja"):
        translation = shipped.element.find("translation")
        assert shipped.translation.strip() and translation is not None and translation.get("type") is None, (
            shipped.source
        )
        assert shipped.compiled == shipped.translation, shipped.source
        messages += 1
    assert messages >= 12


def test_records_with_the_same_facts_share_one_object_so_the_log_does_not_grow_three_sets_a_command() -> None:
    session = new_session(seed=4)
    session.dispatch(ShuffleDeck())
    for square in ("A1", "B1", "C1", "D1"):
        session.dispatch(DealCard(square=square))
    deals = [record_facts("do", entry) for entry in session.done[-4:]]
    assert all(facts is deals[0] for facts in deals)  # four deals, one facts object
    roll = record_facts("do", session.dispatch(Roll(command="S2D6")).entry)
    assert roll is not deals[0] and roll.secret_lines == {1}  # different facts stay different
    assert deals[0].kinds == {Kind.BOARD} and deals[0].characters == frozenset()
