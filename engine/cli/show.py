"""``python -m engine show FILE``: print a session's current state as JSON.

A script runs ``show`` often, so the usual case — the newest command of the
file has a snapshot, and no view is asked for — prints the stored JSON after
the store's checks on the file's bytes without building the state's models
(:mod:`engine.store.head`).  Every other case, and any doubt, goes through the
full reader and the models (:func:`engine.cli.sessions.show_state`), which
print the same text.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from engine.store.head import head_state_json


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    """Register ``show`` (engine.cli calls this for ``show`` alone; the session
    sub-commands call it in their place among them)."""
    show = subparsers.add_parser("show", help="print the current state as JSON")
    show.add_argument("file", type=Path)
    show.add_argument("--player-view", action="store_true", help="only what the players may see (the projector)")
    show.add_argument(
        "--seat",
        metavar="CHARACTER",
        help="only what this character's player may see (id or name; implies --player-view)",
    )
    show.add_argument("--lang", choices=("en", "ja"), default="en", help="language of messages")
    show.set_defaults(handler=run)
    return show


def run(args: argparse.Namespace) -> int:
    if not args.player_view and args.seat is None:
        text = head_state_json(args.file)
        if text is not None:
            sys.stdout.write(text + "\n")
            return 0
    from engine.cli.sessions import show_state  # the models: only when the stored JSON cannot answer

    return show_state(args)
