"""The forms of the cycle's frame (CYC-1, END-1): before cycle 1, the steps the
engine rolls for as a whole (despair, sleepwalking, the pursuer), and the end."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import QGridLayout, QLabel

from app.rulesets.upland.forms.base import StepForm, name_label
from app.rulesets.upland.forms.incidents import add_obstacle_diamond
from engine.core.commands import CommandBase
from engine.upland.commands import (
    EndCycle,
    MovePursuer,
    ResolveDespair,
    ResolveSleepwalking,
    StartExploration,
    StartIncidents,
)
from engine.upland.facts import upland_sheet
from engine.upland.procedure import StepId
from engine.upland.sheet_text import fatigue_text
from engine.upland.slice import cycle_now
from engine.upland.texts import card_text


class SetupForm(StepForm):
    """CYC-1: before cycle 1 — who still lacks a sheet."""

    def build(self) -> None:
        if self.info.characters:
            label = QLabel(self.tr("Without an Upland sheet: {names}").format(names=self.names(self.info.characters)))
            label.setWordWrap(True)
            self.box.addWidget(label)

    def resolve_command(self, dice: list[int] | None = None) -> CommandBase | None:
        return StartExploration()

    def resolve_text(self) -> str:
        return self.tr("Start the exploration")


class RollForm(StepForm):
    """A step the engine rolls for as a whole: despair, sleepwalking, the pursuer, or
    the start of the event phase (no dice)."""

    # the command classes take their ``type`` tag by default, so they are called without it
    COMMANDS: dict[StepId, Callable[..., CommandBase]] = {
        StepId.CYCLE_DESPAIR: ResolveDespair,
        StepId.TIME_DESPAIR: ResolveDespair,
        StepId.SLEEPWALK: ResolveSleepwalking,
        StepId.PURSUER: MovePursuer,
        StepId.INCIDENT_START: StartIncidents,
    }

    def build(self) -> None:
        self.rolls = self.info.step is not StepId.INCIDENT_START
        if self.info.characters:
            label = QLabel(self.tr("Taking part: {names}").format(names=self.names(self.info.characters)))
            label.setWordWrap(True)
            self.box.addWidget(label)
        if self.info.cards:
            cards = ("、" if self.lang == "ja" else ", ").join(card_text(c, self.lang) for c in self.info.cards)
            self.box.addWidget(QLabel(self.tr("Cards: {cards}").format(cards=cards)))

    def resolve_command(self, dice: list[int] | None = None) -> CommandBase | None:
        command = self.COMMANDS[self.info.step]
        if self.rolls:
            return command(dice=dice)
        return command()


class EndForm(StepForm):
    """END-1: each character's fatigue change over the cycle, then end it."""

    def build(self) -> None:
        cycle = cycle_now(self.state)
        start = cycle.fatigue_at_start if cycle is not None else {}
        grid = QGridLayout()
        sheets = [(m, s) for m in self.state.ordered_characters() if (s := upland_sheet(m)) is not None]
        for row, (member, sheet) in enumerate(sheets):
            now = sheet.fatigue_thirds
            before = start.get(member.id, now)
            delta = now - before
            grid.addWidget(name_label(self.state, member.id), row, 0)
            grid.addWidget(
                QLabel(
                    self.tr("fatigue {before} → {after} ({delta})").format(
                        before=fatigue_text(before),
                        after=fatigue_text(now),
                        delta=("+" if delta >= 0 else "−") + fatigue_text(abs(delta)),
                    )
                ),
                row,
                1,
            )
        self.box.addLayout(grid)
        add_obstacle_diamond(self)

    def resolve_command(self, dice: list[int] | None = None) -> CommandBase | None:
        return EndCycle()

    def resolve_text(self) -> str:
        return self.tr("End the cycle")
