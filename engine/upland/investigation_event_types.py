"""Events of the investigation phase (INV-1 … INV-9) and the rolls of every
rule (:class:`CheckMade` carries each die, DICE-1).
"""

from __future__ import annotations

from typing import Literal

from engine.checks.levels import Level
from engine.core.changes import Area, Changes
from engine.core.events import EventBase
from engine.core.state import RollRecord, State
from engine.dice.rng import DiceState
from engine.i18n import render
from engine.upland.event_support import rule_suffix, touch_cycle, with_cycle
from engine.upland.facts import cycle_of
from engine.upland.procedure import Declaration, PendingPeek
from engine.upland.texts import (
    action_text,
    card_text,
    level_text,
    names_text,
    suit_text,
)


class ActionDeclared(EventBase):
    """INV-1: a character's action declared (None withdraws it)."""

    type: Literal["upland_action_declared"] = "upland_action_declared"
    character: str
    name: str
    declaration: Declaration | None

    def apply(self, state: State) -> State:
        declarations = dict(cycle_of(state).declarations)
        if self.declaration is None:
            declarations.pop(self.character, None)
        else:
            declarations[self.character] = self.declaration
        return with_cycle(state, declarations=declarations)

    def touch(self, changes: Changes) -> None:
        touch_cycle(changes)
        changes.characters.add(self.character)

    def describe(self, lang: str = "ja") -> str:
        d = self.declaration
        if d is None:
            return render("{name} withdrew the declared action.", lang, name=self.name)
        extra = []
        if d.skill:
            extra.append(f"〈{d.skill}〉")
        if d.card:
            extra.append(card_text(d.card, lang))
        if d.choose_fail:
            extra.append(render("chooses to fail", lang))
        return render(
            "{name} declares {action}{target}{extra}.",
            lang,
            name=self.name,
            action=action_text(d.action, lang),
            target=f" {d.target}" if d.target else "",
            extra=(" " + " ".join(extra)) if extra else "",
        )


CheckWhat = Literal[
    "scout", "prayer", "resonance", "despair", "sleepwalk", "call", "ace", "card",
    # ♣ ♥ ♠ clubs, hearts and spades
    "obstacle", "interaction", "lodging",
    # ♦ diamonds and the bone
    "treasure", "remains", "summoning", "tear_combat", "taunt", "acceptance",
    # ♠ the encounter's set-up on the battle board
    "appearance", "encounter_table", "enemy_direction", "drift",
]  # fmt: skip


class CheckMade(EventBase):
    """A roll a rule made (DICE-1: expression, each die, total, who, why), or a
    declined check (DICE-7: ``record`` None, a failure without a roll)."""

    type: Literal["upland_check"] = "upland_check"
    character: str | None
    name: str
    what: CheckWhat
    rule: str
    label: str = ""
    level: Level | None = None
    record: RollRecord | None
    dice: DiceState

    def apply(self, state: State) -> State:
        return state.model_copy(update={"dice": self.dice})  # the roll itself: engine.core.roll_log

    def touch(self, changes: Changes) -> None:
        changes.areas |= {Area.DICE, Area.LOG}

    def _what(self, lang: str) -> str:
        match self.what:
            case "scout":
                return render("scout", lang)
            case "prayer":
                return render("prayer", lang)
            case "resonance":
                return render("resonance", lang)
            case "despair":
                return render("despair event", lang)
            case "sleepwalk":
                return render("sleepwalking", lang)
            case "call":
                return render("the Call rises", lang)
            case "ace":
                return render("ace of spades move", lang)
            case "obstacle":
                return render("obstacle check", lang)
            case "interaction":
                return render("number appearing", lang)
            case "lodging":
                return render("hidden village", lang)
            # ♦ diamonds and the bone
            case "treasure":
                return render("treasure", lang)
            case "remains":
                return render("remains search", lang)
            case "summoning":
                return render("tear-spirit summoning", lang)
            case "tear_combat":
                return render("tear-spirit combat", lang)
            case "taunt":
                return render("taunting the tear spirit", lang)
            case "acceptance":
                return render("accepting the tear spirit", lang)
            case "appearance":
                return render("appearance", lang)
            case "encounter_table":
                return render("encounter table", lang)
            case "enemy_direction":
                return render("enemy direction", lang)
            case "drift":
                return render("drift", lang)
            case _:
                return render("hand card", lang)

    def describe(self, lang: str = "ja") -> str:
        head = self._what(lang) + (f" {self.label}" if self.label else "")
        if self.record is None:
            return render(
                "{name}: {what} — {level} without a roll{rule}.",
                lang,
                name=self.name,
                what=head,
                level=level_text(self.level or "failure", lang),
                rule=rule_suffix(self.rule, lang),
            )
        if not self.name:  # a roll of nobody's (the number appearing, the ace's move)
            return render(
                "{what} {line}{rule}.",
                lang,
                what=head,
                line=self.record.result.render(lang),
                rule=rule_suffix(self.rule, lang),
            )
        return render(
            "{name}: {what} {line}{rule}.",
            lang,
            name=self.name,
            what=head,
            line=self.record.result.render(lang),
            rule=rule_suffix(self.rule, lang),
        )


