"""Session files from the command line: ``new``, ``play``, ``show``, ``commands``,
``export`` and ``import``.

``play`` is the scripting interface: one JSON command per line on stdin (the
engine's own command models, as ``python -m engine commands`` describes them,
plus ``{"type": "undo"}`` and ``{"type": "redo"}``).  For each line it prints
one JSON line, and only after the command is on disk — so a script that reads
``{"ok": true, "seq": 12}`` knows command 12 survives a crash.  An illegal
command prints ``{"ok": false, ...}`` and changes nothing.
"""

from __future__ import annotations

import argparse
import json
import re
import secrets
import sys
import threading
import time
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from engine.cli import show
from engine.core.commands import CommandBase
from engine.core.player_view import player_view
from engine.core.seats import Seat
from engine.core.session import Outcome
from engine.core.state import State
from engine.errors import EngineError
from engine.i18n import render
from engine.rulesets import registry
from engine.rulesets.registry import command_schema
from engine.store import SessionFile
from engine.store.acknowledged import identity_of, lost, read_mark
from engine.store.export import export_document, refuse_target, same_file, write_export
from engine.store.migrations import read_current
from engine.store.progress import Progress
from engine.store.reader import Contents
from engine.table.commands import NewSession

#: New sessions draw their seed below this (the GUI's New Session uses the same range).
MAX_SEED = 2**31 - 1

_GRID = re.compile(r"^\s*(\d+)\s*[xX×]\s*(\d+)\s*$")


def add_parser(subparsers: Any) -> None:
    """Register the session sub-commands (engine.cli calls this)."""
    new = subparsers.add_parser("new", help="create a session file")
    new.add_argument("file", type=Path)
    new.add_argument("--ruleset", default="upland")
    new.add_argument(
        "--seed", type=int, default=None, help="dice seed (default: a fresh random one, printed so it can be reused)"
    )
    new.add_argument("--grid", default="5x5", help="columns x rows, e.g. 5x5")
    new.add_argument("--gate", default="C5")
    new.add_argument("--options", default="{}", help="ruleset options as a JSON object")
    new.set_defaults(handler=_new)

    play = subparsers.add_parser("play", help="apply JSON commands from stdin, one per line")
    play.add_argument("file", type=Path)
    play.set_defaults(handler=_play)

    show.add_parser(subparsers)

    commands = subparsers.add_parser("commands", help="print the JSON schema of all commands")
    commands.set_defaults(handler=_commands)

    export = subparsers.add_parser("export", help="write a session as JSON")
    export.add_argument("file", type=Path)
    export.add_argument("json", type=Path)
    export.add_argument("--overwrite", action="store_true", help="replace an existing file (never an open session)")
    export.set_defaults(handler=_export)

    imports = subparsers.add_parser("import", help="make a session file from a JSON export")
    imports.add_argument("json", type=Path)
    imports.add_argument("file", type=Path)
    imports.add_argument("--overwrite", action="store_true", help="replace an existing file (never an open session)")
    imports.set_defaults(handler=_import)

    for parser in (new, play, commands, export, imports):
        parser.add_argument("--lang", choices=("en", "ja"), default="en", help="language of messages")


def _emit(data: dict[str, Any]) -> None:
    print(json.dumps(data, ensure_ascii=False), flush=True)


def _new(args: argparse.Namespace) -> int:
    match = _GRID.match(args.grid)
    if match is None:
        raise EngineError("The grid must be written like 5x5 (got '{text}').", text=args.grid)
    try:
        options = json.loads(args.options)
    except ValueError:
        options = None
    if not isinstance(options, dict):
        raise EngineError("The options must be a JSON object.")
    # A table never plays with a known shuffle: without --seed every new session
    # gets its own seed (the GUI's New Session does the same); it is printed and
    # stored in the file, so the session still replays exactly.
    seed = args.seed if args.seed is not None else secrets.randbelow(MAX_SEED)
    command = NewSession(
        ruleset=args.ruleset,
        seed=seed,
        cols=int(match.group(1)),
        rows=int(match.group(2)),
        setup={"gate": args.gate},
        options=options,
    )
    session_file = SessionFile.create(args.file, command)
    seq = session_file.session.state.seq
    session_file.close()
    _emit({"ok": True, "file": str(session_file.path), "seq": seq, "seed": seed})
    return 0


