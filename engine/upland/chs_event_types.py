"""Events of the ♣ ♥ ♠ suit events run by the stepper: obstacle
checks (OBS), hand cards played as effects (OBS-4, ENC-11), the end of an
encounter (ENC-10) and applied interactions (INT)."""

from __future__ import annotations

from typing import Literal

from engine.core.changes import Changes
from engine.core.events import EventBase
from engine.core.state import State
from engine.i18n import render
from engine.upland.event_support import rule_suffix, touch_cycle, with_cycle
from engine.upland.facts import cycle_of
from engine.upland.procedure import Lodging
from engine.upland.texts import card_text


class ObstacleChecked(EventBase):
    """OBS-5: the summed success degrees against the requirement."""

    type: Literal["upland_obstacle_checked"] = "upland_obstacle_checked"
    card: str
    square: str
    obstacle_ja: str
    obstacle_en: str
    degrees: dict[str, int] = {}
    total: int
    need: int
    passed: bool
    #: OBS-6 trap: the D6 row of the trap that sprang (ja, en), if it did.
    sprung_ja: str | None = None
    sprung_en: str | None = None
    #: OBS-6 old boat (double the requirement) / magic labyrinth (a fumble): where the party is carried.
    carried_to: str | None = None
    carried_by: Literal["boat", "labyrinth"] | None = None

    def apply(self, state: State) -> State:
        if self.carried_to is None:
            return state
        # OBS-1: the square left is the way back; a defence or a stay ends with the move (INT-3)
        return with_cycle(state, came_from=self.square, defence=None, lodging=None)

    def touch(self, changes: Changes) -> None:
        touch_cycle(changes)

    def describe(self, lang: str = "ja") -> str:
        source = (
            "Obstacle {name} ({card}): success degrees {total} of {need} — overcome, the card is tapped (OBS-1)."
            if self.passed
            else "Obstacle {name} ({card}): success degrees {total} of {need} — not overcome; "
            "the next move can only go back (OBS-1)."
        )
        name = self.obstacle_ja if lang == "ja" else self.obstacle_en
        line = render(source, lang, name=name, card=card_text(self.card, lang), total=self.total, need=self.need)
        if self.sprung_ja is not None:
            trap = self.sprung_ja if lang == "ja" else (self.sprung_en or self.sprung_ja)
            line += render(" The trap springs: {trap} (the GM adjudicates it, OBS-6).", lang, trap=trap)
        if self.carried_to is not None:
            line += (
                render(
                    " Twice the requirement: the boat carries the party on to {square} (OBS-6).",
                    lang,
                    square=self.carried_to,
                )
                if self.carried_by == "boat"
                else render(
                    " A fumble in the labyrinth: the party finds itself on {square} (OBS-6).",
                    lang,
                    square=self.carried_to,
                )
            )
        return line


class HandEffectPlayed(EventBase):
    """OBS-4 / ENC-11: hand cards played for their suit's effect on the due event."""

    type: Literal["upland_hand_effect"] = "upland_hand_effect"
    on: str
    cards: dict[str, tuple[str, ...]]
    names: dict[str, str] = {}
    effect: Literal["overcome_obstacle", "leave_encounter"]
    rule: str

    def apply(self, state: State) -> State:
        return state

    def touch(self, changes: Changes) -> None:
        touch_cycle(changes)

    def describe(self, lang: str = "ja") -> str:
        played = ", ".join(
            f"{self.names.get(c, c)}: {' '.join(card_text(x, lang) for x in cards)}" for c, cards in self.cards.items()
        )
        source = (
            "Hand cards played on {card} to overcome it ({played}){rule}."
            if self.effect == "overcome_obstacle"
            else "Hand cards played to get away from the encounter {card} ({played}){rule}."
        )
        return render(source, lang, card=card_text(self.on, lang), played=played, rule=rule_suffix(self.rule, lang))


