"""Skill names the sheet editor offers as the GM types.

A skill typed as the set's own name (〈偵察〉) or with a typo is refused only
later, at the roll; completing from the Upland skill sets (with their aliases)
and the Call of Cthulhu skill list catches that at the keyboard.
"""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, Qt
from PySide6.QtWidgets import QCompleter, QLineEdit, QStyledItemDelegate, QStyleOptionViewItem, QWidget

from engine.coc6.skills import skill_names as coc_skill_names
from engine.upland.sheet import is_characteristic_roll
from engine.upland.tables import tables


def known_skill_names() -> list[str]:
    """Every skill of the Upland sets (aliases too), then the CoC list; each once."""
    names: list[str] = []
    sets = tables().skill_sets
    for skill_set in sets.sets:
        for name in skill_set.skill_names():
            if not is_characteristic_roll(name):
                names.append(name)
                names.extend(sets.aliases.get(name, ()))
    names.extend(coc_skill_names())
    return list(dict.fromkeys(names))


def skill_completer(parent: QWidget | None = None) -> QCompleter:
    """Completion that matches anywhere in the name (聞 finds 聞き耳), case-blind."""
    completer = QCompleter(known_skill_names(), parent)
    completer.setCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
    completer.setFilterMode(Qt.MatchFlag.MatchContains)
    completer.setCompletionMode(QCompleter.CompletionMode.PopupCompletion)
    return completer


class SkillNameDelegate(QStyledItemDelegate):
    """The skill-name cell's editor: a line edit completing from :func:`known_skill_names`."""

    def createEditor(
        self, parent: QWidget, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex
    ) -> QWidget:
        editor = QLineEdit(parent)
        editor.setCompleter(skill_completer(editor))
        return editor


__all__ = ["SkillNameDelegate", "known_skill_names", "skill_completer"]
