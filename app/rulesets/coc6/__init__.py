"""The GUI of the Call of Cthulhu 6e rulesets (house rules A and B): their parts
(``parts``), the investigator sheet, the modifier pool, the combat tracker and
the keeper's dialogs.  Loaded only for a CoC session (the registry in
``app.rulesets`` imports ``parts``)."""
