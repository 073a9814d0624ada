"""Procedure ▸ Session growth… (GRW-A-2): the investigators with growth marks
and their marked skills; OK rolls the growth of each chosen investigator as one
``coc_session_growth`` (every roll appears in the log)."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtWidgets import QLabel, QListWidget, QListWidgetItem, QWidget

from app.bridge import SessionBridge
from app.rulesets.coc6.form import CocCommandDialog, investigators
from engine.coc6.commands import CocSessionGrowth
from engine.coc6.sheet import CocSheet
from engine.coc6.texts import word
from engine.core.commands import CommandBase
from engine.core.state import State

#: lupdate reads the literal context and text of every translate("Context", "text") call.
translate = QCoreApplication.translate


def marked(sheet: CocSheet) -> list[str]:
    """The skills that carry a growth mark (GRW-A-1), in sheet order."""
    return [name for name, entry in sheet.skills.items() if entry.growth is not None]


def anyone_marked(state: State) -> bool:
    return any(marked(sheet) for _cid, sheet in investigators(state, npcs=True))


class CocGrowthDialog(CocCommandDialog):
    """One checkable row per investigator with marks (all checked at first)."""

    def __init__(self, bridge: SessionBridge, parent: QWidget | None = None) -> None:
        super().__init__(bridge, parent)
        self.setObjectName("coc-growth")
        self.set_title(translate("CocGrowthDialog", "Session growth"))
        self.list = QListWidget()
        self.list.setObjectName("coc-growth-list")
        lang = bridge.lang
        for cid, sheet in investigators(bridge.state, npcs=True):
            skills = marked(sheet)
            if not skills:
                continue
            marks = "、".join(f"{name}（{word(sheet.skills[name].growth or '', lang)}）" for name in skills)
            item = QListWidgetItem(f"{sheet.name}: {marks}")
            item.setData(Qt.ItemDataRole.UserRole, cid)
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(Qt.CheckState.Checked)
            self.list.addItem(item)
        if self.list.count():
            text = translate("CocGrowthDialog", "Roll the growth of every marked skill (GRW-A-2) for the chosen ones:")
        else:
            text = translate("CocGrowthDialog", "No investigator has a growth mark this session.")
        intro = QLabel(text)
        intro.setWordWrap(True)
        self.body.addWidget(intro)
        self.body.addWidget(self.list)
        self.resize(460, 320)

    def commands(self) -> Sequence[CommandBase]:
        out: list[CommandBase] = []
        for row in range(self.list.count()):
            item = self.list.item(row)
            if item.checkState() == Qt.CheckState.Checked:
                out.append(CocSessionGrowth(character=str(item.data(Qt.ItemDataRole.UserRole))))
        return out


__all__ = ["CocGrowthDialog", "anyone_marked", "marked"]
