"""Free board commands: everything a GM does by hand, each undoable and logged.

They follow no procedure — a GM may always use them — but they keep the
invariants: every card in exactly one place (MAP-6), a ruleset's secret piles
moved only by its own commands, squares on the map (MAP-1).
"""

from __future__ import annotations

from typing import Any, ClassVar, Literal

from pydantic import Field, SerializerFunctionWrapHandler, model_serializer, model_validator

from engine.core.commands import CommandBase, Context
from engine.core.state import Character, Note, RollRecord, Value
from engine.dice.rng import DiceSource
from engine.errors import EngineError
from engine.i18n import render
from engine.rulesets import registry
from engine.rulesets.registry import options_for
from engine.table.board import Grid
from engine.table.cards import parse_card
from engine.table.events import (
    CardFlipped,
    CardTapped,
    CharacterAdded,
    CharacterRemoved,
    CharacterUpdated,
    DiceRolled,
    NoteAdded,
    PileShuffled,
    SessionStarted,
    gather_setup,
)
from engine.table.piles import (
    deal_top,
    ensure_deck,
    locate,
    move_card,
    require_card_table,
    require_character,
    require_square,
    require_started,
)
from engine.table.places import DECK, DISCARD, PileKind, Place, hand, square

MAX_NAME = 40
MAX_NOTE = 4000


class NewSession(CommandBase):
    """Start a session: ruleset, seed and grid size (MAP-1); ``setup`` holds what
    the ruleset asks beyond them, checked by its ``ask``."""

    type: Literal["new_session"] = "new_session"
    #: Defaults to the first registered ruleset (the built-ins register ``upland`` first).
    ruleset: str = Field(default_factory=lambda: registry.ids()[0] if registry.ids() else "")
    seed: int = 0
    cols: int = 5
    rows: int = 5
    options: dict[str, object] = Field(default_factory=dict)
    #: Shuffle the set-up's deck with the session's seeded dice; False
    #: keeps the factory order (tests and scripts that lay out cards by hand).
    shuffle: bool = True
    setup: dict[str, object] = Field(default_factory=dict)

    @model_validator(mode="before")
    @classmethod
    def _gather_setup(cls, data: Any) -> Any:
        return gather_setup(cls, data)

    def run(self, ctx: Context) -> None:
        if ctx.state.started:
            raise EngineError("This session has already started; open a new session instead.")
        options = options_for(self.ruleset, self.options)
        grid = Grid(self.cols, self.rows).validate()
        ruleset = registry.get(self.ruleset)
        setup = ruleset.setup(options)
        record = {**setup.record, **(ruleset.ask(self.setup, grid) if ruleset.ask is not None else {})}
        ctx.emit(
            SessionStarted(
                ruleset=self.ruleset,
                options=options,
                cols=grid.cols,
                rows=grid.rows,
                seed=self.seed,
                deck=setup.deck,
                removed=setup.removed,
                setup=record,
            )
        )
        if self.shuffle and len(ctx.state.deck) > 1:
            ctx.dice = DiceSource(ctx.state.dice)  # the new session's seeded dice, not the blank state's
            order = tuple(ctx.dice.shuffled(ctx.state.deck))
            ctx.emit(PileShuffled(place=DECK, order=order, dice=ctx.dice.state))

    def label(self, lang: str = "ja") -> str:
        return render("New session", lang)


class ShuffleDeck(CommandBase):
    type: Literal["shuffle_deck"] = "shuffle_deck"

    def run(self, ctx: Context) -> None:
        require_card_table(ctx.state)
        if len(ctx.state.deck) < 2:
            raise EngineError("The deck has fewer than two cards; there is nothing to shuffle.")
        order = tuple(ctx.dice.shuffled(ctx.state.deck))
        ctx.emit(PileShuffled(place=DECK, order=order, dice=ctx.dice.state))

    def label(self, lang: str = "ja") -> str:
        return render("Shuffle the deck", lang)


class ShuffleStack(CommandBase):
    type: Literal["shuffle_stack"] = "shuffle_stack"
    square: str

    def run(self, ctx: Context) -> None:
        require_card_table(ctx.state)
        name = require_square(ctx.state, self.square)
        stack = ctx.state.squares.get(name, ())
        if len(stack) < 2:
            raise EngineError("{square} has fewer than two cards; there is nothing to shuffle.", square=name)
        order = tuple(ctx.dice.shuffled(stack))
        ctx.emit(PileShuffled(place=square(name), order=order, dice=ctx.dice.state))

    def label(self, lang: str = "ja") -> str:
        return render("Shuffle the stack on {square}", lang, square=self.square.upper())


