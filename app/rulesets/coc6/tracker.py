"""The combat round tracker dock of the CoC rulesets.

The order by DEX with the current actor, each combatant's action points (B,
CBT-B-1) or active/passive actions left (A, CBT-A-1), conditions with their
countdowns (CND-B-1), HP state badges and the HP with the death countdown
(HP-B-1).  Every action is the ▶ current actor's; the target is chosen in its
own list, never by the row clicked last.  The attack is the engine's one flow:
攻撃 rolls the actor's weapon at the target, then the target's 回避/受け流し/防御なし
(CHK-B-5, CND-B-3, CBT-B-2; a GM override needs a reason), then ダメージロール from
the weapon (armour, a pulled blow, a knockout, martial arts).  A refusal ("2
action points needed, 1 left") is shown in the dock, and the log's line of
what the last action did under the buttons.  ▲/▼ beside the order move the row
the GM clicked (DEX ties as the GM sets, one ``coc_set_order``).  The martial-arts specials, counters, grapple,
salto, tackle and the battle-board link are the row of
:mod:`app.rulesets.coc6.manoeuvres`, ruleset A's flee and cover rolls the row of
:mod:`app.rulesets.coc6.contest`; the "Hex" column shows each combatant's token on
the battle board.
"""

from __future__ import annotations

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QScrollArea,
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
from engine.coc6.hp import death_round
from engine.coc6.sheet import CocSheet
from engine.coc6.state import CocState
from engine.coc6.texts import word
from engine.coc6.tracker import Combatant, CombatTracker
from engine.core.commands import CommandBase
from engine.core.state import State
from engine.hexbattle.slot import battle_of

BADGE_COLOURS = {"conscious": "#1b7f3b", "unconscious": "#b26a00", "dying": "#b00020", "dead": "#444444"}
#: The order table shows at least this many rows whatever the dock's height (1280×720 included).
ROWS_SHOWN = 6
#: The columns of the order table.
COLUMNS = ("name", "state", "left", "conditions", "hex", "hp")


