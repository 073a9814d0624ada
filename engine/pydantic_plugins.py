"""yobigoe loads no pydantic plugins, and says so before pydantic looks for them.

When pydantic builds its first validator it asks ``pydantic.plugin._loader``
for the installed plugins.  That module imports ``importlib.metadata`` (with
the ``email`` package it parses metadata with) and scans the entry points of
every installed distribution: about 20 ms on a GM's machine, paid before the
first board of every start can paint, for plugins this program never uses
(its bundle ships none; a plugin found in a developer's environment would
only observe validation).

:func:`skip_plugin_discovery` puts a loader in its place that answers "none"
(as pydantic's own ``PYDANTIC_DISABLE_PLUGINS=__all__`` does, which still pays
the import).  It only adds a module nobody imported yet: when the real loader
is already loaded, it is left alone.  The test suite builds every model
through this loader, so a pydantic release that asked the loader for more
than ``get_plugins`` would fail there, not at a GM's table.
"""

from __future__ import annotations

import sys
from collections.abc import Iterable
from types import ModuleType

#: The module pydantic imports its plugin discovery from.
LOADER = "pydantic.plugin._loader"


def no_plugins() -> Iterable[object]:
    """pydantic's ``get_plugins``: there are none."""
    return ()


def skip_plugin_discovery() -> None:
    """Stand in for pydantic's plugin loader unless it is already imported."""
    if LOADER in sys.modules:
        return
    loader = ModuleType(LOADER, __doc__)
    loader.get_plugins = no_plugins  # type: ignore[attr-defined]
    sys.modules[LOADER] = loader


__all__ = ["LOADER", "no_plugins", "skip_plugin_discovery"]
