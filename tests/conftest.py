"""Test-wide settings: Qt runs offscreen unless a test asks for Xvfb, and any
Python exception raised while a test runs fails it.

pytest-qt catches an exception raised inside Qt's event loop — a slot connected
to a signal, a virtual method such as ``paintEvent``, a timer — and fails the
test that was running (``qt_no_exception_capture`` stays off: no test may turn
it off).  An exception Python could only report as "ignored" (in ``__del__`` or
a finalizer, what PySide prints when a deleted widget is touched late) fails
the test too, instead of being a warning nobody reads."""

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")


import pytest  # noqa: E402

pytest_plugins = ["pytester"]


def pytest_configure(config: pytest.Config) -> None:
    if config.getini("qt_no_exception_capture"):
        raise pytest.UsageError("qt_no_exception_capture must stay off: a GUI exception fails its test.")
    config.addinivalue_line("filterwarnings", "error::pytest.PytestUnraisableExceptionWarning")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if item.get_closest_marker("qt_no_exception_capture") is not None:
            raise pytest.UsageError(f"{item.nodeid}: qt_no_exception_capture hides GUI exceptions; fix the exception.")


@pytest.fixture
def toy_ruleset():  # type: ignore[no-untyped-def]
    """The toy ruleset of ``tests/toy_ruleset.py``, registered for one test only."""
    from engine.rulesets.registry import registered
    from tests.toy_ruleset import TOY

    with registered(TOY) as ruleset:
        yield ruleset