class EncounterEnded(EventBase):
    """ENC-10: the GM's fight is over — the enemy defeated, or the party left the maps."""

    type: Literal["upland_encounter_ended"] = "upland_encounter_ended"
    card: str
    square: str
    outcome: Literal["defeated", "escaped"]
    side: str | None = None
    to: str | None = None
    #: ENC-10: someone left outside the breakthrough zone (files before it: always)
    unscouted: bool = True

    def apply(self, state: State) -> State:
        from engine.upland.encounter_state import EncounterState
        from engine.upland.slice import with_encounter

        state = with_encounter(state, EncounterState())  # the encounter's set-up is over with it
        if self.outcome == "defeated":
            return state
        return with_cycle(
            state,
            escape_to=self.to,
            escape_unscouted=self.unscouted,
            events_done=(*cycle_of(state).events_done, self.card),
        )

    def touch(self, changes: Changes) -> None:
        touch_cycle(changes)

    def describe(self, lang: str = "ja") -> str:
        if self.outcome == "defeated":
            return render("The enemy of {card} is defeated (ENC-10).", lang, card=card_text(self.card, lang))
        if not self.unscouted:
            return render(
                "The party left the battle maps through the breakthrough zone ({side}): not an escape; the event "
                "phase ends, and the next cycle moves to {square} as a plain move (ENC-10).",
                lang,
                side=render(self.side, lang) if self.side else "",
                square=self.to or "",
            )
        return render(
            "The party left the battle maps by the {side} side: the event phase ends, and the next cycle "
            "moves to {square} (ENC-10).",
            lang,
            side=render(self.side, lang) if self.side else "",
            square=self.to or "",
        )


def effect_text(kind: str, lang: str = "ja") -> str:
    """INT-3: an interaction effect's name in the log's language (the effect
    kinds of ``interactions.toml``, plus the outcomes ``combat``, ``cancelled``
    and ``none``)."""
    match kind:
        case "scout":
            return render("interaction effect: scout", lang)
        case "move":
            return render("interaction effect: move", lang)
        case "reinforcement":
            return render("interaction effect: reinforcement", lang)
        case "defence":
            return render("interaction effect: defence", lang)
        case "lodging":
            return render("interaction effect: lodging", lang)
        case "trade":
            return render("interaction effect: trade", lang)
        case "hostile":
            return render("interaction effect: hostile", lang)
        case "combat":
            return render("interaction effect: combat", lang)
        case "cancelled":
            return render("interaction effect: cancelled", lang)
        case "none":
            return render("interaction effect: nobody appears", lang)
        case _:
            return kind


class InteractionApplied(EventBase):
    """INT-1/INT-5: the effect of the interaction row the party took."""

    type: Literal["upland_interaction_applied"] = "upland_interaction_applied"
    card: str
    square: str
    counterpart_ja: str
    counterpart_en: str
    count: int | None = None
    effect: str
    note: str = ""
    #: INT-2: the party beat this group in combat (its number is remembered).
    beaten: int | None = None
    #: OBS-1: after a move(n), the last square passed — the only way back past an
    #: obstacle standing on the destination.
    came_from: str | None = None
    #: INT-3: a reinforcement laid on (square, value).
    reinforcement: tuple[str, int] | None = None
    #: INT-3: a defence held on (square, highest encounter strength ignored).
    defence: tuple[str, int] | None = None
    #: INT-3: the stay in a hidden village that begins.
    lodging: Lodging | None = None

    def apply(self, state: State) -> State:
        if self.came_from is not None:
            state = with_cycle(state, came_from=self.came_from, defence=None)
        if self.reinforcement is not None:
            square, value = self.reinforcement
            state = with_cycle(state, reinforcements={**cycle_of(state).reinforcements, square: value})
        if self.defence is not None:
            state = with_cycle(state, defence=self.defence)
        if self.lodging is not None:
            state = with_cycle(state, lodging=self.lodging)
        if self.beaten is None:
            return state
        beaten = cycle_of(state).beaten_interactions
        return with_cycle(state, beaten_interactions=tuple(sorted({*beaten, self.beaten})))

    def touch(self, changes: Changes) -> None:
        touch_cycle(changes)

    def describe(self, lang: str = "ja") -> str:
        who = self.counterpart_ja if lang == "ja" else self.counterpart_en
        return render(
            "Interaction {card}: {who} ({count}) — {effect}{note} (INT-1).",
            lang,
            card=card_text(self.card, lang),
            who=who,
            count="?" if self.count is None else self.count,
            effect=effect_text(self.effect, lang),
            note=f": {self.note}" if self.note else "",
        ) + self._held(lang)

    def _held(self, lang: str) -> str:
        """INT-3: what the reinforcement or defence will do, in the log's words."""
        if self.reinforcement is not None:
            return render(
                " Reinforcement on {square} (value {value}): the first encounter there is weakened.",
                lang,
                square=self.reinforcement[0],
                value=self.reinforcement[1],
            )
        if self.defence is not None:
            return render(
                " Defence on {square}: encounters of strength up to {level} are ignored while the party stays.",
                lang,
                square=self.defence[0],
                level=self.defence[1],
            )
        if self.lodging is not None:
            return render(
                " The party stays {hours} hours on {square} without events; the villagers turn at hour {hour}.",
                lang,
                hours=self.lodging.hours,
                square=self.lodging.square,
                hour=self.lodging.attack_at,
            )
        return ""


