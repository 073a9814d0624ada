"""``yobigoe --self-test``: prove a build works before a GM relies on it.

CI runs it on the built bundle, not the source tree, so it checks what a
bundle can get wrong: the Qt platform plugin loads, the translations and a
Japanese font are found, the engine's data files (locale catalogues, rule
tables) are inside, the demo session can be written and opened, and the board
paints.  Sessions go to a temporary folder so a real GM's files are never
touched.  Exit status 0 with ``self-test: ok``, else 1 and the failed checks.
"""

from __future__ import annotations

import os
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path


def run_self_test() -> int:
    with tempfile.TemporaryDirectory(prefix="yobigoe-selftest-") as tmp:
        os.environ["YOBIGOE_DATA_DIR"] = str(Path(tmp) / "data")
        os.environ["YOBIGOE_CONFIG_DIR"] = str(Path(tmp) / "config")
        return _checks()


def _checks() -> int:
    from PySide6.QtCore import QCoreApplication
    from PySide6.QtGui import QColor, QFont, QFontMetrics, QImage, QPainter
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance() or QApplication([sys.argv[0]])
    failures: list[str] = []

    def check(name: str, test: Callable[[], str]) -> None:
        try:
            detail = test()
        except Exception as exc:  # a self-test reports every failure, whatever it is
            failures.append(f"{name}: {type(exc).__name__}: {exc}")
            print(f"self-test: FAIL {name}: {exc}", flush=True)
        else:
            print(f"self-test: ok   {name}: {detail}", flush=True)

    def translations() -> str:
        from app.i18n import Translations

        tr = Translations(app)
        tr.install("ja")
        if not tr.installed_files:
            raise RuntimeError("no Japanese catalogue could be loaded")
        text = QCoreApplication.translate("MainWindow", "&File")
        if text == "&File":
            raise RuntimeError("the Japanese catalogue does not translate the File menu")
        return f"{len(tr.installed_files)} catalogues, File menu = {text!r}"

    def font() -> str:
        from app.fonts import ensure_japanese_font, register_bundled_fonts
        from app.resources import assets_dir

        shipped = (
            sorted(p.name for p in (assets_dir() / "fonts").glob("*")) if (assets_dir() / "fonts").is_dir() else []
        )
        if shipped and register_bundled_fonts() != len(shipped):
            raise RuntimeError(f"a bundled font failed to load: {shipped}")
        family = ensure_japanese_font(app)  # type: ignore[arg-type]
        if family is None:
            raise RuntimeError("no font with Japanese glyphs")
        metrics = QFontMetrics(QFont(family))
        if not all(metrics.inFontUcs4(ord(ch)) for ch in "山札呼び声"):
            raise RuntimeError(f"{family} lacks kanji/kana glyphs")
        return f"{family} (bundled: {', '.join(shipped) or 'none'})"

    def engine_data() -> str:
        from engine.dice.bcdice import evaluate
        from engine.dice.rng import DiceSource, DiceState
        from engine.errors import EngineError
        from engine.rulesets.builtin import load
        from engine.rulesets.registry import default_options

        load()

        line = evaluate("CCB<=50", "coc6-a", default_options("coc6-a"), DiceSource(DiceState(), [5])).render("ja")
        if line != "(1D100<=50) ＞ 5 ＞ 決定的成功/スペシャル":
            raise RuntimeError(f"dice bot line is {line!r}")
        if "カード" not in EngineError("Unknown card code '{code}' (examples: AS, 10H, QD, JK1).", code="X").text("ja"):
            raise RuntimeError("the engine's Japanese messages are missing")
        return line

    def board() -> str:
        from app.bridge import SessionBridge
        from app.demo import create_demo
        from app.mainwindow import MainWindow
        from app.sessions import SessionController
        from engine.store import SessionFile

        session_file, path = create_demo()
        session_file.close()
        reopened = SessionFile.open(path)
        bridge = SessionBridge(reopened.session, lang="ja")
        sessions = SessionController(bridge)
        sessions.adopt(reopened, path)
        window = MainWindow(bridge, sessions)
        window.resize(1280, 800)
        window.show()
        app.processEvents()
        scene = window.board_scene
        rect = scene.itemsBoundingRect()
        image = QImage(800, 600, QImage.Format.Format_ARGB32)
        image.fill(QColor("white"))
        painter = QPainter(image)
        scene.render(painter, image.rect().toRectF(), rect)
        painter.end()
        colours = {image.pixel(x, y) for x in range(0, 800, 23) for y in range(0, 600, 19)}
        cards = len(reopened.session.state.squares)
        window.close()
        sessions.close()
        if len(colours) < 4:
            raise RuntimeError("the board painted nothing")
        return f"demo session reopened, {cards} squares with cards, {len(colours)} colours painted"

    check("translations", translations)
    check("japanese font", font)
    check("engine data", engine_data)
    check("board", board)
    if failures:
        print(f"self-test: FAILED ({len(failures)} of 4 checks)", flush=True)
        return 1
    print("self-test: ok", flush=True)
    return 0
