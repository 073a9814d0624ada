"""The phase stepper dock (「進行」): where the exploration cycle stands and what
the GM does now (RULES.md §3, CYC-1).

Everything shown comes from ``current_step(state)``, re-read after every
applied command and after a session is replaced, so the panel is right after a
free board command, an undo or a reload.  The step's choices are widgets (see
:mod:`app.rulesets.upland.forms`); Resolve (Ctrl+Enter) sends the step's command,
optionally with dice the GM typed (DICE-2); Jump moves the procedure by hand
(``JumpToStep``).  Nothing here stands in the GM's way: the free board tools
work between any two steps, and every step is one undoable command.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QComboBox,
    QFrame,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QMessageBox,
    QPushButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from app.bridge import SessionBridge
from app.common.wheel_guard import WheelGuard, guard_wheel
from app.i18n import Retranslating
from app.rulesets import parts_for
from app.rulesets.upland.forms import StepForm
from engine.core.commands import CommandBase
from engine.core.session import Outcome
from engine.core.state import State
from engine.dice.typed import parse_typed_dice
from engine.errors import EngineError
from engine.upland.commands import JumpToStep
from engine.upland.procedure import Phase, StepId
from engine.upland.slice import cycle_now, encounter_of
from engine.upland.stepper import StepInfo
from engine.upland.texts import step_text

ORIGIN = "stepper"
# Steps the GM may jump to by hand (the set-up is left by undo, not by a jump).
JUMP_STEPS: tuple[StepId, ...] = tuple(s for s in StepId if s is not StepId.SETUP)


class StepperPanel(Retranslating, QWidget):
    """Cycle, phase, the step's instruction and choices, Resolve and Jump."""

    # the current ``StepInfo`` (None outside the Upland): the board lights its focus
    step_changed = Signal(object)
    # a sentence for the status bar (why Resolve did nothing)
    status_message = Signal(str)

    def __init__(self, bridge: SessionBridge, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.bridge = bridge
        self.info: StepInfo | None = None
        self.form: StepForm | None = None
        self._key: object = None
        self._wheel_guard = WheelGuard(self)

        self.cycle_label = QLabel()
        self.cycle_label.setStyleSheet("color: #555; font-weight: bold;")
        self.step_label = QLabel()
        self.step_label.setWordWrap(True)
        font = self.step_label.font()
        font.setBold(True)
        font.setPointSizeF(font.pointSizeF() * 1.15)
        self.step_label.setFont(font)
        self.text_label = QLabel()
        self.text_label.setWordWrap(True)
        self.text_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.rules_label = QLabel()
        self.rules_label.setWordWrap(True)
        self.rules_label.setStyleSheet("color: #777;")
        self.form_host = QWidget()
        self.form_box = QVBoxLayout(self.form_host)
        self.form_box.setContentsMargins(0, 4, 0, 4)
        self.form_scroll = QScrollArea()
        self.form_scroll.setWidgetResizable(True)
        self.form_scroll.setFrameShape(QFrame.Shape.NoFrame)
        self.form_scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.form_scroll.setWidget(self.form_host)
        self.dice_label = QLabel()
        self.dice = QLineEdit()
        self.resolve_button = QPushButton()
        self.resolve_button.setObjectName("stepper.resolve")
        self.resolve_button.setDefault(True)
        bold = self.resolve_button.font()
        bold.setBold(True)
        self.resolve_button.setFont(bold)
        self.resolve_button.setMinimumHeight(30)
        self.jump_label = QLabel()
        self.jump_combo = QComboBox()
        for step in JUMP_STEPS:
            self.jump_combo.addItem("", step.value)
        self.jump_button = QPushButton()

        dice_row = QHBoxLayout()
        dice_row.addWidget(self.dice_label)
        dice_row.addWidget(self.dice, 1)
        jump_row = QHBoxLayout()
        jump_row.addWidget(self.jump_label)
        jump_row.addWidget(self.jump_combo, 1)
        jump_row.addWidget(self.jump_button)
        line = QFrame()
        line.setFrameShape(QFrame.Shape.HLine)
        line.setFrameShadow(QFrame.Shadow.Sunken)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        layout.addWidget(self.cycle_label)
        layout.addWidget(self.step_label)
        layout.addWidget(self.text_label)
        layout.addWidget(self.rules_label)
        layout.addWidget(line)
        layout.addWidget(self.form_scroll, 1)
        layout.addLayout(dice_row)
        layout.addWidget(self.resolve_button)
        layout.addLayout(jump_row)

        self.resolve_button.clicked.connect(self.resolve)
        self.jump_button.clicked.connect(self.jump)
        self.dice.returnPressed.connect(self.resolve)
        bridge.applied.connect(self._on_outcome)
        bridge.refused.connect(self._on_refused)
        bridge.session_replaced.connect(self.sync_from_state)
        self.retranslate()

    # -- reading the state ------------------------------------------------------------
    def sync_from_state(self) -> None:
        self._on_step_change(force=True)

    def _on_outcome(self, _outcome: Outcome) -> None:
        self._on_step_change()

    def _on_refused(self, _error: EngineError, origin: object) -> None:
        # a refused declaration: put the widgets back to what the state says
        if origin == ORIGIN:
            self._on_step_change(force=True)

    def _step(self, state: State) -> StepInfo | None:
        steps = parts_for(state.ruleset).steps  # a session without this procedure has no step
        return steps.current(state) if steps is not None else None

    def _on_step_change(self, force: bool = False) -> None:
        state = self.bridge.state
        info = self._step(state)
        cycle = cycle_now(state)
        # the form also reads declarations, hands and squares beyond StepInfo, and an
        # encounter's form the battle board and the set-up (ENC-2…ENC-8)
        key = (
            info,
            cycle.declarations if cycle is not None else None,
            state.hands,
            state.squares,
            self.bridge.lang,
            state.slices.get("battle"),
            encounter_of(state),
        )
        if key == self._key and not force:
            return
        changed = info != self.info or force
        self._key = key
        self.info = info
        self._on_header_change()
        self._on_form_change(state, info)
        if changed:
            self.step_changed.emit(info)

    def _on_header_change(self) -> None:
        info, lang = self.info, self.bridge.lang
        if info is None:
            self.cycle_label.setText("")
            self.step_label.setText(self.tr("The Upland procedure"))
            self.text_label.setText(
                self.tr("This session uses the {ruleset} rules; the stepper runs the Upland exploration cycle.").format(
                    ruleset=self.bridge.state.ruleset
                )
            )
            self.rules_label.setText("")
            return
        if info.step is StepId.SETUP:
            self.cycle_label.setText(self.tr("Before the exploration"))
        else:
            self.cycle_label.setText(
                self.tr("Cycle {cycle} · {phase}").format(cycle=info.cycle, phase=self.phase_text(info.phase))
            )
        self.step_label.setText(info.title(lang))
        self.text_label.setText(info.text(lang))
        self.rules_label.setText(self.tr("Rules: {rules}").format(rules=" ".join(info.rules)))

    def _on_form_change(self, state: State, info: StepInfo | None) -> None:
        picks: dict[str, object] = {}
        same_step = self.form is not None and info is not None and self.form.info.step is info.step
        if self.form is not None:
            if same_step:
                picks = self.form.selections()
            self.form_box.removeWidget(self.form)
            self.form.hide()
            self.form.deleteLater()
            self.form = None
        if info is not None:
            steps = parts_for(state.ruleset).steps
            assert steps is not None  # there is a step, so the ruleset has steps
            form = steps.form(state, info, self.bridge.lang, self._dispatch)
            assert isinstance(form, StepForm)  # this panel shows the step forms of app.rulesets.upland.forms
            form.restore(picks)
            form.changed.connect(self._on_buttons_change)
            guard_wheel(form, self._wheel_guard)  # scrolling the dock never turns a choice
            self.form_box.addWidget(form)
            self.form = form
        self._on_buttons_change()

    def _on_buttons_change(self) -> None:
        info, form = self.info, self.form
        command = form.resolve_command() if form is not None else None
        self.resolve_button.setText(form.resolve_text() if form is not None else self.tr("Resolve"))
        self.resolve_button.setEnabled(command is not None)
        rolls = form is not None and form.rolls
        compact = form is not None and form.compact
        self.text_label.setVisible(not compact)
        for widget in (self.dice_label, self.dice):  # typed dice have nothing to go to: the row folds too
            widget.setVisible(not (compact and not rolls))
        self.dice.setEnabled(rolls)
        self.dice_label.setEnabled(rolls)
        running = info is not None and info.step is not StepId.SETUP
        self.jump_combo.setEnabled(running)
        self.jump_button.setEnabled(running)
        if info is not None:
            index = self.jump_combo.findData(info.step.value)
            if index >= 0:
                self.jump_combo.blockSignals(True)
                self.jump_combo.setCurrentIndex(index)
                self.jump_combo.blockSignals(False)

    # -- gestures → commands ---------------------------------------------------------------
    def _dispatch(self, command: CommandBase) -> bool:
        return self.bridge.dispatch(command, origin=ORIGIN)

    def resolve(self) -> bool:
        """Send the step's command (Resolve button, Ctrl+Enter)."""
        if self.form is None or not self.resolve_button.isEnabled():
            self.status_message.emit(self.tr("There is nothing to resolve at this step."))
            return False
        dice: list[int] | None = None
        if self.form.rolls:
            try:
                dice = parse_typed_dice(self.dice.text())
            except EngineError as refusal:
                self.status_message.emit(self.bridge.message(refusal))
                return False
        if not self._settle_undeclared():
            return False
        command = self.form.resolve_command(dice)
        if command is None:
            self.status_message.emit(self.tr("Choose what the step needs first."))
            return False
        done = self._dispatch(command)
        if done:
            self.dice.clear()
        return done

    def _settle_undeclared(self) -> bool:
        """INV-1: nobody is taken as "no action" unless the GM says so: ask,
        naming who has not declared; "no action" is then declared for each
        (one logged command each), or the GM goes back to declare."""
        assert self.form is not None
        missing = self.form.undeclared()
        if not missing:
            return True
        names = "、".join(name for name, _command in missing)
        box = QMessageBox(self)
        box.setObjectName("stepper.undeclared")
        box.setIcon(QMessageBox.Icon.Question)
        box.setWindowTitle(self.tr("Not everyone has declared"))
        box.setText(self.tr("{names}: no action declared yet.").format(names=names))
        box.setInformativeText(self.tr("Declare “no action” for them and resolve, or go back and declare (INV-1)."))
        settle = box.addButton(self.tr("Declare “no action” and resolve"), QMessageBox.ButtonRole.AcceptRole)
        back = box.addButton(self.tr("Go back"), QMessageBox.ButtonRole.RejectRole)
        box.setDefaultButton(back)
        box.setEscapeButton(back)
        box.exec()
        if box.clickedButton() is not settle:
            self.status_message.emit(self.tr("Not resolved: {names} still to declare.").format(names=names))
            return False
        return all(self._dispatch(command) for _name, command in missing)

    def jump(self) -> bool:
        """Put the procedure at the chosen step by hand (logged, undoable)."""
        data = self.jump_combo.currentData()
        if data is None:
            return False
        return self._dispatch(JumpToStep(step=StepId(data)))

    # -- language ----------------------------------------------------------------------------
    def phase_text(self, phase: Phase) -> str:
        return {
            Phase.INVESTIGATION: self.tr("Investigation phase"),
            Phase.TIME: self.tr("Time phase"),
            Phase.INCIDENT: self.tr("Event phase"),
            Phase.END: self.tr("End of cycle"),
            Phase.DONE: self.tr("Exploration over"),
        }[phase]

    def retranslate(self) -> None:
        self.dice_label.setText(self.tr("Typed dice"))
        self.dice.setPlaceholderText(self.tr("e.g. 23 71 4 — empty: the session rolls"))
        self.dice.setToolTip(self.tr("Physical dice in the order they are rolled (DICE-2)."))
        self.resolve_button.setToolTip(self.tr("Resolve the step (Ctrl+Enter)"))
        self.jump_label.setText(self.tr("Jump to"))
        self.jump_button.setText(self.tr("Jump"))
        self.jump_button.setToolTip(self.tr("Put the procedure at another step by hand (logged; undo brings it back)."))
        for index in range(self.jump_combo.count()):
            self.jump_combo.setItemText(index, step_text(str(self.jump_combo.itemData(index)), self.bridge.lang))
        self._key = None
        self._on_step_change(force=True)


__all__ = ["StepperPanel"]
