"""♠ (and a ♥ refused, INT-2) in the stepper: the encounter walked step by step.

Seed 000 【配置】【出現】 in the order the engine knows it
(:data:`engine.upland.encounter_commands.SETUP_ORDER`): open the battle board,
lay out the zones, the marching order, the drift, the appearance, the enemies,
the SR delays, the first round.  Each row is one command (one undo step); the
first not done is marked as the current one.  Once the fight is on, the rows
are the round's: the next round, a character attacked at a strike rank (ENC-8:
surprised while still delayed) — and the end of the fight, for a spade:
defeated, or escaped by a side (ENC-10).
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtWidgets import (
    QComboBox,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSpinBox,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from app.rulesets.upland.forms.base import fill
from engine.core.commands import CommandBase
from engine.core.state import State
from engine.hexbattle.model import SIDES

Dispatch = Callable[[CommandBase], bool]


def _t(text: str) -> str:
    return QCoreApplication.translate("EncounterSteps", text)


def side_names() -> dict[str, str]:
    """The battle board's sides as the GM reads them."""
    return {"north": _t("north"), "east": _t("east"), "south": _t("south"), "west": _t("west")}


class EncounterSteps(QWidget):
    """The battle set-up's steps and the fight's controls, for one due card."""

    def __init__(self, state: State, dispatch: Dispatch, lang: str, card: str | None = None) -> None:
        """``card``: the due spade, or the ♥ whose condition was refused, whose fight may end here."""
        super().__init__()
        self.setObjectName("encounter.steps")
        self.state = state
        self.dispatch = dispatch
        self.card = card
        self.lang = lang
        self.box = QVBoxLayout(self)
        self.box.setContentsMargins(0, 0, 0, 0)
        self.box.setSpacing(3)  # the fight's rows fit a 1280×720 window's dock without scrolling
        self.buttons: dict[str, QPushButton] = {}
        self._build()

    def _build(self) -> None:
        from engine.upland.encounter_commands import SETUP_ORDER, current_setup_step, setup_done

        done = setup_done(self.state)
        self.current = current_setup_step(self.state)
        # the steps done fold into one line (the dock's height goes to what comes next)
        count = sum(done[s] for s in SETUP_ORDER)
        self.setup_toggle = QToolButton()
        self.setup_toggle.setObjectName("encounter.setup_toggle")
        self.setup_toggle.setCheckable(True)
        self.setup_toggle.setAutoRaise(True)
        self.setup_toggle.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        self.setup_toggle.setArrowType(Qt.ArrowType.RightArrow)
        self.setup_toggle.setText(_t("Set-up: {done} of {all} steps done").format(done=count, all=len(SETUP_ORDER)))
        self.setup_toggle.setVisible(count > 0)
        self.box.addWidget(self.setup_toggle)
        self._folded: list[QWidget] = []
        grid = QGridLayout()
        grid.setVerticalSpacing(2)
        for row, step in enumerate(SETUP_ORDER):
            mark = "✓" if done[step] else ("▶" if step == self.current else "")
            marker = QLabel(mark)
            marker.setObjectName(f"encounter.mark.{step}")
            button = QPushButton(self._text(step))
            button.setObjectName(f"encounter.step.{step}")
            if step == self.current:
                button.setStyleSheet("font-weight: bold;")
                button.setDefault(True)
            button.setEnabled(step == "open_battle" or done["open_battle"])
            button.clicked.connect(lambda _c=False, s=step: self.run(s))
            self.buttons[step] = button
            line = row + (3 if row > 0 and not done["open_battle"] else 0)  # the maps' rows under step 0
            grid.addWidget(marker, line, 0)
            grid.addWidget(button, line, 1)
            if done[step]:
                self._folded += [marker, button]
        if not done["open_battle"]:
            self._maps(grid)  # which maps step 0 opens, beside its button
        self.box.addLayout(grid)
        self.setup_toggle.toggled.connect(self._unfold)
        self._unfold(self.setup_toggle.isChecked())
        if self.current is None:
            self._fight()
        if self.card is not None:
            self._end()

    def picks(self) -> dict[str, QWidget]:
        """The GM's choices a rebuild keeps (the form rebuilds after every command): the
        set-up folded or not, who is attacked at which strike rank and by whom, the side
        that escaped — so a fight of many attacks is not chosen again from the top each time."""
        found: dict[str, QWidget] = {"encounter.setup_toggle": self.setup_toggle}
        for name in ("attacked", "attacker", "strike_rank", "side"):
            widget = getattr(self, name, None)
            if isinstance(widget, QWidget):
                found[f"encounter.{name}"] = widget
        return found

    def _unfold(self, shown: bool) -> None:
        """Show or fold the steps already done (each stays one command, undoable)."""
        self.setup_toggle.setArrowType(Qt.ArrowType.DownArrow if shown else Qt.ArrowType.RightArrow)
        for widget in self._folded:
            widget.setVisible(shown)

    def _text(self, step: str) -> str:
        from app.rulesets.upland.battle import STEP_TEXTS

        if step == "open_battle":
            return _t("0. Open the battle board on two maps (ENC-2)")
        return STEP_TEXTS[step]()

    # -- one command per row ----------------------------------------------------------------
    def run(self, step: str) -> bool:
        from app.rulesets.upland.battle import UPLAND_BATTLE

        if step == "open_battle":
            return self.open_battle()
        found = next(s for s in UPLAND_BATTLE.steps if s.command == step)
        return found.run(self.state, self.dispatch, self.window())

    def _maps(self, steps: QGridLayout) -> None:
        """Map 1, map 2 and the side they join on, in rows 1–3 of the steps' grid."""
        from engine.hexbattle.maps import shipped_maps

        maps = shipped_maps()
        grid = QGridLayout()
        self.map1, self.map2, self.join = QComboBox(), QComboBox(), QComboBox()
        self.map1.setObjectName("encounter.map1")
        self.map2.setObjectName("encounter.map2")
        self.join.setObjectName("encounter.join")
        items: list[tuple[str, str | None]] = [(m.title(self.lang), key) for key, m in maps.items()]
        keys = list(maps)
        fill(self.map1, items, keys[0] if keys else None)
        fill(self.map2, items, keys[1] if len(keys) > 1 else None)
        fill(self.join, [(text, side) for side, text in side_names().items()], "east")
        for line, (text, combo) in enumerate(
            ((_t("Map 1:"), self.map1), (_t("Map 2:"), self.map2), (_t("on its side:"), self.join))
        ):
            grid.addWidget(QLabel(text), line, 0)
            grid.addWidget(combo, line, 1)
        steps.addLayout(grid, 1, 1, 3, 1)

    def open_battle(self) -> bool:
        from engine.hexbattle.commands import OpenBattle
        from engine.hexbattle.model import Join

        if not hasattr(self, "map1"):
            return False
        side = self.join.currentData()
        assert side in SIDES
        return self.dispatch(
            OpenBattle(map1=str(self.map1.currentData()), map2=str(self.map2.currentData()), join=Join(side=side))
        )

    # -- the fight ---------------------------------------------------------------------------
    def _fight(self) -> None:
        from engine.hexbattle.slot import battle_of
        from engine.upland.encounter_commands import AttackCharacter, StartBattleRound
        from engine.upland.slice import encounter_of

        encounter = encounter_of(self.state)
        battle = battle_of(self.state)
        tokens = [t for t in battle.tokens.values() if t.at is not None] if battle is not None else []
        round_row = QHBoxLayout()  # the round and the next one on one line: the dock stays short
        round_row.addWidget(QLabel(_t("Battle round {n} (ENC-8)").format(n=encounter.round)))
        next_round = QPushButton(_t("Start the next round"))
        next_round.setObjectName("encounter.next_round")
        next_round.clicked.connect(lambda: self.dispatch(StartBattleRound()))
        round_row.addWidget(next_round, 1)
        self.box.addLayout(round_row)
        row = QHBoxLayout()
        self.attacked = QComboBox()
        self.attacked.setObjectName("encounter.attacked")
        fill(self.attacked, [(t.label or t.id, t.id) for t in tokens if t.kind == "character"], None)
        self.attacker = QComboBox()
        self.attacker.setObjectName("encounter.attacker")
        fill(
            self.attacker,
            [(_t("(attacker)"), None)] + [(t.label or t.id, t.id) for t in tokens if t.kind != "character"],
            None,
        )
        self.strike_rank = QSpinBox()
        self.strike_rank.setObjectName("encounter.strike_rank")
        self.strike_rank.setRange(1, 30)
        self.strike_rank.setPrefix("SR ")
        attack = QPushButton(_t("Attacked (surprised while delayed)"))
        attack.setObjectName("encounter.attack")
        attack.clicked.connect(
            lambda: self.dispatch(
                AttackCharacter(
                    token=str(self.attacked.currentData()),
                    strike_rank=self.strike_rank.value(),
                    by=self.attacker.currentData(),
                )
            )
        )
        for widget in (self.attacked, self.strike_rank):
            row.addWidget(widget)
        self.box.addLayout(row)
        second = QHBoxLayout()  # two short rows: the dock stays narrow
        second.addWidget(self.attacker)
        second.addWidget(attack)
        self.box.addLayout(second)
        if encounter.surprised and battle is not None:
            names = ", ".join(battle.tokens[t].label or t for t in encounter.surprised if t in battle.tokens)
            self.box.addWidget(QLabel(_t("Surprised: {names}").format(names=names)))

    def _end(self) -> None:
        from engine.upland.chs_command_types import EndEncounter

        card = self.card
        assert card is not None
        first = QHBoxLayout()  # the question beside its first answer: the dock stays short
        first.addWidget(QLabel(_t("How did the fight end? (ENC-10)")))
        row = QHBoxLayout()
        from engine.table.cards import Suit
        from engine.upland.facts import suit_of

        heart = suit_of(card) is Suit.HEARTS  # a ♥'s fight won: remembered (INT-2), no treasure
        defeated = QPushButton(_t("Group beaten (INT-2)") if heart else _t("Enemy defeated → treasure (TRS-1)"))
        defeated.setObjectName("encounter.defeated")
        defeated.setEnabled(self.current is None)  # beaten only once the fight is on, never mid set-up
        defeated.clicked.connect(lambda: self.dispatch(EndEncounter(card=card, outcome="defeated")))
        self.side = QComboBox()
        self.side.setObjectName("encounter.side")
        fill(
            self.side,
            [(_t("the side counted on the battle board"), None)] + [(t, s) for s, t in side_names().items()],
            None,
        )
        escaped = QPushButton(_t("Escaped by:"))
        escaped.setObjectName("encounter.escaped")
        escaped.clicked.connect(
            lambda: self.dispatch(EndEncounter(card=card, outcome="escaped", side=self.side.currentData()))
        )
        first.addWidget(defeated, 1)
        self.box.addLayout(first)
        row.addWidget(escaped)
        row.addWidget(self.side)
        self.box.addLayout(row)