class DealCard(CommandBase):
    """The deck's top card onto a square, face down unless said otherwise."""

    type: Literal["deal_card"] = "deal_card"
    square: str
    face_up: bool = False

    def run(self, ctx: Context) -> None:
        require_card_table(ctx.state)
        name = require_square(ctx.state, self.square)
        deal_top(ctx, square(name), self.face_up)

    def label(self, lang: str = "ja") -> str:
        return render("Deal a card to {square}", lang, square=self.square.upper())


class MoveCard(CommandBase):
    """Move any card anywhere: deck top/bottom, discard, a square's stack at any
    position, a hand, removed.  ``index`` 0 is the top, -1 the bottom."""

    type: Literal["move_card"] = "move_card"
    card: str
    to: Place
    index: int | None = None
    face_up: bool | None = None

    def run(self, ctx: Context) -> None:
        require_card_table(ctx.state)
        move_card(ctx, self.card, self.to, self.index, self.face_up)

    def label(self, lang: str = "ja") -> str:
        return render("Move {card}", lang, card=_card_name(self.card, lang))


class MoveStack(CommandBase):
    """Move a square's whole stack (Shift-drag) as one undo step; the cards keep
    their order and land on top of the destination pile."""

    type: Literal["move_stack"] = "move_stack"
    square: str
    to: Place

    def run(self, ctx: Context) -> None:
        require_card_table(ctx.state)
        name = require_square(ctx.state, self.square)
        stack = ctx.state.squares.get(name, ())
        if not stack:
            raise EngineError("{square} has no cards to move.", square=name)
        if self.to.zone is PileKind.SQUARE and require_square(ctx.state, self.to.key or "") == name:
            raise EngineError("The stack is already on {square}.", square=name)
        for card in reversed(stack):  # bottom first, so the top stays on top
            move_card(ctx, card, self.to, 0)

    def label(self, lang: str = "ja") -> str:
        return render("Move the stack on {square}", lang, square=self.square.upper())


class FlipCard(CommandBase):
    """Turn a card on a square (or the deck's top card) over, or to a given side."""

    type: Literal["flip_card"] = "flip_card"
    card: str
    face_up: bool | None = None

    def run(self, ctx: Context) -> None:
        require_card_table(ctx.state)
        code, place, index = locate(ctx.state, self.card)
        if not (place.zone is PileKind.SQUARE or (place.zone is PileKind.DECK and index == 0)):
            raise EngineError("Only cards on a square or the deck's top card can be turned over.")
        current = ctx.state.card_flags(code).face_up
        target = (not current) if self.face_up is None else self.face_up
        if target == current:
            key = "{card} is already face up." if current else "{card} is already face down."
            raise EngineError(key, card=parse_card(code).display("en"))
        ctx.emit(CardFlipped(card=code, face_up=target, square=place.key))

    def label(self, lang: str = "ja") -> str:
        return render("Flip {card}", lang, card=_card_name(self.card, lang))


class TapCard(CommandBase):
    """MAP-4: tap (turn sideways) or untap a card on a square."""

    type: Literal["tap_card"] = "tap_card"
    card: str
    tapped: bool | None = None

    def run(self, ctx: Context) -> None:
        require_card_table(ctx.state)
        code, place, _ = locate(ctx.state, self.card)
        if place.zone is not PileKind.SQUARE or place.key is None:
            raise EngineError("Only cards on a square can be tapped.")
        current = ctx.state.card_flags(code).tapped
        target = (not current) if self.tapped is None else self.tapped
        if target == current:
            key = "{card} is already tapped." if current else "{card} is already untapped."
            raise EngineError(key, card=parse_card(code).display("en"))
        ctx.emit(CardTapped(card=code, tapped=target, square=place.key))

    def label(self, lang: str = "ja") -> str:
        return render("Tap {card}", lang, card=_card_name(self.card, lang))


