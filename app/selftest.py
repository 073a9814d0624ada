"""``yobigoe --self-test``: prove a build works before a GM relies on it.

CI runs it on the built bundle, not the source tree, so it checks what a
bundle can get wrong: the Qt platform plugin loads, the translations and a
Japanese font are found, the engine's data files (locale catalogues, rule
tables) are inside, the demo session can be written and opened, and the board
paints.  Sessions go to a temporary folder so a real GM's files are never
touched.  Exit status 0 with ``self-test: ok``, else 1 and the failed checks.

First of all, on Linux, it checks that Qt's xcb platform plugin can load: on a
fresh desktop it cannot until a few xcb libraries are installed, and Qt then
aborts with a message that names none of them; the self-test names them and
the ``apt install`` line that brings them.
"""

from __future__ import annotations

import ctypes
import os
import re
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

#: What to install on Debian/Ubuntu when Qt's xcb platform plugin cannot load (README too).
APT_LINE = (
    "sudo apt install libxcb-cursor0 libxcb-icccm4 libxcb-keysyms1 libxcb-image0 "
    "libxcb-render-util0 libxcb-xkb1 libxkbcommon-x11-0 libegl1"
)


def debian_package(library: str) -> str:
    """The Debian/Ubuntu package that usually ships ``library``:
    ``libxcb-cursor.so.0`` → ``libxcb-cursor0``, ``libxkbcommon-x11.so.0`` → ``libxkbcommon-x11-0``."""
    stem, _, version = library.partition(".so")
    number = version.lstrip(".").split(".")[0]
    joiner = "-" if stem[-1:].isdigit() else ""
    return f"{stem}{joiner}{number}".lower()


def parse_ldd(output: str) -> list[str]:
    """The libraries ``ldd`` reports as ``not found``."""
    return [line.split("=>")[0].strip() for line in output.splitlines() if "not found" in line]


def xcb_plugin() -> Path | None:
    """Qt's xcb platform plugin, when this run would use it (Linux, X11)."""
    if not sys.platform.startswith("linux"):
        return None
    platform = os.environ.get("QT_QPA_PLATFORM", "")
    if platform and not platform.startswith("xcb"):
        return None
    from PySide6.QtCore import QLibraryInfo

    plugin = Path(QLibraryInfo.path(QLibraryInfo.LibraryPath.PluginsPath)) / "platforms" / "libqxcb.so"
    return plugin if plugin.exists() else None


def missing_platform_libraries(plugin: Path | None = None) -> list[str]:
    """The system libraries Qt's xcb plugin needs and cannot find.  Qt itself
    aborts the process with a vague message when the plugin does not load, so
    this is checked before any QApplication exists."""
    plugin = plugin if plugin is not None else xcb_plugin()
    if plugin is None:
        return []
    ldd = shutil.which("ldd")
    if ldd is not None:
        done = subprocess.run([ldd, str(plugin)], capture_output=True, text=True, timeout=30, check=False)
        return parse_ldd(done.stdout)
    try:
        ctypes.CDLL(str(plugin))
    except OSError as exc:  # "libxcb-cursor.so.0: cannot open shared object file"
        found = re.search(r"(lib[\w.+-]+\.so[.\d]*)", str(exc))
        return [found.group(1) if found else str(exc)]
    return []


def platform_report(missing: list[str]) -> str:
    packages = " ".join(sorted({debian_package(lib) for lib in missing}))
    return (
        f"self-test: FAIL qt platform: the Qt xcb platform plugin cannot load; missing: {', '.join(missing)}\n"
        f"self-test:      on Debian/Ubuntu: sudo apt install {packages}\n"
        f"self-test:      (all Qt needs: {APT_LINE})"
    )


def run_self_test() -> int:
    missing = missing_platform_libraries()
    if missing:
        print(platform_report(missing), flush=True)
        return 1
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

        fonts = assets_dir() / "fonts"
        shipped = sorted(p.name for p in fonts.glob("*")) if fonts.is_dir() else []
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

    def players_devices() -> str:
        from http.client import HTTPConnection
        from urllib.parse import urlsplit

        from app.demo import create_demo
        from app.dialogs.players_service import qr_pixmap
        from engine.serve.seat_data import Table
        from engine.serve.service import PlayersService

        session_file, _ = create_demo()
        service = PlayersService()
        service.publish(Table(session_file.session.state, session_file.session.rolls.records()))
        session_file.close()
        service.start("127.0.0.1", 0)
        try:
            url = service.seats("ja")[1].url
            sizes = []
            for name in ("", "app.js", "style.css", "view.json"):
                connection = HTTPConnection("127.0.0.1", service.address()[1], timeout=10)
                connection.request("GET", urlsplit(url).path + name)
                answer = connection.getresponse()
                if answer.status != 200:
                    raise RuntimeError(f"{name or 'the page'} answered {answer.status}")
                sizes.append(len(answer.read()))
                connection.close()
        finally:
            service.stop()
        if qr_pixmap(url).isNull():
            raise RuntimeError("no QR code could be drawn")
        return f"a seat's page, script, style and view served on the loopback ({sum(sizes)} bytes), QR code drawn"

    check("translations", translations)
    check("japanese font", font)
    check("engine data", engine_data)
    check("board", board)
    check("players' devices", players_devices)
    if failures:
        print(f"self-test: FAILED ({len(failures)} of 5 checks)", flush=True)
        return 1
    print("self-test: ok", flush=True)
    return 0
