"""Which ruleset a session file names, read as a hint before the file is opened.

Start-up imports the live window's modules while the crash prompt waits for
the GM; with them it may as well import the ruleset the session plays (its
models and commands), which the file's ``meta`` table names.  This reads that
one value from the file alone, as SQLite reads an immutable file: nothing is
written or created beside it (a crashed session's ``-wal`` is left for the
store's recovery, which finds things as they were), and nothing is checked:
the file is opened and checked
properly afterwards (:class:`engine.store.SessionFile`), so a wrong or missing
answer only means those imports come later, never that a file is trusted.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path


def named_ruleset(path: Path) -> str:
    """The ruleset ``path``'s ``meta`` table names; "" when it cannot be read."""
    try:
        conn = sqlite3.connect(Path(path).resolve().as_uri() + "?mode=ro&immutable=1", uri=True)
    except (sqlite3.Error, OSError, ValueError):
        return ""
    try:
        row = conn.execute("SELECT value FROM meta WHERE key = 'ruleset'").fetchone()
    except sqlite3.Error:
        return ""
    finally:
        conn.close()
    return row[0] if row is not None and isinstance(row[0], str) else ""


__all__ = ["named_ruleset"]
