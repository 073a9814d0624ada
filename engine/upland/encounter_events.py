"""Events of the Upland's encounter set-up on the battle board (ENC-4, ENC-5…ENC-7).

Battle events like the board's own (:class:`engine.hexbattle.events.BattleEvent`:
they change the ``battle`` slice only) with every die inside, so a replay
never rolls.  Their ``type`` strings are the ones session files have always
stored.  The set-up's other steps emit the board's own events (zones: a map
changed; marching order: tokens placed; SR delays: the markers set).
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field

from engine.core.changes import Changes
from engine.core.events import EventBase
from engine.core.models import Frozen
from engine.dice.rng import DiceState
from engine.hexbattle.events import BattleEvent
from engine.hexbattle.hexgrid import DIRECTION_NAMES
from engine.hexbattle.model import Spot, Token
from engine.hexbattle.slot import require_battle, with_battle
from engine.i18n import render
from engine.upland.encounter_state import Appearance
from engine.upland.slice import SLICE_ID, encounter_of, with_encounter


class EncounterEvent(BattleEvent):
    """A set-up event that changes the Upland's encounter (and maybe the board)."""

    def touch(self, changes: Changes) -> None:
        super().touch(changes)
        changes.slices.add(SLICE_ID)


class DriftRolled(EncounterEvent):
    """ENC-4: one drift step with its D6 face; the dice state after it."""

    type: Literal["battle_drift_rolled"] = "battle_drift_rolled"
    token: str
    face: int
    start: Spot
    end: Spot
    dice: DiceState
    name: str = ""
    """The token's label (empty in files written before: the id is told)."""

    def apply(self, state: Any) -> Any:
        battle = require_battle(state)
        token = battle.token(self.token).model_copy(update={"at": self.end})
        state = with_battle(state, battle.with_token(token)).model_copy(update={"dice": self.dice})
        return with_encounter(state, encounter_of(state).model_copy(update={"drifted": True}))

    def describe(self, lang: str = "ja") -> str:
        direction = render(DIRECTION_NAMES[self.face], lang)
        key = (
            "Drift: {token} rolled {face} ({direction}) and stays on {spot}."
            if self.start == self.end
            else "Drift: {token} rolled {face} ({direction}) and moves to {spot}."
        )
        return render(key, lang, token=self.name or self.token, face=self.face, direction=direction, spot=str(self.end))


class NothingDrifts(EncounterEvent):
    """ENC-4: nobody's spirit pressure reaches 10 — an outcome, not a refusal."""

    type: Literal["upland_nothing_drifts"] = "upland_nothing_drifts"

    def apply(self, state: Any) -> Any:
        require_battle(state)
        return with_encounter(state, encounter_of(state).model_copy(update={"drifted": True}))

    def describe(self, lang: str = "ja") -> str:
        return render("Drift: nobody's spirit pressure reaches 10, nothing drifts (ENC-4).", lang)


class AppearanceRolled(EncounterEvent):
    """ENC-5/ENC-6/ENC-9: the sight/listen checks, the table roll and the first spotter.

    ``names``: token id → the name the log shows; ``source``: where the strength
    came from (``game``: the active spade after any reinforcement, ``override``:
    the GM's with ``reason``, ``gm``: a battle opened by hand); both empty in
    files written before they were kept."""

    type: Literal["battle_appearance_rolled"] = "battle_appearance_rolled"
    appearance: Appearance
    dice: DiceState
    names: dict[str, str] = Field(default_factory=dict)
    source: str = ""
    reason: str = ""

    def apply(self, state: Any) -> Any:
        require_battle(state)
        encounter = encounter_of(state).model_copy(update={"appearance": self.appearance})
        return with_encounter(state, encounter).model_copy(update={"dice": self.dice})

    def name(self, token: str) -> str:
        return self.names.get(token, token)

    def describe(self, lang: str = "ja") -> str:
        a = self.appearance
        told = render(
            "Encounter: 1D{sides} = {face}, {creature}; first spotter {token} (discovery {discovery}).",
            lang,
            sides=a.table_sides,
            face=a.table_die,
            creature=a.creature,
            token=self.name(a.first_spotter),
            discovery=a.best,
        )
        if not self.source:
            return told
        strength = {
            "game": render("Encounter strength {strength} (the active spade, INT-3).", lang, strength=a.strength),
            "override": render(
                "Encounter strength {strength} set by the GM: {reason}.", lang, strength=a.strength, reason=self.reason
            ),
            "gm": render("Encounter strength {strength} given by the GM.", lang, strength=a.strength),
        }.get(self.source, "")
        sep = "、" if lang == "ja" else ", "
        each = sep.join(f"{self.name(r.token)} {r.discovery}" for r in a.results)
        rolls = render("Discovery strength: {each}.", lang, each=each)
        return " ".join(part for part in (strength, rolls, told) if part)


