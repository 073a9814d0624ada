"""The Players' devices dialog: turn the service on or off, and hand each seat its link.

For each seat — the table's (what the projector shows) and one per player
character — it shows the seat's name, a QR code a phone's camera reads off the
GM's screen or the projector, the link itself (to copy into a chat), and
"Renew link", which makes a new link at once: the old one stops working and a
page still open with it goes blank.  The dialog changes nothing in the game;
it asks its controller (:class:`app.window.players.PlayersDevices`) for
everything.
"""

from __future__ import annotations

from typing import Protocol

from PySide6.QtCore import QCoreApplication, QEvent, Qt, QTimer, Signal, SignalInstance
from PySide6.QtGui import QGuiApplication, QHideEvent, QPixmap, QShowEvent
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from engine.serve.service import SeatLink

#: The QR code's width on screen, in device-independent pixels.
QR_SIZE = 168


#: How often the dialog looks which seats' pages are open (milliseconds).
PAGES_EVERY_MS = 1000


def tr(text: str, count: int = -1) -> str:
    return QCoreApplication.translate("PlayersService", text, None, count)


def qr_pixmap(url: str, size: int = QR_SIZE) -> QPixmap:
    """The link as a QR code (segno, error correction M), dark on white with its quiet zone,
    drawn at a whole number of pixels a module (never resampled, so a camera reads it)."""
    import io

    import segno

    code = segno.make_qr(url, error="m")
    width, _ = code.symbol_size(scale=1, border=4)
    buffer = io.BytesIO()
    code.save(buffer, kind="png", scale=max(1, size // width), border=4)
    pixmap = QPixmap()
    pixmap.loadFromData(buffer.getvalue(), "PNG")
    return pixmap


class DevicesController(Protocol):
    """What the dialog asks of the window's side."""

    @property
    def changed(self) -> SignalInstance: ...

    @property
    def running(self) -> bool: ...

    def address_text(self) -> str: ...

    def problem(self) -> str | None: ...

    def seats(self) -> list[SeatLink]: ...

    def turn_on(self) -> None: ...

    def turn_off(self) -> None: ...

    def renew(self, key: str) -> None: ...

    def open_pages(self, key: str) -> int: ...


class SeatRow(QFrame):
    """One seat: name, QR code, link, Copy and Renew."""

    renew_clicked = Signal(str)

    def __init__(self, seat: SeatLink, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName(f"seat-{seat.key}")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.key = seat.key
        self.url = seat.url
        self.name = QLabel(seat.name)
        self.devices = QLabel()
        self.devices.setObjectName("devices")
        self.pages = 0
        font = self.name.font()
        font.setBold(True)
        font.setPointSizeF(font.pointSizeF() * 1.2)
        self.name.setFont(font)
        self.qr = QLabel()
        self.qr.setObjectName("qr")
        self.qr.setPixmap(qr_pixmap(seat.url))
        self.qr.setFixedSize(QR_SIZE, QR_SIZE)
        self.qr.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.link = QLineEdit(seat.url)
        self.link.setObjectName("link")
        self.link.setReadOnly(True)
        self.link.setMinimumWidth(420)
        self.copy_button = QPushButton()
        self.copy_button.setObjectName("copy")
        self.copy_button.clicked.connect(lambda: QGuiApplication.clipboard().setText(self.url))
        self.renew_button = QPushButton()
        self.renew_button.setObjectName("renew")
        self.renew_button.clicked.connect(lambda: self.renew_clicked.emit(self.key))
        side = QVBoxLayout()
        heading = QHBoxLayout()
        heading.addWidget(self.name)
        heading.addWidget(self.devices)
        heading.addStretch(1)
        side.addLayout(heading)
        side.addWidget(self.link)
        buttons = QHBoxLayout()
        buttons.addWidget(self.copy_button)
        buttons.addWidget(self.renew_button)
        buttons.addStretch(1)
        side.addLayout(buttons)
        side.addStretch(1)
        row = QHBoxLayout(self)
        row.addWidget(self.qr)
        row.addLayout(side, 1)
        self.retranslate()

    def show_pages(self, pages: int) -> None:
        """How many devices have this seat's page open."""
        self.pages = pages
        if pages:
            self.devices.setText(tr("● open on %n device(s)", pages))
            self.devices.setStyleSheet("color: #2e9e5b;")
        else:
            self.devices.setText(tr("not opened yet"))
            self.devices.setStyleSheet("color: palette(mid);")

    def retranslate(self) -> None:
        self.show_pages(self.pages)
        self.copy_button.setText(tr("Copy link"))
        self.renew_button.setText(tr("Renew link"))
        self.renew_button.setToolTip(tr("Make a new link for this seat; the old one stops working at once."))


class PlayersServiceDialog(QDialog):
    """The seats' links and the on/off switch."""

    def __init__(self, controller: DevicesController, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("players-service")
        self.controller = controller
        self.rows: dict[str, SeatRow] = {}
        self._shown: list[tuple[str, str, str]] = []
        self.status = QLabel()
        self.status.setObjectName("status")
        self.status.setWordWrap(True)
        self.status.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.switch = QPushButton()
        self.switch.setObjectName("switch")
        self.switch.clicked.connect(self._on_switch)
        self.note = QLabel()
        self.note.setWordWrap(True)
        top = QHBoxLayout()
        top.addWidget(self.status, 1)
        top.addWidget(self.switch)
        self.list = QWidget()
        self.grid = QGridLayout(self.list)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setWidget(self.list)
        close = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        close.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(self.note)
        layout.addWidget(scroll, 1)
        layout.addWidget(close)
        self.resize(720, 640)
        controller.changed.connect(self.refresh)
        self.timer = QTimer(self)
        self.timer.setInterval(PAGES_EVERY_MS)
        self.timer.timeout.connect(self.show_pages)
        self.retranslate()
        self.refresh()

    def show_pages(self) -> None:
        """Each seat's open pages (the GM sees who has joined)."""
        for key, row in self.rows.items():
            row.show_pages(self.controller.open_pages(key))

    def _on_switch(self) -> None:
        if self.controller.running:
            self.controller.turn_off()
        else:
            self.controller.turn_on()

    def refresh(self) -> None:
        """Follow the service: on or off, its address, and the seats (rebuilt when they change)."""
        running = self.controller.running
        problem = self.controller.problem()
        if problem is not None:
            self.status.setText(problem)
        elif running:
            self.status.setText(
                tr("On: serving the players' pages at {address}. Phones on the same network open the links below.")
                .format(address=self.controller.address_text())
            )  # fmt: skip
        else:
            self.status.setText(tr("Off: nothing is served and nothing listens on the network."))
        self.switch.setText(tr("Turn off") if running else tr("Turn on"))
        seats = self.controller.seats() if running else []
        shown = [(seat.key, seat.name, seat.url) for seat in seats]
        if shown == self._shown:
            return
        self._shown = shown
        for row in self.rows.values():
            self.grid.removeWidget(row)
            row.deleteLater()
        self.rows = {}
        for index, seat in enumerate(seats):
            row = SeatRow(seat, self.list)
            row.renew_clicked.connect(self.controller.renew)
            self.grid.addWidget(row, index, 0)
            self.rows[seat.key] = row
        self.grid.setRowStretch(len(seats), 1)
        self.show_pages()

    def retranslate(self) -> None:
        self.setWindowTitle(tr("Players' devices"))
        self.note.setText(
            tr(
                "Each link opens one seat's page: the table's shows what the projector shows; a character's also "
                "shows that player's own hand and sheet. Anyone with a link sees that seat, so renew a link that "
                "reached the wrong person. Players change nothing from their pages."
            )
        )
        for row in self.rows.values():
            row.retranslate()
        self._shown = []
        self.refresh()

    def showEvent(self, event: QShowEvent) -> None:
        """Look at the open pages only while the dialog is on screen."""
        self.timer.start()
        self.show_pages()
        super().showEvent(event)

    def hideEvent(self, event: QHideEvent) -> None:
        self.timer.stop()
        super().hideEvent(event)

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)


__all__ = ["DevicesController", "PlayersServiceDialog", "SeatRow", "qr_pixmap"]
