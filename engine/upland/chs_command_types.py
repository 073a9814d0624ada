"""Commands of the ♣ ♥ ♠ suit events run by the stepper.

Each resolves the due map card of the event step (``event.resolve``) by its
suit's own rule instead of the GM's hand-made outcome: an obstacle check
(OBS-5) or a heart played on it (OBS-4); an interaction's effect (INT-1 …
INT-5); the end of the GM's fight (ENC-10) or clubs played to get away (ENC-11).
The rule modules are imported inside ``run`` (as in :mod:`command_types`).
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from engine.core.commands import CommandBase, Context
from engine.i18n import render
from engine.table.piles import require_started
from engine.upland.command_types import _Rolling


class CheckObstacle(_Rolling):
    """OBS-5: the obstacle check of the due club; ``rollers`` in order, each
    (character, skill or None to decline)."""

    type: Literal["upland_check_obstacle"] = "upland_check_obstacle"
    card: str
    rollers: list[tuple[str, str | None]]
    need: int | None = None
    sleds: int = Field(default=0, ge=0, le=99)
    pow_total: int | None = None
    bonus: int = Field(default=0, ge=0, le=200)
    #: OBS-6: the party has a rope (crevasse, river).
    rope: bool = False
    #: OBS-6 old boat: the square it carries the party to on twice the requirement.
    to: str | None = None

    def run(self, ctx: Context) -> None:
        from engine.upland import obstacle

        self._begin(ctx)
        obstacle.check_obstacle(
            ctx,
            self.card,
            self.rollers,
            need=self.need,
            sleds=self.sleds,
            pow_total=self.pow_total,
            bonus=self.bonus,
            rope=self.rope,
            to=self.to,
        )
        self._end(ctx)

    def label(self, lang: str = "ja") -> str:
        return render("Obstacle check", lang)


class OvercomeObstacle(CommandBase):
    """OBS-4: a heart from hand overcomes the due obstacle."""

    type: Literal["upland_overcome_obstacle"] = "upland_overcome_obstacle"
    card: str
    hearts: dict[str, tuple[str, ...]]

    def run(self, ctx: Context) -> None:
        from engine.upland import obstacle

        require_started(ctx.state)
        obstacle.overcome_with_hearts(ctx, self.card, self.hearts)

    def label(self, lang: str = "ja") -> str:
        return render("Overcome the obstacle with a heart", lang)


class PlayObstacleDiamond(CommandBase):
    """OBS-4: after the obstacle ``card`` is overcome, ``holder`` plays ``diamond``
    (strength ≤ the obstacle's) to raise a remains (tear spirit) event."""

    type: Literal["upland_obstacle_diamond"] = "upland_obstacle_diamond"
    card: str
    holder: str
    diamond: str

    def run(self, ctx: Context) -> None:
        from engine.upland import obstacle

        require_started(ctx.state)
        obstacle.play_diamond(ctx, self.card, self.holder, self.diamond)

    def label(self, lang: str = "ja") -> str:
        return render("Play a diamond after the obstacle", lang)


class ResolveInteraction(_Rolling):
    """INT-1 … INT-5: the due heart's effect (or ``cancelled`` / ``combat``)."""

    type: Literal["upland_resolve_interaction"] = "upland_resolve_interaction"
    card: str
    effect: str
    path: list[str] = Field(default_factory=list)
    to: str | None = None
    note: str = ""
    #: INT-2: with ``combat``, the party beat the group.
    won: bool = False
    #: INT-3: the threat level a defence covers, where the row gives none.
    level: int | None = Field(default=None, ge=1, le=99)
    #: INT-3: with ``scout``, the character the GM tells the result.
    character: str | None = None
    #: INT-3: with ``lodging``, the hours (cycles) the party stays.
    stay: int | None = Field(default=None, ge=1, le=99)

    def run(self, ctx: Context) -> None:
        from engine.upland import interaction

        self._begin(ctx)
        interaction.resolve_interaction(
            ctx,
            self.card,
            self.effect,
            path=self.path,
            to=self.to,
            note=self.note,
            won=self.won,
            level=self.level,
            character=self.character,
            stay=self.stay,
        )
        self._end(ctx)

    def label(self, lang: str = "ja") -> str:
        return render("Resolve the interaction", lang)


class EndEncounter(CommandBase):
    """ENC-10: the GM's fight is over — ``defeated`` or ``escaped`` (by ``side``,
    else the side the battle board counts)."""

    type: Literal["upland_end_encounter"] = "upland_end_encounter"
    card: str
    outcome: Literal["defeated", "escaped"]
    side: Literal["north", "east", "south", "west"] | None = None

    def run(self, ctx: Context) -> None:
        from engine.upland import encounter

        require_started(ctx.state)
        encounter.end_encounter(ctx, self.card, self.outcome, self.side)

    def label(self, lang: str = "ja") -> str:
        if self.outcome == "defeated":
            return render("Enemy defeated", lang)
        return render("The party left the maps", lang)


class LeaveEncounter(CommandBase):
    """ENC-11: clubs from hand adding up to the encounter strength move the party away."""

    type: Literal["upland_leave_encounter"] = "upland_leave_encounter"
    card: str
    clubs: dict[str, tuple[str, ...]]
    square: str

    def run(self, ctx: Context) -> None:
        from engine.upland import encounter

        require_started(ctx.state)
        encounter.leave_with_clubs(ctx, self.card, self.clubs, self.square)

    def label(self, lang: str = "ja") -> str:
        return render("Get away from the encounter with clubs", lang)


# ♣ ♥ ♠ clubs, hearts and spades
CHS_COMMANDS = (CheckObstacle, OvercomeObstacle, PlayObstacleDiamond, ResolveInteraction, EndEncounter, LeaveEncounter)
