"""Screenshots of an Upland encounter for the README: the GM window at 1280×720
with the encounter walked in the 進行 dock beside the battle board (the set-up
folded, round 2, a character surprised while delayed), and the players' window
during the same fight (the battle board, the round banner, the rolls feed).

Run under a display (``Xvfb :99 -screen 0 1920x1080x24 &`` then
``DISPLAY=:99 python -m app.screenshots_battle docs``).  The session is written
to a temporary folder, never to the user's own.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING, Literal

from app.screenshots import (
    GM_SIZE,
    _japanese_ready_app,
    _settle,
    grab_with_projector,
    investigation_commands,
    run_builders,
)

if TYPE_CHECKING:
    from engine.core.session import Session
    from engine.core.state import State
    from engine.table.commands import NewSession

BATTLE_GM_FILE = "screenshot-battle-gm.png"
BATTLE_PROJECTOR_FILE = "screenshot-battle-projector.png"
BATTLE_SEED = 31
#: the players' window as a projector beside the laptop shows it
BATTLE_PROJECTOR_SIZE = (1280, 720)


def encounter_commands() -> list[object]:
    """The investigation screenshot's explorers (no declarations: silence is "no
    action" here), a ♠9 face down on the party's square over a ♣8, the event
    phase reached, and the encounter set up on two maps as the dock's rows do it."""
    from engine.hexbattle.commands import OpenBattle
    from engine.hexbattle.model import Join
    from engine.table.commands import MoveCard
    from engine.table.places import square
    from engine.upland.commands import ChooseWait, DeclareAction, ResolveInvestigation, StartIncidents
    from engine.upland.encounter_commands import (
        ApplySrDelays,
        Drift,
        LayOutZones,
        PlaceEnemies,
        PlaceMarchingOrder,
        StartBattleRound,
    )

    commands = [c for c in investigation_commands() if not isinstance(c, str | DeclareAction)]
    return [
        *commands,
        MoveCard(card="8C", to=square("C4"), index=0),
        MoveCard(card="9S", to=square("C4"), index=0),
        ResolveInvestigation(),
        ChooseWait(),
        StartIncidents(),
        OpenBattle(map1="marsh-mud-flats", map2="marsh-reed-beds", join=Join(side="east")),
        LayOutZones(),
        PlaceMarchingOrder(),
        Drift(),
        "appearance",
        PlaceEnemies(count=3),
        ApplySrDelays(),
        StartBattleRound(),
        "attack",
        StartBattleRound(),
    ]


def _better_sense(state: State, token: str) -> Literal["sight", "listen"]:
    """The sense an explorer declares: the skill with the better % on the sheet (ENC-5)."""
    from engine.hexbattle.slot import require_battle
    from engine.upland.facts import upland_sheet

    who = require_battle(state).tokens[token].character
    sheet = upland_sheet(state.characters[who]) if who is not None and who in state.characters else None
    skills = sheet.skills if sheet is not None else {}
    sight, listen = (skills[s].value if s in skills else 0 for s in ("視力", "聞き耳"))
    return "sight" if sight >= listen else "listen"


def new_encounter_session() -> NewSession:
    """The screenshot's session: the seed fixed, silence read as "no action" (INV-1)."""
    from engine.table.commands import NewSession

    return NewSession(ruleset="upland", seed=BATTLE_SEED, shuffle=True, options={"require_declarations": False})


def play(session: Session) -> None:
    """Dispatch :func:`encounter_commands` into ``session``, each placeholder
    resolved against the state it meets (who declares what, who is attacked)."""
    from engine.core.commands import CommandBase
    from engine.hexbattle.slot import require_battle
    from engine.upland.encounter_commands import AttackCharacter, RollAppearance
    from engine.upland.slice import encounter_of

    for item in encounter_commands():
        command: object = item
        if item == "appearance":  # every explorer on the board looks or listens (ENC-5)
            battle = require_battle(session.state)
            senses = {t.id: _better_sense(session.state, t.id) for t in battle.characters()}
            command = RollAppearance(declarations=senses)
        elif item == "attack":  # the most delayed explorer attacked at SR 1: surprised (ENC-8)
            delays = encounter_of(session.state).sr_delays
            late = max(delays, key=lambda t: delays[t])
            enemy = next(t.id for t in require_battle(session.state).tokens.values() if t.kind != "character")
            command = AttackCharacter(token=late, strike_rank=1, by=enemy)
        assert isinstance(command, CommandBase)
        session.dispatch(command)  # a refusal (EngineError) stops the script: the caption would lie


def build(outdir: Path, lang: str = "ja") -> tuple[Path, Path]:
    from app.bridge import SessionBridge
    from app.dialogs.prompts import Prompts
    from app.mainwindow import MainWindow
    from app.sessions import SessionController, unique_path
    from engine.store import RecentFiles, SessionFile, default_folder

    translations = _japanese_ready_app(lang)
    path = unique_path(default_folder(), "encounter")
    session_file = SessionFile.create(path, new_encounter_session())
    play(session_file.session)
    bridge = SessionBridge(session_file.session, lang=lang)
    sessions = SessionController(bridge, RecentFiles())
    sessions.adopt(session_file, path)
    window = MainWindow(bridge, sessions, translations=translations, prompts=Prompts())
    window.resize(*GM_SIZE)
    window.show()
    _settle()
    window.battle_page_action.trigger()  # the GM's F6: the battle board, and the players' window follows
    _settle()
    return grab_with_projector(window, outdir / BATTLE_GM_FILE, outdir / BATTLE_PROJECTOR_FILE, BATTLE_PROJECTOR_SIZE)


def main(argv: list[str] | None = None) -> int:
    return run_builders("app.screenshots_battle", (build,), argv)


if __name__ == "__main__":
    sys.exit(main())
