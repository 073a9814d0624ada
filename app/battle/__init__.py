"""The hex battle board's GUI: the scene, its drags and menus, the
set-up actions, the map editor.  Rules stay in :mod:`engine.hexbattle`; every
change here is one command sent through the bridge.
"""