#: INT-3: what the villagers turn into, by D6.
VILLAGE_MONSTERS: dict[int, tuple[str, str]] = {
    1: ("ゾンビ", "zombies"),
    2: ("ゾンビ", "zombies"),
    3: ("グール", "ghouls"),
    4: ("グール", "ghouls"),
    5: ("ゴースト", "ghosts"),
    6: ("レイス", "wraiths"),
}


class LodgingHour(EventBase):
    """INT-3 lodging: one hour (cycle) of the stay passes without events — or the
    villagers attack at this hour (``monster``: the D6 face) and the village is
    gone; after the last hour, or the attack, events come as usual."""

    type: Literal["upland_lodging_hour"] = "upland_lodging_hour"
    square: str
    hour: int
    hours: int
    monster: int | None = None

    def apply(self, state: State) -> State:
        if self.monster is not None or self.hour >= self.hours:
            return with_cycle(state, lodging=None)
        return state

    def touch(self, changes: Changes) -> None:
        touch_cycle(changes)

    def describe(self, lang: str = "ja") -> str:
        if self.monster is not None:
            ja, en = VILLAGE_MONSTERS[self.monster]
            return render(
                "Hidden village on {square}, hour {hour}: the villagers turn into {monster} and attack; the "
                "fight is the GM's and the village is gone (INT-3).",
                lang,
                square=self.square,
                hour=self.hour,
                monster=ja if lang == "ja" else en,
            )
        return render(
            "Hidden village on {square}, hour {hour} of {hours}: no events (INT-3).",
            lang,
            square=self.square,
            hour=self.hour,
            hours=self.hours,
        )


class EncounterModified(EventBase):
    """INT-3: a reinforcement lowers the first encounter on its square, or a
    defence makes the party ignore an encounter."""

    type: Literal["upland_encounter_modified"] = "upland_encounter_modified"
    card: str
    square: str
    how: Literal["reinforced", "defended"]
    before: int
    after: int
    value: int

    def apply(self, state: State) -> State:
        if self.how == "defended":
            return state
        cycle = cycle_of(state)
        waiting = {k: v for k, v in cycle.reinforcements.items() if k != self.square}
        return with_cycle(state, reinforcements=waiting, lowered={**cycle.lowered, self.card: self.after})

    def touch(self, changes: Changes) -> None:
        touch_cycle(changes)

    def describe(self, lang: str = "ja") -> str:
        if self.how == "reinforced":
            return render(
                "Reinforcement on {square}: the encounter {card} is lowered from strength {before} to "
                "{after} (value {value}, INT-3).",
                lang,
                square=self.square,
                card=card_text(self.card, lang),
                before=self.before,
                after=self.after,
                value=self.value,
            )
        return render(
            "Defence on {square}: the encounter {card} (strength {before}, up to {value}) is ignored (INT-3).",
            lang,
            square=self.square,
            card=card_text(self.card, lang),
            before=self.before,
            value=self.value,
        )


# ♣ ♥ ♠ clubs, hearts and spades
CHS_EVENTS = (ObstacleChecked, HandEffectPlayed, EncounterEnded, InteractionApplied, EncounterModified, LodgingHour)
