"""The GM window's side of the players' devices: the service on or off, fed from the session.

Off by default.  Turned on from the View menu's "Players' devices…", it listens
on the room's network (port :data:`engine.serve.service.DEFAULT_PORT`, or a free
one) and is handed the game after every outcome the bridge reports — a copy of
a pointer, never a wait: the service's own threads build and send each seat's
page (:mod:`engine.serve`).  The links of a session are kept in the user's
config folder, so a phone's page comes back after the program restarts.
Opening another session starts the service again with that session's links; the
old session's pages end.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QObject, Signal
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QWidget

from engine.errors import EngineError

if TYPE_CHECKING:
    from app.bridge import SessionBridge
    from app.dialogs.players_service import PlayersServiceDialog
    from app.sessions import SessionController
    from engine.serve.seat_data import Table
    from engine.serve.service import PlayersService, SeatLink

#: Listen on every interface (the phones are on the room's network), on the service's own port.
ALL_INTERFACES = "0.0.0.0"
DEFAULT_PORT = 8765

ActionMaker = Callable[..., QAction]


def tr(text: str) -> str:
    return QCoreApplication.translate("PlayersService", text)


class PlayersDevices(QObject):
    """The players' service of one GM window, and its dialog."""

    #: on, off, a seat renewed or added: the dialog refreshes
    changed = Signal()

    def __init__(
        self,
        window: QWidget,
        bridge: SessionBridge,
        sessions: SessionController,
        action: ActionMaker,
        *,
        host: str = ALL_INTERFACES,
        port: int = DEFAULT_PORT,
    ) -> None:
        super().__init__(window)
        self._window = window
        self._bridge = bridge
        self._sessions = sessions
        #: where the service listens when turned on (tests use the loopback and any free port)
        self.host = host
        self.port = port
        self.service: PlayersService | None = None
        self.dialog: PlayersServiceDialog | None = None
        self._problem: str | None = None
        self._seat_keys: list[str] = []
        self.action = action(self.open_dialog)
        self.action.setObjectName("players-devices")
        bridge.applied.connect(lambda _outcome: self._publish())
        bridge.session_replaced.connect(self._on_session_replaced)
        sessions.file_changed.connect(self._on_file_changed)
        self.retranslate()

    # -- what the dialog asks ------------------------------------------------------------------------
    @property
    def running(self) -> bool:
        return self.service is not None and self.service.running

    def address_text(self) -> str:
        return self.service.base_url() if self.service is not None and self.service.running else ""

    def problem(self) -> str | None:
        return self._problem

    def seats(self) -> list[SeatLink]:
        return self.service.seats(self._bridge.lang) if self.running and self.service is not None else []

    def open_pages(self, key: str) -> int:
        """How many devices have the seat's page open now."""
        return self.service.hub.open_pages(key) if self.service is not None else 0

    def turn_on(self) -> None:
        """Listen and serve (the server's modules load now, not at the program's start)."""
        from engine.serve.links import SeatLinks
        from engine.serve.service import PlayersService

        if self.running:
            return
        service = PlayersService(SeatLinks(self._links_store()))
        service.publish(self._table())
        try:
            service.start(self.host, self.port)
        except OSError as exc:
            self._problem = tr("The players' pages cannot be served: {reason}").format(reason=exc.strerror or exc)
            self.changed.emit()
            return
        self._problem = None
        self.service = service
        self._seat_keys = self._keys()
        self.changed.emit()

    def turn_off(self) -> None:
        service, self.service = self.service, None
        if service is not None:
            service.stop()
        self.changed.emit()

    def renew(self, key: str) -> None:
        if self.service is not None:
            self.service.renew(key)
            self.changed.emit()

    # -- the window's side ---------------------------------------------------------------------------
    def open_dialog(self) -> PlayersServiceDialog:
        from app.dialogs.players_service import PlayersServiceDialog

        if self.dialog is None:
            self.dialog = PlayersServiceDialog(self, self._window)
        self.dialog.show()
        self.dialog.raise_()
        return self.dialog

    def close(self) -> None:
        """The window closes: stop listening."""
        self.turn_off()

    def retranslate(self) -> None:
        self.action.setText(tr("&Players' devices…"))
        self.action.setToolTip(tr("Serve each player's own page (hand and sheet) to their phone on this network"))

    def _table(self) -> Table:
        from engine.serve.seat_data import Table

        session = self._bridge.session
        return Table(session.state, session.rolls.records(), time.monotonic())

    def _publish(self) -> None:
        """After each outcome: hand the game over (the service's threads do the rest)."""
        if self.service is None:
            return
        self.service.publish(self._table())
        keys = self._keys()
        if keys != self._seat_keys:  # a seat joined or left: the dialog lists it
            self._seat_keys = keys
            self.changed.emit()

    def _links_store(self) -> Path | None:
        """Where the current session's links are kept (None: only while the program runs)."""
        from engine.serve.links import links_file
        from engine.store import config_folder

        path = self._sessions.path
        if path is None:
            return None
        try:
            return links_file(config_folder(), path)
        except EngineError:  # no config folder
            return None

    def _on_file_changed(self) -> None:
        """Saved under another name: the links go on, kept for the new name."""
        if self.service is not None:
            self.service.links.keep_in(self._links_store())

    def _keys(self) -> list[str]:
        return [c.id for c in self._bridge.state.ordered_characters() if not c.npc]

    def _on_session_replaced(self) -> None:
        if self.running:
            self.turn_off()
            self.turn_on()


__all__ = ["PlayersDevices"]
