"""Headless Chromium for the players' pages: Debian's ``chromium`` driven by Playwright,
never a downloaded browser, never an address but the loopback.

Without the browser a test fails in CI (``CI`` set: ``.ci/run`` installs it) and is
skipped, with the reason, on a developer's machine that lacks it.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest

CHROMIUM = os.environ.get("YOBIGOE_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
#: A phone held in one hand (CSS pixels).
PHONE = {"width": 390, "height": 844}


def need_browser() -> None:
    missing = None
    if not os.path.exists(CHROMIUM):
        missing = f"no chromium at {CHROMIUM} (apt-get install chromium)"
    else:
        try:
            import playwright.sync_api  # noqa: F401
        except ImportError:
            missing = "playwright is not installed (pip install -e '.[test]')"
    if missing is not None:
        if os.environ.get("CI"):
            pytest.fail(missing)
        pytest.skip(missing)


@contextmanager
def phone(locale: str = "ja-JP") -> Iterator[Any]:
    """A browser context the size of a phone; yields a function that opens a new page."""
    need_browser()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as driver:
        browser = driver.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        try:
            context = browser.new_context(
                viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True, locale=locale
            )
            # the pages may reach the loopback only
            context.route(
                "**/*",
                lambda route: route.continue_() if route.request.url.startswith("http://127.0.0.1:") else route.abort(),
            )
            yield context
        finally:
            browser.close()
