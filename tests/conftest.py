"""Test-wide settings: Qt runs offscreen unless a test asks for Xvfb."""

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
