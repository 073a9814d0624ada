"""A session as one JSON document, for sharing and bug reports.

The export holds everything that is not derived: the header, the initial
state and every journal row (undone and discarded ones included, with their
ids and times), plus the current state so a reader — or the importer — can
check the journal against it.  Snapshots are left out: they are rebuilt on
import by replaying the events, which also proves the journal is consistent.
Import followed by export gives the same document, byte for byte.
"""

from __future__ import annotations

import json
import os
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from engine.core.state import State
from engine.errors import EngineError
from engine.store import database
from engine.store.admission import MAX_IMPORT_BYTES, MAX_IMPORT_ROWS, Readers, rerun, too_large
from engine.store.faults import write_error
from engine.store.format import FORMAT_NAME, STATUSES, current_version
from engine.store.journal import COMMITS, DICE_POSITION
from engine.store.placement import fsync_folder, remove_quietly, temp_near
from engine.store.progress import Report, every
from engine.store.reader import EXPORT_FORMAT
from engine.store.rows import StoredRow, furthest_dice, split_line
from engine.store.writer import FileImage, LineSnapshots

#: Header rows that are rewritten by the importer rather than copied.
_OWN_META = ("format", "schema_version", "initial_state", DICE_POSITION, COMMITS)
_NEEDED_META = ("created_at", "writer", "ruleset", "options")


def export_document(meta: dict[str, str], rows: Sequence[StoredRow], state: State) -> dict[str, Any]:
    return {
        "format": EXPORT_FORMAT,
        "version": current_version(),
        "meta": {key: value for key, value in sorted(meta.items()) if key not in _OWN_META},
        "initial_state": json.loads(meta["initial_state"]),
        "journal": [
            {
                "id": row.id,
                "seq": row.seq,
                "status": row.status,
                "recorded_at": row.recorded_at,
                "command": json.loads(row.command_text),
                "events": json.loads(row.events_text),
            }
            for row in rows
        ],
        "state": state.model_dump(mode="json"),
    }


