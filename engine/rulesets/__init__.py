"""Rulesets plug in here: :mod:`.base` says what a ruleset declares,
:mod:`.registry` keeps the registered ones and builds the command, event,
options, slice and sheet unions from them, :mod:`.builtin` registers the
rulesets that ship with yobigoe."""
