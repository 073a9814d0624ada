"""The hub between the GM's side and the open pages: publishing never waits, a page
gets only the newest message, and a state the pages cannot be built from is skipped
without stopping the service."""

from __future__ import annotations

import time

from engine.serve.hub import Hub
from engine.serve.links import SeatLinks
from engine.serve.seat_data import Table
from engine.session import new_session
from engine.table.commands import AddCharacter


def test_a_page_gets_the_newest_message_and_a_bad_state_does_not_stop_the_hub() -> None:
    session = new_session(seed=1)
    session.dispatch(AddCharacter(name="ロイ"))
    good = Table(session.state)
    built: list[int] = []

    def build(table: Table, key: str) -> str:
        if table.stamp < 0:
            raise ValueError("cannot draw this one")
        built.append(int(table.stamp))
        return f"{key}:{int(table.stamp)}"

    hub = Hub(SeatLinks(), build=build)
    hub.publish(good)
    page = hub.listen("c1", "token")
    assert page.next(1) == "c1:0"
    hub.start()
    try:
        hub.publish(Table(session.state, stamp=-1))  # the pages cannot be built from it
        for stamp in range(1, 50):  # published faster than sent: only the newest counts
            hub.publish(Table(session.state, stamp=stamp))
        deadline = time.monotonic() + 5
        seen = None
        while seen != "c1:49" and time.monotonic() < deadline:
            seen = page.next(1) or seen
        assert seen == "c1:49"
        assert len(built) < 50  # states were skipped, not queued
    finally:
        hub.stop()
