"""At the table: ``--self-test`` names the system library the Qt
platform plugin lacks, with the apt line that brings it, instead of Qt's
abort; the README lists that apt line next to the run-from-source command."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import pytest

from app import selftest
from app.selftest import APT_LINE, debian_package, missing_platform_libraries, parse_ldd, xcb_plugin

ROOT = Path(__file__).resolve().parents[2]


def test_a_plugin_whose_libraries_are_missing_is_named(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("QT_QPA_PLATFORM", "xcb")
    plugin = xcb_plugin()
    if not sys.platform.startswith("linux"):
        assert plugin is None  # no xcb outside Linux: nothing to check
        return
    assert plugin is not None
    assert missing_platform_libraries(plugin) == []  # this machine has what Qt needs
    # Away from Qt's own folder the plugin cannot find Qt's xcb library: named, as a GM's system would be.
    stray = tmp_path / "platforms" / plugin.name
    stray.parent.mkdir()
    shutil.copy(plugin, stray)
    assert any(lib.startswith("libQt6XcbQpa.so") for lib in missing_platform_libraries(stray))


def test_self_test_names_the_missing_library_and_the_apt_line(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(selftest, "missing_platform_libraries", lambda: ["libxcb-cursor.so.0", "libxcb-icccm.so.4"])
    assert selftest.run_self_test() == 1
    out = capsys.readouterr().out
    assert "missing: libxcb-cursor.so.0, libxcb-icccm.so.4" in out
    assert "sudo apt install libxcb-cursor0 libxcb-icccm4" in out


def test_ldd_output_and_package_names() -> None:
    output = (
        "\tlinux-vdso.so.1 (0x00007ffd)\n"
        "\tlibxcb-cursor.so.0 => not found\n"
        "\tlibxkbcommon-x11.so.0 => not found\n"
        "\tlibc.so.6 => /lib/x86_64-linux-gnu/libc.so.6 (0x00007f)\n"
    )
    assert parse_ldd(output) == ["libxcb-cursor.so.0", "libxkbcommon-x11.so.0"]
    assert [debian_package(lib) for lib in parse_ldd(output)] == ["libxcb-cursor0", "libxkbcommon-x11-0"]
    assert debian_package("libEGL.so.1") == "libegl1"


def test_the_readme_lists_the_apt_line_for_a_fresh_linux_desktop() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert APT_LINE in readme
    assert readme.index(APT_LINE) < readme.index("## Test it")
