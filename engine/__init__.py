"""yobigoe's rules engine: pure Python and pydantic, never Qt.

The GUI (``app``) and the command line both drive it through
:class:`engine.session.Session`; nothing else changes the state.
"""

from engine.pydantic_plugins import skip_plugin_discovery

__version__ = "0.1.0"

skip_plugin_discovery()
