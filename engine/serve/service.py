"""The players' service as one thing the GM turns on and off.

It is off until :meth:`PlayersService.start`; then it listens on one address
and port and serves each seat's page; :meth:`stop` closes the listening socket
and every open page, so nothing listens while the GM has it off.  The GM's side
(the window, or ``engine serve`` following a file) hands it each new game with
:meth:`publish`, which never waits.
"""

from __future__ import annotations

import socket
import threading
from dataclasses import dataclass
from functools import cache

from engine.assets import assets_root
from engine.serve.hub import Hub
from engine.serve.links import SeatLinks
from engine.serve.seat_data import Table, seat_keys, seat_name
from engine.serve.server import Asset, PlayersServer

#: The port the service asks for first (any free one when it is taken).
DEFAULT_PORT = 8765
#: Listen on every interface: the phones are on the room's network.
ALL_INTERFACES = "0.0.0.0"

#: The page's files, by the name the page asks for.
PAGE_FILES = {
    "index.html": "text/html; charset=utf-8",
    "app.js": "text/javascript; charset=utf-8",
    "style.css": "text/css; charset=utf-8",
}


@cache
def page_asset(name: str) -> Asset | None:
    """One file of the page from ``assets/players`` (only the files the page has)."""
    content_type = PAGE_FILES.get(name)
    if content_type is None:
        return None
    return Asset((assets_root() / "players" / name).read_bytes(), content_type)


def lan_address() -> str:
    """This machine's address on the room's network, as the phones reach it; 127.0.0.1
    when it has none.  First the addresses of the host's own name; else the source
    address the system would use for the documentation network 192.0.2.0/24 — a UDP
    ``connect`` only looks the route up, it sends no packet."""
    try:
        _, _, addresses = socket.gethostbyname_ex(socket.gethostname())
    except OSError:
        addresses = []
    for address in addresses:
        if not address.startswith("127."):
            return address
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("192.0.2.1", 9))
            found = str(probe.getsockname()[0])
    except OSError:
        return "127.0.0.1"
    return found if not found.startswith(("127.", "0.")) else "127.0.0.1"


@dataclass(frozen=True)
class SeatLink:
    """A seat as the GM hands it out: its key, its name and its link."""

    key: str
    name: str
    url: str


class PlayersService:
    """Links, hub and server together; off until started."""

    def __init__(self, links: SeatLinks | None = None) -> None:
        self.links = links if links is not None else SeatLinks()
        self.hub = Hub(self.links)
        self._server: PlayersServer | None = None
        self._thread: threading.Thread | None = None
        self._host = ""

    @property
    def running(self) -> bool:
        return self._server is not None

    @property
    def server(self) -> PlayersServer | None:
        return self._server

    def start(self, host: str = ALL_INTERFACES, port: int = DEFAULT_PORT, any_port: bool = True) -> tuple[str, int]:
        """Listen on ``host``:``port`` (another free port when that one is taken and
        ``any_port``); returns the address actually listened on."""
        if self._server is not None:
            return self.address()
        try:
            server = PlayersServer((host, port), self.links, self.hub, page_asset)
        except OSError:
            if not any_port or port == 0:
                raise
            server = PlayersServer((host, 0), self.links, self.hub, page_asset)
        self._server = server
        self._host = host
        self.hub.start()
        self._thread = threading.Thread(
            target=server.serve_forever, kwargs={"poll_interval": 0.2}, name="players-server", daemon=True
        )
        self._thread.start()
        return self.address()

    def stop(self) -> None:
        """Stop listening and end every open page."""
        server, self._server = self._server, None
        if server is None:
            return
        server.shutdown()
        server.server_close()
        self.hub.stop()
        if self._thread is not None:
            self._thread.join(timeout=5)
            self._thread = None

    def address(self) -> tuple[str, int]:
        if self._server is None:
            raise RuntimeError("the players' service is off")
        host, port = self._server.server_address[:2]
        return str(host), int(port)

    def publish(self, table: Table) -> None:
        """The game as it is now (never waits for a page)."""
        self.hub.publish(table)

    def base_url(self) -> str:
        """``http://ADDRESS:PORT`` as a phone on the room's network reaches it."""
        host, port = self.address()
        if host in (ALL_INTERFACES, "::", ""):
            host = lan_address()
        if ":" in host:
            host = f"[{host}]"
        return f"http://{host}:{port}"

    def seats(self, lang: str = "en") -> list[SeatLink]:
        """Every seat of the game now with its link (the table's first)."""
        table = self.hub.latest()
        if table is None:
            return []
        keys = seat_keys(table.state)
        self.links.ensure(keys)
        base = self.base_url() if self.running else ""
        out: list[SeatLink] = []
        for key in keys:
            token = self.links.token(key)
            if token is not None:
                out.append(SeatLink(key, seat_name(table.state, key, lang), f"{base}/s/{token}/"))
        return out

    def renew(self, key: str) -> str:
        """A new link for ``key``: the old one stops working now, and its open pages end."""
        old = self.links.token(key)
        token = self.links.renew(key)
        if old is not None:
            self.hub.close_token(old)
        return token


__all__ = ["ALL_INTERFACES", "DEFAULT_PORT", "PlayersService", "SeatLink", "lan_address", "page_asset"]
