"""The players' service on a shared network: links that cannot be guessed, nothing
learnt without one, renewal that takes effect at once, bounded requests,
connections and rates, no traceback ever, and nothing listening while it is off.
"""

from __future__ import annotations

import json
import re
import socket
import threading
import time

import pytest

from engine.serve.links import TABLE, TOKEN_BYTES, SeatLinks, links_file
from engine.serve.server import MAX_CONNECTIONS, MAX_PER_ADDRESS, TIMEOUT
from engine.session import new_session
from engine.table.commands import AddCharacter, DrawCards, Roll, ShuffleDeck
from tests.engine.serve.support import Stream, get, path_of, raw, serving, table_of

OTHER_ADDRESS = "127.0.0.2"


def table():  # type: ignore[no-untyped-def]
    session = new_session(seed=5)
    for name in ("鷹野", "九条"):
        session.dispatch(AddCharacter(name=name))
    session.dispatch(ShuffleDeck())
    for cid in ("c1", "c2"):
        session.dispatch(DrawCards(character=cid, count=3))
    return session


def assert_plain_refusal(answer: bytes, statuses: tuple[int, ...]) -> None:
    """A 4xx (or 503) with a fixed short text: no traceback, nothing of the request echoed."""
    head, _, body = answer.partition(b"\r\n\r\n")
    status = int(head.split(b" ", 2)[1])
    assert status in statuses, answer[:200]
    assert len(body) < 64 and b"Traceback" not in answer and b"File " not in answer
    assert b"Content-Security-Policy" in head


def test_each_link_carries_at_least_128_random_bits_and_renewal_forgets_the_old_one(tmp_path) -> None:  # type: ignore[no-untyped-def]
    links = SeatLinks(tmp_path / "links.json")
    links.ensure([TABLE, "c1"])
    token = links.token("c1")
    assert token is not None and TOKEN_BYTES * 8 >= 128 and len(token) == 32
    assert links.token(TABLE) != token
    renewed = links.renew("c1")
    assert renewed != token and links.seat_of(token) is None and links.seat_of(renewed) == "c1"
    # kept between runs, readable by the user only
    assert SeatLinks(tmp_path / "links.json").token("c1") == renewed
    assert (tmp_path / "links.json").stat().st_mode & 0o077 == 0
    assert links_file(tmp_path, tmp_path / "a.yobigoe") != links_file(tmp_path, tmp_path / "b.yobigoe")


def test_without_a_valid_token_every_answer_is_the_same_404() -> None:
    with serving(table()) as service:
        real = path_of(service, "c1", "view.json")
        assert get(service, real).status == 200
        wrong = "/s/" + "A" * 32 + "/view.json"
        answers = [
            get(service, path)
            for path in (
                "/",
                "/s/",
                "/s/x/",
                wrong,
                "/s/" + "A" * 32 + "/",
                "/favicon.ico",
                "/view.json",
                "/c1/view.json",
            )
        ]
        assert {a.status for a in answers} == {404}
        assert {a.body for a in answers} == {b"404 Not Found\n"}
        assert {tuple(sorted(k for k in a.headers if k != "date")) for a in answers} == {
            tuple(sorted(k for k in answers[0].headers if k != "date"))
        }


def test_a_renewed_seats_old_token_stops_at_once_and_its_open_page_ends() -> None:
    with serving(table()) as service:
        old_view = path_of(service, "c1", "view.json")
        stream = Stream(service, path_of(service, "c1", "live"))
        assert stream.message()["seat"] == "c1"
        service.renew("c1")
        assert get(service, old_view).status == 404
        with pytest.raises((EOFError, OSError)):
            stream.message()  # the open page's stream was closed
        stream.close()
        assert get(service, path_of(service, "c1", "view.json")).status == 200


