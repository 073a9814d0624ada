"""Several decks on one table (the benchmarks' stress board): the n-th deck's cards
are ``AS#n``…, distinct from the first deck's plain codes, which stay as they
were (MAP-6 plays with one deck; more are for benchmarks)."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.core.player_view import is_hidden, player_view
from engine.core.session import Session
from engine.errors import EngineError
from engine.session import new_session as _registers_rulesets  # noqa: F401
from engine.store import SessionFile
from engine.table.cards import MAX_DECKS, Suit, all_cards, parse_card, standard_deck
from engine.table.commands import AddCharacter, DealCard, DrawCards, MoveCard, NewSession
from engine.table.places import Place, secret, square
from engine.upland.bone import SetBone
from engine.upland.options import UplandOptions
from engine.upland.slice import bone_of


def test_map6_a_second_decks_card_parses_with_its_deck_and_reads_as_itself() -> None:
    card = parse_card("as#2")
    assert card.code == "AS#2" and card.suit is Suit.SPADES and card.rank == "A" and card.deck == 2
    assert card.strength() == parse_card("AS").strength() == 1
    assert parse_card("10h#12").strength() == 10 and parse_card("10H#12").short() == "♥10#12"
    assert card.display("ja") == "スペードのA（2組目）" and card.display("en") == "ace of spades (deck 2)"
    assert parse_card("JK1").display("en") == "joker 1" and parse_card("JK2#3").display("ja") == "ジョーカー2（3組目）"


def test_map6_single_deck_codes_are_unchanged() -> None:
    deck = standard_deck()
    assert len(deck) == 52 and deck[:3] == ("AS", "2S", "3S") and deck[-1] == "KC"
    assert all("#" not in code and parse_card(code).deck == 1 for code in deck)
    assert all_cards() == deck + ("JK1", "JK2")
    assert parse_card("QD").short() == "♦Q" and parse_card("QD").display("ja") == "ダイヤのQ"


def test_map6_every_code_of_several_decks_round_trips_and_is_distinct() -> None:
    codes = standard_deck(MAX_DECKS)
    assert len(codes) == len(set(codes)) == 52 * MAX_DECKS
    assert codes[52] == "AS#2" and codes[-1] == f"KC#{MAX_DECKS}"
    for code in codes:
        assert parse_card(code).code == code
        assert parse_card(code.lower()).code == code


@pytest.mark.parametrize("code", ["AS#1", "AS#0", "AS#02", "AS#x", "AS#", f"AS#{MAX_DECKS + 1}", "AS#2#2", "AS#²"])
def test_map6_a_bad_deck_number_is_refused_clearly(code: str) -> None:
    with pytest.raises(EngineError) as refused:
        parse_card(code)
    assert "bad deck number" in refused.value.text("en") and code in refused.value.text("en")
    assert "組番号が不正" in refused.value.text("ja")


def test_map6_an_unknown_card_with_a_deck_number_is_still_an_unknown_card() -> None:
    with pytest.raises(EngineError) as refused:
        parse_card("ZZ#2")
    assert "Unknown card code" in refused.value.text("en")


def test_map6_a_session_with_ten_decks_deals_moves_hides_and_reopens_distinct_cards(tmp_path: Path) -> None:
    start = NewSession(ruleset="upland", seed=3, cols=20, rows=20, gate="K20", options={"decks": 10})
    file = SessionFile.create(tmp_path / "stress.yobigoe", start)
    session = file.session
    assert len(session.state.deck) == 520 and len(set(session.state.deck)) == 520
    for n in range(500):
        session.dispatch(DealCard(square=f"{chr(ord('A') + n % 20)}{n // 20 % 20 + 1}", face_up=n % 2 == 0))
    on_squares = [code for stack in session.state.squares.values() for code in stack]
    assert len(on_squares) == len(set(on_squares)) == 500
    second = next(code for code in on_squares if code.endswith("#2"))
    session.dispatch(MoveCard(card=second, to=square("T20"), index=0))
    assert session.state.squares["T20"][0] == second
    # the players see a face-down card of the second deck as hidden, like any other
    face_down = next(c for c in on_squares if "#" in c and not session.state.card_flags(c).face_up)
    where = session.state.find(face_down)
    assert where is not None
    seen = player_view(session.state).pile(where[0])[where[1]]
    assert is_hidden(seen) and "#" not in seen
    state = session.state
    file.close()
    reopened = SessionFile.open(tmp_path / "stress.yobigoe")
    assert reopened.session.state == state
    reopened.close()


def test_map6_old_options_without_decks_open_with_one_deck() -> None:
    stored = UplandOptions().model_dump(mode="json")
    del stored["decks"]
    assert UplandOptions.model_validate(stored).decks == 1
    session = Session()
    session.dispatch(NewSession(ruleset="upland", seed=3, options=stored))
    assert sorted(session.state.deck) == sorted(standard_deck())


def test_map6_finding_a_card_among_many_piles_answers_as_a_search_of_every_place() -> None:
    session = Session()
    session.dispatch(NewSession(ruleset="upland", seed=9, cols=20, rows=20, gate="K20", options={"decks": 3}))
    session.dispatch(AddCharacter(name="鷹野 遥"))
    session.dispatch(SetBone(square="J10"))
    for n in range(120):
        session.dispatch(DealCard(square=f"{chr(ord('A') + n * 7 % 20)}{n % 20 + 1}", face_up=n % 3 == 0))
    session.dispatch(DrawCards(character="c1", count=5))
    state = session.state

    def by_every_place(code: str) -> tuple[Place, int] | None:
        for place in state.places():
            if code in state.pile(place):
                return place, state.pile(place).index(code)
        return None

    every = [code for place in state.places() for code in state.pile(place)] + ["AS#9", "JK2"]
    assert len(every) > 3 * 52
    assert bone_of(state).card is not None and state.find(bone_of(state).card) == (secret("upland"), 0)
    for code in every:
        assert state.find(code) == by_every_place(code)
