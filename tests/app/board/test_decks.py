"""A board with several decks (the benchmarks' stress board): the second deck's ace
of spades (``AS#2``) is a card of its own on the board — its own item, its face
marked with its deck, its name saying which deck — and the projector hides it
like any face-down card."""

from __future__ import annotations

from PySide6.QtGui import QImage
from pytestqt.qtbot import QtBot

from app.board import BoardScene
from app.bridge import SessionBridge
from engine.core.player_view import is_hidden
from engine.core.session import Session
from engine.session import new_session as _registers_rulesets  # noqa: F401
from engine.table.commands import DealCard, FlipCard, MoveCard, NewSession
from engine.table.places import square
from tests.app.board.test_render import BLACK, close, colour_at, paint_card


def test_map6_a_second_decks_card_is_its_own_item_named_with_its_deck(qtbot: QtBot) -> None:
    session = Session()
    session.dispatch(
        NewSession(ruleset="upland", seed=5, cols=6, rows=6, gate="C6", options={"decks": 2}, shuffle=False)
    )
    bridge = SessionBridge(session, lang="ja")
    gm, players = BoardScene(bridge), BoardScene(bridge, player=True)
    assert bridge.dispatch(MoveCard(card="AS", to=square("A1")))
    assert bridge.dispatch(MoveCard(card="AS#2", to=square("B1")))
    assert bridge.dispatch(FlipCard(card="AS")) and bridge.dispatch(FlipCard(card="AS#2"))
    assert bridge.dispatch(DealCard(square="C1"))  # face down, from the top of the deck
    first, second = gm.card_item("AS"), gm.card_item("AS#2")
    assert first is not None and second is not None and first is not second
    assert second.toolTip() == "スペードのA（2組目）" and first.toolTip() == "スペードのA"
    face_down = session.state.squares["C1"][0]
    on_c1 = [item.code for item in players.card_items() if item.place == square("C1")]
    assert len(on_c1) == 1 and is_hidden(on_c1[0]) and face_down not in {i.code for i in players.card_items()}
    assert {"AS", "AS#2"} <= {item.code for item in players.card_items()}  # face up on the table


def test_map6_the_face_of_a_second_decks_card_shows_its_deck(qtbot: QtBot) -> None:
    plain: QImage = paint_card(qtbot, "7S", True, 2.0)
    marked: QImage = paint_card(qtbot, "7S#2", True, 2.0)
    assert close(colour_at(marked, 0.5, 0.5), BLACK)  # the same black spade in the middle
    assert marked != plain  # plus the deck's mark at the foot
    foot = [
        (x, y)
        for x in range(int(marked.width() * 0.4), int(marked.width() * 0.6))
        for y in range(int(marked.height() * 0.82), int(marked.height() * 0.94))
    ]
    differs = sum(1 for x, y in foot if marked.pixelColor(x, y) != plain.pixelColor(x, y))
    assert differs > 20
