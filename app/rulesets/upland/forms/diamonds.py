"""♦ diamonds and the bone: the remains, the tear spirit's stages and the
treasure (REM / TRS)."""

from __future__ import annotations

from PySide6.QtWidgets import QCheckBox, QComboBox, QGridLayout, QHBoxLayout, QLabel, QPushButton

from app.rulesets.upland.forms.base import StepForm, fill, name_label
from app.rulesets.upland.forms.incidents import add_obstacle_diamond
from engine.core.commands import CommandBase
from engine.upland.diamond_commands import (
    AcceptTearSpirit,
    ChooseTearSpirit,
    RollTreasure,
    SearchRemains,
    SummonTearSpirit,
    TearCombatRound,
)
from engine.upland.slice import cycle_now
from engine.upland.texts import card_text


class DiamondForm(StepForm):
    """Base of the ♦ stage forms: the card, the spirit's numbers and the treasures
    found so far (the outcome of each roll is in the log with its rule ID), then
    one row per character — a check box (takes part) and a combo (what it rolls)."""

    rolls = True

    def status(self) -> None:
        cycle = cycle_now(self.state)
        if cycle is None:
            return
        counts = self.info.counts
        if self.info.cards:
            self.box.addWidget(QLabel(self.tr("Card: {card}").format(card=card_text(self.info.cards[0], self.lang))))
        tear = cycle.diamonds.tear
        if tear is not None:
            text = self.tr("Tear spirit: strength {strength}, Call {call}").format(
                strength=tear.strength, call=tear.call
            )
            if tear.pow is not None:
                text += self.tr(", POW {pow}, MP {mp}, rounds fought {round}").format(
                    pow=tear.pow, mp=tear.mp, round=tear.round
                )
            if tear.target:
                text += self.tr(" — attacks {name}").format(name=self.names([tear.target]))
            label = QLabel(text)
            label.setObjectName("diamond.status")
            label.setWordWrap(True)
            self.box.addWidget(label)
        if "cap" in counts:
            self.box.addWidget(QLabel(self.tr("Treasure cap: {cap}").format(cap=counts["cap"])))

    def rows(self, kind: str, box_text: str, checked: bool = True, fixed: bool = False) -> None:
        """One row per character that has a ``kind`` choice: check box (``fixed``:
        always ticked, e.g. the target's strike) + combo."""
        self.checks: dict[str, QCheckBox] = getattr(self, "checks", {})
        self.combos: dict[str, QComboBox] = getattr(self, "combos", {})
        grid = QGridLayout()
        row = 0
        for item in self.info.choices:
            if item.kind != kind or item.character is None:
                continue
            who = item.character
            grid.addWidget(name_label(self.state, who), row, 0)
            check = QCheckBox(box_text)
            check.setObjectName(f"{kind}.{who}")
            check.setChecked(checked or fixed)
            check.setEnabled(not fixed)
            self.keep(f"{kind}.check.{who}", check)
            self.checks[f"{kind}.{who}"] = check
            grid.addWidget(check, row, 1)
            combo = QComboBox()
            combo.setObjectName(f"{kind}.skill.{who}")
            fill(combo, [(self._item_text(kind, o), o) for o in item.options], item.default)
            self.keep(f"{kind}.combo.{who}", combo)
            self.combos[f"{kind}.{who}"] = combo
            grid.addWidget(combo, row, 2)
            row += 1
        self.box.addLayout(grid)

    def _item_text(self, kind: str, option: str) -> str:
        if kind in ("heart", "diamond"):
            return card_text(option, self.lang)
        words = {
            "mp": self.tr("MP"),
            "death_rite": self.tr("Death Rite"),
            "none": self.tr("no roll"),
            "up": self.tr("roll, raise"),
            "down": self.tr("roll, lower"),
        }
        return words.get(option, option)

    def picked(self, kind: str) -> dict[str, str | None]:
        """The characters ticked for ``kind`` and their combo's pick."""
        out: dict[str, str | None] = {}
        for key, check in getattr(self, "checks", {}).items():
            head, _, who = key.partition(".")
            if head == kind and check.isChecked():
                out[who] = self.combos[key].currentData()
        return out