class DrawCards(CommandBase):
    type: Literal["draw_cards"] = "draw_cards"
    character: str
    count: int = 1

    def run(self, ctx: Context) -> None:
        require_card_table(ctx.state)
        require_character(ctx.state, self.character)
        if not 1 <= self.count <= 54:
            raise EngineError("Draw between 1 and 54 cards (got {count}).", count=self.count)
        ensure_deck(ctx, self.count)
        for _ in range(self.count):
            deal_top(ctx, hand(self.character))

    def label(self, lang: str = "ja") -> str:
        return render("Draw {count} card(s)", lang, count=self.count)


class GiveCard(CommandBase):
    """END-2: a card from one hand to another."""

    type: Literal["give_card"] = "give_card"
    card: str
    to_character: str

    def run(self, ctx: Context) -> None:
        require_card_table(ctx.state)
        code, place, _ = locate(ctx.state, self.card)
        if place.zone is not PileKind.HAND:
            raise EngineError("{card} is not in anyone's hand.", card=parse_card(code).display("en"))
        require_character(ctx.state, self.to_character)
        if place.key == self.to_character:
            raise EngineError("{card} is already in that hand.", card=parse_card(code).display("en"))
        move_card(ctx, code, hand(self.to_character))

    def label(self, lang: str = "ja") -> str:
        return render("Give {card}", lang, card=_card_name(self.card, lang))


class RecycleDiscard(CommandBase):
    """Shuffle the discard into the deck (below the cards still in it)."""

    type: Literal["recycle_discard"] = "recycle_discard"

    def run(self, ctx: Context) -> None:
        require_card_table(ctx.state)
        if not ctx.state.discard:
            raise EngineError("The discard is empty.")
        ensure_deck(ctx, len(ctx.state.deck) + len(ctx.state.discard))

    def label(self, lang: str = "ja") -> str:
        return render("Shuffle the discard into the deck", lang)


def _check_name(name: str) -> str:
    clean = name.strip()
    if not clean:
        raise EngineError("A character needs a name.")
    if len(clean) > MAX_NAME:
        raise EngineError("A name may have at most {max} characters.", max=MAX_NAME)
    return clean


def _check_color(color: str) -> str:
    text = color.strip()
    if len(text) != 7 or not text.startswith("#") or any(c not in "0123456789abcdefABCDEF" for c in text[1:]):
        raise EngineError("Colours are written #rrggbb (got '{color}').", color=color)
    return text.lower()


class AddCharacter(CommandBase):
    """A character joins; an NPC (``npc``) starts hidden from the players until shown."""

    type: Literal["add_character"] = "add_character"
    name: str
    order: int | None = None
    color: str = "#3a7bd5"
    values: dict[str, Value] = Field(default_factory=dict)
    npc: bool = False

    @model_serializer(mode="wrap")
    def _without_default_npc(self, handler: SerializerFunctionWrapHandler) -> Any:
        """A player character's command is stored as before NPCs existed (journals unchanged)."""
        data = handler(self)
        if isinstance(data, dict) and data.get("npc") is False:
            del data["npc"]
        return data

    def run(self, ctx: Context) -> None:
        require_started(ctx.state)
        state = ctx.state
        if len(state.characters) >= 12:
            raise EngineError("A table has at most 12 characters.")
        order = self.order if self.order is not None else len(state.characters) + 1
        if order < 1:
            raise EngineError("The marching order starts at 1 (got {order}).", order=order)
        character = Character(
            id=f"c{state.next_character}",
            name=_check_name(self.name),
            order=order,
            color=_check_color(self.color),
            values=dict(self.values),
            npc=self.npc,
            shown=not self.npc,
        )
        ctx.emit(CharacterAdded(character=character))

    def label(self, lang: str = "ja") -> str:
        return render("Add {name}", lang, name=self.name)


