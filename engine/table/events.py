"""Events of the free board: cards, piles, characters, dice, notes."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, model_validator

from engine.core.changes import Area, Changes
from engine.core.events import EventBase
from engine.core.state import AnyOptions, Character, Note, RollRecord, State
from engine.dice.rng import DiceState
from engine.i18n import render
from engine.rulesets import registry
from engine.table.card_table import CardTable
from engine.table.cards import parse_card
from engine.table.places import CardFlags, PileKind, Place


def place_text(place: Place, state_names: dict[str, str] | None, lang: str) -> str:
    """A pile in words: 山札 / deck, B3, Airin's hand…"""
    names = state_names or {}
    match place.zone:
        case PileKind.SQUARE:
            return place.key or "?"
        case PileKind.HAND:
            who = names.get(place.key or "", place.key or "?")
            return render("{name}'s hand", lang, name=who)
        case PileKind.DECK:
            return render("the deck", lang)
        case PileKind.DISCARD:
            return render("the discard", lang)
        case PileKind.REMOVED:
            return render("removed cards", lang)
        case PileKind.SECRET:
            return render("a secret card", lang)


def _touch_place(changes: Changes, place: Place) -> None:
    if place.zone is PileKind.SQUARE and place.key:
        changes.areas.add(Area.SQUARES)
        changes.squares.add(place.key)
    elif place.zone is PileKind.HAND and place.key:
        changes.areas.add(Area.HANDS)
        changes.characters.add(place.key)
    elif place.zone is PileKind.SECRET and place.key:
        changes.slices.add(place.key)
    else:
        changes.areas.add(Area.PILES)


#: The first event's line; a ruleset with set-up values of its own says them in its ``start_text``.
NEW_SESSION_TEXT = "New session: ruleset {ruleset}, {cols}×{rows} map."


class SessionStarted(EventBase):
    """A new session: the whole initial state is fixed by these fields.

    ``setup``: the ruleset's own set-up values (``TableSetup.record`` and what
    New Session asked beyond the map), laid out by the ruleset's ``start``.
    Events stored before it kept those values as fields of their own; they are
    read into ``setup``."""

    type: Literal["session_started"] = "session_started"
    ruleset: str
    options: AnyOptions
    cols: int
    rows: int
    seed: int
    deck: tuple[str, ...]
    removed: tuple[str, ...]
    setup: dict[str, Any] = {}

    @model_validator(mode="before")
    @classmethod
    def _gather_setup(cls, data: Any) -> Any:
        return gather_setup(cls, data)

    def apply(self, state: State) -> State:
        ruleset = registry.find(self.ruleset)
        plays_cards = ruleset is None or ruleset.card_table
        started = State(
            started=True,
            ruleset=self.ruleset,
            options=self.options,
            dice=DiceState(seed=self.seed),
            table=CardTable(cols=self.cols, rows=self.rows, deck=self.deck, removed=self.removed)
            if plays_cards
            else None,
            seq=state.seq,
        )
        if ruleset is not None and ruleset.start is not None:
            started = ruleset.start(started, self.setup)
        return started

    def touch(self, changes: Changes) -> None:
        changes.areas.add(Area.SESSION)

    def describe(self, lang: str = "ja") -> str:
        ruleset = registry.find(self.ruleset)
        text = ruleset.start_text if ruleset is not None and ruleset.start_text else NEW_SESSION_TEXT
        return render(text, lang, **{**self.setup, "ruleset": self.ruleset, "cols": self.cols, "rows": self.rows})


def gather_setup(model: type[BaseModel], data: Any) -> Any:
    """Keys a model does not know (a ruleset's set-up values, stored as fields of
    their own before ``setup`` existed) are read into its ``setup``."""
    if not isinstance(data, dict):
        return data
    known = set(model.model_fields)
    extra = {key: value for key, value in data.items() if key not in known}
    if not extra:
        return data
    kept = {key: value for key, value in data.items() if key in known}
    kept["setup"] = {**extra, **dict(kept.get("setup") or {})}
    return kept


