"""yobigoe's PySide6 GUI: windows, scenes, items and panels over the engine.

The GUI never changes state itself: every gesture becomes an engine command
dispatched through :class:`app.bridge.SessionBridge`.
"""
