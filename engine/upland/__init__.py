"""The Upland exploration cycle (RULES.md §3, seed 000): character sheets,
skill sets, rule tables, the cycle's procedure state, its commands and events,
and the query API of the phase stepper.

This package must stay importable from ``engine.state`` (which holds the sheet
and the procedure state), so this file imports nothing.
"""
