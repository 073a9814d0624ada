"""Screenshots of a ruleset B combat for the README: the combat
tracker dock with the martial-arts row and the "Hex" column, and the battle page
with a token per combatant, two cultists told apart (教1, 教2) and the current
actor's token ringed.

Run under a display (``Xvfb :99 -screen 0 1920x1080x24 &`` then
``DISPLAY=:99 python -m app.screenshots_coc docs``); the session is written to a
temporary folder, never to the user's own.  The GM window is 1600×900 with the
Japanese interface.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path
from typing import Any

from app.screenshots import _japanese_ready_app, _settle

TRACKER_FILE = "screenshot-coc-tracker.png"
BATTLE_FILE = "screenshot-coc-battle.png"
WINDOW_SIZE = (1600, 900)
SEED = 3

#: name, characteristics, skills, NPC
PARTY: tuple[tuple[str, dict[str, int], dict[str, int], bool], ...] = (
    ("ミナ", {"DEX": 14}, {"マーシャルアーツ": 70, "こぶし": 75, "回避": 50}, False),
    ("ケン", {"DEX": 10}, {"こぶし": 50, "回避": 40}, False),
    ("教団員A", {"DEX": 12, "CON": 9}, {"マーシャルアーツ": 65, "こぶし": 60}, True),
    ("教団員B", {"DEX": 11}, {"こぶし": 55}, True),
)
BASE = {"STR": 12, "CON": 12, "POW": 11, "DEX": 10, "APP": 10, "SIZ": 13, "INT": 13, "EDU": 14}


def combat_commands() -> list[dict[str, Any]]:
    """Round 1 under way: ミナ's MA attack knocks 教団員A out cold (stun), 教団員B has attacked, ケン acts."""
    commands: list[dict[str, Any]] = []
    for name, chars, skills, npc in PARTY:
        commands.append({"type": "add_character", "name": name})
        commands.append({"type": "coc_new_investigator", "character": name, "characteristics": BASE | chars,
                         "skills": skills, "npc": npc})  # fmt: skip
    commands += [
        {"type": "coc_start_combat", "characters": [name for name, *_rest in PARTY]},
        {"type": "coc_ma_attack", "name": "ミナ", "target": "教団員A", "stun": True},
        {"type": "coc_next_turn"},
        {"type": "coc_next_turn"},
        {"type": "coc_attack", "name": "教団員B", "skill": "こぶし"},
        {"type": "coc_defend", "name": "ケン", "action": "dodge", "skill": "回避"},
        {"type": "coc_next_turn"},
    ]
    return commands


def build(outdir: Path, lang: str = "ja") -> tuple[Path, Path]:
    from app.bridge import SessionBridge
    from app.dialogs.prompts import Prompts
    from app.mainwindow import MainWindow, dock_panel
    from app.rulesets.coc6.tracker import TrackerPanel
    from app.sessions import SessionController, unique_path
    from engine.hexbattle.commands import OpenBattle
    from engine.hexbattle.maps import shipped_maps
    from engine.rulesets import registry
    from engine.store import RecentFiles, SessionFile, default_folder
    from engine.table.commands import NewSession

    translations = _japanese_ready_app(lang)
    path = unique_path(default_folder(), "coc-combat")
    session_file = SessionFile.create(path, NewSession(ruleset="coc6-b", seed=SEED))
    bridge = SessionBridge(session_file.session, lang=lang)
    first, second = list(shipped_maps())[:2]
    for data in combat_commands()[: 2 * len(PARTY)]:
        if not bridge.dispatch(registry.parse_command(data)):
            raise SystemExit(f"screenshot set-up refused: {data}")
    if not bridge.dispatch(OpenBattle(map1=first, map2=second)):
        raise SystemExit("screenshot set-up refused: open_battle")
    for data in combat_commands()[2 * len(PARTY) :]:
        if not bridge.dispatch(registry.parse_command(data)):
            raise SystemExit(f"screenshot set-up refused: {data}")
    sessions = SessionController(bridge, RecentFiles())
    sessions.adopt(session_file, path)
    window = MainWindow(bridge, sessions, translations=translations, prompts=Prompts())
    window.resize(*WINDOW_SIZE)
    window.show()
    _settle()
    tracker_dock = window.ruleset_docks.docks.get("coc-tracker") or next(
        dock for dock in window.ruleset_docks.docks.values() if isinstance(dock_panel(dock), TrackerPanel)
    )
    tracker_dock.show()
    tracker_dock.raise_()
    panel = dock_panel(tracker_dock)
    assert isinstance(panel, TrackerPanel)
    panel.manoeuvres.place()  # the tokens go on the open battle map (the dock's button)
    panel.target.setCurrentText("教団員A")
    window.pages.show_battle(True)
    _settle()
    window.battle_view.fit()
    _settle()
    outdir.mkdir(parents=True, exist_ok=True)
    battle = outdir / BATTLE_FILE
    window.grab().save(str(battle))
    tracker = outdir / TRACKER_FILE
    tracker_dock.grab().save(str(tracker))
    window.close()
    return tracker, battle


def main(argv: list[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if len(args) != 1:
        print("usage: python -m app.screenshots_coc OUTDIR", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory(prefix="yobigoe-shots-") as scratch:
        os.environ["YOBIGOE_DATA_DIR"] = str(Path(scratch) / "data")
        os.environ["YOBIGOE_CONFIG_DIR"] = str(Path(scratch) / "config")
        for png in build(Path(args[0])):
            print(png)
    return 0


if __name__ == "__main__":
    sys.exit(main())
