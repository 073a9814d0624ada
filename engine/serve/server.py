"""The players' HTTP server: the standard library's ``http.server``, one thread per connection.

Why this server: it parses requests with the standard library's own, long-kept
parser (no hand-written HTTP and no new dependency in the GM's bundle), and its
threads fit the load — a table has about ten phones, each with one long-lived
live stream — while keeping every socket off the GM's event loop.  What it
does not bound by itself is bounded here:

- **connections**: at most :data:`MAX_CONNECTIONS` at once and
  :data:`MAX_PER_ADDRESS` from one address; more are answered ``503`` at once by
  the accepting thread and closed (no thread is started for them);
- **rate**: each address has a bucket of :data:`BURST` requests refilled at
  :data:`RATE` a second; past it, ``429``;
- **size**: a request's line and headers together at most :data:`MAX_HEAD`
  bytes (``431``/``414``), no body at all (``413``), only ``GET`` and ``HEAD``
  (``405``); a client that sends nothing for :data:`TIMEOUT` seconds is cut off;
- **answers**: every error is a fixed short text — no traceback, no echo of the
  request, and the same ``404`` for every unknown path and token, so a stranger
  learns nothing (not which seats exist).

Routes, all under a seat's token: ``/s/TOKEN/`` the page, ``/s/TOKEN/view.json``
the seat's view (as ``python -m engine show --seat`` prints it),
``/s/TOKEN/live`` the live stream (Server-Sent Events), and the page's own
script and style.  Every answer forbids caching and sends a strict
Content-Security-Policy (nothing from outside the program) and no referrer, so
the token never leaves in a ``Referer`` header.
"""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import IO, Any

from engine.serve.hub import Closed, Hub
from engine.serve.links import TOKEN_SHAPE, SeatLinks
from engine.serve.seat_data import view_json

#: Connections open at once, in all and from one address.
MAX_CONNECTIONS = 64
MAX_PER_ADDRESS = 24
#: Requests one address may make in a burst, and how many a second refill it.
BURST = 60
RATE = 10.0
#: Request line and headers together.
MAX_HEAD = 8192
#: Seconds a client may keep the server waiting (reading a request, or taking a live message).
TIMEOUT = 5.0
#: Seconds between keep-alive comments on a quiet live stream.
KEEPALIVE = 15.0
#: The page asks to reconnect this soon after a dropped stream (milliseconds).
RETRY_MS = 1000

CSP = (
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; "
    "base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
)
SECURITY_HEADERS = (
    ("Content-Security-Policy", CSP),
    ("X-Content-Type-Options", "nosniff"),
    ("X-Frame-Options", "DENY"),
    ("Referrer-Policy", "no-referrer"),
    ("Cache-Control", "no-store"),
    ("Cross-Origin-Resource-Policy", "same-origin"),
)


@dataclass(frozen=True)
class Asset:
    """A file of the page: its bytes and content type."""

    body: bytes
    content_type: str


class Buckets:
    """Requests per address: a token bucket each, refilled with time."""

    def __init__(self, burst: int = BURST, rate: float = RATE) -> None:
        self.burst = burst
        self.rate = rate
        self._lock = threading.Lock()
        self._buckets: dict[str, tuple[float, float]] = {}

    def allow(self, address: str) -> bool:
        now = time.monotonic()
        with self._lock:
            level, then = self._buckets.get(address, (float(self.burst), now))
            level = min(float(self.burst), level + (now - then) * self.rate)
            if level < 1.0:
                self._buckets[address] = (level, now)
                return False
            self._buckets[address] = (level - 1.0, now)
            if len(self._buckets) > 4096:  # forget the oldest addresses, bounded memory
                for old in list(self._buckets)[:2048]:
                    del self._buckets[old]
            return True


class BoundedReader:
    """The connection's input, cut off after :data:`MAX_HEAD` bytes: a request whose
    line and headers are longer reads as ended, and ``exceeded`` says so."""

    def __init__(self, raw: IO[bytes], limit: int = MAX_HEAD) -> None:
        self._raw = raw
        self.left = limit
        self.exceeded = False

    def readline(self, size: int = -1) -> bytes:
        if self.left <= 0:
            self.exceeded = True
            return b"\r\n"
        want = self.left + 1 if size < 0 else min(size, self.left + 1)
        line = self._raw.readline(want)
        self.left -= len(line)
        if self.left < 0:
            self.exceeded = True
            return b"\r\n"
        return line

    def read(self, size: int = -1) -> bytes:
        return b""

    def close(self) -> None:
        self._raw.close()


