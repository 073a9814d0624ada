"""The names of the encounter's set-up steps (ENC-2 … ENC-8), apart from the
set-up itself: the phase stepper lets the GM run them at any step, and the
stepper loads with the Upland's first paint, before the battle board's models
(which :mod:`engine.upland.encounter_setup` imports) are needed.
"""

from __future__ import annotations

#: ENC-2 … ENC-8: the battle's set-up, one command type per step in the order the GM
#: runs them (the battle board opened, then the Upland's steps on it).
SETUP_STEPS: tuple[str, ...] = (
    "open_battle",
    "lay_out_zones",
    "place_marching_order",
    "battle_drift",
    "roll_appearance",
    "place_enemies",
    "apply_sr_delays",
)

__all__ = ["SETUP_STEPS"]