class CardMoved(EventBase):
    """A card left one pile and entered another (or another position)."""

    type: Literal["card_moved"] = "card_moved"
    card: str
    src: Place
    src_index: int
    dst: Place
    dst_index: int
    face_up: bool
    tapped: bool = False
    names: dict[str, str] = {}

    def apply(self, state: State) -> State:
        if state.table is not None and PileKind.SECRET not in (self.src.zone, self.dst.zone):
            landed = CardFlags(face_up=self.face_up, tapped=self.tapped)
            table = state.table.moved(self.card, self.src, self.src_index, self.dst, self.dst_index, landed)
            return state.model_copy(update={"table": table})
        src_pile = list(state.pile(self.src))
        src_pile.pop(self.src_index)
        state = state.with_pile(self.src, tuple(src_pile))
        dst_pile = list(state.pile(self.dst))
        dst_pile.insert(self.dst_index, self.card)
        state = state.with_pile(self.dst, tuple(dst_pile))
        flags = dict(state.flags)
        flags[self.card] = CardFlags(face_up=self.face_up, tapped=self.tapped)
        return state.model_copy(update={"flags": flags})

    def touch(self, changes: Changes) -> None:
        changes.areas.add(Area.CARDS)
        changes.cards.add(self.card)
        _touch_place(changes, self.src)
        _touch_place(changes, self.dst)

    def describe(self, lang: str = "ja") -> str:
        card = parse_card(self.card).display(lang)
        face = render("face up", lang) if self.face_up else render("face down", lang)
        return render(
            "{card} moved from {src} to {dst} ({face}).",
            lang,
            card=card,
            src=place_text(self.src, self.names, lang),
            dst=place_text(self.dst, self.names, lang),
            face=face,
        )


class CardFlipped(EventBase):
    type: Literal["card_flipped"] = "card_flipped"
    card: str
    face_up: bool
    square: str | None = None

    def apply(self, state: State) -> State:
        flags = dict(state.flags)
        flags[self.card] = state.card_flags(self.card).model_copy(update={"face_up": self.face_up})
        return state.model_copy(update={"flags": flags})

    def touch(self, changes: Changes) -> None:
        changes.areas.add(Area.CARDS)
        changes.cards.add(self.card)
        if self.square:
            changes.areas.add(Area.SQUARES)
            changes.squares.add(self.square)
        else:
            changes.areas.add(Area.PILES)

    def describe(self, lang: str = "ja") -> str:
        card = parse_card(self.card).display(lang)
        src = "{card} turned face up." if self.face_up else "{card} turned face down."
        return render(src, lang, card=card)


class CardTapped(EventBase):
    type: Literal["card_tapped"] = "card_tapped"
    card: str
    tapped: bool
    square: str

    def apply(self, state: State) -> State:
        flags = dict(state.flags)
        flags[self.card] = state.card_flags(self.card).model_copy(update={"tapped": self.tapped})
        return state.model_copy(update={"flags": flags})

    def touch(self, changes: Changes) -> None:
        changes.areas |= {Area.CARDS, Area.SQUARES}
        changes.cards.add(self.card)
        changes.squares.add(self.square)

    def describe(self, lang: str = "ja") -> str:
        card = parse_card(self.card).display(lang)
        src = "{card} tapped." if self.tapped else "{card} untapped."
        return render(src, lang, card=card)


class PileShuffled(EventBase):
    """A pile got a new order; the dice used are recorded with it."""

    type: Literal["pile_shuffled"] = "pile_shuffled"
    place: Place
    order: tuple[str, ...]
    dice: DiceState

    def apply(self, state: State) -> State:
        flags = dict(state.flags)
        if self.place.zone is not PileKind.SQUARE:
            for card in self.order:
                flags[card] = CardFlags()
        state = state.with_pile(self.place, self.order)
        return state.model_copy(update={"dice": self.dice, "flags": flags})

    def touch(self, changes: Changes) -> None:
        changes.areas |= {Area.CARDS, Area.DICE}
        changes.cards.update(self.order)
        _touch_place(changes, self.place)

    def describe(self, lang: str = "ja") -> str:
        if self.place.zone is PileKind.SQUARE:
            return render(
                "The stack on {square} was shuffled ({count} cards).",
                lang,
                square=self.place.key,
                count=len(self.order),
            )
        return render("The deck was shuffled ({count} cards).", lang, count=len(self.order))