def _refusal(status: HTTPStatus, retry_after: int | None = None) -> bytes:
    body = f"{status.value} {status.phrase}\n".encode("ascii")
    head = [
        f"HTTP/1.0 {status.value} {status.phrase}",
        "Content-Type: text/plain; charset=utf-8",
        f"Content-Length: {len(body)}",
        "Connection: close",
    ]
    if retry_after is not None:
        head.append(f"Retry-After: {retry_after}")
    head += [f"{name}: {value}" for name, value in SECURITY_HEADERS]
    return ("\r\n".join(head) + "\r\n\r\n").encode("ascii") + body


class PlayersServer(ThreadingHTTPServer):
    """The listening socket with its connection and rate bounds."""

    daemon_threads = True
    request_queue_size = 128
    allow_reuse_address = True

    def __init__(
        self,
        address: tuple[str, int],
        links: SeatLinks,
        hub: Hub,
        assets: Callable[[str], Asset | None],
    ) -> None:
        self.links = links
        self.hub = hub
        self.assets = assets
        self.buckets = Buckets()
        self._count_lock = threading.Lock()
        self._open: dict[str, int] = {}
        self.refused = 0
        self.address_family = socket.AF_INET6 if ":" in address[0] else socket.AF_INET
        super().__init__(address, SeatHandler)

    # -- bounds, in the accepting thread -------------------------------------------
    def process_request(self, request: Any, client_address: Any) -> None:
        address = str(client_address[0])
        status: HTTPStatus | None = None
        with self._count_lock:
            total = sum(self._open.values())
            if total >= MAX_CONNECTIONS or self._open.get(address, 0) >= MAX_PER_ADDRESS:
                status = HTTPStatus.SERVICE_UNAVAILABLE
            elif not self.buckets.allow(address):
                status = HTTPStatus.TOO_MANY_REQUESTS
            else:
                self._open[address] = self._open.get(address, 0) + 1
        if status is not None:
            self.refused += 1
            self._refuse(request, status)
            return
        try:
            super().process_request(request, client_address)
        except Exception:
            self._done(address)
            self.shutdown_request(request)

    def _refuse(self, request: socket.socket, status: HTTPStatus) -> None:
        """Answer at once without reading the request or starting a thread."""
        try:
            request.setblocking(False)
            request.send(_refusal(status, retry_after=2))
        except OSError:
            pass
        self.shutdown_request(request)

    def process_request_thread(self, request: Any, client_address: Any) -> None:
        try:
            super().process_request_thread(request, client_address)
        finally:
            self._done(str(client_address[0]))

    def _done(self, address: str) -> None:
        with self._count_lock:
            left = self._open.get(address, 0) - 1
            if left > 0:
                self._open[address] = left
            else:
                self._open.pop(address, None)

    def open_connections(self) -> int:
        with self._count_lock:
            return sum(self._open.values())

    def handle_error(self, request: Any, client_address: Any) -> None:
        """A failed connection is closed quietly: nothing about it is printed or sent."""


