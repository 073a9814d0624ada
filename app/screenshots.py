"""Screenshots of the GM window and the players' window: a mid-game board in a
1280×720 GM window (the board fitted, as a laptop at the table shows it), and
an Upland investigation phase in progress (declarations made, targets lit, the
phase stepper showing them) whose players' window shows the cycle banner and
the public rolls (a secret one made too, and absent).

Run under a display (for a headless machine: ``Xvfb :99 -screen 0 1920x1080x24 &``
then ``DISPLAY=:99 python -m app.screenshots docs``).  Sessions are written to a
temporary folder, never to the user's own.
"""

from __future__ import annotations

import os
import sys
import tempfile
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from app.i18n import Translations
    from app.mainwindow import MainWindow

GM_FILE = "screenshot-gm.png"
PROJECTOR_FILE = "screenshot-projector.png"
INVESTIGATION_GM_FILE = "screenshot-investigation-gm.png"
INVESTIGATION_SEED = 31
#: The GM window of the README: a laptop-sized window, where the board must still fit.
GM_SIZE = (1280, 720)
PROJECTOR_SIZE = (1600, 900)


def table_rolls() -> list[object]:
    """Rolls the players see in the feed (with who rolled), and one secret roll they never see."""
    from engine.table.commands import Roll

    return [
        Roll(command="1D100<=55 視力", by="c1", dice=[23]),
        Roll(command="S1D100<=60", by="c2", dice=[88]),
        Roll(command="1D100<=70 歌唱", by="c3", dice=[4]),
        Roll(command="RES(14-10)", by="c2", dice=[41]),
    ]


def mid_game_commands() -> list[object]:
    """On top of the demo: open and face-down cards, a tapped card (``tap:`` a
    square's top card, known only once dealt), markers, the party a step in,
    more cards in hands, and a few rolls (one secret)."""
    from engine.table.commands import DealCard, DrawCards, Roll
    from engine.upland.table_commands import MoveParty, PlaceMarker

    return [
        DealCard(square="C3", face_up=True),
        DealCard(square="B3"),
        DealCard(square="D3", face_up=True),
        DealCard(square="A4", face_up=True),
        DealCard(square="E4"),
        DealCard(square="C2"),
        DealCard(square="D5", face_up=True),
        "tap:D3",
        MoveParty(square="C4"),
        PlaceMarker(character="c1", square="B3"),
        PlaceMarker(character="c2", square="D3"),
        PlaceMarker(character="c4", square="C3"),
        DrawCards(character="c2", count=1),
        DrawCards(character="c4", count=2),
        Roll(command="1D100<=60 目星", by="c1", dice=[23]),
        Roll(command="1D100<=55 聞き耳", by="c2", dice=[4]),
        Roll(command="2D6"),
        Roll(command="S1D100<=45", dice=[71]),
    ]


