"""Commands of the ♦ events and the lingering bone: one per stage the
stepper runs — remains search, the tear-spirit choice, summoning, a combat
round, acceptance, and the treasure roll (with the GM's "enemy eliminated").

Like the other procedure commands they roll through the session's dice or the
GM's typed ``dice`` (DICE-2) and load their rule module inside ``run``.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from engine.core.commands import CommandBase, Context
from engine.i18n import render
from engine.table.piles import require_started
from engine.upland.command_types import _Rolling


class _DiamondCommand(_Rolling):
    """A ♦ stage command: ``dice`` are the GM's physical dice (DICE-2); ``order``
    the action order of simultaneous rolls (DICE-7)."""

    order: list[str] | None = None


class SearchRemains(_DiamondCommand):
    """REM-1/REM-2: ``searchers`` spend an hour on the ♦ (none: it stays face up);
    ``skills`` picks each one's 〈慰霊〉 skill, ``hearts`` a heart replacing its roll."""

    type: Literal["upland_search_remains"] = "upland_search_remains"
    searchers: list[str] = Field(default_factory=list)
    skills: dict[str, str] = Field(default_factory=dict)
    hearts: dict[str, str] = Field(default_factory=dict)

    def run(self, ctx: Context) -> None:
        from engine.upland import remains

        self._begin(ctx)
        remains.search_remains(ctx, self.searchers, self.skills, self.hearts, self.order)
        self._end(ctx)

    def label(self, lang: str = "ja") -> str:
        return render("Search for remains", lang)


class ChooseTearSpirit(CommandBase):
    """TEAR-1: fight the tear spirit or accept it."""

    type: Literal["upland_choose_tear_spirit"] = "upland_choose_tear_spirit"
    mode: Literal["combat", "accept"]

    def run(self, ctx: Context) -> None:
        from engine.upland import tear_spirit

        require_started(ctx.state)
        tear_spirit.choose(ctx, self.mode)

    def label(self, lang: str = "ja") -> str:
        return render("Choose tear-spirit combat or acceptance", lang)


class SummonTearSpirit(_DiamondCommand):
    """TEAR-2: ``summoners`` maps each summoner to the skill it rolls."""

    type: Literal["upland_summon_tear_spirit"] = "upland_summon_tear_spirit"
    summoners: dict[str, str]

    def run(self, ctx: Context) -> None:
        from engine.upland import tear_spirit

        self._begin(ctx)
        tear_spirit.summon(ctx, self.summoners, self.order)
        self._end(ctx)

    def label(self, lang: str = "ja") -> str:
        return render("Summon the tear spirit", lang)


class TearCombatRound(_DiamondCommand):
    """TEAR-3 … TEAR-5: one round; ``death_rite`` strikes with 〈死祭り〉 instead of
    MP, ``taunts`` maps taunters to their summoning skill (TEAR-4)."""

    type: Literal["upland_tear_combat_round"] = "upland_tear_combat_round"
    death_rite: bool = False
    taunts: dict[str, str] = Field(default_factory=dict)

    def run(self, ctx: Context) -> None:
        from engine.upland import tear_spirit

        self._begin(ctx)
        tear_spirit.combat_round(ctx, self.death_rite, self.taunts, self.order)
        self._end(ctx)

    def label(self, lang: str = "ja") -> str:
        return render("Fight a round against the tear spirit", lang)


class AcceptTearSpirit(_DiamondCommand):
    """TEAR-6: ``adjust`` maps each character rolling 〈死祭り〉 to the direction
    its spirit pressure moves."""

    type: Literal["upland_accept_tear_spirit"] = "upland_accept_tear_spirit"
    adjust: dict[str, Literal["up", "down"]] = Field(default_factory=dict)

    def run(self, ctx: Context) -> None:
        from engine.upland import tear_spirit

        self._begin(ctx)
        tear_spirit.accept(ctx, self.adjust, self.order)
        self._end(ctx)

    def label(self, lang: str = "ja") -> str:
        return render("Accept the tear spirit", lang)


class OpenTreasure(CommandBase):
    """TRS-1: the due map card's enemy is eliminated; its treasure is rolled next."""

    type: Literal["upland_open_treasure"] = "upland_open_treasure"
    card: str

    def run(self, ctx: Context) -> None:
        from engine.upland import treasure

        require_started(ctx.state)
        treasure.open_for_due_card(ctx, self.card)

    def label(self, lang: str = "ja") -> str:
        return render("Enemy eliminated: roll for treasure", lang)


class RollTreasure(_DiamondCommand):
    """TRS-1 … TRS-3: 2D6 with the 〈目星〉 ``searchers`` (character → skill or
    None for the best), or ENC-11: ``card``, a ♦ from ``holder``'s hand, as rank."""

    type: Literal["upland_roll_treasure"] = "upland_roll_treasure"
    searchers: dict[str, str | None] = Field(default_factory=dict)
    card: str | None = None
    holder: str | None = None

    def run(self, ctx: Context) -> None:
        from engine.upland import treasure

        self._begin(ctx)
        treasure.roll_treasure(ctx, self.searchers, self.card, self.holder, self.order)
        self._end(ctx)

    def label(self, lang: str = "ja") -> str:
        return render("Roll for treasure", lang)


DIAMOND_COMMANDS: tuple[type[CommandBase], ...] = (
    SearchRemains, ChooseTearSpirit, SummonTearSpirit, TearCombatRound, AcceptTearSpirit, OpenTreasure, RollTreasure,
)  # fmt: skip
