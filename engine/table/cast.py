"""Who the players have met: showing a character to the players, or hiding it again.

A non-player character the GM adds (a cultist who joins the players, a keeper's
NPC) starts hidden (``Character.shown`` False): no players' view holds it —
not its name, its hand, its pieces on the boards, its rolls or its place in
a round order (:mod:`engine.core.seats`).  The GM shows it when the players meet
it.  Showing and hiding is a free command, logged and undoable like any other;
it works on any character, so the GM can also keep a late player's character off
the projector until they sit down.
"""

from __future__ import annotations

from typing import Literal

from engine.core.changes import Area, Changes
from engine.core.commands import CommandBase, Context
from engine.core.events import EventBase
from engine.core.state import State
from engine.errors import EngineError
from engine.i18n import render
from engine.table.piles import require_character, require_started


class ShowCharacter(CommandBase):
    """Show a character to the players (``shown`` True) or hide it from them."""

    type: Literal["show_character"] = "show_character"
    character: str
    shown: bool = True

    def run(self, ctx: Context) -> None:
        require_started(ctx.state)
        who = require_character(ctx.state, self.character)
        if who.shown == self.shown:
            key = "The players already see {name}." if self.shown else "{name} is already hidden from the players."
            raise EngineError(key, name=who.name)
        ctx.emit(CharacterShown(character=who.id, name=who.name, shown=self.shown))

    def label(self, lang: str = "ja") -> str:
        if self.shown:
            return render("Show a character to the players", lang)
        return render("Hide a character from the players", lang)


class CharacterShown(EventBase):
    type: Literal["character_shown"] = "character_shown"
    character: str
    name: str
    shown: bool

    def apply(self, state: State) -> State:
        who = state.characters[self.character]
        characters = {**state.characters, self.character: who.model_copy(update={"shown": self.shown})}
        return state.model_copy(update={"characters": characters})

    def touch(self, changes: Changes) -> None:
        # The players' views gain or lose the character's hand and its pieces.
        changes.areas |= {Area.CHARACTERS, Area.HANDS}
        changes.characters.add(self.character)

    def describe(self, lang: str = "ja") -> str:
        if self.shown:
            return render("{name} was shown to the players.", lang, name=self.name)
        return render("{name} was hidden from the players.", lang, name=self.name)


CAST_COMMANDS: tuple[type[CommandBase], ...] = (ShowCharacter,)
CAST_EVENTS: tuple[type[EventBase], ...] = (CharacterShown,)

__all__ = ["CAST_COMMANDS", "CAST_EVENTS", "CharacterShown", "ShowCharacter"]
