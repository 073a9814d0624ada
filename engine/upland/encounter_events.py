"""Events of the Upland's encounter set-up on the battle board (ENC-4, ENC-5…ENC-7).

Battle events like the board's own (:class:`engine.hexbattle.events.BattleEvent`:
they change the ``battle`` slice only) with every die inside, so a replay
never rolls.  Their ``type`` strings are the ones session files have always
stored.  The set-up's other steps emit the board's own events (zones: a map
changed; marching order: tokens placed; SR delays: the markers set).
"""

from __future__ import annotations

from typing import Any, Literal

from engine.core.events import EventBase
from engine.dice.rng import DiceState
from engine.hexbattle.events import BattleEvent
from engine.hexbattle.hexgrid import DIRECTION_NAMES
from engine.hexbattle.model import Appearance, Spot, Token
from engine.hexbattle.slot import require_battle, with_battle
from engine.i18n import render


class DriftRolled(BattleEvent):
    """ENC-4: one drift step with its D6 face; the dice state after it."""

    type: Literal["battle_drift_rolled"] = "battle_drift_rolled"
    token: str
    face: int
    start: Spot
    end: Spot
    dice: DiceState

    def apply(self, state: Any) -> Any:
        battle = require_battle(state)
        token = battle.token(self.token).model_copy(update={"at": self.end})
        return with_battle(state, battle.with_token(token)).model_copy(update={"dice": self.dice})

    def describe(self, lang: str = "ja") -> str:
        direction = render(DIRECTION_NAMES[self.face], lang)
        key = (
            "Drift: {token} rolled {face} ({direction}) and stays on {spot}."
            if self.start == self.end
            else "Drift: {token} rolled {face} ({direction}) and moves to {spot}."
        )
        return render(key, lang, token=self.token, face=self.face, direction=direction, spot=str(self.end))


class AppearanceRolled(BattleEvent):
    """ENC-5/ENC-6/ENC-9: the sight/listen checks, the table roll and the first spotter."""

    type: Literal["battle_appearance_rolled"] = "battle_appearance_rolled"
    appearance: Appearance
    dice: DiceState

    def apply(self, state: Any) -> Any:
        return self._update(state, appearance=self.appearance).model_copy(update={"dice": self.dice})

    def describe(self, lang: str = "ja") -> str:
        a = self.appearance
        return render(
            "Encounter: 1D{sides} = {face}, {creature}; first spotter {token} (discovery {discovery}).",
            lang,
            sides=a.table_sides,
            face=a.table_die,
            creature=a.creature,
            token=a.first_spotter,
            discovery=a.best,
        )


class EnemiesPlaced(BattleEvent):
    """ENC-7: the direction die and the enemies it placed."""

    type: Literal["battle_enemies_placed"] = "battle_enemies_placed"
    face: int
    sides: int
    direction: int
    hexes: int
    tokens: tuple[Token, ...]
    dice: DiceState

    def apply(self, state: Any) -> Any:
        battle = require_battle(state)
        for token in self.tokens:
            battle = battle.with_token(token)
        return with_battle(state, battle).model_copy(update={"dice": self.dice})

    def describe(self, lang: str = "ja") -> str:
        return render(
            "Enemies: 1D{sides} = {face} ({direction}), {count} placed {hexes} hexes away.",
            lang,
            sides=self.sides,
            face=self.face,
            direction=render(DIRECTION_NAMES[self.direction], lang),
            count=len(self.tokens),
            hexes=self.hexes,
        )


ENCOUNTER_EVENTS: tuple[type[EventBase], ...] = (DriftRolled, AppearanceRolled, EnemiesPlaced)
