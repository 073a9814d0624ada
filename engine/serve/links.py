"""One secret link per seat.

A seat's link carries a random token of 192 bits (``secrets.token_urlsafe(24)``),
far above the 128 bits a guess would have to beat on a shared network.  The
token is the only thing that names a seat to the server: a request with an
unknown token learns nothing, not even which seats exist.  Renewing a seat's
link makes a new token at once; the old one is forgotten, so it stops working
for the next request (the service also closes the pages still open with it).
"""

from __future__ import annotations

import hashlib
import hmac
import json
import os
import re
import secrets
import threading
from collections.abc import Iterable
from pathlib import Path

#: Bytes of randomness in a token (192 bits; the URL-safe text is 32 characters).
TOKEN_BYTES = 24

#: The key of the table's seat (what the projector shows); a character's seat is keyed by its id.
TABLE = "table"


#: What a token looks like; anything else is not even looked up.
TOKEN_SHAPE = re.compile(r"^[A-Za-z0-9_-]{32}$")


def new_token() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)


def links_file(folder: Path, session: Path) -> Path:
    """Where the links of ``session`` are kept between runs, so a phone's page comes
    back after the GM's program (or ``engine serve``) restarts: one small file per
    session in the user's config folder, named by a hash of the session's path."""
    digest = hashlib.sha256(str(session.resolve()).encode("utf-8")).hexdigest()[:20]
    return folder / "players" / f"{digest}.json"


class SeatLinks:
    """Seat key → token, thread-safe: the GM's side renews while the server looks tokens up."""

    def __init__(self, store: Path | None = None) -> None:
        self._lock = threading.Lock()
        self._tokens: dict[str, str] = {}
        #: the file the links are kept in between runs (None: forgotten when the program ends)
        self.store = store
        if store is not None:
            self._tokens = _read(store)

    def ensure(self, keys: Iterable[str]) -> None:
        """Give every seat in ``keys`` a token (a seat keeps the one it has)."""
        with self._lock:
            added = False
            for key in keys:
                if key not in self._tokens:
                    self._tokens[key] = new_token()
                    added = True
            if added:
                self._save()

    def token(self, key: str) -> str | None:
        with self._lock:
            return self._tokens.get(key)

    def renew(self, key: str) -> str:
        """A new token for ``key``; the old one is no longer known."""
        with self._lock:
            token = self._tokens[key] = new_token()
            self._save()
            return token

    def seat_of(self, token: str) -> str | None:
        """The seat a token opens, compared in constant time against every seat's token."""
        found: str | None = None
        candidate = token.encode("utf-8", "replace")
        with self._lock:
            for key, known in self._tokens.items():
                if hmac.compare_digest(candidate, known.encode("ascii")):
                    found = key
        return found

    def keep_in(self, store: Path | None) -> None:
        """Keep the links in ``store`` from now on (the session was saved under another name)."""
        with self._lock:
            self.store = store
            self._save()

    def keys(self) -> list[str]:
        with self._lock:
            return list(self._tokens)

    def _save(self) -> None:
        """Write the links (readable by the user only); a failed write keeps them in memory."""
        if self.store is None:
            return
        try:
            self.store.parent.mkdir(parents=True, exist_ok=True)
            staged = self.store.with_suffix(".tmp")
            descriptor = os.open(staged, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
            with os.fdopen(descriptor, "w", encoding="utf-8") as handle:
                json.dump(self._tokens, handle)
            staged.replace(self.store)
        except OSError:
            pass


def _read(store: Path) -> dict[str, str]:
    """The links kept in ``store``; a missing or damaged file gives none (new links are made)."""
    try:
        data = json.loads(store.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    if not isinstance(data, dict):
        return {}
    return {str(k): v for k, v in data.items() if isinstance(v, str) and TOKEN_SHAPE.match(v)}


__all__ = ["TABLE", "TOKEN_BYTES", "TOKEN_SHAPE", "SeatLinks", "links_file", "new_token"]
