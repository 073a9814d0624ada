"""yobigoe's rules engine: pure Python and pydantic, never Qt.

The GUI (``app``) and the command line both drive it through
:class:`engine.session.Session`; nothing else changes the state.
"""

__version__ = "0.1.0"
