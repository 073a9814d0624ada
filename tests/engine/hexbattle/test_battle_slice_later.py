"""The battle board's models come when a battle does: a session without one opens
(and its board paints) without them, and a battle however it reached the state is
always shown to the players through the battle's own view (hidden enemies and
the GM's notes stay off the projector)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]

#: A fresh process: a session opened from its snapshot, then a battle stored in its state
#: directly (no registry question in between), then the projector's copy of that state.
SCRIPT = """
import sys
from engine.core.player_view import player_view
from engine.core.state import State
from engine.session import new_session

state = State.model_validate_json(new_session(seed=5).state.model_dump_json())
print("OPENED", "engine.hexbattle.model" in sys.modules, flush=True)

from engine.hexbattle.slot import battle_of, with_battle
from tests.engine.hexbattle.support import battle, foe, pc, plain, with_tokens

fight = with_tokens(battle(plain("a", 3, 3), plain("b", 3, 3)), [foe("lurker", "1:C3", hidden=True), pc("p", "1:B2")])
fight = fight.model_copy(update={"notes": ("ambush from the reeds",)})
seen = battle_of(player_view(with_battle(state, fight)))
print("SEEN", *sorted(seen.tokens), len(seen.notes))
"""


def test_a_battle_reaches_the_projector_through_its_view_and_its_models_come_with_it() -> None:
    out = subprocess.run([sys.executable, "-c", SCRIPT], cwd=ROOT, capture_output=True, text=True, timeout=60,
                         check=True)  # fmt: skip
    lines = dict(line.partition(" ")[::2] for line in out.stdout.splitlines())
    assert lines["OPENED"] == "False"  # no battle in the file: no battle model built to open it
    assert lines["SEEN"].split() == ["p", "0"]  # the hidden enemy and the GM's note are not shown
