"""The Upland's GUI: its parts (``parts``), the phase stepper and its step forms
(``stepper``, ``forms``), the Upland sheet editor (``sheet``).  Loaded only for a
session of the Upland (the registry in ``app.rulesets`` imports ``parts``)."""
