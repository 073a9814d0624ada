"""The combat round tracker dock of the CoC rulesets.

The order by DEX with the current actor, each combatant's action points (B,
CBT-B-1) or active/passive actions left (A, CBT-A-1), conditions with their
countdowns (CND-B-1) and HP state badges (HP-B-1).  The buttons dispatch the
engine's commands for the selected combatant (the current actor unless the
GM picks another row); a refusal ("2 action points needed, 1 left") is shown
in the dock, and the log's line of what the last action did under the
buttons.  ▲/▼ beside the order move the selected combatant (DEX ties as the GM
sets, one ``coc_set_order``).  The martial-arts specials, counters, grapple,
salto, tackle and the battle-board link are the row of
:mod:`app.rulesets.coc6.manoeuvres`, ruleset A's flee and cover rolls the row of
:mod:`app.rulesets.coc6.contest`; the "Hex" column shows each combatant's token on
the battle board.
"""

from __future__ import annotations

from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import (
    QComboBox,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from app.bridge import SessionBridge
from app.rulesets.coc6.contest import ContestBar
from app.rulesets.coc6.manoeuvres import ManoeuvreBar
from engine.coc6.battle_link import positions
from engine.coc6.events import COC_SLICE
from engine.coc6.sheet import CocSheet
from engine.coc6.state import CocState
from engine.coc6.texts import word
from engine.coc6.tracker import CombatTracker
from engine.core.commands import CommandBase
from engine.core.state import State
from engine.hexbattle.slot import battle_of

BADGE_COLOURS = {"conscious": "#1b7f3b", "unconscious": "#b26a00", "dying": "#b00020", "dead": "#444444"}


def step_text(state: State, lang: str) -> str:
    """The GM's instruction of the step the CoC flow stands at (``engine.coc6.ruleset``)."""
    from engine.rulesets import registry

    flow = registry.flow(state.ruleset) if state.ruleset in registry.ids() else None
    if flow is None:
        return ""
    step = flow.current(state)
    view = step.view(state) if step.view is not None else None
    return step.tells(view, lang) if step.tells is not None else step.id


def tracker_of(state: State) -> CombatTracker | None:
    coc = state.slices.get(COC_SLICE)
    return coc.combat if isinstance(coc, CocState) else None


class TrackerPanel(QWidget):
    def __init__(self, bridge: SessionBridge, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("coc-tracker")
        self.bridge = bridge
        self.round_label = QLabel()
        self.round_label.setObjectName("coc-round")
        #: the procedure step the engine's step table says the session stands at
        self.step_label = QLabel()
        self.step_label.setObjectName("coc-step")
        self.step_label.setWordWrap(True)
        self.table = QTableWidget(0, 5)
        self.table.setObjectName("coc-order")
        self.table.verticalHeader().setVisible(False)
        self.table.horizontalHeader().setStretchLastSection(True)
        self.table.setSelectionBehavior(QTableWidget.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QTableWidget.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)

        self.skill = QLineEdit()
        self.skill.setObjectName("coc-attack-skill")
        self.target = QComboBox()
        self.target.setObjectName("coc-target")
        self.amount = QSpinBox()
        self.amount.setRange(0, 99)
        self.amount.setObjectName("coc-damage-amount")
        self.buttons: dict[str, QPushButton] = {}
        grid = QGridLayout()
        grid.addWidget(self.skill, 0, 0, 1, 2)
        grid.addWidget(self.target, 0, 2, 1, 2)
        for i, name in enumerate(("start", "attack", "dodge", "parry", "delay", "cover", "give_up", "stun",
                                  "damage", "treat", "next", "end")):  # fmt: skip
            button = QPushButton()
            button.setObjectName(f"coc-{name}")
            self.buttons[name] = button
            grid.addWidget(button, 1 + i // 4, i % 4)
        grid.addWidget(self.amount, 4, 0)
        #: "order by DEX, ties as the GM sets": ▲/▼ move the selected row, one ``coc_set_order`` each
        self.move_up = QPushButton("▲")
        self.move_up.setObjectName("coc-order-up")
        self.move_down = QPushButton("▼")
        self.move_down.setObjectName("coc-order-down")
        self.move_up.clicked.connect(lambda: self.move_selected(-1))
        self.move_down.clicked.connect(lambda: self.move_selected(1))
        moving = QVBoxLayout()  # beside the table: the dock's height stays for the rows
        for button in (self.move_up, self.move_down):
            button.setFixedWidth(32)
            moving.addWidget(button)
        moving.addStretch(1)
        ordering = QHBoxLayout()
        ordering.addWidget(self.table, 1)
        ordering.addLayout(moving)
        self.manoeuvres = ManoeuvreBar(self)
        self.contest = ContestBar(self)
        self.buttons["start"].clicked.connect(self.start)
        self.buttons["attack"].clicked.connect(self.attack)
        self.buttons["dodge"].clicked.connect(lambda: self.defend("dodge"))
        self.buttons["parry"].clicked.connect(lambda: self.defend("parry"))
        self.buttons["delay"].clicked.connect(self.delay)
        self.buttons["cover"].clicked.connect(self.cover)
        self.buttons["give_up"].clicked.connect(self.give_up)
        self.buttons["stun"].clicked.connect(self.stun)
        self.buttons["damage"].clicked.connect(self.damage)
        self.buttons["treat"].clicked.connect(self.treat)
        self.buttons["next"].clicked.connect(self.next_turn)
        self.buttons["end"].clicked.connect(self.end)

        #: what the last action from the dock did (e.g. a flee roll's result), as the log says it
        self.result = QLabel()
        self.result.setObjectName("coc-tracker-result")
        self.result.setWordWrap(True)
        self.message = QLabel()
        self.message.setObjectName("coc-tracker-message")
        self.message.setStyleSheet("color: #b00020;")
        self.message.setWordWrap(True)
        layout = QVBoxLayout(self)
        layout.addWidget(self.step_label)
        layout.addWidget(self.round_label)
        layout.addLayout(ordering, 1)
        layout.addLayout(grid)
        layout.addWidget(self.manoeuvres)
        layout.addWidget(self.contest)
        layout.addWidget(self.result)
        layout.addWidget(self.message)
        bridge.applied.connect(lambda _outcome: self.refresh())
        bridge.session_replaced.connect(self.refresh)
        self.retranslate()
        self.refresh()

    # -- showing ----------------------------------------------------------------
    def retranslate(self) -> None:
        texts = {
            "start": self.tr("Start combat"), "attack": self.tr("Attack"), "dodge": self.tr("Dodge"),
            "parry": self.tr("Parry"), "delay": self.tr("Delay"), "cover": self.tr("Cover target"),
            "give_up": self.tr("Give up active"), "stun": self.tr("Stun target"), "damage": self.tr("Damage target"),
            "treat": self.tr("Treat target"), "next": self.tr("Next turn"), "end": self.tr("End combat"),
        }  # fmt: skip
        for name, text in texts.items():
            self.buttons[name].setText(text)
        self.skill.setPlaceholderText(self.tr("Attack skill (e.g. こぶし)"))
        self.table.setHorizontalHeaderLabels([self.tr("Name"), self.tr("State"), self.tr("Actions left"),
                                              self.tr("Conditions"), self.tr("Hex")])  # fmt: skip
        self.manoeuvres.retranslate()
        self.contest.retranslate()
        self.move_up.setToolTip(
            self.tr("Move the selected combatant up (DEX ties as the GM sets); the turn goes back to the top")
        )
        self.move_down.setToolTip(
            self.tr("Move the selected combatant down (DEX ties as the GM sets); the turn goes back to the top")
        )

    def refresh(self) -> None:
        state = self.bridge.state
        tracker = tracker_of(state)
        lang = self.bridge.lang
        self.result.setText("")  # an undo or another dock's command: the last line is stale
        self.step_label.setText(step_text(state, lang))
        b = state.ruleset == "coc6-b"
        for name in ("attack", "dodge", "parry", "delay", "stun"):
            self.buttons[name].setVisible(b)
        self.buttons["give_up"].setVisible(not b)
        running = tracker is not None
        self.buttons["start"].setEnabled(not running)
        for name, button in self.buttons.items():
            if name != "start":
                button.setEnabled(running)
        self.manoeuvres.refresh(state.ruleset, running)
        self.contest.refresh(state.ruleset, running)
        self.move_up.setEnabled(running)
        self.move_down.setEnabled(running)
        if tracker is None:
            self.round_label.setText(self.tr("No combat is running."))
            self.table.setRowCount(0)
            return
        self.round_label.setText(self.tr("Round {round} — {actor}'s turn").format(round=tracker.round,
                                                                                   actor=tracker.actor))  # fmt: skip
        self.table.setRowCount(len(tracker.order))
        current_target = self.target.currentText()
        self.target.clear()
        self.target.addItems(list(tracker.order))
        if current_target in tracker.order:
            self.target.setCurrentText(current_target)
        where = positions(state, tracker)
        for row, name in enumerate(tracker.order):
            c = tracker.combatants[name]
            if b:
                left = self.tr("{ap} AP").format(ap=c.ap_left)
            else:
                left = self.tr("active {a} / passive {p}").format(a=c.active_left, p=c.passive_left)
            conditions = ", ".join(
                f"{word(x.kind, lang)} {x.rounds_left}R" if x.rounds_left is not None else word(x.kind, lang)
                for x in c.conditions
            )
            if c.rush is not None:
                conditions = ", ".join(x for x in (conditions, self.tr("rush due")) if x)
            spot = where[name]
            cells = (("▶ " if row == tracker.current else "") + name, word(c.state, lang), left, conditions,
                     str(spot) if spot is not None else "—")  # fmt: skip
            for col, text in enumerate(cells):
                item = QTableWidgetItem(text)
                if col == 1:
                    item.setBackground(QBrush(QColor(BADGE_COLOURS[c.state])))
                    item.setForeground(QBrush(QColor("white")))
                if row == tracker.current and col != 1:
                    item.setBackground(QBrush(QColor("#fff3c4")))
                self.table.setItem(row, col, item)
        self.table.resizeColumnsToContents()

    def selected(self) -> str | None:
        tracker = tracker_of(self.bridge.state)
        if tracker is None:
            return None
        rows = self.table.selectionModel().selectedRows() if self.table.selectionModel() else []
        return tracker.order[rows[0].row()] if rows else tracker.actor

    # -- acting -------------------------------------------------------------------
    def dispatch(self, command: CommandBase) -> bool:
        self.message.setText("")
        self.result.setText("")
        errors: list[str] = []

        def refused(error: object, origin: object) -> None:
            if origin == "coc-tracker":
                errors.append(self.bridge.message(error))  # type: ignore[arg-type]

        self.bridge.refused.connect(refused)
        try:
            ok = self.bridge.dispatch(command, origin="coc-tracker")
        finally:
            self.bridge.refused.disconnect(refused)
        if errors:
            self.message.setText(errors[0])
        if ok:
            lines = [e.describe(self.bridge.lang) for e in self.bridge.session.done[-1].events]
            self.result.setText(lines[-1] if lines else "")
        return ok

    def move_selected(self, step: int) -> bool:
        """Move the selected combatant one place up (−1) or down (+1): one ``coc_set_order``."""
        from engine.coc6.commands import CocSetOrder

        tracker = tracker_of(self.bridge.state)
        who = self.selected()
        if tracker is None or who is None:
            return False
        order = list(tracker.order)
        at = order.index(who)
        to = at + step
        if not 0 <= to < len(order):
            text = self.tr("{name} is already first.") if step < 0 else self.tr("{name} is already last.")
            self.message.setText(text.format(name=who))
            return False
        order[at], order[to] = order[to], order[at]
        if not self.dispatch(CocSetOrder(order=tuple(order))):
            return False
        self.table.selectRow(to)
        return True

    def start(self) -> bool:
        from engine.coc6.commands import CocStartCombat

        names = [c.sheet.name for c in self.bridge.state.ordered_characters() if isinstance(c.sheet, CocSheet)]
        if not names:
            self.message.setText(self.tr("Give the characters investigator sheets first."))
            return False
        if not self.dispatch(CocStartCombat(characters=tuple(names))):
            return False
        if battle_of(self.bridge.state) is not None:
            self.manoeuvres.place()  # a battle map is open: the combatants go on it (its own undo step)
        return True

    def attack(self) -> bool:
        from engine.coc6.commands import CocAttack

        who = self.selected()
        skill = self.skill.text().strip() or "こぶし"
        return who is not None and self.dispatch(CocAttack(name=who, skill=skill))

    def defend(self, action: str) -> bool:
        from engine.coc6.commands import CocDefend

        who = self.target.currentText()
        skill = "回避" if action == "dodge" else (self.skill.text().strip() or "こぶし")
        return bool(who) and self.dispatch(CocDefend(name=who, action=action, skill=skill))

    def delay(self) -> bool:
        from engine.coc6.commands import CocActionB

        who = self.selected()
        return who is not None and self.dispatch(CocActionB(name=who, action="delay"))

    def cover(self) -> bool:
        who, target = self.selected(), self.target.currentText()
        if who is None or not target:
            return False
        if self.bridge.state.ruleset == "coc6-b":
            from engine.coc6.commands import CocCover

            tracker = tracker_of(self.bridge.state)
            attacker = tracker.actor if tracker is not None else who
            return self.dispatch(CocCover(coverer=who, covered=target, attacker=attacker))
        from engine.coc6.commands import CocActionA

        return self.dispatch(CocActionA(name=who, action="cover", covered=target))

    def give_up(self) -> bool:
        from engine.coc6.commands import CocActionA

        who = self.selected()
        return who is not None and self.dispatch(CocActionA(name=who, action="give_up_active"))

    def stun(self) -> bool:
        from engine.coc6.commands import CocCondition

        target = self.target.currentText()
        return bool(target) and self.dispatch(CocCondition(target=target, kind="stun"))

    def damage(self) -> bool:
        from engine.coc6.commands import CocDamage

        target = self.target.currentText()
        return bool(target) and self.dispatch(CocDamage(target=target, amount=self.amount.value()))

    def treat(self) -> bool:
        from engine.coc6.commands import CocTreat

        target, healer = self.target.currentText(), self.selected()
        return bool(target) and self.dispatch(CocTreat(patient=target, healer=healer))

    def next_turn(self) -> bool:
        from engine.coc6.commands import CocNextTurn

        return self.dispatch(CocNextTurn())

    def end(self) -> bool:
        from engine.coc6.commands import CocEndCombat

        return self.dispatch(CocEndCombat())
