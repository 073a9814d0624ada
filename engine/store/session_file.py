"""One open session file: the session with its durable journal attached.

``SessionFile.create``/``open``/``import_json`` give a :class:`SessionFile`
whose ``session`` writes every dispatch, undo and redo to disk before
returning.  A reopened session has the same undo and redo stacks as before it
was closed (or before the crash).
"""

from __future__ import annotations

import sqlite3
from pathlib import Path
from types import TracebackType
from typing import TYPE_CHECKING

from engine.core.session import Session
from engine.errors import EngineError
from engine.store import database, migrations
from engine.store.acknowledged import (
    Loss,
    MarkWriter,
    claimed_elsewhere,
    identity_of,
    keep_damaged,
    lost,
    read_mark,
)
from engine.store.faults import in_use, write_error
from engine.store.history import History, bulk_load
from engine.store.journal import COMMITS, Catalogue, SqliteJournal
from engine.store.leftovers import sweep_temp_files
from engine.store.placement import ack_mark, place_replacing, remove_quietly, sidecars, temp_near
from engine.store.progress import Report
from engine.store.reader import Contents, Outdated, inspect
from engine.store.rows import StoredRow
from engine.store.writer import (
    FileImage,
    header_meta,
    seal,
    snapshots_by_replay,
    write_file,
)

if TYPE_CHECKING:
    from engine.table.commands import NewSession


def _stamp(path: Path) -> tuple[tuple[int, int] | None, ...]:
    """Size and modification time of the file and its log (None if absent)."""
    found: list[tuple[int, int] | None] = []
    for part in (path, sidecars(path)[0]):
        try:
            info = part.stat()
            found.append((info.st_size, info.st_mtime_ns))
        except OSError:
            found.append(None)
    return tuple(found)


