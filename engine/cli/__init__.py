"""Command line of the engine: ``python -m engine <command> ...``.

Each sub-command lives in its own module and registers its parser through
``add_parser(subparsers)``; its handler returns the process exit status.
Bad input prints one line on stderr and exits with status 2.
"""

from __future__ import annotations

import argparse
import gc
import importlib
import sys
from collections.abc import Sequence

from engine.errors import EngineError

# Sub-command modules, imported only when the command line is used.
_MODULES = ("engine.cli.roll", "engine.cli.sessions", "engine.cli.character", "engine.cli.serve")
#: Which module answers which sub-command: a script running one command imports only its
#: module (``roll`` needs neither the store nor the session; ``show`` no dice bot, and no
#: model when the file's head is a snapshot).  ``engine.cli.sessions`` registers ``show`` too.
_COMMANDS = {
    "roll": "engine.cli.roll",
    **{name: "engine.cli.sessions" for name in ("new", "play", "commands", "export", "import")},
    "show": "engine.cli.show",
    "character": "engine.cli.character",
    "serve": "engine.cli.serve",
}


def build_parser(argv: Sequence[str] = ()) -> argparse.ArgumentParser:
    """The parser; for a command line naming a sub-command, with that one only
    (``--help`` or a mistake lists them all)."""
    parser = argparse.ArgumentParser(prog="python -m engine", description="yobigoe engine")
    sub = parser.add_subparsers(dest="command", required=True)
    first = argv[0] if argv else ""
    for name in (_COMMANDS[first],) if first in _COMMANDS else _MODULES:
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError as exc:
            if exc.name == name:
                continue
            raise
        module.add_parser(sub)
    return parser


#: Sub-commands that read or write one thing and end (``roll`` without ``--batch``).
_SHORT = frozenset({"roll", "show", "new", "commands", "character"})


def _is_short(given: list[str]) -> bool:
    """A short run: its process ends before garbage matters, so Python's cyclic
    collector is paused for it (its collections would only walk again and again
    the models built at import, ≈ 13 % of ``show`` and ``roll`` here).  ``play``,
    ``import``, ``export`` and a ``roll --batch`` run as long as their input, with it."""
    return bool(given) and given[0] in _SHORT and "--batch" not in given


def main(argv: Sequence[str] | None = None) -> int:
    given = list(argv) if argv is not None else sys.argv[1:]
    paused = _is_short(given) and gc.isenabled()
    if paused:
        gc.disable()
    try:
        parser = build_parser(given)
        args = parser.parse_args(given)
        try:
            return int(args.handler(args))
        except EngineError as exc:
            lang = getattr(args, "lang", "en") or "en"
            print(exc.text(lang), file=sys.stderr)
            return 2
    finally:
        if paused:
            gc.enable()  # a caller in the same process (a test, a script) gets it back
