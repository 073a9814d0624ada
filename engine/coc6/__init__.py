"""Call of Cthulhu 6th edition under house rules A (``coc6-a``) and B (``coc6-b``).

A pure domain library: frozen pydantic models and functions of the form
``f(state_or_sheet, ..., dice) -> (new_state_or_sheet, facts)``.  Nothing here
dispatches commands or touches the session; the ruleset registry wraps these
functions as commands, so each one refuses bad input with an ``EngineError``
before it changes anything.
"""
