"""Any Python exception raised during a GUI test fails that test: a slot connected
to a signal, a slot called by a widget's own signal, a timer, an exception
Python could only report as ignored.  Each case runs as a test of its own in a
separate pytest run (pytester) that must fail."""

from __future__ import annotations

from pathlib import Path

import pytest

#: The suite's own conftest: the runs below use the same rules as every test.
CONFTEST = Path(__file__).resolve().parents[1] / "conftest.py"

CASES = {
    "python_emit": """
from PySide6.QtCore import QObject, Signal

class Source(QObject):
    fired = Signal()

def test_it(qapp):
    source = Source()
    source.fired.connect(lambda: 1 / 0)
    source.fired.emit()
""",
    "widget_signal": """
from PySide6.QtWidgets import QPushButton

def test_it(qtbot):
    button = QPushButton()
    qtbot.addWidget(button)
    button.clicked.connect(lambda: [][1])
    button.click()
""",
    "timer": """
from PySide6.QtCore import QTimer

def test_it(qtbot):
    QTimer.singleShot(0, lambda: {}["missing"])
    qtbot.wait(20)
""",
    "ignored": """
class Late:
    def __del__(self):
        raise RuntimeError("Internal C++ object (QLabel) already deleted.")

def test_it():
    Late()
""",
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_an_exception_in_the_gui_fails_the_test(pytester: pytest.Pytester, case: str) -> None:
    pytester.makeconftest(CONFTEST.read_text(encoding="utf-8"))
    pytester.makeini("[pytest]\nqt_api = pyside6\n")
    pytester.makepyfile(**{f"test_{case}": CASES[case]})
    result = pytester.runpytest_subprocess("-p", "no:cacheprovider")
    result.assert_outcomes(failed=1)


def test_a_test_may_not_switch_the_capture_off(pytester: pytest.Pytester) -> None:
    pytester.makeconftest(CONFTEST.read_text(encoding="utf-8"))
    pytester.makeini("[pytest]\nqt_api = pyside6\n")
    pytester.makepyfile(test_off="import pytest\n\n@pytest.mark.qt_no_exception_capture\ndef test_it():\n    pass\n")
    result = pytester.runpytest_subprocess("-p", "no:cacheprovider")
    assert result.ret != 0 and "qt_no_exception_capture" in result.stdout.str() + result.stderr.str()
