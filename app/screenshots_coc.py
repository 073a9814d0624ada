"""Screenshots of a ruleset B combat for the README: the combat
tracker dock mid-round (an attack waiting for its target's defence, the HP
column, each combatant's hex), the battle page
with a token per combatant, two cultists told apart (教1, 教2) and the current
actor's token ringed, ミナ's investigator sheet open beside the GM window (her
weapons, the B caps beside 目星 and 回避), and the players' window in combat.

Run under a display (``Xvfb :99 -screen 0 1920x1080x24 &`` then
``DISPLAY=:99 python -m app.screenshots_coc docs``); the session is written to a
temporary folder, never to the user's own.  The GM window is 1600×900 with the
Japanese interface.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from app.screenshots import _japanese_ready_app, _settle, run_builders

TRACKER_FILE = "screenshot-coc-tracker.png"
BATTLE_FILE = "screenshot-coc-battle.png"
SHEET_FILE = "screenshot-coc-sheet.png"
KEEPER_FILE = "screenshot-coc-gm.png"
PROJECTOR_FILE = "screenshot-coc-projector.png"
WINDOW_SIZE = (1600, 900)
PROJECTOR_SIZE = (1280, 720)
#: ミナ's weapons on her sheet: name, skill, damage, impaling, thrown, range
WEAPONS: tuple[dict[str, Any], ...] = (
    {"name": "日本刀", "skill": "マーシャルアーツ", "damage": "1D10+DB", "impaling": True, "range": "タッチ"},
    {"name": "投げナイフ", "skill": "投擲", "damage": "1D4+DB", "impaling": True, "thrown": True, "range": "STR/2 m"},
    {"name": "こぶし", "skill": "こぶし", "damage": "1D3+DB"},
)
SEED = 3

#: name, characteristics, skills, NPC
PARTY: tuple[tuple[str, dict[str, int], dict[str, int], bool], ...] = (
    ("ミナ", {"DEX": 14}, {"マーシャルアーツ": 70, "こぶし": 75, "回避": 62, "目星": 85, "投擲": 45}, False),
    ("ケン", {"DEX": 10}, {"こぶし": 50, "回避": 40}, False),
    ("教団員A", {"DEX": 12, "CON": 9}, {"マーシャルアーツ": 65, "こぶし": 60}, True),
    ("教団員B", {"DEX": 11}, {"こぶし": 55}, True),
)
BASE = {"STR": 12, "CON": 12, "POW": 11, "DEX": 10, "APP": 10, "SIZ": 13, "INT": 13, "EDU": 14}


def combat_commands() -> list[dict[str, Any]]:
    """Round 1 under way through the one attack flow: ミナ's 日本刀 hits 教団員A (no defence, damage rolled),
    教団員A's fist hits ミナ (her last point pays no dodge), and 教団員B's fist on ケン waits for ケン's defence.
    The attack rolls are typed dice (出目入力), so the pictures say what the captions say."""
    commands: list[dict[str, Any]] = []
    for name, chars, skills, npc in PARTY:
        commands.append({"type": "add_character", "name": name})
        commands.append({"type": "coc_new_investigator", "character": name, "characteristics": BASE | chars,
                         "skills": skills, "npc": npc})  # fmt: skip
    commands += [
        {"type": "coc_start_combat", "characters": [name for name, *_rest in PARTY]},
        {"type": "coc_attack", "name": "ミナ", "target": "教団員A", "weapon": "日本刀", "dice": [31]},
        {"type": "coc_defence", "choice": "none"},
        {"type": "coc_attack_damage"},
        {"type": "coc_next_turn"},
        {"type": "coc_attack", "name": "教団員A", "target": "ミナ", "skill": "こぶし", "dice": [42]},
        {"type": "coc_defence", "choice": "none"},  # her last point cannot pay a dodge (2 AP)
        {"type": "coc_attack_damage"},
        {"type": "coc_next_turn"},
        {"type": "coc_attack", "name": "教団員B", "target": "ケン", "skill": "こぶし", "dice": [27]},
    ]
    return commands


def arm_mina(state: Any) -> Any:
    """The command that gives ミナ her weapons (日本刀, 投げナイフ, こぶし) on her sheet."""
    from engine.coc6.commands import CocSetSheet
    from engine.coc6.sheet import CocSheet, set_weapons

    mina = next(c for c in state.characters.values() if c.name == "ミナ")
    assert isinstance(mina.sheet, CocSheet)
    return CocSetSheet(character=mina.id, sheet=set_weapons(mina.sheet, WEAPONS))


def build(outdir: Path, lang: str = "ja") -> tuple[Path, ...]:
    from app.bridge import SessionBridge
    from app.dialogs.prompts import Prompts
    from app.mainwindow import MainWindow, dock_panel
    from app.rulesets.coc6.tracker import TrackerPanel
    from app.sessions import SessionController, unique_path
    from engine.hexbattle.commands import OpenBattle
    from engine.hexbattle.maps import shipped_maps
    from engine.rulesets import registry
    from engine.store import RecentFiles, SessionFile, default_folder
    from engine.table.cast import ShowCharacter
    from engine.table.commands import NewSession

    translations = _japanese_ready_app(lang)
    path = unique_path(default_folder(), "coc-combat")
    session_file = SessionFile.create(path, NewSession(ruleset="coc6-b", seed=SEED))
    bridge = SessionBridge(session_file.session, lang=lang)
    first, second = list(shipped_maps())[:2]
    for data in combat_commands()[: 2 * len(PARTY)]:
        if not bridge.dispatch(registry.parse_command(data)):
            raise SystemExit(f"screenshot set-up refused: {data}")
    mina = next(c for c in bridge.state.characters.values() if c.name == "ミナ")
    if not bridge.dispatch(arm_mina(bridge.state)):
        raise SystemExit("screenshot set-up refused: ミナ's weapons")
    for character in bridge.state.ordered_characters():  # the players have met the cultists
        if not character.shown:
            bridge.dispatch(ShowCharacter(character=character.id, shown=True))
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
    window.pages.show_battle(True)
    _settle()
    window.battle_view.fit()
    _settle()
    outdir.mkdir(parents=True, exist_ok=True)
    battle = outdir / BATTLE_FILE
    window.grab().save(str(battle))
    tracker = outdir / TRACKER_FILE
    tracker_dock.grab().save(str(tracker))
    projector = window.show_player_view(fullscreen=False)
    projector.resize(*PROJECTOR_SIZE)
    projector.show_battle(True)
    _settle()
    players = outdir / PROJECTOR_FILE
    projector.grab().save(str(players))
    projector.close()
    window.characters.select(mina.id)
    window.characters.edit_sheet()  # the sheet window, beside the table (not modal)
    sheet_window = window.characters.sheet_windows[mina.id]
    sheet_window.move(window.x() + 20, window.y() + 60)  # over the map: the tracker dock stays in sight
    skills = getattr(sheet_window, "table", None)
    if skills is not None:  # the capped skills in view: 目星 85 → 80, 回避 62 → DEX×4 = 56
        row = next(r for r in range(skills.rowCount()) if skills.item(r, 0).text() == "回避")
        skills.scrollToItem(skills.item(row, 0), skills.ScrollHint.PositionAtTop)
    _settle()
    sheet = outdir / SHEET_FILE
    sheet_window.grab().save(str(sheet))
    keeper = outdir / KEEPER_FILE
    screen = window.screen()
    screen.grabWindow(0, window.x(), window.y(), window.frameGeometry().width(),
                      window.frameGeometry().height()).save(str(keeper))  # fmt: skip
    sheet_window.hide()
    window.close()
    return tracker, battle, sheet, keeper, players


def main(argv: list[str] | None = None) -> int:
    return run_builders("app.screenshots_coc", (build,), argv)


if __name__ == "__main__":
    sys.exit(main())
