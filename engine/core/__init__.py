"""The core that knows no ruleset: the state, the session, the command and event
bases, what changed, and the model bases a ruleset fills in.

Nothing here imports a ruleset (an import-linter contract and
``tests/engine/test_layers.py`` check it); a ruleset reaches the core through
:mod:`engine.rulesets.registry`.
"""
