"""``python -m engine serve FILE`` next to ``python -m engine play FILE``: one line per
seat (name, a tab, URL), each seat's ``view.json`` byte for byte what ``engine show
--seat`` prints, and the pages follow the file while ``play`` writes it."""

from __future__ import annotations

import json
import os
import queue
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import IO
from urllib.parse import urlsplit
from urllib.request import urlopen

from tests.engine.serve.support import Stream, UrlService

ROOT = Path(__file__).resolve().parents[3]


def engine(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "engine", *args],
        input=stdin, capture_output=True, text=True, encoding="utf-8", cwd=ROOT, check=False, timeout=120,
    )  # fmt: skip


def lines_of(stream: IO[str]) -> queue.Queue[str]:
    found: queue.Queue[str] = queue.Queue()

    def pump() -> None:
        for line in stream:
            found.put(line.rstrip("\n"))

    threading.Thread(target=pump, daemon=True).start()
    return found


def script(*commands: dict[str, object]) -> str:
    return "".join(json.dumps(c, ensure_ascii=False) + "\n" for c in commands)


def fetch(url: str) -> bytes:
    with urlopen(url, timeout=10) as answer:  # noqa: S310 (the loopback only)
        return bytes(answer.read())


def test_serve_prints_each_seat_and_follows_the_file_that_play_writes(tmp_path: Path) -> None:
    path = tmp_path / "table.yobigoe"
    assert engine("new", str(path), "--seed", "9").returncode == 0
    setup = script(
        {"type": "add_character", "name": "ロイ"},
        {"type": "add_character", "name": "ミサ"},
        {"type": "draw_cards", "character": "c1", "count": 2},
        {"type": "draw_cards", "character": "c2", "count": 2},
    )
    assert engine("play", str(path), stdin=setup).returncode == 0
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    serve = subprocess.Popen(
        [sys.executable, "-m", "engine", "serve", str(path), "--host", "127.0.0.1", "--port", "0",
         "--links", str(tmp_path / "links.json")],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, encoding="utf-8", cwd=ROOT, env=env,
    )  # fmt: skip
    play: subprocess.Popen[str] | None = None
    try:
        assert serve.stdout is not None and serve.stderr is not None
        out = lines_of(serve.stdout)
        seats = [out.get(timeout=30).split("\t") for _ in range(3)]
        assert [name for name, _ in seats] == ["Table", "ロイ", "ミサ"]
        assert all(url.startswith("http://127.0.0.1:") and url.endswith("/") for _, url in seats)
        assert "127.0.0.1" in serve.stderr.readline()  # says on which address it listens
        urls = {name: url for name, url in seats}
        # view.json is what `engine show --seat` prints, byte for byte
        assert fetch(urls["Table"] + "view.json").decode() == engine("show", str(path), "--player-view").stdout
        for name in ("ロイ", "ミサ"):
            assert fetch(urls[name] + "view.json").decode() == engine("show", str(path), "--seat", name).stdout
        stream = Stream(UrlService(urls["ロイ"]), urlsplit(urls["ロイ"]).path + "live")
        first = stream.message()
        assert len(first["view"]["hands"]["c1"]) == 2
        # `play` holds the file open and writes it; the page follows each command
        play = subprocess.Popen(
            [sys.executable, "-m", "engine", "play", str(path)],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, encoding="utf-8", cwd=ROOT, env=env,
        )  # fmt: skip
        assert play.stdin is not None and play.stdout is not None
        play.stdin.write(script({"type": "draw_cards", "character": "c1", "count": 1}))
        play.stdin.flush()
        ack = json.loads(play.stdout.readline())
        started = time.monotonic()
        assert ack["ok"]
        update = stream.message()
        while update["seq"] < ack["seq"]:  # the file was opened before the command: the same view again
            update = stream.message()
        assert update["seq"] == ack["seq"] and len(update["view"]["hands"]["c1"]) == 3
        assert time.monotonic() - started < 2.0
        # a character added now gets a seat, printed as one more line
        play.stdin.write(script({"type": "add_character", "name": "ケイ"}))
        play.stdin.flush()
        assert json.loads(play.stdout.readline())["ok"]
        name, url = out.get(timeout=10).split("\t")
        assert name == "ケイ" and url not in urls.values()
        play.stdin.close()
        assert play.wait(timeout=60) == 0
        stream.close()
        assert fetch(urls["ロイ"] + "view.json").decode() == engine("show", str(path), "--seat", "ロイ").stdout
    finally:
        if play is not None and play.poll() is None:
            play.kill()
        serve.send_signal(signal.SIGTERM)
        assert serve.wait(timeout=30) == 0
    host, port = urlsplit(urls["Table"]).hostname, urlsplit(urls["Table"]).port
    try:
        socket.create_connection((host or "", port or 0), timeout=2).close()
        listening = True
    except OSError:
        listening = False
    assert not listening  # stopped: nothing listens


def test_serve_refuses_a_file_that_is_not_a_session(tmp_path: Path) -> None:
    path = tmp_path / "notes.txt"
    path.write_text("not a session", encoding="utf-8")
    done = engine("serve", str(path), "--host", "127.0.0.1", "--port", "0", "--links", str(tmp_path / "l.json"))
    assert done.returncode == 2 and done.stdout == "" and "Traceback" not in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1
    japanese = engine("serve", str(path), "--port", "70000", "--lang", "ja")
    assert japanese.returncode == 2 and "ポート" in japanese.stderr
