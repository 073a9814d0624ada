"""The session state: an immutable tree of pydantic models.

Nothing outside the reducer (``Event.apply``) builds a changed state; every
change is ``model_copy(update=...)`` so undo can keep earlier states for free.
The card table (grid, piles, hands, card flags) is a part a ruleset asks for
(:mod:`engine.table.card_table`): ``table`` is None in a session that plays
without cards.  Its contents are read through the state (``state.deck``…).

The state knows no ruleset: a ruleset's options, its own part of the state
(``slices``) and its character sheets are validated through
:mod:`engine.rulesets.registry`, so a ruleset registered later stores its data
here without an edit to this module.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, Any, Self, TypeVar

from pydantic import (
    BeforeValidator,
    Field,
    SerializeAsAny,
    SerializerFunctionWrapHandler,
    model_serializer,
    model_validator,
)

from engine.core.models import Frozen, OptionsBase, SheetBase, SliceBase
from engine.core.schema import SCHEMA_VERSION as SCHEMA_VERSION  # where the shape's version is read
from engine.dice.result import RollResult
from engine.dice.rng import DiceState
from engine.rulesets import registry
from engine.table.board import Grid
from engine.table.card_table import CARD_TABLE_FIELDS, CardTable
from engine.table.places import (
    DECK,
    DISCARD,
    REMOVED,
    CardFlags,
    PileKind,
    Place,
    hand,
    secret,
    square,
)

SliceT = TypeVar("SliceT", bound=SliceBase)

CARD_TABLE_FIELDS_SET = frozenset(CARD_TABLE_FIELDS)

AnyOptions = Annotated[SerializeAsAny[OptionsBase], BeforeValidator(registry.validate_options)]
AnySheet = Annotated[SerializeAsAny[SheetBase], BeforeValidator(registry.validate_sheet)]
Slices = Annotated[dict[str, SerializeAsAny[SliceBase]], BeforeValidator(registry.validate_slices)]

Value = int | float | bool | str


class Character(Frozen):
    """A character at the table. ``values`` is a free mapping; ``sheet`` the
    ruleset's character sheet (None until set); ``order`` is the marching order
    (1 = first).

    ``npc``: a non-player character the GM added (a cultist who joins, a
    keeper's NPC); no player sits behind it.  ``shown``: the players have met it
    — a character not shown is in no players' view (:mod:`engine.core.seats`).
    An NPC starts hidden; characters stored before these fields existed read as
    shown player characters, as every character was shown then."""

    id: str
    name: str
    order: int
    color: str = "#3a7bd5"
    values: dict[str, Value] = Field(default_factory=dict)
    sheet: AnySheet | None = None
    npc: bool = False
    shown: bool = True

    @model_serializer(mode="wrap")
    def _without_default_flags(self, handler: SerializerFunctionWrapHandler) -> Any:
        """A player character is stored as before the flags existed (files, journals
        and exports of a table without NPCs are byte for byte what they were)."""
        data = handler(self)
        if isinstance(data, dict):
            if data.get("npc") is False:
                del data["npc"]
            if data.get("shown") is True:
                del data["shown"]
        return data


class RollRecord(Frozen):
    """One roll of the dice box or of a rule, carried by its event (the roll log
    reads it from there: see :mod:`engine.core.roll_log`)."""

    seq: int
    by: str | None = None
    reason: str | None = None
    result: RollResult


class Note(Frozen):
    """A GM note: never shown to players."""

    id: int
    text: str


class State(Frozen):
    """Everything a session is at one moment."""

    schema_version: int = SCHEMA_VERSION
    started: bool = False
    #: The registered ruleset id ("" before the session starts).
    ruleset: str = ""
    options: AnyOptions | None = None
    dice: DiceState = Field(default_factory=DiceState)
    #: The card table, for a ruleset that plays with cards; None for one that does not.
    table: CardTable | None = Field(default_factory=CardTable)
    characters: dict[str, Character] = Field(default_factory=dict)
    next_character: int = 1
    notes: tuple[Note, ...] = ()
    seq: int = 0
    #: Each ruleset's (or shared module's) own state, by registered slice id.
    slices: Slices = Field(default_factory=dict)

    @model_validator(mode="before")
    @classmethod
    def _upgrade(cls, data: Any) -> Any:
        """States of an older schema (session files, snapshots) are brought up to date,
        and the card table's fields, stored at the top level, are gathered into ``table``.

        ``rolls`` (a tuple that grew with every roll) is no longer part of the state:
        rolls are read from the journal, so an older state's copy is dropped."""
        if not isinstance(data, dict):
            return data
        if "rolls" in data:
            data = {key: value for key, value in data.items() if key != "rolls"}
        if data.get("schema_version", SCHEMA_VERSION) < SCHEMA_VERSION:
            data = registry.upgrade_state(dict(data))
            data["schema_version"] = SCHEMA_VERSION
            if not _plays_cards(str(data.get("ruleset", ""))):
                # written when every session got the card table: its empty hands go
                data = {key: value for key, value in data.items() if key != "hands"}
        if "table" in data:
            return data
        cards = {key: data[key] for key in CARD_TABLE_FIELDS if key in data}
        rest = {key: value for key, value in data.items() if key not in CARD_TABLE_FIELDS}
        if _plays_cards(str(rest.get("ruleset", ""))):
            rest["table"] = cards
        elif not all(_untouched(key, value) for key, value in cards.items()):
            rest["table"] = cards  # cards in a ruleset that has none: kept, never dropped
        else:
            rest["table"] = None
        return rest

    @model_serializer(mode="wrap")
    def _card_table_at_top(self, handler: SerializerFunctionWrapHandler) -> Any:
        """The card table is stored as it always was: its fields at the state's top
        level, in their old places (after ``options`` the grid, after ``dice`` the
        piles), so files and snapshots are byte for byte what they were.  A session
        without the card table stores none of them."""
        data = handler(self)
        if not isinstance(data, dict) or "table" not in data:
            return data
        table = data.pop("table")
        if table is None:
            return data
        out: dict[str, Any] = {}
        for key, value in data.items():
            if key == "dice":
                out.update({k: table[k] for k in ("cols", "rows") if k in table})
            out[key] = value
            if key == "dice":
                out.update({k: v for k, v in table.items() if k not in ("cols", "rows")})
        return out

    def model_copy(self, *, update: Mapping[str, Any] | None = None, deep: bool = False) -> Self:
        """A changed copy; the card table's fields in ``update`` change the card table.

        Changing cards in a session without the card table is a programming error."""
        if update and not CARD_TABLE_FIELDS_SET.isdisjoint(update):
            cards = {key: value for key, value in update.items() if key in CARD_TABLE_FIELDS_SET}
            if self.table is None:
                raise TypeError(f"a {self.ruleset} session has no card table to change ({', '.join(cards)})")
            update = {key: value for key, value in update.items() if key not in CARD_TABLE_FIELDS_SET}
            update["table"] = self.table.model_copy(update=cards)
        return super().model_copy(update=update, deep=deep)

    @property
    def card_table(self) -> bool:
        """Does this session's ruleset play on the card table?"""
        return self.table is not None

    # The card table's contents, read through the state (empty without a card table).
    @property
    def cols(self) -> int:
        return self.table.cols if self.table is not None else 0

    @property
    def rows(self) -> int:
        return self.table.rows if self.table is not None else 0

    @property
    def deck(self) -> tuple[str, ...]:
        return self.table.deck if self.table is not None else ()

    @property
    def discard(self) -> tuple[str, ...]:
        return self.table.discard if self.table is not None else ()

    @property
    def removed(self) -> tuple[str, ...]:
        return self.table.removed if self.table is not None else ()

    @property
    def squares(self) -> dict[str, tuple[str, ...]]:
        return self.table.squares if self.table is not None else _NO_PILES

    @property
    def hands(self) -> dict[str, tuple[str, ...]]:
        return self.table.hands if self.table is not None else _NO_PILES

    @property
    def flags(self) -> dict[str, CardFlags]:
        return self.table.flags if self.table is not None else _NO_FLAGS

    def slice(self, slice_id: str, model: type[SliceT]) -> SliceT:
        """The slice ``slice_id`` (its model's defaults if nothing is stored yet)."""
        found = self.slices.get(slice_id)
        if found is None:
            return model()
        if not isinstance(found, model):
            raise TypeError(f"slice {slice_id!r} holds {type(found).__name__}, not {model.__name__}")
        return found

    def with_slice(self, slice_id: str, value: SliceBase) -> State:
        """A copy with one slice replaced."""
        return self.model_copy(update={"slices": {**self.slices, slice_id: value}})

    @property
    def grid(self) -> Grid:
        return Grid(self.cols, self.rows)

    def pile(self, place: Place) -> tuple[str, ...]:
        """The cards of a pile, top first (empty for a blank square, or without a card table)."""
        if place.zone is PileKind.SECRET:
            part = self.slices.get(place.key or "")
            return part.secret_cards() if part is not None else ()
        return self.table.pile(place) if self.table is not None else ()

    def find(self, card: str) -> tuple[Place, int] | None:
        """Where a card is and its index in that pile (0 = top).

        Looks through the piles in the order of ``places()`` but makes a
        ``Place`` only for the pile that holds the card: on a 20 × 20 board
        building 400 square places per lookup was most of a card drop's time
        (benchmarks/RESULTS.md, "Board repaint")."""
        for place, pile in ((DECK, self.deck), (DISCARD, self.discard), (REMOVED, self.removed)):
            if card in pile:
                return place, pile.index(card)
        for slice_id, part in self.slices.items():
            kept = part.secret_cards()
            if card in kept:
                return secret(slice_id), kept.index(card)
        for name, stack in self.squares.items():
            if card in stack:
                return square(name), stack.index(card)
        for character, cards in self.hands.items():
            if card in cards:
                return hand(character), cards.index(card)
        return None

    def places(self) -> list[Place]:
        out = [DECK, DISCARD, REMOVED]
        out += [secret(k) for k, part in self.slices.items() if part.secret_cards()]
        out += [square(n) for n in self.squares]
        out += [hand(c) for c in self.hands]
        return out

    def with_pile(self, place: Place, cards: tuple[str, ...]) -> State:
        """A copy with one pile replaced (blank squares are dropped)."""
        match place.zone:
            case PileKind.DECK:
                return self.model_copy(update={"deck": cards})
            case PileKind.DISCARD:
                return self.model_copy(update={"discard": cards})
            case PileKind.REMOVED:
                return self.model_copy(update={"removed": cards})
            case PileKind.SQUARE:
                squares = dict(self.squares)
                if cards:
                    squares[place.key or ""] = cards
                else:
                    squares.pop(place.key or "", None)
                return self.model_copy(update={"squares": squares})
            case PileKind.HAND:
                hands = dict(self.hands)
                hands[place.key or ""] = cards
                return self.model_copy(update={"hands": hands})
            case PileKind.SECRET:
                key = place.key or ""
                return self.with_slice(key, self.slices[key].with_secret_cards(cards))

    def card_flags(self, card: str) -> CardFlags:
        return self.flags.get(card, CardFlags())

    def ordered_characters(self) -> list[Character]:
        """Characters in marching order (ties by id, so the order is total)."""
        return sorted(self.characters.values(), key=lambda c: (c.order, c.id))


def _plays_cards(ruleset_id: str) -> bool:
    """A ruleset not registered (or none yet) keeps the card table: nothing is dropped."""
    ruleset = registry.find(ruleset_id) if ruleset_id else None
    return ruleset is None or ruleset.card_table


def _untouched(key: str, value: object) -> bool:
    """A stored card-table field as a new table has it (a 5×5 grid, empty piles:
    JSON stores the empty tuples as lists, so emptiness is what counts)."""
    if key in ("cols", "rows"):
        return value == 5
    return not value


#: What a session without the card table reads as its squares, hands and flags (never changed).
_NO_PILES: dict[str, tuple[str, ...]] = {}
_NO_FLAGS: dict[str, CardFlags] = {}