class SuitLearned(EventBase):
    """INV-3: the GM tells a player the suit of a square's map card (GM log)."""

    type: Literal["upland_suit_learned"] = "upland_suit_learned"
    character: str
    name: str
    square: str
    card: str
    rule: str

    def apply(self, state: State) -> State:
        return state

    def touch(self, changes: Changes) -> None:
        changes.areas.add(Area.LOG)
        changes.squares.add(self.square)

    def describe(self, lang: str = "ja") -> str:
        return render(
            "The GM tells {name} the suit on {square}: {suit} ({card}){rule}.",
            lang,
            name=self.name,
            square=self.square,
            suit=suit_text(self.card, lang),
            card=card_text(self.card, lang),
            rule=rule_suffix(self.rule, lang),
        )


class SpadeProbed(EventBase):
    """INV-6: the GM checked an unscouted square's card for a spade without opening it."""

    type: Literal["upland_spade_probed"] = "upland_spade_probed"
    character: str
    name: str
    square: str
    card: str
    played: str
    is_spade: bool

    def apply(self, state: State) -> State:
        return state

    def touch(self, changes: Changes) -> None:
        changes.areas.add(Area.LOG)
        changes.squares.add(self.square)

    def describe(self, lang: str = "ja") -> str:
        if self.is_spade:
            return render(
                "The GM checks {square} unopened for {name}: a spade; {played} returns to the hand (INV-6).",
                lang,
                name=self.name,
                square=self.square,
                played=card_text(self.played, lang),
            )
        return render(
            "The GM checks {square} unopened for {name}: not a spade; {played} is stacked on it face up (INV-6).",
            lang,
            name=self.name,
            square=self.square,
            played=card_text(self.played, lang),
        )


class PeekPending(EventBase):
    """INV-3 critical: a follow-up choice is owed to the scouter."""

    type: Literal["upland_peek_pending"] = "upland_peek_pending"
    peek: PendingPeek
    name: str

    def apply(self, state: State) -> State:
        return with_cycle(state, pending_peeks=cycle_of(state).pending_peeks + (self.peek,))

    def touch(self, changes: Changes) -> None:
        touch_cycle(changes)

    def describe(self, lang: str = "ja") -> str:
        return render(
            "{name} may learn the suit of one square next to {square} (INV-3).",
            lang,
            name=self.name,
            square=self.peek.target,
        )


class PeekResolved(EventBase):
    """INV-3 critical follow-up done (``square`` None: passed)."""

    type: Literal["upland_peek_resolved"] = "upland_peek_resolved"
    peek: PendingPeek
    name: str
    square: str | None = None

    def apply(self, state: State) -> State:
        pending = list(cycle_of(state).pending_peeks)
        if self.peek in pending:
            pending.remove(self.peek)
        return with_cycle(state, pending_peeks=tuple(pending))

    def touch(self, changes: Changes) -> None:
        touch_cycle(changes)

    def describe(self, lang: str = "ja") -> str:
        if self.square is None:
            return render("{name} passes the critical scout follow-up.", lang, name=self.name)
        return render(
            "{name} chose {square} for the critical scout follow-up.", lang, name=self.name, square=self.square
        )


class ResponsesCounted(EventBase):
    """INV-7/INV-9: responses from a resonance block and the running total."""

    type: Literal["upland_responses"] = "upland_responses"
    character: str
    name: str
    block: tuple[str, ...]
    responses: int
    total: int
    crossing: bool = False

    def apply(self, state: State) -> State:
        update: dict[str, object] = {"responses": self.total}
        if self.crossing:
            update["crossing_by"] = self.character
        return with_cycle(state, **update)

    def touch(self, changes: Changes) -> None:
        touch_cycle(changes)
        changes.squares.update(self.block)

    def describe(self, lang: str = "ja") -> str:
        block = "・".join(self.block)
        if self.responses == 0:
            return render("No response from the block {block}.", lang, block=block)
        return render(
            "{count} response(s) from the block {block} for {name} (total {total}).",
            lang,
            count=self.responses,
            block=block,
            name=self.name,
            total=self.total,
        )


class InvestigationResolved(EventBase):
    """INV-1: every declared action has been applied; declarations are cleared."""

    type: Literal["upland_investigation_resolved"] = "upland_investigation_resolved"
    names: tuple[str, ...]

    def apply(self, state: State) -> State:
        return with_cycle(state, declarations={})

    def touch(self, changes: Changes) -> None:
        touch_cycle(changes)

    def describe(self, lang: str = "ja") -> str:
        return render(
            "Investigation results applied in action order: {names}.", lang, names=names_text(list(self.names), lang)
        )
