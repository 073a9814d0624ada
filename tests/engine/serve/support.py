"""A players' service on the loopback for the tests, and plain HTTP clients to ask it."""

from __future__ import annotations

import http.client
import json
import socket
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, Protocol
from urllib.parse import urlsplit

from engine.core.session import Session
from engine.serve.seat_data import Table
from engine.serve.service import PlayersService

LOOPBACK = "127.0.0.1"


def table_of(session: Session) -> Table:
    return Table(session.state, session.rolls.records())


@contextmanager
def serving(session: Session | None = None) -> Iterator[PlayersService]:
    """A service on a free loopback port, showing ``session``; stopped afterwards."""
    service = PlayersService()
    if session is not None:
        service.publish(table_of(session))
    service.start("127.0.0.1", 0)
    try:
        yield service
    finally:
        service.stop()


@dataclass
class Answer:
    status: int
    headers: dict[str, str]
    body: bytes

    @property
    def text(self) -> str:
        return self.body.decode("utf-8", "replace")


def get(service: PlayersService, path: str, method: str = "GET", headers: dict[str, str] | None = None) -> Answer:
    host, port = service.address()
    connection = http.client.HTTPConnection(host, port, timeout=10)
    try:
        connection.request(method, path, headers=headers or {})
        response = connection.getresponse()
        return Answer(response.status, {k.lower(): v for k, v in response.getheaders()}, response.read())
    finally:
        connection.close()


def raw(service: PlayersService, data: bytes, source: str = LOOPBACK) -> bytes:
    """Send ``data`` as it is and read the whole answer."""
    host, port = service.address()
    with socket.create_connection((host, port), timeout=10, source_address=(source, 0)) as sock:
        try:
            sock.sendall(data)
        except OSError:
            pass
        chunks = []
        while True:
            try:
                chunk = sock.recv(65536)
            except OSError:
                break
            if not chunk:
                break
            chunks.append(chunk)
        return b"".join(chunks)


def path_of(service: PlayersService, key: str, rest: str = "") -> str:
    token = service.links.token(key)
    assert token is not None
    return f"/s/{token}/{rest}"


class Listening(Protocol):
    """A running service, or a URL's host and port."""

    def address(self) -> tuple[str, int]: ...


class Stream:
    """A live stream read the way a page reads it: one message at a time."""

    def __init__(self, service: Listening, path: str, timeout: float = 10) -> None:
        host, port = service.address()
        self.connection = http.client.HTTPConnection(host, port, timeout=timeout)
        self.connection.request("GET", path)
        self.response = self.connection.getresponse()
        self.raw_lines: list[str] = []

    def message(self) -> dict[str, Any]:
        """The next message (keep-alives and the retry line skipped)."""
        while True:
            line = self.response.fp.readline()
            if not line:
                raise EOFError("the stream ended")
            text = line.decode("utf-8")
            self.raw_lines.append(text)
            if text.startswith("data: "):
                return json.loads(text[len("data: ") :])

    def close(self) -> None:
        self.connection.close()


class UrlService:
    """The parts of a running service a Stream needs, from a URL."""

    def __init__(self, url: str) -> None:
        parts = urlsplit(url)
        self.host, self.port = parts.hostname or "", parts.port or 0

    def address(self) -> tuple[str, int]:
        return self.host, self.port


def first_message(service: PlayersService, key: str) -> dict[str, Any]:
    stream = Stream(service, path_of(service, key, "live"))
    try:
        return stream.message()
    finally:
        stream.close()


def seat_keys_of(service: PlayersService) -> list[str]:
    return [seat.key for seat in service.seats()]
