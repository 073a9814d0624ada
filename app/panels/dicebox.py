"""The dice box and roll log (DICE-8): dice-bot commands as users know them
from BCDice — ``1D100<=45``, ``CCB<=60``, ``RES(12-10)``, ``2D6``, ``S`` for
secret — plus the physical dice the GM may type instead (DICE-2).

The log is drawn from the session's roll log (``session.rolls``): a dice-box roll stays
through undo, a step's roll goes with its step, and a reopened
session shows the same lines, re-rendered in the current language.  Secret
rolls are marked; this dock is GM-only and the projector never shows them.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QIcon, QKeyEvent, QPainter, QPainterPath, QPen, QPixmap
from PySide6.QtWidgets import (
    QCheckBox,
    QGridLayout,
    QLabel,
    QLineEdit,
    QListView,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from app.bridge import SessionBridge
from app.i18n import Retranslating
from app.rulesets import parts_for
from engine.core.changes import Area
from engine.core.session import Outcome
from engine.core.state import RollRecord
from engine.dice.typed import parse_typed_dice
from engine.errors import EngineError
from engine.table.commands import Roll

ORIGIN = "dicebox"
SECRET_BACKGROUND = QColor("#efe6f7")


def lock_icon(size: int = 16) -> QIcon:
    """A padlock drawn by hand: emoji fonts are not everywhere (bare Linux, Xvfb)."""
    pixmap = QPixmap(size, size)
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    colour = QColor("#6a3d9a")
    painter.setPen(QPen(colour, max(1.5, size / 9)))
    painter.setBrush(Qt.BrushStyle.NoBrush)
    shackle = QPainterPath()
    w = size * 0.44
    x = (size - w) / 2
    shackle.moveTo(x, size * 0.5)
    shackle.lineTo(x, size * 0.34)
    shackle.arcTo(x, size * 0.1, w, w * 0.9, 180, -180)
    shackle.lineTo(x + w, size * 0.5)
    painter.drawPath(shackle)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(colour)
    painter.drawRoundedRect(QRectF(size * 0.18, size * 0.45, size * 0.64, size * 0.48), 2, 2)
    painter.end()
    return QIcon(pixmap)


class CommandHistory(QObject):
    """Up/Down in the command line recall earlier commands, like a chat box."""

    def __init__(self, line: QLineEdit) -> None:
        super().__init__(line)
        self._line = line
        self._items: list[str] = []
        self._index = 0
        self._draft = ""
        line.installEventFilter(self)

    def remember(self, text: str) -> None:
        if text and (not self._items or self._items[-1] != text):
            self._items.append(text)
        self._index = len(self._items)
        self._draft = ""

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self._line and event.type() == QEvent.Type.KeyPress:
            key = event.key() if isinstance(event, QKeyEvent) else None
            if key == Qt.Key.Key_Up:
                self._step(-1)
                return True
            if key == Qt.Key.Key_Down:
                self._step(1)
                return True
        return False

    def _step(self, delta: int) -> None:
        if not self._items:
            return
        if self._index == len(self._items):
            self._draft = self._line.text()
        self._index = max(0, min(len(self._items), self._index + delta))
        text = self._items[self._index] if self._index < len(self._items) else self._draft
        self._line.setText(text)


class DiceBox(Retranslating, QWidget):
    """Command line, secret switch, typed dice, and the roll log below."""

    def __init__(self, bridge: SessionBridge, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.bridge = bridge
        self._roller: str | None = None
        self.roller_label = QLabel()
        self.roller_label.setStyleSheet("color: #555555;")
        self.command = QLineEdit()
        self.command.setClearButtonEnabled(True)
        self.history = CommandHistory(self.command)
        self.secret = QCheckBox()
        self.typed = QLineEdit()
        self.typed.setMaximumWidth(110)
        self.roll_button = QPushButton()
        self.typed_label = QLabel()
        self.error = QLabel()
        self.error.setWordWrap(True)
        self.error.setStyleSheet("color: #b00020;")
        self.error.hide()
        self.log = QListWidget()
        self.log.setWordWrap(True)
        self.log.setResizeMode(QListView.ResizeMode.Adjust)
        self.log.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.log.setAlternatingRowColors(False)
        self._lock = lock_icon()

        grid = QGridLayout()
        grid.addWidget(self.command, 0, 0, 1, 4)
        grid.addWidget(self.roll_button, 0, 4)
        grid.addWidget(self.secret, 1, 0)
        grid.addWidget(self.roller_label, 1, 1)
        grid.addWidget(self.typed_label, 1, 2, Qt.AlignmentFlag.AlignRight)
        grid.addWidget(self.typed, 1, 3, 1, 2)
        grid.setColumnStretch(1, 1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addLayout(grid)
        layout.addWidget(self.error)
        layout.addWidget(self.log, 1)

        self.command.returnPressed.connect(self.roll)
        self.typed.returnPressed.connect(self.roll)
        self.roll_button.clicked.connect(self.roll)
        self.command.textEdited.connect(lambda _text: self.error.hide())
        # The newest roll stays in sight when the log gets shorter (an error line
        # appears above it, the dock shrinks): every range change scrolls to it.
        self.log.verticalScrollBar().rangeChanged.connect(lambda _lo, _hi: self.log.scrollToBottom())
        bridge.applied.connect(self._on_outcome)
        bridge.refused.connect(self._on_refused)
        bridge.session_replaced.connect(self.sync_from_state)
        self.retranslate()

    @property
    def roller(self) -> str | None:
        """The character the next roll is for (the one selected in the party), or None."""
        return self._roller

    @roller.setter
    def roller(self, character_id: str | None) -> None:
        self._roller = character_id
        self._on_roller_change()

    def _on_roller_change(self) -> None:
        who = self.bridge.state.characters.get(self._roller or "")
        self.roller_label.setText(self.tr("Rolling for {name}").format(name=who.name) if who is not None else "")

    # -- rolling ------------------------------------------------------------------------
    def roll(self) -> bool:
        """Roll what is typed; a malformed command shows why and changes nothing."""
        text = self.command.text().strip()
        if not text:
            return False
        try:
            dice = parse_typed_dice(self.typed.text())
        except EngineError as refusal:
            self._show_error(self.bridge.message(refusal))
            return False
        roller = self._roller if self._roller in self.bridge.state.characters else None
        command = Roll(command=text, secret=self.secret.isChecked(), dice=dice, by=roller)
        self.history.remember(text)
        if not self.bridge.dispatch(command, origin=ORIGIN):
            return False
        self.error.hide()
        self.command.clear()
        self.typed.clear()
        return True

    def typed_dice(self) -> list[int] | None:
        """The physical dice typed in the box (None: none); a malformed entry raises ``EngineError``."""
        return parse_typed_dice(self.typed.text())

    def typed_dice_used(self) -> None:
        """A roll made elsewhere (a sheet's skill) took the typed dice: they are not used twice."""
        self.typed.clear()

    def _on_refused(self, error: EngineError, origin: object) -> None:
        if origin == ORIGIN:
            self._show_error(self.bridge.message(error))

    def _show_error(self, message: str) -> None:
        self.error.setText(message)
        self.error.show()

    # -- the log -----------------------------------------------------------------------------
    def sync_from_state(self) -> None:
        self.error.hide()
        self._on_ruleset_change()
        self._on_roller_change()
        self._on_rolls_change()

    def _on_outcome(self, outcome: Outcome) -> None:
        if outcome.changes.touches(Area.DICE) or outcome.changes.touches(Area.LOG):
            self._on_rolls_change()
        if outcome.changes.touches(Area.CHARACTERS):
            self._on_roller_change()
            self._on_rolls_change()

    def _on_rolls_change(self) -> None:
        rolls = self.bridge.session.rolls.records()
        self.log.clear()
        for record in rolls:
            self.log.addItem(self._row(record))
        self.log.scrollToBottom()

    def row_texts(self) -> list[str]:
        """What the log shows, top to bottom (tests and screen readers)."""
        return [self.log.item(i).text() for i in range(self.log.count())]

    def _roller_name(self, by: str | None) -> str | None:
        """Who rolled: the dice box records a character's id, a rule's roll (a check
        from the sheet, a SAN roll) the investigator's name as the rule read it."""
        if not by:
            return None
        who = self.bridge.state.characters.get(by)
        return who.name if who is not None else by

    def _row(self, record: RollRecord) -> QListWidgetItem:
        result = record.result
        line = result.render(self.bridge.lang)
        if result.comment:
            line = f"{result.comment} {line}"
        name = self._roller_name(record.by)
        if name:
            line = f"{name}: {line}"
        item = QListWidgetItem(line)
        item.setToolTip(result.text)
        if result.secret:
            item.setText(self.tr("[Secret] {line}").format(line=line))
            item.setIcon(self._lock)
            item.setBackground(QBrush(SECRET_BACKGROUND))
            item.setToolTip(self.tr("Secret roll (GM only): {text}").format(text=result.text))
        return item

    # -- language --------------------------------------------------------------------------------
    def _on_ruleset_change(self) -> None:
        """Examples the session's ruleset accepts: its part may offer its own (CoC: ``CCB``),
        else the plain dice-bot ones every ruleset understands."""
        hint = parts_for(self.bridge.state.ruleset).dice_hint
        if hint is not None:
            placeholder, tooltip = hint()
            self.command.setPlaceholderText(placeholder)
            self.command.setToolTip(tooltip)
            return
        self.command.setPlaceholderText(self.tr("e.g. 1D100<=45, RES(12-10), 2D6"))
        self.command.setToolTip(
            self.tr(
                "Dice-bot commands as in BCDice: 1D100<=45, RES(12-10), 2D6, 1D6+2…\n"
                "Put S in front (S1D100<=45) or tick Secret for a GM-only roll.\n"
                "Up and Down bring back earlier commands."
            )
        )

    def retranslate(self) -> None:
        self._on_ruleset_change()
        self.secret.setText(self.tr("Secret (GM only)"))
        self.typed_label.setText(self.tr("Typed dice:"))
        self.typed.setPlaceholderText(self.tr("e.g. 5"))
        self.typed.setToolTip(self.tr("Physical dice you rolled at the table, used instead of the program's dice."))
        self.roll_button.setText(self.tr("Roll"))
        self._on_roller_change()
        self._on_rolls_change()