class EditCharacter(CommandBase):
    """Change a character's name, marching order, colour, values or whether it is an NPC.

    Making a character an NPC hides it from the players, as a new NPC is
    (they meet it when the GM shows it); making it a player character again
    shows it, since a player sits behind it."""

    type: Literal["edit_character"] = "edit_character"
    character: str
    name: str | None = None
    order: int | None = None
    color: str | None = None
    values: dict[str, Value] | None = None
    npc: bool | None = None

    @model_serializer(mode="wrap")
    def _without_unset_npc(self, handler: SerializerFunctionWrapHandler) -> Any:
        """An edit that leaves the NPC flag alone is stored as before the flag existed."""
        data = handler(self)
        if isinstance(data, dict) and data.get("npc") is None:
            data.pop("npc", None)
        return data

    def run(self, ctx: Context) -> None:
        require_started(ctx.state)
        before = require_character(ctx.state, self.character)
        update: dict[str, object] = {}
        if self.name is not None:
            update["name"] = _check_name(self.name)
        if self.order is not None:
            if self.order < 1:
                raise EngineError("The marching order starts at 1 (got {order}).", order=self.order)
            update["order"] = self.order
        if self.color is not None:
            update["color"] = _check_color(self.color)
        if self.values is not None:
            update["values"] = dict(self.values)
        if self.npc is not None and self.npc != before.npc:
            update["npc"] = self.npc
            update["shown"] = not self.npc
        after = before.model_copy(update=update)
        if after == before:
            raise EngineError("Nothing to change for {name}.", name=before.name)
        ctx.emit(CharacterUpdated(before=before, after=after))

    def label(self, lang: str = "ja") -> str:
        return render("Edit a character", lang)


class RemoveCharacter(CommandBase):
    """A character leaves; its hand goes to the discard so no card is lost."""

    type: Literal["remove_character"] = "remove_character"
    character: str

    def run(self, ctx: Context) -> None:
        require_started(ctx.state)
        who = require_character(ctx.state, self.character)
        for card in ctx.state.hands.get(who.id, ()):
            move_card(ctx, card, DISCARD)
        ctx.emit(CharacterRemoved(character=who))

    def label(self, lang: str = "ja") -> str:
        return render("Remove a character", lang)


class Roll(CommandBase):
    """The dice box (DICE-8): a dice-bot command, public or secret (``S`` prefix
    or ``secret``), optionally with the physical dice the GM typed (DICE-2)."""

    type: Literal["roll"] = "roll"
    final: ClassVar[bool] = True  # a roll the table saw is never undone
    command: str
    secret: bool = False
    dice: list[int] | None = None
    by: str | None = None
    reason: str | None = None

    def run(self, ctx: Context) -> None:
        require_started(ctx.state)
        if self.dice is not None:
            ctx.dice = DiceSource(ctx.dice.state, self.dice)
        text = self.command.strip()
        if self.secret and not text[:1].upper() == "S":
            text = "S" + text
        roll = registry.get(ctx.state.ruleset).roll
        if roll is None:
            raise EngineError("The ruleset '{ruleset}' has no dice bot.", ruleset=ctx.state.ruleset)
        result = roll(text, ctx.state.ruleset, ctx.state.options, ctx.dice)
        record = RollRecord(seq=ctx.state.seq + 1, by=self.by, reason=self.reason, result=result)
        ctx.emit(DiceRolled(record=record, dice=ctx.dice.state))

    def label(self, lang: str = "ja") -> str:
        return render("Roll {command}", lang, command=self.command)


class AddNote(CommandBase):
    """A GM note: kept in the session, never shown to players."""

    type: Literal["add_note"] = "add_note"
    text: str

    def run(self, ctx: Context) -> None:
        require_started(ctx.state)
        text = self.text.strip()
        if not text:
            raise EngineError("A note needs some text.")
        if len(text) > MAX_NOTE:
            raise EngineError("A note may have at most {max} characters.", max=MAX_NOTE)
        ctx.emit(NoteAdded(note=Note(id=len(ctx.state.notes) + 1, text=text)))

    def label(self, lang: str = "ja") -> str:
        return render("GM note", lang)


def _card_name(card: str, lang: str) -> str:
    try:
        return parse_card(card).display(lang)
    except EngineError:
        return card


BOARD_COMMANDS = (
    NewSession,
    ShuffleDeck,
    ShuffleStack,
    DealCard,
    MoveCard,
    MoveStack,
    FlipCard,
    TapCard,
    DrawCards,
    GiveCard,
    RecycleDiscard,
    AddCharacter,
    EditCharacter,
    RemoveCharacter,
    Roll,
    AddNote,
)

__all__ = [cls.__name__ for cls in BOARD_COMMANDS] + ["BOARD_COMMANDS", "Place", "DECK", "DISCARD"]
