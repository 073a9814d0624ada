"""The sanity dialogs of the Procedure menu: SAN check…, Advance the game
clock… (MAD-A-1's long madness ends and MAD-A-3's game hour run on it) and
Psychoanalysis… (MAD-A-2/3).  Each OK is one command; the engine's refusals
are shown in the dialog."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QCheckBox, QComboBox, QFormLayout, QLabel, QLineEdit, QSpinBox, QWidget

from app.bridge import SessionBridge
from app.rulesets.coc6.form import CocCommandDialog, investigator_box
from engine.coc6.commands import CocAdvanceClock, CocPsychoanalysis, CocSanCheck
from engine.coc6.events import COC_SLICE
from engine.coc6.state import CocState
from engine.core.commands import CommandBase
from engine.core.state import State
from engine.dice.expression import parse_expression
from engine.errors import EngineError

#: lupdate reads the literal context and text of every translate("Context", "text") call.
translate = QCoreApplication.translate


def game_minute(state: State) -> int:
    """The game clock in minutes since the session began (ruleset A's sanity part)."""
    coc = state.slices.get(COC_SLICE)
    return coc.sanity.minute if isinstance(coc, CocState) else 0


def clock_text(minute: int) -> str:
    """The game time for the pool dock: day, hours and minutes since the start."""
    day, rest = divmod(minute, 24 * 60)
    return translate("CocSanityDialogs", "Game time: day {day}, {hours}:{minutes}").format(
        day=day + 1, hours=rest // 60, minutes=f"{rest % 60:02d}"
    )


class CocSanCheckDialog(CocCommandDialog):
    """Investigator, the losses (``1/1D6`` typed in the first box fills both), long/short, the content."""

    def __init__(self, bridge: SessionBridge, parent: QWidget | None = None) -> None:
        super().__init__(bridge, parent)
        self.setObjectName("coc-san-check")
        self.set_title(translate("CocSanityDialogs", "SAN check"))
        self.who = investigator_box(bridge.state, "coc-san-who", npcs=True)
        self.success_loss = QLineEdit("0")
        self.success_loss.setObjectName("coc-san-success")
        self.success_loss.setPlaceholderText("0")
        self.failure_loss = QLineEdit("1D3")
        self.failure_loss.setObjectName("coc-san-failure")
        self.failure_loss.setPlaceholderText("1D6")
        self.long = QCheckBox(translate("CocSanityDialogs", "Long (a lasting sight: long temporary madness)"))
        self.long.setObjectName("coc-san-long")
        self.content = QLineEdit()
        self.content.setObjectName("coc-san-content")
        self.content.setPlaceholderText(
            translate("CocSanityDialogs", "What was seen (for the log and indefinite madness)")
        )
        form = QFormLayout()
        form.addRow(translate("CocSanityDialogs", "Investigator"), self.who)
        form.addRow(translate("CocSanityDialogs", "Loss on a success"), self.success_loss)
        form.addRow(translate("CocSanityDialogs", "Loss on a failure"), self.failure_loss)
        form.addRow("", self.long)
        form.addRow(translate("CocSanityDialogs", "Content"), self.content)
        self.body.addLayout(form)
        self.success_loss.editingFinished.connect(self._split_pair)
        self.success_loss.textChanged.connect(self.validate)
        self.failure_loss.textChanged.connect(self.validate)
        self.validate()

    def _split_pair(self) -> None:
        """``1/1D6`` (how scenarios write it) goes into both boxes."""
        text = self.success_loss.text()
        if text.count("/") == 1:
            success, failure = (part.strip() for part in text.split("/"))
            self.success_loss.setText(success)
            self.failure_loss.setText(failure)
            self.failure_loss.setFocus()

    def _problem(self) -> str | None:
        if "/" in self.failure_loss.text():
            return (
                translate("CocSanityDialogs", "Loss on a failure")
                + ": "
                + translate("CocSanityDialogs", "one dice expression only (1/1D6 goes in the first box)")
            )
        for label, box in ((translate("CocSanityDialogs", "Loss on a success"), self.success_loss),
                           (translate("CocSanityDialogs", "Loss on a failure"), self.failure_loss)):  # fmt: skip
            try:
                parse_expression(box.text().strip())
            except EngineError as exc:
                return f"{label}: {self.bridge.message(exc)}"
        if self.who.count() == 0:
            return translate("CocSanityDialogs", "No character has an investigator sheet yet.")
        return None

    def validate(self) -> bool:
        """Refuse an unreadable loss in place: the message under the form, OK greyed."""
        problem = self._problem()
        self.say(problem or "")
        self.buttons.button(self.buttons.StandardButton.Ok).setEnabled(problem is None)
        return problem is None

    def commands(self) -> Sequence[CommandBase]:
        self._split_pair()
        if not self.validate():
            return ()
        content = self.content.text().strip() or None
        ask = self.bridge.state.ruleset == "coc6-a"  # A: a C/F of the SAN or アイデア roll waits for the GM (CHK-A-4)
        return (CocSanCheck(character=str(self.who.currentData()), success_loss=self.success_loss.text().strip(),
                            failure_loss=self.failure_loss.text().strip(), long=self.long.isChecked(),
                            content=content, ask=ask),)  # fmt: skip

    def _dispatch(self, command: CommandBase) -> str | None:
        """The SAN check, then the GM's rulings it waits for (special effect or pool chip, CHK-A-4)."""
        from app.rulesets.coc6.checks import answer_pending

        error = super()._dispatch(command)
        if error is None:
            answer_pending(self.bridge, self)
        return error


class CocClockDialog(CocCommandDialog):
    """How long the investigators spend: hours and minutes, one ``coc_advance_clock``."""

    def __init__(self, bridge: SessionBridge, parent: QWidget | None = None) -> None:
        super().__init__(bridge, parent)
        self.setObjectName("coc-clock")
        self.set_title(translate("CocSanityDialogs", "Advance the game clock"))
        self.hours = QSpinBox()
        self.hours.setObjectName("coc-clock-hours")
        self.hours.setRange(0, 24 * 30)
        self.minutes = QSpinBox()
        self.minutes.setObjectName("coc-clock-minutes")
        self.minutes.setRange(0, 59)
        self.minutes.setSingleStep(5)
        form = QFormLayout()
        form.addRow(translate("CocSanityDialogs", "Now"), _label(clock_text(game_minute(bridge.state))))
        form.addRow(translate("CocSanityDialogs", "Hours"), self.hours)
        form.addRow(translate("CocSanityDialogs", "Minutes"), self.minutes)
        self.body.addLayout(form)

    def commands(self) -> Sequence[CommandBase]:
        total = self.hours.value() * 60 + self.minutes.value()
        if total <= 0:
            self.say(translate("CocSanityDialogs", "Advance the clock by at least one minute."))
            return ()
        return (CocAdvanceClock(minutes=total),)


class CocPsychoanalysisDialog(CocCommandDialog):
    """The analyst rolls 〈精神分析〉 on the patient's madness of the chosen kind."""

    KINDS = ("short", "long", "indefinite")

    def __init__(self, bridge: SessionBridge, parent: QWidget | None = None) -> None:
        super().__init__(bridge, parent)
        self.setObjectName("coc-psychoanalysis")
        self.set_title(translate("CocSanityDialogs", "Psychoanalysis"))
        self.analyst = investigator_box(bridge.state, "coc-analyst", npcs=True)
        self.patient = investigator_box(bridge.state, "coc-patient", npcs=True)
        if self.patient.count() > 1:
            self.patient.setCurrentIndex(1)
        self.kind = QComboBox()
        self.kind.setObjectName("coc-madness-kind")
        names = (
            translate("CocSanityDialogs", "Short temporary madness"),
            translate("CocSanityDialogs", "Long temporary madness"),
            translate("CocSanityDialogs", "Indefinite madness"),
        )
        for kind, name in zip(self.KINDS, names, strict=True):
            self.kind.addItem(name, kind)
        form = QFormLayout()
        form.addRow(translate("CocSanityDialogs", "Analyst"), self.analyst)
        form.addRow(translate("CocSanityDialogs", "Patient"), self.patient)
        form.addRow(translate("CocSanityDialogs", "Madness"), self.kind)
        self.body.addLayout(form)

    def commands(self) -> Sequence[CommandBase]:
        if self.analyst.count() == 0:
            return ()
        return (CocPsychoanalysis(analyst=str(self.analyst.currentData()), patient=str(self.patient.currentData()),
                                  kind=self.kind.currentData()),)  # fmt: skip


def _label(text: str) -> QLabel:
    label = QLabel(text)
    label.setObjectName("coc-clock-now")
    return label


__all__ = ["CocClockDialog", "CocPsychoanalysisDialog", "CocSanCheckDialog", "clock_text", "game_minute"]