def investigation_commands() -> list[object]:
    """After NewSession: four explorers with sheets, the party on C4 with closed
    and blank squares around it, the bone hidden on B4, cycle 1 started and three
    of four actions declared (INV-1) — the fourth still to come.  Strings are
    placeholders resolved against the shuffled deck in :func:`build_investigation`."""
    from engine.table.commands import AddCharacter, DealCard, DrawCards, ShuffleDeck
    from engine.upland.bone import SetBone
    from engine.upland.commands import DeclareAction, SetSheet, StartExploration
    from engine.upland.sheet import Skill, UplandSheet
    from engine.upland.table_commands import MoveParty

    party = (
        (
            "アイリン",
            "#d64541",
            UplandSheet(
                STR=13,
                CON=14,
                POW=12,
                skills={"視力": Skill(value=55), "聞き耳": Skill(value=40), "歌唱": Skill(value=35)},
                death_rite=35,
                spirit_pressure=6,
                food=4,
                moving_weight=10,
                fatigue_thirds=5,
                spell_bonuses=("第二の目",),
            ),
        ),
        (
            "ロイ",
            "#3a7bd5",
            UplandSheet(
                STR=15,
                CON=15,
                POW=14,
                skills={"捜索": Skill(value=50), "演奏": Skill(value=60)},
                death_rite=40,
                spirit_pressure=4,
                food=4,
                moving_weight=20,
                fatigue_thirds=3,
                immune_to_despair=True,
            ),
        ),
        (
            "ミナ",
            "#2e9e5b",
            UplandSheet(
                STR=10,
                CON=11,
                POW=16,
                skills={"歌唱": Skill(value=70), "聞き耳": Skill(value=45)},
                death_rite=60,
                spirit_pressure=9,
                food=4,
                moving_weight=8,
                call=3,
                fatigue_thirds=2,
            ),
        ),
        (
            "ケイ",
            "#e0a526",
            UplandSheet(
                STR=12,
                CON=12,
                POW=11,
                skills={"視力": Skill(value=45), "追跡": Skill(value=50, no_checks=True)},
                death_rite=25,
                spirit_pressure=3,
                food=2,
                moving_weight=12,
                call=8,
                fatigue_thirds=7,
            ),
        ),
    )
    commands: list[object] = [ShuffleDeck()]
    for order, (name, color, _sheet) in enumerate(party, start=1):
        commands.append(AddCharacter(name=name, order=order, color=color))
    commands += [
        SetBone(square="B4"),
        MoveParty(square="C4"),
        DealCard(square="C5", face_up=True),
        DealCard(square="D4"),
        DealCard(square="E2"),
        DealCard(square="A2", face_up=True),
        DealCard(square="D2"),
        DrawCards(character="c1", count=1),
        DrawCards(character="c3", count=2),
        "heart:c4",
    ]
    commands += [SetSheet(character=f"c{i}", sheet=sheet) for i, (_n, _c, sheet) in enumerate(party, start=1)]
    commands += [
        StartExploration(),
        DeclareAction(character="c1", action="scout", target="C3"),
        DeclareAction(character="c2", action="resonance", target="B3", skill="演奏"),
        "vision:c4:E2",
    ]
    return commands


def _settle(ms: int = 400) -> None:
    from PySide6.QtCore import QCoreApplication, QEventLoop, QTimer

    loop = QEventLoop()
    QTimer.singleShot(ms, loop.quit)
    loop.exec()
    QCoreApplication.processEvents()


def _japanese_ready_app(lang: str) -> Translations:
    """The QApplication with a Japanese-capable font and ``lang`` installed."""
    from PySide6.QtWidgets import QApplication

    from app.fonts import ensure_japanese_font
    from app.i18n import Translations

    existing = QApplication.instance()
    app = existing if isinstance(existing, QApplication) else QApplication([sys.argv[0]])
    ensure_japanese_font(app)
    translations = Translations(app)
    translations.install(lang)
    return translations


def build_investigation(outdir: Path, lang: str = "ja") -> tuple[Path, Path]:
    """The investigation phase in progress, GM window and projector."""

    from app.bridge import SessionBridge
    from app.dialogs.prompts import Prompts
    from app.mainwindow import MainWindow
    from app.sessions import SessionController, unique_path
    from engine.core.commands import CommandBase
    from engine.store import RecentFiles, SessionFile, default_folder
    from engine.table.cards import Suit, parse_card
    from engine.table.commands import MoveCard, NewSession
    from engine.table.places import hand
    from engine.upland.commands import DeclareAction

    translations = _japanese_ready_app(lang)

    path = unique_path(default_folder(), "investigation")
    session_file = SessionFile.create(path, NewSession(ruleset="upland", seed=INVESTIGATION_SEED))
    bridge = SessionBridge(session_file.session, lang=lang)
    for item in investigation_commands():
        command: object = item
        if item == "heart:c4":  # a heart for the vision (INV-4), wherever the shuffle put it
            heart = next(c for c in bridge.state.deck if parse_card(c).suit is Suit.HEARTS)
            command = MoveCard(card=heart, to=hand("c4"))
        elif item == "vision:c4:E2":
            heart = next(c for c in bridge.state.hands["c4"] if parse_card(c).suit is Suit.HEARTS)
            command = DeclareAction(character="c4", action="vision", target="E2", card=heart)
        assert isinstance(command, CommandBase)
        if not bridge.dispatch(command):
            raise SystemExit(f"screenshot set-up refused: {command}")
    for roll in table_rolls():
        if not bridge.dispatch(roll):  # type: ignore[arg-type]
            raise SystemExit(f"screenshot set-up refused: {roll}")
    sessions = SessionController(bridge, RecentFiles())
    sessions.adopt(session_file, path)
    window = MainWindow(bridge, sessions, translations=translations, prompts=Prompts())
    window.resize(1600, 1000)
    window.show()
    window.characters.select("c3")
    _settle()
    window.board_view.fit()
    _settle()
    return grab_with_projector(window, outdir / INVESTIGATION_GM_FILE, outdir / PROJECTOR_FILE, PROJECTOR_SIZE)


