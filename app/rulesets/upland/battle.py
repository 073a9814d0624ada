"""The Upland's part of the battle board: the numbered set-up steps of the Battle
menu (seed 000 遭遇【配置】【出現】, ENC-2…ENC-8), their dialogs, and the
strike-rank delay marker a token carries (ENC-8).

Each step sends exactly one of the Upland's commands (each undone on its own,
its dice in the log); the dialogs only gather what the command needs and the
engine refuses with its own reason.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QSpinBox,
    QWidget,
)

from app.rulesets.parts import BattlePart, BattleStep
from engine.hexbattle.slot import battle_of

if TYPE_CHECKING:
    from engine.core.commands import CommandBase
    from engine.core.state import State


def tr(text: str) -> str:
    """A string the battle board's catalogue already holds (context ``Battle``)."""
    return QCoreApplication.translate("Battle", text)


def _t(text: str) -> str:
    """A string of the Upland's battle part (assets/i18n/encounter_ja.ts)."""
    return QCoreApplication.translate("UplandBattle", text)


def _buttons(dialog: QDialog, layout: QFormLayout) -> None:
    buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
    buttons.accepted.connect(dialog.accept)
    buttons.rejected.connect(dialog.reject)
    layout.addRow(buttons)


def typed_dice(text: str) -> list[int] | None:
    """Physical dice typed as numbers; None when the field is empty (the session's dice roll)."""
    parts = text.replace(",", " ").split()
    if not parts:
        return None
    return [int(p) for p in parts if p.lstrip("-").isdigit()]


class AppearanceDialog(QDialog):
    """ENC-5: each character's declaration (Sight or Listen, its % beside it) and the
    encounter strength — the game's (the active spade after any ♥ reinforcement,
    INT-3) unless the GM gives another with a reason."""

    def __init__(self, state: State, parent: QWidget | None = None) -> None:
        from engine.upland.encounter import due_encounter_strength
        from engine.upland.encounter_commands import SKILL_NAMES
        from engine.upland.facts import upland_sheet

        super().__init__(parent)
        self.setWindowTitle(tr("Roll the appearance"))
        layout = QFormLayout(self)
        self.due = due_encounter_strength(state)
        self.strength = QSpinBox()
        self.strength.setRange(1, 20)
        self.strength.setValue(self.due or 1)
        self.reason = QLineEdit()
        self.reason.setPlaceholderText(_t("why another strength than the game's (logged)"))
        if self.due is not None:
            layout.addRow(QLabel(_t("The active spade's strength (after any reinforcement): {n}").format(n=self.due)))
        layout.addRow(tr("Encounter strength:"), self.strength)
        layout.addRow(_t("Reason for another strength:"), self.reason)
        self.strength.valueChanged.connect(self._reason_needed)
        self._reason_needed()
        self.skills: dict[str, QComboBox] = {}
        battle = battle_of(state)
        for token in battle.characters() if battle is not None else []:
            if token.at is None:
                continue
            character = state.characters.get(token.character or "")
            sheet = upland_sheet(character) if character else None
            combo = QComboBox()
            odds: dict[str, int] = {}
            for skill, text in (("sight", tr("Sight")), ("listen", tr("Listen"))):
                found = sheet.skills.get(SKILL_NAMES[skill]) if sheet else None  # type: ignore[index]
                odds[skill] = found.value if found else 0
                combo.addItem(f"{text} {found.value}%" if found else text, skill)
            # the sense the explorer is better at comes first chosen (a missing skill rolls at 0%)
            combo.setCurrentIndex(1 if odds["listen"] > odds["sight"] else 0)
            self.skills[token.id] = combo
            layout.addRow(token.label or token.id, combo)
        self.dice = QLineEdit()
        self.dice.setPlaceholderText(tr("physical dice, e.g. 34 87 5 (empty: the session's dice)"))
        layout.addRow(tr("Dice:"), self.dice)
        _buttons(self, layout)

    def _reason_needed(self) -> None:
        self.reason.setEnabled(self.due is None or self.strength.value() != self.due)

    def fields(self) -> dict[str, object]:
        """The command's fields: no strength while it is the game's own."""
        fields: dict[str, object] = {
            "declarations": {token: combo.currentData() for token, combo in self.skills.items()},
            "dice": typed_dice(self.dice.text()),
        }
        if self.due is None or self.strength.value() != self.due:
            fields["strength"] = self.strength.value()
            fields["reason"] = self.reason.text().strip()
        return fields


