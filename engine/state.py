"""The session state: an immutable tree of pydantic models.

Nothing outside the reducer (``Event.apply``) builds a changed state; every
change is ``model_copy(update=...)`` so undo can keep earlier states for free.
Piles are tuples of card codes with **index 0 the top** (deck, discard, a
square's stack, a hand); a square without cards is simply absent from
``squares`` (MAP-2: blank).
"""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field

from engine.board import Grid
from engine.dice.result import RollResult
from engine.dice.rng import DiceState
from engine.ruleset import RulesetId, RulesetOptions, UplandOptions
from engine.upland.procedure import CycleState
from engine.upland.sheet import UplandSheet

SCHEMA_VERSION = 1


class Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Zone(StrEnum):
    """Where a card can be (MAP-6): exactly one of these at any time."""

    DECK = "deck"
    DISCARD = "discard"
    REMOVED = "removed"
    SQUARE = "square"
    HAND = "hand"
    BONE = "bone"


KEYED_ZONES = (Zone.SQUARE, Zone.HAND)


class Place(Frozen):
    """A pile: a zone, plus the square name or character id for keyed zones."""

    zone: Zone
    key: str | None = None

    def __str__(self) -> str:
        return f"{self.zone.value}:{self.key}" if self.key else self.zone.value


DECK = Place(zone=Zone.DECK)
DISCARD = Place(zone=Zone.DISCARD)
REMOVED = Place(zone=Zone.REMOVED)
BONE_SLOT = Place(zone=Zone.BONE)


def square(name: str) -> Place:
    return Place(zone=Zone.SQUARE, key=name)


def hand(character_id: str) -> Place:
    return Place(zone=Zone.HAND, key=character_id)


class CardFlags(Frozen):
    face_up: bool = False
    tapped: bool = False


Value = int | float | bool | str


class Character(Frozen):
    """A character at the table. ``values`` is a free mapping; ``sheet`` the
    Upland character sheet (None until set); ``order`` is the marching order
    (1 = first)."""

    id: str
    name: str
    order: int
    color: str = "#3a7bd5"
    values: dict[str, Value] = Field(default_factory=dict)
    sheet: UplandSheet | None = None


class BoneState(Frozen):
    """The lingering bone (MAP-5): secret square until the crossing (INV-9)."""

    card: str | None = "JK1"
    square: str | None = None
    revealed: bool = False


class RollRecord(Frozen):
    """One roll of the dice box or of a rule, kept for the roll log."""

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
    ruleset: RulesetId = "upland"
    options: Annotated[RulesetOptions, Field(discriminator="ruleset")] = Field(
        default_factory=UplandOptions
    )
    cols: int = 5
    rows: int = 5
    gate: str = "C5"
    dice: DiceState = Field(default_factory=DiceState)
    deck: tuple[str, ...] = ()
    discard: tuple[str, ...] = ()
    removed: tuple[str, ...] = ()
    squares: dict[str, tuple[str, ...]] = Field(default_factory=dict)
    hands: dict[str, tuple[str, ...]] = Field(default_factory=dict)
    flags: dict[str, CardFlags] = Field(default_factory=dict)
    bone: BoneState = Field(default_factory=BoneState)
    characters: dict[str, Character] = Field(default_factory=dict)
    next_character: int = 1
    markers: dict[str, str] = Field(default_factory=dict)
    party: str | None = None
    rolls: tuple[RollRecord, ...] = ()
    notes: tuple[Note, ...] = ()
    seq: int = 0
    #: The Upland exploration cycle's procedure (None until it starts).
    cycle: CycleState | None = None

    @property
    def grid(self) -> Grid:
        return Grid(self.cols, self.rows)

    @property
    def crossed(self) -> bool:
        """INV-9: "after the crossing" rules apply once the bone is revealed."""
        return self.bone.revealed

    def pile(self, place: Place) -> tuple[str, ...]:
        """The cards of a pile, top first (empty for a blank square)."""
        match place.zone:
            case Zone.DECK:
                return self.deck
            case Zone.DISCARD:
                return self.discard
            case Zone.REMOVED:
                return self.removed
            case Zone.SQUARE:
                return self.squares.get(place.key or "", ())
            case Zone.HAND:
                return self.hands.get(place.key or "", ())
            case Zone.BONE:
                return (self.bone.card,) if self.bone.card and not self.bone.revealed else ()

    def find(self, card: str) -> tuple[Place, int] | None:
        """Where a card is and its index in that pile (0 = top)."""
        for place in self.places():
            pile = self.pile(place)
            if card in pile:
                return place, pile.index(card)
        return None

    def places(self) -> list[Place]:
        out = [DECK, DISCARD, REMOVED, BONE_SLOT]
        out += [square(n) for n in self.squares]
        out += [hand(c) for c in self.hands]
        return out

    def with_pile(self, place: Place, cards: tuple[str, ...]) -> State:
        """A copy with one pile replaced (blank squares are dropped)."""
        match place.zone:
            case Zone.DECK:
                return self.model_copy(update={"deck": cards})
            case Zone.DISCARD:
                return self.model_copy(update={"discard": cards})
            case Zone.REMOVED:
                return self.model_copy(update={"removed": cards})
            case Zone.SQUARE:
                squares = dict(self.squares)
                if cards:
                    squares[place.key or ""] = cards
                else:
                    squares.pop(place.key or "", None)
                return self.model_copy(update={"squares": squares})
            case Zone.HAND:
                hands = dict(self.hands)
                hands[place.key or ""] = cards
                return self.model_copy(update={"hands": hands})
            case Zone.BONE:
                bone = self.bone.model_copy(update={"card": cards[0] if cards else None})
                return self.model_copy(update={"bone": bone})

    def card_flags(self, card: str) -> CardFlags:
        return self.flags.get(card, CardFlags())

    def ordered_characters(self) -> list[Character]:
        """Characters in marching order (ties by id, so the order is total)."""
        return sorted(self.characters.values(), key=lambda c: (c.order, c.id))