class LineLabel(QLabel):
    """A one-message label that takes no room while it says nothing (the dock's height is for the order)."""

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt's name
        return super().sizeHint() if self.text() else QSize(0, 0)

    def minimumSizeHint(self) -> QSize:  # noqa: N802 - Qt's name
        return super().minimumSizeHint() if self.text() else QSize(0, 0)


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
        self.table = QTableWidget(0, len(COLUMNS))
        self.table.setObjectName("coc-order")
        self.table.verticalHeader().setVisible(False)
        self.table.horizontalHeader().setStretchLastSection(True)
        self.table.setSelectionBehavior(QTableWidget.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QTableWidget.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        rows = self.table.fontMetrics().height() + 8  # compact rows: six of them and the controls fit 1280×720
        self.table.verticalHeader().setDefaultSectionSize(rows)
        self.table.verticalHeader().setMinimumSectionSize(rows)
        header = self.table.horizontalHeader().sizeHint().height()
        self.table.setMinimumHeight(header + ROWS_SHOWN * rows + 4)
        self.table.setMaximumHeight(header + (ROWS_SHOWN + 2) * rows + 4)  # the rest is for the controls

        #: the attack: the actor's weapon (or a bare-handed skill) and the target, chosen apart
        self.weapon = QComboBox()
        self.weapon.setObjectName("coc-weapon")
        self._weapons_of = ""  # whose weapons the list holds: a new actor starts from its first weapon
        self.skill = QLineEdit()
        self.skill.setObjectName("coc-attack-skill")
        self.target = QComboBox()
        self.target.setObjectName("coc-target")
        self.target_label = QLabel()
        self.target_label.setBuddy(self.target)
        self.amount = QSpinBox()
        self.amount.setRange(0, 99)
        self.amount.setObjectName("coc-damage-amount")
        #: the damage step: armour, a pulled blow (CBT-B-4), a knockout, martial arts (CBT-B-6)
        self.armour = QSpinBox()
        self.armour.setRange(0, 99)
        self.armour.setObjectName("coc-armour")
        self.armour_label = QLabel()
        self.armour_label.setBuddy(self.armour)
        self.pulled = QCheckBox()
        self.pulled.setObjectName("coc-pulled")
        self.knockout = QCheckBox()
        self.knockout.setObjectName("coc-knockout")
        self.martial_arts = QCheckBox()
        self.martial_arts.setObjectName("coc-martial-arts")
        #: a defence against an unavoidable attack needs the GM's reason (CHK-B-5, CND-B-3)
        self.override = QLineEdit()
        self.override.setObjectName("coc-override")
        #: CND-B-2 fire: melee or ranged; CND-B-3 surprise: frontal, flank or full rear
        self.fire_source = QComboBox()
        self.fire_source.setObjectName("coc-fire-source")
        self.surprise_kind = QComboBox()
        self.surprise_kind.setObjectName("coc-surprise-kind")
        #: CBT-B-2: the target does not see the attack coming; the parry is declared at once (MA or 40+)
        self.unseen = QCheckBox()
        self.unseen.setObjectName("coc-unseen")
        self.instant = QCheckBox()
        self.instant.setObjectName("coc-instant-parry")
        #: CBT-B-3: who covers the target against the ▶ actor's attack (chosen here, never by a clicked row)
        self.coverer = QComboBox()
        self.coverer.setObjectName("coc-coverer")
        #: SKL-B-1: an aimed blow at a body part the keeper allows, with its minus modifier
        self.aimed = QLineEdit()
        self.aimed.setObjectName("coc-aimed")
        self.aimed_modifier = QSpinBox()
        self.aimed_modifier.setObjectName("coc-aimed-modifier")
        self.aimed_modifier.setRange(-100, 0)
        self.aimed_modifier.setSingleStep(5)
        #: CBT-B-9: the actor is mad or confused — the attack's target is rolled over everyone in reach
        self.confused = QCheckBox()
        self.confused.setObjectName("coc-confused")
        self.buttons: dict[str, QPushButton] = {}
        names = (
            "start",
            "attack",
            "dodge",
            "parry",
            "no_defence",
            "roll_damage",
            "delay",
            "flee",
            "cover",
            "give_up",
            "damage",
            "treat",
            "prone",
            "tear_gas",
            "stun",
            "burning",
            "surprise",
            "next",
            "end",
        )
        for name in names:  # fmt: skip
            button = QPushButton()
            button.setObjectName(f"coc-{name.replace('_', '-')}")
            self.buttons[name] = button
        grid = QGridLayout()
        grid.addWidget(self.weapon, 0, 0, 1, 2)
        grid.addWidget(self.skill, 0, 2, 1, 2)
        grid.addWidget(self.target_label, 1, 0)
        grid.addWidget(self.target, 1, 1, 1, 2)
        grid.addWidget(self.confused, 1, 3)
        placed = (
            ("start", "attack", "dodge", "parry"),
            ("no_defence", "roll_damage", "delay", "flee"),
            ("cover", "give_up", "treat", "next"),
            ("end", "damage", "stun", "prone"),
            ("tear_gas", "burning", "surprise"),
        )
        for row, line in enumerate(placed, start=2):
            for col, name in enumerate(line):
                grid.addWidget(self.buttons[name], row, col)
        grid.addWidget(self.fire_source, 6, 3)
        grid.addWidget(self.coverer, 7, 0)
        grid.addWidget(self.unseen, 7, 1)
        grid.addWidget(self.instant, 7, 2, 1, 2)
        options = QGridLayout()
        options.addWidget(self.armour_label, 0, 0)
        options.addWidget(self.armour, 0, 1)
        options.addWidget(self.pulled, 0, 2)
        options.addWidget(self.knockout, 0, 3)
        options.addWidget(self.martial_arts, 1, 0, 1, 2)
        options.addWidget(self.amount, 1, 2)
        options.addWidget(self.surprise_kind, 1, 3)
        options.addWidget(self.override, 2, 0, 1, 4)
        options.addWidget(self.aimed, 3, 0, 1, 3)
        options.addWidget(self.aimed_modifier, 3, 3)
        #: "order by DEX, ties as the GM sets": ▲/▼ move the clicked row, one ``coc_set_order`` each
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
        actions = {
            "start": self.start, "attack": self.attack, "dodge": lambda: self.defend("dodge"),
            "parry": lambda: self.defend("parry"), "no_defence": lambda: self.defend("none"),
            "roll_damage": self.roll_damage, "delay": self.delay, "flee": self.flee, "cover": self.cover,
            "give_up": self.give_up, "damage": self.damage, "treat": self.treat,
            "prone": lambda: self.condition("prone"), "tear_gas": lambda: self.condition("tear_gas"),
            "stun": self.stun, "burning": self.burning,
            "surprise": self.surprise, "next": self.next_turn, "end": self.end,
        }  # fmt: skip
        for name, act in actions.items():
            self.buttons[name].clicked.connect(act)

        #: what the last action from the dock did (e.g. a flee roll's result), as the log says it
        self.result = LineLabel()
        self.result.setObjectName("coc-tracker-result")
        self.result.setWordWrap(True)
        self.message = LineLabel()
        self.message.setObjectName("coc-tracker-message")
        self.message.setStyleSheet("color: #b00020;")
        self.message.setWordWrap(True)
        self.message.setText("")
        self.result.setText("")
        controls = QWidget()
        below = QVBoxLayout(controls)
        below.setContentsMargins(0, 0, 0, 0)
        below.addLayout(grid)
        below.addLayout(options)
        below.addWidget(self.manoeuvres)
        below.addWidget(self.contest)
        below.addStretch(1)
        #: the controls scroll when the dock is short, so the order keeps its rows
        self.controls = QScrollArea()
        self.controls.setObjectName("coc-tracker-controls")
        self.controls.setWidgetResizable(True)
        self.controls.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.controls.setWidget(controls)
        # It scrolls up and down only: the dock is at least as wide as the controls, so no button is cut.
        scrollbar = self.controls.verticalScrollBar().sizeHint().width()
        self.controls.setMinimumWidth(controls.minimumSizeHint().width() + scrollbar + 2 * self.controls.frameWidth())
        layout = QVBoxLayout(self)
        layout.addWidget(self.step_label)
        layout.addWidget(self.round_label)
        layout.addLayout(ordering)
        layout.addWidget(self.result)
        layout.addWidget(self.message)
        layout.addWidget(self.controls, 1)
        # bound slots, not lambdas: Qt drops them with the dock (File ▸ New to another ruleset)
        bridge.applied.connect(self.on_applied)
        bridge.session_replaced.connect(self.refresh)
        self.retranslate()
        self.refresh()

    # -- showing ----------------------------------------------------------------
    def retranslate(self) -> None:
        texts = {
            "start": self.tr("Start combat"), "attack": self.tr("Attack"), "dodge": self.tr("Dodge"),
            "parry": self.tr("Parry"), "no_defence": self.tr("No defence"), "roll_damage": self.tr("Damage roll"),
            "delay": self.tr("Delay"), "flee": self.tr("Flee"), "cover": self.tr("Cover target"),
            "give_up": self.tr("Give up active"), "damage": self.tr("Damage target"), "treat": self.tr("Treat target"),
            "prone": self.tr("Prone"), "tear_gas": self.tr("Tear gas"), "stun": self.tr("Stun target"),
            "burning": self.tr("Fire"), "surprise": self.tr("Surprise"), "next": self.tr("Next turn"),
            "end": self.tr("End combat"),
        }  # fmt: skip
        for name, text in texts.items():
            self.buttons[name].setText(text)
        tips = {
            "attack": self.tr("The ▶ actor attacks the target with the chosen weapon; a hit waits for the defence"),
            "dodge": self.tr("The attacked target dodges (a critical or full-rear attack needs the GM's reason)"),
            "parry": self.tr("The attacked target parries with its weapon skill (CBT-B-2)"),
            "no_defence": self.tr("The attacked target does not defend: the hit stands"),
            "roll_damage": self.tr("The hit's damage from the weapon: DB, DB/2 thrown, impale, armour"),
            "delay": self.tr("The ▶ actor waits: the next combatant acts first this round"),
            "flee": self.tr("The ▶ actor flees (3 points)"),
            "burning": self.tr("The target rolls against catching fire: Luck (melee) or Luck/2 (thrown, ranged)"),
            "surprise": self.tr("The target is surprised this round: frontal, flank or full rear"),
            "prone": self.tr("The target falls prone"), "tear_gas": self.tr("The target is blinded by tear gas"),
        }  # fmt: skip
        for name, tip in tips.items():
            self.buttons[name].setToolTip(tip)
        self.skill.setPlaceholderText(self.tr("Attack skill (e.g. こぶし)"))
        self.amount.setToolTip(self.tr("Damage target: the points the GM gives by hand"))
        self.target_label.setText(self.tr("Target:"))
        self.armour_label.setText(self.tr("Armour:"))
        self.pulled.setText(self.tr("Pulled blow"))
        self.knockout.setText(self.tr("Knockout"))
        self.martial_arts.setText(self.tr("Martial arts"))
        self.confused.setText(self.tr("Mad/confused"))
        self.confused.setToolTip(self.tr("The target is rolled over everyone in reach (CBT-B-9)"))
        self.unseen.setText(self.tr("Unseen attack"))
        self.unseen.setToolTip(self.tr("The target does not see it coming: only an instant parry (CBT-B-2)"))
        self.instant.setText(self.tr("Instant parry"))
        self.instant.setToolTip(
            self.tr("The parry is declared at once: martial arts or a skill of 40 or more (CBT-B-2)")
        )
        self.aimed.setPlaceholderText(self.tr("Aimed blow: the body part the keeper allows (SKL-B-1)"))
        self.aimed_modifier.setToolTip(self.tr("The aimed blow's minus modifier; the damage stays the weapon's"))
        self.override.setPlaceholderText(
            self.tr("GM override: the reason a defence stands against an unavoidable attack")
        )
        for combo, items in (
            (self.fire_source, (("melee", self.tr("melee fire")), ("ranged", self.tr("thrown/ranged fire")))),
            (self.surprise_kind, (("frontal", self.tr("frontal")), ("flank", self.tr("flank")),
                                  ("rear", self.tr("full rear")))),
        ):  # fmt: skip
            kept = combo.currentData()
            combo.clear()
            for data, text in items:
                combo.addItem(text, data)
            combo.setCurrentIndex(max(combo.findData(kept), 0))
        self.table.setHorizontalHeaderLabels([self.tr("Name"), self.tr("State"), self.tr("Actions left"),
                                              self.tr("Conditions"), self.tr("Hex"), self.tr("HP")])  # fmt: skip
        self.manoeuvres.retranslate()
        self.contest.retranslate()
        self.move_up.setToolTip(
            self.tr("Move the clicked combatant up (DEX ties as the GM sets); the turn goes back to the top")
        )
        self.move_down.setToolTip(
            self.tr("Move the clicked combatant down (DEX ties as the GM sets); the turn goes back to the top")
        )

    def on_applied(self, _outcome: object) -> None:
        """A command was applied somewhere: show the state it left."""
        self.refresh()

    def refresh(self) -> None:
        state = self.bridge.state
        tracker = tracker_of(state)
        lang = self.bridge.lang
        self.result.setText("")  # an undo or another dock's command: the last line is stale
        self.step_label.setText(step_text(state, lang))
        b = state.ruleset == "coc6-b"
        for name in ("parry", "delay", "stun", "prone", "tear_gas", "burning", "surprise"):
            self.buttons[name].setVisible(b)
        for widget in (self.fire_source, self.surprise_kind, self.pulled, self.knockout, self.martial_arts,
                       self.override, self.confused, self.coverer, self.unseen, self.instant, self.aimed,
                       self.aimed_modifier):  # fmt: skip
            widget.setVisible(b)
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
            self.weapon.clear()
            return
        self.round_label.setText(self._round_text(tracker))
        waiting = tracker.attack
        for name in ("dodge", "parry", "no_defence"):
            self.buttons[name].setEnabled(waiting is not None and waiting.stage == "defence")
        self.buttons["roll_damage"].setEnabled(waiting is not None and waiting.stage == "damage")
        self._fill_targets(tracker)
        self._fill_weapons(tracker.actor)
        self.table.setRowCount(len(tracker.order))
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
                     str(spot) if spot is not None else "—", self.hp_text(c))  # fmt: skip
            for col, text in enumerate(cells):
                item = QTableWidgetItem(text)
                if col == 1:
                    item.setBackground(QBrush(QColor(BADGE_COLOURS[c.state])))
                    item.setForeground(QBrush(QColor("white")))
                if row == tracker.current and col != 1:
                    item.setBackground(QBrush(QColor("#fff3c4")))
                self.table.setItem(row, col, item)
        self.table.resizeColumnsToContents()

    def _round_text(self, tracker: CombatTracker) -> str:
        text = self.tr("Round {round} — {actor}'s turn").format(round=tracker.round, actor=tracker.actor)
        waiting = tracker.attack
        if waiting is not None and waiting.stage == "defence":
            text += self.tr(" — {target} defends against {attacker}").format(
                target=waiting.target, attacker=waiting.attacker
            )
        elif waiting is not None:
            text += self.tr(" — roll {attacker}'s damage to {target}").format(
                target=waiting.target, attacker=waiting.attacker
            )
        return text

    def hp_text(self, combatant: Combatant) -> str:
        """HP-B-1: the HP, and for the dying the round at whose end it dies untreated."""
        text = f"{combatant.hp}/{combatant.hp_max}"
        if combatant.state == "dying" and combatant.down_round is not None:
            text += " " + self.tr("dies end of R{round}").format(round=death_round(combatant.down_round))
        return text

    def _fill_targets(self, tracker: CombatTracker) -> None:
        """Every combatant; the GM's choice kept, else the first one who is not the actor."""
        current = self.target.currentText()
        self.target.blockSignals(True)
        self.target.clear()
        self.target.addItems(list(tracker.order))
        others = [n for n in tracker.order if n != tracker.actor]
        keep = current if current in tracker.order and current != tracker.actor else (others or [tracker.actor])[0]
        if tracker.attack is not None:
            keep = tracker.attack.target if tracker.attack.stage == "defence" else keep
        self.target.setCurrentText(keep)
        self.target.blockSignals(False)
        chosen = self.coverer.currentText()
        self.coverer.clear()
        self.coverer.addItems([n for n in tracker.order if n != tracker.actor])
        if chosen:
            self.coverer.setCurrentText(chosen)
        self.manoeuvres.fill_parry_skills()

    def _fill_weapons(self, actor: str) -> None:
        """The ▶ actor's weapons from its sheet, then the bare hand (the skill typed beside, こぶし by default)."""
        sheet = self._sheet(actor)
        wanted = self.weapon.currentData() if self._weapons_of == actor else None
        self._weapons_of = actor
        self.weapon.blockSignals(True)
        self.weapon.clear()
        for weapon in sheet.weapons if sheet is not None else ():
            self.weapon.addItem(f"{weapon.name} ({weapon.damage})", weapon.name)
        self.weapon.addItem(self.tr("Bare hands / skill"), None)
        found = self.weapon.findData(wanted) if wanted is not None else -1
        self.weapon.setCurrentIndex(found if found >= 0 else 0)  # the sheet's first weapon, else bare hands
        self.weapon.blockSignals(False)

    def _sheet(self, name: str) -> CocSheet | None:
        return next((c.sheet for c in self.bridge.state.ordered_characters()
                     if isinstance(c.sheet, CocSheet) and c.sheet.name == name), None)  # fmt: skip

    def selected(self) -> str | None:
        """Who acts: always the ▶ current actor (a row clicked earlier never makes another combatant act)."""
        tracker = tracker_of(self.bridge.state)
        return tracker.actor if tracker is not None else None

    def clicked_row(self) -> str | None:
        """The row the GM clicked (for ▲/▼ only), else the current actor."""
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
        """Move the clicked combatant one place up (−1) or down (+1): one ``coc_set_order``."""
        from engine.coc6.commands import CocSetOrder

        tracker = tracker_of(self.bridge.state)
        who = self.clicked_row()
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
        tracker = tracker_of(self.bridge.state)
        if battle_of(self.bridge.state) is not None and tracker is not None:
            # A battle map is open: the combatants without a token go on it (its own undo step);
            # when every one has its token already there is nothing to place and nothing to say.
            if any(spot is None for spot in positions(self.bridge.state, tracker).values()):
                self.manoeuvres.place()
        return True

    def attack(self) -> bool:
        """The ▶ actor attacks the target with the chosen weapon: the first step of the one attack flow."""
        from engine.coc6.commands import CocAttack

        who, target = self.selected(), self.target.currentText()
        if who is None:
            return False
        weapon = self.weapon.currentData()
        typed = self.skill.text().strip()
        confused = not self.confused.isHidden() and self.confused.isChecked()
        if not confused and (not target or target == who):
            self.message.setText(self.tr("Choose the target of {name}'s attack.").format(name=who))
            return False
        named = {"skill": typed} if typed else {}  # typed: the skill of a weapon the sheet has no skill for
        seen = not (not self.unseen.isHidden() and self.unseen.isChecked())
        part = self.aimed.text().strip() if not self.aimed.isHidden() else ""
        aimed: dict[str, object] = {}
        if part:  # the keeper typing the part is the keeper allowing the blow (SKL-B-1)
            aimed = {"aimed_at": part, "aimed_allowed": True, "aimed_modifier": self.aimed_modifier.value()}
        done = self.dispatch(CocAttack(name=who, target=None if confused else target, weapon=weapon,
                                       confused=confused, seen=seen, **named, **aimed))  # fmt: skip
        if done:
            self.aimed.clear()  # an aimed blow is allowed one at a time
        return done

    def defend(self, choice: str) -> bool:
        """The attacked target's answer (dodge, parry or none); without a waiting attack, the target's own roll."""
        from engine.coc6.commands import CocDefence, CocDefend

        tracker = tracker_of(self.bridge.state)
        if tracker is None:
            return False
        reason = self.override.text().strip() or None
        if tracker.attack is not None:
            instant = not self.instant.isHidden() and self.instant.isChecked()
            return self.dispatch(CocDefence(choice=choice, override=reason, instant=instant))
        who = self.target.currentText()
        if choice == "none" or not who:
            return False
        skill = "回避" if choice == "dodge" else (self.skill.text().strip() or "こぶし")
        return self.dispatch(CocDefend(name=who, action=choice, skill=skill))

    def roll_damage(self) -> bool:
        """The hit's damage from the weapon into the target's HP."""
        from engine.coc6.commands import CocAttackDamage

        b = self.bridge.state.ruleset == "coc6-b"
        return self.dispatch(CocAttackDamage(armour=self.armour.value(), pulled=b and self.pulled.isChecked(),
                                             knockout=b and self.knockout.isChecked(),
                                             martial_arts=b and self.martial_arts.isChecked()))  # fmt: skip

    def delay(self) -> bool:
        from engine.coc6.commands import CocActionB

        who = self.selected()
        return who is not None and self.dispatch(CocActionB(name=who, action="delay"))

    def flee(self) -> bool:
        """The ▶ actor flees: 3 points in B (CBT-B-1), the active action in A (CBT-A-1)."""
        from engine.coc6.commands import CocActionA, CocActionB

        who = self.selected()
        if who is None:
            return False
        if self.bridge.state.ruleset == "coc6-b":
            return self.dispatch(CocActionB(name=who, action="flee"))
        return self.dispatch(CocActionA(name=who, action="flee"))

    def cover(self) -> bool:
        """The target covers … in B against the ▶ actor's attack (CBT-B-3); in A the actor covers the target."""
        who, target = self.selected(), self.target.currentText()
        if who is None or not target:
            return False
        if self.bridge.state.ruleset == "coc6-b":
            from engine.coc6.commands import CocCover

            coverer = self.coverer.currentText()
            if not coverer or coverer in (who, target):
                self.message.setText(self.tr("Choose who covers {target} against {name}.").format(
                    target=target, name=who))  # fmt: skip
                return False
            return self.dispatch(CocCover(coverer=coverer, covered=target, attacker=who))
        from engine.coc6.commands import CocActionA

        return self.dispatch(CocActionA(name=who, action="cover", covered=target))

    def give_up(self) -> bool:
        from engine.coc6.commands import CocActionA

        who = self.selected()
        return who is not None and self.dispatch(CocActionA(name=who, action="give_up_active"))

    def stun(self) -> bool:
        return self.condition("stun")

    def condition(self, kind: str) -> bool:
        """A condition on the target (CND-B-1): prone, tear gas, stun."""
        from engine.coc6.commands import CocCondition

        target = self.target.currentText()
        return bool(target) and self.dispatch(CocCondition(target=target, kind=kind))

    def burning(self) -> bool:
        """CND-B-2: the target rolls against catching fire."""
        from engine.coc6.commands import CocBurning

        target = self.target.currentText()
        source = self.fire_source.currentData() or "melee"
        return bool(target) and self.dispatch(CocBurning(target=target, source=source))

    def surprise(self) -> bool:
        """CND-B-3: the target is surprised this round."""
        from engine.coc6.commands import CocSurprise

        target = self.target.currentText()
        kind = self.surprise_kind.currentData() or "frontal"
        return bool(target) and self.dispatch(CocSurprise(target=target, kind=kind))

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
