"""Call of Cthulhu 6th edition under house rules A (``coc6-a``) and B (``coc6-b``).

A pure domain library: frozen pydantic models and functions of the form
``f(state_or_sheet, ..., dice) -> (new_state_or_sheet, facts)``.  Nothing here
dispatches commands or touches the session; the ruleset registry wraps these
functions as commands, so each one refuses bad input with an ``EngineError``
before it changes anything.

Modules: ``sheet`` (CocSheet, edits), ``skills`` (SKL-A-1 list as data),
``checks`` (CHK-A-1/2, CHK-B-0…8), ``pool`` and ``house_a`` (CHK-A-3/4),
``decisions`` (what a check waits for from the GM),
``growth`` (GRW-A-*), ``madness`` and ``sanity`` (MAD-A-*), ``state`` (the
slice), ``tracker`` (order, rounds, HP-B-1), ``combat_a`` (CBT-A-*),
``combat_b`` (CBT-B-*), ``conditions`` (CND-B-*), ``hp`` (HP-B-1),
``student`` (STU-B-1), ``weapons`` (SKL-B-1), ``player_view``, and
``importers`` (キャラクター保管所, CCFOLIA, yobigoe JSON).

The session side: ``commands`` (a package, one module per area), ``events``
(sheets and the other rules facts), ``check_events`` and ``pool_events``
(typed events of checks, rulings and the pool), ``ruleset`` (registration).
"""
