"""Test-wide settings: Qt runs offscreen unless a test asks for Xvfb."""

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")


import pytest  # noqa: E402


@pytest.fixture
def toy_ruleset():  # type: ignore[no-untyped-def]
    """The toy ruleset of ``tests/toy_ruleset.py``, registered for one test only."""
    from engine.rulesets.registry import registered
    from tests.toy_ruleset import TOY

    with registered(TOY) as ruleset:
        yield ruleset
