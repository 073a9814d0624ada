"""kill -9 while playing: every acknowledged command survives, and the file
replays to the same state.  The harness is benchmarks/crash_soak.py (which
runs 200 kills); here 20 kills with a fixed seed."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from benchmarks.crash_soak import soak, summary

KILLS = 20
SEED = 1701


@pytest.mark.slow
@pytest.mark.skipif(os.name != "posix", reason="SIGKILL is POSIX")
def test_sigkill_at_random_moments_loses_no_acknowledged_command(tmp_path: Path) -> None:
    results = soak(KILLS, SEED, tmp_path, per_file=10)
    print("\n" + summary(results))
    assert len(results) == KILLS
    assert sum(r.acknowledged for r in results) > 20 * KILLS  # the kills landed while it was busy writing
    assert [r.lost for r in results] == [0] * KILLS
    assert [r.false_alarm for r in results] == [False] * KILLS  # no "could not be recovered" when nothing was
    assert all(r.replay_ok for r in results)
    assert any(r.phase == "opening" for r in results)  # some kills hit the open/recovery itself
