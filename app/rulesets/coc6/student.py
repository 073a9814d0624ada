"""Procedure ▸ Student investigator… (ruleset B, STU-B-1).

A student's finished sheet gets English = EDU (native Japanese), 信用 −10 and
+40 interest points, once; high-school and university students (高専生: always
science) may pick an arts or science track, whose skills — the GM counts them
— get +10 on every check.  The dialog asks what ``coc_student`` needs: the
investigator, whether the GM calls them a student (an occupation not in the
student list), the track and its skills from the investigator's own sheet.
OK dispatches the one command; the engine's refusals ("not a student",
"already made") are shown in the dialog.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtWidgets import QCheckBox, QComboBox, QFormLayout, QLabel, QListWidget, QListWidgetItem, QWidget

from app.bridge import SessionBridge
from app.rulesets.coc6.form import CocCommandDialog, investigator_box
from engine.coc6.commands import CocStudent
from engine.coc6.sheet import CocSheet
from engine.core.commands import CommandBase

#: lupdate reads the literal context and text of every translate("Context", "text") call.
translate = QCoreApplication.translate


class CocStudentDialog(CocCommandDialog):
    """Investigator, "the GM calls them a student", track (none / arts / science) and the track's skills."""

    TRACKS = (None, "arts", "science")

    def __init__(self, bridge: SessionBridge, parent: QWidget | None = None) -> None:
        super().__init__(bridge, parent)
        self.setObjectName("coc-student")
        self.set_title(translate("CocStudentDialog", "Student investigator"))
        self.who = investigator_box(bridge.state, "coc-student-who")
        self.occupation = QLabel()
        self.occupation.setObjectName("coc-student-occupation")
        self.gm_says = QCheckBox(translate("CocStudentDialog", "The GM counts this investigator as a student"))
        self.gm_says.setObjectName("coc-student-gm-says")
        self.track = QComboBox()
        self.track.setObjectName("coc-student-track")
        names = (
            translate("CocStudentDialog", "No track"),
            translate("CocStudentDialog", "Arts"),
            translate("CocStudentDialog", "Science"),
        )
        for track, name in zip(self.TRACKS, names, strict=True):
            self.track.addItem(name, track)
        self.skills = QListWidget()
        self.skills.setObjectName("coc-student-track-skills")
        self.skills.setToolTip(translate("CocStudentDialog", "Check the skills the GM counts in the track (+10 each)"))
        explained = QLabel(translate(
            "CocStudentDialog",
            "Made once: English = EDU (native Japanese), Credit Rating −10, +40 interest points; "
            "a track gives +10 on its skills.",
        ))  # fmt: skip
        explained.setWordWrap(True)
        form = QFormLayout()
        form.addRow(translate("CocStudentDialog", "Investigator"), self.who)
        form.addRow(translate("CocStudentDialog", "Occupation"), self.occupation)
        form.addRow("", self.gm_says)
        form.addRow(translate("CocStudentDialog", "Track"), self.track)
        form.addRow(translate("CocStudentDialog", "Track skills"), self.skills)
        self.body.addWidget(explained)
        self.body.addLayout(form)
        self.who.currentIndexChanged.connect(self._fill)
        self.track.currentIndexChanged.connect(self._track_changed)
        self._fill()

    def _sheet(self) -> CocSheet | None:
        cid = self.who.currentData()
        sheet = self.bridge.state.characters[cid].sheet if cid in self.bridge.state.characters else None
        return sheet if isinstance(sheet, CocSheet) else None

    def _fill(self) -> None:
        """The chosen investigator's occupation and skills (none checked)."""
        sheet = self._sheet()
        self.occupation.setText((sheet.occupation or "—") if sheet is not None else "—")
        self.skills.clear()
        for name in sheet.skills if sheet is not None else ():
            item = QListWidgetItem(name)
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(Qt.CheckState.Unchecked)
            self.skills.addItem(item)
        self._track_changed()

    def _track_changed(self) -> None:
        self.skills.setEnabled(self.track.currentData() is not None)

    def track_skills(self) -> tuple[str, ...]:
        items = (self.skills.item(row) for row in range(self.skills.count()))
        return tuple(item.text() for item in items if item.checkState() == Qt.CheckState.Checked)

    def commands(self) -> Sequence[CommandBase]:
        if self.who.count() == 0:
            return ()
        track = self.track.currentData()
        return (CocStudent(character=str(self.who.currentData()), track=track,
                           track_skills=self.track_skills() if track is not None else (),
                           gm_says=self.gm_says.isChecked()),)  # fmt: skip


__all__ = ["CocStudentDialog"]
