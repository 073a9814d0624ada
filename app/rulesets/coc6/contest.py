"""The tracker dock's row of ruleset A's flee and cover rolls (CBT-A-1).

Fleeing is DEX×5 and covering DEX×4, or the DEX contest against the enemy when
that is better; the enemy's DEX is not on any sheet the dock knows of (the
monster or the attacker is often not in the party), so the GM types it in the
spin box.  Each button rolls for the selected combatant (the current actor
unless the GM picks another row) as one ``coc_contest``; the result line of
the dock says the target and the roll, a missing enemy DEX is refused there.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from PySide6.QtWidgets import QHBoxLayout, QLabel, QPushButton, QSpinBox, QWidget

if TYPE_CHECKING:
    from app.rulesets.coc6.tracker import TrackerPanel


class ContestBar(QWidget):
    def __init__(self, panel: TrackerPanel) -> None:
        super().__init__(panel)
        self.panel = panel
        self.enemy_label = QLabel()
        self.enemy_dex = QSpinBox()
        self.enemy_dex.setObjectName("coc-enemy-dex")
        self.enemy_dex.setRange(0, 99)  # 0: not given yet (shown as "—")
        self.enemy_dex.setSpecialValueText("—")
        self.enemy_label.setBuddy(self.enemy_dex)
        self.flee = QPushButton()
        self.flee.setObjectName("coc-flee")
        self.cover = QPushButton()
        self.cover.setObjectName("coc-cover-roll")
        self.flee.clicked.connect(lambda: self.roll("flee"))
        self.cover.clicked.connect(lambda: self.roll("cover"))
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(self.enemy_label)
        row.addWidget(self.enemy_dex)
        row.addWidget(self.flee)
        row.addWidget(self.cover)
        row.addStretch(1)
        self.retranslate()

    def retranslate(self) -> None:
        self.enemy_label.setText(self.tr("Enemy DEX:"))
        self.flee.setText(self.tr("Flee roll"))
        self.cover.setText(self.tr("Cover roll"))
        self.flee.setToolTip(self.tr("The selected combatant flees: DEX×5 or the DEX contest, whichever is better"))
        self.cover.setToolTip(self.tr("The selected combatant covers: DEX×4 or the DEX contest, whichever is better"))

    def refresh(self, ruleset: str, running: bool) -> None:
        self.setVisible(ruleset == "coc6-a")
        self.flee.setEnabled(running)
        self.cover.setEnabled(running)

    def roll(self, kind: Literal["flee", "cover"]) -> bool:
        from engine.coc6.commands import CocContest

        who = self.panel.selected()
        if who is None:
            return False
        if self.enemy_dex.value() < 1:
            self.panel.result.setText("")
            self.panel.message.setText(self.tr("Type the enemy's DEX first."))
            return False
        return self.panel.dispatch(CocContest(name=who, kind=kind, enemy_dex=self.enemy_dex.value()))
