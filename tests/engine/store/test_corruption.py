"""Opening a damaged, truncated, foreign or newer file: a clear translated
message, no other exception, and not one byte of the file changed.

More than a thousand variants of a valid session file are generated from a
fixed seed.  A byte flipped where SQLite keeps no data (the unused part of a
page) changes nothing a reader can see; such a variant must then open to
exactly the original session.  Every other variant must be refused.
"""

from __future__ import annotations

import hashlib
import json
import os
import random
import shutil
import sqlite3
import struct
from collections import Counter
from pathlib import Path

import pytest

from benchmarks.crash_soak import Signature, apply_line, command_mix, signature
from engine.errors import EngineError
from engine.store import SessionFile
from engine.store.database import put_meta
from engine.store.format import APPLICATION_ID
from engine.table.commands import NewSession

SEED = 20240607
Rows = dict[int, tuple[int, str, str, str, str]]


def is_japanese(text: str) -> bool:
    return any("\u3040" <= ch <= "\u30ff" or "\u4e00" <= ch <= "\u9fff" for ch in text)


@pytest.fixture(scope="module")
def base(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Signature, Rows]:
    """A valid, cleanly closed session with snapshots, undone and discarded rows."""
    folder = tmp_path_factory.mktemp("base")
    path = folder / "base.yobigoe"
    live = SessionFile.create(path, NewSession(seed=SEED))
    rng = random.Random(SEED)
    for _ in range(160):
        apply_line(live.session, command_mix(rng))
    live.session.undo()
    live.close()
    with SessionFile.open(path) as opened:
        expected = signature(opened.session)
        rows: Rows = {
            r.id: (r.seq, r.status, r.recorded_at, r.command_text, r.events_text)
            for r in opened.journal.catalogue.ordered()
        }
    return path, expected, rows


def variants(base_path: Path, workdir: Path) -> list[tuple[str, bytes]]:
    rng = random.Random(SEED)
    data = base_path.read_bytes()
    size = len(data)
    out: list[tuple[str, bytes]] = []

    # Truncated at random lengths (0 included: an empty file).
    out.append(("empty", b""))
    for length in sorted(rng.sample(range(0, size), 300)):
        out.append(("truncated", data[:length]))

    # Random bytes flipped.
    for _ in range(450):
        damaged = bytearray(data)
        for position in rng.sample(range(size), rng.randint(1, 4)):
            damaged[position] ^= rng.randint(1, 255)
        out.append(("flipped", bytes(damaged)))

    # SQLite header fields set to values that are wrong for this file.
    def patched(offset: int, value: bytes) -> bytes:
        damaged = bytearray(data)
        damaged[offset : offset + len(value)] = value
        return bytes(damaged)

    for _ in range(20):
        at = rng.randrange(16)
        out.append(("header", patched(at, bytes([data[at] ^ rng.randint(1, 255)]))))
    for page_size in (0, 3, 100, 1000, 3000, 5000):
        out.append(("header", patched(16, struct.pack(">H", page_size))))
    for offset in (18, 19):
        for value in (0, 3, 7, 255):
            out.append(("header", patched(offset, bytes([value]))))
    for value in (1, 8, 32, 255):
        out.append(("header", patched(20, bytes([value]))))  # reserved bytes per page
    for offset, value in ((21, 65), (22, 33), (23, 31)):
        out.append(("header", patched(offset, bytes([value]))))  # payload fractions must be 64/32/32
    (pages,) = struct.unpack(">I", data[28:32])
    for value in (pages + 1, pages + 50, 2**31):
        out.append(("header", patched(28, struct.pack(">I", value))))
    for value in (0, 5, 9):
        out.append(("header", patched(44, struct.pack(">I", value))))  # schema format number
    for value in (2, 3, 4, 99):
        out.append(("header", patched(56, struct.pack(">I", value))))  # text encoding
    for value in (0, -1, -(2**31)):
        out.append(("header", patched(60, struct.pack(">i", value))))  # layout version
    for _ in range(20):
        other = rng.randrange(-(2**31), 2**31)
        if other != APPLICATION_ID:
            out.append(("header", patched(68, struct.pack(">i", other))))

    # Our own header rows changed through SQLite (checksums right or wrong).
    def edited(edit: str, *params: object, fix_crc: bool = False, key: str = "") -> bytes:
        target = workdir / "edit.yobigoe"
        shutil.copyfile(base_path, target)
        conn = sqlite3.connect(target)
        conn.execute(edit, params)
        if fix_crc:
            (value,) = conn.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
            put_meta(conn, key, value)
        conn.commit()
        conn.close()
        edited_bytes = target.read_bytes()
        target.unlink()
        return edited_bytes

    out.append(
        ("header", edited("UPDATE meta SET value = 'other-app' WHERE key = 'format'", fix_crc=True, key="format"))
    )
    out.append(("header", edited("UPDATE meta SET value = 'other-app' WHERE key = 'format'")))
    out.append(
        (
            "header",
            edited("UPDATE meta SET value = '2' WHERE key = 'schema_version'", fix_crc=True, key="schema_version"),
        )
    )
    out.append(("header", edited("DELETE FROM meta WHERE key = 'initial_state'")))
    out.append(("header", edited("UPDATE journal SET status = 'undone' WHERE id = 2")))
    out.append(("header", edited("UPDATE journal SET crc = crc + 1 WHERE id = 5")))
    out.append(("header", edited("DELETE FROM journal WHERE id = 3")))
    out.append(("header", edited("UPDATE snapshots SET state = '{}'")))
    out.append(("header", edited("DROP TABLE snapshots")))
    out.append(("header", edited("CREATE TABLE extra (x)")))

    # A newer version, otherwise valid.
    for number in sorted(rng.sample(range(2, 2**31 - 1), 59)) + [2]:
        out.append(("future", edited(f"PRAGMA user_version = {number}")))

    # Valid SQLite databases of another schema (some even claiming to be ours).
    for index in range(60):
        target = workdir / f"foreign-{index}.db"
        conn = sqlite3.connect(target)
        for table in range(rng.randint(0, 4)):
            conn.execute(f"CREATE TABLE t{table} (a INTEGER PRIMARY KEY, b TEXT, c BLOB)")
            conn.executemany(
                f"INSERT INTO t{table} (b, c) VALUES (?, ?)",
                [(str(rng.random()), os.urandom(20)) for _ in range(rng.randint(0, 50))],
            )
        if index % 3 == 0:
            conn.execute(
                "CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL, crc INTEGER NOT NULL) WITHOUT ROWID"
            )
        if index % 2 == 0:
            conn.execute(f"PRAGMA application_id = {APPLICATION_ID}")
        if index % 4 == 0:
            conn.execute("PRAGMA user_version = 1")
        if index % 5 == 0:
            conn.execute("PRAGMA journal_mode = WAL")
        conn.commit()
        conn.close()
        out.append(("foreign", target.read_bytes()))
        target.unlink()

    # JSON files renamed: our own export, and other JSON.
    live = SessionFile.open(base_path)
    live.export_json(workdir / "export.json")
    live.close()
    out.append(("json", (workdir / "export.json").read_bytes()))
    for _ in range(39):
        document = {"format": rng.choice(["x", "yobigoe", None]), "n": [rng.random() for _ in range(rng.randint(0, 9))]}
        out.append(("json", json.dumps(document).encode()))

    # Random bytes and other files.
    for _ in range(25):
        out.append(("garbage", os.urandom(rng.randint(1, 70_000))))
    out.append(("garbage", b"\x89PNG\r\n\x1a\n" + os.urandom(500)))
    out.append(("garbage", "ただのテキストファイルです。\n".encode() * 40))
    out.append(("garbage", b"SQLite format 3"))
    out.append(("garbage", b"SQLite format 3\x00" + b"\x13" * 300))
    return out


