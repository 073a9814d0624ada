"""``python -m engine serve FILE``: the players' pages for a session file.

Prints one line per seat on stdout — the seat's name, a tab, its URL — as soon
as it listens, and one more for each seat that joins later (a character added
by the GM); says on stderr on which address it listens; then follows the file
as the GM's program or ``python -m engine play`` writes it, until Ctrl+C or a
SIGTERM.  The seats' links are kept in the user's config folder (``--links``
names another file), so a page comes back after a restart.
"""

from __future__ import annotations

import argparse
import signal
import sys
import threading
from pathlib import Path
from types import FrameType
from typing import Any

from engine.errors import EngineError
from engine.i18n import render
from engine.serve.follow import FileFollower
from engine.serve.links import SeatLinks, links_file
from engine.serve.service import ALL_INTERFACES, DEFAULT_PORT, PlayersService
from engine.store.paths import config_folder

#: Seconds between two looks for seats that joined.
SEAT_CHECK = 0.2


def add_parser(subparsers: Any) -> None:
    serve = subparsers.add_parser("serve", help="serve each seat's page to the players' devices")
    serve.add_argument("file", type=Path)
    serve.add_argument("--host", default=ALL_INTERFACES, help=f"address to listen on (default {ALL_INTERFACES})")
    serve.add_argument("--port", type=int, default=DEFAULT_PORT, help=f"port (default {DEFAULT_PORT}; 0: any free)")
    serve.add_argument("--links", type=Path, default=None, help="file keeping the seats' links between runs")
    serve.add_argument("--lang", choices=("en", "ja"), default="en", help="language of messages and seat names")
    serve.set_defaults(handler=_serve)


def _serve(args: argparse.Namespace) -> int:
    if not 0 <= args.port <= 65535:
        raise EngineError("The port must be a number from 0 to 65535 (got {port}).", port=args.port)
    links = SeatLinks(args.links if args.links is not None else links_file(config_folder(), args.file))
    service = PlayersService(links)
    follower = FileFollower(args.file, service.publish)
    follower.read_now()
    try:
        host, port = service.start(args.host, args.port, any_port=False)
    except OSError as exc:
        raise EngineError(
            "Cannot listen on {host} port {port} ({reason}).", host=args.host, port=args.port, reason=exc.strerror
        ) from exc
    stop = threading.Event()

    def end(signum: int, frame: FrameType | None) -> None:
        stop.set()

    previous = signal.signal(signal.SIGTERM, end)
    print(render("Serving the players' pages on {host} port {port}; Ctrl+C stops.", args.lang, host=host, port=port),
          file=sys.stderr, flush=True)  # fmt: skip
    follower.start()
    printed: set[str] = set()
    try:
        while not stop.is_set():
            for seat in service.seats(args.lang):
                if seat.key not in printed:
                    printed.add(seat.key)
                    print(f"{seat.name}\t{seat.url}", flush=True)
            stop.wait(SEAT_CHECK)
    except KeyboardInterrupt:
        pass
    finally:
        signal.signal(signal.SIGTERM, previous)
        follower.stop()
        service.stop()
    return 0
