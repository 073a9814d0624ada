"""Events of the battle board: facts, with every die inside, applied without rolling.

Each ``apply`` reads and writes the battle through :mod:`engine.hexbattle.slot`;
``touch`` names the battle slice, so views repaint the battle board only.
"""

from __future__ import annotations

from typing import Any, Literal

from engine.core.changes import Changes
from engine.core.events import EventBase
from engine.hexbattle.hexgrid import DIRECTION_NAMES
from engine.hexbattle.hexmap import HexMap
from engine.hexbattle.model import BattleState, Exit, Spot, Token
from engine.hexbattle.slot import SLICE, require_battle, with_battle
from engine.i18n import render


class BattleEvent(EventBase):
    """Base of the battle events: they all change the battle slice only."""

    def touch(self, changes: Changes) -> None:
        changes.slices.add(SLICE)

    def _update(self, state: Any, **fields: object) -> Any:
        return with_battle(state, require_battle(state).model_copy(update=fields))


class BattleOpened(BattleEvent):
    type: Literal["battle_opened"] = "battle_opened"
    battle: BattleState

    def apply(self, state: Any) -> Any:
        return with_battle(state, self.battle)

    def describe(self, lang: str = "ja") -> str:
        first, second = self.battle.maps
        return render(
            "Battle maps laid out: {first} and {second}.", lang, first=first.title(lang), second=second.title(lang)
        )


class BattleClosed(BattleEvent):
    type: Literal["battle_closed"] = "battle_closed"

    def apply(self, state: Any) -> Any:
        require_battle(state)
        return with_battle(state, None)

    def describe(self, lang: str = "ja") -> str:
        return render("The battle board is cleared.", lang)


class BattleMapChanged(BattleEvent):
    type: Literal["battle_map_changed"] = "battle_map_changed"
    number: Literal[1, 2]
    map: HexMap

    def apply(self, state: Any) -> Any:
        maps = require_battle(state).maps
        new = (self.map, maps[1]) if self.number == 1 else (maps[0], self.map)
        return self._update(state, maps=new)

    def describe(self, lang: str = "ja") -> str:
        return render("Battle map {number} changed.", lang, number=self.number)


class TokenPlaced(BattleEvent):
    type: Literal["battle_token_placed"] = "battle_token_placed"
    token: Token

    def apply(self, state: Any) -> Any:
        return with_battle(state, require_battle(state).with_token(self.token))

    def describe(self, lang: str = "ja") -> str:
        where = str(self.token.at) if self.token.at else "-"
        return render("{token} placed on {spot}.", lang, token=self.token.label or self.token.id, spot=where)


class TokenMoved(BattleEvent):
    type: Literal["battle_token_moved"] = "battle_token_moved"
    token: str
    path: tuple[Spot, ...]
    cost: int
    name: str = ""
    """The token's label when it moved (empty in files written before: the id is told)."""

    def apply(self, state: Any) -> Any:
        battle = require_battle(state)
        token = battle.token(self.token)
        return with_battle(state, battle.with_token(token.model_copy(update={"at": self.path[-1]})))

    def describe(self, lang: str = "ja") -> str:
        return render(
            "{token} moved {start} → {spot} (cost {cost}).",
            lang,
            token=self.name or self.token,
            start=str(self.path[0]),
            spot=str(self.path[-1]),
            cost=self.cost,
        )


class TokenRemoved(BattleEvent):
    type: Literal["battle_token_removed"] = "battle_token_removed"
    token: str
    name: str = ""

    def apply(self, state: Any) -> Any:
        from engine.hexbattle.tokens import remove_token

        return with_battle(state, remove_token(require_battle(state), self.token))

    def describe(self, lang: str = "ja") -> str:
        return render("{token} removed from the battle board.", lang, token=self.name or self.token)


class TokenRevealed(BattleEvent):
    type: Literal["battle_token_revealed"] = "battle_token_revealed"
    token: str
    hidden: bool = False
    name: str = ""

    def apply(self, state: Any) -> Any:
        battle = require_battle(state)
        token = battle.token(self.token).model_copy(update={"hidden": self.hidden})
        return with_battle(state, battle.with_token(token))

    def describe(self, lang: str = "ja") -> str:
        key = "{token} hidden from the players." if self.hidden else "{token} revealed to the players."
        return render(key, lang, token=self.name or self.token)


class TokenEdited(BattleEvent):
    """A token's label, colour, movement or note changed; ``token`` is the token after."""

    type: Literal["battle_token_edited"] = "battle_token_edited"
    token: Token

    def apply(self, state: Any) -> Any:
        battle = require_battle(state)
        battle.token(self.token.id)
        return with_battle(state, battle.with_token(self.token))

    def describe(self, lang: str = "ja") -> str:
        return render("{token} edited.", lang, token=self.token.label or self.token.id)


class TokenTurned(BattleEvent):
    type: Literal["battle_token_turned"] = "battle_token_turned"
    token: str
    facing: int | None
    name: str = ""

    def apply(self, state: Any) -> Any:
        battle = require_battle(state)
        token = battle.token(self.token).model_copy(update={"facing": self.facing})
        return with_battle(state, battle.with_token(token))

    def describe(self, lang: str = "ja") -> str:
        facing = render(DIRECTION_NAMES[self.facing], lang) if self.facing else "-"
        return render("{token} turned to face {direction}.", lang, token=self.name or self.token, direction=facing)


class TokenLeft(BattleEvent):
    """ENC-10: a token stepped off the board."""

    type: Literal["battle_token_left"] = "battle_token_left"
    exit: Exit
    name: str = ""

    def apply(self, state: Any) -> Any:
        battle = require_battle(state)
        token = battle.token(self.exit.token).model_copy(update={"at": None})
        battle = battle.with_token(token)
        return with_battle(state, battle.model_copy(update={"exits": battle.exits + (self.exit,)}))

    def describe(self, lang: str = "ja") -> str:
        key = (
            "{token} left the board by the breakthrough zone ({side})."
            if self.exit.breakthrough
            else "{token} left the board by the {side} side, not the breakthrough zone."
        )
        return render(key, lang, token=self.name or self.exit.token, side=render(self.exit.side, lang))


BATTLE_EVENTS: tuple[type[EventBase], ...] = (
    BattleOpened,
    BattleClosed,
    BattleMapChanged,
    TokenPlaced,
    TokenMoved,
    TokenRemoved,
    TokenRevealed,
    TokenTurned,
    TokenEdited,
    TokenLeft,
)
