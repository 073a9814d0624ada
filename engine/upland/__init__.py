"""The Upland exploration cycle (RULES.md §3, seed 000): character sheets,
skill sets, rule tables, the cycle's procedure state, its commands and events,
and the query API of the phase stepper.

The ruleset plugs into the core through one declaration,
:data:`engine.upland.ruleset.UPLAND`; its state lives in ``State.slices["upland"]``
(:mod:`engine.upland.slice`).  This file imports nothing, so importing one
module of the package loads only what that module needs.
"""