class SessionFile:
    """A session and the file it is saved in, command by command."""

    def __init__(
        self,
        path: Path,
        session: Session,
        journal: SqliteJournal,
        meta: dict[str, str],
        history: History | None,
        mark: MarkWriter | None = None,
    ) -> None:
        self.path = path
        self.session = session
        self.journal = journal
        self.meta = meta
        self._history = history
        #: Why the last write failed (None after a successful one).
        self.last_error: EngineError | None = None
        #: Something the GM must be told on open (acknowledged commands the file lost).
        self.notice: EngineError | None = None
        session.journal = journal
        if mark is None:  # a file this program has just made: nobody else can hold it yet
            mark = MarkWriter(path, identity_of(meta.get("created_at", "")))
            mark.claim()
        self._mark = mark
        journal.on_commit = self._write_mark
        self._write_mark()

    def _write_mark(self) -> None:
        if not self.journal.pending:
            cat = self.journal.catalogue
            self._mark.write(len(cat.rows), len(cat.done_ids), cat.commits)

    # -- making and opening files ----------------------------------------
    @classmethod
    def create(cls, path: Path, command: NewSession) -> SessionFile:
        """A new file holding ``command`` (the root of undo); never overwrites."""
        path = Path(path).absolute()
        session = Session()
        root = session.dispatch(command).entry  # an illegal command stops here, before any file exists
        row = StoredRow.from_entry(1, root)
        meta = header_meta(session.initial, root.after)
        snapshot = root.after.model_dump_json()
        write_file(path, FileImage(meta=meta, rows=[row], snapshots={1: snapshot}))
        catalogue = Catalogue(rows={1: row}, done_ids=[1], undone_ids=[], snapshot_ids={1})
        catalogue.clock.taken(len(snapshot))
        return cls(path, session, SqliteJournal(database.connect_rw(path), catalogue), meta, None)

    @classmethod
    def open(cls, path: Path) -> SessionFile:
        """Validate, migrate if older, and resume with undo and redo as they were.

        Raises EngineError (and changes nothing) for a missing, foreign,
        damaged or newer file, or one open in another window.
        """
        path = Path(path).absolute()
        sweep_temp_files(path.parent)  # what killed writers left beside it
        found = cls._inspect_settled(path)
        mark = MarkWriter(path, 0)  # beside a validated file only: opening never writes beside a stranger's
        if not mark.claim():
            mark.close()
            raise in_use()
        try:
            if isinstance(found, Outdated):
                migrations.migrate(path, found.version)
                found = inspect(path)
                if isinstance(found, Outdated):
                    raise migrations.failed("layout")
            mark.identity = identity_of(found.meta.get("created_at", ""))
            return cls._resume(path, found, mark)
        except BaseException:
            mark.abandon()
            raise

    @staticmethod
    def _inspect_settled(path: Path) -> Contents | Outdated:
        """Validate ``path``; a failure while another program holds the file is "in use".

        Validation reads the file without a lock, so a second writer started
        together with a first one (two ``play`` at once) may read it in the
        middle of the first one's final checkpoint and find it torn.  That says
        nothing about the file: if the other program still holds it, the
        answer is that it is open elsewhere; if it has let go meanwhile (the
        file or its log changed while it was read), the file is settled and is
        read once more, and only that reading counts.  Nothing here writes
        beside the file (no SQLite connection to a file that failed).
        """
        before = _stamp(path)
        try:
            return inspect(path)
        except EngineError:
            if claimed_elsewhere(path):
                raise in_use() from None
            if _stamp(path) == before:
                raise  # nobody wrote meanwhile: the failure is the file's
        return inspect(path)

    @classmethod
    def _resume(cls, path: Path, contents: Contents, mark: MarkWriter) -> SessionFile:
        conn = database.connect_rw(path)
        try:
            count, top = conn.execute("SELECT count(*), coalesce(max(id), 0) FROM journal").fetchone()
            found = conn.execute("SELECT value FROM meta WHERE key = ?", (COMMITS,)).fetchone()
        except sqlite3.Error as exc:
            conn.close()
            raise in_use() from exc
        rows = contents.catalogue.rows
        commits = found[0] if found is not None else "0"
        if (count, top, commits) != (len(rows), max(rows), str(contents.catalogue.commits)):
            conn.close()  # someone wrote between validation and now (an undo changes no count, only the counter)
            raise in_use()
        loss = cls._check_mark(path, contents)
        session = Session(initial=contents.initial)
        session.state = contents.state
        with bulk_load():
            session.done = contents.done_entries()
            session.undone = contents.undone_entries()
            session.finals = contents.final_entries()
        session.dice_position = contents.dice_position()
        session.rolls.load_later(contents.roll_entries_later(session.rolls.limit))  # read after the first paint
        journal = SqliteJournal(conn, contents.catalogue)
        contents.history.reader = journal.read_snapshot
        opened = cls(path, session, journal, contents.meta, contents.history, mark)
        opened.notice = loss.notice() if loss is not None else None
        return opened

    @staticmethod
    def _check_mark(path: Path, contents: Contents) -> Loss | None:
        """Acknowledged changes missing from the file (a damaged write-ahead
        log): keep a copy of the damaged files before SQLite recovers them."""
        cat = contents.catalogue
        mark = read_mark(path)
        identity = identity_of(contents.meta["created_at"])
        if mark is None or not lost(mark, identity, len(cat.rows), len(cat.done_ids), cat.commits):
            return None
        try:
            copy = keep_damaged(path)
        except OSError as exc:
            raise write_error(exc) from exc
        return Loss(max(mark.rows - len(cat.rows), 0), contents.state.seq, copy)

    @classmethod
    def import_json(
        cls, json_path: Path, path: Path, *, replace: bool = False, report: Report | None = None
    ) -> SessionFile:
        """A new session file from a JSON export; an existing ``path`` is
        replaced only when asked, and never while it is open.

        Every command is re-run and every event compared before anything is
        written; ``report`` hears the progress and may stop the import by
        raising :class:`~engine.store.progress.Cancelled` — until the file is
        complete nothing exists under ``path``."""
        from engine.store.export import read_export  # an import or export is rare: not loaded at start-up

        imported = read_export(Path(json_path), report)
        write_file(Path(path).absolute(), imported.image, replace=replace, report=report)
        return cls.open(path)

    # -- saving ------------------------------------------------------------
    @property
    def pending(self) -> int:
        """Changes kept in memory because the disk refused them."""
        return len(self.journal.pending)

    @property
    def closed(self) -> bool:
        return self.journal.conn is None

    def retry(self) -> bool:
        """Write what is pending; True when everything shown is on disk."""
        try:
            self.journal.flush()
        except EngineError as exc:
            self.last_error = exc
            return False
        self.last_error = None
        return True

    def save_as(self, path: Path) -> SessionFile:
        """Continue in a full copy at ``path`` (undo history included).

        The copy gets what is pending too, so Save as is the way out when the
        current file's disk is full or gone.  ``path`` is replaced if it exists
        (the GUI's dialog has asked).  This object is closed; use the result.
        """
        target = Path(path).absolute()
        if target == self.path:
            self.retry()
            return self
        database.refuse_open_target(target)
        temp = temp_near(target)
        try:
            self._copy_to(temp)
            database.refuse_open_target(target)  # again, right before the rename
            place_replacing(temp, target)
        except EngineError:
            remove_quietly(temp, *sidecars(temp))
            raise
        except (sqlite3.Error, OSError) as exc:
            remove_quietly(temp, *sidecars(temp))
            raise write_error(exc) from exc
        conn = database.connect_rw(target)
        journal = SqliteJournal(conn, self.journal.catalogue)
        self.journal.pending.clear()  # they are in the copy now
        self.journal.close()
        self._mark.close()
        copy = SessionFile(target, self.session, journal, self.meta, self._history)
        if self._history is not None:
            self._history.reader = journal.read_snapshot
        return copy

    def _copy_to(self, temp: Path) -> None:
        """The current file plus pending changes; rebuilt from memory if the
        current file cannot be read any more."""
        conn = self.journal.conn
        if conn is not None:
            try:
                copy = sqlite3.connect(str(temp), isolation_level=None)
                try:
                    conn.backup(copy)
                    database.configure(copy)
                    with database.transaction(copy):
                        self.journal.apply_pending(copy)
                except BaseException:
                    copy.close()
                    raise
                seal(copy, temp)
                return
            except sqlite3.Error:
                remove_quietly(temp, *sidecars(temp))
        self._write_from_memory(temp)

    def _write_from_memory(self, temp: Path) -> None:
        cat = self.journal.catalogue
        line = cat.line()
        done, undone = line[: len(cat.done_ids)], line[len(cat.done_ids) :]
        snapshots, _, _ = snapshots_by_replay(self.session.initial, done, undone)
        meta = {**self.meta, COMMITS: str(cat.commits)}  # the count the mark will repeat
        write_file(temp, FileImage(meta=meta, rows=cat.ordered(), snapshots=snapshots))

    # -- sharing -----------------------------------------------------------
    def export_json(self, path: Path) -> None:
        """The whole session as JSON (what the GM sees, pending changes included)."""
        from engine.store.export import export_document, write_export

        document = export_document(self.meta, self.journal.catalogue.ordered(), self.session.state)
        write_export(Path(path), document, source=self.path, replace=True)

    # -- closing -------------------------------------------------------------
    def close(self, *, discard_pending: bool = False) -> None:
        """Close the file; the next open replays nothing.

        With changes still pending (the disk refused them), closing would lose
        them: it raises EngineError and stays open, unless ``discard_pending``.
        """
        if self.closed:
            return
        if self.journal.pending and not self.retry() and not discard_pending:
            raise EngineError(
                "{count} change(s) could not be saved yet; save the session elsewhere or try again before closing.",
                count=self.pending,
            )
        discarded = bool(self.journal.pending)
        self.journal.pending.clear()
        if not discarded:  # a snapshot of discarded commands would name rows the file never got
            self.journal.snapshot_current(self.session.state)
        # The mark goes while the file is still locked, once the log is merged:
        # removed after the lock was released, it could be another window's
        # fresh mark (a second program opening right then), and that one's
        # marks would go to a deleted file.
        self.journal.close(merged=lambda: remove_quietly(ack_mark(self.path)))
        self._mark.close()  # and with it this program's claim on the session

    def __enter__(self) -> SessionFile:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, value: BaseException | None, trace: TracebackType | None
    ) -> None:
        self.close(discard_pending=kind is not None)

    def __repr__(self) -> str:
        return f"SessionFile({str(self.path)!r}, seq={self.session.state.seq}, pending={self.pending})"
