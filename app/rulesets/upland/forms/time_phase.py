"""The time phase's forms (TIM-1 … TIM-5): who holds a sleepwalker back, and
what the party does with its time (move, wait, leave)."""

from __future__ import annotations

from PySide6.QtWidgets import QButtonGroup, QComboBox, QGridLayout, QHBoxLayout, QLabel, QPushButton, QRadioButton

from app.rulesets.upland.forms.base import StepForm, choice, fill, name_label
from engine.core.commands import CommandBase
from engine.upland.commands import ChooseLeave, ChooseMove, ChooseWait, ContinueCycle, HoldBack
from engine.upland.slice import cycle_now
from engine.upland.texts import card_text, level_text, wait_text


class HoldBackForm(StepForm):
    """TIM-3: who holds each sleepwalker back (or nobody), then continue."""

    def build(self) -> None:
        cycle = cycle_now(self.state)
        walkers = cycle.sleepwalkers if cycle is not None else {}
        grid = QGridLayout()
        row = 0
        for cid, walker in walkers.items():
            grid.addWidget(name_label(self.state, cid), row, 0)
            level = QLabel(level_text(walker.level, self.lang))
            grid.addWidget(level, row, 1)
            found = choice(self.info, "holder", cid)
            if walker.held_by is not None:
                grid.addWidget(
                    QLabel(
                        self.tr("held back by {name}").format(name=self.info.names.get(walker.held_by, walker.held_by))
                    ),
                    row,
                    2,
                    1,
                    2,
                )
            elif found is None:
                grid.addWidget(QLabel(self.tr("cannot be held back")), row, 2, 1, 2)
            else:
                holder = QComboBox()
                fill(holder, [(self.info.names.get(h, h), h) for h in found.options], None)
                button = QPushButton(self.tr("Hold back"))
                button.clicked.connect(
                    lambda _c=False, w=cid, h=holder: self.dispatch(HoldBack(sleepwalker=w, holder=h.currentData()))
                )
                self.keep(f"holder:{cid}", holder)
                grid.addWidget(holder, row, 2)
                grid.addWidget(button, row, 3)
            row += 1
        self.box.addLayout(grid)

    def resolve_command(self, dice: list[int] | None = None) -> CommandBase | None:
        return ContinueCycle()

    def resolve_text(self) -> str:
        return self.tr("Continue")


class ChooseForm(StepForm):
    """TIM-1: move (TIM-4/TIM-5), wait with each one's sleep/rest/watch (TIM-6), or
    leave at the gate (TIM-7)."""

    def build(self) -> None:
        self.move_choice = QRadioButton(self.tr("Move to"))
        self.wait = QRadioButton(self.tr("Wait one hour"))
        self.leave = QRadioButton(self.tr("Leave the Upland"))
        self.group = QButtonGroup(self)
        for button in (self.move_choice, self.wait, self.leave):
            self.group.addButton(button)
        self.move_choice.setChecked(True)
        self.leave.setEnabled(ChooseLeave().type in self.info.commands)
        self.square = QComboBox()
        moves = choice(self.info, "move")
        options = moves.options if moves else ()
        fill(self.square, [(s, s) for s in options], options[0] if options else None)
        self.card = QComboBox()
        cards: list[tuple[str, str | None]] = [(self.tr("no card for a blank square"), None)]
        for member in self.state.ordered_characters():
            for code in self.state.hands.get(member.id, ()):
                cards.append((f"{member.name}: {card_text(code, self.lang)}", f"{member.id}|{code}"))
        fill(self.card, cards, None)
        self.card.setToolTip(self.tr("Moving into a blank square, a player may set a hand card there (TIM-5)."))
        for key, widget in (
            ("mode:move", self.move_choice),
            ("mode:wait", self.wait),
            ("mode:leave", self.leave),
            ("square", self.square),
            ("card", self.card),
        ):
            self.keep(key, widget)

        top = QHBoxLayout()
        top.addWidget(self.move_choice)
        top.addWidget(self.square, 1)
        self.box.addLayout(top)
        self.box.addWidget(self.card)
        self.box.addWidget(self.wait)
        grid = QGridLayout()
        grid.setContentsMargins(18, 0, 0, 0)
        self.waits: dict[str, QComboBox] = {}
        for row, found in enumerate(c for c in self.info.choices if c.kind == "wait"):
            cid = found.character or ""
            combo = QComboBox()
            fill(combo, [(wait_text(a, self.lang), a) for a in found.options], found.default)
            self.waits[cid] = combo
            self.keep(f"wait:{cid}", combo)
            grid.addWidget(name_label(self.state, cid), row, 0)
            grid.addWidget(combo, row, 1)
        self.box.addLayout(grid)
        self.box.addWidget(self.leave)
        self.square.activated.connect(lambda _i: self.move_choice.setChecked(True))
        self.square.currentIndexChanged.connect(lambda _i: self._on_square_change())
        self._on_square_change()
        for combo in self.waits.values():
            combo.activated.connect(lambda _i: self.wait.setChecked(True))

    def _on_square_change(self) -> None:
        # TIM-5: a hand card can be set only on a blank square
        square = self.square.currentData()
        self.card.setEnabled(square is not None and not self.state.squares.get(square))

    def resolve_command(self, dice: list[int] | None = None) -> CommandBase | None:
        if self.leave.isChecked():
            return ChooseLeave()
        if self.wait.isChecked():
            return ChooseWait(actions={c: box.currentData() for c, box in self.waits.items()})
        square = self.square.currentData()
        if square is None:
            return None
        picked = self.card.currentData() if self.card.isEnabled() else None
        if picked:
            by, _, code = str(picked).partition("|")
            return ChooseMove(square=square, card=code, by=by)
        return ChooseMove(square=square)
