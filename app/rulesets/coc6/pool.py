"""The party modifier pool of ruleset A (CHK-A-3/4) as chips everyone at the
table sees, with the GM's pool decisions as buttons (each one command): add a
chip, cancel a pair, pay the oldest minus chip off with 1d3 HP or SAN of the
acting investigator, spend a plus chip at any time (「+補正は好きなタイミングで使えます」)
on a chosen investigator's next check or at once.  The game clock (MAD-A-1/3)
is shown under them.

The chips are read from the CoC slice; the projector draws the same chips
from the player view (the pool is never secret).
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox, QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from app.bridge import SessionBridge
from app.rulesets.coc6.form import investigators
from app.rulesets.coc6.sanity import clock_text, game_minute
from engine.coc6.events import COC_SLICE
from engine.coc6.state import CocState
from engine.core.commands import CommandBase
from engine.core.state import State


def pool_chips(state: State) -> tuple[int, ...]:
    coc = state.slices.get(COC_SLICE)
    return coc.pool.chips if isinstance(coc, CocState) else ()


def chip_style(chip: int) -> str:
    colour = "#1b7f3b" if chip > 0 else "#b00020"
    return (
        f"QLabel {{ background: {colour}; color: white; border-radius: 14px; padding: 4px 10px;"
        " font-weight: bold; font-size: 14px; }"
    )


class PoolPanel(QWidget):
    """Chips (oldest first); add a chip, cancel a pair — refusals shown in the panel."""

    def __init__(self, bridge: SessionBridge, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("coc-pool")
        self.bridge = bridge
        self.chips_row = QHBoxLayout()
        self.chips_row.setAlignment(Qt.AlignmentFlag.AlignLeft)
        self.empty = QLabel()
        self.pending = QLabel()
        self.pending.setObjectName("coc-pool-pending")
        self.message = QLabel()
        self.message.setObjectName("coc-pool-message")
        self.message.setStyleSheet("color: #b00020;")
        self.message.setWordWrap(True)
        buttons = QHBoxLayout()
        self.add_buttons: dict[int, QPushButton] = {}
        for chip in (20, 10, -10, -20):
            button = QPushButton(f"{chip:+d}")
            button.setObjectName(f"coc-pool-add{chip:+d}")
            button.clicked.connect(lambda _checked=False, c=chip: self.add(c))
            self.add_buttons[chip] = button
            buttons.addWidget(button)
        self.cancel_button = QPushButton()
        self.cancel_button.setObjectName("coc-pool-cancel")
        self.cancel_button.clicked.connect(self.cancel_pair)
        buttons.addWidget(self.cancel_button)
        # CHK-A-3: the acting investigator pays 1d3 HP or SAN to take the oldest minus chip off.
        paying = QHBoxLayout()
        self.payer = QComboBox()
        self.payer.setObjectName("coc-pool-payer")
        paying.addWidget(self.payer, 1)
        self.pay_buttons: dict[str, QPushButton] = {}
        for resource in ("hp", "san"):
            button = QPushButton()
            button.setObjectName(f"coc-pool-pay-{resource}")
            button.clicked.connect(lambda _checked=False, r=resource: self.pay_off(r))
            self.pay_buttons[resource] = button
            paying.addWidget(button)
        # CHK-A-3: a plus chip spent at will — on the chosen investigator's next check, or now.
        spending = QHBoxLayout()
        self.plus = QComboBox()
        self.plus.setObjectName("coc-pool-plus")
        self.spender = QComboBox()
        self.spender.setObjectName("coc-pool-spender")
        self.spend_button = QPushButton()
        self.spend_button.setObjectName("coc-pool-spend")
        self.spend_button.clicked.connect(self.spend_plus)
        spending.addWidget(self.plus)
        spending.addWidget(self.spender, 1)
        spending.addWidget(self.spend_button)
        self.reserved = QLabel()
        self.reserved.setObjectName("coc-pool-reserved")
        self.clock = QLabel()
        self.clock.setObjectName("coc-pool-clock")
        layout = QVBoxLayout(self)
        chips = QWidget()
        chips.setLayout(self.chips_row)
        layout.addWidget(chips)
        layout.addWidget(self.pending)
        layout.addLayout(buttons)
        layout.addLayout(paying)
        layout.addLayout(spending)
        layout.addWidget(self.reserved)
        layout.addWidget(self.message)
        layout.addWidget(self.clock)
        layout.addStretch(1)
        # bound slots, not lambdas: Qt drops them with the dock (File ▸ New to another ruleset)
        bridge.applied.connect(self.on_applied)
        bridge.session_replaced.connect(self.refresh)
        self.retranslate()
        self.refresh()

    def retranslate(self) -> None:
        self.cancel_button.setText(self.tr("Cancel + against −"))
        self.empty.setText(self.tr("(no chips)"))
        for chip, button in self.add_buttons.items():
            button.setToolTip(self.tr("Put a {chip} chip in the pool (CHK-A-4)").format(chip=f"{chip:+d}"))
        self.pay_buttons["hp"].setText(self.tr("Pay − with 1d3 HP"))
        self.pay_buttons["san"].setText(self.tr("Pay − with 1d3 SAN"))
        self.payer.setToolTip(self.tr("The acting investigator, who pays off the oldest minus chip (CHK-A-3)"))
        self.spend_button.setText(self.tr("Spend +"))
        self.spend_button.setToolTip(self.tr("Spend the plus chip on the chosen investigator's next check, or now"))
        self.spender.setToolTip(self.tr("Whose next check takes the chip (or spend it now)"))

    def chip_labels(self) -> list[QLabel]:
        return [w for w in self.findChildren(QLabel) if w.objectName() == "coc-chip"]

    def on_applied(self, _outcome: object) -> None:
        """A command was applied somewhere: show the state it left."""
        self.refresh()

    def refresh(self) -> None:
        while self.chips_row.count():
            item = self.chips_row.takeAt(0)
            widget = item.widget() if item is not None else None
            if widget is not None and widget is not self.empty:
                widget.deleteLater()
                widget.setObjectName("coc-chip-gone")
        chips = pool_chips(self.bridge.state)
        for chip in chips:
            label = QLabel(f"{chip:+d}")
            label.setObjectName("coc-chip")
            label.setStyleSheet(chip_style(chip))
            self.chips_row.addWidget(label)
        if not chips:
            self.chips_row.addWidget(self.empty)
        self.empty.setVisible(not chips)  # out of the row it would still be drawn behind the chips
        minus = sum(c for c in chips if c < 0)
        self.pending.setText(self.tr("The next check takes {minus}.").format(minus=f"{minus:+d}") if minus else "")
        self._fill_payers()
        for button in self.pay_buttons.values():
            button.setEnabled(minus < 0 and self.payer.count() > 0)
        self._fill_spending(chips)
        self.clock.setText(clock_text(game_minute(self.bridge.state)))

    def _fill_spending(self, chips: tuple[int, ...]) -> None:
        """The plus chips on the table, and who may take one: now, or an investigator's next check."""
        plus, spender = self.plus.currentData(), self.spender.currentData()
        self.plus.clear()
        for chip in sorted(set(c for c in chips if c > 0), reverse=True):
            self.plus.addItem(f"{chip:+d}", chip)
        self.plus.setCurrentIndex(max(self.plus.findData(plus), 0))
        self.spender.clear()
        self.spender.addItem(self.tr("now"), "")
        for _cid, sheet in investigators(self.bridge.state):
            self.spender.addItem(self.tr("{name}'s next check").format(name=sheet.name), sheet.name)
        self.spender.setCurrentIndex(max(self.spender.findData(spender), 0))
        self.spend_button.setEnabled(self.plus.count() > 0)
        coc = self.bridge.state.slices.get(COC_SLICE)
        reserved = coc.pool.reserved if isinstance(coc, CocState) else {}
        self.reserved.setText("、".join(
            self.tr("{chip} waits for {name}").format(chip=" ".join(f"{c:+d}" for c in held), name=name)
            for name, held in reserved.items()
        ))  # fmt: skip

    def _fill_payers(self) -> None:
        """The investigators (no NPCs: only they pay, CHK-A-3), keeping the GM's choice."""
        chosen = self.payer.currentData()
        self.payer.blockSignals(True)
        self.payer.clear()
        for cid, sheet in investigators(self.bridge.state):
            self.payer.addItem(sheet.name, cid)
        index = self.payer.findData(chosen)
        self.payer.setCurrentIndex(max(index, 0))
        self.payer.blockSignals(False)

    def _dispatch(self, command: CommandBase) -> bool:
        self.message.setText("")
        errors: list[str] = []

        def refused(error: object, origin: object) -> None:
            if origin == "coc-pool":
                errors.append(self.bridge.message(error))  # type: ignore[arg-type]

        self.bridge.refused.connect(refused)
        try:
            ok = self.bridge.dispatch(command, origin="coc-pool")
        finally:
            self.bridge.refused.disconnect(refused)
        if errors:
            self.message.setText(errors[0])
        return ok

    def add(self, chip: int) -> bool:
        from engine.coc6.commands import CocAddChip

        return self._dispatch(CocAddChip(chip=chip))

    def pay_off(self, resource: str) -> bool:
        """CHK-A-3: the chosen investigator pays 1d3 HP or SAN for the oldest minus chip."""
        from engine.coc6.commands import CocPayMinus

        minus = next((c for c in pool_chips(self.bridge.state) if c < 0), 0)
        payer = self.payer.currentData()
        if payer is None:
            self.message.setText(self.tr("No investigator can pay."))
            return False
        if minus not in (-10, -20):
            self.message.setText(self.tr("There is no minus chip to pay off."))
            return False
        return self._dispatch(CocPayMinus(character=str(payer), minus=minus, resource=resource))

    def spend_plus(self) -> bool:
        """CHK-A-3: the chosen plus chip on the chosen investigator's next check, or spent now."""
        from engine.coc6.commands import CocSpendPlus

        chip = self.plus.currentData()
        if chip not in (10, 20):
            self.message.setText(self.tr("There is no plus chip to spend."))
            return False
        name = self.spender.currentData() or None
        return self._dispatch(CocSpendPlus(chip=chip, character=name))

    def cancel_pair(self) -> bool:
        from engine.coc6.commands import CocCancelChips

        chips = pool_chips(self.bridge.state)
        plus = next((c for c in chips if c > 0), 0)
        minus = next((c for c in chips if c < 0), 0)
        if plus not in (10, 20) or minus not in (-10, -20):
            self.message.setText(self.tr("Cancelling takes a plus chip and a minus chip."))
            return False
        return self._dispatch(CocCancelChips(plus=plus, minus=minus))