class RemainsForm(DiamondForm):
    """REM-1/REM-2: who searches (1 fatigue each) with which 〈慰霊〉 skill, and a
    heart replacing a roll."""

    def build(self) -> None:
        self.status()
        self.rows("skill", self.tr("searches (1 fatigue)"))
        self.rows("heart", self.tr("plays a heart"), checked=False)
        add_obstacle_diamond(self)  # OBS-4: a ♦ after the obstacle above goes first

    def resolve_command(self, dice: list[int] | None = None) -> CommandBase | None:
        skills = {c: s for c, s in self.picked("skill").items() if s}
        hearts = {c: h for c, h in self.picked("heart").items() if h and c in skills}
        return SearchRemains(searchers=list(skills), skills=skills, hearts=hearts, dice=dice)

    def resolve_text(self) -> str:
        return self.tr("Search for remains")


class TearChoiceForm(DiamondForm):
    """TEAR-1: fight (summoning first) or accept."""

    rolls = False

    def build(self) -> None:
        self.status()
        row = QHBoxLayout()
        for mode, text in (("combat", self.tr("Fight it")), ("accept", self.tr("Accept it"))):
            button = QPushButton(text)
            button.setObjectName(f"tear.{mode}")
            button.clicked.connect(lambda _c=False, m=mode: self.dispatch(ChooseTearSpirit(mode=m)))
            row.addWidget(button)
        self.box.addLayout(row)

    def resolve_command(self, dice: list[int] | None = None) -> CommandBase | None:
        return ChooseTearSpirit(mode="combat")

    def resolve_text(self) -> str:
        return self.tr("Fight it")


class SummonForm(DiamondForm):
    """TEAR-2 (BONE-1): the summoners and their skills."""

    def build(self) -> None:
        self.status()
        self.rows("summon", self.tr("summons"), checked=False)
        first = next(iter(getattr(self, "checks", {}).values()), None)
        if first is not None:
            first.setChecked(True)

    def resolve_command(self, dice: list[int] | None = None) -> CommandBase | None:
        summoners = {c: s for c, s in self.picked("summon").items() if s}
        return SummonTearSpirit(summoners=summoners, dice=dice)

    def resolve_text(self) -> str:
        return self.tr("Summon the tear spirit")


class TearCombatForm(DiamondForm):
    """TEAR-3 … TEAR-5: the target's strike (MP or 〈死祭り〉) and the taunters."""

    def build(self) -> None:
        self.status()
        self.rows("strike", self.tr("strikes back with"), fixed=True)
        self.rows("taunt", self.tr("taunts"), checked=False)

    def resolve_command(self, dice: list[int] | None = None) -> CommandBase | None:
        strike = next(iter(self.picked("strike").values()), "mp")
        taunts = {c: s for c, s in self.picked("taunt").items() if s}
        return TearCombatRound(death_rite=strike == "death_rite", taunts=taunts, dice=dice)

    def resolve_text(self) -> str:
        return self.tr("Fight a round")


class AcceptForm(DiamondForm):
    """TEAR-6: who rolls 〈死祭り〉, and which way its spirit pressure moves."""

    def build(self) -> None:
        self.status()
        self.rows("adjust", self.tr("Death Rite"))

    def resolve_command(self, dice: list[int] | None = None) -> CommandBase | None:
        adjust = {c: d for c, d in self.picked("adjust").items() if d in ("up", "down")}
        return AcceptTearSpirit(adjust=adjust, dice=dice)

    def resolve_text(self) -> str:
        return self.tr("Accept the tear spirit")


class TreasureForm(DiamondForm):
    """TRS-1 … TRS-3: who rolls 〈目星〉 (1 fatigue each), or a ♦ from a hand as
    the rank (ENC-11)."""

    def build(self) -> None:
        self.status()
        self.rows("notice", self.tr("Notice (1 fatigue)"), checked=False)
        self.rows("diamond", self.tr("plays a diamond as the rank"), checked=False)

    def resolve_command(self, dice: list[int] | None = None) -> CommandBase | None:
        played = [(c, d) for c, d in self.picked("diamond").items() if d]
        if played:
            holder, card = played[0]
            return RollTreasure(card=card, holder=holder, dice=dice)
        return RollTreasure(searchers=self.picked("notice"), dice=dice)

    def resolve_text(self) -> str:
        return self.tr("Roll for treasure")