#: A longer ``play`` line is refused unread (no command comes near it).
MAX_LINE_BYTES = 1024 * 1024
#: Arrays and objects nested deeper than this are refused before parsing.
MAX_NESTING = 64


def _play(args: argparse.Namespace) -> int:
    lang: str = args.lang
    session_file = SessionFile.open(args.file)
    if session_file.notice is not None:  # acknowledged commands the file lost: say so before anything else
        print(session_file.notice.text(lang), file=sys.stderr, flush=True)
    refused = False
    number = 0
    stdin = sys.stdin.buffer
    while True:
        raw = stdin.readline(MAX_LINE_BYTES + 1)
        if not raw:
            break
        number += 1
        too_long = len(raw) > MAX_LINE_BYTES and not raw.endswith(b"\n")
        while too_long and raw and not raw.endswith(b"\n"):
            raw = stdin.readline(MAX_LINE_BYTES + 1)  # skip the rest of the line
        if not too_long and not raw.strip():
            continue
        try:
            if too_long:
                raise EngineError("This line is longer than {limit} bytes.", limit=MAX_LINE_BYTES)
            outcome = _apply(session_file, raw)
        except EngineError as exc:
            refused = True
            _emit({"ok": False, "line": number, "error": exc.text(lang), "source": exc.source})
            continue
        report: dict[str, Any] = {
            "ok": True,
            "line": number,
            "kind": outcome.kind,
            "seq": outcome.entry.seq,
            "type": outcome.entry.command.type,
        }
        if outcome.kind == "do":
            report["events"] = [event.model_dump(mode="json") for event in outcome.entry.events]
        if not outcome.saved:
            # Not on disk, so not acknowledged: the promise of ``play``.
            refused = True
            error = outcome.save_error or EngineError("The session file is closed.")
            report.update(ok=False, saved=False, error=error.text(lang), source=error.source)
        _emit(report)
    if session_file.pending and not session_file.retry():
        count = session_file.pending
        session_file.close(discard_pending=True)
        raise EngineError(
            "{count} change(s) could not be saved yet; save the session elsewhere or try again before closing.",
            count=count,
        )
    session_file.close()
    return 1 if refused else 0


def _nesting(text: str) -> int:
    """How deep arrays and objects nest, counted outside strings, without parsing."""
    depth = deepest = 0
    in_string = escaped = False
    for char in text:
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif char in "]}":
            depth -= 1
    return deepest


def _apply(session_file: SessionFile, raw: bytes) -> Outcome:
    """One script line: strict UTF-8, bounded nesting, strict JSON types (no
    ``"yes"`` for true, no ``"2"`` for 2); every refusal is an EngineError and
    leaves the session as it was."""
    try:
        line = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise EngineError("This line is not valid UTF-8.") from exc
    if _nesting(line) > MAX_NESTING:
        raise EngineError("This line nests arrays or objects deeper than {limit} levels.", limit=MAX_NESTING)
    try:
        data = json.loads(line)
    except (ValueError, RecursionError) as exc:
        raise EngineError("This line is not valid JSON.") from exc
    if isinstance(data, dict) and data.get("type") == "undo" and set(data) == {"type"}:
        return session_file.session.undo()
    if isinstance(data, dict) and data.get("type") == "redo" and set(data) == {"type"}:
        return session_file.session.redo()
    return session_file.session.dispatch(_strict_command(line))


def _strict_command(line: str) -> CommandBase:
    """Script input is parsed strictly: JSON types must be the command's types."""
    try:
        return registry.command_from_json(line, strict=True)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first.get("loc", ()))
        raise EngineError(
            "Not a valid command ({where}: {problem}).", where=where or "-", problem=first.get("msg", "")
        ) from exc


def show_state(args: argparse.Namespace) -> int:
    """``show`` through the reader and the models: a view for a seat, a file
    to upgrade, a head to replay, or a file the stored JSON cannot answer for."""
    contents = read_current(args.file)
    _warn_if_short(contents, args.lang)
    state = contents.state
    if args.player_view or args.seat is not None:
        state = player_view(state, _seat(state, args.seat))
    print(state.model_dump_json(indent=2))
    return 0


