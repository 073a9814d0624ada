"""Command line of the engine: ``python -m engine <command> ...``.

Each sub-command lives in its own module and registers its parser through
``add_parser(subparsers)``; its handler returns the process exit status.
Bad input prints one line on stderr and exits with status 2.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence

from engine.errors import EngineError

# Sub-command modules, imported only when the command line is used.
_MODULES = ("engine.cli.roll", "engine.cli.sessions", "engine.cli.character", "engine.cli.serve")


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m engine", description="yobigoe engine")
    sub = parser.add_subparsers(dest="command", required=True)
    for name in _MODULES:
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError as exc:
            if exc.name == name:
                continue
            raise
        module.add_parser(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(list(argv) if argv is not None else None)
    try:
        return int(args.handler(args))
    except EngineError as exc:
        lang = getattr(args, "lang", "en") or "en"
        print(exc.text(lang), file=sys.stderr)
        return 2