def grab_with_projector(window: MainWindow, gm: Path, projector_png: Path, size: tuple[int, int]) -> tuple[Path, Path]:
    """The GM window as it stands, then the players' window opened beside it at ``size``;
    both windows are closed afterwards."""
    gm.parent.mkdir(parents=True, exist_ok=True)
    window.grab().save(str(gm))
    projector = window.show_player_view(fullscreen=False)
    projector.resize(*size)
    _settle(600)
    projector.grab().save(str(projector_png))
    projector.close()
    window.close()
    return gm, projector_png


def build(outdir: Path, lang: str = "ja") -> tuple[Path, ...]:
    from PySide6.QtCore import QCoreApplication, QEventLoop, QTimer

    from app.bridge import SessionBridge
    from app.demo import create_demo
    from app.dialogs.prompts import Prompts
    from app.mainwindow import MainWindow
    from app.sessions import SessionController
    from engine.store import RecentFiles
    from engine.table.commands import TapCard

    translations = _japanese_ready_app(lang)

    session_file, path = create_demo()
    bridge = SessionBridge(session_file.session, lang=lang)
    for command in mid_game_commands():
        if command == "tap:D3":
            command = TapCard(card=bridge.state.squares["D3"][0])
        if not bridge.dispatch(command):  # type: ignore[arg-type]
            raise SystemExit(f"screenshot set-up refused: {command}")
    sessions = SessionController(bridge, RecentFiles())
    sessions.adopt(session_file, path)
    window = MainWindow(bridge, sessions, translations=translations, prompts=Prompts())
    window.resize(*GM_SIZE)
    window.show()
    window.characters.select("c2")

    def settle(ms: int = 400) -> None:
        loop = QEventLoop()
        QTimer.singleShot(ms, loop.quit)
        loop.exec()
        QCoreApplication.processEvents()

    settle()
    # No fit() here: the board fits a new window by itself (what the GM sees at start).
    outdir.mkdir(parents=True, exist_ok=True)
    gm = outdir / GM_FILE
    window.grab().save(str(gm))
    window.close()
    return (gm,)


def run_builders(module: str, builders: Sequence[Callable[[Path], Sequence[Path]]], argv: list[str] | None) -> int:
    """``python -m MODULE OUTDIR``: every builder writes its pictures into OUTDIR (their paths
    printed), with the program's data and config folders in a scratch folder, not the GM's."""
    args = list(sys.argv[1:] if argv is None else argv)
    if len(args) != 1:
        print(f"usage: python -m {module} OUTDIR", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory(prefix="yobigoe-shots-") as scratch:
        os.environ["YOBIGOE_DATA_DIR"] = str(Path(scratch) / "data")
        os.environ["YOBIGOE_CONFIG_DIR"] = str(Path(scratch) / "config")
        for builder in builders:
            for png in builder(Path(args[0])):
                print(png)
    return 0


def main(argv: list[str] | None = None) -> int:
    return run_builders("app.screenshots", (build, build_investigation), argv)


if __name__ == "__main__":
    sys.exit(main())
