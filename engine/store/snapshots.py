"""When to store a full state next to the journal.

Opening a session costs one snapshot parse plus the replay of the commands
written after it; undo after reopening costs the same for the block before.
Both costs were measured (``benchmarks/file_bench.py``, docs/persistence.md):

* replaying a command costs about its JSON size at the speed pydantic parses
  events plus ~20 µs to apply them;
* parsing a snapshot costs its JSON size at the speed pydantic parses a state,
  and the state grows with the roll log (a RollRecord is ~460 bytes).

So a fixed "every N commands" is wrong in both directions: with a small state
snapshots are nearly free and should be frequent, with a 2 MB roll log a
snapshot every 100 commands would make a 10,000-command file of 100 MB.  The
policy therefore waits for ``min_commands`` commands *and* for the journal
written since the last snapshot to reach ``ratio`` times that snapshot's size.
Replaying then never costs much more than loading a snapshot, and snapshots
never take much more room than ``1 / ratio`` times the journal.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class SnapshotPolicy:
    #: Below this many commands a replay is cheaper than any snapshot write.
    min_commands: int = 50
    #: Journal bytes since the last snapshot, relative to that snapshot's size.
    ratio: float = 0.5

    def due(self, commands_since: int, bytes_since: int, last_bytes: int) -> bool:
        return commands_since >= self.min_commands and bytes_since >= self.ratio * last_bytes


POLICY = SnapshotPolicy()


@dataclass
class SnapshotClock:
    """Counts what was written since the last snapshot of the current line."""

    policy: SnapshotPolicy = POLICY
    commands_since: int = 0
    bytes_since: int = 0
    last_bytes: int = 0

    def tick(self, row_size: int) -> bool:
        """Count one more command; True when a snapshot of its state is due."""
        self.commands_since += 1
        self.bytes_since += row_size
        return self.policy.due(self.commands_since, self.bytes_since, self.last_bytes)

    def taken(self, snapshot_bytes: int) -> None:
        self.commands_since = 0
        self.bytes_since = 0
        self.last_bytes = snapshot_bytes
