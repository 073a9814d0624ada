"""Secrecy by difference, over the network: two tables that differ only in what the
players must not know (deck order, face-down cards, hands, the lingering bone, secret
rolls, GM notes, the seed, who the hidden NPC is) replay the same visible gestures.
Every seat's ``view.json``, page and live message must then be the same on both —
apart from the seat's own hand and sheet, open to it by design — and no answer to
one seat ever holds another seat's card.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from engine.core.seats import Seat
from engine.core.session import Session
from engine.core.state import State
from engine.serve.links import TABLE
from tests.app.test_secrecy_differential import (
    NPC,
    NPCS,
    gestures,
    play,
    play_coc,
    without_own_hand,
)
from tests.engine.serve.support import first_message, get, path_of, seat_keys_of, serving

PAGE_FILES = ("", "app.js", "style.css")


def seat(key: str) -> Seat:
    return Seat.projector() if key == TABLE else Seat.character(key)


def normalised(view: dict[str, Any], key: str) -> str:
    """The view with the seat's own hand as the other seats see it."""
    state = State.model_validate(view)
    if key in state.hands:
        state = without_own_hand(state, seat(key))
    return state.model_dump_json()


def everything(session: Session) -> dict[str, dict[str, Any]]:
    """What each seat receives: its view.json, the page's files and its first live message."""
    out: dict[str, dict[str, Any]] = {}
    with serving(session) as service:
        for key in seat_keys_of(service):
            view = get(service, path_of(service, key, "view.json"))
            pages = {name: get(service, path_of(service, key, name)) for name in PAGE_FILES}
            message = first_message(service, key)
            assert view.status == 200 and all(page.status == 200 for page in pages.values())
            out[key] = {
                "raw": [view.text, *(page.text for page in pages.values()), json.dumps(message, ensure_ascii=False)],
                "view": normalised(json.loads(view.body), key),
                "pages": {name: page.body for name, page in pages.items()},
                "message": {**message, "view": normalised(message["view"], key)},
            }
    return out


def cards_of_others(session: Session, key: str) -> set[str]:
    """Every card the GM knows is in a hand that is not ``key``'s, or in the deck."""
    state = session.state
    return {card for cid, hand in state.hands.items() if cid != key for card in hand} | set(state.deck)


@pytest.mark.parametrize("case", range(4))
def test_upland_tables_differing_only_in_secrets_send_every_seat_the_same(case: int) -> None:
    rng = random.Random(1500 + case)
    script = list(gestures(rng))
    one = play(seed=11 + case, variant=0, script=script)
    two = play(seed=911 + 7 * case, variant=1, script=script)
    assert one.state.hands != two.state.hands and one.state.characters[NPC].name != two.state.characters[NPC].name
    first, second = everything(one), everything(two)
    assert list(first) == list(second) == [TABLE, "c1", "c2", "c3"]  # the hidden NPC has no seat
    for key in first:
        assert first[key]["view"] == second[key]["view"], key
        assert first[key]["pages"] == second[key]["pages"], key
        assert first[key]["message"] == second[key]["message"], key
        for session, sent in ((one, first[key]), (two, second[key])):
            text = "\n".join(sent["raw"])
            for card in cards_of_others(session, key):
                assert f'"{card}"' not in text, (key, card)
            for name in NPCS:
                assert name not in text
            for note in session.state.notes:
                assert note.text not in text
            # the seat's own hand is there, face up
            if key != TABLE:
                own = session.state.hands[key]
                assert json.loads(sent["raw"][0])["hands"][key] == list(own)


def test_keepers_tables_differing_only_in_secrets_send_every_seat_the_same() -> None:
    """CoC (ruleset B): the hidden cultist, GM notes on the sheets and the secret
    〈心理学〉 rolls (CHK-B-6) reach no seat — nor the cultist's name through the
    attack it has waiting, the order before a delay or the wounds the last combat
    left; each seat gets its own sheet without the GM's notes."""
    one, two = play_coc(0), play_coc(1)
    first, second = everything(one), everything(two)
    assert list(first) == [TABLE, "c1", "c2"]
    for key in first:
        assert first[key]["view"] == second[key]["view"], key
        assert first[key]["message"] == second[key]["message"], key
        for session, sent in ((one, first[key]), (two, second[key])):
            text = "\n".join(sent["raw"])
            assert session.state.characters["c3"].name not in text
            for cid in ("c1", "c2"):
                notes = session.state.characters[cid].sheet.notes  # type: ignore[union-attr]
                assert notes not in text, (key, cid)  # the GM's notes reach no seat, not the sheet's own
            assert "心理学" not in "".join(line[lang] for line in sent["message"]["feed"] for lang in ("en", "ja"))


def test_the_differential_sees_a_face_up_difference() -> None:
    """Guard: one card dealt face up differs, and the served views show it."""
    from engine.table.commands import DealCard

    one = play(seed=11, variant=0, script=[lambda s, v: DealCard(square="B3", face_up=True)])
    two = play(seed=911, variant=1, script=[lambda s, v: DealCard(square="B3", face_up=True)])
    assert everything(one)[TABLE]["view"] != everything(two)[TABLE]["view"]
