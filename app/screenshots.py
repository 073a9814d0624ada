"""Screenshots of the GM window and the players' window at a mid-game board.

Run under a display (for a headless machine: ``Xvfb :99 &`` then
``DISPLAY=:99 python -m app.screenshots docs``).  Sessions are written to a
temporary folder, never to the user's own.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

GM_FILE = "screenshot-gm.png"
PROJECTOR_FILE = "screenshot-projector.png"


def mid_game_commands() -> list[object]:
    """On top of the demo: open and face-down cards, a tapped card (``tap:`` a
    square's top card, known only once dealt), markers, the party a step in,
    more cards in hands, and a few rolls (one secret)."""
    from engine.commands.board import DealCard, DrawCards, MoveParty, PlaceMarker, Roll

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


def build(outdir: Path, lang: str = "ja") -> tuple[Path, Path]:
    from PySide6.QtCore import QCoreApplication, QEventLoop, QTimer
    from PySide6.QtWidgets import QApplication

    from app.bridge import SessionBridge
    from app.demo import create_demo
    from app.dialogs.prompts import Prompts
    from app.fonts import ensure_japanese_font
    from app.i18n import Translations
    from app.mainwindow import MainWindow
    from app.sessions import SessionController
    from engine.commands.board import TapCard
    from engine.store import RecentFiles

    existing = QApplication.instance()
    app = existing if isinstance(existing, QApplication) else QApplication([sys.argv[0]])
    ensure_japanese_font(app)
    translations = Translations(app)
    translations.install(lang)

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
    window.resize(1600, 1000)
    window.show()
    window.characters.select("c2")

    def settle(ms: int = 400) -> None:
        loop = QEventLoop()
        QTimer.singleShot(ms, loop.quit)
        loop.exec()
        QCoreApplication.processEvents()

    settle()
    window.board_view.fit()
    settle()
    outdir.mkdir(parents=True, exist_ok=True)
    gm = outdir / GM_FILE
    window.grab().save(str(gm))

    projector = window.show_player_view()
    settle(600)
    projector_png = outdir / PROJECTOR_FILE
    projector.grab().save(str(projector_png))
    projector.close()
    window.close()
    return gm, projector_png


def main(argv: list[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if len(args) != 1:
        print("usage: python -m app.screenshots OUTDIR", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory(prefix="yobigoe-shots-") as scratch:
        os.environ["YOBIGOE_DATA_DIR"] = str(Path(scratch) / "data")
        os.environ["YOBIGOE_CONFIG_DIR"] = str(Path(scratch) / "config")
        for png in build(Path(args[0])):
            print(png)
    return 0


if __name__ == "__main__":
    sys.exit(main())