def write_export(path: Path, document: dict[str, Any], *, source: Path | None = None, replace: bool = False) -> None:
    """Write aside, fsync, rename: an interrupted export never leaves half a
    document.  Never onto ``source`` (the session itself) nor onto a session
    that is open; onto an existing file only with ``replace``."""
    path = Path(path)
    refuse_target(path, source, replace)
    text = json.dumps(document, ensure_ascii=False, indent=1) + "\n"
    temp = temp_near(path)
    try:
        with temp.open("w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        database.refuse_open_target(path)
        os.replace(temp, path)
        fsync_folder(path.parent)
    except EngineError:
        remove_quietly(temp)
        raise
    except OSError as exc:
        remove_quietly(temp)
        raise write_error(exc, "export") from exc


def refuse_target(target: Path, source: Path | None, replace: bool) -> None:
    """The checks before writing a copy of ``source`` at ``target``."""
    if source is not None and same_file(source, target):
        raise EngineError("{name} is the session itself; choose another name.", name=target.name)
    if target.exists() and not replace:
        raise EngineError("A file named {name} already exists; add --overwrite to replace it.", name=target.name)
    database.refuse_open_target(target)


def same_file(one: Path, other: Path) -> bool:
    try:
        return one.resolve() == other.resolve() or (other.exists() and os.path.samefile(one, other))
    except OSError:
        return False


def _damaged(detail: str) -> EngineError:
    return EngineError("The session export is damaged ({detail}).", detail=detail)


@dataclass
class Imported:
    image: FileImage
    state: State


def read_export(json_path: Path, report: Report | None = None) -> Imported:
    """Validate an export completely and turn it into a file image.

    ``report`` hears how far the check has come and may stop it by raising an
    EngineError; nothing is written either way (the caller writes the image).
    """
    try:
        text = Path(json_path).read_text(encoding="utf-8")
    except FileNotFoundError as exc:
        raise EngineError("The session file {name} does not exist.", name=Path(json_path).name) from exc
    except UnicodeDecodeError as exc:
        raise EngineError("This JSON file is not a yobigoe session export.") from exc
    except OSError as exc:
        raise EngineError("The session file could not be read ({detail}).", detail=type(exc).__name__) from exc
    if len(text) > MAX_IMPORT_BYTES:
        raise too_large(f"more than {MAX_IMPORT_BYTES // (1024 * 1024)} MB")
    try:
        document = json.loads(text)
    except (ValueError, RecursionError) as exc:
        raise EngineError("This JSON file is not a yobigoe session export.") from exc
    del text
    if not isinstance(document, dict) or document.get("format") != EXPORT_FORMAT:
        raise EngineError("This JSON file is not a yobigoe session export.")
    version = document.get("version")
    if not isinstance(version, int) or version < 1:
        raise _damaged("version")
    if version > current_version():
        raise EngineError(
            "This export was written by a newer version of yobigoe (format {version}); please update.",
            version=version,
        )
    try:
        return _build(document, report)
    except EngineError:
        raise
    except ValidationError as exc:
        first = exc.errors()[0]
        raise _damaged(".".join(str(p) for p in first.get("loc", ()))[:80] or "-") from exc
    except (ValueError, TypeError, KeyError, IndexError, RecursionError) as exc:
        raise _damaged(type(exc).__name__) from exc


def _build(document: dict[str, Any], report: Report | None) -> Imported:
    """One pass over the rows (validated, made canonical, their dice noted),
    then one re-run of the line that also takes the snapshots."""
    meta_in = document.get("meta")
    if not isinstance(meta_in, dict) or not all(isinstance(v, str) for v in meta_in.values()):
        raise _damaged("meta")
    if any(key not in meta_in for key in _NEEDED_META):
        raise _damaged("meta")
    initial = State.model_validate_json(json.dumps(document["initial_state"]))
    journal = document.get("journal") or []
    if not isinstance(journal, list):
        raise _damaged("journal")
    if len(journal) > MAX_IMPORT_ROWS:
        raise too_large(f"more than {MAX_IMPORT_ROWS} commands")
    ids = [item.get("id") if isinstance(item, dict) else None for item in journal]
    if len(set(map(repr, ids))) != len(ids):  # before any model is built: cheap refusals first
        raise _damaged("journal ids")
    readers = Readers.of_every_ruleset()
    rows: list[StoredRow] = []
    reach: dict[int, int] = {}  # row id -> the furthest dice position its events record (0: none)
    total = len(journal)
    for index in range(total):
        row, furthest = _row(index, journal[index], readers)
        journal[index] = None  # the parsed document shrinks as the rows are built
        rows.append(row)
        reach[row.id] = furthest
        every(report, "reading", index + 1, total)
    rows.sort(key=lambda row: row.id)
    done, undone = split_line(rows)
    starts: dict[int, int] = {}
    position = initial.dice.counter
    for row in rows:  # as dice_starts does, from the positions noted while reading
        starts[row.id] = position
        position = max(position, reach[row.id])
    line = [*done, *undone]
    taker = LineSnapshots(initial, len(done))
    checked = 0

    def row_checked(row: StoredRow, state: State) -> None:
        nonlocal checked
        taker.take(row, state)
        checked += 1
        every(report, "checking", checked, len(line))

    rerun(initial, line, starts, readers=readers, checked=row_checked)  # every command as the engine applies it
    expected = State.model_validate_json(json.dumps(document["state"]))
    if taker.current != expected:
        raise _damaged("state")
    meta = {key: value for key, value in meta_in.items() if key not in _OWN_META}
    meta.update(format=FORMAT_NAME, schema_version=str(current_version()), initial_state=initial.model_dump_json())
    meta[DICE_POSITION] = str(position)
    return Imported(FileImage(meta=meta, rows=rows, snapshots=taker.snapshots), taker.current)


def _row(index: int, item: object, readers: Readers) -> tuple[StoredRow, int]:
    """A journal row as the engine writes it, and the furthest dice position its events record."""
    if not isinstance(item, dict):
        raise _damaged(f"journal[{index}]")
    row_id, seq, status, stamp = item.get("id"), item.get("seq"), item.get("status"), item.get("recorded_at")
    if not (isinstance(row_id, int) and row_id > 0 and isinstance(seq, int) and isinstance(stamp, str)):
        raise _damaged(f"journal[{index}]")
    if status not in STATUSES:
        raise _damaged(f"journal[{index}].status")
    # Through the models and back: the stored text is exactly what the engine writes.
    command = readers.commands.validate_json(json.dumps(item.get("command"))).model_dump_json()
    events = readers.events.validate_json(json.dumps(item.get("events")))
    text = readers.events.dump_json(events).decode()
    return StoredRow.build(row_id, seq, status, stamp, command, text), furthest_dice(events)