def test_another_seats_token_never_opens_this_seat() -> None:
    session = table()
    with serving(session) as service:
        mine = service.links.token("c1")
        other = service.links.token("c2")
        mine_cards = set(session.state.hands["c1"])
        for path in (
            f"/s/{other}/view.json?seat=c1",
            f"/s/{other}/c1/view.json",
            f"/s/{other}/../{mine}/view.json",
            f"/s/{other}/view.json#c1",
            f"/s/{other}%2F..%2F{mine}/view.json",
            f"/s/{other}/live?seat=c1",
        ):
            answer = get(service, path) if not path.endswith("live?seat=c1") else None
            if answer is None:
                stream = Stream(service, path)
                body = json.dumps(stream.message())
                stream.close()
            else:
                body = answer.text
            for card in mine_cards:
                assert f'"{card}"' not in body, path
        view = json.loads(get(service, f"/s/{other}/view.json").body)
        assert set(view["hands"]["c2"]) == set(session.state.hands["c2"])
        assert all(card.startswith("?") for card in view["hands"]["c1"])


@pytest.mark.parametrize(
    ("request_bytes", "statuses"),
    [
        (b"GET /" + b"a" * 10_000 + b" HTTP/1.1\r\n\r\n", (414, 431)),
        (b"GET / HTTP/1.1\r\n" + b"".join(b"X-%d: %s\r\n" % (i, b"b" * 100) for i in range(200)) + b"\r\n", (431,)),
        (b"POST / HTTP/1.1\r\nContent-Length: 5\r\n\r\nhello", (405,)),
        (b"GET / HTTP/1.1\r\nContent-Length: 100000000\r\n\r\n", (413,)),
        (b"GET / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n", (413,)),
        (b"\x00\x01\x02\xff\xfe garbage\r\n\r\n", (400,)),
        (b"GET / HTTP/2.0\r\n\r\n", (400,)),
        (b"BREW /pot HTTP/1.1\r\n\r\n", (405,)),
        (b"GET\r\n\r\n", (400,)),
        (b"GET / HTTP/1.1\r\nHost: \xff\xfe\r\nBad header line\r\n\r\n", (400, 404)),
    ],
)
def test_oversized_and_malformed_requests_get_a_short_4xx(request_bytes: bytes, statuses: tuple[int, ...]) -> None:
    with serving(table()) as service:
        assert_plain_refusal(raw(service, request_bytes), statuses)
        assert get(service, path_of(service, "c1", "view.json")).status == 200  # still serving


def test_a_burst_of_requests_from_one_address_is_slowed_down() -> None:
    with serving(table()) as service:
        statuses = [get(service, "/nothing").status for _ in range(120)]
        assert 429 in statuses and statuses.count(404) >= 40
        assert get(service, path_of(service, "c1", "view.json"), headers={}).status in (200, 429)
        # another address is not slowed by it
        answer = raw(service, f"GET {path_of(service, 'c1', 'view.json')} HTTP/1.0\r\n\r\n".encode(), OTHER_ADDRESS)
        assert answer.startswith(b"HTTP/1.0 200")


def answers_of(socks: list[socket.socket], deadline: float) -> list[bytes]:
    """What each socket receives until the service closes it."""
    import selectors

    received = {sock: b"" for sock in socks}
    selector = selectors.DefaultSelector()
    for sock in socks:
        sock.setblocking(False)
        selector.register(sock, selectors.EVENT_READ)
    open_ = len(socks)
    while open_ and time.monotonic() < deadline:
        for key, _ in selector.select(timeout=0.5):
            sock = key.fileobj
            assert isinstance(sock, socket.socket)
            try:
                chunk = sock.recv(4096)
            except OSError:
                chunk = b""
            if chunk:
                received[sock] += chunk
            else:
                selector.unregister(sock)
                open_ -= 1
    selector.close()
    assert open_ == 0, f"{open_} connections still open"
    return list(received.values())


