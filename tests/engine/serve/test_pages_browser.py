"""A real browser on a phone-sized screen: a seat's page shows its hand, follows a GM
move within a second without reloading, comes back by itself after the server
restarts, and never holds another seat's card."""

from __future__ import annotations

import time
from typing import Any

import pytest

from engine.core.session import Session
from engine.serve.links import TABLE
from engine.serve.service import PlayersService
from engine.session import new_session
from engine.table.cards import SUIT_SYMBOL, parse_card
from engine.table.commands import AddCharacter, DealCard, DrawCards, Roll, ShuffleDeck
from tests.engine.serve.browser import phone
from tests.engine.serve.support import table_of

pytestmark = pytest.mark.timeout(120)


def label(code: str) -> str:
    """A card as the page writes it: ``9♣``, ``10♥``."""
    card = parse_card(code)
    return "JK" if card.suit is None else f"{card.rank}{SUIT_SYMBOL[card.suit]}"


def table() -> Session:
    session = new_session(seed=12)
    for name in ("鷹野 遥", "九条 蒼", "真木 灯"):
        session.dispatch(AddCharacter(name=name))
    session.dispatch(ShuffleDeck())
    for cid in ("c1", "c2", "c3"):
        session.dispatch(DrawCards(character=cid, count=3))
    session.dispatch(DealCard(square="C3", face_up=True))
    session.dispatch(DealCard(square="B2"))
    return session


def start(session: Session, service: PlayersService | None = None, port: int = 0) -> PlayersService:
    service = service if service is not None else PlayersService()
    service.publish(table_of(session))
    service.start("127.0.0.1", port, any_port=False)
    return service


def open_seat(context: Any, service: PlayersService, key: str) -> Any:
    page = context.new_page()
    page.goto(next(seat.url for seat in service.seats() if seat.key == key))
    page.wait_for_selector("#status[data-state=live]")
    wait_until(page, "document.body.dataset.seq !== undefined")
    return page


def wait_until(page: Any, expression: str, timeout: float = 10.0) -> None:
    """Poll ``expression`` in the page from outside (the page's strict CSP forbids the
    eval that Playwright's own ``wait_for_function`` needs)."""
    deadline = time.monotonic() + timeout
    while not page.evaluate(expression):
        if time.monotonic() > deadline:
            raise AssertionError(f"not within {timeout} s: {expression}")
        time.sleep(0.02)


def hand_labels(page: Any) -> list[str]:
    return [str(text) for text in page.eval_on_selector_all("#hand .card", "cards => cards.map(c => c.textContent)")]


def secret_labels(session: Session, key: str) -> set[str]:
    """Cards the seat must not see: other hands, the deck, face-down cards on the board."""
    state = session.state
    cards = {card for cid, hand in state.hands.items() if cid != key for card in hand} | set(state.deck)
    cards |= {card for stack in state.squares.values() for card in stack if not state.card_flags(card).face_up}
    return {label(card) for card in cards}


def test_a_seats_page_shows_its_hand_and_follows_a_gm_move_within_a_second() -> None:
    session = table()
    service = start(session)
    try:
        with phone() as context:
            page = open_seat(context, service, "c1")
            assert page.viewport_size == {"width": 390, "height": 844}
            assert hand_labels(page) == [label(card) for card in session.state.hands["c1"]]
            assert page.inner_text("#seat") == "鷹野 遥"
            page.evaluate("window.__notReloaded = true")
            session.dispatch(DrawCards(character="c1", count=1))
            session.dispatch(Roll(command="2D6", dice=[3, 4], by="c1", reason="open"))
            moved = time.monotonic()
            service.publish(table_of(session))
            wait_until(page, f"document.querySelectorAll('#hand .card').length === {len(session.state.hands['c1'])}")
            wait_until(page, "document.querySelector('#feed li').textContent.includes('鷹野 遥')")
            assert time.monotonic() - moved < 1.0
            assert page.evaluate("window.__notReloaded") is True
            assert hand_labels(page) == [label(card) for card in session.state.hands["c1"]]
            text = page.inner_text("body") + page.content()
            for secret in secret_labels(session, "c1"):
                assert secret not in text, secret
            # the table's seat shows no hand face up at all
            table_page = open_seat(context, service, TABLE)
            assert not table_page.is_visible("#hand-box")
            table_text = table_page.inner_text("body") + table_page.content()
            for secret in secret_labels(session, TABLE) | {label(card) for card in session.state.hands["c1"]}:
                assert secret not in table_text, secret
            assert label(session.state.squares["C3"][0]) in table_text  # the face-up card is public
    finally:
        service.stop()


def test_the_page_comes_back_by_itself_after_the_server_restarts() -> None:
    session = table()
    service = start(session)
    port = service.address()[1]
    try:
        with phone() as context:
            page = open_seat(context, service, "c2")
            page.evaluate("window.__notReloaded = true")
            service.stop()
            page.wait_for_selector("#status[data-state=connecting]")
            session.dispatch(DrawCards(character="c2", count=2))
            service = start(session, PlayersService(service.links), port=port)  # same links, same port
            wait_until(page, f"document.querySelectorAll('#hand .card').length === {len(session.state.hands['c2'])}")
            assert page.get_attribute("#status", "data-state") == "live"
            assert page.evaluate("window.__notReloaded") is True
    finally:
        service.stop()


def test_a_renewed_link_blanks_the_open_page() -> None:
    session = table()
    service = start(session)
    try:
        with phone() as context:
            page = open_seat(context, service, "c3")
            assert hand_labels(page)
            service.renew("c3")
            page.wait_for_selector("#status[data-state=gone]", timeout=15000)
            assert hand_labels(page) == [] and page.is_visible("#notice")
            for card in session.state.hands["c3"]:
                assert label(card) not in page.inner_text("body")
    finally:
        service.stop()


def test_a_keepers_investigator_reads_their_own_sheet_and_the_round() -> None:
    from tests.app.test_secrecy_differential import play_coc

    session = play_coc(0)
    sheet = session.state.characters["c1"].sheet
    assert sheet is not None
    knife = {"name": "ナイフ", "hit": "25", "damage": "1D4+DB", "impaling": True}
    session.dispatch({"type": "coc_set_sheet", "character": "c1", "sheet": {**sheet.model_dump(), "weapons": [knife]}})
    service = start(session)
    try:
        with phone() as context:
            page = open_seat(context, service, "c1")
            sheet = page.inner_text("#sheet")
            own = session.state.characters["c1"].sheet
            assert own is not None
            assert f"{own.hp}/{own.hp_max}" in sheet and "SAN" in sheet and "目星" in sheet  # type: ignore[attr-defined]
            assert "ナイフ (成功率 25, ダメージ 1D4+DB, 貫通, 攻撃回数 1)" in sheet
            assert page.inner_text("#banner").startswith("ラウンド 1")
            text = page.inner_text("body")
            # rule: the keeper's NPC not shown yet is on no players' screen: not named, not even as 正体不明
            assert session.state.characters["c3"].name not in text and "正体不明" not in text
            assert page.inner_text("#banner") == "ラウンド 1 — キーパーの手番"  # the hidden NPC acts: nobody named
            order = page.inner_text("#order")
            assert f"{own.name}（" in order and "HP" not in order  # HP-B-1's state word; numbers only with bars
            assert "GM only" not in text.replace(own.notes, "")  # type: ignore[attr-defined]
    finally:
        service.stop()