class DiscardRecycled(EventBase):
    """MAP-6: the discard, shuffled, became the deck (below any cards left)."""

    type: Literal["discard_recycled"] = "discard_recycled"
    order: tuple[str, ...]
    dice: DiceState

    def apply(self, state: State) -> State:
        flags = dict(state.flags)
        for card in self.order:
            flags[card] = CardFlags()
        return state.model_copy(
            update={"deck": state.deck + self.order, "discard": (), "dice": self.dice, "flags": flags}
        )

    def touch(self, changes: Changes) -> None:
        changes.areas |= {Area.CARDS, Area.PILES, Area.DICE}
        changes.cards.update(self.order)

    def describe(self, lang: str = "ja") -> str:
        return render("The discard ({count} cards) was shuffled into the deck.", lang, count=len(self.order))


class CharacterAdded(EventBase):
    type: Literal["character_added"] = "character_added"
    character: Character

    def apply(self, state: State) -> State:
        characters = dict(state.characters)
        characters[self.character.id] = self.character
        update: dict[str, object] = {"characters": characters, "next_character": state.next_character + 1}
        if state.card_table:  # a hand only where there are cards to hold
            update["hands"] = {**state.hands, self.character.id: state.hands.get(self.character.id, ())}
        return state.model_copy(update=update)

    def touch(self, changes: Changes) -> None:
        changes.areas |= {Area.CHARACTERS, Area.HANDS}
        changes.characters.add(self.character.id)

    def describe(self, lang: str = "ja") -> str:
        return render("{name} joined the table.", lang, name=self.character.name)


class CharacterUpdated(EventBase):
    type: Literal["character_updated"] = "character_updated"
    before: Character
    after: Character

    def apply(self, state: State) -> State:
        characters = dict(state.characters)
        characters[self.after.id] = self.after
        return state.model_copy(update={"characters": characters})

    def touch(self, changes: Changes) -> None:
        changes.areas.add(Area.CHARACTERS)
        changes.characters.add(self.after.id)

    def describe(self, lang: str = "ja") -> str:
        return render("{name}'s sheet was edited.", lang, name=self.after.name)


class CharacterRemoved(EventBase):
    """A character left; its hand went to the discard in CardMoved events first."""

    type: Literal["character_removed"] = "character_removed"
    character: Character

    def apply(self, state: State) -> State:
        characters = dict(state.characters)
        characters.pop(self.character.id, None)
        slices = {key: part.without_character(self.character.id) for key, part in state.slices.items()}
        update: dict[str, object] = {"characters": characters, "slices": slices}
        if state.card_table:
            update["hands"] = {key: cards for key, cards in state.hands.items() if key != self.character.id}
        return state.model_copy(update=update)

    def touch(self, changes: Changes) -> None:
        changes.areas |= {Area.CHARACTERS, Area.HANDS}
        changes.characters.add(self.character.id)

    def describe(self, lang: str = "ja") -> str:
        return render("{name} left the table.", lang, name=self.character.name)


class DiceRolled(EventBase):
    """A dice-box roll with its result; the generator state after it (DICE-2).

    The roll lives in the journal and the session's roll log, not in
    :class:`State`.  A dice-box roll is final and never applied to the
    session's state; replaying a roll of an older file moves its dice on."""

    type: Literal["dice_rolled"] = "dice_rolled"
    record: RollRecord
    dice: DiceState

    def apply(self, state: State) -> State:
        return state.model_copy(update={"dice": self.dice})

    def touch(self, changes: Changes) -> None:
        changes.areas |= {Area.DICE, Area.LOG}

    def describe(self, lang: str = "ja") -> str:
        line = self.record.result.render(lang)
        if self.record.result.secret:
            return render("(secret) {line}", lang, line=line)
        return line


class NoteAdded(EventBase):
    type: Literal["note_added"] = "note_added"
    note: Note

    def apply(self, state: State) -> State:
        return state.model_copy(update={"notes": state.notes + (self.note,)})

    def touch(self, changes: Changes) -> None:
        changes.areas.add(Area.NOTES)

    def describe(self, lang: str = "ja") -> str:
        return render("GM note: {text}", lang, text=self.note.text)


BOARD_EVENTS: tuple[type[EventBase], ...] = (
    SessionStarted,
    CardMoved,
    CardFlipped,
    CardTapped,
    PileShuffled,
    DiscardRecycled,
    CharacterAdded,
    CharacterUpdated,
    CharacterRemoved,
    DiceRolled,
    NoteAdded,
)
