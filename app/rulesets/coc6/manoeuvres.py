"""The tracker dock's row of ruleset B's martial-arts specials and counters
(CBT-B-6, CBT-B-7), and its link to the hex battle board.

The buttons read the dock's choices — the selected combatant (the current
actor unless the GM picks another row), the target list, the attack skill —
and dispatch the engine's commands through the dock, so a refusal ("a feint
must be declared before the roll") is shown in the dock like any other:

* MA attack, rush, feint: the selected combatant attacks the target;
* rush 2nd strike: the combatant whose rush is due strikes (at the round's end);
* counter A / B: the target counters the selected combatant's attack;
* "the defender parries with MA" asks for the free MA parry of a feint's first
  strike or a rush's second strike, and lets a counter A be parried with MA;
* for a counter A, "attacked with MA" (the countered attack is a martial-arts
  one: the counterer's parry at −20, not −10) and the skill the counterer parries
  with, from the counterer's own sheet (マーシャルアーツ and the unarmed skills
  first, then the skills the player added — weapons, usually — then the rest);
* grapple: the selected combatant's 組み付き roll (CBT-B-5: the second success in
  a round deals damage); "held grapple" rolls again without paying points;
* salto, tackle: the selected combatant throws the target down or knocks it back
  (CBT-B-7, MA 60 or more);
* place on the battle map: a token for each combatant on the open battle board.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from PySide6.QtWidgets import QCheckBox, QComboBox, QGridLayout, QLabel, QPushButton, QWidget

from engine.coc6.commands.attack import parry_skill
from engine.coc6.sheet import CocSheet

if TYPE_CHECKING:
    from app.rulesets.coc6.tracker import TrackerPanel

MA = "マーシャルアーツ"
#: The skills a counter A's parry is usually rolled with, offered first in this order.
PARRY_FIRST = (MA, "こぶし", "キック", "組み付き", "頭突き")
B_ONLY = ("ma_attack", "rush", "rush_strike", "feint", "counter_a", "counter_b")
#: The fourth row (ruleset B): grapple rolls and the thrown-down specials.
B_ROW_4 = ("grapple", "salto", "tackle")


class ManoeuvreBar(QWidget):
    def __init__(self, panel: TrackerPanel) -> None:
        super().__init__(panel)
        self.panel = panel
        self.buttons: dict[str, QPushButton] = {}
        grid = QGridLayout(self)
        grid.setContentsMargins(0, 0, 0, 0)
        for i, name in enumerate((*B_ONLY, "place")):
            button = QPushButton()
            button.setObjectName(f"coc-{name.replace('_', '-')}")
            self.buttons[name] = button
            grid.addWidget(button, i // 4, i % 4)
        self.ma_parry = QCheckBox()
        self.ma_parry.setObjectName("coc-ma-parry")
        grid.addWidget(self.ma_parry, 1, 3)
        #: counter A: the attack being countered is a martial-arts attack (CBT-B-7: parry at −20)
        self.attacked_with_ma = QCheckBox()
        self.attacked_with_ma.setObjectName("coc-attacked-with-ma")
        grid.addWidget(self.attacked_with_ma, 2, 0, 1, 2)
        #: counter A: the skill the counterer (the dock's target) parries with, from its sheet
        self.parry_label = QLabel()
        self.counter_parry = QComboBox()
        self.counter_parry.setObjectName("coc-counter-parry")
        self.parry_label.setBuddy(self.counter_parry)
        grid.addWidget(self.parry_label, 2, 2)
        grid.addWidget(self.counter_parry, 2, 3)
        #: CBT-B-5: a further roll of a grapple already held costs no points (the GM calls it)
        self.held_grapple = QCheckBox()
        self.held_grapple.setObjectName("coc-held-grapple")
        for col, name in enumerate(B_ROW_4):
            button = QPushButton()
            button.setObjectName(f"coc-{name}")
            self.buttons[name] = button
            grid.addWidget(button, 3, col + (1 if col else 0))
        grid.addWidget(self.held_grapple, 3, 1)
        panel.target.currentTextChanged.connect(self.fill_parry_skills)
        self.buttons["ma_attack"].clicked.connect(self.ma_attack)
        self.buttons["rush"].clicked.connect(self.rush)
        self.buttons["rush_strike"].clicked.connect(self.rush_strike)
        self.buttons["feint"].clicked.connect(self.feint)
        self.buttons["counter_a"].clicked.connect(lambda: self.counter("A"))
        self.buttons["counter_b"].clicked.connect(lambda: self.counter("B"))
        self.buttons["place"].clicked.connect(self.place)
        self.buttons["grapple"].clicked.connect(self.grapple)
        self.buttons["salto"].clicked.connect(lambda: self.manoeuvre("salto"))
        self.buttons["tackle"].clicked.connect(lambda: self.manoeuvre("tackle"))
        self.retranslate()

    def retranslate(self) -> None:
        texts = {
            "ma_attack": self.tr("MA attack"), "rush": self.tr("Rush"), "rush_strike": self.tr("Rush 2nd strike"),
            "feint": self.tr("Feint"), "counter_a": self.tr("Counter A"), "counter_b": self.tr("Counter B"),
            "place": self.tr("Place on the battle map"), "grapple": self.tr("Grapple"),
            "salto": self.tr("Salto"), "tackle": self.tr("Tackle"),
        }  # fmt: skip
        for name, text in texts.items():
            self.buttons[name].setText(text)
        tips = {
            "ma_attack": self.tr("The selected combatant attacks the target; MA doubles the damage dice"),
            "rush": self.tr("After a hit that stunned the target: a second strike at the end of the round"),
            "feint": self.tr("Declared before the roll: two strikes; an MA parry of the first stops the second"),
            "counter_a": self.tr("The target parries (−10, −20 against MA), then attacks the selected combatant"),
            "counter_b": self.tr("The target's hit on the selected combatant is unavoidable; then it acts no more"),
            "place": self.tr("A token for each combatant on the open battle board"),
            "grapple": self.tr("The selected combatant rolls 組み付き; the second success in a round deals damage"),
            "salto": self.tr("The selected combatant throws the target down where it stands (MA 60 or more)"),
            "tackle": self.tr("The target is knocked back: DEX×5 or prone, CON×5 or shock (MA 60 or more)"),
        }  # fmt: skip
        for name, tip in tips.items():
            self.buttons[name].setToolTip(tip)
        self.ma_parry.setText(self.tr("Defender parries with MA"))
        self.held_grapple.setText(self.tr("Held grapple (no points)"))
        self.held_grapple.setToolTip(self.tr("A further roll of a grapple already held, which the GM calls free"))
        self.attacked_with_ma.setText(self.tr("Countered attack is MA (parry −20)"))
        self.attacked_with_ma.setToolTip(self.tr("Counter A: the countered attack is a martial-arts attack"))
        self.parry_label.setText(self.tr("Counter A parry:"))
        self.counter_parry.setToolTip(self.tr("The skill the target parries with before its counter attack"))

    def refresh(self, ruleset: str, running: bool) -> None:
        b = ruleset == "coc6-b"
        for name in (*B_ONLY, *B_ROW_4):
            self.buttons[name].setVisible(b)
        for widget in (self.ma_parry, self.attacked_with_ma, self.parry_label, self.counter_parry, self.held_grapple):
            widget.setVisible(b)
        for button in self.buttons.values():
            button.setEnabled(running)
        self.fill_parry_skills()

    def fill_parry_skills(self) -> None:
        """The counterer's (the target's) skills in :data:`PARRY_FIRST` order, then added ones; the choice kept."""
        name = self.panel.target.currentText()
        sheet = next((c.sheet for c in self.panel.bridge.state.ordered_characters()
                      if isinstance(c.sheet, CocSheet) and c.sheet.name == name), None)  # fmt: skip
        skills = list(sheet.skills.items()) if sheet is not None else []
        armed = [w.skill or w.name for w in sheet.weapons] if sheet is not None else []
        first = (*armed, *PARRY_FIRST)
        skills.sort(key=lambda item: (first.index(item[0]) if item[0] in first else len(first), not item[1].added))
        # a parry skill by default (the sheet's weapon, else MA, else こぶし), never the first skill of the list
        wanted = self.counter_parry.currentData() or (parry_skill(sheet) if sheet is not None else MA)
        if sheet is not None and wanted not in sheet.skills:
            wanted = parry_skill(sheet)
        self.counter_parry.blockSignals(True)
        self.counter_parry.clear()
        for skill, entry in skills:
            self.counter_parry.addItem(f"{skill} {entry.value}", skill)
        found = self.counter_parry.findData(wanted)
        self.counter_parry.setCurrentIndex(found if found >= 0 else 0)
        self.counter_parry.blockSignals(False)

    # -- acting -------------------------------------------------------------------
    def _attack_choice(self) -> tuple[str, str, str] | None:
        who, target = self.panel.selected(), self.panel.target.currentText()
        if who is None or not target:
            return None
        return who, target, self.panel.skill.text().strip() or "こぶし"

    def ma_attack(self) -> bool:
        from engine.coc6.manoeuvre_commands import CocMaAttack

        choice = self._attack_choice()
        if choice is None:
            return False
        who, target, skill = choice
        return self.panel.dispatch(CocMaAttack(name=who, target=target, skill=skill))

    def rush(self) -> bool:
        from engine.coc6.manoeuvre_commands import CocRush

        choice = self._attack_choice()
        if choice is None:
            return False
        who, target, skill = choice
        return self.panel.dispatch(CocRush(name=who, target=target, skill=skill))

    def rush_strike(self) -> bool:
        from app.rulesets.coc6.tracker import tracker_of
        from engine.coc6.manoeuvre_commands import CocRushStrike

        tracker = tracker_of(self.panel.bridge.state)
        if tracker is None:
            return False
        due = next((n for n in tracker.order if tracker.combatants[n].rush is not None), None)
        who = due or self.panel.selected() or tracker.actor
        return self.panel.dispatch(CocRushStrike(name=who, ma_parry=self.ma_parry.isChecked()))

    def feint(self) -> bool:
        from engine.coc6.manoeuvre_commands import CocFeint

        choice = self._attack_choice()
        if choice is None:
            return False
        who, target, skill = choice
        return self.panel.dispatch(CocFeint(name=who, target=target, skill=skill, ma_parry=self.ma_parry.isChecked()))

    def counter(self, kind: str) -> bool:
        """The target counters the selected combatant (the attacker, usually the current actor)."""
        from engine.coc6.manoeuvre_commands import CocCounter

        choice = self._attack_choice()
        if choice is None:
            return False
        attacker, defender, skill = choice
        parry = MA if self.ma_parry.isChecked() else None
        own_parry = self.counter_parry.currentData() or MA
        return self.panel.dispatch(
            CocCounter(
                name=defender,
                attacker=attacker,
                kind=kind,
                skill=skill,
                parry_skill=own_parry,
                attacked_with_ma=self.attacked_with_ma.isChecked(),
                attacker_parry_skill=parry,
            )  # fmt: skip
        )

    def grapple(self) -> bool:
        """CBT-B-5: the selected combatant's grapple roll; a held grapple's roll pays no points."""
        from engine.coc6.commands import CocGrapple

        who = self.panel.selected()
        if who is None:
            return False
        action = None if self.held_grapple.isChecked() else "attack"
        return self.panel.dispatch(CocGrapple(name=who, action=action))

    def manoeuvre(self, kind: Literal["salto", "tackle"]) -> bool:
        """CBT-B-7: the selected combatant's salto or tackle on the target (the engine checks MA ≥ 60)."""
        from engine.coc6.commands import CocManoeuvre

        who, target = self.panel.selected(), self.panel.target.currentText()
        if who is None or not target:
            return False
        return self.panel.dispatch(CocManoeuvre(name=who, manoeuvre=kind, target=target))

    def place(self) -> bool:
        from engine.coc6.battle_link import CocPlaceOnBattleMap

        return self.panel.dispatch(CocPlaceOnBattleMap())
