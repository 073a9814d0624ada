"""A CoC session's first log line names its ruleset and no map: a CoC table has no card map
(the Upland's line still says its map and gate)."""

from __future__ import annotations

import pytest

from engine.session import new_session


@pytest.mark.parametrize("ruleset", ["coc6-a", "coc6-b"])
def test_a_coc_sessions_first_line_names_no_map(ruleset: str) -> None:
    started = new_session(ruleset, seed=1).done[0].events[0]
    assert started.describe("ja") == f"新しいセッション: ルールセット {ruleset}。"
    assert started.describe("en") == f"New session: ruleset {ruleset}."


def test_the_uplands_first_line_still_says_its_map() -> None:
    assert "マップ" in new_session("upland", seed=1).done[0].events[0].describe("ja")
