"""Characters from the command line: ``character import`` and ``character export``.

``python -m engine character import SESSION FILE`` reads a character document
(``-`` reads standard input), lets the session's ruleset detect its format
(for CoC: キャラクター保管所, CCFOLIA or yobigoe JSON) and dispatches the
commands its importer makes — a broken document is refused whole, naming the
field.  ``character export SESSION NAME --format ccfolia|yobigoe`` prints a
character's sheet as that document on standard output.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from engine.errors import EngineError
from engine.rulesets import registry
from engine.store import SessionFile
from engine.store.migrations import read_current

#: A character document larger than this is refused unread.
MAX_DOCUMENT_BYTES = 1024 * 1024


def add_parser(subparsers: Any) -> None:
    character = subparsers.add_parser("character", help="import or export a character sheet")
    sub = character.add_subparsers(dest="character_command", required=True)
    imports = sub.add_parser("import", help="bring a character in from a document (format detected)")
    imports.add_argument("file", type=Path, help="the session file")
    imports.add_argument("document", help="the character document, or - for standard input")
    imports.set_defaults(handler=_import)
    exports = sub.add_parser("export", help="print a character's sheet as a document")
    exports.add_argument("file", type=Path, help="the session file")
    exports.add_argument("name", help="the character's name or id")
    exports.add_argument("--format", choices=("ccfolia", "yobigoe"), default="yobigoe")
    exports.set_defaults(handler=_export)
    for parser in (imports, exports):
        parser.add_argument("--lang", choices=("en", "ja"), default="en", help="language of messages")


def _read_document(source: str) -> bytes:
    if source == "-":
        data = sys.stdin.buffer.read(MAX_DOCUMENT_BYTES + 1)
    else:
        path = Path(source)
        if not path.is_file():
            raise EngineError("There is no file {name}.", name=source)
        with path.open("rb") as handle:
            data = handle.read(MAX_DOCUMENT_BYTES + 1)
    if len(data) > MAX_DOCUMENT_BYTES:
        raise EngineError("This character document is larger than {limit} bytes.", limit=MAX_DOCUMENT_BYTES)
    return data


def _import(args: argparse.Namespace) -> int:
    data = _read_document(args.document)
    session_file = SessionFile.open(args.file)
    try:
        ruleset = registry.get(session_file.session.state.ruleset)
        if not ruleset.importers:
            raise EngineError("The ruleset {ruleset} imports no characters.", ruleset=ruleset.id)
        commands = ruleset.importers[0].read(data)
        seqs = [session_file.session.dispatch(command).entry.seq for command in commands]
    finally:
        session_file.close()
    state = read_current(args.file).state
    names = [c.name for c in state.ordered_characters()]
    print(json.dumps({"ok": True, "seq": seqs[-1] if seqs else None, "characters": names}, ensure_ascii=False))
    return 0


def _export(args: argparse.Namespace) -> int:
    from engine.coc6.importers.documents import export_text
    from engine.coc6.sheet import CocSheet

    state = read_current(args.file).state
    found = state.characters.get(args.name) or next(
        (c for c in state.ordered_characters() if c.name == args.name), None
    )
    if found is None:
        raise EngineError("There is no character '{id}'.", id=args.name)
    if not isinstance(found.sheet, CocSheet):
        raise EngineError("{name} has no investigator sheet yet.", name=found.name)
    ruleset = state.ruleset if state.ruleset in ("coc6-a", "coc6-b") else None
    print(export_text(found.sheet, args.format, ruleset))  # type: ignore[arg-type]
    return 0
