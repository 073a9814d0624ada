"""The base of every CoC model: frozen and strict, like ``engine.state``.

Frozen models let undo keep earlier states for free; ``extra="forbid"`` makes a
misspelt field in a saved or imported document an error instead of a silent loss.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict


class CocModel(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