def _seat(state: State, character: str | None) -> Seat:
    """The projector's seat, or the seat of the character named by id or name."""
    if character is None:
        return Seat.projector()
    for c in state.ordered_characters():
        if character in (c.id, c.name):
            return Seat.character(c.id)
    known = ", ".join(f"{c.id} ({c.name})" for c in state.ordered_characters()) or "-"
    raise EngineError("There is no character '{id}' (known: {known}).", id=character, known=known)


def _warn_if_short(contents: Contents, lang: str) -> None:
    """``show`` and ``export`` never write, so they only say that acknowledged
    commands are missing (opening the file keeps a copy and tells how many)."""
    cat = contents.catalogue
    identity = identity_of(contents.meta.get("created_at", ""))
    if lost(read_mark(contents.path), identity, len(cat.rows), len(cat.done_ids), cat.commits):
        warning = EngineError(
            "Acknowledged commands are missing from this file (it was damaged); open it to keep a copy of the "
            "damaged files."
        )
        print(warning.text(lang), file=sys.stderr, flush=True)


def _commands(args: argparse.Namespace) -> int:
    print(json.dumps(command_schema(), ensure_ascii=False, indent=2))
    return 0


def _export(args: argparse.Namespace) -> int:
    refuse_target(args.json, args.file, args.overwrite)  # before reading: `export S S` never touches S
    contents = read_current(args.file)
    _warn_if_short(contents, args.lang)
    document = export_document(contents.meta, contents.catalogue.ordered(), contents.state)
    write_export(args.json, document, source=args.file, replace=args.overwrite)
    return 0


def _import(args: argparse.Namespace) -> int:
    if same_file(args.json, args.file):
        raise EngineError("{name} is the session itself; choose another name.", name=args.file.name)
    line = ProgressLine(args.file.name, args.lang)
    try:
        session_file = SessionFile.import_json(args.json, args.file, replace=args.overwrite, report=line.report)
    finally:
        line.end()
    seq = session_file.session.state.seq
    session_file.close()
    _emit({"ok": True, "file": str(session_file.path), "seq": seq})
    return 0


def _stage_text(progress: Progress, name: str, lang: str) -> str:
    """One progress line: the file, the share done and what the import is doing."""
    params: dict[str, object] = {
        "name": name,
        "percent": int(progress.fraction * 100),
        "done": progress.done,
        "total": progress.total,
    }
    if progress.stage == "reading":
        return render("Importing {name}: {percent}% (reading command {done} of {total})", lang, **params)
    if progress.stage == "checking":
        return render("Importing {name}: {percent}% (re-running command {done} of {total})", lang, **params)
    return render("Importing {name}: {percent}% (writing command {done} of {total})", lang, **params)


class ProgressLine:
    """A progress line on stderr for an import that takes more than a second:
    rewritten in place on a terminal, a new line every few seconds otherwise
    (a log file gets a handful of lines, not thousands)."""

    #: Nothing is printed before this; a short import stays silent.
    AFTER: float = 1.0

    def __init__(self, name: str, lang: str) -> None:
        self.name = name
        self.lang = lang
        self.started = time.monotonic()
        self.terminal = sys.stderr.isatty()
        self.every = 0.2 if self.terminal else 5.0
        self.last = self.started - self.every + self.AFTER  # the first line once AFTER has passed
        self.shown = False
        self._lock = threading.Lock()
        # Parsing a large document comes before the first row is reported (a few
        # seconds for 100,000 rows): a timer says so once AFTER has passed.
        self._opening = threading.Timer(self.AFTER, self._say_opening)
        self._opening.daemon = True
        self._opening.start()

    def _say_opening(self) -> None:
        self._write(render("Importing {name}: reading the document…", self.lang, name=self.name))

    def _write(self, text: str) -> None:
        with self._lock:
            sys.stderr.write(f"\r{text}\x1b[K" if self.terminal else text + "\n")
            sys.stderr.flush()
            self.shown = True

    def report(self, progress: Progress) -> None:
        self._opening.cancel()  # the rows are coming: the document is parsed
        now = time.monotonic()
        if now - self.last < self.every and progress.done != progress.total:
            return
        if now - self.started < self.AFTER:
            return
        self.last = now
        self._write(_stage_text(progress, self.name, self.lang))

    def end(self) -> None:
        self._opening.cancel()
        if self.shown and self.terminal:
            sys.stderr.write("\n")
            sys.stderr.flush()