class SeatHandler(BaseHTTPRequestHandler):
    """One request of a seat's page."""

    server: PlayersServer
    server_version = "yobigoe"
    sys_version = ""
    protocol_version = "HTTP/1.0"
    #: an error before the version is read still gets a status line and headers
    default_request_version = "HTTP/1.0"
    timeout = TIMEOUT
    rfile: Any

    def version_string(self) -> str:
        return self.server_version

    def setup(self) -> None:
        super().setup()
        self.rfile = BoundedReader(self.rfile)

    def log_message(self, format: str, *args: Any) -> None:
        """Requests are not logged: a line would carry a seat's token."""

    def handle_one_request(self) -> None:
        """The standard library's loop for one request, with the request line bounded."""
        try:
            self.raw_requestline = self.rfile.readline(MAX_HEAD + 1)
            if self.rfile.exceeded:
                self.command, self.requestline, self.request_version = "", "", self.default_request_version
                self.send_error(HTTPStatus.REQUEST_URI_TOO_LONG)
                return
            if not self.raw_requestline:
                self.close_connection = True
                return
            if not self.parse_request():
                return
            self.do_GET()
            self.wfile.flush()
        except TimeoutError:
            self.close_connection = True

    def parse_request(self) -> bool:
        if not super().parse_request():
            return False
        if len(self.requestline.split()) != 3:  # no HTTP/0.9: every answer has a status line
            self.send_error(HTTPStatus.BAD_REQUEST)
            return False
        if self.rfile.exceeded:
            self.send_error(HTTPStatus.REQUEST_HEADER_FIELDS_TOO_LARGE)
            return False
        if self.command not in ("GET", "HEAD"):
            self.send_error(HTTPStatus.METHOD_NOT_ALLOWED)
            return False
        length = self.headers.get("Content-Length")
        if (length is not None and length.strip() != "0") or self.headers.get("Transfer-Encoding") is not None:
            self.send_error(HTTPStatus.REQUEST_ENTITY_TOO_LARGE)
            return False
        return True

    def send_error(self, code: int, message: str | None = None, explain: str | None = None) -> None:
        """A fixed short answer: never the request echoed back, never a 5xx for a client's mistake."""
        status = HTTPStatus(code)
        if status in (HTTPStatus.NOT_IMPLEMENTED, HTTPStatus.HTTP_VERSION_NOT_SUPPORTED):
            status = HTTPStatus.BAD_REQUEST
        if self.rfile.exceeded and status != HTTPStatus.REQUEST_URI_TOO_LONG:
            status = HTTPStatus.REQUEST_HEADER_FIELDS_TOO_LARGE
        self.close_connection = True
        body = f"{status.value} {status.phrase}\n".encode("ascii")
        try:
            self.send_response(status)
            self.send_header("Content-Type", "text/plain; charset=utf-8")
            self.send_header("Content-Length", str(len(body)))
            self.send_header("Connection", "close")
            for name, value in SECURITY_HEADERS:
                self.send_header(name, value)
            self.end_headers()
            if self.command != "HEAD" and status.value >= 200:
                self.wfile.write(body)
        except OSError:
            pass

    def do_HEAD(self) -> None:
        self.do_GET()

    def do_GET(self) -> None:
        try:
            self._route()
        except (OSError, Closed):
            self.close_connection = True
        except Exception:  # never a traceback to the client, nor on the GM's terminal
            self.send_error(HTTPStatus.INTERNAL_SERVER_ERROR)

    # -- routes ---------------------------------------------------------------------
    def _route(self) -> None:
        path = self.path.split("?", 1)[0]
        parts = path.split("/")
        # "", "s", token, rest
        if len(parts) < 3 or parts[0] != "" or parts[1] != "s" or not TOKEN_SHAPE.match(parts[2]):
            self.send_error(HTTPStatus.NOT_FOUND)
            return
        token = parts[2]
        key = self.server.links.seat_of(token)
        if key is None or not self.server.hub.seat_exists(key):
            self.send_error(HTTPStatus.NOT_FOUND)
            return
        rest = "/".join(parts[3:]) if len(parts) > 3 else None
        if rest is None:
            self._redirect(f"/s/{token}/")
        elif rest == "view.json":
            table = self.server.hub.latest()
            if table is None:
                self.send_error(HTTPStatus.NOT_FOUND)
                return
            self._send(view_json(table.state, key).encode("utf-8"), "application/json; charset=utf-8")
        elif rest == "live":
            self._live(key, token)
        else:
            asset = self.server.assets(rest or "index.html")
            if asset is None:
                self.send_error(HTTPStatus.NOT_FOUND)
                return
            self._send(asset.body, asset.content_type)

    def _headers(self, status: HTTPStatus, content_type: str, length: int | None) -> None:
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        if length is not None:
            self.send_header("Content-Length", str(length))
        for name, value in SECURITY_HEADERS:
            self.send_header(name, value)
        self.end_headers()

    def _send(self, body: bytes, content_type: str) -> None:
        self._headers(HTTPStatus.OK, content_type, len(body))
        if self.command != "HEAD":
            self.wfile.write(body)

    def _redirect(self, where: str) -> None:
        self.send_response(HTTPStatus.MOVED_PERMANENTLY)
        self.send_header("Location", where)
        self.send_header("Content-Length", "0")
        for name, value in SECURITY_HEADERS:
            self.send_header(name, value)
        self.end_headers()

    def _live(self, key: str, token: str) -> None:
        """The seat's messages as Server-Sent Events until the page goes, the link is
        renewed, the seat leaves or the service stops.  A write that the phone does not
        take within :data:`TIMEOUT` seconds ends the stream (the phone is dropped)."""
        self.close_connection = True
        self._headers(HTTPStatus.OK, "text/event-stream; charset=utf-8", None)
        if self.command == "HEAD":
            return
        hub = self.server.hub
        listener = hub.listen(key, token)
        try:
            self.wfile.write(f"retry: {RETRY_MS}\n\n".encode("ascii"))
            while True:
                message = listener.next(KEEPALIVE)
                if self.server.links.seat_of(token) != key:
                    return
                chunk = ": keep-alive\n\n" if message is None else f"event: seat\ndata: {message}\n\n"
                self.wfile.write(chunk.encode("utf-8"))
        finally:
            hub.leave(listener)


__all__ = [
    "BURST",
    "CSP",
    "KEEPALIVE",
    "MAX_CONNECTIONS",
    "MAX_HEAD",
    "MAX_PER_ADDRESS",
    "RATE",
    "TIMEOUT",
    "Asset",
    "PlayersServer",
    "SeatHandler",
]