def test_a_thousand_damaged_files_give_a_clear_message_and_stay_untouched(
    base: tuple[Path, Signature, Rows], tmp_path: Path
) -> None:
    base_path, expected, expected_rows = base
    base_digest = hashlib.sha256(base_path.read_bytes()).hexdigest()
    cases = variants(base_path, tmp_path)
    assert len(cases) >= 1000

    refused: Counter[str] = Counter()
    harmless: Counter[str] = Counter()
    messages: Counter[str] = Counter()
    problems: list[str] = []
    folder = tmp_path / "variants"
    folder.mkdir()
    for number, (kind, content) in enumerate(cases):
        path = folder / f"{number:04d}-{kind}.yobigoe"
        path.write_bytes(content)
        try:
            opened = SessionFile.open(path)
        except EngineError as exc:
            refused[kind] += 1
            messages[exc.source] += 1
            ja, en = exc.text("ja"), exc.text("en")
            if ja == en or not is_japanese(ja):
                problems.append(f"{path.name}: untranslated {en!r}")
            if path.read_bytes() != content:
                problems.append(f"{path.name}: bytes changed")
            leftovers = sorted(p.name for p in folder.iterdir() if p != path)
            if leftovers:
                problems.append(f"{path.name}: left {leftovers}")
        except Exception as exc:  # noqa: BLE001 - exactly what must never happen
            problems.append(f"{path.name}: {type(exc).__name__}: {exc}")
        else:
            with opened:
                rows = {
                    r.id: (r.seq, r.status, r.recorded_at, r.command_text, r.events_text)
                    for r in opened.journal.catalogue.ordered()
                }
                same = signature(opened.session) == expected and rows == expected_rows
            if kind != "flipped" or not same:
                problems.append(
                    f"{path.name}: opened a damaged {kind} file as {'the same' if same else 'another'} session"
                )
            harmless[kind] += 1
        for leftover in folder.iterdir():
            leftover.unlink()

    print(f"\n{len(cases)} variants; refused {dict(refused)}; opened unchanged {dict(harmless)}")
    print("messages:", dict(messages.most_common()))
    assert problems == [], "\n".join(problems)
    assert hashlib.sha256(base_path.read_bytes()).hexdigest() == base_digest
    # Every kind but random flips must be refused outright.
    assert set(harmless) <= {"flipped"}
    assert refused["flipped"] > harmless["flipped"] / 2