def test_a_thousand_connections_at_once_are_refused_gracefully() -> None:
    with serving(table()) as service:
        host, port = service.address()
        threads_before = threading.active_count()
        socks: list[socket.socket] = []
        try:
            began = time.monotonic()
            for _ in range(1000):
                sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
                sock.settimeout(10)
                sock.connect((host, port))
                socks.append(sock)
            connecting = time.monotonic() - began
            time.sleep(0.5)
            # the service stays bounded: no more than its connection limit holds a thread
            assert threading.active_count() <= threads_before + MAX_PER_ADDRESS + 2
            # a player on another address is still served during the flood
            path = path_of(service, "c1", "view.json")
            answer = raw(service, f"GET {path} HTTP/1.0\r\n\r\n".encode(), OTHER_ADDRESS)
            assert answer.startswith(b"HTTP/1.0 200")
            # every connection gets its answer: a 503 at once, or — the ones the service took — closed
            # after the request it never sent timed out
            answers = answers_of(socks, deadline=time.monotonic() + 30)
            refused = sum(1 for data in answers if data.startswith(b"HTTP/1.0 503"))
            for data in answers:
                if data:
                    assert_plain_refusal(data, (503,))
            # at most MAX_PER_ADDRESS held at a time; a held one frees its place after TIMEOUT seconds
            held = len(answers) - refused
            assert len(answers) == 1000 and held <= MAX_PER_ADDRESS * (1 + int(connecting / TIMEOUT) + 1)
            assert service.server is not None and service.server.refused >= refused
        finally:
            for sock in socks:
                sock.close()
        time.sleep(0.3)
        assert get(service, path_of(service, "c2", "view.json")).status == 200
        assert MAX_CONNECTIONS >= MAX_PER_ADDRESS


def test_a_phone_that_stops_reading_is_dropped_and_the_gm_never_waits() -> None:
    session = table()
    big = {"story": "x" * 200_000}
    with serving(session) as service:
        host, port = service.address()
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        sock.connect((host, port))
        sock.sendall(f"GET {path_of(service, 'c1', 'live')} HTTP/1.0\r\n\r\n".encode())
        deadline = time.monotonic() + 5
        while service.hub.open_pages() == 0 and time.monotonic() < deadline:
            time.sleep(0.01)
        assert service.hub.open_pages() == 1
        for index in range(8):
            session.dispatch(AddCharacter(name=f"村人{index}", values=big))
        slowest = 0.0
        index = 0
        deadline = time.monotonic() + 30
        while service.hub.open_pages() and time.monotonic() < deadline:  # the game goes on
            index += 1
            session.dispatch(Roll(command="1D6", dice=[index % 6 + 1]))
            started = time.perf_counter()
            service.publish(table_of(session))
            slowest = max(slowest, time.perf_counter() - started)
            time.sleep(0.05)
        # publishing never waits for the phone, which blocks for seconds (what remains is the
        # interpreter lock, held a while by the hub's thread serialising 1.6 MB views)
        assert slowest < 0.25
        assert service.hub.open_pages() == 0  # the phone that stopped reading was dropped
        sock.close()


def test_it_listens_only_while_on_and_pages_load_nothing_from_outside() -> None:
    with serving(table()) as service:
        host, port = service.address()
        page = get(service, path_of(service, TABLE))
        assert page.status == 200 and "default-src 'none'" in page.headers["content-security-policy"]
        assert page.headers["referrer-policy"] == "no-referrer" and page.headers["cache-control"] == "no-store"
        for name in ("", "app.js", "style.css"):
            text = get(service, path_of(service, TABLE, name)).text.replace('"http://www.w3.org/2000/svg"', "")
            assert not re.search(r"(https?:)?//[a-z0-9]", text, re.IGNORECASE), (
                name
            )  # (the SVG namespace loads nothing)
    with pytest.raises(OSError):
        socket.create_connection((host, port), timeout=2).close()


def test_a_character_who_leaves_takes_their_seat_with_them() -> None:
    from engine.table.commands import RemoveCharacter

    session = table()
    with serving(session) as service:
        view = path_of(service, "c2", "view.json")
        stream = Stream(service, path_of(service, "c2", "live"))
        assert stream.message()["seat"] == "c2"
        session.dispatch(RemoveCharacter(character="c2"))
        service.publish(table_of(session))
        with pytest.raises((EOFError, OSError)):
            while True:
                stream.message()  # the page's stream ends
        stream.close()
        assert get(service, view).status == 404
        assert [seat.key for seat in service.seats()] == [TABLE, "c1"]