class EnemiesDialog(QDialog):
    """ENC-7: how many (blank: the table's number appearing) and whether the players see them."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(tr("Place the enemies"))
        layout = QFormLayout(self)
        self.count = QSpinBox()
        self.count.setRange(0, 200)
        self.count.setSpecialValueText(tr("the table's number"))
        self.hidden = QCheckBox(tr("Hidden from the players until revealed"))
        self.label = QLineEdit()
        self.label.setPlaceholderText(tr("the creature's name"))
        layout.addRow(tr("Number:"), self.count)
        layout.addRow(tr("Label:"), self.label)
        layout.addRow(self.hidden)
        _buttons(self, layout)


Dispatch = Callable[["CommandBase"], bool]


def _plain(command_type: str) -> BattleStep:
    """A step whose command needs nothing from the GM."""

    def run(_state: State, dispatch: Dispatch, _parent: QWidget | None) -> bool:
        from engine.upland import encounter_commands as commands

        found = next(c for c in commands.ENCOUNTER_COMMANDS if c.model_fields["type"].default == command_type)
        return dispatch(found.model_validate({}))

    return BattleStep(command_type, lambda: STEP_TEXTS[command_type](), run)


def _appearance(state: State, dispatch: Dispatch, parent: QWidget | None) -> bool:
    from engine.upland.encounter_commands import RollAppearance

    if battle_of(state) is None:
        return False
    dialog = AppearanceDialog(state, parent)
    if dialog.exec() != QDialog.DialogCode.Accepted:
        return False
    return dispatch(RollAppearance.model_validate(dialog.fields()))


def _enemies(_state: State, dispatch: Dispatch, parent: QWidget | None) -> bool:
    from engine.upland.encounter_commands import PlaceEnemies

    dialog = EnemiesDialog(parent)
    if dialog.exec() != QDialog.DialogCode.Accepted:
        return False
    command = PlaceEnemies(
        count=dialog.count.value() or None, label_text=dialog.label.text() or None, hidden=dialog.hidden.isChecked()
    )
    return dispatch(command)


STEP_TEXTS = {
    "lay_out_zones": lambda: tr("1. Lay out the zones (ENC-2)"),
    "place_marching_order": lambda: tr("2. Place the party in marching order (ENC-3)"),
    "battle_drift": lambda: tr("3. Drift by spirit pressure (ENC-4)"),
    "roll_appearance": lambda: tr("4. Roll the appearance… (ENC-5, ENC-6)"),
    "place_enemies": lambda: tr("5. Place the enemies… (ENC-7)"),
    "apply_sr_delays": lambda: tr("6. Set the SR delays (ENC-8)"),
    "upland_start_battle_round": lambda: _t("7. Start the battle round (ENC-8)"),
}
"""The set-up steps in the seed's order, with their menu texts."""


def _delays(state: State) -> Mapping[str, int]:
    from engine.upland.slice import encounter_of

    return encounter_of(state).sr_delays


def _set_delay(token: str, sr: int) -> CommandBase:
    from engine.upland.encounter_commands import SetSrDelay

    return SetSrDelay(token=token, sr=sr)


UPLAND_BATTLE = BattlePart(
    steps=(
        _plain("lay_out_zones"),
        _plain("place_marching_order"),
        _plain("battle_drift"),
        BattleStep("roll_appearance", STEP_TEXTS["roll_appearance"], _appearance),
        BattleStep("place_enemies", STEP_TEXTS["place_enemies"], _enemies),
        _plain("apply_sr_delays"),
        _plain("upland_start_battle_round"),
    ),
    delays=_delays,
    set_delay=_set_delay,
    # ENC-10: defeated or escaped, the event phase goes on on the card table
    fight_over=frozenset({"upland_encounter_ended"}),
)

__all__ = ["STEP_TEXTS", "UPLAND_BATTLE", "AppearanceDialog", "EnemiesDialog", "typed_dice"]
