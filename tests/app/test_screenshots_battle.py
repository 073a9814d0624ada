"""The README's battle screenshots are made by ``python -m app.screenshots_battle``:
its scripted encounter must still be accepted by the engine and stand where the
captions say (the set-up done, round 2, an explorer surprised while delayed)."""

from __future__ import annotations

from app.screenshots_battle import new_encounter_session, play
from engine.hexbattle.slot import require_battle
from engine.session import new_session
from engine.upland.encounter_commands import current_setup_step
from engine.upland.slice import encounter_of


def test_the_screenshot_encounter_is_accepted_and_stands_where_the_captions_say() -> None:
    # rule: ENC-8
    made = new_encounter_session()
    session = new_session(made.ruleset, seed=made.seed, options=made.options, shuffle=made.shuffle)
    play(session)
    encounter = encounter_of(session.state)
    assert current_setup_step(session.state) is None and encounter.round == 2
    assert len(encounter.surprised) == 1
    surprised = require_battle(session.state).tokens[encounter.surprised[0]]
    assert surprised.kind == "character" and surprised.label == "ミナ"