class EnemiesPlaced(BattleEvent):
    """ENC-7/ENC-9: the direction die, the enemies it placed, and what the table's row
    says of them — the group's SIZ total and each one's share (a snake of SIZ 6 or
    less venomous), or the ghost's MP (empty in files written before they were kept)."""

    type: Literal["battle_enemies_placed"] = "battle_enemies_placed"
    face: int
    sides: int
    direction: int
    hexes: int
    tokens: tuple[Token, ...]
    dice: DiceState
    siz_total: int | None = None
    sizes: dict[str, int] = Field(default_factory=dict)
    venomous: tuple[str, ...] = ()
    mp: int | None = None

    def apply(self, state: Any) -> Any:
        battle = require_battle(state)
        for token in self.tokens:
            battle = battle.with_token(token)
        return with_battle(state, battle).model_copy(update={"dice": self.dice})

    def describe(self, lang: str = "ja") -> str:
        told = render(
            "Enemies: 1D{sides} = {face} ({direction}), {count} placed {hexes} hexes away.",
            lang,
            sides=self.sides,
            face=self.face,
            direction=render(DIRECTION_NAMES[self.direction], lang),
            count=len(self.tokens),
            hexes=self.hexes,
        )
        names = {t.id: t.label or t.id for t in self.tokens}
        extra: list[str] = []
        if self.siz_total is not None:
            each = ", ".join(f"{names.get(t, t)} {siz}" for t, siz in self.sizes.items())
            extra.append(render("SIZ total {total} ({each}) (ENC-9).", lang, total=self.siz_total, each=each))
        if self.venomous:
            venom = ", ".join(names.get(t, t) for t in self.venomous)
            extra.append(render("Venomous (a snake of SIZ 6 or less): {names}.", lang, names=venom))
        if self.mp is not None:
            extra.append(render("MP {mp} (ENC-9).", lang, mp=self.mp))
        return " ".join((told, *extra))


class SrDelaysSet(EncounterEvent):
    """ENC-8: the strike-rank delay markers (set by the set-up, or by hand)."""

    type: Literal["battle_sr_delays_set"] = "battle_sr_delays_set"
    delays: dict[str, int]
    names: dict[str, str] = Field(default_factory=dict)
    """Token id → label (empty in files written before: the ids are told)."""

    def apply(self, state: Any) -> Any:
        battle = require_battle(state)
        for token in self.delays:
            battle.token(token)
        delays = {token: sr for token, sr in self.delays.items() if sr > 0}
        return with_encounter(state, encounter_of(state).model_copy(update={"sr_delays": delays, "delays_set": True}))

    def describe(self, lang: str = "ja") -> str:
        text = ", ".join(f"{self.names.get(k, k)} +{v}SR" for k, v in self.delays.items()) or "-"
        return render("Strike-rank delays: {delays}.", lang, delays=text)


class RoundOrder(Frozen):
    """ENC-8: one token in a round's strike-rank order and the delay it starts with."""

    token: str
    name: str
    delay: int


class BattleRoundStarted(EncounterEvent):
    """ENC-8: a battle round begins; the first round's order carries the set-up's delays."""

    type: Literal["upland_battle_round_started"] = "upland_battle_round_started"
    round: int
    order: tuple[RoundOrder, ...]

    def apply(self, state: Any) -> Any:
        encounter = encounter_of(state)
        update: dict[str, object] = {"round": self.round}
        if self.round > 1:  # ENC-8: only the first action is delayed
            update["sr_delays"] = {}
        return with_encounter(state, encounter.model_copy(update=update))

    def describe(self, lang: str = "ja") -> str:
        order = ("、" if lang == "ja" else ", ").join(
            render("{name} (+{delay} SR, delayed)", lang, name=o.name, delay=o.delay) if o.delay else o.name
            for o in self.order
        )
        return render("Battle round {round}: strike-rank order {order} (ENC-8).", lang, round=self.round, order=order)


class CharacterAttacked(EncounterEvent):
    """ENC-8: 「この行動遅延の間に攻撃を受けたキャラクターは不意打ち」 — a character
    attacked at a strike rank before its delay ends is surprised."""

    type: Literal["upland_character_attacked"] = "upland_character_attacked"
    token: str
    name: str
    strike_rank: int
    delay: int
    surprised: bool
    by: str = ""

    def apply(self, state: Any) -> Any:
        encounter = encounter_of(state)
        if not self.surprised or self.token in encounter.surprised:
            return state
        return with_encounter(state, encounter.model_copy(update={"surprised": (*encounter.surprised, self.token)}))

    def describe(self, lang: str = "ja") -> str:
        by = render(" by {name}", lang, name=self.by) if self.by else ""
        if self.surprised:
            return render(
                "{name} is attacked{by} at SR {sr} while still delayed (+{delay} SR): surprised (ENC-8).",
                lang,
                name=self.name,
                by=by,
                sr=self.strike_rank,
                delay=self.delay,
            )
        return render(
            "{name} is attacked{by} at SR {sr}: not surprised (ENC-8).",
            lang,
            name=self.name,
            by=by,
            sr=self.strike_rank,
        )


ROUND_EVENTS: tuple[type[EventBase], ...] = (BattleRoundStarted, CharacterAttacked)


ENCOUNTER_EVENTS: tuple[type[EventBase], ...] = (
    DriftRolled,
    NothingDrifts,
    AppearanceRolled,
    EnemiesPlaced,
    SrDelaysSet,
    *ROUND_EVENTS,
)
