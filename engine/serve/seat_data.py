"""What one seat is sent: its view, the banner and its public roll feed.

Everything here is computed from ``player_view(state, seat)`` and the rolls
``public_rolls`` lets that seat see — never from the GM's state directly — so a
page, its ``view.json`` and its live messages carry nothing the seat may not see.
``view.json`` is the view exactly as ``python -m engine show FILE --seat SEAT``
prints it.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass

from engine.core.player_view import player_view
from engine.core.roll_log import roll_line
from engine.core.seats import PROJECTOR, Seat, public_rolls, seats_of
from engine.core.state import RollRecord, State
from engine.i18n import LANGS, render
from engine.serve.banner import banner, combat_words
from engine.serve.links import TABLE
from engine.serve.sheet_fields import row_words, sheet_fields

#: How many public rolls a page lists (newest first).
FEED = 30


@dataclass(frozen=True)
class Table:
    """The game at one moment, as the GM's side hands it over: the state, the
    session's recent rolls and when it was handed over (``time.monotonic``)."""

    state: State
    rolls: tuple[RollRecord, ...] = ()
    stamp: float = 0.0


def seat_keys(state: State) -> list[str]:
    """The table's seat, then each player character's (marching order)."""
    return [TABLE if seat.character_id is None else seat.character_id for seat in seats_of(state)]


def seat_of(key: str) -> Seat:
    return PROJECTOR if key == TABLE else Seat.character(key)


def seat_name(state: State, key: str, lang: str) -> str:
    """The table's seat is 「卓」; a character's seat is the character's name."""
    if key == TABLE:
        return render("Table", lang)
    character = state.characters.get(key)
    return character.name if character is not None else key


def view_json(state: State, key: str) -> str:
    """The seat's view as ``python -m engine show --seat`` prints it (indented, one newline)."""
    return player_view(state, seat_of(key)).model_dump_json(indent=2) + "\n"


def payload(table: Table, key: str) -> str:
    """One live message for seat ``key``: its seat, the seq, the banner and feed in
    both languages, and its view — JSON text, built once and sent to every page of the seat."""
    seat = seat_of(key)
    view = player_view(table.state, seat)
    rolls: Sequence[RollRecord] = public_rolls(table.state, table.rolls, seat)
    feed = [{lang: roll_line(view, record, lang) for lang in LANGS} for record in reversed(rolls[-FEED:])]
    head = {
        "seat": key,
        "name": {lang: seat_name(view, key, lang) for lang in LANGS},
        "seq": view.seq,
        "banner": {lang: banner(view, lang) for lang in LANGS},
        "feed": feed,
        "fields": sheet_fields(view, key),
        "words": {**combat_words(view), **row_words(view, key)},
    }
    text = json.dumps(head, ensure_ascii=False, separators=(",", ":"))
    return text[:-1] + ',"view":' + view.model_dump_json() + "}"


__all__ = ["FEED", "Table", "payload", "seat_keys", "seat_name", "seat_of", "view_json"]
